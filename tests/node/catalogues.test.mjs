// The message catalogues (public/i18n/<code>.json, docs/page.md "Languages"): one per
// language of util/i18n.js's LANGUAGES and no other; each has exactly English's keys,
// every message parses, and asks for the same arguments and select options as English's
// (plural options: exactly the language's own categories and English's =N choices); every
// key is used by the pages and every key the pages use exists. Core's words are keyed by core's identifiers
// (facts/terms.js): each family's keys are exactly core's ids; how the pieces move is
// keyed by core itself (PIECES[].movementByRules, core/movement_words.cpp), and each of
// those keys is a sentence in every language, not English's copied. The learn catalogues
// (public/i18n/learn/<code>.json: the lessons' and puzzles' words, session/learn/words.js)
// likewise, their keys being the lessons' (from lessons.json), the puzzle panel's families
// the literals of the learn modules and core's lesson feedback (lesson.*, core/lesson.h);
// none is a key of the pages' catalogue (the two are
// merged into one translator).
//   node --test tests/node/catalogues.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT, jsFiles, loadEngine, translatorOf, readCatalogue } from './helpers.mjs';
import { parseMessage, messageShape } from '../../web/app/util/messages.js';
import {
  LANGUAGES,
  LANGUAGE_CODES,
  SOURCE_LANGUAGE,
  languageFor,
  isLanguageTag,
  reason,
  browserReason,
} from '../../web/app/util/i18n.js';
import { attempt, refusal } from '../../web/app/util/result.js';
import { TERM_KEYS, strengthTerm } from '../../web/app/facts/terms.js';
import { useFacts } from '../../web/app/facts/facts.js';
import { RULE_SECTIONS, lessonTitleKey } from '../../web/app/ui/rules-page/diagrams.js';
import { lessonKey, lessonKeys } from '../../web/app/session/learn/words.js';
import { FILTERS, SHOWN_TAGS } from '../../web/app/session/learn/puzzles.js';

const DIR = join(ROOT, 'public/i18n');
const read = (code) => readCatalogue(code);
const readLearn = (code) => readCatalogue(code, 'learn/');
const english = read(SOURCE_LANGUAGE);
const learnEnglish = readLearn(SOURCE_LANGUAGE);
const translations = LANGUAGE_CODES.filter((c) => c !== SOURCE_LANGUAGE);
// the two kinds of catalogue: [where, read(code)]
const KINDS = [
  ['i18n/', read],
  ['i18n/learn/', readLearn],
];
const LESSONS = JSON.parse(readFileSync(join(ROOT, 'public/learn/lessons.json'), 'utf8'));

test('one catalogue of each kind per language, and no other file', () => {
  const files = (dir) =>
    readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .sort();
  assert.deepEqual(files(DIR), LANGUAGE_CODES.map((c) => `${c}.json`).sort());
  assert.deepEqual(files(join(DIR, 'learn')), LANGUAGE_CODES.map((c) => `${c}.json`).sort());
  assert.ok(translations.length >= 8, 'eight languages beside English');
});

test('every catalogue has exactly English’s keys, each a message that parses', () => {
  for (const [where, readOf] of KINDS) {
    const en = readOf(SOURCE_LANGUAGE);
    for (const code of LANGUAGE_CODES) {
      const c = readOf(code);
      const missing = Object.keys(en).filter((k) => !(k in c));
      const extra = Object.keys(c).filter((k) => !(k in en));
      assert.deepEqual(missing, [], `${where}${code}.json lacks keys`);
      assert.deepEqual(extra, [], `${where}${code}.json has keys English has not`);
      for (const [k, v] of Object.entries(c)) {
        assert.equal(typeof v, 'string', `${where}${code}.json ${k}`);
        assert.ok(v.trim(), `${where}${code}.json ${k} is empty`);
        assert.doesNotThrow(() => parseMessage(v), `${where}${code}.json ${k}`);
      }
    }
  }
});

