// The Dragonchess game page: puts the parts together. The board component (board.js:
// the SDL2 canvas renderer; it is handed the position and the legal destinations and
// emits moves), the rules engine on the main thread (the game record, legal destinations,
// status, notation: instant, even while the AI thinks), the controller (controller.js:
// every game action, no DOM), the AI (ai.js: the engine worker), which game is open
// (opening.js: links, saved game), dialogs, the send box, accessibility and test hooks.
// What is left here: boot, rendering the controller's state, and the page's controls.
import { createBoard } from '../../renderer/board.js';
import { loadEngine } from '../../engine/engine-loader.js';
import { GameModel } from '../game/model.js';
import { parseSquare, squareName } from '../rules/squares.js';
import { useFacts, levelName } from '../rules/facts.js';
import { moveWords, resultTitle, resultScore } from '../rules/words.js';
import { $ } from '../util/dom.js';
import * as store from '../game/store.js';
import { applyLayout, BOARD_STYLES } from './page-layout.js';
import * as view from './view.js';
import { copyLink, watchLinks } from '../share/share.js';
import * as a11y from './a11y.js';
import { Controller } from '../game/controller.js';
import { createAI } from '../game/ai.js';
import { createOpening } from '../game/opening.js';
import { createDialogs } from './dialogs.js';
import { createSendBox } from './send-box.js';
import { createHooks, connectHooks } from './hooks.js';
import { createSounds, soundFor } from './sounds.js';
import { createEmbedDialog } from '../embed/embed-dialog.js';
import { createRecordIO, recordNotes } from '../share/record-io.js';
import { computerAnswers } from '../game/offers.js';
import { createOffersPanel } from './offers-panel.js';
import { createAnalysis } from '../analysis/analysis.js';
import { createEditor } from '../analysis/editor.js';
import { createLearnUI } from '../learn/learn-ui.js';

const hook = createHooks();

