// Messages in the player's language (docs/page.md, "Languages"). A catalogue is a JSON
// object of message identifiers to ICU MessageFormat strings, one file a language; ICU's
// syntax is the one translation tools and translators already know (plural and select
// with the language's own plural categories, `#` for the count, apostrophe quoting), and
// the subset read here needs no library: the browser's Intl does the plural rules and
// the numbers.
//
// Supported: text; {name}; {name, number} and {name, number, integer|percent};
// {name, plural, [offset:N] =N {..} zero|one|two|few|many|other {..}} with `#`;
// {name, selectordinal, ...} likewise; {name, select, key {..} other {..}}. Quoting as
// ICU's default mode: '' is one apostrophe; an apostrophe before { } or (in a plural) #
// starts quoted text up to the next single apostrophe; any other apostrophe is itself
// (so "l'échiquier" needs no escape).

/** @typedef {{type: 'arg', name: string, style?: string}} ArgPart */
/** @typedef {{type: 'pound'}} PoundPart */
/** @typedef {{type: 'plural' | 'selectordinal' | 'select', name: string, offset: number, options: Record<string, Part[]>}} ChoicePart */
/** @typedef {string | ArgPart | PoundPart | ChoicePart} Part */
/** What a message asks for: its arguments, with the selectors each choice offers.
 *  @typedef {{args: string[], choices: Record<string, string[]>}} MessageShape */

const PLURAL_KEYS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
const NUMBER_STYLES = new Set(['integer', 'percent']);

/** A message that does not parse: names the problem and where it is. */
export class MessageSyntaxError extends Error {
  /** @param {string} problem @param {string} source @param {number} at */
  constructor(problem, source, at) {
    super(`${problem} at character ${at + 1} of "${source}"`);
    this.name = 'MessageSyntaxError';
  }
}

/** A message's source parsed once into parts.
 *  @param {string} source @returns {Part[]} */
export function parseMessage(source) {
  if (typeof source !== 'string') throw new TypeError('a message must be a string');
  let i = 0;
  const fail = (/** @type {string} */ problem, at = i) => {
    throw new MessageSyntaxError(problem, source, at);
  };
  const space = () => {
    while (i < source.length && /\s/.test(source[i])) i++;
  };
  const word = () => {
    const m = /^[A-Za-z0-9_]+/.exec(source.slice(i));
    if (!m) fail('a name is expected');
    i += m[0].length;
    return m[0];
  };
  const expect = (/** @type {string} */ c) => {
    if (source[i] !== c)
      fail(i < source.length ? `"${c}" is expected, not "${source[i]}"` : `"${c}" is missing`);
    i++;
  };

  /** Parts up to the end, or up to the "}" closing a choice's option (not consumed).
   *  @param {boolean} inPlural @param {boolean} nested @returns {Part[]} */
  function parts(inPlural, nested) {
    /** @type {Part[]} */
    const out = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    while (i < source.length) {
      const c = source[i];
      if (c === "'") {
        const next = source[i + 1];
        if (next === "'") {
          text += "'";
          i += 2;
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          // Quoted text up to the next single apostrophe ('' inside is one).
          i++;
          for (;;) {
            if (i >= source.length) fail('a quoted text is not closed');
            if (source[i] === "'") {
              if (source[i + 1] === "'") {
                text += "'";
                i += 2;
              } else {
                i++;
                break;
              }
            } else text += source[i++];
          }
        } else {
          text += c;
          i++;
        }
      } else if (c === '{') {
        flush();
        out.push(argument());
      } else if (c === '}') {
        if (!nested) fail('a "}" closes nothing');
        break;
      } else if (c === '#' && inPlural) {
        flush();
        out.push({ type: 'pound' });
        i++;
      } else {
        text += c;
        i++;
      }
    }
    flush();
    return out;
  }

  /** @returns {Part} */
  function argument() {
    const open = i;
    i++; // {
    space();
    const name = word();
    space();
    if (i >= source.length) fail(`the argument "${name}" is not closed`, open);
    if (source[i] === '}') {
      i++;
      return { type: 'arg', name };
    }
    expect(',');
    space();
    const type = word();
    space();
    if (type === 'number') {
      let style;
      if (source[i] === ',') {
        i++;
        space();
        style = word();
        if (!NUMBER_STYLES.has(style)) fail(`the number style "${style}" is not one of integer, percent`);
        space();
      }
      expect('}');
      return style ? { type: 'arg', name, style: style } : { type: 'arg', name, style: 'number' };
    }
    if (type !== 'plural' && type !== 'select' && type !== 'selectordinal')
      fail(`"${type}" is not a kind of argument (number, plural, selectordinal, select)`);
    expect(',');
    space();
    let offset = 0;
    if (type !== 'select' && source.startsWith('offset:', i)) {
      i += 'offset:'.length;
      space();
      const m = /^\d+/.exec(source.slice(i));
      if (!m) fail('offset: needs a whole number');
      offset = Number(m[0]);
      i += m[0].length;
      space();
    }
    /** @type {Record<string, Part[]>} */
    const options = {};
    while (source[i] !== '}') {
      if (i >= source.length) fail(`the ${type} of "${name}" is not closed`, open);
      let key;
      if (source[i] === '=' && type !== 'select') {
        i++;
        const m = /^\d+/.exec(source.slice(i));
        if (!m) fail('"=" needs a whole number');
        key = '=' + m[0];
        i += m[0].length;
      } else {
        key = word();
        if (type !== 'select' && !PLURAL_KEYS.has(key))
          fail(`"${key}" is not a plural category (zero, one, two, few, many, other, =N)`);
      }
      if (key in options) fail(`the option "${key}" is given twice`);
      space();
      expect('{');
      options[key] = parts(type !== 'select', true);
      expect('}');
      space();
    }
    if (!('other' in options)) fail(`the ${type} of "${name}" has no "other" option`, open);
    i++; // }
    return { type: /** @type {ChoicePart['type']} */ (type), name, offset, options };
  }

  return parts(false, false);
}

