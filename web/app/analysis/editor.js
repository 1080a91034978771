// The position editor: place and remove pieces on the three levels with a palette of the 15
// piece types in both colours (and an eraser), choose the side to move, start from the
// start position or an empty board. Every change is checked by core's position-string
// reader (M.positionFromBoard): an invalid position shows the reader's reason in words and
// cannot be used; a valid one can be played against the computer or by two players,
// analysed, shared as a link or copied as an embed snippet. While it is open the editor
// owns the board (page.take / page.release: the board-owner interface of
// docs/architecture.md). The board component stays rule-free: it reports clicks on any
// square (the owner's onClick), the editor changes its board string and hands it back; a
// palette piece dropped on the boards finds its square through the board's own geometry
// (page.squareAt).
import { SIDE_NAME } from '../rules/facts.js';
import { pieceWords, squareWords } from '../rules/words.js';
import { parseSquare, isSquare } from '../rules/squares.js';
import { copyLink } from '../share/share.js';
import { copyText } from '../share/clipboard.js';
import { embedSnippet } from '../embed/embed-snippet.js';
import { pieceIcons } from '../../renderer/pieces.js';
import { cleanSettings } from '../game/store.js';

import { $, esc } from '../util/dom.js';
const EMPTY = '.'.repeat(288);

function cardHtml(M) {
  const pal = (upper) => M.PIECES.map((p) => {
    const L = upper ? p.letter.toUpperCase() : p.letter.toLowerCase();
    const name = `${SIDE_NAME[upper ? 'gold' : 'scarlet']} ${p.name}`;
    return `<button type="button" class="ed-piece" data-tool="${L}" aria-pressed="false" title="${esc(name)}: click squares to place it (again: remove), or drag it onto a square" aria-label="${esc(name)}"><span>${L}</span></button>`;
  }).join('');
  return `<header class="card-head">
      <h2>Position editor</h2>
      <button type="button" class="btn btn-icon btn-ghost btn-small" data-ed="close" title="Back to the game (Esc)" aria-label="Close the editor">
        <svg class="ico" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18"/></svg>
      </button>
    </header>
    <div class="ed-body">
      <div class="ed-col">
      <p class="ed-help">Choose a piece, then click squares on any level: it is placed there (a second click removes it). Or drag it from here onto a square. Drag a piece on the boards to move it, off the boards to remove it.</p>
      <div class="ed-tools">
        <div class="ed-palette" role="group" aria-label="Gold pieces">${pal(true)}</div>
        <div class="ed-palette" role="group" aria-label="Scarlet pieces">${pal(false)}</div>
        <button type="button" class="ed-piece ed-erase" data-tool="erase" aria-pressed="false" title="Eraser: click pieces to remove them" aria-label="Eraser">
          <svg class="ico" viewBox="0 0 24 24" aria-hidden="true"><path d="m7 20-4-4L14 5l6 6-9 9zM4 20h16M9.5 9.5l6 6"/></svg></button>
      </div>
      <div class="ed-row">
        <button type="button" class="btn btn-mini" data-ed="start">Start position</button>
        <button type="button" class="btn btn-mini" data-ed="clear">Clear</button>
      </div>
      </div>
      <div class="ed-col">
      <fieldset class="seg ed-side"><legend>To move</legend>
        <label><input type="radio" name="ed-side" value="gold"><span><i class="chip chip-gold"></i>Gold</span></label>
        <label><input type="radio" name="ed-side" value="scarlet"><span><i class="chip chip-scarlet"></i>Scarlet</span></label>
      </fieldset>
      <p class="ed-check" id="ed-check" role="status" aria-live="polite"></p>
      <div class="ed-actions">
        <button type="button" class="btn btn-primary" data-ed="ai">Play the computer</button>
        <button type="button" class="btn" data-ed="hotseat">Two players</button>
        <button type="button" class="btn" data-ed="analyse">Analyse</button>
        <button type="button" class="btn" data-ed="link">Copy link</button>
        <button type="button" class="btn" data-ed="embed">Embed code</button>
      </div>
      <textarea class="ed-embed" id="ed-embed" readonly rows="3" spellcheck="false" hidden aria-label="The embed code of this position"></textarea>
      </div>
    </div>`;
}

