// The Dragonchess game page: wires the board view (SDL2 canvas renderer), the rules
// engine on the main thread (legal destinations, status, notation: instant, even while
// the AI thinks) and the engine worker (the AI, hints) to the page chrome.
import { createBoardView } from '../ui/ui-loader.js';
import DragonchessEngine from '../engine/dragonchess_engine.mjs';
import { EngineClient } from '../engine/engine-client.js';
import { GameModel, START, squareIndex, squareName, PIECE_NAMES } from './model.js';
import * as store from './store.js';
import { applyLayout } from './layout.js';
import * as view from './view.js';
import { readLink, linkError, linkFor, setAddress, copyLink, watchLinks } from './share.js';
import * as a11y from './a11y.js';

const { SIDE_NAME, other } = view;
const $ = (id) => document.getElementById(id);

// Thinking time per level (the levels below 10 are also capped by nodes in the engine).
const HINT_MOVETIME = 1500;
const MIN_AI_DELAY = 380;     // ms from the request to the AI's move (let the last move animate)
const MIN_WATCH_DELAY = 650;  // AI vs AI: a pace a person can follow

// --- state ----------------------------------------------------------------------------
let board = null;        // the board view
let model = null;        // GameModel over the main-thread engine
let engine = null;       // EngineClient (worker)
let engineReady = false;
let settings = store.cleanSettings(store.DEFAULT_SETTINGS);
let viewPly = 0;         // the ply shown; model.length when live
let selected = null;     // square name of the selected piece
let dests = [];          // its legal destinations (engine objects)
let hint = null;         // {from, to, algebraic, ply}
let note = null;         // {text, kind} an explanation shown under the status
let paused = false;      // AI vs AI paused
let overShownFor = null; // the game-over dialog was shown for this record
const ai = { busy: false, purpose: null, token: 0, info: null, side: null, error: null };

const isLive = () => viewPly === model.length;
// Play by link: this device plays settings.human; the other side answers through links.
const linkMode = () => settings.mode === 'link';
const humanSide = () => (settings.mode === 'ai' || settings.mode === 'link' ? settings.human : null);
function aiPlays(side) {
  return settings.mode === 'watch' || (settings.mode === 'ai' && side !== settings.human);
}
function humanPlays(side) {
  return settings.mode === 'hotseat' || ((settings.mode === 'ai' || settings.mode === 'link') && side === settings.human);
}
const WAITING = "Waiting for your opponent's move — send them the link";

// --- boot -------------------------------------------------------------------------------
const hook = window.__dc = {
  moduleAt: performance.now(),
  ready: false,
  readyAt: null,
  errors: [],
  fen: () => model && model.live.fen,
  history: () => (model ? model.coordinates() : []),
  legalMoves: () => (model ? model.game.legalMoves() : []),
  algebraic: () => (model ? model.plies.map((p) => p.algebraic) : []),
  state: () => ({
    mode: settings.mode, human: settings.human, level: settings.level, flipped: settings.flipped,
    view: viewPly, length: model ? model.length : 0, side: model && model.sideToMove(),
    status: model && model.status(), selected, dests: dests.map((d) => d.to), aiBusy: ai.busy,
    aiPurpose: ai.purpose, hint, note: note && note.text, paused, engineReady, redo: model ? [...model.redo] : [],
  }),
  // viewport coordinates of a square's centre (for tests driving the mouse)
  squarePoint: (name) => board && board.squareClientPoint(squareIndex(name)),
  board: () => board,
  sendLink: () => (model && linkMode() ? sendUrl() : null),
  announcements: [],
  focus: () => keys && keys.focus(),
};
let keys = null;  // keyboard navigation of the boards (a11y.js)

// The AI's worker (a second engine instance): started once the board is up, so its
// download and compilation do not compete with the page's own start.
function startEngine() {
  engine = new EngineClient({
    // A dead or hung worker is restarted by the client; a search it was running resolves
    // to null and think() asks again.
    onRestart: (reason) => { console.warn('dragonchess: engine restarted:', reason); },
  });
  engine.ready().then(() => {
    engineReady = true;
    hook.engineReadyAt = performance.now();
    render();
    maybeAI();
  }, (e) => {
    ai.error = 'The engine failed to start: ' + e.message;
    view.toast(ai.error);
    renderEngine();
  });
}

async function boot() {
  const boardEl = $('board');
  applyLayout(boardEl);
  let resizeTimer = 0;
  const relayout = () => {
    cancelAnimationFrame(resizeTimer);
    resizeTimer = requestAnimationFrame(() => applyLayout(boardEl));
  };
  window.addEventListener('resize', relayout);
  new ResizeObserver(relayout).observe(document.documentElement);

  const [bv, M] = await Promise.all([
    createBoardView(boardEl, { piecesUrl: 'pieces/', flipped: false }).then((v) => { hook.boardAt = performance.now(); return v; }),
    DragonchessEngine().then((m) => { hook.rulesAt = performance.now(); return m; }),
  ]);
  board = bv;
  board.canvas.setAttribute('aria-label', 'Dragonchess boards: Sky (level 3), Ground (level 2), Underworld (level 1)');
  board.canvas.setAttribute('aria-describedby', 'board-help');
  model = new GameModel(M);
  restore();
  setAddress({ fen: model.startFen, moves: model.coordinates() });
  board.setFlipped(settings.flipped);
  board.on('click', onSquareClick);
  board.on('dragstart', onDragStart);
  board.on('drop', onDrop);
  board.on('dragcancel', () => { /* the piece goes back; the selection stays */ });
  wireControls();
  document.body.classList.remove('loading');
  render();
  hook.ready = true;
  hook.readyAt = performance.now();
  startEngine();
  watchLinks(onLink);
  // Offline play: the service worker caches the whole site, after the page is up.
  setTimeout(() => {
    import('./pwa.js')
      .then(({ registerPWA }) => registerPWA({ onUpdate: (apply) => view.toast('A new version of Dragonchess is ready.', 0, { label: 'Reload', run: apply }) }))
      .catch((e) => console.warn('dragonchess: offline mode unavailable:', e && e.message));
  }, 1500);
  board.ready.then(() => { hook.piecesReady = true; hook.piecesReadyAt = performance.now(); });
  maybeAI();
}

