// Measures the game page in headless Chromium (run through scripts/bench-page):
//   - time from navigation start to an interactive board (median of N cold loads),
//     and to the piece images and the engine worker being ready
//   - what a first visit downloads, gzip-compressed (what a real server would send;
//     python's http.server does not compress, so each fetched file is gzipped here)
//   - requestAnimationFrame intervals while the AI thinks at full strength (p50/p95/max)
//     and how long a legal-destination query takes during that search
import { LANGUAGE_KEY } from '../../web/app/util/i18n.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer, launch, waitReady, clickSquare, saveGame, SITE } from './helpers.mjs';

const LOADS = Number(process.env.BENCH_LOADS || 5);
// BENCH_LANG=<code>: the cold loads in that language (the language menu's choice, stored
// before the visit); by default the browser's (English).
const LANG = process.env.BENCH_LANG || '';
const AIMS = { interactive: 1000, gzipKB: 600, rafP95: 20 };

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const median = (xs) => quantile(xs, 0.5);
const fmt = (x, d = 0) => (typeof x === 'number' ? x.toFixed(d) : String(x));

const requested = new Set();
const server = await startServer(SITE, (p) => requested.add(p));
const results = {};
try {
  // 1. Cold loads (a fresh profile each time: nothing cached).
  const ready = [],
    pieces = [],
    engine = [],
    dcl = [],
    modAt = [],
    boardAt = [],
    rulesAt = [];
  for (let i = 0; i < LOADS; i++) {
    requested.clear();
    // service workers blocked: this is what the page needs; the offline cache is below
    const b = await launch({ width: 1400, height: 800, serviceWorkers: 'block' });
    try {
      if (LANG) await b.context.addInitScript(([k, v]) => localStorage.setItem(k, v), [LANGUAGE_KEY, LANG]);
      await b.page.goto(server.url);
      await waitReady(b.page);
      const t = await b.page.evaluate(() => ({
        ready: window.__dc.readyAt,
        pieces: window.__dc.piecesReadyAt,
        engine: window.__dc.engineReadyAt,
        module: window.__dc.moduleAt,
        board: window.__dc.boardAt,
        rules: window.__dc.rulesAt,
        dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      }));
      ready.push(t.ready);
      pieces.push(t.pieces);
      engine.push(t.engine);
      dcl.push(t.dcl);
      modAt.push(t.module);
      boardAt.push(t.board);
      rulesAt.push(t.rules);
    } finally {
      await b.close();
    }
  }
  // What the last cold load fetched, before the loads below add their own requests; the
  // test site's hooks (web/test-hooks) are not part of the players' site.
  const firstVisit = [...requested].filter((p) => !p.startsWith('/test-hooks/')).sort();
  results.interactiveMs = median(ready);
  results.piecesMs = median(pieces);
  results.engineMs = median(engine);
  results.domContentLoadedMs = median(dcl);
  results.appModuleMs = median(modAt);
  results.boardViewMs = median(boardAt);
  results.rulesEngineMs = median(rulesAt);

  // 1b. Warm loads: the same profile loaded again (HTTP and compiled-code caches warm;
  //     service workers blocked, as above), to the pieces drawn.
  {
    const b = await launch({ width: 1400, height: 800, serviceWorkers: 'block' });
    try {
      const warm = [];
      if (LANG) await b.context.addInitScript(([k, v]) => localStorage.setItem(k, v), [LANGUAGE_KEY, LANG]);
      await b.page.goto(server.url);
      await waitReady(b.page);
      for (let i = 0; i < LOADS; i++) {
        await b.page.reload();
        await waitReady(b.page, { engine: false });
        warm.push(await b.page.evaluate(() => window.__dc.piecesReadyAt));
      }
      results.warmPiecesMs = median(warm);
      // main-thread legal-move generations per position: two players on this device, from
      // a fresh load (the first position's generation counted): in each of three positions
      // select several pieces, then play
      await saveGame(b.page);
      await b.page.goto(server.url + '?generations'); // the saved game, not the address of the last one
      await waitReady(b.page, { engine: false });
      const g0 = await b.page.evaluate(() => window.__dc.generations());
      const clicks = [
        '2c2',
        '2d2',
        '3c1',
        '2f1',
        '1c1',
        '2c2',
        '2c3',
        '2c7',
        '2d7',
        '3c8',
        '2c7',
        '2c6',
        '2d2',
        '2e2',
        '2d2',
        '2d3',
      ];
      for (const sq of clicks) await clickSquare(b.page, sq);
      const g1 = await b.page.evaluate(() => window.__dc.generations());
      const length = await b.page.evaluate(() => window.__dc.state().length);
      results.generations = {
        clicks: clicks.length,
        generations: g1,
        before: g0,
        positions: length + 1,
        length,
      };
    } finally {
      await b.close();
    }
  }

  // 2. Transfer size of the last cold load.
  let raw = 0,
    gz = 0;
  const files = [];
  for (const p of firstVisit) {
    const f = path.join(SITE, p.endsWith('/') ? p + 'index.html' : p);
    if (!fs.existsSync(f) || !fs.statSync(f).isFile()) continue;
    const data = fs.readFileSync(f);
    const g = zlib.gzipSync(data, { level: 9 }).length;
    raw += data.length;
    gz += g;
    files.push({ path: p, bytes: data.length, gzip: g });
  }
  results.transferKB = raw / 1024;
  results.transferGzipKB = gz / 1024;
  results.files = files;
  // What the service worker (offline play) downloads in the background after that.
  const swFile = path.join(SITE, 'sw.js');
  if (fs.existsSync(swFile)) {
    const m = /const ASSETS = (\[[\s\S]*?\]);/.exec(fs.readFileSync(swFile, 'utf8'));
    if (m) {
      let sraw = 0,
        sgz = 0,
        n = 0;
      for (const a of JSON.parse(m[1])) {
        const f = path.join(SITE, a);
        if (!fs.existsSync(f)) continue;
        const data = fs.readFileSync(f);
        sraw += data.length;
        sgz += zlib.gzipSync(data, { level: 9 }).length;
        n++;
      }
      results.offlineCache = { files: n, kB: sraw / 1024, gzipKB: sgz / 1024 };
    }
  }

  // 3. Frames while the AI thinks at level 10 (a 3 s search in the worker): the whole
  //    search (including the move's slide), the search with the page idle, and the
  //    search with the mouse moving over the boards (a canvas redraw per move).
  const b = await launch({ width: 1400, height: 800 });
  try {
    await b.page.goto(server.url);
    await saveGame(b.page, { mode: 'ai', level: 10 });
    await b.page.goto(server.url + '?strength10'); // the saved game, not the address of the last one
    await waitReady(b.page);
    if ((await b.page.evaluate(() => window.__dc.state().level)) !== 10)
      throw new Error('bench-page: the computer is not at strength 10');
    await b.page.waitForTimeout(300);
    await b.page.evaluate(() => {
      window.__frames = [];
      let last = performance.now();
      const tick = (t) => {
        window.__frames.push([t, t - last]);
        last = t;
        window.__raf = requestAnimationFrame(tick);
      };
      window.__raf = requestAnimationFrame(tick);
    });
    await clickSquare(b.page, '2c2');
    const t0 = await b.page.evaluate(() => performance.now());
    await clickSquare(b.page, '2c3');
    await b.page.waitForFunction(() => window.__dc.state().aiBusy, null, { timeout: 5000 });
    // rule queries on the main-thread engine during the search
    const q = await b.page.evaluate(() => {
      const t = [];
      for (let i = 0; i < 20; i++) {
        const s = performance.now();
        window.__dc.legalMoves();
        t.push(performance.now() - s);
      }
      return t;
    });
    await b.page.waitForTimeout(1500);
    const h0 = await b.page.evaluate(() => performance.now());
    for (let i = 0; i < 30; i++) {
      await b.page.mouse.move(150 + i * 25, 200 + (i % 6) * 30);
      await b.page.waitForTimeout(25);
    }
    const h1 = await b.page.evaluate(() => performance.now());
    await b.page.waitForFunction(() => !window.__dc.state().aiBusy, null, { timeout: 15000 });
    const t1 = await b.page.evaluate(() => performance.now());
    const frames = await b.page.evaluate(() => {
      cancelAnimationFrame(window.__raf);
      return window.__frames;
    });
    const pick = (a, z) => frames.filter(([t]) => t >= a && t < z).map(([, d]) => d);
    const stats = (xs) => ({
      n: xs.length,
      p50: quantile(xs, 0.5),
      p95: quantile(xs, 0.95),
      max: Math.max(...xs),
    });
    results.rafWhole = stats(pick(t0, t1));
    results.rafIdle = stats(pick(t0 + 400, h0));
    results.rafHover = stats(pick(h0, h1));
    results.thinkMs = t1 - t0;
    results.legalMovesQueryMs = median(q);
    results.aiMove = (await b.page.evaluate(() => window.__dc.algebraic()))[1];
  } finally {
    await b.close();
  }
} finally {
  await server.close();
}

