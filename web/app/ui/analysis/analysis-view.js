// The analysis panel: draws the analysis controller's state (analysis-ctrl.js) and turns
// its buttons into the controller's actions. Made the first time the analysis is on; drawn
// in the page's one redraw.
import { SIDE_NAME } from '../../facts/facts.js';
import { goldChance, evalText, summary, THRESHOLDS } from '../../session/analysis/review.js';
import { graphSvg, plyAt } from './eval-graph.js';
import { overOnBoard } from '../../session/analysis/analysis-ctrl.js';
import { $, el, esc, lineNumber } from '../../util/dom.js';
import { count } from '../../util/plural.js';

const POINTS = { one: 'point', other: 'points' }; // of win chance

function panelHtml(maxLines) {
  const opts = Array.from({ length: maxLines }, (_, i) => `<option value="${i + 1}">${i + 1}</option>`).join(
    '',
  );
  return `<header class="card-head">
      <h2>Analysis</h2>
      <span class="card-head-note" id="an-state"></span>
      <button type="button" class="btn btn-icon btn-ghost btn-small" data-an="close" title="Close the analysis (A)" aria-label="Close the analysis">
        <svg class="ico" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18"/></svg>
      </button>
    </header>
    <div class="an-top">
      <div class="eval-score" id="an-score">—</div>
      <div class="an-tools">
        <label class="an-lines-n" title="How many of the engine's best lines">Lines <select id="an-multipv">${opts}</select></label>
        <button type="button" class="btn btn-mini an-threat" id="an-threat" aria-pressed="false" title="Show what the opponent threatens: its best move if it were its turn (X)">Threat</button>
        <button type="button" class="btn btn-mini" data-an="review" id="an-review-start" title="The engine looks at every move of the game and marks the inaccuracies, mistakes and blunders">Review</button>
      </div>
    </div>
    <div class="evalbar an-bar" aria-hidden="true"><div class="evalbar-fill" id="an-bar-fill"></div><div class="evalbar-mid"></div></div>
    <div class="an-review" id="an-review" hidden>
      <div class="an-progress" id="an-progress" hidden>
        <span>Reviewing</span>
        <div class="an-progress-bar"><div class="an-progress-fill" id="an-progress-fill"></div></div>
        <span id="an-progress-text"></span>
        <button type="button" class="btn btn-mini" data-an="stopreview">Stop</button>
      </div>
      <div class="eval-graph" id="an-graph" hidden></div>
      <div class="an-comment" id="an-comment" hidden></div>
    </div>
    <ol class="an-lines" id="an-lines" aria-live="off"></ol>
    <div class="an-preview" id="an-preview" hidden>
      <span id="an-preview-text"></span>
      <button type="button" class="btn btn-icon btn-ghost btn-small" data-an="prev" aria-label="Previous move of the line"><svg class="ico" viewBox="0 0 24 24" aria-hidden="true"><path d="m15 6-6 6 6 6"/></svg></button>
      <button type="button" class="btn btn-icon btn-ghost btn-small" data-an="next" aria-label="Next move of the line"><svg class="ico" viewBox="0 0 24 24" aria-hidden="true"><path d="m9 6 6 6-6 6"/></svg></button>
      <button type="button" class="btn btn-mini" data-an="endpreview">Back</button>
    </div>
    <div class="an-summary" id="an-summary" hidden></div>`;
}