// Restores the game: a game link in the address wins (unless it is this very game,
// e.g. after a reload: then the saved record with its settings and redo line is used),
// else the saved game (validated by the engine), else a new game.
function restore() {
  const saved = store.load();
  const link = readLink();
  if (link && link.error) {
    linkFailed(link.error);
  } else if (link) {
    const fen = link.fen || START;
    const rec = saved.record;
    const same = rec && sameStart(rec.startFen, fen) &&
      rec.moves.length === link.moves.length && rec.moves.every((m, i) => m === link.moves[i]) &&
      (link.mode !== 'link' || (rec.settings.mode === 'link' && (!link.to || isOwnLink(rec, link))));
    if (!same && applyLink(link, rec || null)) return;
  }
  if (saved.record) {
    try {
      model.load(saved.record.startFen, saved.record.moves, saved.record.redo);
      settings = saved.record.settings;
      viewPly = model.length;
      overShownFor = recordKey();  // don't pop the summary again after a reload
      return;
    } catch (e) {
      failRestore('the saved game is not valid (' + e.message + ')');
    }
  } else if (saved.error) {
    failRestore(saved.error);
  }
  settings = store.cleanSettings(store.DEFAULT_SETTINGS);
  model.load(START, []);
  viewPly = 0;
  save();
}

const sameStart = (a, b) => (a === START || a === '' ? START : a) === (b === START || b === '' ? START : b);

// A play-by-link game saved here, and a link to it for the side this device plays or the
// side that must answer (the link this device sent, opened again here).
function isOwnLink(rec, link) {
  return rec.settings.human === link.to || rec.settings.human !== sideToMoveOf(link);
}
function sideToMoveOf(link) {
  try { return model.sideAfter(link.fen || START, link.moves); } catch { return null; }
}

// Whether the game of a link continues the record (same start, its moves a prefix).
function continues(rec, fen, moves) {
  return sameStart(rec.startFen, fen) && rec.moves.length <= moves.length && rec.moves.every((m, i) => m === moves[i]);
}

// Opens the game of a link (position + moves). A play-by-link link (play=link) makes this
// device the side the link is for (to=, else the side to move); any other link is for
// two players on this device. Nothing moves by itself. The game it replaces (`prev`, a
// record) is kept among the previous games unless the link only continues it.
// Returns false (with a message, the current game untouched) when the engine refuses it.
function applyLink(link, prev) {
  const fen = link.fen || START;
  try {
    model.load(fen, link.moves);
  } catch (e) {
    linkFailed(linkError(e));
    return false;
  }
  const base = prev ? prev.settings : settings;
  const kept = !!(prev && prev.moves.length && !continues(prev, fen, link.moves)) && store.pushPrevious(prev);
  if (link.mode === 'link') {
    const me = link.to || model.sideToMove();
    settings = store.cleanSettings({ ...base, mode: 'link', human: me, flipped: me === 'scarlet' });
  } else {
    settings = store.cleanSettings({ ...base, mode: 'hotseat', flipped: link.to === 'scarlet' });
  }
  viewPly = model.length;
  overShownFor = recordKey();
  save();
  const what = link.mode === 'link'
    ? (model.isOver() ? 'Opened the game from the link.' : model.sideToMove() === settings.human
      ? `Opened the game from the link: your move (${SIDE_NAME[settings.human]}).` : `Opened the game from the link. ${WAITING}.`)
    : 'Opened the game from the link.';
  if (kept) {
    hook.keptPrevious = true;
    view.toast(`${what} Your previous game (${prev.moves.length} ${prev.moves.length === 1 ? 'ply' : 'plies'}) was kept.`, 20000,
      { label: 'Restore it', run: restorePrevious });
  }
  a11y.announce(what + ' ' + lastMoveWords());
  return true;
}

function currentRecord() {
  return { startFen: model.startFen, moves: model.coordinates(), redo: model.redo, settings };
}

// Brings back the newest previous game; the current one (if it has moves) takes its place
// among the previous games.
function restorePrevious() {
  const rec = store.popPrevious();
  if (!rec) { view.toast('There is no previous game to restore.'); return; }
  const cur = currentRecord();
  try {
    model.load(rec.startFen, rec.moves, rec.redo);
  } catch (e) {
    view.toast(`The previous game could not be restored: ${e.message}.`, 9000);
    return;
  }
  if (cur.moves.length) store.pushPrevious(cur);
  cancelAI();
  settings = rec.settings;
  viewPly = model.length;
  overShownFor = recordKey();
  deselect();
  hint = null;
  note = null;
  paused = false;
  board.setFlipped(settings.flipped);
  board.setBoard(model.live.board);
  save();
  render();
  view.toast(cur.moves.length ? 'Your previous game is back; the other one was kept (New game → Restore previous game).' : 'Your previous game is back.');
  maybeAI();
}

