// The boards as text, for screen readers (docs/page.md, "The text view"): each level a grid
// of squares a reader walks with the arrow keys, PageUp/PageDown to the same square on the
// level above or below; every square says what stands on it, above it and below it, whether
// it is frozen, and which enemy pieces on other levels attack it; Enter selects and plays as
// on the canvas, and the selected piece's moves are a list of buttons. It draws from what the
// page last drew (whoever owns the board: the game, a lesson, the editor) and plays through
// that owner, so it decides nothing itself.
import { parseSquare, squareName } from '../../facts/squares.js';
import { listWords } from '../../util/i18n.js';
import { pieceSide } from '../../facts/facts.js';
import { pieceTerm, sideTerm, levelTerm } from '../../facts/terms.js';
import { $ } from '../../util/dom.js';

/** @typedef {import('../../util/i18n.js').Translator} Translator */

/** 'W' -> "Gold Warrior" in the reader's words; an empty square -> `none`. */
export function pieceWithSide(/** @type {Translator} */ t, /** @type {string} */ letter, none = '') {
  const side = pieceSide(letter);
  return side ? t('page.piece', { side: sideTerm(t, side), piece: pieceTerm(t, letter) }) : none;
}

const FILES = 'abcdefghijkl';
const RANKS = 8;
const LEVELS = [3, 2, 1]; // top first, as the boards are drawn

/** @typedef {{square: string, by: string[]}} Threat a piece attacked from another level */

/** The square at the same file and rank on another level, or null off the three. */
function neighbour(/** @type {string} */ name, /** @type {number} */ dl) {
  const l = Number(name[0]) + dl;
  return l >= 1 && l <= 3 ? l + name.slice(1) : null;
}

/**
 * What a square says: "2e4, Gold Warrior, frozen; above, 3e4: empty; below, 1e4: Scarlet
 * Basilisk; attacked from another level by the Scarlet Dragon on 3e6".
 * @param {string} name @param {{board: string, frozen: string[], threats: Threat[], describe: (n: string) => string, t: Translator}} o
 */
export function textSquareWords(name, { board, frozen, threats, describe, t }) {
  const parts = [describe(name)];
  const frozenWord = t('page.textView.frozen');
  if (frozen.includes(name) && !parts[0].includes(frozenWord)) parts.push(frozenWord);
  for (const dl of [1, -1]) {
    const n = neighbour(name, dl);
    const piece = n && pieceWithSide(t, board[parseSquare(n)], t('page.textView.empty'));
    if (n) parts.push(t(dl > 0 ? 'page.textView.above' : 'page.textView.below', { square: n, piece }));
  }
  const threat = threats.find((x) => x.square === name);
  if (threat) {
    const by = threat.by.map((q) =>
      t('page.textView.by', { piece: pieceWithSide(t, board[parseSquare(q)]), square: q }),
    );
    parts.push(t('page.textView.attackedBy', { pieces: listWords(t.locale, by) }));
  }
  return parts.join('; ');
}

/**
 * The text view: a section with a grid per level, built once; render() fills it from the
 * page's last drawing. Hidden until shown (the toggle button, remembered in the prefs).
 * @param {{page: {shown: () => any, owner: () => any, owners: any[]}, threats: () => Threat[],
 *   prefs: {load: () => any, save: (p: object) => void}, t: Translator, root?: HTMLElement | null}} o
 */
