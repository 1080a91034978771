// The list of a record's games in the record dialog (record-dialog.js): a virtual list, so
// that a file of 100,000 games costs what one of 30 does.
import { esc } from '../../util/dom.js';

// The list of a text's games, however many: the games stay in core's list, and only the
// rows in view (and a few around them) are in the page, their lines asked for as they come
// into view (`linesOf(from, to)`), so a list of 100,000 costs what one of 30 does. Rows are
// ROW_PX high (style.css .rec-list); the arrow keys, Home and End move between games,
// scrolling the list as they go.
const ROW_PX = 34;
const ROWS_AROUND = 10;
/**
 * The rows of a list of games in `scroll` (a box holding an <ol>); linesOf(from, to) gives
 * the lines of games from..to-1. Returns {grow(n, last), length(), focus(i)}.
 * @param {HTMLElement} scroll @param {(from: number, to: number) => string[]} linesOf
 */
export function gameRows(scroll, linesOf) {
  const ol = scroll.querySelector('ol');
  let length = 0;
  let shown = '',
    wanted = 0; // the rows in the page; the end of the rows in view (not yet cut to the list)
  function draw() {
    const first = Math.max(0, Math.floor(scroll.scrollTop / ROW_PX) - ROWS_AROUND);
    wanted = Math.ceil((scroll.scrollTop + (scroll.clientHeight || 10 * ROW_PX)) / ROW_PX) + ROWS_AROUND;
    const last = Math.min(length, wanted);
    ol.style.height = length * ROW_PX + 'px';
    ol.style.paddingTop = first * ROW_PX + 'px';
    const key = `${first} ${last} ${length}`;
    if (key === shown) return;
    shown = key;
    const lines = linesOf(first, last);
    let html = '';
    for (let i = first; i < first + lines.length; i++) {
      const line = esc(lines[i - first]);
      html += `<li value="${i + 1}" aria-setsize="${length}" aria-posinset="${i + 1}"><button type="button" class="btn btn-ghost rec-game" data-game="${i}" title="${line}">${line}</button></li>`;
    }
    ol.innerHTML = html;
  }
  function focus(i) {
    if (!length) return;
    i = Math.max(0, Math.min(length - 1, i));
    const top = i * ROW_PX,
      h = scroll.clientHeight || ROW_PX;
    if (top < scroll.scrollTop) scroll.scrollTop = top;
    else if (top + ROW_PX > scroll.scrollTop + h) scroll.scrollTop = top + ROW_PX - h;
    draw();
    /** @type {HTMLElement | null} */ (ol.querySelector(`[data-game="${i}"]`))?.focus();
  }
  scroll.addEventListener('scroll', draw);
  scroll.addEventListener('keydown', (e) => {
    const b = /** @type {HTMLElement} */ (/** @type {HTMLElement} */ (e.target).closest('[data-game]'));
    if (!b) return;
    const i = Number(b.dataset.game),
      page = Math.max(1, Math.floor(scroll.clientHeight / ROW_PX) - 1);
    const to = {
      ArrowDown: i + 1,
      ArrowUp: i - 1,
      PageDown: i + page,
      PageUp: i - page,
      Home: 0,
      End: length - 1,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    focus(to);
  });
  return {
    // More games listed (`n` in all): the rows in view drawn again only when some of them
    // are new (reading the scroll position lays the page out: not at every chunk of a list).
    // The last growth draws them again whatever (their count of rows, aria-setsize).
    grow(n, last) {
      const before = length;
      length = n;
      if (before < wanted || !before || last) draw();
      else ol.style.height = length * ROW_PX + 'px';
    },
    length: () => length,
    focus,
  };
}