test('no key is written twice in a catalogue (JSON.parse would keep the last silently)', () => {
  for (const [where, readOf] of KINDS)
    for (const code of LANGUAGE_CODES) {
      const text = readFileSync(join(DIR, where.slice('i18n/'.length), `${code}.json`), 'utf8');
      const written = [...text.matchAll(/^\s*("(?:[^"\\]|\\.)*")\s*:/gm)].map((m) => JSON.parse(m[1]));
      assert.equal(
        written.length,
        Object.keys(readOf(code)).length,
        `${where}${code}.json writes a key twice`,
      );
    }
});

test('placeholders and choices match English’s; plurals have the language’s own forms', () => {
  for (const [where, readOf] of KINDS) {
    const en = readOf(SOURCE_LANGUAGE);
    for (const code of translations) {
      const c = readOf(code);
      const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
      for (const k of Object.keys(en)) {
        const at = `${where}${code}.json ${k}`;
        const want = messageShape(parseMessage(en[k])),
          got = messageShape(parseMessage(c[k]));
        // A plural has exactly the language's categories (CLDR's) and English's exact
        // choices (=N). A language of one category (Chinese's: other) leaves out a plural
        // with no exact choice, which has nothing to choose (and its argument, unless
        // something else says it).
        const left = Object.keys(want.choices).filter(
          (choice) =>
            choice.endsWith(' plural') &&
            !(choice in got.choices) &&
            categories.length === 1 &&
            !want.choices[choice].some((o) => o.startsWith('=')),
        );
        const leftArgs = left.map((choice) => choice.split(' ')[0]).filter((a) => !got.args.includes(a));
        assert.deepEqual(
          got.args,
          want.args.filter((a) => !leftArgs.includes(a)),
          `${at}: the arguments`,
        );
        assert.deepEqual(
          Object.keys(got.choices).sort(),
          Object.keys(want.choices)
            .filter((choice) => !left.includes(choice))
            .sort(),
          `${at}: the choices`,
        );
        for (const [choice, options] of Object.entries(got.choices)) {
          const exact = want.choices[choice].filter((o) => o.startsWith('='));
          assert.deepEqual(
            options,
            choice.endsWith(' select') ? want.choices[choice] : [...categories, ...exact].sort(),
            `${at}: the options of ${choice}`,
          );
        }
      }
    }
  }
});

// Every literal that looks like a key of the catalogue's families of page words (or of
// `prefixes`), in the page's modules and HTML files.
const PAGE_PREFIXES = [
  'lang',
  'board',
  'embed',
  'gallery',
  'rules',
  'copy',
  'page',
  'dialog',
  'key',
  'share',
  'analysis',
  'status',
  'square',
  'note',
  'offer',
  'player',
  'open',
  'record',
  'editor',
];
function keysInCode(prefixes = PAGE_PREFIXES) {
  const found = new Map(); // key -> a file using it
  const literal = new RegExp(`['"\`]((?:${prefixes.join('|')})\\.[A-Za-z][\\w.-]*)['"\`]`, 'g');
  const files = [
    ...jsFiles(join(ROOT, 'web/app')),
    ...readdirSync(join(ROOT, 'public'))
      .filter((f) => f.endsWith('.html'))
      .map((f) => join(ROOT, 'public', f)),
  ];
  for (const f of files) {
    for (const m of readFileSync(f, 'utf8').matchAll(literal)) {
      if (/\.(html|css|js|json|svg)$/.test(m[1])) continue; // a file's name
      if (!found.has(m[1])) found.set(m[1], relative(ROOT, f));
    }
  }
  return found;
}

// The keys of how the pieces move that core names, under every rule set.
const movementKeys = (M) => [
  ...new Set(M.PIECES.flatMap((p) => Object.values(p.movementByRules).flat()).filter(Boolean)),
];

test('every key is used, and every key used exists', async () => {
  const M = await loadEngine();
  const used = keysInCode();
  const family = new Set([
    ...movementKeys(M),
    ...M.PIECES.map((p) => TERM_KEYS.piece(p.letter)),
    ...M.COLORS.map((c) => TERM_KEYS.side(c.id)),
    ...M.BOARDS.map((b) => TERM_KEYS.level(b.level)),
    ...M.RULE_SETS.flatMap((r) => [TERM_KEYS.ruleSet(r.id), TERM_KEYS.ruleSummary(r.id)]),
    ...M.GAME_STATES.map((s) => TERM_KEYS.end(s.state)),
    ...M.LEVELS.map((l) => TERM_KEYS.strength(l.level)),
    ...RULE_SECTIONS.filter((s) => s.explain).map((s) => lessonTitleKey(s.explain)),
    // a refused move's reasons, named by core (core-words.test.mjs holds them to core's)
    ...Object.keys(english).filter((k) => k.startsWith('core.')),
  ]);
  const missing = [...used].filter(([k]) => !(k in english)).map(([k, f]) => `${k} (${f})`);
  assert.deepEqual(missing, [], 'keys the code uses that en.json lacks');
  for (const k of family) assert.ok(k in english, `en.json lacks core's ${k}`);
  const unused = Object.keys(english).filter((k) => !used.has(k) && !family.has(k));
  assert.deepEqual(unused, [], 'keys of en.json no page uses');
});

// A strength's words are made from its settings by core (level_words, in English) and by the
// catalogues (player.strength.<level>, with the settings' numbers): English's are core's, word
// for word, so that a change of a level's settings shows here and asks every language again.
test('each strength in words: English’s are core’s, every language’s differ from the next level’s', async () => {
  const M = await loadEngine();
  useFacts(M);
  const en = translatorOf(SOURCE_LANGUAGE);
  for (const l of M.LEVELS) assert.equal(strengthTerm(en, l.level), l.text, `strength ${l.level}`);
  for (const code of translations) {
    const t = translatorOf(code);
    const words = M.LEVELS.map((l) => strengthTerm(t, l.level));
    words.forEach((w, i) => {
      assert.notEqual(w, M.LEVELS[i].text, `${code}: strength ${i + 1} is not English`);
      if (i) assert.notEqual(w, words[i - 1], `${code}: strengths ${i} and ${i + 1} are told apart`);
    });
  }
  assert.equal(strengthTerm(en, 11), '');
});

test('every piece’s words on every level core names are a sentence in every language', async () => {
  const M = await loadEngine();
  const keys = movementKeys(M);
  assert.ok(keys.length > M.PIECES.length, 'a key per piece and level');
  const inEnglish = translatorOf(SOURCE_LANGUAGE);
  for (const code of LANGUAGE_CODES) {
    const t = translatorOf(code);
    for (const k of keys) {
      const words = t(k);
      assert.match(words, /^[\p{Lu}\p{Lo}].*\p{L}.*[.。]$/u, `${code} ${k}: a sentence`);
      if (code !== SOURCE_LANGUAGE) assert.notEqual(words, inEnglish(k), `${code} ${k} is English’s`);
    }
  }
});

test('the rules page’s headings are the rule lessons’ titles, in every language', () => {
  for (const code of LANGUAGE_CODES) {
    const pages = read(code),
      learn = readLearn(code);
    for (const s of RULE_SECTIONS.filter((x) => x.explain))
      assert.equal(
        pages[lessonTitleKey(s.explain)],
        learn[lessonKey(s.explain, 'title')],
        `${code} ${s.explain}`,
      );
  }
});

// The learn catalogue's keys: the lessons' words, the puzzle panel's families (its
// difficulties and filters, the tags it names) and the literals of the learn modules.
const LEARN_PREFIXES = ['learning', 'lessons', 'puzzles'];
test('every key of the learn catalogue is used, and every key used exists', () => {
  const used = keysInCode(LEARN_PREFIXES);
  const family = new Set([
    ...lessonKeys(LESSONS),
    ...FILTERS.map((f) => `puzzles.level.${f}`),
    ...SHOWN_TAGS.map((x) => `puzzles.tag.${x}`),
    // core's lesson feedback (core/lesson.h LessonPart): learn.test.mjs checks core gives each
    ...Object.keys(learnEnglish).filter((k) => k.startsWith('lesson.')),
  ]);
  const missing = [...used].filter(([k]) => !(k in learnEnglish)).map(([k, f]) => `${k} (${f})`);
  assert.deepEqual(missing, [], 'keys the code uses that learn/en.json lacks');
  for (const k of family) assert.ok(k in learnEnglish, `learn/en.json lacks ${k}`);
  const unused = Object.keys(learnEnglish).filter((k) => !used.has(k) && !family.has(k));
  assert.deepEqual(unused, [], 'keys of learn/en.json nothing uses');
  const both = Object.keys(learnEnglish).filter((k) => k in english);
  assert.deepEqual(both, [], 'keys in both catalogues (one translator merges them)');
  // the puzzles' difficulties are the filters'
  const PUZZLES = JSON.parse(readFileSync(join(ROOT, 'public/puzzles.json'), 'utf8')).puzzles;
  for (const d of new Set(PUZZLES.map((p) => p.difficulty))) assert.ok(FILTERS.includes(d), d);
});

test('every lesson’s words are translated, not English’s copied', () => {
  for (const code of translations) {
    const c = readLearn(code);
    const copied = lessonKeys(LESSONS).filter((k) => c[k] === learnEnglish[k] && /\p{L}{4}/u.test(c[k]));
    assert.deepEqual(copied, [], `${code}: English left in the lessons`);
  }
});

test('the language of a link or a browser', () => {
  assert.equal(languageFor(['de-AT', 'en']), 'de');
  assert.equal(languageFor(['pt-BR']), 'pt');
  assert.equal(languageFor(['ja', 'fr-CA']), 'fr');
  assert.equal(languageFor(['zh-CN']), 'zh-Hans');
  assert.equal(languageFor(['zh']), 'zh-Hans');
  assert.equal(languageFor(['zh-TW', 'ru']), 'ru', 'Traditional Chinese has no catalogue');
  assert.equal(languageFor(['ja']), 'en');
  assert.equal(languageFor(['<script>', 'pl']), 'pl');
  assert.ok(
    isLanguageTag('pt-BR') && isLanguageTag('zh-Hans') && !isLanguageTag('d e') && !isLanguageTag('x'),
  );
  for (const code of LANGUAGE_CODES) {
    assert.ok(LANGUAGES[code], code);
    assert.equal(new Intl.Locale(code).toString(), code, `${code} is a canonical tag`);
  }
});

test('what the browser refuses is said by a key; a refusal keeps its own', () => {
  const thrown = attempt(() => {
    throw new TypeError('Failed to fetch');
  });
  const de = translatorOf('de');
  assert.equal(reason(de, browserReason(thrown)), read('de')['page.browserError']);
  const own = refusal('open.bad.notText');
  assert.equal(browserReason(own), own);
  // nested in the message of what failed, in every language, with no English left
  for (const code of translations) {
    const said = reason(translatorOf(code), refusal('note.engine.failed', { why: browserReason(thrown) }));
    assert.ok(!/Failed to fetch|browser reported/.test(said), `${code}: ${said}`);
  }
});

test('the gallery’s HTML says in English what en.json says (no word written twice apart)', () => {
  const html = readFileSync(join(ROOT, 'public/embed-example.html'), 'utf8');
  const marked = [...html.matchAll(/<(\w+)[^>]*\sdata-i18n="([^"]+)"[^>]*>([^<]*)<\/\1>/g)];
  assert.ok(marked.length > 30, 'the gallery marks its words');
  const norm = (s) =>
    s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
  for (const [, , key, text] of marked) assert.equal(norm(text), english[key], key);
});
