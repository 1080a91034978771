// Analysis mode: the engine's view of the position on show, on any position or finished
// game. Its own engine worker (an EngineClient, so that a computer opponent keeps its
// own), an infinite MultiPV analysis of the position on view: an evaluation bar, the best
// lines (click one: play its first move when it is yours to play, else preview the line on
// the boards), the best moves as arrows (green), or the opponent's threat (what it would
// play if it were its turn: red arrows). And the post-game review (review.js): every
// position searched in the worker with a progress bar, the evaluation graph (click: go to
// that ply), the judged moves marked in the move list with the better move (blue arrow).
//
// The page asks: boardConfig(base) (the board state with the arrows or the preview),
// marks() (the move list's judgements), render(); the panel is made here. No rule is
// decided here: positions, lines and judgements come from the engine and core.
import { EngineClient } from '../../engine/engine-client.js';
import { parseSquare } from '../rules/squares.js';
import { moveArrow } from '../rules/moves.js';
import { SIDE_NAME, other } from '../rules/facts.js';
import { createReview, goldChance, evalText, summary, THRESHOLDS } from './review.js';
import { graphSvg, plyAt } from './eval-graph.js';
import { $, esc, lineNumber } from '../util/dom.js';
const startFenOf = (model) => (model.startFen === 'startpos' ? '' : model.startFen);
// Over by the rules of the board (a resignation or an agreed draw leaves a position to analyse).
const overOnBoard = (status) => status.over && status.state !== 'resignation' && status.state !== 'draw-agreed';

export const MAX_LINES = 5;
// The lines' arrows, best first: green for the engine's moves, red for a threat.
const LINE_COLORS = { best: ['#15781ee0', '#15781e90', '#15781e60', '#15781e48', '#15781e38'],
  threat: ['#c8281ee0', '#c8281e90', '#c8281e60', '#c8281e48', '#c8281e38'] };
const BETTER_COLOR = '#1e64c8e0';