// A link that cannot be opened: a message (toast and status line); the game on the page
// (the saved one) stays.
function linkFailed(message) {
  console.warn('dragonchess: ' + message);
  hook.linkError = message;
  note = { text: message + ' Your game is unchanged.', kind: 'warn' };
  view.toast(message, 9000);
  a11y.announce(message);
}

function failRestore(why) {
  console.warn('dragonchess: ' + why);
  hook.restoreError = why;
  view.toast(`Your saved game could not be restored: ${why}. A new game has started.`, 9000);
}

const recordKey = () => model.startFen + ' ' + model.coordinates().join(' ');

// The game as a link. In a play-by-link game the link is for the side to move (the one
// that answers next), so the address bar always holds the link to send.
function gameLink(to) {
  const g = { fen: model.startFen, moves: model.coordinates() };
  if (linkMode()) { g.mode = 'link'; g.to = to || model.sideToMove(); }
  return g;
}
const sendUrl = () => linkFor(gameLink(other(settings.human)));

function save() {
  store.save(currentRecord());
  setAddress(gameLink());  // the address is a link to this game
}

async function shareLink() {
  const url = await copyLink(gameLink());
  view.toast(`Link to this game copied: ${url}`, 6000);
}

// A game link pasted into the address bar of the open page.
function onLink(link) {
  if (link.error) { linkFailed(link.error); setAddress(gameLink()); render(); return; }
  const prev = currentRecord();
  cancelAI();
  if (!applyLink(link, prev)) { setAddress(gameLink()); render(); return; }
  deselect();
  hint = null;
  note = null;
  paused = false;
  board.setFlipped(settings.flipped);
  render();
}

// --- board input ----------------------------------------------------------------------
function pieceAt(name) {
  const c = model.live.board[squareIndex(name)];
  return c && c !== '.' ? c : null;
}
const sideOf = (piece) => (piece <= 'Z' ? 'gold' : 'scarlet');
const describe = (piece, sq) => `${sideOf(piece) === humanSide() ? 'Your' : SIDE_NAME[sideOf(piece)]} ${PIECE_NAMES[piece.toUpperCase()]} on ${sq}`;

function onSquareClick(sq) {
  const name = squareName(sq);
  if (keys) keys.setFocus(name, false);
  if (!isLive()) { goTo(model.length); return; }
  if (selected && dests.some((d) => d.to === name)) { moveSelected(name); return; }
  if (!pieceAt(name) || selected === name) { deselect(); render(); return; }
  select(name);
  render();
}

function onDragStart(sq) {
  const name = squareName(sq);
  if (!isLive()) { goTo(model.length); return false; }
  const ok = select(name);
  render();
  return ok;
}

function onDrop(from, to) {
  const f = squareName(from), t = squareName(to);
  if (selected === f && dests.some((d) => d.to === t)) { moveSelected(t); return; }
  render();
}

function deselect() { selected = null; dests = []; }

// Selects the piece on `name` if the person to move may move it, else explains why not.
// Returns whether it has moves.
function select(name) {
  deselect();
  note = null;
  const piece = pieceAt(name);
  if (!piece) return false;
  const side = sideOf(piece), stm = model.sideToMove(), st = model.status();
  if (st.over) { note = { text: 'The game is over. Start a new game or step through the moves.', kind: 'note' }; return false; }
  if (settings.mode === 'watch') { note = { text: 'You are watching the computer play both sides.', kind: 'note' }; return false; }
  if (side !== stm) {
    if (settings.mode === 'ai' && side !== settings.human) note = { text: `That is the computer's ${PIECE_NAMES[piece.toUpperCase()]}: you play ${SIDE_NAME[settings.human]}.`, kind: 'warn' };
    else if (linkMode() && side !== settings.human) note = { text: `That is your opponent's ${PIECE_NAMES[piece.toUpperCase()]}: you play ${SIDE_NAME[settings.human]}.`, kind: 'warn' };
    else if (linkMode()) note = { text: `Not your turn: ${WAITING}.`, kind: 'warn' };
    else note = { text: `Not your turn: ${SIDE_NAME[stm]} is to move${aiPlays(stm) ? ' (the computer is thinking)' : ''}.`, kind: 'warn' };
    return false;
  }
  if (!humanPlays(stm)) {
    note = { text: linkMode() ? `Not your turn: ${WAITING}.` : 'Not your turn: the computer is to move.', kind: 'warn' };
    return false;
  }
  selected = name;
  dests = model.destinations(name);
  if (dests.length) return true;
  if (model.frozenSet().has(name)) {
    note = { text: `${describe(piece, name)} is frozen by the enemy Basilisk directly below it: it cannot move.`, kind: 'warn' };
  } else if (st.check) {
    note = { text: `${describe(piece, name)} has no legal move: ${SIDE_NAME[stm]}'s King is in check.`, kind: 'warn' };
  } else {
    note = { text: `${describe(piece, name)} has no legal move.`, kind: 'warn' };
  }
  return false;
}

function moveSelected(to) {
  const d = dests.find((x) => x.to === to);
  if (!d) return;
  const err = playMove(d.coordinate);
  if (err) view.toast('That move could not be played: ' + err);
}

// Why the person at this device cannot move now (null: they can).
function cannotMove() {
  if (model.isOver()) return 'The game is over. Start a new game or step through the moves.';
  const stm = model.sideToMove();
  if (settings.mode === 'watch') return 'You are watching the computer play both sides.';
  if (humanPlays(stm)) return null;
  if (linkMode()) return `Not your turn: ${WAITING}.`;
  return 'Not your turn: the computer is to move.';
}

