// Analysis mode, its state and its changes (no DOM: analysis-view.js draws it): the
// engine's view of the position on show, on any position or finished game. Its own engine
// worker (an EngineClient, so that a computer opponent keeps its own), an infinite MultiPV
// analysis of the position on view: the evaluation, the best lines (choose one: play its
// first move when it is yours to play, else preview the line on the boards), the best moves
// as arrows (green), or the opponent's threat (what it would play if it were its turn: red
// arrows). And the post-game review (review.js): every position searched in the worker,
// the judged moves with the better move (blue arrow).
//
// While a line is previewed the preview (preview.js) owns the board; otherwise the page
// asks arrows() for the game's board and marks() for the move list. Every change asks the page for one redraw.
// No rule is decided here: positions, lines and judgements come from the engine and core.
import { EngineClient } from '../../../engine/engine-client.js';
import { moveArrow } from '../../facts/moves.js';
import { other } from '../../facts/facts.js';
import { START, OFF_BOARD } from '../game/model.js';
import { createReview } from './review.js';
import { createPreview, LINE_COLORS } from './preview.js';
import { sideRefusal } from '../../facts/terms.js';
import { refusal, settle } from '../../util/result.js';
import { reason, browserReason } from '../../util/i18n.js';

export const MAX_LINES = 5;
const BETTER_COLOR = '#1e64c8e0';

const startFenOf = (model) => (model.startFen === START ? '' : model.startFen);
/** Over by the rules of the board (a resignation, an agreed draw or a flag leaves a position to analyse). */
export const overOnBoard = (status) => status.over && !OFF_BOARD.includes(status.state);

