// One way: the page's folders import downwards only (docs/architecture.md, "Folders").
// Every static import, re-export and literal dynamic import of every module in web/ is
// parsed (acorn); an import from one folder into another must go to a folder of a lower
// layer of LAYERS. No circle between folders can then exist; the test says so apart, with
// the circle, because that is the failure a newcomer looks for.
//   node --test tests/node/imports.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, jsFiles } from './helpers.mjs';
import { importsOf } from './parse.mjs';

export { importsOf };

// The layers, top first: a folder imports only folders of the layers below its own (not
// its own layer's other folders). web/app/ui/<name> is named ui/<name>, web/app/session/<name>
// session/<name>, web/app/<name> <name>, web/<name> likewise. The ui folders (the DOM) sit
// over the session folders (the game's state, no DOM: tests/node/headless.test.mjs); the
// renderer and the engine's client sit at the bottom: they import nothing of the page.
export const LAYERS = [
  ['test-hooks'],
  ['ui/rules-page'],
  ['ui/page'],
  ['ui/learn', 'ui/analysis'],
  ['ui/embed'],
  ['ui/share'],
  ['session/learn', 'session/analysis'],
  ['session/share'],
  ['session/game'],
  ['facts'],
  ['util'],
  ['renderer', 'engine'],
];

/**
 * The folder a module of web/ belongs to: web/app/ui/<x>/... -> ui/x, web/app/session/<x>/...
 * -> session/x, web/app/<x>/... -> x, web/<x>/... -> x.
 */
export function folderOf(rel) {
  const parts = rel.split('/');
  if (parts[1] !== 'app') return parts[1];
  return parts[2] === 'ui' || parts[2] === 'session' ? `${parts[2]}/${parts[3]}` : parts[2];
}

/** The imports between folders: [{ from, to, file, target, line }] (rel paths under ROOT). */
export function folderImports(root = ROOT) {
  const edges = [];
  for (const abs of jsFiles(path.join(root, 'web'))) {
    const file = path.relative(root, abs).split(path.sep).join('/');
    for (const { spec, line } of importsOf(fs.readFileSync(abs, 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const from = folderOf(file),
        to = folderOf(target);
      if (from !== to) edges.push({ from, to, file, target, line });
    }
  }
  return edges;
}

/** The imports against the layer order, each as a sentence. */
export function upward(edges, layers = LAYERS) {
  const rank = new Map(layers.flatMap((names, i) => names.map((n) => [n, i])));
  const wrong = [];
  for (const e of edges) {
    for (const f of [e.from, e.to])
      if (!rank.has(f)) wrong.push(`${e.file}:${e.line}: folder ${f} is in no layer of LAYERS`);
    if (rank.has(e.from) && rank.has(e.to) && rank.get(e.to) <= rank.get(e.from))
      wrong.push(
        `${e.file}:${e.line} imports ${e.target}: ${e.from} may not import ${e.to} (${rank.get(e.to) === rank.get(e.from) ? 'the same layer' : 'a layer above'})`,
      );
  }
  return [...new Set(wrong)];
}

/** The circles between folders: each a list of folders, the first repeated at the end. */
export function circles(edges) {
  const next = new Map();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, new Set());
    next.get(e.from).add(e.to);
  }
  const found = new Set(),
    out = [];
  const walk = (start, at, trail) => {
    for (const n of next.get(at) || []) {
      if (n === start) {
        const key = [...trail].sort().join(' ');
        if (!found.has(key)) {
          found.add(key);
          out.push([...trail, start]);
        }
      } else if (!trail.includes(n) && n > start) walk(start, n, [...trail, n]);
    }
  };
  for (const f of [...next.keys()].sort()) walk(f, f, [f]);
  return out;
}