// A move typed in algebraic ("W2c3", "S/3e2-3d3") or coordinate ("2c22c3") notation: the
// engine reads it. -> null (played) or the reason it was not played.
function playTyped(text) {
  const t = String(text || '').trim();
  if (!t) return 'Type a move, such as W2c3 or 2c22c3.';
  if (t.length > 40) return 'That is too long for a move.';
  if (!isLive()) goTo(model.length);
  const why = cannotMove();
  if (why) return why;
  return playMove(t);
}

// --- keyboard: what a focused square is, and Enter on it --------------------------------------
// "2c2, Gold Warrior, 1 move: 2c3"
function describeSquare(name) {
  const snap = model.snap(viewPly);
  const c = snap.board[squareIndex(name)];
  const piece = c && c !== '.' ? c : null;
  let s = name + ', ' + (piece ? `${SIDE_NAME[sideOf(piece)]} ${PIECE_NAMES[piece.toUpperCase()]}` : 'empty');
  if (snap.frozen.includes(name)) s += ', frozen by a Basilisk';
  if (snap.check === name) s += ', in check';
  if (!isLive()) return s;
  if (selected) {
    if (name === selected) return s + ', selected: choose a destination, or Escape to cancel';
    const d = dests.filter((x) => x.to === name);
    if (d.length) {
      const mover = PIECE_NAMES[pieceAt(selected).toUpperCase()];
      const how = d[0].kind === 'afar' ? 'capture from afar' : d[0].kind === 'capture' ? 'capture' : 'move';
      return s + `, ${how} with the ${mover} from ${selected}: press Enter`;
    }
    return s;
  }
  if (piece && !model.isOver() && sideOf(piece) === model.sideToMove() && humanPlays(sideOf(piece))) {
    const ds = model.destinations(name);
    if (!ds.length) return s + ', no legal move';
    const list = ds.slice(0, 12).map((d) => d.to + (d.kind === 'capture' ? ' capture' : d.kind === 'afar' ? ' capture from afar' : ''));
    return s + `, ${ds.length} ${ds.length === 1 ? 'move' : 'moves'}: ${list.join(', ')}${ds.length > 12 ? ', and more' : ''}`;
  }
  return s;
}

// Enter or Space on a focused square: select the piece, play the move to it, or cancel.
function activateSquare(name) {
  if (!isLive()) { goTo(model.length); return; }
  if (selected && dests.some((d) => d.to === name)) { moveSelected(name); return; }
  if (selected === name) { deselect(); render(); return; }
  select(name);
  if (!pieceAt(name) && !note) note = { text: `${name} is empty: choose a piece to move.`, kind: 'warn' };
  render();
  if (selected) a11y.announce(`${describeSquare(name).split(', selected')[0]} selected: ${dests.length} ${dests.length === 1 ? 'move' : 'moves'}: ${dests.map((d) => d.to).join(', ')}.`);
}

// --- playing --------------------------------------------------------------------------
// Plays a move (coordinate or algebraic) -> null, or the engine's reason it is not legal.
function playMove(coordinate) {
  const before = model.live;
  let played;
  try {
    played = model.play(coordinate);
  } catch (e) {
    return String((e && e.message) || e);
  }
  cancelAI();
  a11y.announce(a11y.moveWords(played, before, model.live));
  deselect();
  hint = null;
  note = null;
  viewPly = model.length;
  board.setBoard(model.live.board);
  animatePly(played, false);
  save();
  render();
  afterMove();
  return null;
}

function animatePly(p, reverse) {
  if (!p || p.kind === 'afar') return;  // a capture from afar: the Dragon stays where it is
  const a = squareIndex(p.from), b = squareIndex(p.to);
  if (reverse) board.animate(b, a); else board.animate(a, b);
}

function afterMove() {
  if (model.isOver()) {
    setTimeout(() => showGameOver(false), 450);
    return;
  }
  maybeAI();
}

// How many plies an undo takes back: against the computer, back to your own turn.
function undoCount() {
  const n = model.length;
  if (!n) return 0;
  // by link: only your own last move, before the opponent has answered
  if (linkMode()) return model.sideToMove() !== settings.human ? 1 : 0;
  if (settings.mode !== 'ai') return 1;
  const stm = model.sideToMove();
  const k = stm === settings.human ? 2 : 1;
  return n >= k ? k : 0;
}

function undo() {
  const k = undoCount();
  if (!k) return;
  cancelAI();
  if (settings.mode === 'watch') paused = true;
  board.setBoard(model.snap(model.length - k).board);
  for (let i = 0; i < k; i++) animatePly(model.undo(), true);
  a11y.announce(`${k === 1 ? 'One move' : k + ' moves'} taken back. ${SIDE_NAME[model.sideToMove()]} to move.`);
  afterHistoryChange();
}

function redoCount() {
  const r = model.redo.length;
  if (!r) return 0;
  if (linkMode()) return model.sideToMove() === settings.human ? 1 : 0;
  if (settings.mode !== 'ai') return 1;
  // to your own turn again when the computer's answer is there to redo too
  return r >= 2 && model.sideToMove() === settings.human ? 2 : 1;
}

function redo() {
  const k = redoCount();
  if (!k) return;
  cancelAI();
  if (settings.mode === 'watch') paused = true;
  const done = [];
  for (let i = 0; i < k; i++) {
    try { done.push(model.redoOne()); } catch { model.redo = []; break; }
  }
  board.setBoard(model.live.board);
  done.forEach((p) => animatePly(p, false));
  if (done.length) a11y.announce('Redone: ' + lastMoveWords());
  afterHistoryChange();
}

