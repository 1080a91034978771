#!/usr/bin/env node
// The page's code in numbers (docs/figures.md, "The page's code"): its modules per folder
// and its longest functions, JavaScript (web/, parsed with acorn) and the renderer's C++
// (web/renderer/*.cpp, a function being a definition at the left margin up to its closing
// brace there). Reads the files git tracks; writes nothing.
// Usage: NODE_PATH=/usr/share/nodejs node scripts/web-figures.mjs [how many functions, 5]
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const acorn = createRequire(import.meta.url)('acorn'); // Debian's, which Emscripten needs too
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const top = Number(process.argv[2]) || 5;
const tracked = execFileSync('git', ['ls-files', 'web'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);
const js = tracked.filter((f) => /\.m?js$/.test(f));

// Modules per folder: web/app/session/<folder>, web/app/ui/<folder>, web/app/<folder>,
// web/renderer, web/engine, web/test-hooks.
const folders = new Map();
for (const f of js) {
  const parts = f.split('/');
  const depth = parts[1] !== 'app' ? 2 : parts[2] === 'session' || parts[2] === 'ui' ? 4 : 3;
  const folder = parts.slice(0, depth).join('/');
  folders.set(folder, (folders.get(folder) || 0) + 1);
}
console.log('modules per folder');
for (const [folder, n] of [...folders].sort()) console.log(`  ${folder}/  ${n}`);

// Every function of an AST, with its first line and its length in lines.
function functions(node, file, out) {
  if (!node || typeof node.type !== 'string') return;
  if (/Function/.test(node.type)) {
    const name = node.id ? node.id.name : '(anonymous)';
    out.push({
      lines: node.loc.end.line - node.loc.start.line + 1,
      where: `${file}:${node.loc.start.line}`,
      name,
    });
  }
  for (const v of Object.values(node)) {
    if (Array.isArray(v)) for (const c of v) functions(c, file, out);
    else if (v && typeof v === 'object' && typeof v.type === 'string') functions(v, file, out);
  }
}
const fns = [];
for (const f of js) {
  const ast = acorn.parse(fs.readFileSync(path.join(root, f), 'utf8'), {
    ecmaVersion: 'latest',
    sourceType: 'module',
    locations: true,
  });
  functions(ast, f, fns);
}
for (const f of tracked.filter((f) => /\.cpp$/.test(f))) {
  const lines = fs.readFileSync(path.join(root, f), 'utf8').split('\n');
  let start = -1,
    name = '';
  lines.forEach((l, i) => {
    if (start < 0 && /^[A-Za-z].*\)\s*(const\s*)?\{\s*$/.test(l)) {
      start = i;
      name = l.replace(/\(.*/, '').split(/\s+/).pop();
    } else if (start >= 0 && /^\}/.test(l)) {
      fns.push({ lines: i - start + 1, where: `${f}:${start + 1}`, name: name + ' (C++)' });
      start = -1;
    }
  });
}
fns.sort((a, b) => b.lines - a.lines);
console.log(`the ${top} longest functions (lines)`);
for (const f of fns.slice(0, top)) console.log(`  ${String(f.lines).padStart(4)}  ${f.name}  ${f.where}`);
