// The game page around the boards: who owns the board, the one redraw, and the input.
//
// Who owns the board: every mode that can show its own position on the boards (the game,
// the position editor, a previewed analysis line, a lesson, a puzzle) is a board owner, one
// interface (docs/architecture.md): boardConfig() the board's whole state, statusLine(),
// and its input: onSelect, onMove, onClick, onDrop, activate, cancel, describeSquare,
// startSquare, selectedSquare, onKey. The owners are a stack: the game at the bottom; a mode
// takes the board (take) and gives it back (release); the one on top is handed the board's
// state and its input. Nothing else decides who has the board.
//
// Drawing: every change anywhere asks for redraw(); the page draws once in the next
// animation frame, everything from the state: the board (from the owner on top), the
// status line, the panels.
import * as a11y from './a11y.js';
import { squareName, parseSquare, firstSquare } from '../../facts/squares.js';
import { moveWords, resultScore, focusWords } from '../../facts/words.js';
import { endTitle } from './end-words.js';
import { recordNotes } from '../../session/share/record.js';
import { asksForTakeback, takebackState, undoOrAsk } from '../../session/game/offers.js';
import { soundFor } from './sounds.js';
import { $, all } from '../../util/dom.js';
import { count } from '../../util/plural.js';

// What every owner's board starts from: a key an owner leaves out is not left over from another.
const BLANK = Object.freeze({
  dests: null,
  afar: null,
  free: false,
  lastMove: null,
  check: null,
  checkers: [],
  premove: null,
  frozen: [],
  selected: null,
  arrows: [],
});

export class Page {
  // ctl: the Controller; board: the board component; sounds: createSounds(); view: createView();
  // announce: the page's voice (a11y.js's createAnnouncer())
  constructor({ ctl, board, sounds, view, announce, t }) {
    this.ctl = ctl;
    /** @type {import('../../util/i18n.js').Translator} the page's words */
    this.t = t;
    /** @type {(text: string) => void} */
    this.announce = announce;
    /** @type {ReturnType<import('./view.js').createView>} the chrome around the boards */
    this.view = view;
    this.board = board;
    this.sounds = sounds;
    this.ai = null; // set by the page's maker, as are the panels below
    this.analysis = null;
    this.keys = null;
    this.panels = []; // {render()} drawn after the board and the status line, in order
    /** @type {{openNewGame: (preset?: object) => void} | null} the new-game dialog (dialogs.js) */
    this.dialogs = null;
    /** @type {() => void} B: the boards' other arrangement (the page's maker sets it) */
    this.toggleArrange = () => {};
    /** @type {() => void} V: the three boards or one level large (the page's maker sets it) */
    this.toggleView = () => {};
    this.owners = [this.gameOwner()];
    this.drawn = null;
    this.frame = 0;
    this.animations = []; // [from, to] slides for the next draw
    this.gameSlides = []; // the game's moves' slides, for the next draw when the game has the board
    this.followLastMove = false;
    this.lastNoteSaid = null;
    this.wordsCache = new Map();
    this.redraw = this.redraw.bind(this);
    ctl.on('change', this.redraw);
    ctl.on('announce', (t) => this.announce(t));
    ctl.on('moved', ({ plies, reverse }) => {
      // the slides show when the game has the board at the next drawing (draw())
      for (const p of plies)
        if (p && p.kind !== 'afar')
          this.gameSlides.push((reverse ? [p.to, p.from] : [p.from, p.to]).map(parseSquare));
      if (!reverse && plies.length) this.sounds.play(soundFor(plies[plies.length - 1], ctl.shown()));
      this.followLastMove = true;
      this.redraw();
    });
  }

  // --- who owns the board ---------------------------------------------------------------
  /** @returns {import('../../util/shapes.js').BoardOwner} */
  owner() {
    return this.owners[this.owners.length - 1];
  }
  /** A mode takes the board: it is drawn from `owner` and gets the board's input.
   *  @param {import('../../util/shapes.js').BoardOwner} owner */
  take(owner) {
    this.owners = this.owners.filter((o) => o !== owner);
    this.owners.push(owner);
    this.redraw();
  }
  /** The mode gives the board back to the one it took it from.
   *  @param {import('../../util/shapes.js').BoardOwner} owner */
  release(owner) {
    if (owner === this.owners[0]) return;
    this.owners = this.owners.filter((o) => o !== owner);
    this.redraw();
  }