function afterHistoryChange() {
  deselect();
  hint = null;
  note = null;
  viewPly = model.length;
  save();
  render();
  if (!model.isOver()) maybeAI();
}

// Browsing the game: show the position after `ply` plies.
function goTo(ply) {
  ply = Math.max(0, Math.min(model.length, ply));
  if (ply === viewPly) return;
  const prev = viewPly;
  viewPly = ply;
  deselect();
  note = null;
  board.setBoard(model.snap(ply).board);
  if (ply === prev + 1) animatePly(model.plies[ply - 1], false);
  else if (ply === prev - 1) animatePly(model.plies[prev - 1], true);
  render();
}

function newGame(next) {
  cancelAI();
  settings = store.cleanSettings({ ...settings, ...next });
  model.load(START, []);
  viewPly = 0;
  paused = false;
  overShownFor = null;
  deselect();
  hint = null;
  note = null;
  ai.info = null;
  board.setFlipped(settings.flipped);
  board.setBoard(model.live.board);
  save();
  render();
  maybeAI();
}

function flip() {
  settings.flipped = !settings.flipped;
  board.setFlipped(settings.flipped);
  save();
  render();
}

// --- the AI ---------------------------------------------------------------------------
function maybeAI() {
  if (!engineReady || ai.busy || !model) return;
  if (model.isOver() || paused) return;
  const stm = model.sideToMove();
  if (!aiPlays(stm)) return;
  think('move');
}

function cancelAI() {
  if (!ai.busy) return;
  ai.token++;
  ai.busy = false;
  ai.purpose = null;
  engine.stop({ discard: true }).catch(() => {});
  renderEngine();
}

async function think(purpose) {
  const token = ++ai.token;
  const plies = model.length;
  const fen = model.startFen, moves = model.coordinates();
  const started = performance.now();
  ai.busy = true;
  ai.purpose = purpose;
  const side = model.sideToMove(), moveNumber = model.live.moveNumber;
  ai.side = side;
  render();  // the last evaluation stays on show until this search reports
  let r = null;
  try {
    const level = purpose === 'hint' ? 10 : settings.level;
    // null: the level's own limits (core's level_limits)
    const limits = purpose === 'hint' ? { movetime: HINT_MOVETIME } : null;
    r = await engine.search({ fen, moves }, limits, {
      level,
      onInfo: (info) => {
        if (token !== ai.token) return;
        ai.info = { ...info, side, moveNumber };
        view.renderEngineInfo(info, side, moveNumber);
      },
    });
  } catch (e) {
    if (token === ai.token) {
      ai.busy = false;
      ai.purpose = null;
      if (/restarted/.test(e.message) && purpose === 'move') setTimeout(maybeAI, 50);
      else view.toast('The engine could not answer: ' + e.message);
      render();
    }
    return;
  }
  if (token !== ai.token) return;
  if (r && r.fen && r.fen !== model.live.fen) r = null;  // an answer for another position
  if (!r) {  // superseded (engine restarted): try again if still wanted
    ai.busy = false;
    render();
    if (purpose === 'move') setTimeout(maybeAI, 50);
    return;
  }
  const prev = ai.info && ai.info.side === side && ai.info.moveNumber === moveNumber ? ai.info : {};
  if (r.score !== undefined && r.depth > 0 && r.depth >= (prev.depth || 0)) {
    ai.info = { ...prev, depth: r.depth, score: r.score, mate: r.mate, pv: r.pv, nodes: r.nodes ?? prev.nodes, side, moveNumber };
    if (r.time > 0 && r.nodes) ai.info.nps = Math.round(r.nodes * 1000 / r.time);
    view.renderEngineInfo(ai.info, side, moveNumber);
  }
  if (purpose === 'move') {
    const wait = (settings.mode === 'watch' ? MIN_WATCH_DELAY : MIN_AI_DELAY) - (performance.now() - started);
    if (wait > 0 && r.stopped !== 'stop') await new Promise((res) => setTimeout(res, wait));
    if (token !== ai.token || model.length !== plies) return;
    ai.busy = false;
    ai.purpose = null;
    const err = playMove(r.best);
    if (err) view.toast('The engine\'s move could not be played: ' + err);
  } else {
    ai.busy = false;
    ai.purpose = null;
    if (model.length === plies && isLive()) {
      hint = { from: r.best.slice(0, 3), to: r.best.slice(3, 6), algebraic: r.bestAlgebraic, ply: plies };
      note = { text: `Hint: ${r.bestAlgebraic}`, kind: 'note' };
    }
    render();
  }
}

function askHint() {
  if (!engineReady || model.isOver() || !isLive()) return;
  if (ai.busy) return;
  if (!humanPlays(model.sideToMove())) return;
  deselect();
  think('hint');
}

function stopThinking() {
  if (!ai.busy) return;
  engine.stop().catch(() => {});
}

function togglePause() {
  if (settings.mode !== 'watch') return;
  paused = !paused;
  if (paused) cancelAI();
  render();
  if (!paused) maybeAI();
}

// --- rendering ------------------------------------------------------------------------
function marks(snap) {
  const parts = [];
  const add = (k, list) => { if (list.length) parts.push(k + '=' + list.join(',')); };
  if (snap.last) add('last', [snap.last.from, snap.last.to]);
  if (snap.check) add('check', [snap.check]);
  add('frozen', snap.frozen);
  if (isLive()) {
    if (selected) {
      add('sel', [selected]);
      add('move', dests.filter((d) => d.kind === 'move').map((d) => d.to));
      add('cap', dests.filter((d) => d.kind === 'capture').map((d) => d.to));
      add('afar', dests.filter((d) => d.kind === 'afar').map((d) => d.to));
    } else if (hint && hint.ply === model.length) {
      add('sel', [hint.from]);
      add(pieceAt(hint.to) ? 'cap' : 'move', [hint.to]);
    }
  }
  return parts.join(';');
}

