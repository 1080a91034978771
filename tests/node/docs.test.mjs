// The documentation's references hold: every link and image of README.md and docs/*.md
// names a file of the repository (and an #anchor a heading of it, by GitHub's slugs, or
// an explicit <a id> anchor),
// and every repository path written in code font (core/..., web/..., scripts/...) exists. Docs that point at moved or deleted files fail here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pages = [
  join(root, 'README.md'),
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => join(root, 'docs', f)),
];

const withoutCode = (text) => text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map();
function anchors(path) {
  if (anchorCache.has(path)) return anchorCache.get(path);
  const out = new Set();
  const seen = new Map();
  let fence = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('```')) {
      fence = !fence;
      continue;
    }
    if (fence) continue;
    const id = /^<a id="([^"]+)"><\/a>$/.exec(line); // an explicit anchor (docs/rules.md's sections)
    if (id) out.add(id[1]);
    const m = /^(#{1,6})\s+(.*)$/.exec(line);
    if (!m) continue;
    const s = slug(m[2]);
    const n = seen.get(s) ?? 0;
    seen.set(s, n + 1);
    out.add(n === 0 ? s : `${s}-${n}`);
  }
  anchorCache.set(path, out);
  return out;
}

test('every link and image of the docs names an existing file and heading', () => {
  const broken = [];
  let count = 0;
  for (const page of pages) {
    for (const m of withoutCode(readFileSync(page, 'utf8')).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      count++;
      if (/^[a-z]+:/.test(target)) continue; // external links are not checked here
      const [file, anchor] = target.split('#');
      const path = file ? normalize(join(dirname(page), file)) : page;
      if (!existsSync(path)) broken.push(`${relative(root, page)}: ${target}: no such file`);
      else if (anchor && (!path.endsWith('.md') || !anchors(path).has(anchor)))
        broken.push(`${relative(root, page)}: ${target}: no such heading`);
    }
  }
  assert.ok(count > 50, `only ${count} links found: is the docs folder there?`);
  assert.deepEqual(broken, []);
});

test('every repository path the docs write in code font exists', () => {
  const tops = ['core/', 'wasm/', 'web/', 'public/', 'tests/', 'scripts/', 'docs/', '.github/', '.ci/'];
  const missing = [];
  let count = 0;
  for (const page of pages) {
    for (const [, code] of readFileSync(page, 'utf8').matchAll(/`([^`\n]+)`/g)) {
      for (let t of code.split(/[\s,]+/)) {
        t = t.replace(/^[([]+|[()[\]:;,.]+$/g, '');
        if (!t || /[<*{[]/.test(t) || /^(http|~|\/|-|#|\$|\.\.\/)/.test(t)) continue;
        if (!tops.some((p) => t.startsWith(p))) continue; // site paths (engine/...) are build outputs
        count++;
        if (!existsSync(join(root, t))) missing.push(`${relative(root, page)}: ${t}`);
      }
    }
  }
  assert.ok(count > 50, `only ${count} paths found`);
  assert.deepEqual(missing, []);
});
