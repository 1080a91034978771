// Test hooks: window.__dc, read by tests/browser/* and scripts/bench-page (timings, the
// game, square positions). Read-only views of the page's state; nothing here plays.
import { announcements } from './a11y.js';

export function createHooks() {
  const hook = {
    moduleAt: performance.now(),
    ready: false,
    readyAt: null,
    errors: [],
    announcements: [],
  };
  window.__dc = hook;
  announcements.on('say', (t) => hook.announcements.push(t));
  return hook;
}

// ctl: the Controller; ai: createAI(); board: the board component; opening; keys: () => boardKeys;
// squarePoint(name) -> the square's centre in viewport px, or null
export function connectHooks(hook, { ctl, ai, board, opening, keys, squarePoint }) {
  const m = ctl.model;
  Object.assign(hook, {
    fen: () => m.live.fen,
    history: () => m.coordinates(),
    legalMoves: () => m.game.legalMoves(),
    legalMovesAt: (ply) => m.legalMovesAt(ply),  // after the game's first `ply` moves
    pieceAt: (name) => ctl.pieceAt(name),  // the letter on a square ('2a1') of the live position, or null
    generations: () => m.generations,  // main-thread legal-move generations so far (model.dests)
    algebraic: () => m.plies.map((p) => p.algebraic),
    state: () => ({
      mode: ctl.settings.mode, human: ctl.settings.human, level: ctl.settings.level, flipped: ctl.settings.flipped,
      view: ctl.viewPly, length: m.length, side: m.sideToMove(), status: m.status(), selected: ctl.selected,
      dests: ctl.dests.map((d) => d.to), aiBusy: ai.state.busy, aiPurpose: ai.state.purpose, hint: ctl.hint,
      note: ctl.note && ctl.note.text, paused: ctl.paused, engineReady: ai.state.ready, redo: [...m.redo],
    }),
    // viewport coordinates of a square's centre (for tests driving the mouse)
    squarePoint,
    board: () => board,
    geometry: () => board.geometry(),
    sendLink: () => (ctl.hasRemote() ? opening.sendUrl() : null),
    focus: () => keys() && keys().focus(),
  });
  Object.defineProperty(hook, 'engineReadyAt', { get: () => ai.state.readyAt, configurable: true });
}
