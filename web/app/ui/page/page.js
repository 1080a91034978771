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
import { moveWords, resultScore, squareWords, destinationWords } from '../../facts/words.js';
import { endTitle } from '../../facts/end-words.js';
import { levelTerm } from '../../facts/terms.js';
import { recordNotes } from '../../session/share/record.js';
import { asksForTakeback, takebackState, undoOrAsk } from '../../session/game/offers.js';
import { sayNote } from '../../session/game/controller.js';
import { reason } from '../../util/i18n.js';
import { soundFor } from './sounds.js';
import { $, all } from '../../util/dom.js';
import { withReadOnly } from '../../util/read-only.js';

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

/**
 * The page around the boards. ctl: the game's controller; board: the board component;
 * sounds: createSounds(); view: createView(); announce: the page's voice (a11y.js's
 * createAnnouncer()); t: the page's words (a translator). The parts made after it (the computer, the analysis, the new-game
 * dialog, the panels, the boards' two toggles) are handed in by attach().
 */
export function createPage({ ctl, board, sounds, view, announce, t }) {
  const st = {
    ctl,
    /** @type {import('../../util/i18n.js').Translator} the page's words */
    t,
    /** @type {(text: string) => void} */
    announce,
    /** @type {ReturnType<import('./view.js').createView>} the chrome around the boards */
    view,
    board,
    sounds,
    /** @type {any} */
    ai: null, // attach()'s, as are the panels below
    /** @type {any} */
    analysis: null,
    /** @type {any} */
    keys: null,
    /** @type {{render: () => void}[]} drawn after the board and the status line, in order */
    panels: [],
    /** @type {{openNewGame: (preset?: object) => void} | null} the new-game dialog (dialogs.js) */
    dialogs: null,
    /** @type {() => void} B: the boards' other arrangement */
    toggleArrange: () => {},
    /** @type {() => void} V: the three boards or one level large */
    toggleView: () => {},
    /** @type {import('../../util/shapes.js').BoardOwner[]} */
    owners: [],
    /** @type {any} */
    drawn: null,
    /** the id of the last owner's scene drawn (shapes.js Scene) */
    sceneId: '',
    frame: 0,
    /** @type {number[][]} [from, to] slides for the next draw */
    animations: [],
    /** @type {number[][]} the game's moves' slides, for the next draw when the game has the board */
    gameSlides: [],
    followLastMove: false,
    /** @type {string | null} */
    lastNoteSaid: null,
    wordsCache: new Map(),
  };
  const page = withReadOnly(st, ['view', 'keys', 'frame', 'owners', 'toggleArrange', 'toggleView'], {
    /**
     * Hands in the parts made after the page: the computer (`ai`), the analysis, the
     * new-game dialog, more panels (drawn in order), the boards' two toggles (B and V).
     * @param {{ai?: any, analysis?: any, dialogs?: any, panels?: {render: () => void}[],
     *   toggleArrange?: () => void, toggleView?: () => void}} parts
     */
    attach({ panels = [], ...parts }) {
      Object.assign(st, parts);
      st.panels.push(...panels);
    },

    // --- who owns the board ---------------------------------------------------------------
    /** @returns {import('../../util/shapes.js').BoardOwner} */
    owner() {
      return st.owners[st.owners.length - 1];
    },
    /** A mode takes the board: it is drawn from `owner` and gets the board's input.
     *  @param {import('../../util/shapes.js').BoardOwner} owner */
    take(owner) {
      st.owners = st.owners.filter((o) => o !== owner);
      st.owners.push(owner);
      page.redraw();
    },
    /** The mode gives the board back to the one it took it from.
     *  @param {import('../../util/shapes.js').BoardOwner} owner */
    release(owner) {
      if (owner === st.owners[0]) return;
      st.owners = st.owners.filter((o) => o !== owner);
      page.redraw();
    },

    // The game as the board's owner: the controller's board with the analysis's arrows.
    /** @returns {import('../../util/shapes.js').BoardOwner} */
    gameOwner() {
      const ctl = st.ctl;
      return {
        boardConfig() {
          const c = ctl.boardConfig();
          const extra = st.analysis ? st.analysis.arrows() : [];
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
          if (r.error) st.view.toast(st.t('page.moveRefused', { why: reason(st.t, r) }));
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
            if (r.error) st.view.toast(st.t('page.moveRefused', { why: reason(st.t, r) }));
            return;
          }
          ctl.choose(name);
          // a piece that cannot move: the note says why (the drawing says it); a list of no moves says nothing
          if (ctl.selected && ctl.dests.length) {
            st.announce(
              st.t('square.announceSelected', {
                what: squareWords(st.t, name, ctl.shown()),
                moves: destinationWords(st.t, ctl.dests),
              }),
            );
          }
        },
        cancel: () => ctl.cancel(),
        startSquare: () => ctl.selected || firstSquare(ctl.settings.flipped),
        onKey: (e) => page.gameKey(e),
      };
    },

    // --- drawing -----------------------------------------------------------------------------
    /** Asks for a drawing of everything, once, in the next animation frame. */
    redraw() {
      if (!st.frame)
        st.frame = requestAnimationFrame(() => {
          st.frame = 0;
          page.draw();
        });
    },
    /** Draws now what a pending redraw would draw (the page's first picture). */
    flush() {
      if (st.frame) cancelAnimationFrame(st.frame);
      st.frame = 0;
      page.draw();
    },
    /** A piece's slide from one square to another, shown by the next drawing. */
    animate(from, to) {
      st.animations.push([from, to]);
      page.redraw();
    },

    /** The board's state as last drawn (the pieces and marks on show), or null before the first drawing. */
    shown() {
      return st.drawn;
    },

    draw() {
      const owner = page.owner();
      st.drawn = { ...BLANK, ...owner.boardConfig() };
      st.board.set(st.drawn);
      const scene = owner.scene?.();
      if (scene && scene.id !== st.sceneId) st.board.set({ focus: scene.level });
      st.sceneId = scene ? scene.id : '';
      const slides = st.gameSlides.splice(0);
      if (owner === st.owners[0]) st.animations.unshift(...slides);
      for (const a of st.animations.splice(0)) st.board.set({ animate: a });
      const line = owner.statusLine();
      st.view.renderStatus(line);
      document.title = owner.title ? owner.title(line) : 'Dragonchess';
      page.drawGame();
      for (const p of st.panels) p.render();
      if (st.keys) st.keys.refresh();
      if (st.followLastMove) {
        st.followLastMove = false;
        page.showLastMove();
      }
    },

    // The game's panels: the players, the move list, the engine, the controls.
    drawGame() {
      const ctl = st.ctl,
        m = ctl.model,
        s = ctl.settings;
      const note = ctl.note;
      if (note && note.kind === 'warn' && note.text !== st.lastNoteSaid) {
        st.lastNoteSaid = note.text;
        st.announce(note.text);
      }
      if (!note) st.lastNoteSaid = null;
      st.view.renderMatchup(ctl.players);
      st.view.renderRules(m.rules);
      const stat = m.status();
      const ai = st.ai ? st.ai.state : { busy: false, ready: false };
      st.view.renderPlayers({
        players: ctl.players,
        flipped: s.flipped,
        toMove: stat.over ? null : m.sideToMove(),
        thinking: ai.busy && ai.purpose === 'move' ? ai.side : null,
        board: ctl.shown().board,
        captured: m.captured(ctl.viewPly),
        clock: !!ctl.clock,
      });
      st.view.renderMoves({
        plies: m.plies,
        firstSide: m.snap(0).side,
        view: ctl.viewPly,
        words: (k) => page.plyWords(k),
        marks: st.analysis ? st.analysis.marks() : null,
        notes: recordNotes(ctl),
        result: stat.over ? { score: resultScore(stat), title: endTitle(st.t, stat) } : null,
      });
      let state = 'idle';
      if (ai.error) state = 'unavailable';
      else if (!ai.ready) state = 'starting';
      else if (ai.busy) state = ai.purpose === 'hint' ? 'hint' : 'thinking';
      else if (ctl.paused) state = 'paused';
      st.view.renderEngineState({
        label: st.t('page.engineState', { state }),
        busy: ai.busy,
        purpose: ai.purpose,
        showPause: ctl.noHuman(),
        paused: ctl.paused,
      });
      // In a game against the computer or by link the card shows nothing of either side's
      // thinking (the computer's plans, a hint's search) unless the player opens the analysis.
      const hidden = !!ctl.humanSide() && !(st.analysis && st.analysis.on);
      const info = hidden ? null : ai.info;
      st.view.renderEngineInfo(
        info || null,
        info && info.side,
        (i) => m.label(info.ply + i),
        hidden ? st.t('page.pvHidden') : undefined,
      );
      const setDis = (sel, dis) =>
        document.querySelectorAll(sel).forEach((b) => {
          b.disabled = dis;
        });
      setDis('[data-act="undo"]', asksForTakeback(ctl) ? !takebackState(ctl).canAsk : !ctl.undoCount());
      const refusal = ctl.undoRefusal();
      all('[data-act="undo"]').forEach((b) => {
        b.title = refusal ? reason(st.t, refusal) : st.t('page.undo.title');
      });
      setDis('[data-act="redo"]', !ctl.redoCount());
      setDis('[data-act="hint"]', !(st.ai && st.ai.canHint()));
      setDis('button[data-nav="first"]', ctl.viewPly === 0);
      setDis('button[data-nav="prev"]', ctl.viewPly === 0);
      setDis('button[data-nav="next"]', ctl.isLive());
      setDis('button[data-nav="last"]', ctl.isLive());
    },

    // Words for every ply of the move list (for screen readers), cached per game.
    plyWords(k) {
      // k: 1-based ply
      const m = st.ctl.model,
        p = m.plies[k - 1];
      const key =
        st.t.locale +
        '|' +
        m.startFen +
        '|' +
        k +
        '|' +
        p.coordinate +
        '|' +
        (k > 1 ? m.plies[k - 2].coordinate : '');
      let w = st.wordsCache.get(key);
      if (!w) {
        if (st.wordsCache.size > 4000) st.wordsCache.clear();
        w = moveWords(st.t, p, m.snap(k - 1), m.snap(k));
        st.wordsCache.set(key, w);
      }
      return w;
    },

    // The centre of a square in viewport px, or null when it is not drawn.
    squarePoint(name) {
      const r = st.board.squareRect(parseSquare(name));
      return r && { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    },

    // Phone: the boards scroll between the status line (which stays) and the toolbar; after a
    // move the level with the last move is scrolled into view (both its squares when they fit).
    showLastMove() {
      const last = st.ctl.shown().last;
      if (last) page.showSquares(last.from, last.to);
    },

    // A phone turned (or turned back): the scrolling part from its top (the status line hides
    // no rank; turned, every square is in view there), then upright the selected piece, or else
    // the last move, in view once the boards have their new size (the same place two frames
    // running).
    afterTurn() {
      $('app').scrollTop = 0;
      if (document.body.classList.contains('layout-turned')) return;
      const last = st.ctl.shown().last;
      const [from, to] = st.ctl.selected
        ? [st.ctl.selected, st.ctl.selected]
        : last
          ? [last.from, last.to]
          : [];
      if (!to) return;
      let was = '';
      const settle = (frames) => {
        const p = page.squarePoint(to),
          at = p ? `${p.x} ${p.y}` : '';
        if (at === was || !frames) page.showSquares(from, to);
        else requestAnimationFrame(() => settle(frames - 1));
        was = at;
      };
      settle(10);
    },

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
      const to = page.squarePoint(toName);
      const from = page.squarePoint(fromName);
      if (!to) return;
      const margin = 36; // a square and a bit
      const inView = (p) => p && p.y >= box.top + margin && p.y <= box.bottom - margin;
      if (inView(to) && inView(from)) return;
      const both = from && Math.abs(from.y - to.y) < box.height - 2 * margin;
      const y = both ? (from.y + to.y) / 2 : to.y;
      app.scrollBy({ top: y - (box.top + box.height / 2) });
    },

    // --- input ---------------------------------------------------------------------------------
    // The board's events and the boards' keys go to the owner on top.
    wireBoard() {
      const { board } = st;
      board.on('select', (sq) => page.owner().onSelect(sq));
      board.on('move', (from, to) => page.owner().onMove(from, to));
      board.on('click', (sq) => {
        const o = page.owner();
        if (o.onClick) o.onClick(sq);
      });
      // the focus view: another level drawn large by a tap, a swipe or a drag, said (the keys say
      // it with the square they reach, a11y.js)
      board.on('focus', (level) =>
        st.announce(st.t('note.keys.focus', { level, name: levelTerm(st.t, level) })),
      );
      board.on('drop', (from, to) => {
        const o = page.owner();
        if (o.onDrop) o.onDrop(from, to);
      });
      // the keyboard focus follows a click or tap, on any square
      board.canvas.addEventListener('click', (e) => {
        const sq = board.squareAt(e.clientX, e.clientY);
        if (sq !== null && st.keys) st.keys.setFocus(squareName(sq), false);
      });
      // the boards without a mouse
      st.keys = a11y.boardKeys({
        el: $('board'),
        squareRect: (sq) => board.squareRect(sq),
        ring: $('focus-ring'),
        desc: $('focus-desc'),
        describe: (name) => page.owner().describeSquare(name),
        activate: (name) => page.owner().activate(name),
        cancel: () => page.owner().cancel(),
        start: () => page.owner().startSquare(),
        showLevel: (level) => board.set({ focus: level }),
        t: st.t,
      });
    },

    // A key anywhere on the page: to the owners from the top, until one takes it.
    onKey(e) {
      if (document.querySelector('dialog[open]')) return;
      const tag = (e.target && e.target.tagName) || '';
      if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
      if (e.defaultPrevented) return; // the boards' own keys
      for (let i = st.owners.length - 1; i >= 0; i--) if (st.owners[i].onKey && st.owners[i].onKey(e)) return;
    },

    // Undo: at once against the computer; between people, a takeback request (offers.js).
    // Why it did not happen goes under the status line, where the button's title says it
    // too, not in a note over the players.
    undo() {
      const r = undoOrAsk(st.ctl);
      if (r.error) st.ctl.setNote(sayNote('note', () => reason(st.ctl.t, r))); // said again in a new language
    },

    // The game's keys (the analysis's first: A, X).
    gameKey(e) {
      const { ctl, ai } = st;
      if (st.analysis && st.analysis.onKey(e)) {
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
      if (ctrl && (e.key === 'z' || e.key === 'Z') && !e.shiftKey) page.undo();
      else if (ctrl && (e.key === 'y' || ((e.key === 'z' || e.key === 'Z') && e.shiftKey))) ctl.redo();
      else if (ctrl || e.altKey) handled = false;
      else if (e.key === 'ArrowLeft') ctl.goTo(ctl.viewPly - 1);
      else if (e.key === 'ArrowRight') ctl.goTo(ctl.viewPly + 1);
      else if (e.key === 'ArrowUp' || e.key === 'Home') ctl.goTo(0);
      else if (e.key === 'ArrowDown' || e.key === 'End') ctl.goTo(ctl.model.length);
      else if (e.key === 'f' || e.key === 'F') ctl.flip();
      else if ((e.key === 'b' || e.key === 'B') && !document.body.classList.contains('layout-phone'))
        st.toggleArrange();
      else if (e.key === 'v' || e.key === 'V') st.toggleView();
      else if (e.key === 'h' || e.key === 'H') ai.hint();
      else if (e.key === 'n' || e.key === 'N') st.dialogs.openNewGame();
      else if (e.key === 'p' || e.key === 'P') ctl.togglePause();
      else if (e.key === 'm' || e.key === 'M') st.sounds.toggle();
      else if (e.key === ' ' && ai.state.busy) ai.stop();
      else if (e.key === 'Escape') ctl.cancel();
      else handled = false;
      if (handled) e.preventDefault();
      return handled;
    },
  });
  st.owners = [page.gameOwner()];
  ctl.on('change', page.redraw);
  ctl.on('announce', (t) => st.announce(t));
  ctl.on('moved', ({ plies, reverse }) => {
    // the slides show when the game has the board at the next drawing (draw())
    for (const p of plies)
      if (p && p.kind !== 'afar')
        st.gameSlides.push((reverse ? [p.to, p.from] : [p.from, p.to]).map(parseSquare));
    if (!reverse && plies.length) st.sounds.play(soundFor(plies[plies.length - 1], ctl.shown()));
    st.followLastMove = true;
    page.redraw();
  });
  return page;
}

/** @typedef {ReturnType<typeof createPage>} Page */