function statusLine() {
  const snap = model.snap(viewPly);
  const st = snap.status;
  if (!isLive()) {
    const p = model.plies[viewPly - 1];
    return {
      text: viewPly ? `After ${moveLabel(viewPly)} ${p.algebraic}` : 'Start position',
      sub: `Viewing move ${viewPly} of ${model.length}`, subKind: 'note', side: snap.side, kind: 'browsing', backLink: true,
    };
  }
  if (st.over) return { text: resultTitle(st), sub: resultReason(st), side: st.winner || '', kind: 'over' };
  const stm = snap.side;
  let text;
  if (settings.mode === 'ai') text = stm === settings.human ? 'Your turn' : 'Computer is thinking…';
  else if (settings.mode === 'watch') text = `${SIDE_NAME[stm]} to move${paused ? ' · paused' : ''}`;
  else if (linkMode()) text = stm === settings.human ? `Your move (${SIDE_NAME[stm]})` : "Waiting for your opponent's move";
  else text = `${SIDE_NAME[stm]} to move`;
  if (settings.mode === 'ai' && stm === settings.human) text = `Your turn (${SIDE_NAME[stm]})`;
  if (st.check) text = `Check! ${text}`;
  let sub = note ? note.text : '';
  let subKind = note ? note.kind : '';
  if (!note && linkMode() && stm !== settings.human) { sub = `send them the link (${SIDE_NAME[stm]} plays next)`; subKind = 'note'; }
  if (!note && st.check && humanPlays(stm)) { sub = 'Your King is attacked: you must get out of check.'; subKind = 'warn'; }
  if (!note && !sub && model.length) {
    const last = model.plies[model.length - 1];
    const who = settings.mode === 'ai' ? (aiPlays(other(stm)) ? 'Computer' : 'You')
      : linkMode() ? (other(stm) === settings.human ? 'You' : 'Your opponent') : SIDE_NAME[other(stm)];
    sub = `${who} played ${moveLabel(model.length)} ${last.algebraic}`;
  }
  if (!note && !sub && humanPlays(stm) && model.length === 0) sub = 'Click or drag a piece to see where it can go.';
  if (note && note.kind === 'warn' && note.text !== lastNoteSaid) { lastNoteSaid = note.text; a11y.announce(note.text); }
  if (!note) lastNoteSaid = null;
  return { text, sub, subKind, side: stm, kind: st.check ? 'check' : '' };
}

let lastNoteSaid = null;

// The last move in words ("Gold Warrior 2c2 to 2c3, check"), or ''.
function lastMoveWords() {
  const n = model.length;
  return n ? a11y.moveWords(model.plies[n - 1], model.snap(n - 1), model.snap(n)) : '';
}

// Words for every ply of the move list (for screen readers), cached per game.
const wordsCache = new Map();
function plyWords(k) {  // k: 1-based ply
  const p = model.plies[k - 1];
  const key = model.startFen + '|' + k + '|' + p.coordinate + '|' + (k > 1 ? model.plies[k - 2].coordinate : '');
  let w = wordsCache.get(key);
  if (!w) {
    if (wordsCache.size > 4000) wordsCache.clear();
    w = a11y.moveWords(p, model.snap(k - 1), model.snap(k));
    wordsCache.set(key, w);
  }
  return w;
}

function moveLabel(ply) {
  const s0 = model.snap(0);
  const firstGold = s0.side === 'gold';
  const idx = ply - 1 + (firstGold ? 0 : 1);
  const num = s0.moveNumber + Math.floor(idx / 2);
  return idx % 2 === 0 ? `${num}.` : `${num}…`;
}

function resultTitle(st) {
  if (st.state === 'checkmate') return `Checkmate · ${SIDE_NAME[st.winner]} wins`;
  return 'Draw';
}
function resultReason(st) {
  switch (st.state) {
    case 'checkmate': return `${SIDE_NAME[other(st.winner)]}'s King cannot escape.`;
    case 'stalemate': return 'Stalemate: the side to move has no legal move.';
    case 'repetition': return 'The same position occurred three times.';
    case 'quiet-moves': return '100 plies without a capture or a Warrior move.';
    case 'bare-kings': return 'Only the two Kings are left.';
    default: return st.reason;
  }
}
function resultScore(st) {
  if (st.state !== 'checkmate') return '½–½';
  return st.winner === 'gold' ? '1–0' : '0–1';
}

function render() {
  if (!model) return;
  const snap = model.snap(viewPly);
  board.setBoard(snap.board);
  board.setMarks(marks(snap));
  const line = statusLine();
  view.renderStatus(line);
  document.title = (isLive() ? line.text.replace(/…$/, '') + ' · ' : '') + 'Dragonchess';
  view.renderMatchup(settings);
  const st = model.status();
  view.renderPlayers({
    mode: settings.mode, human: settings.human, level: settings.level, flipped: settings.flipped,
    toMove: st.over ? null : model.sideToMove(),
    thinking: ai.busy && ai.purpose === 'move' ? ai.side : null,
    board: snap.board,
  });
  const s0 = model.snap(0);
  view.renderMoves({
    plies: model.plies, firstSide: s0.side, firstNumber: s0.moveNumber, view: viewPly, words: plyWords,
    result: st.over ? { score: resultScore(st), title: resultTitle(st) } : null,
  });
  renderEngine();
  renderButtons();
  renderSend();
  if (keys) keys.refresh();
}