/** The pairs of folders linked by an import either way, and those linked both ways. */
export function pairs(edges) {
  const linked = new Set(),
    both = new Set();
  const has = new Set(edges.map((e) => `${e.from}>${e.to}`));
  for (const e of edges) {
    const key = [e.from, e.to].sort().join(' ⇄ ');
    linked.add(key);
    if (has.has(`${e.to}>${e.from}`)) both.add(key);
  }
  return { linked: [...linked].sort(), both: [...both].sort() };
}

test('the folders of web/ import one way, down the layers', () => {
  const edges = folderImports();
  const { linked, both } = pairs(edges);
  const app = new Set(
    jsFiles(path.join(ROOT, 'web/app')).map((abs) =>
      folderOf(path.relative(ROOT, abs).split(path.sep).join('/')),
    ),
  );
  const inApp = linked.filter((k) => k.split(' ⇄ ').every((f) => app.has(f))).length;
  console.log(
    `folder pairs linked by an import: ${linked.length} (of web/app's ${app.size} folders: ${inApp} of ${(app.size * (app.size - 1)) / 2}); both ways: ${both.length} (${both.join(', ') || 'none'})`,
  );
  assert.ok(edges.length > 50, `the parser found the imports (${edges.length})`);
  assert.deepEqual(
    circles(edges).map((c) => c.join(' -> ')),
    [],
    'no circle between folders',
  );
  assert.deepEqual(upward(edges), [], 'every import goes to a lower layer');
});

test('the renderer and the engine client import nothing of the page', () => {
  const wrong = folderImports().filter(
    (e) => (e.from === 'renderer' || e.from === 'engine') && e.to !== 'renderer' && e.to !== 'engine',
  );
  assert.deepEqual(
    wrong.map((e) => `${e.file}:${e.line} imports ${e.target}`),
    [],
  );
});

test('the checker finds a circle and an upward import (it can fail)', () => {
  const src =
    "import { a } from '../game/x.js';\nexport * from './y.js';\nconst m = await import('../share/z.js');\n// import { no } from '../shell/c.js';\n";
  assert.deepEqual(
    importsOf(src).map((i) => i.spec),
    ['../game/x.js', './y.js', '../share/z.js'],
  );
  const edges = [
    {
      from: 'session/game',
      to: 'session/share',
      file: 'web/app/session/game/x.js',
      target: 'web/app/session/share/y.js',
      line: 10,
    },
    {
      from: 'session/share',
      to: 'session/game',
      file: 'web/app/session/share/y.js',
      target: 'web/app/session/game/x.js',
      line: 42,
    },
    {
      from: 'renderer',
      to: 'facts',
      file: 'web/renderer/board.js',
      target: 'web/app/facts/squares.js',
      line: 21,
    },
  ];
  assert.deepEqual(
    circles(edges).map((c) => c.join(' -> ')),
    ['session/game -> session/share -> session/game'],
  );
  assert.equal(upward(edges).length, 2);
  assert.match(upward(edges)[0], /session\/game may not import session\/share \(a layer above\)/);
  assert.match(upward(edges)[1], /renderer may not import facts \(a layer above\)/);
  assert.deepEqual(
    upward([{ from: 'session/learn', to: 'session/analysis', file: 'f', target: 't', line: 1 }]),
    ['f:1 imports t: session/learn may not import session/analysis (the same layer)'],
  );
  assert.deepEqual(upward([{ from: 'session/game', to: 'ui/page', file: 'f', target: 't', line: 1 }]), [
    'f:1 imports t: session/game may not import ui/page (a layer above)',
  ]);
  assert.equal(folderOf('web/app/ui/page/main.js'), 'ui/page');
  assert.equal(folderOf('web/app/session/game/model.js'), 'session/game');
  assert.equal(folderOf('web/app/util/dom.js'), 'util');
  assert.equal(folderOf('web/renderer/board.js'), 'renderer');
  assert.match(
    upward([{ from: 'nowhere', to: 'util', file: 'f', target: 't', line: 1 }])[0],
    /folder nowhere is in no layer/,
  );
});
