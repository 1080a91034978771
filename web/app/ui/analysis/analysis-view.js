// The analysis panel: draws the analysis controller's state (analysis-ctrl.js) and turns
// its buttons into the controller's actions. Made the first time the analysis is on; drawn
// in the page's one redraw.
import { sideTerm, endTerm } from '../../facts/terms.js';
import { goldChance, evalText, summary, THRESHOLDS } from '../../session/analysis/review.js';
import { graphSvg, plyAt } from './eval-graph.js';
import { overOnBoard } from '../../session/analysis/analysis-ctrl.js';
import { $, el, esc, lineNumber } from '../../util/dom.js';
import { translateDom } from '../../util/dom-words.js';
import { reason, browserReason } from '../../util/i18n.js';

/** @typedef {import('../../util/i18n.js').Translator} Translator */

// A message of `t` as HTML, each argument of `bold` (name -> text) in <b>: "Better was <b>…</b>".
const BOLD = /\uE000(\w+)\uE001/;
function withBold(/** @type {Translator} */ t, key, args, /** @type {Record<string, string>} */ bold) {
  const marks = Object.fromEntries(Object.keys(bold).map((k) => [k, `\uE000${k}\uE001`]));
  return t(key, { ...args, ...marks })
    .split(BOLD)
    .map((part, i) => (i % 2 ? `<b>${esc(bold[part])}</b>` : esc(part)))
    .join('');
}

// The panel's words are the catalogue's (data-i18n: said again on a change of language).
function panelHtml(maxLines) {
  const opts = Array.from({ length: maxLines }, (_, i) => `<option value="${i + 1}">${i + 1}</option>`).join(
    '',
  );
  return `<header class="card-head">
      <h2 data-i18n="analysis.title"></h2>
      <span class="card-head-note" id="an-state"></span>
      <button type="button" class="btn btn-icon btn-ghost btn-small" data-an="close" data-i18n-title="analysis.close.title" data-i18n-label="analysis.close">
        <svg class="ico" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18"/></svg>
      </button>
    </header>
    <div class="an-top">
      <div class="eval-score" id="an-score">—</div>
      <div class="an-tools">
        <label class="an-lines-n" data-i18n-title="analysis.lines.title" data-i18n="analysis.lines"><select id="an-multipv" data-i18n-arg="select">${opts}</select></label>
        <button type="button" class="btn btn-mini an-threat" id="an-threat" aria-pressed="false" data-i18n-title="analysis.threat.title" data-i18n="analysis.threat"></button>
        <button type="button" class="btn btn-mini" data-an="review" id="an-review-start" data-i18n-title="analysis.review.title"></button>
      </div>
    </div>
    <div class="evalbar an-bar" aria-hidden="true"><div class="evalbar-fill" id="an-bar-fill"></div><div class="evalbar-mid"></div></div>
    <div class="an-review" id="an-review" hidden>
      <div class="an-progress" id="an-progress" hidden>
        <span data-i18n="analysis.reviewing"></span>
        <div class="an-progress-bar"><div class="an-progress-fill" id="an-progress-fill"></div></div>
        <span id="an-progress-text"></span>
        <button type="button" class="btn btn-mini" data-an="stopreview" data-i18n="analysis.stop"></button>
      </div>
      <div class="eval-graph" id="an-graph" hidden></div>
      <div class="an-comment" id="an-comment" hidden></div>
    </div>
    <ol class="an-lines" id="an-lines" aria-live="off"></ol>
    <div class="an-preview" id="an-preview" hidden>
      <span id="an-preview-text"></span>
      <button type="button" class="btn btn-icon btn-ghost btn-small" data-an="prev" data-i18n-label="analysis.prev"><svg class="ico" viewBox="0 0 24 24" aria-hidden="true"><path d="m15 6-6 6 6 6"/></svg></button>
      <button type="button" class="btn btn-icon btn-ghost btn-small" data-an="next" data-i18n-label="analysis.next"><svg class="ico" viewBox="0 0 24 24" aria-hidden="true"><path d="m9 6 6 6-6 6"/></svg></button>
      <button type="button" class="btn btn-mini" data-an="endpreview" data-i18n="analysis.endPreview"></button>
    </div>
    <div class="an-summary" id="an-summary" hidden></div>`;
}

