// The page's small DOM and HTML helpers, written once: an element by id, text escaped for
// HTML (text and attribute values alike), and a move of the notation as HTML.
/** @param {string} id
 *  @returns {any} the element: its kind is the page's (an input, a dialog, a canvas), which
 *  the caller knows by its id; null when there is none */
export const $ = (id) => document.getElementById(id);

const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe inside HTML text and inside any quoted attribute value. */
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** The elements matching `selector` under `root` (the document), as an array.
 *  @param {string} selector @param {ParentNode} [root] @returns {HTMLElement[]} */
export const all = (selector, root = document) =>
  /** @type {HTMLElement[]} */ ([...root.querySelectorAll(selector)]);

/** The element an event came from or its nearest ancestor matching `selector`; null when none.
 *  @param {Event} e @param {string} selector @returns {HTMLElement | null} */
export const closestTo = (e, selector) =>
  e.target instanceof Element ? /** @type {HTMLElement | null} */ (e.target.closest(selector)) : null;

/** A move of the notation as HTML, its check or mate suffix marked up: "R3c5<span class="chk">+</span>". */
export function moveHtml(alg) {
  const m = /^(.*?)([+#])$/.exec(alg);
  return m ? `${esc(m[1])}<span class="chk">${m[2]}</span>` : esc(alg);
}

/** The move number before the i-th move of a line (core's label, "12." or "12…"): before
 *  every Gold move and before the line's first move; '' otherwise. */
export function lineNumber(label, i) {
  return i === 0 || label.endsWith('.') ? `<span class="pv-n">${esc(label)}</span>` : '';
}

/** Calls fn() when the window's width has changed, once the resizing has settled (250 ms).
 *  @param {() => void} fn */
export function onWidthChange(fn) {
  let width = innerWidth,
    timer = 0;
  addEventListener('resize', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (innerWidth !== width) {
        width = innerWidth;
        fn();
      }
    }, 250);
  });
}

/** A new element with its properties (className, id, hidden) or attributes (any other
 *  name) and its HTML: el('dialog', {className: 'dialog', id: 'dlg-x', 'aria-labelledby': 'x'}, html). */
export function el(tag, attrs = {}, html = '') {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'className' || k === 'id' || k === 'hidden') e[k] = v;
    else e.setAttribute(k, v);
  }
  if (html) e.innerHTML = html;
  return e;
}