export function createTextView({ page, threats, prefs, t, root = $('text-view') }) {
  const toggle = /** @type {HTMLButtonElement | null} */ ($('text-view-toggle'));
  if (!root || !toggle) return { render() {} };
  /** @type {Map<string, HTMLButtonElement>} */
  const cells = new Map();
  let focus = '2a1'; // the square that takes the Tab stop (roving tabindex)
  const movesEl = /** @type {HTMLElement} */ (root.querySelector('.tv-moves'));
  const summaryEl = /** @type {HTMLElement} */ (root.querySelector('.tv-summary'));
  const grids = /** @type {HTMLElement} */ (root.querySelector('.tv-grids'));

  for (const level of LEVELS) {
    const table = document.createElement('table');
    table.className = 'tv-grid';
    table.setAttribute('role', 'grid');
    table.createCaption().dataset.level = String(level); // its words: render()
    const head = table.createTHead().insertRow();
    head.appendChild(document.createElement('td'));
    for (const f of FILES) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = f;
      head.appendChild(th);
    }
    const body = table.createTBody();
    for (let r = RANKS; r >= 1; r--) {
      const row = body.insertRow();
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = String(r);
      row.appendChild(th);
      for (const f of FILES) {
        const td = row.insertCell();
        td.setAttribute('role', 'gridcell');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'tv-square';
        b.dataset.square = `${level}${f}${r}`;
        b.tabIndex = -1;
        cells.set(b.dataset.square, b);
        td.appendChild(b);
      }
    }
    grids.appendChild(table);
  }

  const shown = () => root.hidden === false;
  const setShown = (/** @type {boolean} */ on, save = true) => {
    root.hidden = !on;
    toggle.setAttribute('aria-expanded', String(on));
    toggle.textContent = t(on ? 'page.textView.hide' : 'page.textView.show');
    if (save) prefs.save({ textView: on });
    if (on) render();
  };
  toggle.addEventListener('click', () => setShown(!shown()));

  const moveFocus = (/** @type {string} */ name) => {
    const b = cells.get(name);
    if (!b) return;
    cells.get(focus).tabIndex = -1;
    focus = name;
    b.tabIndex = 0;
    b.focus();
  };
  grids.addEventListener('click', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('.tv-square');
    if (!(b instanceof HTMLButtonElement)) return;
    focus = b.dataset.square;
    page.owner().activate(b.dataset.square);
  });
  grids.addEventListener('keydown', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('.tv-square');
    if (!(b instanceof HTMLButtonElement)) return;
    const name = b.dataset.square;
    const level = Number(name[0]),
      file = FILES.indexOf(name[1]),
      rank = Number(name.slice(2));
    const at = (/** @type {number} */ l, /** @type {number} */ f, /** @type {number} */ r) =>
      l >= 1 && l <= 3 && f >= 0 && f < FILES.length && r >= 1 && r <= RANKS ? `${l}${FILES[f]}${r}` : null;
    const to = {
      ArrowUp: at(level, file, rank + 1),
      ArrowDown: at(level, file, rank - 1),
      ArrowLeft: at(level, file - 1, rank),
      ArrowRight: at(level, file + 1, rank),
      PageUp: at(level + 1, file, rank),
      PageDown: at(level - 1, file, rank),
      Home: at(level, 0, rank),
      End: at(level, FILES.length - 1, rank),
    }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      e.stopPropagation();
      if (to) moveFocus(to);
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      page.owner().cancel();
    }
  });
  movesEl.addEventListener('click', (e) => {
    const b = /** @type {HTMLElement} */ (e.target).closest('button[data-square]');
    if (b instanceof HTMLButtonElement) page.owner().activate(b.dataset.square);
  });

  /** Fills the grids, the summary and the move list from the page's last drawing. */
  // the words that do not change with the position (said again on a change of language)
  let saidIn = '';
  function sayFrame() {
    if (saidIn === t.locale) return;
    saidIn = t.locale;
    toggle.textContent = t(shown() ? 'page.textView.hide' : 'page.textView.show');
    for (const caption of grids.querySelectorAll('caption')) {
      const level = Number(caption.dataset.level);
      caption.textContent = t('page.textView.grid', { name: levelTerm(t, level), level });
      caption.parentElement.setAttribute('aria-label', caption.textContent);
    }
  }

  function render() {
    sayFrame();
    if (!shown()) return;
    const drawn = page.shown();
    if (!drawn) return;
    const owner = page.owner();
    const board = drawn.pieces;
    const frozen = (drawn.frozen || []).map(squareName);
    const crossing = owner === page.owners[0] ? threats() : [];
    const describe = (/** @type {string} */ n) => owner.describeSquare(n);
    for (const [name, b] of cells) {
      const letter = board[parseSquare(name)];
      b.textContent = letter === '.' ? '·' : letter;
      b.setAttribute('aria-label', textSquareWords(name, { board, frozen, threats: crossing, describe, t }));
      b.classList.toggle('is-selected', drawn.selected === parseSquare(name));
    }
    if (!cells.get(focus) || cells.get(focus).tabIndex !== 0) {
      for (const b of cells.values()) b.tabIndex = -1;
      cells.get(focus).tabIndex = 0;
    }
    summaryEl.textContent = crossing.length
      ? t('page.textView.attacked', {
          pieces: crossing
            .map((x) =>
              t('page.textView.on', {
                piece: pieceWithSide(t, board[parseSquare(x.square)]),
                square: x.square,
              }),
            )
            .join(', '),
        })
      : t('page.textView.noneAttacked');
    // The selected piece's moves, as buttons (choose one to play it).
    movesEl.replaceChildren();
    const sel = drawn.selected;
    const dests = sel === null || !drawn.dests ? [] : drawn.dests.get(sel) || [];
    if (sel !== null && dests.length) {
      const afar = new Set((drawn.afar && drawn.afar.get(sel)) || []);
      const h = document.createElement('p');
      h.textContent = t('page.textView.movesOf', {
        piece: pieceWithSide(t, board[sel]),
        square: squareName(sel),
      });
      const list = document.createElement('ul');
      for (const d of dests) {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.square = squareName(d);
        const level = Math.floor(d / 96) !== Math.floor(sel / 96) ? levelTerm(t, squareName(d)[0]) : '';
        b.textContent = t('page.textView.move', {
          square: squareName(d),
          kind: afar.has(d) ? 'afar' : board[d] !== '.' ? 'capture' : 'move',
          piece: pieceWithSide(t, board[d]),
          to: level ? 'level' : 'same',
          level,
        });
        li.appendChild(b);
        list.appendChild(li);
      }
      movesEl.append(h, list);
    }
  }

  sayFrame();
  setShown(prefs.load().textView === true, false);
  return { render };
}
