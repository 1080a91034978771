// The language menu of a page (the game page's Help, the rules page, the embed gallery): a labelled <select> of
// every language a catalogue exists for, each named in itself. A choice is kept
// (util/i18n.js's LANGUAGE_KEY) and handed to the page at once, which says everything
// again in it: no reload.
//
//   const menu = languageMenu($('lang-menu'), t, (t) => retranslate(t));
//   menu.relabel(t);   // the label in the new language (the page calls it on a change)
import { LANGUAGES, loadWords, markPageLanguage, rememberLanguage } from '../../util/i18n.js';
import { settle } from '../../util/result.js';

/** @typedef {import('../../util/i18n.js').Translator} Translator */

/**
 * Fills `box` (an empty element) with the menu; `onChange(t)` gets the new language's
 * translator once its catalogue is loaded (a catalogue that cannot be fetched leaves the
 * page as it was and the menu on its language), and the document's lang attribute is the
 * language once what it returns (the page said again) has settled.
 * @param {HTMLElement} box @param {Translator} t
 * @param {(t: Translator) => void | Promise<void>} onChange
 */
export function languageMenu(box, t, onChange) {
  const id = `${box.id || 'lang'}-select`;
  const label = document.createElement('label');
  label.htmlFor = id;
  const select = document.createElement('select');
  select.id = id;
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const o = document.createElement('option');
    o.value = code;
    o.lang = code; // named in itself: read in its own language
    o.textContent = name;
    select.append(o);
  }
  select.value = t.locale;
  box.replaceChildren(label, ' ', select);
  const relabel = (/** @type {Translator} */ tr) => {
    label.textContent = tr('lang.label');
    select.value = tr.locale;
  };
  relabel(t);
  let current = t;
  select.addEventListener('change', async () => {
    const code = select.value;
    const r = await settle(loadWords(code));
    if (r.error || select.value !== code) {
      if (r.error) select.value = current.locale;
      return;
    }
    rememberLanguage(code);
    current = r.value;
    relabel(current);
    await onChange(current);
    markPageLanguage(current.locale); // only now: everything is said in it
  });
  return { relabel, select };
}