  // The game as the board's owner: the controller's board with the analysis's arrows.
  /** @returns {import('../../util/shapes.js').BoardOwner} */
  gameOwner() {
    const page = this,
      ctl = this.ctl;
    return {
      boardConfig() {
        const c = ctl.boardConfig();
        const extra = page.analysis ? page.analysis.arrows() : [];
        return extra.length ? { ...c, arrows: [...c.arrows, ...extra] } : c;
      },
      statusLine: () => ctl.statusLine(),
      title: (line) => (ctl.isLive() ? line.text.replace(/…$/, '') + ' · ' : '') + 'Dragonchess',
      selectedSquare: () => ctl.selected,
      // The board selects pieces and emits move(from, to) onto a legal destination it was
      // handed; the controller owns the selection (its notes say why a piece cannot move).
      onSelect(sq) {
        if (!ctl.isLive()) {
          ctl.goTo(ctl.model.length);
          return;
        }
        if (sq === null) ctl.clearSelection();
        else {
          ctl.select(squareName(sq));
          page.redraw();
        }
      },
      onMove(from, to) {
        const r = ctl.playSquares(from, to);
        if (r.error) page.view.toast(page.t('page.moveRefused', { why: r.error }));
      },
      // a click on the boards cancels a queued move (a new one may be chosen)
      onClick() {
        ctl.cancelPremove();
      },
      describeSquare: (name) => ctl.describeSquare(name),
      // Enter or Space on a focused square: select the piece, play the move to it, or cancel.
      activate(name) {
        if (
          !ctl.isLive() ||
          (ctl.selected && ctl.dests.some((d) => d.to === name)) ||
          ctl.selected === name
        ) {
          const r = ctl.click(name);
          if (r.error) page.view.toast(page.t('page.moveRefused', { why: r.error }));
          return;
        }
        ctl.choose(name);
        // a piece that cannot move: the note says why (the drawing says it); a list of no moves says nothing
        if (ctl.selected && ctl.dests.length) {
          const ds = ctl.dests;
          page.announce(
            `${ctl.describeSquare(name).split(', selected')[0]} selected: ${count(ds.length, { one: 'move', other: 'moves' })}: ${ds.map((d) => d.to).join(', ')}.`,
          );
        }
      },
      cancel: () => ctl.cancel(),
      startSquare: () => ctl.selected || firstSquare(ctl.settings.flipped),
      onKey: (e) => page.gameKey(e),
    };
  }

  // --- drawing -----------------------------------------------------------------------------
  /** Asks for a drawing of everything, once, in the next animation frame. */
  redraw() {
    if (!this.frame)
      this.frame = requestAnimationFrame(() => {
        this.frame = 0;
        this.draw();
      });
  }
  /** Draws now what a pending redraw would draw (the page's first picture). */
  flush() {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.draw();
  }
  /** A piece's slide from one square to another, shown by the next drawing. */
  animate(from, to) {
    this.animations.push([from, to]);
    this.redraw();
  }

  /** The board's state as last drawn (the pieces and marks on show), or null before the first drawing. */
  shown() {
    return this.drawn;
  }

  draw() {
    const owner = this.owner();
    this.drawn = { ...BLANK, ...owner.boardConfig() };
    this.board.set(this.drawn);
    const slides = this.gameSlides.splice(0);
    if (owner === this.owners[0]) this.animations.unshift(...slides);
    for (const a of this.animations.splice(0)) this.board.set({ animate: a });
    const line = owner.statusLine();
    this.view.renderStatus(line);
    document.title = owner.title ? owner.title(line) : 'Dragonchess';
    this.drawGame();
    for (const p of this.panels) p.render();
    if (this.keys) this.keys.refresh();
    if (this.followLastMove) {
      this.followLastMove = false;
      this.showLastMove();
    }
  }

