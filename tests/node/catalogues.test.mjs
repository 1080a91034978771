// The message catalogues (public/i18n/<code>.json, docs/page.md "Languages"): one per
// language of util/i18n.js's LANGUAGES and no other; each has exactly English's keys,
// every message parses, and asks for the same arguments and select options as English's
// (plural options: the language's own categories); every key is used by the pages and
// every key the pages use exists. Core's words are keyed by core's identifiers
// (facts/terms.js): each family's keys are exactly core's ids; how the pieces move is
// keyed by core itself (PIECES[].movementByRules, core/movement_words.cpp), and each of
// those keys is a sentence in every language, not English's copied.
//   node --test tests/node/catalogues.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT, jsFiles, loadEngine, translatorOf } from './helpers.mjs';
import { parseMessage, messageShape } from '../../web/app/util/messages.js';
import {
  LANGUAGES,
  LANGUAGE_CODES,
  SOURCE_LANGUAGE,
  languageFor,
  isLanguageTag,
} from '../../web/app/util/i18n.js';
import { TERM_KEYS } from '../../web/app/facts/terms.js';
import { RULE_SECTIONS, lessonTitleKey } from '../../web/app/ui/rules-page/diagrams.js';

const DIR = join(ROOT, 'public/i18n');
const read = (code) => JSON.parse(readFileSync(join(DIR, `${code}.json`), 'utf8'));
const english = read(SOURCE_LANGUAGE);
const translations = LANGUAGE_CODES.filter((c) => c !== SOURCE_LANGUAGE);

test('one catalogue per language, and no other file', () => {
  const files = readdirSync(DIR).sort();
  assert.deepEqual(files, LANGUAGE_CODES.map((c) => `${c}.json`).sort());
  assert.ok(translations.length >= 8, 'eight languages beside English');
});

test('every catalogue has exactly English’s keys, each a message that parses', () => {
  for (const code of LANGUAGE_CODES) {
    const c = read(code);
    const missing = Object.keys(english).filter((k) => !(k in c));
    const extra = Object.keys(c).filter((k) => !(k in english));
    assert.deepEqual(missing, [], `${code}.json lacks keys`);
    assert.deepEqual(extra, [], `${code}.json has keys English has not`);
    for (const [k, v] of Object.entries(c)) {
      assert.equal(typeof v, 'string', `${code}.json ${k}`);
      assert.ok(v.trim(), `${code}.json ${k} is empty`);
      assert.doesNotThrow(() => parseMessage(v), `${code}.json ${k}`);
    }
  }
});

test('placeholders and choices match English’s', () => {
  for (const code of translations) {
    const c = read(code);
    const categories = new Set(new Intl.PluralRules(code).resolvedOptions().pluralCategories);
    for (const k of Object.keys(english)) {
      const want = messageShape(parseMessage(english[k])),
        got = messageShape(parseMessage(c[k]));
      assert.deepEqual(got.args, want.args, `${code}.json ${k}: the arguments`);
      assert.deepEqual(Object.keys(got.choices).sort(), Object.keys(want.choices).sort(), `${code} ${k}`);
      for (const [choice, options] of Object.entries(got.choices)) {
        if (choice.endsWith(' select')) assert.deepEqual(options, want.choices[choice], `${code} ${k}`);
        else
          for (const o of options)
            assert.ok(
              o.startsWith('=') || categories.has(o),
              `${code} ${k}: "${o}" is no plural form of ${code}`,
            );
      }
    }
  }
});

// Every literal that looks like a key of the catalogue's families of page words, in the
// page's modules and HTML files.
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
];
function keysInCode() {
  const found = new Map(); // key -> a file using it
  const literal = new RegExp(`['"\`]((?:${PAGE_PREFIXES.join('|')})\\.[A-Za-z][\\w.-]*)['"\`]`, 'g');
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
    ...RULE_SECTIONS.filter((s) => s.explain).map((s) => lessonTitleKey(s.explain)),
  ]);
  const missing = [...used].filter(([k]) => !(k in english)).map(([k, f]) => `${k} (${f})`);
  assert.deepEqual(missing, [], 'keys the code uses that en.json lacks');
  for (const k of family) assert.ok(k in english, `en.json lacks core's ${k}`);
  const unused = Object.keys(english).filter((k) => !used.has(k) && !family.has(k));
  assert.deepEqual(unused, [], 'keys of en.json no page uses');
});

test('every piece’s words on every level core names are a sentence in every language', async () => {
  const M = await loadEngine();
  const keys = movementKeys(M);
  assert.ok(keys.length > M.PIECES.length, 'a key per piece and level');
  const inEnglish = translatorOf(SOURCE_LANGUAGE, { fallback: false });
  for (const code of LANGUAGE_CODES) {
    const t = translatorOf(code, { fallback: false }); // no English in place of a missing one
    for (const k of keys) {
      const words = t(k);
      assert.match(words, /^[\p{Lu}\p{Lo}].*\p{L}.*[.。]$/u, `${code} ${k}: a sentence`);
      if (code !== SOURCE_LANGUAGE) assert.notEqual(words, inEnglish(k), `${code} ${k} is English’s`);
    }
  }
});

test('the lessons’ titles in English are the lessons’ own', () => {
  const lessons = JSON.parse(readFileSync(join(ROOT, 'public/learn/lessons.json'), 'utf8')).lessons;
  for (const s of RULE_SECTIONS.filter((x) => x.explain)) {
    const l = lessons.find((x) => x.id === s.explain);
    assert.equal(english[lessonTitleKey(s.explain)], l.title, s.explain);
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

test('the gallery’s HTML says in English what en.json says (no word written twice apart)', () => {
  const html = readFileSync(join(ROOT, 'public/embed-example.html'), 'utf8');
  const marked = [...html.matchAll(/<(\w+)[^>]*\sdata-i18n="([^"]+)"[^>]*>([^<]*)<\/\1>/g)];
  assert.ok(marked.length > 30, 'the gallery marks its words');
  const norm = (s) =>
    s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
  for (const [, , key, text] of marked) assert.equal(norm(text), english[key], key);
});
