// The page's small DOM and HTML helpers, written once: an element by id, text escaped for
// HTML (text and attribute values alike), and a move of the notation as HTML.
export const $ = (id) => document.getElementById(id);

const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text made safe inside HTML text and inside any quoted attribute value. */
export const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ENTITIES[c]);

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
