// The hostile records of scripts/bench-hostile, opened in the game page (the test build)
// as a player opens a file: the text given to the page's record opening, which lists the
// games of a file of several (a few hundred at a time) or opens its one game, or says why
// it cannot. For each: the time until the game is open, the list complete or the error
// shown, on the wall clock and as the page's main-thread work (Chromium's TaskDuration: the
// measure that a loaded machine does not inflate); the longest main-thread task meanwhile
// (what a player waits for between two frames); the page's engine memory afterwards (wasm
// memory only grows: its peak) and the JavaScript heap in use. A fresh page for each
// input. Prints a Markdown table.
//
//   scripts/bench-hostile --make DIR        # the inputs, once
//   node tests/browser/bench-hostile-page.mjs DIR [name ...]
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launch, openGame, SITE } from './helpers.mjs';

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) {
  console.error('usage: node tests/browser/bench-hostile-page.mjs DIR [name ...]   (DIR: scripts/bench-hostile --make DIR)');
  process.exit(2);
}
const only = new Set(process.argv.slice(3));
const names = fs.readdirSync(dir).filter((f) => f.endsWith('.dgn')).map((f) => f.slice(0, -4))
  .filter((n) => !only.size || only.has(n));

const MB = (b) => (b / 1048576).toFixed(1);
const server = await startServer(SITE);
const b = await launch({ width: 1280, height: 720, serviceWorkers: 'block' });
const { page } = b;
const cdp = await b.context.newCDPSession(page);
await cdp.send('Performance.enable');
const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
const rows = [];
try {
  for (const name of names) {
    const file = path.join(dir, name + '.dgn');
    await page.route('**/hostile-input', (route) => route.fulfill({ path: file, contentType: 'text/plain' }));
    await page.goto('about:blank');
    await openGame(page, server.url, { pieces: false });
    // the text as File.text() gives it (UTF-8, bad bytes replaced), fetched before the clock starts
    await page.evaluate(async () => { window.__text = await (await fetch('/hostile-input')).text(); });
    const task0 = await taskSeconds();
    const r = await page.evaluate(async () => {
      const text = window.__text;
      window.__text = null;
      let longest = 0;
      const obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) longest = Math.max(longest, e.duration); });
      obs.observe({ type: 'longtask' });
      const before = window.__dc.history().join(' ');
      const t0 = performance.now();
      const ok = !(await window.__dc.openRecordText(text)).error;
      const ms = performance.now() - t0;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));  // the last task's entry
      obs.disconnect();
      const err = document.getElementById('rec-error');
      const listed = document.querySelectorAll('#rec-games .rec-game').length;
      const after = window.__dc.history();
      const answer = err && !err.hidden ? err.textContent
        : listed ? document.querySelector('#rec-games .rec-count').textContent
          : after.join(' ') !== before || after.length ? `opened: ${after.length} plies` : 'opened: no moves';
      return { ok, ms, longest, chars: text.length, wasm: window.__dc.rulesMemory(), heap: performance.memory?.usedJSHeapSize || 0, answer };
    });
    r.task = (await taskSeconds() - task0) * 1000;
    await page.unroute('**/hostile-input');
    const size = fs.statSync(file).size;
    rows.push({ name, size, ...r });
    console.error(`${name}: ${r.ms.toFixed(0)} ms (main thread ${r.task.toFixed(0)} ms), longest task ${r.longest.toFixed(0)} ms, ${r.answer.slice(0, 80)}`);
  }
} finally {
  await b.close();
  await server.close();
}
console.log('| input | size | wall | main thread | longest task | engine memory | JS heap | answer |');
console.log('|---|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  const answer = r.answer.length > 110 ? r.answer.slice(0, 107) + '...' : r.answer;
  console.log(`| ${r.name} | ${MB(r.size)} MB | ${r.ms.toFixed(0)} ms | ${r.task.toFixed(0)} ms | ${r.longest.toFixed(0)} ms | ${MB(r.wasm)} MB | ${MB(r.heap)} MB | ${answer.replace(/\|/g, '\\|')} |`);
}
const worst = (k) => Math.max(...rows.map((r) => r[k])).toFixed(0);
console.log(`\n(${rows.length} inputs; the most: ${worst('ms')} ms on the wall clock, ${worst('task')} ms of main-thread work, a task of ${worst('longest')} ms)`);
