// The words a page's HTML holds, from the catalogue (docs/page.md, "Languages"): the HTML
// names a message by its key and holds no English of its own; this fills it in, at the
// start and again on a change of language.
//
//   <span data-i18n="page.undo"></span>                      text: the message
//   <button data-i18n-title="page.flip.title" data-i18n-label="page.flip">   title, aria-label
//     (and data-i18n-placeholder, data-i18n-roledescription: placeholder, aria-roledescription)
//   <p data-i18n="page.depth"><b id="eng-depth" data-i18n-arg="value"></b></p>
//     a message with elements inside ("{value} depth"): each element marked
//     data-i18n-arg="<name>" is kept and put where the message says {name}
//
//   translateDom(document, t);
/** @typedef {import('./i18n.js').Translator} Translator */

const ATTRIBUTES = Object.freeze({
  title: 'title',
  label: 'aria-label',
  placeholder: 'placeholder',
  roledescription: 'aria-roledescription',
});
const MARK = /\uE000(\w+)\uE001/;

/** The elements that fill `el`'s message: its data-i18n-arg descendants, not those of a
 *  message inside it. @param {Element} el */
function argumentsOf(el) {
  /** @type {Record<string, Element>} */
  const args = {};
  for (const a of el.querySelectorAll('[data-i18n-arg]'))
    if (a.parentElement?.closest('[data-i18n]') === el)
      args[/** @type {string} */ (a.getAttribute('data-i18n-arg'))] = a;
  return args;
}

/** `el` says the message `key`, its argument elements in their places. */
function fill(/** @type {Element} */ el, /** @type {string} */ key, /** @type {Translator} */ t) {
  const args = argumentsOf(el);
  const names = Object.keys(args);
  if (!names.length) {
    el.textContent = t(key);
    return;
  }
  const marked = t(key, Object.fromEntries(names.map((n) => [n, `\uE000${n}\uE001`])));
  // split() with a group: text, a name, text, a name, ..., text
  const parts = marked.split(MARK).map((p, i) => (i % 2 ? args[p] : p));
  el.replaceChildren(...parts.filter((p) => p !== ''));
}

/** Every marked element under `root` in the language of `t`.
 *  @param {ParentNode} root @param {Translator} t */
export function translateDom(root, t) {
  for (const el of root.querySelectorAll('[data-i18n]'))
    fill(el, /** @type {string} */ (el.getAttribute('data-i18n')), t);
  for (const [name, attribute] of Object.entries(ATTRIBUTES))
    for (const el of root.querySelectorAll(`[data-i18n-${name}]`))
      el.setAttribute(attribute, t(/** @type {string} */ (el.getAttribute(`data-i18n-${name}`))));
}