// ctl: the Controller; page: {redraw(), take(owner), release(owner), toast(text), analysis,
// squareAt(clientX, clientY), squareSize() (in CSS pixels)};
// M: the engine module.
export function createEditor(ctl, page, M) {
  const st = { active: false, board: EMPTY, side: 'gold', tool: null, fen: null, error: null, status: null, check: null, frozen: [] };
  let card = null;

  // Checks the board with core's reader; a valid one also gets its check and frozen pieces.
  function validate() {
    st.fen = null;
    st.error = null;
    st.status = null;
    st.check = null;
    st.frozen = [];
    try {
      st.fen = M.positionFromBoard(st.board, st.side);
    } catch (e) {
      st.error = (e && e.message) || String(e);
      return;
    }
    const g = new M.Game(st.fen);
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
    st.tool = null;
    st.active = true;
    ctl.emit('interrupt');  // a computer thinking about the game stops while it is edited
    if (page.analysis && page.analysis.on) page.analysis.setOn(false);
    document.body.classList.add('editing');
    ensureCard().hidden = false;
    validate();
    page.take(owner);
  }

  function close() {
    if (!st.active) return;
    st.active = false;
    document.body.classList.remove('editing');
    card.hidden = true;
    $('ed-embed').hidden = true;
    page.release(owner);
    ctl.emit('turn');  // the game goes on where it was
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
    else put(sq, '.');  // no piece chosen: a click removes
  }

  // A palette piece (or the eraser) dragged onto a square of the boards: placed there
  // (removing what stood there), whichever tool is chosen; dropped anywhere else, nothing
  // changes. A press that does not move is the button's click (choosing the tool).
  function paletteDrag(e) {
    const btn = e.target.closest('[data-tool]');
    if (!btn || e.button !== 0 || !st.active) return;
    const tool = btn.dataset.tool, x0 = e.clientX, y0 = e.clientY, id = e.pointerId;
    let ghost = null;
    const move = (ev) => {
      if (ev.pointerId !== id) return;
      if (!ghost) {
        if (Math.hypot(ev.clientX - x0, ev.clientY - y0) < 6) return;
        const size = page.squareSize();  // the piece as big as on the boards
        ghost = document.createElement('div');
        ghost.className = 'ed-ghost';
        ghost.setAttribute('aria-hidden', 'true');
        ghost.innerHTML = btn.innerHTML;
        ghost.style.width = ghost.style.height = `${size}px`;
        ghost.style.fontSize = `${Math.round(size * 0.6)}px`;
        document.body.append(ghost);
      }
      ghost.style.transform = `translate(${ev.clientX}px, ${ev.clientY}px) translate(-50%, -50%)`;
    };
    const end = (ev) => {
      if (ev.pointerId !== id) return;
      btn.removeEventListener('pointermove', move);
      btn.removeEventListener('pointerup', end);
      btn.removeEventListener('pointercancel', end);
      if (!ghost) return;  // a click
      ghost.remove();
      // the click this release would make on the button is not a choice of tool
      const swallow = (c) => { c.stopPropagation(); c.preventDefault(); };
      window.addEventListener('click', swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
      if (ev.type === 'pointerup') {
        const sq = page.squareAt(ev.clientX, ev.clientY);
        if (sq !== null) put(sq, tool === 'erase' ? '.' : tool);
      }
    };
    btn.setPointerCapture(id);
    btn.addEventListener('pointermove', move);
    btn.addEventListener('pointerup', end);
    btn.addEventListener('pointercancel', end);
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
    const settings = cleanSettings({ ...ctl.settings, mode, human, tc: null, flipped: mode === 'ai' ? human === 'scarlet' : ctl.settings.flipped });  // an edited position: no clock
    close();
    ctl.reset({ settings, startFen: fen, moves: [], seen: false });
  }

  async function act(what) {
    if (what === 'close') return close();
    if (what === 'start') { st.board = startBoard(); st.side = 'gold'; }
    else if (what === 'clear') st.board = EMPTY;
    else if (what === 'ai' || what === 'hotseat') return use(what);
    else if (what === 'analyse') { use('hotseat'); if (page.analysis) page.analysis.setOn(true); return undefined; }
    else if (what === 'link') {
      if (!st.fen) return undefined;
      const { url, copied } = await copyLink({ fen: st.fen, moves: [] });
      if (copied) page.toast('Link to this position copied.');
      else showForCopying(url, 'The link to this position', 'Select the link below and copy it.');
      return undefined;
    } else if (what === 'embed') {
      if (!st.fen) return undefined;
      const code = embedSnippet({ fen: st.fen, moves: [] }, location.href);
      showForCopying(code, 'The embed code of this position');
      page.toast(await copyText(code) ? 'Embed code copied: paste it into any web page.' : 'Select the embed code below and copy it.');
      return undefined;
    }
    validate();
    page.redraw();
    return undefined;
  }

  // Text under the editor's buttons, selected for copying by hand (and a toast, if given).
  function showForCopying(text, label, toast) {
    const ta = $('ed-embed');
    ta.value = text;
    ta.setAttribute('aria-label', label);
    ta.hidden = false;
    if (toast) { ta.focus(); ta.select(); page.toast(toast); }
  }

  function startBoard() {
    const g = new M.Game();
    try { return g.board(); } finally { g.delete(); }
  }

  function ensureCard() {
    if (card) return card;
    card = document.createElement('section');
    card.className = 'card card-editor';
    card.id = 'editor-card';
    card.setAttribute('aria-label', 'Position editor');
    card.innerHTML = cardHtml(M);
    document.querySelector('.side').append(card);
    card.addEventListener('click', (e) => {
      const t = e.target.closest('[data-tool]');
      if (t) { setTool(t.dataset.tool); return; }
      const b = e.target.closest('[data-ed]');
      if (b && !b.disabled) act(b.dataset.ed);
    });
    card.addEventListener('pointerdown', paletteDrag);
    card.addEventListener('change', (e) => {
      if (e.target.name !== 'ed-side') return;
      st.side = e.target.value;
      validate();
      page.redraw();
    });
    const ta = card.querySelector('#ed-embed');
    ta.addEventListener('focus', () => ta.select());
    pieceIcons().then((icons) => {
      card.querySelectorAll('.ed-piece').forEach((b) => {
        const url = icons[b.dataset.tool];
        if (url) b.innerHTML = `<img src="${url}" alt="">`;
      });
    }).catch(() => { /* letters stay */ });
    return card;
  }

  function render() {
    if (!card || !st.active) return;
    card.querySelectorAll('[data-tool]').forEach((b) => {
      const on = b.dataset.tool === st.tool;
      b.setAttribute('aria-pressed', String(on));
      b.classList.toggle('is-on', on);
    });
    card.querySelectorAll('input[name="ed-side"]').forEach((i) => { i.checked = i.value === st.side; });
    const msg = $('ed-check');
    msg.classList.toggle('is-bad', !!st.error);
    msg.textContent = st.error ? `Not a valid position: ${st.error}.`
      : st.status && st.status.over ? `Valid, and the game is already over here: ${st.status.reason}.`
        : `Valid position: ${SIDE_NAME[st.side]} to move${st.check ? ', in check' : ''}.`;
    card.querySelectorAll('.ed-actions [data-ed]').forEach((b) => {
      const playable = !!st.fen && !(st.status && st.status.over && (b.dataset.ed === 'ai' || b.dataset.ed === 'hotseat'));
      b.disabled = !playable;
    });
  }

  // What the board shows while editing: the edited pieces, nothing to play.
  function boardConfig() {
    return {
      pieces: st.board, dests: null, free: true, selected: null, lastMove: null, arrows: [],
      check: st.check ? parseSquare(st.check) : null, frozen: st.frozen.map(parseSquare),
      orientation: ctl.settings.flipped ? 'scarlet' : 'gold',
    };
  }

  function statusLine() {
    const tool = st.tool === 'erase' ? 'the eraser' : st.tool ? pieceWords(st.tool) : null;
    return {
      text: 'Position editor',
      sub: st.error ? st.error : tool ? `Placing: ${tool}` : 'Choose a piece, then click squares',
      subKind: st.error ? 'warn' : 'note', side: st.side, kind: '',
    };
  }

  // Keyboard: Enter on a focused square (the boards' keys) places like a click.
  const activate = (name) => click(parseSquare(name));

  // The editor as the board's owner: clicks place and remove, drags move pieces; Escape
  // closes it (the game's keys do nothing meanwhile).
  const owner = {
    boardConfig, statusLine, activate,
    onSelect: () => page.redraw(), onMove: () => {}, onClick: click, onDrop: drop,
    describeSquare: (name) => squareWords(name, { board: st.board, frozen: st.frozen, check: st.check }),
    cancel: () => { close(); return true; },
    startSquare: () => (ctl.settings.flipped ? '2f7' : '2f2'),
    onKey(e) { if (e.key === 'Escape') { e.preventDefault(); close(); } return true; },
  };

  return { state: st, get active() { return st.active; }, open, close, click, drop, activate, setTool, act, render, owner };
}
