// Measures what the languages cost (docs/figures.md, "Languages"): each catalogue's size
// (raw and gzip level 9; the pages' and the lessons' and puzzles', i18n/learn/), and what a first visit of the rules page fetches (every file the page
// asks for, each gzip level 9, summed) in English and in German (the menu's choice stored before
// the visit), service workers blocked. Needs the test build: scripts/build-site --test.
// Run: node tests/browser/bench-languages.mjs
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer, launch, SITE, ROOT } from './helpers.mjs';
import { LANGUAGE_CODES, LANGUAGE_KEY } from '../../web/app/util/i18n.js';

const gzip = (buf) => zlib.gzipSync(buf, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

for (const part of ['', 'learn/']) {
  for (const code of LANGUAGE_CODES) {
    const buf = fs.readFileSync(path.join(ROOT, 'public/i18n', `${part}${code}.json`));
    console.log(`catalogue ${part}${code}: ${kb(buf.length)} raw, ${kb(gzip(buf))} gzip`);
  }
}

for (const lang of ['en', 'de']) {
  const asked = new Set();
  const server = await startServer(SITE, (p) => asked.add(p));
  const b = await launch({ width: 1280, height: 720, serviceWorkers: 'block' });
  try {
    await b.context.addInitScript(([k, v]) => localStorage.setItem(k, v), [LANGUAGE_KEY, lang]);
    await b.page.goto(server.url + 'rules.html');
    await b.page.waitForFunction(() => window.__rules && window.__rules.allDrawnAt !== null);
    let raw = 0,
      packed = 0,
      files = 0;
    for (const p of asked) {
      const file = path.join(SITE, p.endsWith('/') ? p + 'index.html' : p);
      if (!fs.existsSync(file)) continue;
      const buf = fs.readFileSync(file);
      raw += buf.length;
      packed += gzip(buf);
      files++;
    }
    const words = [...asked].filter((p) => p.includes('/i18n/')).join(', ');
    console.log(
      `rules page, first visit in ${lang}: ${files} files, ${kb(packed)} gzip (${kb(raw)} raw); words: ${words}`,
    );
  } finally {
    await b.close();
    await server.close();
  }
}