function panelHtml() {
  const opts = [1, 2, 3, 4, 5].map((n) => `<option value="${n}">${n}</option>`).join('');
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

// ctl: the Controller; page: {render(), toast(text), prefs: {load(), save(patch)}}
export function createAnalysis(ctl, page) {
  const st = {
    on: false, multipv: 3, threat: false,
    held: new Set(),  // why the analysis is held off the worker: 'learn' (Learn or Puzzles has the board), 'hidden' (the tab)
    info: null, infoKey: null, error: null, searching: false,
    preview: null,  // {ply, fen, moves (the game's, to ply), line: [coordinate], alg: [algebraic], idx}
  };
  const prefs = page.prefs ? page.prefs.load() : {};
  if (Number.isInteger(prefs.lines) && prefs.lines >= 1 && prefs.lines <= MAX_LINES) st.multipv = prefs.lines;
  let engine = null;
  let card = null;
  let analysedKey = null;
  const review = createReview({
    review: (...a) => eng().review(...a), stop: (...a) => eng().stop(...a),
  }, { onChange: () => { page.render(); if (!reviewRunning()) schedule(); } });
  const reviewRunning = () => review.state.status === 'running';

  function eng() {
    if (!engine) engine = new EngineClient({ onRestart: (r) => console.warn('dragonchess: analysis engine restarted:', r) });
    return engine;
  }

  // --- the position analysed ------------------------------------------------------------
  // The game's start and its moves up to the ply on view (plus a previewed line).
  function position() {
    const m = ctl.model, k = ctl.viewPly;
    return { fen: startFenOf(m), moves: m.coordinates().slice(0, k) };
  }
  const keyOf = (p) => `${p.fen}|${p.moves.join(' ')}|${st.multipv}|${st.threat}`;

  // (Re)starts the analysis when the position on view or the options changed.
  function schedule() {
    if (!st.on || reviewRunning() || st.held.size) return;
    const p = position(), key = keyOf(p);
    if (key === analysedKey) return;
    analysedKey = key;
    st.info = null;
    st.error = null;
    const snap = ctl.model.snap(ctl.viewPly);
    if (overOnBoard(snap.status)) {
      st.searching = false;
      eng().stop({ discard: true }).catch(() => {});
      return;
    }
    st.searching = true;
    const side = st.threat ? other(snap.side) : snap.side;
    eng().analyse(p, {
      multipv: st.multipv, threat: st.threat,
      onInfo: (info) => {
        if (analysedKey !== key) return;
        st.info = { ...info, side, key };
        page.render();
      },
    }).then(() => {
      if (analysedKey === key) { st.searching = false; page.render(); }
    }, (e) => {
      if (analysedKey !== key) return;
      st.searching = false;
      st.error = e.code === 'in-check' ? `No threat to show: ${e.message.split(':')[0]}.` : `The engine could not analyse this position: ${e.message}`;
      page.render();
    });
  }

  function setOn(on) {
    if (on === st.on) return;
    st.on = on;
    st.preview = null;
    document.body.classList.toggle('analysing', on);
    document.querySelectorAll('[data-act="analyse"]').forEach((b) => b.setAttribute('aria-pressed', String(on)));
    ensureCard().hidden = !on;
    if (on) {
      schedule();
    } else {
      analysedKey = null;
      st.info = null;
      if (engine && !reviewRunning()) engine.stop({ discard: true }).catch(() => {});
    }
    page.render();
  }

  // Holds the infinite analysis off the worker while nobody can see it (Learn or Puzzles
  // has the board, the tab is hidden): no hidden CPU use. It comes back, on the same
  // position, once nothing holds it. A running review goes on (a finite job, asked for).
  function hold(reason, on) {
    const was = st.held.size > 0;
    if (on) st.held.add(reason); else st.held.delete(reason);
    const now = st.held.size > 0;
    if (now === was || !st.on) return;
    if (now) {
      analysedKey = null;
      st.searching = false;
      if (engine && !reviewRunning()) engine.stop({ discard: true }).catch(() => {});
    } else {
      schedule();
    }
    page.render();
  }
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => hold('hidden', document.visibilityState === 'hidden'));
  }

  // --- lines and previews ---------------------------------------------------------------
  function lines() {
    if (!st.on || !st.info || st.info.key !== keyOf(position())) return [];
    return st.info.lines || [];
  }

  // A click on a line (k) or on one of its moves (i): play its first move when the person
  // here may play it in the live position, else preview the line up to that move.
  function chooseLine(k, i = 0) {
    const l = lines()[k];
    if (!l) return;
    if (!st.threat && i === 0 && ctl.isLive() && !ctl.cannotMove()) {
      const err = ctl.play(l.move);
      if (err) page.toast('That move could not be played: ' + err);
      return;
    }
    const p = position();
    st.preview = { ply: ctl.viewPly, fen: p.fen, moves: p.moves, line: l.pvCoordinate, alg: l.pv, idx: i + 1, threat: st.threat };
    page.render();
    sayPreview();
  }
  function stepPreview(d) {
    const pv = st.preview;
    if (!pv) return;
    pv.idx = Math.max(0, Math.min(pv.line.length, pv.idx + d));
    page.render();
    sayPreview();
  }
  function endPreview() {
    if (!st.preview) return;
    st.preview = null;
    page.render();
    if (page.announce) page.announce('Back to the game. ' + ctl.statusLine().text);
  }

  // The moves of the preview on the boards, with core's move numbers: "2. R3c5 2… Rx3a2".
  function previewMoves(pv) {
    const first = pv.ply + (pv.threat ? 1 : 0);  // a threat: as if the side to move passed
    return pv.alg.slice(0, Math.max(pv.threat ? 1 : 0, pv.idx)).map((mv, i) => {
      const label = ctl.model.label(first + i);
      return i === 0 || label.endsWith('.') ? `${label} ${mv}` : mv;
    }).join(' ');
  }
  // The status line while a line is previewed: the boards are not the game's position.
  function previewLine() {
    const pv = st.preview;
    if (!pv || pv.ply !== ctl.viewPly) return null;
    const side = pv.threat ? other(ctl.shown().side) : (pv.idx % 2 ? other(ctl.shown().side) : ctl.shown().side);
    return {
      text: pv.threat ? 'Previewing the threat' : "Previewing the engine's line",
      sub: pv.threat ? `If ${SIDE_NAME[other(ctl.shown().side)]} were to move: ${previewMoves(pv)}` : pv.idx ? `After ${previewMoves(pv)} (not played)` : 'The position on view, before the line',
      subKind: 'note', side, kind: 'browsing', action: { label: 'Back to the game', act: 'endpreview' },
    };
  }
  function sayPreview() {
    const l = previewLine();
    if (l && page.announce) page.announce(`${l.text}: ${l.sub}. Escape returns to the game.`);
  }

  // The board state while previewing: the position after the line's first idx moves.
  function previewConfig(base) {
    const pv = st.preview;
    // A threat line starts with the other side to move: played from the position after a
    // pass, which the rules engine has no move for: shown as arrows only.
    if (pv.threat) return { ...base, arrows: threatArrows(pv) };
    const g = new ctl.model.M.Game(pv.fen, [...pv.moves, ...pv.line.slice(0, pv.idx)]);
    try {
      const last = g.lastMove(), check = g.checkedKing();
      const next = pv.line[pv.idx];
      return {
        ...base, pieces: g.board(), dests: null, selected: null,
        lastMove: last ? [parseSquare(last.from), parseSquare(last.to)] : null,
        check: check ? parseSquare(check) : null, frozen: g.frozen().map(parseSquare),
        arrows: next ? [moveArrow(next, LINE_COLORS.best[0])] : [],
      };
    } finally {
      g.delete();
    }
  }
  function threatArrows(pv) {
    return pv.line.slice(0, Math.max(1, pv.idx)).map((m, i) => moveArrow(m, i % 2 ? LINE_COLORS.best[1] : LINE_COLORS.threat[0]));
  }

  // --- the review -----------------------------------------------------------------------
  const gameKey = () => ctl.recordKey();
  const reviewFits = () => review.state.key === gameKey();
  // The plies of the game on the page the review speaks for: those it shares with the game
  // reviewed (the same start, the same moves). Playing on after a review, or taking moves
  // back, keeps the judgements of the moves both share. -1: no review of this game.
  function reviewedPlies() {
    const rs = review.state;
    if (!rs.key || rs.fen !== startFenOf(ctl.model)) return -1;
    const moves = ctl.model.coordinates();
    let k = 0;
    while (k < moves.length && k < rs.moves.length && moves[k] === rs.moves[k]) k++;
    return k;
  }
  // The whole review is of this game's line: one of the two games continues the other.
  const reviewInLine = () => reviewedPlies() === Math.min(review.state.moves.length, ctl.model.length);
  function startReview() {
    if (!ctl.model.length) { page.toast('There is no move to review yet.'); return; }
    if (!st.on) setOn(true);
    analysedKey = null;
    st.info = null;
    st.preview = null;
    review.start({ fen: startFenOf(ctl.model), moves: ctl.model.coordinates(), key: gameKey() });
  }
  function judgementAt(ply) {
    if (ply > reviewedPlies()) return null;
    return review.state.judgements.find((j) => j.ply === ply) || null;
  }

  // The move list's marks: Map(ply -> {kind, glyph, name, better}) of the judged moves.
  function marks() {
    const out = new Map();
    const k = reviewedPlies();
    for (const j of review.state.judgements) {
      if (j.kind && j.ply <= k) out.set(j.ply, { kind: j.kind, glyph: j.glyph, name: j.name, better: j.bestAlgebraic });
    }
    return out;
  }

  // --- the board ------------------------------------------------------------------------
  function boardConfig(base) {
    if (st.preview) {
      if (st.preview.ply !== ctl.viewPly) st.preview = null;
      else return previewConfig(base);
    }
    const arrows = [...(base.arrows || [])];
    if (st.on) {
      const colors = st.threat ? LINE_COLORS.threat : LINE_COLORS.best;
      lines().slice(0, 3).reverse().forEach((l, i, a) => {
        arrows.push(moveArrow(l.move, colors[a.length - 1 - i]));
      });
    }
    const j = judgementAt(ctl.viewPly);
    if (j && j.kind && j.best) arrows.push(moveArrow(j.best, BETTER_COLOR));
    return arrows.length === (base.arrows || []).length ? base : { ...base, arrows };
  }

  // --- the panel ------------------------------------------------------------------------
  function ensureCard() {
    if (card) return card;
    card = document.createElement('section');
    card.className = 'card card-analysis';
    card.id = 'analysis-card';
    card.setAttribute('aria-label', 'Analysis');
    card.hidden = true;
    card.innerHTML = panelHtml();
    const engineCard = $('engine-card');
    engineCard.after(card);
    const sel = card.querySelector('#an-multipv');
    sel.value = String(st.multipv);
    sel.addEventListener('change', () => {
      st.multipv = Number(sel.value);
      if (page.prefs) page.prefs.save({ lines: st.multipv });
      schedule();
      page.render();
    });
    card.addEventListener('click', (e) => {
      const b = e.target.closest('[data-an]');
      if (b && !b.disabled) {
        const act = b.dataset.an;
        if (act === 'close') setOn(false);
        else if (act === 'review') startReview();
        else if (act === 'stopreview') review.stop();
        else if (act === 'prev') stepPreview(-1);
        else if (act === 'next') stepPreview(1);
        else if (act === 'endpreview') endPreview();
        return;
      }
      const mv = e.target.closest('[data-line]');
      if (mv) chooseLine(Number(mv.dataset.line), Number(mv.dataset.i || 0));
    });
    card.querySelector('#an-threat').addEventListener('click', () => toggleThreat());
    const graph = card.querySelector('#an-graph');
    graph.addEventListener('click', (e) => {
      const svg = graph.querySelector('svg');
      if (!svg) return;
      const r = svg.getBoundingClientRect();
      ctl.goTo(plyAt(e.clientX - r.left, review.state.moves.length, r.width));
    });
    return card;
  }

  function toggleThreat() {
    st.threat = !st.threat;
    st.preview = null;
    schedule();
    page.render();
  }

  // ply: the plies before the line's first move (core numbers the moves: ctl.model.label)
  function lineHtml(l, k, side, ply) {
    const ev = { side, score: l.score, mate: l.mate };
    const parts = l.pv.slice(0, 12).map((mv, i) =>
      `${lineNumber(ctl.model.label(ply + i), i)}<button type="button" class="an-mv" data-line="${k}" data-i="${i}">${esc(mv)}</button>`);
    return `<li class="an-line"><button type="button" class="an-eval" data-line="${k}" title="${st.threat ? 'Preview the threat' : 'Play or preview this line'}">${esc(evalText(ev))}</button>` +
      `<span class="an-pv">${parts.join(' ')}</span></li>`;
  }

  function render() {
    if (!card || !st.on) return;
    const snap = ctl.model.snap(ctl.viewPly);
    const info = st.info && st.info.key === keyOf(position()) ? st.info : null;
    const rs = review.state;
    // head: what the engine does
    let state = '';
    if (reviewRunning()) state = 'reviewing…';
    else if (overOnBoard(snap.status)) state = 'game over';
    else if (info) state = `depth ${info.depth}${st.searching ? '' : ' · done'}`;
    else if (st.searching) state = 'thinking…';
    $('an-state').textContent = state;
    card.querySelector('#an-multipv').value = String(st.multipv);
    const tb = card.querySelector('#an-threat');
    tb.setAttribute('aria-pressed', String(st.threat));
    tb.classList.toggle('is-on', st.threat);
    // evaluation
    const score = $('an-score'), fill = $('an-bar-fill');
    let ev = null;
    if (overOnBoard(snap.status)) ev = { over: snap.status };
    else if (info && !st.threat) ev = { side: snap.side, score: info.score, mate: info.mate };
    else if (rs.entries[ctl.viewPly] && ctl.viewPly <= reviewedPlies()) ev = rs.entries[ctl.viewPly];
    score.textContent = ev ? evalText(ev) : '—';
    score.classList.toggle('is-empty', !ev);
    score.title = 'Evaluation from Gold\'s side (positive: Gold is better)';
    fill.style.width = `${(100 * (ev ? goldChance(ev) : 0.5)).toFixed(1)}%`;
    // lines
    const box = $('an-lines');
    let html = '';
    if (reviewRunning()) html = '<li class="an-empty">The engine is reviewing the game…</li>';
    else if (overOnBoard(snap.status)) html = `<li class="an-empty">The game is over: ${esc(snap.status.reason)}.</li>`;
    else if (st.error) html = `<li class="an-empty">${esc(st.error)}</li>`;
    else if (!info) html = '<li class="an-empty">Thinking…</li>';
    else {
      const side = info.side;
      if (st.threat) html += `<li class="an-note">If ${SIDE_NAME[side]} were to move:</li>`;
      // a threat is the other side's move as if this one passed: numbered one ply on
      const ply = ctl.viewPly + (st.threat ? 1 : 0);
      html += (info.lines || []).map((l, k) => lineHtml(l, k, side, ply)).join('');
    }
    if (box.dataset.html !== html) { box.innerHTML = html; box.dataset.html = html; }
    // preview
    const pvBox = $('an-preview');
    pvBox.hidden = !st.preview;
    if (st.preview) {
      const pv = st.preview;
      $('an-preview-text').textContent = pv.idx || pv.threat ? `Line: ${previewMoves(pv)}` : 'Line: start';
    }
    renderReview(snap);
  }

  function renderReview() {
    const rs = review.state, fits = reviewInLine();
    const running = rs.status === 'running';
    $('an-review-start').disabled = running || !ctl.model.length;
    $('an-review-start').textContent = reviewFits() && (rs.status === 'done' || rs.status === 'stopped') ? 'Review again' : 'Review';
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
      rs.entries.forEach((e, k) => { if (e) chances[k] = goldChance(e); });
      const width = Math.max(120, Math.floor(graph.clientWidth || card.clientWidth - 28 || 280));
      const marksList = rs.judgements.filter((j) => j.kind).map((j) => ({ ply: j.ply, kind: j.kind }));
      const svg = graphSvg({ chances, marks: marksList, current: ctl.viewPly, width, height: 72,
        label: 'Evaluation graph: Gold\'s chance to win after each move; click to go to a move' });
      if (graph.dataset.svg !== svg) { graph.innerHTML = svg; graph.dataset.svg = svg; }
    }
    const sumBox = $('an-summary');
    sumBox.hidden = !(fits && rs.judgements.length && !running);
    if (!sumBox.hidden) {
      const s = summary(rs.judgements);
      const row = (side) => `<tr><th scope="row"><i class="chip chip-${side}"></i>${SIDE_NAME[side]}</th>` +
        THRESHOLDS.slice().reverse().map((t) => `<td class="an-k-${t.kind}">${s[side][t.kind]}</td>`).join('') + '</tr>';
      sumBox.innerHTML = `<table><thead><tr><th></th>${THRESHOLDS.slice().reverse().map((t) => `<th scope="col" class="an-k-${t.kind}" title="${t.name}: the move loses ${Math.round(t.loss * 100)} or more points of win chance">${t.plural}</th>`).join('')}</tr></thead>` +
        `<tbody>${row('gold')}${row('scarlet')}</tbody></table>` +
        (rs.status === 'stopped' ? `<p class="an-partial">Review stopped after ${rs.entries.length} of ${rs.total} positions.</p>` : '') +
        (ctl.model.length > rs.moves.length ? `<p class="an-partial">The review covers the first ${rs.moves.length} of the game's ${ctl.model.length} plies: Review for all of them.</p>`
          : ctl.model.length < rs.moves.length ? `<p class="an-partial">The review covers ${rs.moves.length} plies, ${rs.moves.length - ctl.model.length} of them taken back since.</p>` : '');
    }
    const comment = $('an-comment');
    const j = judgementAt(ctl.viewPly);
    comment.hidden = !j;
    if (j) {
      const played = ctl.model.plies[j.ply - 1];
      const loss = Math.floor(j.loss * 100);  // floor: a mistake never reads as the blunder threshold
      comment.className = 'an-comment' + (j.kind ? ` an-k-${j.kind}` : '');
      comment.innerHTML = j.kind
        ? `<b>${esc(played.label || '')} ${esc(played.algebraic)}${esc(j.glyph)}</b> ${esc(j.name)}: ${SIDE_NAME[j.side]} loses ${loss} points of win chance. Better was <b>${esc(j.bestAlgebraic)}</b> (blue arrow).`
        : `<b>${esc(played.label || '')} ${esc(played.algebraic)}</b> ${j.best === j.played ? 'The engine\'s choice too.' : `A good move (${loss} points lost at most).`}`;
    }
  }

  // Keys while analysing: X threat, A toggles the mode; Escape ends a preview.
  function onKey(e) {
    if (e.key === 'a' || e.key === 'A') { setOn(!st.on); return true; }
    if (!st.on) return false;
    if (e.key === 'x' || e.key === 'X') { toggleThreat(); return true; }
    if (st.preview && e.key === 'Escape') { endPreview(); return true; }
    if (st.preview && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) { stepPreview(e.key === 'ArrowLeft' ? -1 : 1); return true; }
    return false;
  }

  // The game or the ply on view changed: follow it.
  ctl.on('change', () => schedule());

  return {
    state: st, review, get on() { return st.on; },
    setOn, toggle: () => setOn(!st.on), hold, toggleThreat, previewLine, startReview, chooseLine, endPreview, stepPreview,
    boardConfig, marks, render, onKey, lines,
  };
}
