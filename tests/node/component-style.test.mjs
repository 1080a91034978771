// One component style for the page (docs/architecture.md, "One component style"): a part is
// made by a function createX(deps), its state in a plain object inside the closure. So no
// module of web/app declares a class (errors excepted: `class X extends Error`), and none
// keeps state at module level: no top-level `let` or `var`, and no top-level object made
// with `new` (a Map, a Set, an emitter, an observer: state shared by every page that
// imports the module). Each module is parsed (acorn, as imports.test.mjs does).
//   node --test tests/node/component-style.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, jsFiles } from './helpers.mjs';
import { acorn } from './parse.mjs';

// What the rule allows, each with its reason.
const ALLOWED = new Map([
  ...['names', 'values', 'start', 'levelList', 'boardNames', 'strengths', 'ruleSets'].map((n) => [
    `web/app/facts/facts.js: let ${n}`,
    "core's facts, read once from the engine module (useFacts): the same for every page",
  ]),
  ['web/app/util/emitter.js: class Emitter', 'the event utility each part makes its own of'],
  ['web/app/util/i18n.js: const catalogues = new Map', 'a cache of fetched catalogues'],
  ['web/app/util/messages.js: const PLURAL_KEYS = new Set', 'a constant'],
  ['web/app/session/learn/learn.js: const LESSON_FIELDS_SET = new Set', 'a constant'],
  ['web/app/util/messages.js: const NUMBER_STYLES = new Set', 'a constant'],
  ['web/app/util/messages.js: const numberFormats = new Map', "a cache of Intl's formats"],
  ['web/app/util/messages.js: const pluralRules = new Map', "a cache of Intl's plural rules"],
  ['web/app/ui/page/sw-template.js: const SCOPE = new URL', "the service worker's scope, a constant"],
]);

/** What breaks the style in a module's source: ['<line>: class X', 'let x', ...]. */
export function offences(source) {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
  const out = [];
  const visit = (n) => {
    if (!n || typeof n.type !== 'string') return;
    if (n.type === 'ClassDeclaration' || n.type === 'ClassExpression') {
      const base = n.superClass && n.superClass.type === 'Identifier' ? n.superClass.name : '';
      if (!/Error$/.test(base)) out.push(`class ${n.id ? n.id.name : '(anonymous)'}`);
    }
    for (const v of Object.values(n)) {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v.type === 'string') visit(v);
    }
  };
  visit(ast);
  for (let node of ast.body) {
    if (node.type === 'ExportNamedDeclaration' && node.declaration) node = node.declaration;
    if (node.type !== 'VariableDeclaration') continue;
    for (const d of node.declarations) {
      const name = d.id.type === 'Identifier' ? d.id.name : '(pattern)';
      if (node.kind !== 'const') out.push(`${node.kind} ${name}`);
      else if (d.init && d.init.type === 'NewExpression') {
        const made = d.init.callee.type === 'Identifier' ? d.init.callee.name : '(expression)';
        out.push(`const ${name} = new ${made}`);
      }
    }
  }
  return out;
}

test('the checker finds a class, module-level let and var, and a module-level new', () => {
  assert.deepEqual(offences('export class Page { m() {} }'), ['class Page']);
  assert.deepEqual(offences('class E extends Error {}\nconst X = class extends Base {};'), [
    'class (anonymous)',
  ]);
  assert.deepEqual(offences('let a = 1; var b; export let c;'), ['let a', 'var b', 'let c']);
  assert.deepEqual(offences('export const events = new Emitter();\nconst n = 3;'), [
    'const events = new Emitter',
  ]);
  // inside a function, state is the part's own
  assert.deepEqual(offences('export function createX() { let n = 0; const m = new Map(); }'), []);
});

test('no module of web/app declares a class or keeps state at module level', () => {
  const found = [];
  for (const file of jsFiles(path.join(ROOT, 'web/app'))) {
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    for (const o of offences(fs.readFileSync(file, 'utf8'))) found.push(`${rel}: ${o}`);
  }
  const unexpected = found.filter((f) => !ALLOWED.has(f));
  assert.deepEqual(unexpected, [], 'a class or module state the rule does not allow');
  const gone = [...ALLOWED.keys()].filter((f) => !found.includes(f));
  assert.deepEqual(gone, [], 'gone from the code: take it off the list');
});