// an: the analysis controller; ctl: the Controller; maxLines: the most lines offered.
export function createAnalysisView(an, ctl, { maxLines }) {
  let card = null;

  function ensureCard() {
    if (card) return card;
    card = el(
      'section',
      { className: 'card card-analysis', id: 'analysis-card', 'aria-label': 'Analysis', hidden: true },
      panelHtml(maxLines),
    );
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
      `<li class="an-line"><button type="button" class="an-eval" data-line="${k}" title="${an.state.threat ? 'Preview the threat' : 'Play or preview this line'}">${esc(evalText(ev))}</button>` +
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
    if (an.reviewRunning()) state = 'reviewing…';
    else if (overOnBoard(snap.status)) state = 'game over';
    else if (info) state = `depth ${info.depth}${st.searching ? '' : ' · done'}`;
    else if (st.searching) state = 'thinking…';
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
    score.title = "Evaluation from Gold's side (positive: Gold is better)";
    fill.style.width = `${(100 * (ev ? goldChance(ev) : 0.5)).toFixed(1)}%`;
    // lines
    const box = $('an-lines');
    let html = '';
    if (an.reviewRunning()) html = '<li class="an-empty">The engine is reviewing the game…</li>';
    else if (overOnBoard(snap.status))
      html = `<li class="an-empty">The game is over: ${esc(snap.status.reason)}.</li>`;
    else if (st.error) html = `<li class="an-empty">${esc(st.error)}</li>`;
    else if (!info) html = '<li class="an-empty">Thinking…</li>';
    else {
      const side = info.side;
      if (st.threat) html += `<li class="an-note">If ${SIDE_NAME[side]} were to move:</li>`;
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
        st.preview.idx || st.preview.threat ? `Line: ${an.previewMoves()}` : 'Line: start';
    renderReview();
  }

  function renderReview() {
    const rs = an.review.state,
      fits = an.reviewInLine();
    const running = rs.status === 'running';
    $('an-review-start').disabled = running || !ctl.model.length;
    $('an-review-start').textContent =
      an.reviewFits() && (rs.status === 'done' || rs.status === 'stopped') ? 'Review again' : 'Review';
    $('an-progress').hidden = !running;
    $('an-review').hidden = !(running || (fits && rs.entries.length) || rs.status === 'failed');
    if (running) {
      $('an-progress-fill').style.width = `${((100 * rs.done) / Math.max(1, rs.total)).toFixed(1)}%`;
      $('an-progress-text').textContent = `${rs.done} / ${rs.total}`;
      $('an-progress').title = `${rs.done} of ${rs.total} positions reviewed`;
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
        label: "Evaluation graph: Gold's chance to win after each move; click to go to a move",
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
        `<tr><th scope="row"><i class="chip chip-${side}"></i>${SIDE_NAME[side]}</th>` +
        kinds.map((t) => `<td class="an-k-${t.kind}">${s[side][t.kind]}</td>`).join('') +
        '</tr>';
      sumBox.innerHTML =
        `<table><thead><tr><th></th>${kinds.map((t) => `<th scope="col" class="an-k-${t.kind}" title="${t.name}: the move loses ${Math.round(t.loss * 100)} or more points of win chance">${t.plural}</th>`).join('')}</tr></thead>` +
        `<tbody>${row('gold')}${row('scarlet')}</tbody></table>` +
        (rs.status === 'stopped'
          ? `<p class="an-partial">Review stopped after ${rs.entries.length} of ${rs.total} positions.</p>`
          : '') +
        (ctl.model.length > rs.moves.length
          ? `<p class="an-partial">The review covers the first ${rs.moves.length} of the game's ${ctl.model.length} plies: Review for all of them.</p>`
          : ctl.model.length < rs.moves.length
            ? `<p class="an-partial">The review covers ${rs.moves.length} plies, ${rs.moves.length - ctl.model.length} of them taken back since.</p>`
            : '');
    }
    const comment = $('an-comment');
    const j = an.judgementAt(ctl.viewPly);
    comment.hidden = !j && rs.status !== 'failed';
    if (!j && rs.status === 'failed') {
      comment.className = 'an-comment';
      comment.textContent = `The review could not finish: ${rs.error}.`;
    } else if (j) {
      const played = ctl.model.plies[j.ply - 1];
      const loss = Math.floor(j.loss * 100); // floor: a mistake never reads as the blunder threshold
      comment.className = 'an-comment' + (j.kind ? ` an-k-${j.kind}` : '');
      comment.innerHTML = j.kind
        ? `<b>${esc(played.label || '')} ${esc(played.algebraic)}${esc(j.glyph)}</b> ${esc(j.name)}: ${SIDE_NAME[j.side]} loses ${count(loss, POINTS)} of win chance. Better was <b>${esc(j.bestAlgebraic)}</b> (blue arrow).`
        : `<b>${esc(played.label || '')} ${esc(played.algebraic)}</b> ${j.best === j.played ? "The engine's choice too." : `A good move (${count(loss, POINTS)} lost at most).`}`;
    }
  }

  return { render };
}