// an: the analysis controller; ctl: the Controller; maxLines: the most lines offered;
// t: the page's words (util/i18n.js).
/** @param {any} an @param {any} ctl @param {{maxLines: number, t: Translator}} options */
export function createAnalysisView(an, ctl, { maxLines, t }) {
  let card = null;

  function ensureCard() {
    if (card) return card;
    card = el(
      'section',
      {
        className: 'card card-analysis',
        id: 'analysis-card',
        'data-i18n-label': 'analysis.title',
        hidden: true,
      },
      panelHtml(maxLines),
    );
    translateDom(card, t);
    card.setAttribute('aria-label', t('analysis.title'));
    $('engine-card').after(card);
    const sel = card.querySelector('#an-multipv');
    sel.addEventListener('change', () => an.setLines(Number(sel.value)));
    card.addEventListener('click', (e) => {
      const b = e.target.closest('[data-an]');
      if (b && !b.disabled) {
        const act = {
          close: () => an.setOn(false),
          review: an.startReview,
          stopreview: an.review.stop,
          prev: () => an.stepPreview(-1),
          next: () => an.stepPreview(1),
          endpreview: () => an.endPreview(),
        }[b.dataset.an];
        if (act) act();
        return;
      }
      const mv = e.target.closest('[data-line]');
      if (mv) an.chooseLine(Number(mv.dataset.line), Number(mv.dataset.i || 0));
    });
    card.querySelector('#an-threat').addEventListener('click', () => an.toggleThreat());
    const graph = card.querySelector('#an-graph');
    graph.addEventListener('click', (e) => {
      const svg = graph.querySelector('svg');
      if (!svg) return;
      const r = svg.getBoundingClientRect();
      ctl.goTo(plyAt(e.clientX - r.left, an.review.state.moves.length, r.width));
    });
    return card;
  }

  // ply: the plies before the line's first move (core numbers the moves: ctl.model.label)
  function lineHtml(l, k, side, ply) {
    const ev = { side, score: l.score, mate: l.mate };
    const parts = l.pv
      .slice(0, 12)
      .map(
        (mv, i) =>
          `${lineNumber(ctl.model.label(ply + i), i)}<button type="button" class="an-mv" data-line="${k}" data-i="${i}">${esc(mv)}</button>`,
      );
    return (
      `<li class="an-line"><button type="button" class="an-eval" data-line="${k}" title="${esc(t(an.state.threat ? 'analysis.line.previewThreat' : 'analysis.line.play'))}">${esc(evalText(ev))}</button>` +
      `<span class="an-pv">${parts.join(' ')}</span></li>`
    );
  }

  function render() {
    const st = an.state;
    document.body.classList.toggle('analysing', st.on);
    document
      .querySelectorAll('[data-act="analyse"]')
      .forEach((b) => b.setAttribute('aria-pressed', String(st.on)));
    if (!st.on && !card) return;
    ensureCard().hidden = !st.on;
    if (!st.on) return;
    const snap = ctl.model.snap(ctl.viewPly);
    const info = an.current();
    const rs = an.review.state;
    // head: what the engine does
    let state = '';
    if (an.reviewRunning()) state = t('analysis.state.reviewing');
    else if (overOnBoard(snap.status)) state = t('analysis.state.over');
    else if (info)
      state = t(st.searching ? 'analysis.state.depth' : 'analysis.state.done', { depth: info.depth });
    else if (st.searching) state = t('analysis.state.thinking');
    $('an-state').textContent = state;
    card.querySelector('#an-multipv').value = String(st.multipv);
    const tb = card.querySelector('#an-threat');
    tb.setAttribute('aria-pressed', String(st.threat));
    tb.classList.toggle('is-on', st.threat);
    // evaluation
    const score = $('an-score'),
      fill = $('an-bar-fill');
    let ev = null;
    if (overOnBoard(snap.status)) ev = { over: snap.status };
    else if (info && !st.threat) ev = { side: snap.side, score: info.score, mate: info.mate };
    else if (rs.entries[ctl.viewPly] && ctl.viewPly <= an.reviewedPlies()) ev = rs.entries[ctl.viewPly];
    score.textContent = ev ? evalText(ev) : '—';
    score.classList.toggle('is-empty', !ev);
    score.title = t('analysis.eval.title');
    fill.style.width = `${(100 * (ev ? goldChance(ev) : 0.5)).toFixed(1)}%`;
    // lines
    const box = $('an-lines');
    let html = '';
    const empty = (/** @type {string} */ text) => `<li class="an-empty">${esc(text)}</li>`;
    if (an.reviewRunning()) html = empty(t('analysis.reviewingGame'));
    else if (overOnBoard(snap.status)) html = empty(t('analysis.over', { reason: endTerm(t, snap.status) }));
    else if (st.error) html = empty(reason(t, st.error));
    else if (!info) html = empty(t('analysis.thinking'));
    else {
      const side = info.side;
      if (st.threat)
        html += `<li class="an-note">${esc(t('analysis.threatFor', { side: sideTerm(t, side) }))}</li>`;
      // a threat is the other side's move as if this one passed: numbered one ply on
      const ply = ctl.viewPly + (st.threat ? 1 : 0);
      html += (info.lines || []).map((l, k) => lineHtml(l, k, side, ply)).join('');
    }
    if (box.dataset.html !== html) {
      box.innerHTML = html;
      box.dataset.html = html;
    }
    // preview
    const pvBox = $('an-preview');
    pvBox.hidden = !st.preview;
    if (st.preview)
      $('an-preview-text').textContent =
        st.preview.idx || st.preview.threat
          ? t('analysis.line', { moves: an.previewMoves() })
          : t('analysis.lineStart');
    renderReview();
  }

  function renderReview() {
    const rs = an.review.state,
      fits = an.reviewInLine();
    const running = rs.status === 'running';
    $('an-review-start').disabled = running || !ctl.model.length;
    $('an-review-start').textContent = t(
      an.reviewFits() && (rs.status === 'done' || rs.status === 'stopped')
        ? 'analysis.reviewAgain'
        : 'analysis.review',
    );
    $('an-progress').hidden = !running;
    $('an-review').hidden = !(running || (fits && rs.entries.length) || rs.status === 'failed');
    if (running) {
      $('an-progress-fill').style.width = `${((100 * rs.done) / Math.max(1, rs.total)).toFixed(1)}%`;
      $('an-progress-text').textContent = `${rs.done} / ${rs.total}`;
      $('an-progress').title = t('analysis.progress', { done: rs.done, total: rs.total });
    }
    const graph = $('an-graph');
    const show = fits && rs.entries.length > 0;
    graph.hidden = !show;
    if (show) {
      const chances = rs.moves.map(() => null);
      chances.push(null);
      rs.entries.forEach((e, k) => {
        if (e) chances[k] = goldChance(e);
      });
      const width = Math.max(120, Math.floor(graph.clientWidth || card.clientWidth - 28 || 280));
      const marksList = rs.judgements.filter((j) => j.kind).map((j) => ({ ply: j.ply, kind: j.kind }));
      const svg = graphSvg({
        chances,
        marks: marksList,
        current: ctl.viewPly,
        width,
        height: 72,
        label: t('analysis.graph'),
      });
      if (graph.dataset.svg !== svg) {
        graph.innerHTML = svg;
        graph.dataset.svg = svg;
      }
    }
    const sumBox = $('an-summary');
    sumBox.hidden = !(fits && rs.judgements.length && !running);
    if (!sumBox.hidden) {
      const s = summary(rs.judgements);
      const kinds = THRESHOLDS.slice().reverse();
      const row = (side) =>
        `<tr><th scope="row"><i class="chip chip-${side}"></i>${esc(sideTerm(t, side))}</th>` +
        kinds.map((k) => `<td class="an-k-${k.kind}">${s[side][k.kind]}</td>`).join('') +
        '</tr>';
      const head = (k) =>
        `<th scope="col" class="an-k-${k.kind}" title="${esc(t('analysis.kind.title', { name: t('analysis.kind', { kind: k.kind }), points: Math.round(k.loss * 100) }))}">${esc(t('analysis.kinds', { kind: k.kind }))}</th>`;
      const partial = (/** @type {string} */ text) => `<p class="an-partial">${esc(text)}</p>`;
      sumBox.innerHTML =
        `<table><thead><tr><th></th>${kinds.map(head).join('')}</tr></thead>` +
        `<tbody>${row('gold')}${row('scarlet')}</tbody></table>` +
        (rs.status === 'stopped'
          ? partial(t('analysis.stopped', { done: rs.entries.length, total: rs.total }))
          : '') +
        (ctl.model.length > rs.moves.length
          ? partial(
              t('analysis.covers.first', {
                reviewed: rs.moves.length,
                count: ctl.model.length,
                review: t('analysis.review'),
              }),
            )
          : ctl.model.length < rs.moves.length
            ? partial(
                t('analysis.covers.takenBack', {
                  count: rs.moves.length,
                  back: rs.moves.length - ctl.model.length,
                }),
              )
            : '');
    }
    const comment = $('an-comment');
    const j = an.judgementAt(ctl.viewPly);
    comment.hidden = !j && rs.status !== 'failed';
    if (!j && rs.status === 'failed') {
      comment.className = 'an-comment';
      comment.textContent = t('analysis.failed', { why: reason(t, browserReason(rs.error)) });
    } else if (j) {
      const played = ctl.model.plies[j.ply - 1];
      const loss = Math.floor(j.loss * 100); // floor: a mistake never reads as the blunder threshold
      comment.className = 'an-comment' + (j.kind ? ` an-k-${j.kind}` : '');
      comment.innerHTML = j.kind
        ? `<b>${esc(played.label || '')} ${esc(played.algebraic)}${esc(j.glyph)}</b> ` +
          withBold(
            t,
            'analysis.judged',
            { name: t('analysis.kind', { kind: j.kind }), side: sideTerm(t, j.side), count: loss },
            { better: j.bestAlgebraic },
          )
        : `<b>${esc(played.label || '')} ${esc(played.algebraic)}</b> ${esc(j.best === j.played ? t('analysis.engineChoice') : t('analysis.goodMove', { count: loss }))}`;
    }
  }

  return { render };
}
