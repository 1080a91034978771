// The position editor: place and remove pieces on the three levels with a palette of the 15
// piece types in both colours (and an eraser), choose the side to move, start from the
// start position or an empty board. Every change is checked by core's position-string
// reader (M.positionFromBoard): an invalid position shows the reader's reason in words and
// cannot be used; a valid one can be played against the computer or by two players,
// analysed, shared as a link or copied as an embed snippet. While it is open the editor
// owns the board (page.take / page.release: the board-owner interface of
// docs/architecture.md). The board component stays rule-free: it reports clicks on any
// square (the owner's onClick), the editor changes its board string and hands it back.
// State only: the card is editor-view.js.
import { squareWords } from '../../facts/words.js';
import { sideTerm, pieceTerm, coreRefusal } from '../../facts/terms.js';
import { pieceSide } from '../../facts/facts.js';
import { parseSquare, isSquare, SQUARES, firstSquare } from '../../facts/squares.js';
import { cleanSettings } from '../game/store.js';

import { attempt } from '../../util/result.js';
import { reason } from '../../util/i18n.js';
const EMPTY = '.'.repeat(SQUARES);

// ctl: the Controller; page: {redraw(), take(owner), release(owner), toast(text), analysis,
// copy, t (the page's words: util/i18n.js)}: copy is the ui's clipboard and address ({link(game) -> {url, copied}, embed(game) ->
// the embed code, text(text) -> a result}); M: the engine module. The card is editor-view.js.
export function createEditor(ctl, page, M) {
  const st = {
    active: false,
    board: EMPTY,
    side: 'gold',
    rules: null,
    tool: null,
    fen: null,
    error: null,
    status: null,
    check: null,
    frozen: [],
    copy: null, // text shown under the buttons for copying by hand: {text, label (a message), select (focus it once)}
  };

  // Checks the board with core's reader; a valid one also gets its check and frozen pieces.
  function validate() {
    st.fen = null;
    st.error = null;
    st.status = null;
    st.check = null;
    st.frozen = [];
    const read = attempt(() => M.positionFromBoard(st.board, st.side, st.rules)); // core's reader: its reason, if not valid
    if (read.error) {
      st.error = coreRefusal(read); // core's reason, in the reader's words (reason())
      return;
    }
    st.fen = read.value;
    const g = new M.Game(st.fen, [], st.rules);
    try {
      st.status = g.status();
      st.check = g.checkedKing();
      st.frozen = g.frozen();
    } finally {
      g.delete();
    }
  }

  function open() {
    if (st.active) return;
    const snap = ctl.shown();
    st.board = snap.board;
    st.side = snap.side;
    st.rules = ctl.model.rules; // the game's, unless changed here
    st.tool = null;
    st.active = true;
    st.copy = null;
    ctl.interrupt(); // a computer thinking about the game stops while it is edited
    if (page.analysis && page.analysis.on) page.analysis.setOn(false);
    validate();
    page.take(owner);
  }

  function close() {
    if (!st.active) return;
    st.active = false;
    st.copy = null;
    page.release(owner);
    ctl.resume(); // the game goes on where it was
  }

  // One square of the edited board set to `piece` ('.': empty), checked and shown.
  function put(sq, piece) {
    if (!st.active || !isSquare(sq) || st.board[sq] === piece) return;
    st.board = st.board.slice(0, sq) + piece + st.board.slice(sq + 1);
    validate();
    page.redraw();
  }

  // A click on a square of the board: the chosen piece there (or removed when it is there
  // already, or with the eraser).
  function click(sq) {
    if (!st.active || !isSquare(sq)) return;
    const cur = st.board[sq];
    if (st.tool === 'erase' || (st.tool && cur === st.tool)) put(sq, '.');
    else if (st.tool) put(sq, st.tool);
    else put(sq, '.'); // no piece chosen: a click removes
  }

  // A piece dragged on the board (its free mode): moved to `to`, replacing what stood
  // there, or removed when dropped off the boards (to null).
  function drop(from, to) {
    if (!st.active || !isSquare(from) || (to !== null && !isSquare(to)) || st.board[from] === '.') return;
    const b = [...st.board];
    if (to !== null) b[to] = b[from];
    b[from] = '.';
    st.board = b.join('');
    validate();
    page.redraw();
  }

  function setTool(t) {
    st.tool = st.tool === t ? null : t;
    page.redraw();
  }

  // Leaves the editor with the position as a new game.
  function use(mode) {
    if (!st.fen) return;
    const fen = st.fen;
    const human = mode === 'ai' ? st.side : ctl.settings.human;
    const settings = cleanSettings({
      ...ctl.settings,
      mode,
      human,
      tc: null,
      flipped: mode === 'ai' ? human === 'scarlet' : ctl.settings.flipped,
    }); // an edited position: no clock
    close();
    const r = ctl.reset({ settings, startFen: fen, moves: [], rules: st.rules, seen: false }); // core has read the position already
    if (r.error) page.toast(page.t('editor.unplayable', { why: reason(page.t, r) }));
  }

  async function act(what) {
    if (what === 'close') return close();
    if (what === 'start') {
      st.board = startBoard();
      st.side = 'gold';
    } else if (what === 'clear') st.board = EMPTY;
    else if (what === 'ai' || what === 'hotseat') return use(what);
    else if (what === 'analyse') {
      use('hotseat');
      if (page.analysis) page.analysis.setOn(true);
      return undefined;
    } else if (what === 'link') {
      if (!st.fen) return undefined;
      const { url, copied } = await page.copy.link({ fen: st.fen, moves: [], rules: st.rules });
      if (copied) page.toast(page.t('editor.linkCopied'));
      else showForCopying(url, 'editor.linkLabel', page.t('editor.selectLink'));
      return undefined;
    } else if (what === 'embed') {
      if (!st.fen) return undefined;
      const code = page.copy.embed({ fen: st.fen, moves: [], rules: st.rules });
      showForCopying(code, 'editor.embedLabel');
      page.toast(page.t((await page.copy.text(code)).error ? 'editor.selectEmbed' : 'editor.embedCopied'));
      return undefined;
    }
    validate();
    page.redraw();
    return undefined;
  }

  // Text under the editor's buttons, for copying by hand (selected, with a toast, if given).
  function showForCopying(text, label, toast) {
    st.copy = { text, label, select: !!toast };
    if (toast) page.toast(toast);
    page.redraw();
  }

  function startBoard() {
    const g = new M.Game();
    try {
      return g.board();
    } finally {
      g.delete();
    }
  }

  // What the board shows while editing: the edited pieces, nothing to play.
  /** @returns {import('../../util/shapes.js').BoardConfig} */
  function boardConfig() {
    return {
      pieces: st.board,
      dests: null,
      free: true,
      selected: null,
      lastMove: null,
      arrows: [],
      check: st.check ? parseSquare(st.check) : null,
      frozen: st.frozen.map(parseSquare),
      orientation: ctl.settings.flipped ? 'scarlet' : 'gold',
    };
  }

  function statusLine() {
    const t = page.t;
    const piece = (/** @type {string} */ L) =>
      t('page.piece', { side: sideTerm(t, pieceSide(L)), piece: pieceTerm(t, L) });
    return {
      text: t('editor.title'),
      sub: st.error
        ? reason(t, st.error)
        : st.tool === 'erase'
          ? t('editor.placingEraser')
          : st.tool
            ? t('editor.placing', { piece: piece(st.tool) })
            : t('editor.choose'),
      subKind: st.error ? 'warn' : 'note',
      side: st.side,
      kind: '',
    };
  }

  // Keyboard: Enter on a focused square (the boards' keys) places like a click.
  const activate = (name) => click(parseSquare(name));

  // The editor as the board's owner: clicks place and remove, drags move pieces; Escape
  // closes it (the game's keys do nothing meanwhile).
  /** @type {import('../../util/shapes.js').BoardOwner} */
  const owner = {
    boardConfig,
    statusLine,
    activate,
    onSelect: () => page.redraw(),
    onMove: () => {},
    onClick: click,
    onDrop: drop,
    describeSquare: (name) =>
      squareWords(page.t, name, { board: st.board, frozen: st.frozen, check: st.check }),
    cancel: () => {
      close();
      return true;
    },
    startSquare: () => firstSquare(ctl.settings.flipped),
    onKey(e) {
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
      }
      return true;
    },
  };

  // The card's side buttons: who is to move.
  function setSide(side) {
    st.side = side;
    validate();
    page.redraw();
  }
  // The rule set of the position ('gygax' | 'bga'): whether the side not to move is in
  // check depends on it, and the game started from it is played under it.
  function setRules(rules) {
    st.rules = rules;
    validate();
    page.redraw();
  }

  return {
    state: st,
    M,
    get active() {
      return st.active;
    },
    open,
    close,
    put,
    click,
    drop,
    activate,
    setTool,
    setSide,
    setRules,
    act,
    owner,
  };
}
