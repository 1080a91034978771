// One result shape (docs/architecture.md, "Errors"; web/app/util/result.js): every function
// of the folders below that can return a failure (failure(...) or an object with `error`) declares
// `@returns {Result<T>}` (or a Promise of one, or `Failure`), so that TypeScript's checker
// (tests/types) holds each of its returns to the one shape, {value} or {error}. Each module
// is parsed (acorn, as imports.test.mjs does); each function without it is named.
//   node --test tests/node/results.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, jsFiles } from './helpers.mjs';
import { acorn } from './parse.mjs';

// The folders held to it so far (the others still answer their own shapes, docs/architecture.md).
export const CHECKED = [
  'web/app/util',
  'web/app/facts',
  'web/app/session/game',
  'web/app/session/learn',
  'web/app/ui/embed',
];

const FUNCTION = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
// A declared result: @returns {Result...}, {Failure}, {Promise<Result...>}, or a type import of them.
const DECLARED = /@returns?\s*\{[^}]*\b(Result|Failure)\b/;

// Whether a returned expression is a failure made on the spot.
const isFailure = (e) =>
  (e.type === 'CallExpression' && e.callee.type === 'Identifier' && e.callee.name === 'failure') ||
  (e.type === 'ObjectExpression' &&
    e.properties.some((p) => p.key && (p.key.name ?? p.key.value) === 'error'));

/** The functions of a module's source that return a failure without declaring a result: ['line: name']. */
export function undeclared(source) {
  const comments = [];
  const ast = acorn.parse(source, {
    ecmaVersion: 'latest',
    sourceType: 'module',
    locations: true,
    onComment: comments,
  });
  const blocks = comments.filter((c) => c.type === 'Block');
  const found = [];
  // The JSDoc of a function: the last block comment before it, with only its declaration's
  // head between (export, const x =, a method's name, a property's key).
  const docOf = (start) => {
    const before = blocks.filter((c) => c.end <= start).at(-1);
    if (!before) return '';
    const between = source.slice(before.end, start);
    return /^[\s\w$:=.,(*]*$/.test(between) && !/;|\n\s*\n/.test(between) ? before.value : '';
  };
  const visit = (node, fn) => {
    if (!node || typeof node.type !== 'string') return;
    if (FUNCTION.has(node.type)) {
      fn = { node, start: node.start, name: node.id?.name || '(anonymous)', fails: false };
      if (node.expression && isFailure(node.body)) fn.fails = true;
      functions.push(fn);
    }
    if (node.type === 'ReturnStatement' && fn && node.argument && isFailure(node.argument)) fn.fails = true;
    for (const key of Object.keys(node)) {
      const v = node[key];
      // a method, a property or a variable holding a function: its JSDoc stands before the key
      if (
        (node.type === 'MethodDefinition' ||
          node.type === 'Property' ||
          node.type === 'VariableDeclarator') &&
        key === (node.type === 'VariableDeclarator' ? 'init' : 'value') &&
        v &&
        FUNCTION.has(v.type)
      ) {
        visit(v, fn);
        const inner = functions.at(-1 - countAfter(v));
        inner.start = node.start;
        inner.name = node.key?.name || node.id?.name || inner.name;
        continue;
      }
      if (Array.isArray(v)) v.forEach((c) => visit(c, fn));
      else if (v && typeof v.type === 'string') visit(v, fn);
    }
  };
  const functions = [];
  const countAfter = (v) => functions.filter((f) => f.node.start > v.start && f.node.end <= v.end).length;
  visit(ast, null);
  for (const f of functions) {
    if (!f.fails) continue;
    // export function x / export const x = : the JSDoc stands before `export`
    let start = f.start;
    const head = source.slice(Math.max(0, start - 20), start);
    const exp = /(export\s+(default\s+)?(async\s+)?|async\s+|(const|let)\s+)$/.exec(head);
    if (exp) start -= exp[0].length;
    if (!DECLARED.test(docOf(start)) && !DECLARED.test(docOf(f.start)))
      found.push(`${f.node.loc.start.line}: ${f.name}`);
  }
  return found;
}

test('every function that can fail declares the one result shape', () => {
  const found = [];
  for (const abs of CHECKED.flatMap((dir) => jsFiles(path.join(ROOT, dir)))) {
    const file = path.relative(ROOT, abs).split(path.sep).join('/');
    for (const f of undeclared(fs.readFileSync(abs, 'utf8'))) found.push(`${file}:${f}`);
  }
  assert.deepEqual(found, [], 'each returns a failure: declare /** @returns {Result<T>} */ (util/result.js)');
});

test('the checker finds a fallible function that declares no result (it can fail)', () => {
  assert.deepEqual(undeclared("function f(x) { if (!x) return { error: 'no x' }; return { x }; }"), ['1: f']);
  assert.deepEqual(undeclared("const g = (x) => failure('no');"), ['1: g']);
  assert.deepEqual(undeclared("class A { m() { return failure('no'); } }"), ['1: m']);
  assert.deepEqual(
    undeclared(
      "/** @returns {Result<number>} */\nexport function f(x) { return x ? { value: 1 } : failure('no'); }",
    ),
    [],
  );
  assert.deepEqual(
    undeclared("class A {\n  /** @returns {Result} */\n  m() { return failure('no'); }\n}"),
    [],
  );
  assert.deepEqual(
    undeclared('/** @returns {Result} */\nfunction f() {}\nfunction g() { return { error: "x" }; }'),
    ['3: g'],
  );
});
