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
