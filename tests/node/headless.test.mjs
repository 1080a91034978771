// The session layer has no DOM (docs/architecture.md, "Folders"): no module of
// web/app/session/ names a browser global (the document, the window, the address, storage,
// an element...) or imports a module of web/app/ui/. What the session needs of the browser
// (storage, the address bar, the clipboard) is handed to it by the ui. Each module is parsed
// (acorn, as imports.test.mjs does): a name counts where it is read as a global, not where
// it is a property (`st.location`) or a local binding.
//   node --test tests/node/headless.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, jsFiles } from './helpers.mjs';
import { acorn, importsOf } from './parse.mjs';

// The browser's globals a DOM-free module must not read.
export const BROWSER = [
  'document',
  'window',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'HTMLElement',
  'Element',
  'Node',
  'Event',
  'CustomEvent',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'matchMedia',
  'getComputedStyle',
  'alert',
  'confirm',
];
const GLOBAL_OBJECTS = new Set(['globalThis', 'self', 'window']);

/** The names declared anywhere in a module (parameters, variables, functions, classes, imports). */
function declared(ast) {
  const names = new Set();
  const pattern = (p) => {
    if (!p) return;
    if (p.type === 'Identifier') names.add(p.name);
    else if (p.type === 'ObjectPattern')
      p.properties.forEach((q) => pattern(q.type === 'RestElement' ? q.argument : q.value));
    else if (p.type === 'ArrayPattern') p.elements.forEach(pattern);
    else if (p.type === 'AssignmentPattern') pattern(p.left);
    else if (p.type === 'RestElement') pattern(p.argument);
  };
  const visit = (n) => {
    if (!n || typeof n.type !== 'string') return;
    if (n.type === 'VariableDeclarator') pattern(n.id);
    if (/Function/.test(n.type)) {
      if (n.id) names.add(n.id.name);
      n.params.forEach(pattern);
    }
    if (n.type === 'ClassDeclaration' && n.id) names.add(n.id.name);
    if (n.type === 'CatchClause') pattern(n.param);
    if (n.type.startsWith('Import') && n.type.endsWith('Specifier')) names.add(n.local.name);
    for (const v of Object.values(n)) {
      if (Array.isArray(v)) v.forEach(visit);
      else if (v && typeof v === 'object' && typeof v.type === 'string') visit(v);
    }
  };
  visit(ast);
  return names;
}

/** The browser globals a module's source reads: [{ name, line }]. */
export function browserUses(source, names = BROWSER) {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module', locations: true });
  const wanted = new Set(names);
  const local = declared(ast);
  const out = [];
  const visit = (n, parent, key) => {
    if (!n || typeof n.type !== 'string') return;
    if (n.type === 'Identifier' && wanted.has(n.name) && !local.has(n.name)) {
      const isProperty =
        (parent && parent.type === 'MemberExpression' && key === 'property' && !parent.computed) ||
        (parent && parent.type === 'Property' && key === 'key' && !parent.computed) ||
        (parent &&
          (parent.type === 'MethodDefinition' || parent.type === 'PropertyDefinition') &&
          key === 'key');
      if (!isProperty) out.push({ name: n.name, line: n.loc.start.line });
    }
    // globalThis.localStorage, self.document, window.location: the same globals, spelled out
    if (
      n.type === 'MemberExpression' &&
      !n.computed &&
      n.object.type === 'Identifier' &&
      GLOBAL_OBJECTS.has(n.object.name) &&
      wanted.has(n.property.name)
    )
      out.push({ name: `${n.object.name}.${n.property.name}`, line: n.loc.start.line });
    for (const [k, v] of Object.entries(n)) {
      if (Array.isArray(v)) v.forEach((c) => visit(c, n, k));
      else if (v && typeof v === 'object' && typeof v.type === 'string') visit(v, n, k);
    }
  };
  visit(ast, null, null);
  return out;
}

const sessionFiles = () =>
  jsFiles(path.join(ROOT, 'web/app/session')).map((abs) =>
    path.relative(ROOT, abs).split(path.sep).join('/'),
  );

test('no module of the session reads a browser global', () => {
  const files = sessionFiles();
  assert.ok(files.length >= 15, `the session's modules were found (${files.length})`);
  const wrong = [];
  for (const file of files)
    for (const { name, line } of browserUses(fs.readFileSync(path.join(ROOT, file), 'utf8')))
      wrong.push(`${file}:${line} reads ${name}`);
  assert.deepEqual(wrong, []);
});

test('no module of the session imports the ui', () => {
  const wrong = [];
  for (const file of sessionFiles())
    for (const { spec, line } of importsOf(fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      if (target.startsWith('web/app/ui/')) wrong.push(`${file}:${line} imports ${target}`);
    }
  assert.deepEqual(wrong, []);
});

test('the checker finds a browser global and lets properties and locals be (it can fail)', () => {
  const src = [
    'const a = document.body;', // 1: found
    'function f(location) { return location.hash; }', // 2: a parameter
    'const o = { window: 1, navigator: 2 };', // 3: keys
    'const h = st.history;', // 4: a property
    'const s = globalThis.localStorage;', // 5: found, spelled out
    'requestAnimationFrame(() => 0);', // 6: found
    'class C { matchMedia() {} }', // 7: a method's name
  ].join('\n');
  assert.deepEqual(
    browserUses(src).map((u) => `${u.line} ${u.name}`),
    ['1 document', '5 globalThis.localStorage', '6 requestAnimationFrame'],
  );
});
