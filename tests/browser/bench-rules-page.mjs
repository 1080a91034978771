// Measures the rules page (rules.html) in headless Chromium, from navigation start: the time
// to its first figure drawn and to the whole page drawn (every figure, the ones out of view
// drawn while the page is idle), median of N loads:
//   - cold: a fresh profile each time, service workers blocked (nothing cached);
//   - offline: a profile whose service worker has cached the site on a first visit, the
//     network then cut (the page and every file from the worker's cache).
// Prints the numbers (docs/figures.md), with the engine module and the board ready and the
// page built on the way. Needs the test build: scripts/build-site --test.
// Run: node tests/browser/bench-rules-page.mjs [loads]      (default 5; BENCH_WIDTH/HEIGHT: 1280x720)
import { startServer, launch } from './helpers.mjs';

const LOADS = Number(process.argv[2] || 5);
const size = {
  width: Number(process.env.BENCH_WIDTH || 1280),
  height: Number(process.env.BENCH_HEIGHT || 720),
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timings(page) {
  await page.waitForFunction(
    () => window.__rules && window.__rules.ready && window.__rules.allDrawnAt !== null,
  );
  return page.evaluate(() => {
    const h = window.__rules;
    return {
      engine: h.engineAt,
      board: h.boardAt,
      built: h.builtAt,
      first: h.firstDrawnAt,
      all: h.allDrawnAt,
      figures: h.figures.length,
    };
  });
}

const server = await startServer();
const cold = [],
  offline = [];
let figures = 0;
try {
  for (let i = 0; i < LOADS; i++) {
    const b = await launch({ ...size, serviceWorkers: 'block' });
    try {
      await b.page.goto(server.url + 'rules.html');
      const t = await timings(b.page);
      cold.push(t);
      figures = t.figures;
    } finally {
      await b.close();
    }
  }
  const b = await launch(size);
  try {
    await b.page.goto(server.url + 'rules.html');
    await timings(b.page);
    await b.page.waitForFunction(() => navigator.serviceWorker.controller !== null); // installed: every file cached
    await b.context.setOffline(true);
    for (let i = 0; i < LOADS; i++) {
      await b.page.goto(server.url + `rules.html?load=${i}`); // a new navigation (a reload would keep the scroll)
      offline.push(await timings(b.page));
    }
  } finally {
    await b.close();
  }
} finally {
  await server.close();
}

const at = (xs, k) =>
  median(xs.map((t) => t[k]))
    .toFixed(0)
    .padStart(5);
const row = (name, xs) =>
  `${name.padEnd(9)} engine ${at(xs, 'engine')} ms   board ${at(xs, 'board')} ms   page built ${at(xs, 'built')} ms   first figure ${median(
    xs.map((t) => t.first),
  )
    .toFixed(0)
    .padStart(5)} ms   ` +
  `whole page ${median(xs.map((t) => t.all))
    .toFixed(0)
    .padStart(5)} ms   (median of ${xs.length}; ` +
  `first ${xs.map((t) => t.first.toFixed(0)).join(' ')}; whole ${xs.map((t) => t.all.toFixed(0)).join(' ')})`;
console.log(`rules.html at ${size.width}x${size.height}, ${figures} figures, from navigation start:`);
console.log(row('cold', cold));
console.log(row('offline', offline));