const ok = (v, aim) => (v <= aim ? 'ok' : 'OVER');
console.log(`Dragonchess page bench (headless Chromium, ${LOADS} cold loads, 1400x800)`);
console.log(
  `  interactive board      ${fmt(results.interactiveMs)} ms   (median; aim < ${AIMS.interactive} ms: ${ok(results.interactiveMs, AIMS.interactive)})`,
);
console.log(
  `    app module running   ${fmt(results.appModuleMs)} ms, board view up ${fmt(results.boardViewMs)} ms, rules engine up ${fmt(results.rulesEngineMs)} ms`,
);
console.log(
  `  piece images drawn     ${fmt(results.piecesMs)} ms cold, ${fmt(results.warmPiecesMs)} ms warm (medians)`,
);
{
  const g = results.generations;
  console.log(
    `  legal-move generations ${g.generations} on the main thread for ${g.positions} positions shown and ${g.clicks} clicks (${g.before} before the first click; ${g.length} plies played; aim: one per position)`,
  );
}
console.log(`  engine worker ready    ${fmt(results.engineMs)} ms`);
console.log(`  DOMContentLoaded       ${fmt(results.domContentLoadedMs)} ms`);
console.log(
  `  transferred            ${fmt(results.transferKB)} KB raw, ${fmt(results.transferGzipKB)} KB gzip  (aim < ${AIMS.gzipKB} KB: ${ok(results.transferGzipKB, AIMS.gzipKB)})`,
);
if (results.offlineCache)
  console.log(
    `  offline cache (sw.js)  ${results.offlineCache.files} files, ${fmt(results.offlineCache.kB)} KB raw, ${fmt(results.offlineCache.gzipKB)} KB gzip, fetched by the service worker after the page is up`,
  );
for (const f of results.files)
  console.log(`    ${f.path.padEnd(40)} ${String(f.bytes).padStart(8)} ${String(f.gzip).padStart(8)} gzip`);
const rs = (r) => `p50 ${fmt(r.p50, 1)} ms, p95 ${fmt(r.p95, 1)} ms, max ${fmt(r.max, 1)} ms (${r.n} frames)`;
console.log(
  `  rAF while the AI thinks (level 10, ${fmt(results.thinkMs)} ms search in the worker; ${os.availableParallelism()} CPUs, software GL):`,
);
console.log(
  `    page idle              ${rs(results.rafIdle)}  (aim p95 < ${AIMS.rafP95} ms: ${ok(results.rafIdle.p95, AIMS.rafP95)})`,
);
console.log(`    mouse over the boards  ${rs(results.rafHover)}`);
console.log(`    whole search           ${rs(results.rafWhole)}  (includes the move's slide)`);
console.log(
  `  legal moves query      ${fmt(results.legalMovesQueryMs, 2)} ms on the main thread during the search`,
);
if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
