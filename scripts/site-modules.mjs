#!/usr/bin/env node
// The module preloads of the site's pages, made from the code rather than kept by hand:
// for every page of the site holding the line <!-- modulepreload -->, the static imports
// of its entry module (the page's <script type="module" src>) are followed through the
// site's files, and each module of that closure gets a <link rel="modulepreload"> there
// (the entry first), so that the browser fetches the whole graph at once instead of one
// level of imports after another. Dynamic import() is left to its time.
// With --test (the test build), a page's entry is first swapped for the test-hooks module
// that says, in a line `// replaces: <entry>`, that it stands in for it (web/test-hooks/).
// Usage: node scripts/site-modules.mjs <site dir> [--test]      (scripts/build-site runs it)
import fs from 'node:fs';
import path from 'node:path';

const MARK = '<!-- modulepreload -->';
// import ... from './x.js', import './x.js', export ... from './x.js' (relative specifiers only)
const IMPORT = /(?:^|[;\n])\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

/** The site's modules a module needs, the entry first (paths relative to the site). */
export function moduleClosure(site, entry) {
  const seen = new Set(),
    order = [];
  (function visit(file, from) {
    if (seen.has(file)) return;
    seen.add(file);
    if (!fs.existsSync(file))
      throw new Error(`${path.relative(site, file)} is imported by ${from} but is not in the site`);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT))
      visit(path.resolve(path.dirname(file), m[1]), path.relative(site, file));
    order.push(file);
  })(path.join(site, entry), 'the page');
  return order.reverse().map((f) => path.relative(site, f).split(path.sep).join('/'));
}

// The test build's entries: {entry of the site -> the test-hooks module standing in for it}.
function testEntries(site) {
  const dir = path.join(site, 'test-hooks'),
    out = new Map();
  if (!fs.existsSync(dir)) return out;
  for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.js'))) {
    const m = /^\/\/ replaces: (\S+)$/m.exec(fs.readFileSync(path.join(dir, f), 'utf8'));
    if (m) out.set(m[1], `test-hooks/${f}`);
  }
  return out;
}

function main() {
  const [site, flag] = process.argv.slice(2);
  if (!site || !fs.existsSync(site) || (flag && flag !== '--test')) {
    console.error('usage: site-modules.mjs <site dir> [--test]');
    process.exit(2);
  }
  const swap = flag === '--test' ? testEntries(site) : new Map();
  for (const page of fs
    .readdirSync(site)
    .filter((f) => f.endsWith('.html'))
    .sort()) {
    const file = path.join(site, page);
    let html = fs.readFileSync(file, 'utf8');
    for (const [entry, hook] of swap)
      html = html.replace(
        `<script type="module" src="${entry}"></script>`,
        `<script type="module" src="${hook}"></script>`,
      );
    if (!html.includes(MARK)) continue;
    const entry = /<script type="module" src="([^"]+)"><\/script>/.exec(html);
    if (!entry) throw new Error(`${page} asks for module preloads but has no module script`);
    const links = moduleClosure(site, entry[1]).map((m) => `<link rel="modulepreload" href="${m}">`);
    fs.writeFileSync(file, html.replace(MARK, links.join('\n')));
    console.error(`site-modules: ${page}: ${links.length} module preloads from ${entry[1]}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname))
  main();