const numberFormats = new Map();
const pluralRules = new Map();
function numberFormat(/** @type {string} */ locale, /** @type {string} */ style) {
  const key = `${locale} ${style}`;
  if (!numberFormats.has(key)) {
    const options =
      style === 'percent'
        ? { style: 'percent' }
        : style === 'integer'
          ? { maximumFractionDigits: 0 }
          : { maximumFractionDigits: 3 };
    numberFormats.set(key, new Intl.NumberFormat(locale, /** @type {Intl.NumberFormatOptions} */ (options)));
  }
  return numberFormats.get(key);
}
function pluralRule(/** @type {string} */ locale, /** @type {'cardinal' | 'ordinal'} */ type) {
  const key = `${locale} ${type}`;
  if (!pluralRules.has(key)) pluralRules.set(key, new Intl.PluralRules(locale, { type }));
  return pluralRules.get(key);
}

/** Parts with their arguments filled in, numbers in the locale's way.
 *  @param {Part[]} message @param {Record<string, any>} args @param {string} locale
 *  @returns {string} */
export function formatParts(message, args, locale, /** @type {number | null} */ pound = null) {
  let out = '';
  for (const p of message) {
    if (typeof p === 'string') out += p;
    else if (p.type === 'pound') out += pound === null ? '#' : numberFormat(locale, 'number').format(pound);
    else {
      if (!(p.name in args)) throw new Error(`the message needs the argument "${p.name}"`);
      const v = args[p.name];
      if (p.type === 'arg') {
        out +=
          typeof v === 'number' || p.style ? numberFormat(locale, p.style || 'number').format(v) : String(v);
      } else if (p.type === 'select') {
        const key = String(v);
        out += formatParts(p.options[key] || p.options.other, args, locale, pound);
      } else {
        const n = Number(v);
        const exact = p.options['=' + n];
        const shown = n - p.offset;
        const category = pluralRule(locale, p.type === 'plural' ? 'cardinal' : 'ordinal').select(shown);
        out += formatParts(exact || p.options[category] || p.options.other, args, locale, shown);
      }
    }
  }
  return out;
}

/** What a message asks for (the catalogue test compares every language's with English's).
 *  @param {Part[]} message @returns {MessageShape} */
export function messageShape(message) {
  const args = new Set();
  /** @type {Record<string, Set<string>>} */
  const choices = {};
  const visit = (/** @type {Part[]} */ ps) => {
    for (const p of ps) {
      if (typeof p === 'string' || p.type === 'pound') continue;
      args.add(p.name);
      if (p.type !== 'arg') {
        const keys = (choices[p.name + ' ' + p.type] ||= new Set());
        for (const [k, sub] of Object.entries(p.options)) {
          keys.add(k);
          visit(sub);
        }
      }
    }
  };
  visit(message);
  return {
    args: [...args].sort(),
    choices: Object.fromEntries(Object.entries(choices).map(([k, v]) => [k, [...v].sort()])),
  };
}

/**
 * The language to show: the first of the reader's languages (navigator.languages, or a
 * link's lang=) that a catalogue exists for, exactly ("pt-BR") or by its language ("pt"),
 * else `fallback`.
 * @param {readonly string[]} wanted @param {readonly string[]} available @param {string} fallback
 * @returns {string}
 */
export function chooseLanguage(wanted, available, fallback = 'en') {
  const lower = new Map(available.map((a) => [a.toLowerCase(), a]));
  for (const w of wanted) {
    if (typeof w !== 'string' || !w) continue;
    const tag = w.toLowerCase();
    if (lower.has(tag)) return lower.get(tag);
    const base = tag.split('-')[0];
    if (lower.has(base)) return lower.get(base);
    for (const [a, original] of lower) if (a.split('-')[0] === base) return original;
  }
  return fallback;
}

/**
 * A translator: t(id, args) is the catalogue's message filled in. Every catalogue holds
 * every message, each one parsing (tests/node/catalogues.test.mjs): an id it lacks is a
 * programming error and throws.
 * @param {{locale: string, catalogue: Record<string, string>}} options
 * @returns {(id: string, args?: Record<string, any>) => string}
 */
export function createTranslator({ locale, catalogue }) {
  /** @type {Map<string, Part[]>} */
  const compiled = new Map();
  const lookup = (/** @type {string} */ id) => {
    let c = compiled.get(id);
    if (!c) {
      if (!(id in catalogue)) throw new Error(`no message "${id}" in the catalogue`);
      c = parseMessage(catalogue[id]);
      compiled.set(id, c);
    }
    return c;
  };
  return (id, args = {}) => formatParts(lookup(id), args, locale);
}
