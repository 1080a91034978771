// One owner per fact: each fact of the game the page shows, and each small helper of the
// page, is written in one file and used from there (docs/architecture.md). This reads the
// source (web/, public/, wasm/, core/types.h, scripts/) as text, comments left out, and
// finds every place that writes the fact; a fact written again fails here with the places.
//   node --test tests/node/owners.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './helpers.mjs';

const SOURCES = ['web', 'public', 'wasm', 'scripts', 'core/types.h', 'core/cli/session.cpp'];
const EXT = /\.(m?js|html|cpp|h)$/;

function files() {
  const out = [];
  const walk = (p) => {
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p)) if (e !== 'node_modules') walk(path.join(p, e));
    } else if (EXT.test(p)) out.push(p);
  };
  for (const s of SOURCES) if (fs.existsSync(path.join(ROOT, s))) walk(path.join(ROOT, s));
  return out;
}

// The code of a file without its comments (// and /* */ in JS and C++, <!-- --> in HTML),
// strings kept; good enough for this source, which has no comment markers inside strings
// but URLs ('http://'), which are kept by requiring a space or a line start before '//'.
function code(file) {
  let t = fs.readFileSync(file, 'utf8');
  if (file.endsWith('.html')) return t.replace(/<!--[\s\S]*?-->/g, '');
  t = t.replace(/\/\*[\s\S]*?\*\//g, '');
  return t
    .split('\n')
    .map((l) => l.replace(/(^|\s)\/\/.*$/, '$1'))
    .join('\n');
}

const SOURCE = files().map((f) => ({
  file: path.relative(ROOT, f).split(path.sep).join('/'),
  text: code(f),
}));

// fact -> [the pattern that writes it, the one file allowed to, (the files looked at: all)]
const JS = /\.(m?js|html)$/; // the page's code (the renderer's C++ reads its board string itself)
const FACTS = {
  "the boards' names": [/["'`](Underworld|Ground|Sky)["'`]/, 'core/types.h'],
  "the computer's strength range": [
    /\b(MIN|MAX)_(LEVEL|STRENGTH)\b|level\s*(<=|<|>)\s*10\b|max="10"/,
    'wasm/facts.cpp',
  ],
  'a position string written from a board': [/ranks\.join\(['"]\/['"]\)/, null],
  'a coordinate move split into its squares': [
    /\b(m|mv|move|best|want|next|coordinate)\.slice\((0,\s*3|3,\s*6|3)\)/,
    'web/app/facts/squares.js',
  ],
  "a piece's side from its letter's case": [/[<>]=?\s*'[AZaz]'/, 'web/app/facts/facts.js', JS],
  'a result written out': [/['"`](1[-–]0|0[-–]1|½[-–]½|1\/2-1\/2)['"`]|['"`]½/, 'web/app/facts/words.js'],
  'an evaluation as a bar': [/Math\.tanh|Math\.exp\(/, 'web/app/session/analysis/review.js'],
  'checkmate and resignation in words': [/Checkmate[:·]|resigned: /, 'web/app/facts/words.js'],
  "Scarlet's palette": [/#2b0604|#d42a22/i, 'web/renderer/pieces.js'],
  'the engine protocol version': [/PROTOCOL_VERSION\s*=/, 'web/engine/protocol.js'],
  '$ (an element by id)': [/\b(const|let|var)\s+\$\s*=/, 'web/app/util/dom.js'],
  'esc (text for HTML)': [/replace\(\/\[&<>/, 'web/app/util/dom.js'],
  'an event emitter': [/listeners\.(get|set)\(event/, 'web/app/util/emitter.js'],
  "legal destinations as the board's squares": [
    /\.map\(\(\w+\) => parseSquare\(\w+\.to\)\)/,
    'web/app/facts/moves.js',
  ],
  'legal moves grouped by origin': [/\.set\(\w+\.from,\s*\[\]\)/, 'web/app/facts/moves.js'],
  'a square described in words': [/'square\.frozen'/, 'web/app/facts/words.js'],
  // core's RULE_SETS (the default first), through the wasm module: facts/facts.js's
  // defaultRules() and ruleSetList(); no page file names a rule set
  'the default rule set': [/(["'`])gygax\1/, null, JS],
  // core's strongest level (LEVELS), as strengthRange().max or the worker's M.LEVELS
  'full strength': [/\?\s*10\s*:|\bstart\([^()]*,\s*10\s*,/, null, JS],
  'the clock presets': [/(["'`])(\d+(\.\d+)?\+\d+|(1|3|7|14)d)\1/, 'web/app/session/game/clock.js', JS],
  "the keyboard's first square": [/(["'`])2f[27]\1/, 'web/app/facts/squares.js', JS],
};

test('every fact and every small helper has one owner', () => {
  const report = [],
    wrong = [];
  for (const [fact, [re, owner, scope]] of Object.entries(FACTS)) {
    const where = SOURCE.filter((s) => (!scope || scope.test(s.file)) && re.test(s.text)).map((s) => s.file);
    report.push(`${fact}: ${where.length} (${where.join(', ') || 'none'})`);
    const want = owner ? [owner] : [];
    if (JSON.stringify(where) !== JSON.stringify(want))
      wrong.push(
        `${fact}: written in ${where.join(', ') || 'no file'}; its owner is ${owner || 'core (no page file writes it)'}`,
      );
  }
  console.log(report.join('\n'));
  assert.deepEqual(wrong, []);
});

test('the checker finds a fact written again (it can fail)', () => {
  const re = FACTS["Scarlet's palette"][0];
  assert.ok(re.test("const INK = '#2B0604';"));
  assert.ok(FACTS['a coordinate move split into its squares'][0].test('m.slice(3, 6)'));
  assert.ok(!FACTS["a piece's side from its letter's case"][0].test('x <= 10'));
  // each of these was written outside its owner before it had one
  assert.ok(FACTS['the default rule set'][0].test("let start = { fen: '', moves: [], rules: 'gygax' };"));
  assert.ok(FACTS['the default rule set'][0].test('<input type="radio" name="rules" value="gygax" checked>'));
  assert.ok(FACTS['full strength'][0].test("const level = purpose === 'hint' ? 10 : ctl.settings.level;"));
  assert.ok(
    FACTS['full strength'][0].test('search.start(msg.limits, 10, null, { ply, multipv: 1, fresh: true });'),
  );
  assert.ok(FACTS['the clock presets'][0].test('<option value="3+2" data-for="live">'));
  assert.ok(FACTS['the clock presets'][0].test('<option value="14d" data-for="link">'));
  assert.ok(
    FACTS["the keyboard's first square"][0].test(
      "startSquare: () => (ctl.settings.flipped ? '2f7' : '2f2'),",
    ),
  );
});