async function boot() {
  const boardEl = $('board');
  applyLayout(boardEl, null);  // the page's mode from the window's size until the board can say its size
  const [board, M] = await Promise.all([
    createBoard(boardEl, { interactive: true, levels: [3, 2, 1], arrangement: BOARD_STYLES.aligned, orientation: 'gold' })
      .then((b) => { hook.boardAt = performance.now(); return b; }),
    loadEngine().then((m) => { hook.rulesAt = performance.now(); hook.engineBuild = m.build; return m; }),
  ]);
  // the boards' arrangement: levels in line (default) or the largest squares (a preference)
  let boardStyle = store.loadPrefs().boards === 'large' ? 'large' : 'aligned';
  const arrangeBtn = $('btn-arrange');
  const layout = () => {
    const L = applyLayout(boardEl, (w, h, arrangement) => board.fit(w, h, { arrangement }), boardStyle);
    board.set({ arrangement: L.arrangement });
    arrangeBtn.setAttribute('aria-pressed', String(boardStyle === 'large'));
    arrangeBtn.setAttribute('aria-label', boardStyle === 'large' ? 'Boards arranged for the largest squares' : 'Boards one above the other, files in line');
  };
  layout();
  let resizeTimer = 0;
  const relayout = () => {
    cancelAnimationFrame(resizeTimer);
    resizeTimer = requestAnimationFrame(layout);
  };
  window.addEventListener('resize', relayout);
  new ResizeObserver(relayout).observe(document.documentElement);
  useFacts(M);
  // the boards' names (core's), in the page's words for them
  const boards = [3, 2, 1].map((l) => `${levelName(l)} (level ${l})`).join(', ');
  board.canvas.setAttribute('aria-label', `Dragonchess boards: ${boards}`);
  $('board-help-levels').textContent = boards;
  document.querySelectorAll('[data-level-name]').forEach((el) => { el.textContent = levelName(el.dataset.levelName); });
  board.canvas.setAttribute('aria-describedby', 'board-help');

  const ctl = new Controller(new GameModel(M), store.cleanSettings(store.DEFAULT_SETTINGS));
  const page = new Page(ctl, board);
  page.toggleArrange = () => {
    boardStyle = boardStyle === 'large' ? 'aligned' : 'large';
    store.savePrefs({ boards: boardStyle });
    layout();
  };
  const ai = createAI(ctl, {
    onState: () => page.render(),
    onInfo: (info, side, ply) => view.renderEngineInfo(info, side, (i) => ctl.model.label(ply + i)),
    toast: (t) => view.toast(t),
    beforeMove: (r, side) => computerAnswers(ctl, M, r, side),  // a draw offer is answered on the computer's move
  });
  page.ai = ai;
  const pageApi = { render: () => page.render(), toast: (t) => view.toast(t), announce: a11y.announce, prefs: { load: store.loadPrefs, save: store.savePrefs } };
  page.analysis = hook.analysis = createAnalysis(ctl, pageApi);
  page.editor = hook.editor = createEditor(ctl, { ...pageApi, analysis: page.analysis, squareAt: (x, y) => board.squareAt(x, y), squareSize: () => board.geometry().square }, M);
  const opening = createOpening(ctl, { toast: view.toast, announce: a11y.announce, hook });
  page.opening = opening;
  page.dialogs = createDialogs(ctl, opening);
  page.sendBox = createSendBox(ctl, opening);
  page.recordIO = createRecordIO(ctl, M, opening, { toast: view.toast, hook });
  page.offers = createOffersPanel(ctl, $('offers'), view.toast);
  page.learn = createLearnUI({ M, board, page, ctl, createBoard, hook, sounds: page.sounds,  // Learn, Puzzles, piece cards
    ui: { toast: (t) => view.toast(t), announce: a11y.announce, renderStatus: view.renderStatus } });
  connectHooks(hook, { ctl, ai, board, opening, keys: () => page.keys, squarePoint: (n) => page.squarePoint(n) });

  opening.restore();
  page.wire();
  document.body.classList.remove('loading');
  page.render();
  hook.ready = true;
  hook.readyAt = performance.now();
  ai.start();
  watchLinks(opening.onLink);
  // Offline play: the service worker caches the whole site, after the page is up.
  setTimeout(() => {
    import('./pwa.js')
      .then(({ registerPWA }) => registerPWA({ onUpdate: (apply) => view.toast('A new version of Dragonchess is ready.', 0, { label: 'Reload', run: apply }) }))
      .catch((e) => console.warn('dragonchess: offline mode unavailable:', e && e.message));
  }, 1500);
  board.ready.then(() => { hook.piecesReady = true; hook.piecesReadyAt = performance.now(); });
}

// The page around the controller: draws its state, turns input into its actions.
class Page {
  constructor(ctl, board) {
    this.ctl = ctl;
    this.board = board;
    hook.sounds = [];
    this.sounds = createSounds({ onPlay: (e) => hook.sounds.push(e) });
    hook.audioState = () => this.sounds.state();
    this.embed = createEmbedDialog(ctl);
    this.keys = null;
    this.lastNoteSaid = null;
    this.wordsCache = new Map();
    ctl.on('change', () => this.render());
    ctl.on('announce', (t) => a11y.announce(t));
    ctl.on('moved', ({ plies, reverse }) => {
      if (this.mode) return;  // Learn or Puzzles has the board (learn-ui.js)
      board.set({ pieces: ctl.shown().board });
      for (const p of plies) this.animate(p, reverse);
      if (!reverse && plies.length) this.sounds.play(soundFor(plies[plies.length - 1], ctl.shown()));
      requestAnimationFrame(() => this.showLastMove());
    });
  }

  animate(p, reverse) {
    if (!p || p.kind === 'afar') return;  // a capture from afar: the Dragon stays where it is
    const a = parseSquare(p.from), b = parseSquare(p.to);
    this.board.set({ animate: reverse ? [b, a] : [a, b] });
  }