  // The game's panels: the players, the move list, the engine, the controls.
  drawGame() {
    const { ctl } = this,
      m = ctl.model,
      s = ctl.settings;
    const note = ctl.note;
    if (note && note.kind === 'warn' && note.text !== this.lastNoteSaid) {
      this.lastNoteSaid = note.text;
      this.announce(note.text);
    }
    if (!note) this.lastNoteSaid = null;
    this.view.renderMatchup(ctl.players);
    this.view.renderRules(m.rules);
    const st = m.status();
    const ai = this.ai ? this.ai.state : { busy: false, ready: false };
    this.view.renderPlayers({
      players: ctl.players,
      flipped: s.flipped,
      toMove: st.over ? null : m.sideToMove(),
      thinking: ai.busy && ai.purpose === 'move' ? ai.side : null,
      board: ctl.shown().board,
      captured: m.captured(ctl.viewPly),
      clock: !!ctl.clock,
    });
    this.view.renderMoves({
      plies: m.plies,
      firstSide: m.snap(0).side,
      view: ctl.viewPly,
      words: (k) => this.plyWords(k),
      marks: this.analysis ? this.analysis.marks() : null,
      notes: recordNotes(ctl),
      result: st.over ? { score: resultScore(st), title: endTitle(this.t, st) } : null,
    });
    let state = 'idle';
    if (ai.error) state = 'unavailable';
    else if (!ai.ready) state = 'starting';
    else if (ai.busy) state = ai.purpose === 'hint' ? 'hint' : 'thinking';
    else if (ctl.paused) state = 'paused';
    this.view.renderEngineState({
      label: this.t('page.engineState', { state }),
      busy: ai.busy,
      purpose: ai.purpose,
      showPause: ctl.noHuman(),
      paused: ctl.paused,
    });
    // In a game against the computer or by link the card shows nothing of either side's
    // thinking (the computer's plans, a hint's search) unless the player opens the analysis.
    const hidden = !!ctl.humanSide() && !(this.analysis && this.analysis.on);
    const info = hidden ? null : ai.info;
    this.view.renderEngineInfo(
      info || null,
      info && info.side,
      (i) => m.label(info.ply + i),
      hidden ? this.t('page.pvHidden') : undefined,
    );
    const setDis = (sel, dis) =>
      document.querySelectorAll(sel).forEach((b) => {
        b.disabled = dis;
      });
    setDis('[data-act="undo"]', asksForTakeback(ctl) ? !takebackState(ctl).canAsk : !ctl.undoCount());
    const refusal = ctl.undoRefusal();
    all('[data-act="undo"]').forEach((b) => {
      b.title = refusal || this.t('page.undo.title');
    });
    setDis('[data-act="redo"]', !ctl.redoCount());
    setDis('[data-act="hint"]', !(this.ai && this.ai.canHint()));
    setDis('button[data-nav="first"]', ctl.viewPly === 0);
    setDis('button[data-nav="prev"]', ctl.viewPly === 0);
    setDis('button[data-nav="next"]', ctl.isLive());
    setDis('button[data-nav="last"]', ctl.isLive());
  }

  // Words for every ply of the move list (for screen readers), cached per game.
  plyWords(k) {
    // k: 1-based ply
    const m = this.ctl.model,
      p = m.plies[k - 1];
    const key = m.startFen + '|' + k + '|' + p.coordinate + '|' + (k > 1 ? m.plies[k - 2].coordinate : '');
    let w = this.wordsCache.get(key);
    if (!w) {
      if (this.wordsCache.size > 4000) this.wordsCache.clear();
      w = moveWords(p, m.snap(k - 1), m.snap(k));
      this.wordsCache.set(key, w);
    }
    return w;
  }