// Play by link: after your move, the link to send (the whole game; for the opponent).
let sendShownFor = null;
function renderSend() {
  const box = $('send');
  const show = linkMode() && isLive() && model.sideToMove() !== settings.human;
  box.hidden = !show;
  if (!show) { sendShownFor = null; return; }
  const url = sendUrl();
  const opp = SIDE_NAME[other(settings.human)];
  $('send-title').textContent = model.isOver() ? 'Send the last move' : model.length ? 'Send your move' : 'Send the link';
  $('send-sub').textContent = model.isOver()
    ? `The game is over: send ${opp} the link so they see the end.`
    : `${opp} plays next: send your opponent this link. It holds the whole game.`;
  const input = $('send-url');
  if (input.value !== url) input.value = url;
  if (sendShownFor !== url) {
    sendShownFor = url;
    $('btn-send-copy').querySelector('span').textContent = 'Copy link';
  }
}

async function copySend() {
  const url = sendUrl();
  const input = $('send-url');
  let ok = false;
  try { await navigator.clipboard.writeText(url); ok = true; } catch { /* no permission */ }
  if (!ok) {
    input.focus();
    input.select();
    try { ok = document.execCommand('copy'); } catch { ok = false; }
  }
  $('btn-send-copy').querySelector('span').textContent = ok ? 'Copied' : 'Copy link';
  const msg = ok ? `Link copied. Send it to your opponent (${SIDE_NAME[other(settings.human)]}).` : 'Select the link and copy it (Ctrl+C), then send it to your opponent.';
  view.toast(msg, 5000);
}

async function shareSend() {
  try {
    await navigator.share({ title: 'Dragonchess: your move', text: `Your move (${SIDE_NAME[other(settings.human)]}) in our Dragonchess game`, url: sendUrl() });
  } catch { /* cancelled */ }
}

function renderEngine() {
  let label = 'idle';
  if (ai.error) label = 'unavailable';
  else if (!engineReady) label = 'starting…';
  else if (ai.busy) label = ai.purpose === 'hint' ? 'looking for a hint…' : 'thinking…';
  else if (paused) label = 'paused';
  view.renderEngineState({
    label, busy: ai.busy, purpose: ai.purpose,
    showPause: settings.mode === 'watch', paused,
  });
  if (!ai.info) view.renderEngineInfo(null);
}

function renderButtons() {
  const live = isLive();
  const setDis = (act, dis) => document.querySelectorAll(`[data-act="${act}"]`).forEach((b) => { b.disabled = dis; });
  setDis('undo', !undoCount());
  setDis('redo', !redoCount());
  setDis('hint', !engineReady || ai.busy || model.isOver() || !live || !humanPlays(model.sideToMove()));
  const nav = (k, dis) => document.querySelectorAll(`button[data-nav="${k}"]`).forEach((b) => { b.disabled = dis; });
  nav('first', viewPly === 0);
  nav('prev', viewPly === 0);
  nav('next', live);
  nav('last', live);
}

// --- dialogs ----------------------------------------------------------------------------
function openNewGame() {
  const dlg = $('dlg-new');
  const form = $('form-new');
  form.elements.mode.value = settings.mode;
  form.elements.side.value = settings.human;
  form.elements.level.value = String(settings.level);
  syncNewGameForm();
  const prev = store.peekPrevious();
  const rb = $('btn-restore-prev');
  rb.hidden = !prev;
  if (prev) rb.title = `Restore the game kept when a link was opened (${prev.moves.length} ${prev.moves.length === 1 ? 'ply' : 'plies'})`;
  dlg.showModal();
}

function syncNewGameForm() {
  const form = $('form-new');
  const mode = form.elements.mode.value;
  $('seg-side').classList.toggle('is-hidden', mode !== 'ai' && mode !== 'link');
  $('level-row').classList.toggle('is-hidden', mode === 'hotseat' || mode === 'link');
  $('link-desc').classList.toggle('is-hidden', mode !== 'link');
  const lv = Number(form.elements.level.value);
  $('level-out').textContent = String(lv);
  $('level-desc').textContent = view.LEVEL_TEXT[lv] || '';
}

function showGameOver(force) {
  if (!model.isOver()) return;
  const key = recordKey();
  if (!force && overShownFor === key) return;
  overShownFor = key;
  const st = model.status();
  const dlg = $('dlg-over');
  let title = resultTitle(st);
  if (settings.mode === 'ai' && st.state === 'checkmate') title = st.winner === settings.human ? 'You won!' : 'The computer won';
  $('dlg-over-title').textContent = title;
  $('over-reason').textContent = (st.state === 'checkmate' ? `Checkmate: ${SIDE_NAME[st.winner]} wins. ` : 'Draw. ') + resultReason(st);
  $('over-icon').innerHTML = st.state === 'checkmate'
    ? `<img src="pieces/king.svg" alt="" style="${st.winner === 'scarlet' ? 'filter: hue-rotate(-40deg) saturate(2.2) brightness(.85)' : ''}">`
    : '<img src="pieces/king.svg" alt="" style="filter: grayscale(1) brightness(.9)">';
  const moves = model.length;
  const mode = settings.mode === 'ai' ? `Computer, level ${settings.level}` : settings.mode === 'watch' ? `AI vs AI, level ${settings.level}`
    : linkMode() ? 'Play by link' : 'Two players';
  const material = view.materialText(model.live.board);
  $('over-stats').innerHTML = `<dt>Result</dt><dd>${resultScore(st)}</dd>` +
    `<dt>Moves</dt><dd>${Math.ceil(moves / 2)} (${moves} ${moves === 1 ? 'ply' : 'plies'})</dd>` +
    `<dt>Material</dt><dd>${material}</dd><dt>Opponent</dt><dd>${mode}</dd>`;
  $('btn-rematch').textContent = settings.mode === 'ai' ? `Rematch as ${SIDE_NAME[other(settings.human)]}` : 'Play again';
  if (!dlg.open) dlg.showModal();
}

