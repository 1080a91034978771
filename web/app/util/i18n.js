// The player's language (docs/page.md, "Languages"): which one, its catalogue, and the
// page's lang attribute. The catalogues are public/i18n/<code>.json (ICU MessageFormat,
// messages.js), English the source; a page fetches the catalogue of the language in use
// only: every catalogue holds every message (tests/node/catalogues.test.mjs), so none
// needs English's beside it.
//
//   const lang = pageLanguage();                       // the stored choice, else the browser's
//   const t = await loadTranslator(lang);              // t('embed.caption.toMove', {side})
//   rememberLanguage('de');                            // the language menu's choice
import { chooseLanguage, createTranslator } from './messages.js';
import { attempt, refusal } from './result.js';

/** The languages a catalogue exists for, each named in itself (the menu shows these). */
export const LANGUAGES = Object.freeze({
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  ru: 'Русский',
  pl: 'Polski',
  'zh-Hans': '简体中文',
});
export const LANGUAGE_CODES = Object.freeze(Object.keys(LANGUAGES));
export const SOURCE_LANGUAGE = 'en';

/** Where the menu's choice is kept (the project's 'dragonchess.<what>.v1' keys). */
export const LANGUAGE_KEY = 'dragonchess.lang.v1';

// A language tag as BCP 47 writes it: letters, then subtags of letters and digits.
const TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;
/** Whether `v` is a well-formed language tag (a lang= value worth looking up). */
export const isLanguageTag = (v) => typeof v === 'string' && TAG.test(v);

/** The catalogue's code for the reader's languages (`zh`, `zh-CN` and `zh-SG` are Simplified
 *  Chinese; `zh-TW` and `zh-Hant` have no catalogue and are passed over). */
export function languageFor(wanted) {
  const list = (wanted || []).filter((w) => isLanguageTag(w) && !/^zh-(hant|tw|hk|mo)\b/i.test(w));
  return chooseLanguage(
    list.map((w) => (/^zh\b/i.test(w) ? 'zh-Hans' : w)),
    LANGUAGE_CODES,
    SOURCE_LANGUAGE,
  );
}

const browserLanguages = () =>
  typeof navigator === 'undefined' ? [] : navigator.languages || [navigator.language];

/** The stored choice of the language menu, if it names a catalogue. */
export function storedLanguage(storage = globalThis.localStorage) {
  const v = attempt(() => storage.getItem(LANGUAGE_KEY)).value;
  return typeof v === 'string' && LANGUAGE_CODES.includes(v) ? v : null;
}
/** Keeps the menu's choice (silently nothing where storage is refused). */
export function rememberLanguage(code, storage = globalThis.localStorage) {
  attempt(() => storage.setItem(LANGUAGE_KEY, code));
}

/** A page's language: `asked` (an address's lang=) if it has a catalogue, else the menu's
 *  stored choice (pages with a menu), else the browser's languages, else English. */
export function pageLanguage({ asked = null, stored = true } = {}) {
  const first = asked ? languageFor([asked]) : SOURCE_LANGUAGE;
  if (asked && (first !== SOURCE_LANGUAGE || /^en\b/i.test(asked))) return first;
  return (stored && storedLanguage()) || languageFor(browserLanguages());
}

const catalogues = new Map();
/** The catalogue of `code`, fetched once (base: the site's address; part: '' the pages'
 *  words, i18n/<code>.json, or 'learn/' the lessons' and puzzles', i18n/learn/<code>.json). */
export function fetchCatalogue(code, base = document.baseURI, part = '') {
  const key = part + code;
  if (!catalogues.has(key)) {
    const url = new URL(`i18n/${part}${code}.json`, base);
    const p = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`the catalogue ${url.pathname} could not be fetched (HTTP ${r.status})`);
      return r.json();
    });
    p.catch(() => catalogues.delete(key));
    catalogues.set(key, p);
  }
  return catalogues.get(key);
}

/** @typedef {((id: string, args?: Record<string, any>) => string) & {locale: string}} Translator */

/** Why `r` (a Failure) failed, in the words of `t`: its message's when the catalogues say
 *  it (util/result.js's refusal(): a key and its arguments; a list among them said as the
 *  language says "a, b or c", or "a, b and c" when it is allOf()'s, a refusal among them
 *  said by its own message, such as a piece's name), else its sentence (core's, in English).
 *  @param {Translator} t @param {{error?: string, args?: Record<string, any>}} r @returns {string} */
export function reason(t, r) {
  if (!r.args) return r.error;
  const args = Object.entries(r.args).map(([k, v]) => [
    k,
    Array.isArray(v)
      ? listWords(t.locale, v, true)
      : v && typeof v === 'object' && Array.isArray(v.all)
        ? listWords(t.locale, v.all)
        : v && typeof v === 'object' && typeof v.error === 'string'
          ? reason(t, v)
          : v,
  ]);
  return t(r.error, Object.fromEntries(args));
}

/** `r` as the catalogues say it: itself when it is a refusal (a key and its arguments), else
 *  the refusal 'page.browserError' ("the browser reported an error"): for a failure whose
 *  sentence is the browser's own (an exception's message, a worker's, a fetch's), English
 *  in every language.
 *  @param {{error?: string, args?: Record<string, any>}} r
 *  @returns {{error?: string, args?: Record<string, any>}} */
export function browserReason(r) {
  return r.args ? r : refusal('page.browserError');
}

/** The translator of `code` over the catalogues of `parts` (fetchCatalogue's, merged).
 *  Leaves the document's lang attribute alone.
 *  @returns {Promise<Translator>} */
export async function loadWords(code, parts = [''], base = undefined) {
  const cs = await Promise.all(parts.map((part) => fetchCatalogue(code, base, part)));
  const t = /** @type {Translator} */ (
    createTranslator({ locale: code, catalogue: Object.assign({}, ...cs) })
  );
  t.locale = code;
  return t;
}

/** Says the document is in `code` (its lang attribute): only once the page says
 *  everything in that language. */
export function markPageLanguage(code) {
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}

/** The translator of `code`; sets the document's lang attribute.
 *  @returns {Promise<Translator>} */
export async function loadTranslator(code, base) {
  const t = await loadWords(code, [''], base);
  markPageLanguage(code);
  return t;
}

/** One translator for a page's views, that speaks the language last `set` (the language
 *  menu's change): the views keep `t` and say everything again in the new language when the
 *  page redraws them.
 *  @param {Translator} first
 *  @returns {{t: Translator, set: (tr: Translator) => void}} */
export function liveTranslator(first) {
  let current = first;
  const t = /** @type {Translator} */ ((id, args) => current(id, args));
  Object.defineProperty(t, 'locale', { get: () => current.locale });
  return {
    t,
    set: (tr) => {
      current = tr;
    },
  };
}

/** The translator of `code`, or English's when that catalogue cannot be fetched (offline
 *  before a first visit cached it): a page always has words.
 *  @returns {Promise<Translator>} */
export async function loadTranslatorOrEnglish(code, base) {
  try {
    return await loadTranslator(code, base);
  } catch (e) {
    if (code === SOURCE_LANGUAGE) throw e;
    return loadTranslator(SOURCE_LANGUAGE, base);
  }
}

/** A refusal's argument that is a list meant as all of its items ("a, b and c"; a plain
 *  array is one of them: "a, b or c"). @param {string[]} items */
export const allOf = (items) => ({ all: items });

/** Names joined as the language joins a list: "a, b and c" (or "a, b or c": `or`). */
export function listWords(locale, names, or = false) {
  return new Intl.ListFormat(locale, { type: or ? 'disjunction' : 'conjunction' }).format(names);
}
