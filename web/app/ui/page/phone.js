// The page on small screens, around the boards: the sheet of the game's actions (a phone's
// toolbar holds the moves' buttons, the sheet the rest, one tap away), panels brought into
// view when asked for (they lie below the boards on a phone), and dialogs that open at their
// top. The arrangement itself is page-layout.js's.
import { $ } from '../../util/dom.js';

const onPhone = () => document.body.classList.contains('layout-phone');
const turnedFocus = () => document.body.classList.contains('layout-low');

/** Whether the game's panels may lie out of view: below the boards on a phone, or down the
 *  column that scrolls beside the level in play on a phone turned (the focus view). */
export const panelsOutOfView = () => onPhone() || turnedFocus();

/**
 * Brings a panel asked for (the analysis, a game's review) into view on a phone, once the
 * page has drawn it (it may not exist yet): under the status line (style.css: its scroll
 * margin), or turned, at the top of the column beside the boards.
 * @param {string} id
 */
export function showPanel(id) {
  if (!panelsOutOfView()) return;
  const show = (frames) => {
    const el = $(id);
    if (el && !el.hidden && el.offsetHeight > 0) {
      const side = el.closest('.side');
      // (the column alone scrolls: scrollIntoView would also scroll the page under the top bar)
      if (turnedFocus() && side)
        side.scrollTop += el.getBoundingClientRect().top - side.getBoundingClientRect().top;
      else el.scrollIntoView({ block: 'start' });
    } else if (frames > 0) requestAnimationFrame(() => show(frames - 1));
  };
  requestAnimationFrame(() => show(10));
}

/**
 * Opens the sheet of actions (a dialog of buttons): a button's own click does the action
 * (the page's [data-act] and [data-offer] handlers), and closes the sheet first; so does a
 * tap beside it. (The sheet is wired once: its data-wired attribute says so.)
 * @param {HTMLDialogElement} dlg
 */
export function openSheet(dlg) {
  if (!dlg.dataset.wired) {
    dlg.dataset.wired = '1';
    dlg.addEventListener('click', (e) => {
      const t = /** @type {Element} */ (e.target);
      if (t === dlg || t.closest('button[data-act], button[data-offer]')) dlg.close();
    });
  }
  dlg.showModal();
}

/**
 * Every dialog opens at its top, its title and first choices in view, whichever control
 * takes the focus (a focused button at the bottom scrolls a dialog taller than the window
 * to its end). The dialogs fit the window and scroll inside (style.css).
 */
export function dialogsOpenAtTop() {
  new MutationObserver((records) => {
    for (const r of records) {
      const d = r.target;
      if (d instanceof HTMLDialogElement && d.open) d.scrollTop = 0;
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
}