  // The centre of a square in viewport px, or null when it is not drawn.
  squarePoint(name) {
    const r = this.board.squareRect(parseSquare(name));
    return r && { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }

  // Phone: the boards scroll between the status line (which stays) and the toolbar; after a
  // move the level with the last move is scrolled into view (both its squares when they fit).
  showLastMove() {
    const last = this.ctl.shown().last;
    if (last) this.showSquares(last.from, last.to);
  }

  // A phone turned (or turned back): the scrolling part from its top (the status line hides
  // no rank; turned, every square is in view there), then upright the selected piece, or else
  // the last move, in view once the boards have their new size (the same place two frames
  // running).
  afterTurn() {
    $('app').scrollTop = 0;
    if (document.body.classList.contains('layout-turned')) return;
    const last = this.ctl.shown().last;
    const [from, to] = this.ctl.selected
      ? [this.ctl.selected, this.ctl.selected]
      : last
        ? [last.from, last.to]
        : [];
    if (!to) return;
    let was = '';
    const settle = (frames) => {
      const p = this.squarePoint(to),
        at = p ? `${p.x} ${p.y}` : '';
      if (at === was || !frames) this.showSquares(from, to);
      else requestAnimationFrame(() => settle(frames - 1));
      was = at;
    };
    settle(10);
  }

  // Phone: scrolls the boards so that the square `to` (and `from` when both fit) is in view.
  showSquares(fromName, toName) {
    if (!document.body.classList.contains('layout-phone')) return;
    const app = $('app'),
      r = app.getBoundingClientRect(),
      strip = $('status-strip').offsetHeight;
    const box = { top: r.top + strip, bottom: r.bottom, height: r.height - strip };
    // boards that fit under the status line (the focus view: the level in play and its
    // mini-maps) are kept whole in view, never scrolled half under it
    const b = $('board').getBoundingClientRect();
    if (b.height <= box.height + 1) {
      if (b.top < box.top - 1) app.scrollBy({ top: b.top - box.top });
      else if (b.bottom > box.bottom + 1) app.scrollBy({ top: b.bottom - box.bottom });
      return;
    }
    const to = this.squarePoint(toName);
    const from = this.squarePoint(fromName);
    if (!to) return;
    const margin = 36; // a square and a bit
    const inView = (p) => p && p.y >= box.top + margin && p.y <= box.bottom - margin;
    if (inView(to) && inView(from)) return;
    const both = from && Math.abs(from.y - to.y) < box.height - 2 * margin;
    const y = both ? (from.y + to.y) / 2 : to.y;
    app.scrollBy({ top: y - (box.top + box.height / 2) });
  }

  // --- input ---------------------------------------------------------------------------------
  // The board's events and the boards' keys go to the owner on top.
  wireBoard() {
    const { board } = this;
    board.on('select', (sq) => this.owner().onSelect(sq));
    board.on('move', (from, to) => this.owner().onMove(from, to));
    board.on('click', (sq) => {
      const o = this.owner();
      if (o.onClick) o.onClick(sq);
    });
    // the focus view: another level drawn large by a tap, a swipe or a drag, said (the keys say
    // it with the square they reach, a11y.js)
    board.on('focus', (level) => this.announce(focusWords(level)));
    board.on('drop', (from, to) => {
      const o = this.owner();
      if (o.onDrop) o.onDrop(from, to);
    });
    // the keyboard focus follows a click or tap, on any square
    board.canvas.addEventListener('click', (e) => {
      const sq = board.squareAt(e.clientX, e.clientY);
      if (sq !== null && this.keys) this.keys.setFocus(squareName(sq), false);
    });
    // the boards without a mouse
    const page = this;
    this.keys = a11y.boardKeys({
      el: $('board'),
      squareRect: (sq) => board.squareRect(sq),
      ring: $('focus-ring'),
      desc: $('focus-desc'),
      describe: (name) => this.owner().describeSquare(name),
      activate: (name) => this.owner().activate(name),
      cancel: () => this.owner().cancel(),
      start: () => this.owner().startSquare(),
      showLevel: (level) => board.set({ focus: level }),
      get edge() {
        return page.t('page.edge');
      },
    });
  }

  // A key anywhere on the page: to the owners from the top, until one takes it.
  onKey(e) {
    if (document.querySelector('dialog[open]')) return;
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    if (e.defaultPrevented) return; // the boards' own keys
    for (let i = this.owners.length - 1; i >= 0; i--)
      if (this.owners[i].onKey && this.owners[i].onKey(e)) return;
  }

  // Undo: at once against the computer; between people, a takeback request (offers.js).
  // Why it did not happen goes under the status line, where the button's title says it
  // too, not in a note over the players.
  undo() {
    const r = undoOrAsk(this.ctl);
    if (r.error) this.ctl.setNote({ text: r.error, kind: 'note' });
  }

  // The game's keys (the analysis's first: A, X).
  gameKey(e) {
    const { ctl, ai } = this;
    if (this.analysis && this.analysis.onKey(e)) {
      e.preventDefault();
      return true;
    }
    if (e.key === 't' && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      $('move-input').focus();
      return true;
    }
    const ctrl = e.ctrlKey || e.metaKey;
    let handled = true;
    if (ctrl && (e.key === 'z' || e.key === 'Z') && !e.shiftKey) this.undo();
    else if (ctrl && (e.key === 'y' || ((e.key === 'z' || e.key === 'Z') && e.shiftKey))) ctl.redo();
    else if (ctrl || e.altKey) handled = false;
    else if (e.key === 'ArrowLeft') ctl.goTo(ctl.viewPly - 1);
    else if (e.key === 'ArrowRight') ctl.goTo(ctl.viewPly + 1);
    else if (e.key === 'ArrowUp' || e.key === 'Home') ctl.goTo(0);
    else if (e.key === 'ArrowDown' || e.key === 'End') ctl.goTo(ctl.model.length);
    else if (e.key === 'f' || e.key === 'F') ctl.flip();
    else if ((e.key === 'b' || e.key === 'B') && !document.body.classList.contains('layout-phone'))
      this.toggleArrange();
    else if (e.key === 'v' || e.key === 'V') this.toggleView();
    else if (e.key === 'h' || e.key === 'H') ai.hint();
    else if (e.key === 'n' || e.key === 'N') this.dialogs.openNewGame();
    else if (e.key === 'p' || e.key === 'P') ctl.togglePause();
    else if (e.key === 'm' || e.key === 'M') this.sounds.toggle();
    else if (e.key === ' ' && ai.state.busy) ai.stop();
    else if (e.key === 'Escape') ctl.cancel();
    else handled = false;
    if (handled) e.preventDefault();
    return handled;
  }
}
