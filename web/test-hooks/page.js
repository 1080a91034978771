// replaces: app/ui/page/start.js
// The game page's entry in the test build only (scripts/build-site --test; the browser
// tests and the page bench use it): starts the page as app/ui/page/start.js does, and puts
// window.__dc over it: read-only views of the page's state (the game, square positions,
// the modes), the page's timings, and every announcement and sound. Nothing here plays;
// none of it is in the site players get.
import { startPage } from '../app/ui/page/main.js';
import { createBoard } from '../renderer/board.js';
import { loadEngine } from '../engine/engine-loader.js';
import { createAnnouncer } from '../app/ui/page/a11y.js';
import { cardData } from '../app/ui/learn/piece-card.js';
import { parseSquare } from '../app/facts/squares.js';

const now = () => performance.now();
/** @type {Record<string, any>} */
const hook = { moduleAt: now(), ready: false, readyAt: null, errors: [], announcements: [], sounds: [] };
/** @type {any} */ (window).__dc = hook;
const say = createAnnouncer();

const boards = new Map(); // container id -> the board made in it (the piece card's: 'piece-card-board')
const started = await startPage({
  // every announcement kept (and said, as the page's own voice does)
  announce: (text) => {
    if (text) hook.announcements.push(text);
    say(text);
  },
  createBoard: async (...a) => {
    const b = await createBoard(...a);
    hook.boardAt ??= now();
    boards.set(a[0].id, b);
    return b;
  },
  loadEngine: async (...a) => {
    const M = await loadEngine(...a);
    hook.rulesAt = now();
    hook.engineBuild = M.build;
    return M;
  },
});
const r = started.value; // the page's parts
if (started.error) hook.errors.push(started.error);
else connect(r);

/** @param {Record<string, any>} parts the page's (startPage's answer) */
function connect({ page, ctl, ai, board, opening, analysis, editor, learn, learnView, recordIO, sounds }) {
  const m = ctl.model;
  // main-thread legal-move generations so far (model.dests() asks the engine's game)
  let generations = 0;
  const generate = m.game.legalMovesDetailed;
  m.game.legalMovesDetailed = (...a) => {
    generations++;
    return generate.apply(m.game, a);
  };
  sounds.on('play', (e) => hook.sounds.push(e));
  Object.assign(hook, {
    fen: () => m.live.fen,
    history: () => m.coordinates(),
    legalMoves: () => m.game.legalMoves(),
    legalMovesAt: (ply) => {
      // after the game's first `ply` moves
      const g = new r.M.Game(
        m.startFen === 'startpos' ? '' : m.startFen,
        m.coordinates().slice(0, ply),
        m.rules,
      );
      try {
        return g.legalMoves();
      } finally {
        g.delete();
      }
    },
    pieceAt: (name) => ctl.pieceAt(name), // the letter on a square ('2a1') of the live position, or null
    generations: () => generations,
    algebraic: () => m.plies.map((p) => p.algebraic),
    state: () => ({
      mode: ctl.settings.mode,
      human: ctl.settings.human,
      level: ctl.settings.level,
      flipped: ctl.settings.flipped,
      view: ctl.viewPly,
      length: m.length,
      side: m.sideToMove(),
      status: m.status(),
      selected: ctl.selected,
      dests: ctl.dests.map((d) => d.to),
      aiBusy: ai.state.busy,
      aiPurpose: ai.state.purpose,
      hint: ctl.hint,
      note: ctl.note && ctl.note.text,
      paused: ctl.paused,
      engineReady: ai.state.ready,
      redo: [...m.redo],
      rules: m.rules,
      tc: ctl.settings.tc,
      clock: ctl.clock && JSON.parse(JSON.stringify(ctl.clock)),
      timeLeft: ctl.clock ? { gold: ctl.timeLeft('gold'), scarlet: ctl.timeLeft('scarlet') } : null,
    }),
    // the computer's last move on its clock: core's limits {soft, hard, panic}, the time it searched, the time it had
    aiClock: () => ai.state.lastClock,
    // viewport coordinates of a square's centre (for tests driving the mouse)
    squarePoint: (name) => page.squarePoint(name),
    board: () => board,
    geometry: () => board.geometry(),
    sendLink: () => (ctl.hasRemote() ? opening.sendUrl() : null),
    focus: () => page.keys && page.keys.focus(),
    // resolves once a drawing the page has asked for is done (at once when none is pending)
    drawn: () => (page.frame ? new Promise((resolve) => requestAnimationFrame(() => resolve(true))) : true),
    audioState: () => sounds.state(),
    analysis,
    editor,
    recordText: () => recordIO.text(),
    openRecordText: (t) => recordIO.openText(t), // resolves once the game is open or the list complete
    openRecordFile: (f) => recordIO.openFile(f), // a File, as chosen or dropped (likewise)
    rulesMemory: () => r.M.HEAP8.length, // the page's engine's memory (wasm memory only grows: its peak)
    learn: {
      mode: () => learn.mode,
      enter: (which, id) => learnView.enter(which, id),
      exit: () => learn.exit(),
      openCard: (letter, level) => learnView.openCard(letter, level),
      card: () => {
        // the card on show, from its dialog: {letter, level, levels, drawn} or null
        const d = /** @type {HTMLDialogElement} */ (document.getElementById('dlg-piece'));
        if (!d || !d.open) return null;
        const tabs = /** @type {HTMLElement[]} */ ([...d.querySelectorAll('[data-card-level]')]);
        const on = tabs.find((b) => b.getAttribute('aria-selected') === 'true');
        return {
          letter: d.dataset.letter,
          level: on ? Number(on.dataset.cardLevel) : null,
          levels: tabs.map((b) => Number(b.dataset.cardLevel)),
          drawn: d.dataset.drawn === 'true',
        };
      },
      tip: () => learnView.tip.shown(),
      lesson: () => {
        const L = learn.state.lessons;
        return L && L.lesson
          ? {
              id: L.lesson.id,
              step: L.stepIndex,
              phase: L.phase,
              moves: [...L.moves],
              note: L.note,
              solution: L.solutionMove(),
              progress: L.list()
                .filter((l) => l.done)
                .map((l) => l.id),
            }
          : null;
      },
      puzzle: () => {
        const P = learn.state.puzzles;
        return P && P.puzzle
          ? {
              id: P.puzzle.id,
              phase: P.phase,
              k: P.k,
              moves: [...P.puzzle.moves],
              replyPending: P.replyPending,
              note: P.note,
              solved: Object.keys(P.progress.solved),
            }
          : null;
      },
      cardData: (letter) => cardData(r.M, letter),
      cardSquareRect: (name) =>
        boards.has('piece-card-board') ? boards.get('piece-card-board').squareRect(parseSquare(name)) : null,
    },
  });
  for (const key of ['linkError', 'restoreError', 'keptPrevious', 'saveFailure']) {
    Object.defineProperty(hook, key, { get: () => opening.state[key], configurable: true });
  }
  ai.whenReady().then(() => {
    hook.engineReadyAt = now();
  });
  board.ready.then(() => {
    hook.piecesReady = true;
    hook.piecesReadyAt = now();
  });
  hook.ready = true;
  hook.readyAt = now();
}