  // The centre of a square in viewport px, or null when it is not drawn.
  squarePoint(name) {
    const r = this.board.squareRect(parseSquare(name));
    return r && { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }

  // Phone: the boards scroll between the top bar and the toolbar; after a move the level
  // with the last move is scrolled into view (both its squares when they fit).
  showLastMove() {
    if (!document.body.classList.contains('layout-phone')) return;
    const last = this.ctl.shown().last;
    if (!last) return;
    const app = $('app'), view = app.getBoundingClientRect();
    const to = this.squarePoint(last.to);
    const from = this.squarePoint(last.from);
    if (!to) return;
    const margin = 36;  // a square and a bit
    const inView = (p) => p && p.y >= view.top + margin && p.y <= view.bottom - margin;
    if (inView(to) && inView(from)) return;
    const both = from && Math.abs(from.y - to.y) < view.height - 2 * margin;
    const y = both ? (from.y + to.y) / 2 : to.y;
    app.scrollBy({ top: y - (view.top + view.height / 2) });
  }

  // Words for every ply of the move list (for screen readers), cached per game.
  plyWords(k) {  // k: 1-based ply
    const m = this.ctl.model, p = m.plies[k - 1];
    const key = m.startFen + '|' + k + '|' + p.coordinate + '|' + (k > 1 ? m.plies[k - 2].coordinate : '');
    let w = this.wordsCache.get(key);
    if (!w) {
      if (this.wordsCache.size > 4000) this.wordsCache.clear();
      w = moveWords(p, m.snap(k - 1), m.snap(k));
      this.wordsCache.set(key, w);
    }
    return w;
  }

  render() {
    if (this.mode) return this.mode.render();
    const { ctl, board } = this, m = ctl.model, s = ctl.settings;
    const snap = ctl.shown();
    // the position editor or the analysis (arrows, a previewed line) over the game's board
    const editing = this.editor && this.editor.active;
    const over = editing ? this.editor : this.analysis;
    board.set(over ? over.boardConfig(ctl.boardConfig()) : ctl.boardConfig());
    const line = editing ? this.editor.statusLine() : this.analysis.previewLine() || ctl.statusLine();
    const note = ctl.note;
    if (note && note.kind === 'warn' && note.text !== this.lastNoteSaid) { this.lastNoteSaid = note.text; a11y.announce(note.text); }
    if (!note) this.lastNoteSaid = null;
    view.renderStatus(line);
    document.title = (ctl.isLive() ? line.text.replace(/…$/, '') + ' · ' : '') + 'Dragonchess';
    view.renderMatchup(ctl.players);
    const st = m.status();
    const ai = this.ai ? this.ai.state : { busy: false };
    view.renderPlayers({
      players: ctl.players, flipped: s.flipped,
      toMove: st.over ? null : m.sideToMove(),
      thinking: ai.busy && ai.purpose === 'move' ? ai.side : null,
      board: snap.board,
    });
    const s0 = m.snap(0);
    view.renderMoves({
      plies: m.plies, firstSide: s0.side, view: ctl.viewPly, words: (k) => this.plyWords(k),
      marks: this.analysis ? this.analysis.marks() : null,
      notes: recordNotes(ctl),
      result: st.over ? { score: resultScore(st), title: resultTitle(st) } : null,
    });
    this.renderEngine();
    this.renderButtons();
    if (this.analysis) this.analysis.render();
    if (editing) this.editor.render();
    if (this.sendBox) this.sendBox.render();
    if (this.offers) this.offers.render();
    if (this.keys) this.keys.refresh();
    if (this.onRendered) this.onRendered();
  }

  renderEngine() {
    const ai = this.ai ? this.ai.state : { ready: false };
    let label = 'idle';
    if (ai.error) label = 'unavailable';
    else if (!ai.ready) label = 'starting…';
    else if (ai.busy) label = ai.purpose === 'hint' ? 'looking for a hint…' : 'thinking…';
    else if (this.ctl.paused) label = 'paused';
    view.renderEngineState({ label, busy: ai.busy, purpose: ai.purpose, showPause: this.ctl.noHuman(), paused: this.ctl.paused });
    if (!ai.info) view.renderEngineInfo(null);
  }

  renderButtons() {
    const ctl = this.ctl, live = ctl.isLive();
    const setDis = (act, dis) => document.querySelectorAll(`[data-act="${act}"]`).forEach((b) => { b.disabled = dis; });
    setDis('undo', !ctl.undoCount());
    setDis('redo', !ctl.redoCount());
    setDis('hint', !(this.ai && this.ai.canHint()));
    const nav = (k, dis) => document.querySelectorAll(`button[data-nav="${k}"]`).forEach((b) => { b.disabled = dis; });
    nav('first', ctl.viewPly === 0);
    nav('prev', ctl.viewPly === 0);
    nav('next', live);
    nav('last', live);
  }

  // --- board input --------------------------------------------------------------------
  // The board selects pieces and emits move(from, to) onto a legal destination it was
  // handed; the controller owns the selection (its notes say why a piece cannot move) and
  // each render hands it back to the board.
  onSelect(sq) {
    if (this.mode) return this.mode.onSelect(sq);
    const ctl = this.ctl;
    if (this.editor && this.editor.active) { this.render(); return; }  // the editor takes clicks
    if (this.analysis.previewLine()) { this.analysis.endPreview(); return; }  // as browsing: back to the game
    if (!ctl.isLive()) { ctl.goTo(ctl.model.length); return; }
    if (sq === null) { ctl.deselect(); ctl.note = null; }
    else ctl.select(squareName(sq));
    this.render();
  }
  onMove(from, to) {
    if (this.mode) return this.mode.onMove(from, to);
    if (this.editor && this.editor.active) return;
    const err = this.ctl.playSquares(from, to);
    if (err) view.toast('That move could not be played: ' + err);
  }

  // Enter or Space on a focused square: select the piece, play the move to it, or cancel.
  activateSquare(name) {
    if (this.mode) return this.mode.activate(name);
    const ctl = this.ctl;
    if (this.editor && this.editor.active) { this.editor.activate(name); return; }
    if (this.analysis.previewLine()) { this.analysis.endPreview(); return; }
    if (!ctl.isLive() || (ctl.selected && ctl.dests.some((d) => d.to === name)) || ctl.selected === name) {
      const err = ctl.click(name);
      if (err) view.toast('That move could not be played: ' + err);
      return;
    }
    ctl.select(name);
    if (!ctl.pieceAt(name) && !ctl.note) ctl.note = { text: `${name} is empty: choose a piece to move.`, kind: 'warn' };
    this.render();
    // a piece that cannot move: render() has said why (the note); a list of no moves says nothing
    if (ctl.selected && ctl.dests.length) {
      const ds = ctl.dests;
      a11y.announce(`${ctl.describeSquare(name).split(', selected')[0]} selected: ${ds.length} ${ds.length === 1 ? 'move' : 'moves'}: ${ds.map((d) => d.to).join(', ')}.`);
    }
  }

  async shareLink() {
    const { copied } = await copyLink(this.opening.gameLink());
    // The address bar holds the same link (the page keeps it there).
    view.toast(copied ? 'Link to this game copied.' : 'The browser did not allow copying: copy the link from the address bar.');
  }

  // --- controls -----------------------------------------------------------------------
  wire() {
    const { ctl, board, ai } = this;
    board.on('select', (sq) => this.onSelect(sq));
    board.on('move', (from, to) => this.onMove(from, to));
    board.on('click', (sq) => this.editor.click(sq));
    board.on('drop', (from, to) => this.editor.drop(from, to));
    $('dlg-over').addEventListener('close', () => { if ($('dlg-over').returnValue === 'review') this.analysis.startReview(); });
    // the keyboard focus follows a click or tap, on any square
    board.canvas.addEventListener('click', (e) => {
      const sq = board.squareAt(e.clientX, e.clientY);
      if (sq !== null && this.keys) this.keys.setFocus(squareName(sq), false);
    });
    const acts = {
      undo: () => ctl.undo(), redo: () => ctl.redo(), flip: () => ctl.flip(), hint: () => ai.hint(),
      stop: () => ai.stop(), pause: () => ctl.togglePause(), share: () => this.shareLink(), record: () => this.recordIO.open(),
      'two-players': () => ctl.setPlayers({ mode: 'hotseat' }),
      sound: () => this.sounds.toggle(),
      embed: () => this.embed.open(), endpreview: () => this.analysis.endPreview(),
      analyse: () => this.analysis.toggle(), review: () => this.analysis.startReview(), editor: () => this.editor.open(),
      arrange: () => this.toggleArrange(),
    };
    document.addEventListener('click', (e) => {
      const actEl = e.target.closest('[data-act]');
      if (actEl && !actEl.disabled) {
        const act = acts[actEl.dataset.act];
        if (act) act();
        return;
      }
      const nav = e.target.closest('[data-nav]');
      if (nav && !nav.disabled) {
        ctl.goTo({ first: 0, prev: ctl.viewPly - 1, next: ctl.viewPly + 1, last: ctl.model.length }[nav.dataset.nav]);
        return;
      }
      const mv = e.target.closest('[data-ply]');
      if (mv) ctl.goTo(Number(mv.dataset.ply));
    });
    this.sounds.bindButton($('btn-sound'));
    this.dialogs.wire();
    this.sendBox.wire();
    // typed moves
    const mf = $('move-form'), mi = $('move-input');
    mf.addEventListener('submit', (e) => {
      e.preventDefault();
      const err = ctl.playTyped(mi.value);
      a11y.moveFeedback(mi, $('move-feedback'), err);
      // played: the box lets go of the focus, so that T (and the other keys) work again;
      // refused: it keeps it, to correct the move
      if (!err) { mi.value = ''; mi.blur(); }
    });
    mi.addEventListener('input', () => a11y.moveFeedback(mi, $('move-feedback'), null));
    mi.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') { mi.value = ''; a11y.moveFeedback(mi, $('move-feedback'), null); }
    });
    // the boards without a mouse
    this.keys = a11y.boardKeys({
      el: $('board'), squareRect: (sq) => board.squareRect(sq), ring: $('focus-ring'), desc: $('focus-desc'),
      shown: () => (this.mode ? this.mode.pieces() : ctl.shown().board),
      describe: (name) => (this.mode ? this.mode.describeSquare(name) : ctl.describeSquare(name)),
      activate: (name) => this.activateSquare(name),
      cancel: () => {
        if (this.mode) return this.mode.cancel();
        const had = !!ctl.selected; ctl.deselect(); ctl.note = null; this.render(); return had;
      },
      start: () => (this.mode ? this.mode.start() : ctl.selected || (ctl.settings.flipped ? '2f7' : '2f2')),
    });
    document.addEventListener('keydown', (e) => this.onKey(e));
  }

  onKey(e) {
    const { ctl, ai } = this;
    if (document.querySelector('dialog[open]')) return;
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    if (e.defaultPrevented) return;  // the boards' own keys
    if (this.mode && this.mode.onKey(e)) return;  // Learn or Puzzles
    if (this.editor.active) { if (e.key === 'Escape') { e.preventDefault(); this.editor.close(); } return; }
    if (!e.ctrlKey && !e.metaKey && !e.altKey && this.analysis.onKey(e)) { e.preventDefault(); return; }
    if (e.key === 't' && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); $('move-input').focus(); return; }
    const ctrl = e.ctrlKey || e.metaKey;
    let handled = true;
    if (ctrl && (e.key === 'z' || e.key === 'Z') && !e.shiftKey) ctl.undo();
    else if (ctrl && (e.key === 'y' || ((e.key === 'z' || e.key === 'Z') && e.shiftKey))) ctl.redo();
    else if (ctrl || e.altKey) handled = false;
    else if (e.key === 'ArrowLeft') ctl.goTo(ctl.viewPly - 1);
    else if (e.key === 'ArrowRight') ctl.goTo(ctl.viewPly + 1);
    else if (e.key === 'ArrowUp' || e.key === 'Home') ctl.goTo(0);
    else if (e.key === 'ArrowDown' || e.key === 'End') ctl.goTo(ctl.model.length);
    else if (e.key === 'f' || e.key === 'F') ctl.flip();
    else if ((e.key === 'b' || e.key === 'B') && !document.body.classList.contains('layout-phone')) this.toggleArrange();
    else if (e.key === 'h' || e.key === 'H') ai.hint();
    else if (e.key === 'n' || e.key === 'N') this.dialogs.openNewGame();
    else if (e.key === 'p' || e.key === 'P') ctl.togglePause();
    else if (e.key === 'm' || e.key === 'M') this.sounds.toggle();
    else if (e.key === ' ' && ai.state.busy) ai.stop();
    else if (e.key === 'Escape') { ctl.deselect(); ctl.note = null; this.render(); }
    else handled = false;
    if (handled) e.preventDefault();
  }
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