// --- controls -------------------------------------------------------------------------
function wireControls() {
  document.addEventListener('click', (e) => {
    const actEl = e.target.closest('[data-act]');
    if (actEl && !actEl.disabled) {
      const act = actEl.dataset.act;
      if (act === 'undo') undo();
      else if (act === 'redo') redo();
      else if (act === 'flip') flip();
      else if (act === 'hint') askHint();
      else if (act === 'stop') stopThinking();
      else if (act === 'pause') togglePause();
      else if (act === 'share') shareLink();
      return;
    }
    const nav = e.target.closest('[data-nav]');
    if (nav && !nav.disabled) {
      const to = { first: 0, prev: viewPly - 1, next: viewPly + 1, last: model.length }[nav.dataset.nav];
      goTo(to);
      return;
    }
    const mv = e.target.closest('[data-ply]');
    if (mv) goTo(Number(mv.dataset.ply));
  });
  $('btn-new').addEventListener('click', openNewGame);
  $('btn-restore-prev').addEventListener('click', () => { $('dlg-new').close('cancel'); restorePrevious(); });
  $('btn-send-copy').addEventListener('click', copySend);
  if (navigator.share) {
    $('btn-send-share').hidden = false;
    $('btn-send-share').addEventListener('click', shareSend);
  }
  $('send-url').addEventListener('focus', (e) => e.target.select());
  // typed moves
  const mf = $('move-form'), mi = $('move-input');
  mf.addEventListener('submit', (e) => {
    e.preventDefault();
    const err = playTyped(mi.value);
    a11y.moveFeedback(mi, $('move-feedback'), err);
    if (!err) mi.value = '';
  });
  mi.addEventListener('input', () => a11y.moveFeedback(mi, $('move-feedback'), null));
  mi.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { mi.value = ''; a11y.moveFeedback(mi, $('move-feedback'), null); }
  });
  // the boards without a mouse
  keys = a11y.boardKeys({
    el: $('board'), board, ring: $('focus-ring'), desc: $('focus-desc'),
    shown: () => model.snap(viewPly).board,
    describe: describeSquare,
    activate: activateSquare,
    cancel: () => { const had = !!selected; deselect(); note = null; render(); return had; },
    start: () => selected || (settings.flipped ? '2f7' : '2f2'),
  });
  $('btn-help').addEventListener('click', () => $('dlg-help').showModal());
  const form = $('form-new');
  form.addEventListener('input', syncNewGameForm);
  $('btn-new-cancel').addEventListener('click', () => $('dlg-new').close('cancel'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const mode = form.elements.mode.value;
    let human = form.elements.side.value;
    if (human === 'random') human = Math.random() < 0.5 ? 'gold' : 'scarlet';
    const level = Number(form.elements.level.value);
    $('dlg-new').close('start');
    newGame({ mode, human, level, flipped: (mode === 'ai' || mode === 'link') && human === 'scarlet' });
  });
  $('dlg-over').addEventListener('close', () => {
    const v = $('dlg-over').returnValue;
    if (v === 'rematch') {
      const vs = settings.mode === 'ai' || settings.mode === 'link';
      const human = vs ? other(settings.human) : settings.human;
      newGame({ human, flipped: vs ? human === 'scarlet' : settings.flipped });
    }
  });

  document.addEventListener('keydown', (e) => {
    if (document.querySelector('dialog[open]')) return;
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    if (e.defaultPrevented) return;  // the boards' own keys
    if (e.key === 't' && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); $('move-input').focus(); return; }
    const ctrl = e.ctrlKey || e.metaKey;
    let handled = true;
    if (ctrl && (e.key === 'z' || e.key === 'Z') && !e.shiftKey) undo();
    else if (ctrl && (e.key === 'y' || ((e.key === 'z' || e.key === 'Z') && e.shiftKey))) redo();
    else if (ctrl || e.altKey) handled = false;
    else if (e.key === 'ArrowLeft') goTo(viewPly - 1);
    else if (e.key === 'ArrowRight') goTo(viewPly + 1);
    else if (e.key === 'ArrowUp' || e.key === 'Home') goTo(0);
    else if (e.key === 'ArrowDown' || e.key === 'End') goTo(model.length);
    else if (e.key === 'f' || e.key === 'F') flip();
    else if (e.key === 'h' || e.key === 'H') askHint();
    else if (e.key === 'n' || e.key === 'N') openNewGame();
    else if (e.key === 'p' || e.key === 'P') togglePause();
    else if (e.key === ' ' && ai.busy) stopThinking();
    else if (e.key === 'Escape') { deselect(); note = null; render(); }
    else handled = false;
    if (handled) e.preventDefault();
  });
}

boot().catch((e) => {
  console.error(e);
  hook.errors.push(String(e && e.message || e));
  document.body.classList.remove('loading');
  $('status-main').textContent = 'The game could not start';
  $('status-sub').textContent = String(e && e.message || e);
  const l = $('board-loading');
  if (l) l.remove();
});