// ctl: the Controller; page: {redraw(), take(owner), release(owner), toast(text), announce(text),
// prefs: {load(), save(patch)}, t (the page's words: util/i18n.js)}; createEngine(): the
// analysis engine (default: its own worker).
export function createAnalysisCtrl(ctl, page, { createEngine = () => new EngineClient() } = {}) {
  const st = {
    on: false,
    multipv: 3,
    threat: false,
    held: new Set(), // why the analysis is held off the worker: 'learn' (Learn or Puzzles has the board), 'hidden' (the tab)
    info: null,
    error: null, // why there is no analysis: a refusal (util/result.js), said by reason()
    searching: false,
    preview: null, // {ply, fen, moves (the game's, to ply), line: [coordinate], alg: [algebraic], idx, threat}
  };
  const prefs = page.prefs ? page.prefs.load() : {};
  if (Number.isInteger(prefs.lines) && prefs.lines >= 1 && prefs.lines <= MAX_LINES) st.multipv = prefs.lines;
  let engine = null;
  let analysedKey = null;
  const review = createReview(
    {
      review: (...a) => eng().review(...a),
      stop: (...a) => eng().stop(...a),
    },
    {
      onChange: () => {
        page.redraw();
        if (!reviewRunning()) schedule();
      },
    },
  );
  const reviewRunning = () => review.state.status === 'running';
  const preview = createPreview(ctl, page, st, { onKey: (e) => onKey(e) });
  const endPreview = preview.end,
    stepPreview = preview.step;

  function eng() {
    if (!engine) engine = createEngine();
    return engine;
  }
  // Stops the infinite analysis; its answer is not wanted (a superseded search resolves to
  // null), nor a failed stop's (a restarted worker has no search to stop).
  const stopEngine = () => {
    if (engine && !reviewRunning()) settle(engine.stop({ discard: true }));
  };

  // --- the position analysed ------------------------------------------------------------
  // The game's start and its moves up to the ply on view.
  function position() {
    return {
      fen: startFenOf(ctl.model),
      moves: ctl.model.coordinates().slice(0, ctl.viewPly),
      rules: ctl.model.rules,
    };
  }
  const keyOf = (p) => `${p.rules}|${p.fen}|${p.moves.join(' ')}|${st.multipv}|${st.threat}`;

  // (Re)starts the analysis when the position on view or the options changed.
  function schedule() {
    if (!st.on || reviewRunning() || st.held.size) return;
    const p = position(),
      key = keyOf(p);
    if (key === analysedKey) return;
    analysedKey = key;
    st.info = null;
    st.error = null;
    const snap = ctl.model.snap(ctl.viewPly);
    if (overOnBoard(snap.status)) {
      st.searching = false;
      settle(eng().stop({ discard: true }));
      return;
    }
    st.searching = true;
    const side = st.threat ? other(snap.side) : snap.side;
    settle(
      eng().analyse(p, {
        multipv: st.multipv,
        threat: st.threat,
        onInfo: (info) => {
          if (analysedKey !== key) return;
          st.info = { ...info, side, key };
          page.redraw();
        },
      }),
    ).then((r) => {
      if (analysedKey !== key) return;
      st.searching = false;
      // the panel says why there is no analysis (a refusal: no threat while the side to
      // move is in check, else the engine's failure)
      if (r.error)
        st.error =
          r.code === 'in-check'
            ? refusal('analysis.error.noThreat', { side: sideRefusal(snap.side) })
            : refusal('analysis.error.failed', { why: browserReason(r) });
      page.redraw();
    });
  }

  function setOn(on) {
    if (on === st.on) return;
    st.on = on;
    endPreview({ quiet: true });
    if (on) {
      // in a game between people, using the analysis is noted in the game for both
      if (ctl.useAssist('analysis')) page.toast(page.t('analysis.noted'));
      schedule();
    } else {
      analysedKey = null;
      st.info = null;
      stopEngine();
    }
    page.redraw();
  }

  // Holds the infinite analysis off the worker while nobody can see it (Learn or Puzzles
  // has the board, the tab is hidden): no hidden CPU use. It comes back, on the same
  // position, once nothing holds it. A running review goes on (a finite job, asked for).
  function hold(reason, on) {
    const was = st.held.size > 0;
    if (on) st.held.add(reason);
    else st.held.delete(reason);
    const now = st.held.size > 0;
    if (now === was || !st.on) return;
    if (now) {
      analysedKey = null;
      st.searching = false;
      stopEngine();
    } else {
      schedule();
    }
    page.redraw();
  }

  // --- lines and previews ---------------------------------------------------------------
  /** The analysis of the position on view: its info when it is of that position, else null. */
  const current = () => (st.on && st.info && st.info.key === keyOf(position()) ? st.info : null);
  const lines = () => (current() && current().lines) || [];

  // A click on a line (k) or on one of its moves (i): play its first move when the person
  // here may play it in the live position, else preview the line up to that move.
  function chooseLine(k, i = 0) {
    const l = lines()[k];
    if (!l) return;
    if (!st.threat && i === 0 && ctl.isLive() && !ctl.mayMove().error) {
      const r = ctl.play(l.move);
      if (r.error) page.toast(page.t('page.moveRefused', { why: reason(page.t, r) }));
      return;
    }
    preview.open({ ...position(), line: l.pvCoordinate, alg: l.pv, idx: i + 1, threat: st.threat });
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
    if (!ctl.model.length) {
      page.toast(page.t('analysis.noReview'));
      return;
    }
    if (!st.on) setOn(true);
    analysedKey = null;
    st.info = null;
    endPreview({ quiet: true });
    review.start({
      fen: startFenOf(ctl.model),
      moves: ctl.model.coordinates(),
      rules: ctl.model.rules,
      key: gameKey(),
    });
  }
  function judgementAt(ply) {
    if (ply > reviewedPlies()) return null;
    return review.state.judgements.find((j) => j.ply === ply) || null;
  }

  // The move list's marks: Map(ply -> {kind, glyph, better}) of the judged moves.
  function marks() {
    const out = new Map();
    const k = reviewedPlies();
    for (const j of review.state.judgements) {
      if (j.kind && j.ply <= k) out.set(j.ply, { kind: j.kind, glyph: j.glyph, better: j.bestAlgebraic });
    }
    return out;
  }

  // The arrows over the game's board: the best lines' first moves (or the threat's) and the
  // better move of a judged move on view.
  function arrows() {
    const out = [];
    if (st.on) {
      const colors = st.threat ? LINE_COLORS.threat : LINE_COLORS.best;
      lines()
        .slice(0, 3)
        .reverse()
        .forEach((l, i, a) => out.push(moveArrow(l.move, colors[a.length - 1 - i])));
    }
    const j = judgementAt(ctl.viewPly);
    if (j && j.kind && j.best) out.push(moveArrow(j.best, BETTER_COLOR));
    return out;
  }

  function setLines(n) {
    st.multipv = n;
    if (page.prefs) page.prefs.save({ lines: n });
    schedule();
    page.redraw();
  }
  function toggleThreat() {
    st.threat = !st.threat;
    endPreview({ quiet: true });
    schedule();
    page.redraw();
  }

  // Keys while analysing: X threat, A toggles the mode; Escape ends a preview, the arrows step it.
  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    if (e.key === 'a' || e.key === 'A') {
      setOn(!st.on);
      return true;
    }
    if (!st.on) return false;
    if (e.key === 'x' || e.key === 'X') {
      toggleThreat();
      return true;
    }
    if (st.preview && e.key === 'Escape') {
      endPreview();
      return true;
    }
    if (st.preview && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      stepPreview(e.key === 'ArrowLeft' ? -1 : 1);
      return true;
    }
    return false;
  }

  // Another game on the page starts clean: the analysis closes and the review of the game
  // before is dropped, so that nothing of it shows (arrows, graph, marks) and no help is
  // noted in the new game for what was used in the old one. A link's answer to the game on
  // the page continues it: what is open stays.
  ctl.on('reset', ({ continues }) => {
    if (continues) return;
    setOn(false);
    review.forget();
  });

  // The game or the ply on view changed: follow it (a preview of another ply ends).
  ctl.on('change', () => {
    if (st.preview && st.preview.ply !== ctl.viewPly) endPreview({ quiet: true });
    if (st.on) ctl.useAssist('analysis'); // each turn it stays open (nothing when noted already)
    schedule();
  });

  return {
    state: st,
    review,
    get on() {
      return st.on;
    },
    setOn,
    toggle: () => setOn(!st.on),
    hold,
    toggleThreat,
    setLines,
    startReview,
    chooseLine,
    endPreview,
    stepPreview,
    previewMoves: () => preview.moves(),
    current,
    lines,
    arrows,
    marks,
    onKey,
    judgementAt,
    reviewedPlies,
    reviewFits,
    reviewInLine,
    reviewRunning,
  };
}
