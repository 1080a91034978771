// The hostile records of scripts/bench-hostile, opened in the game page (the test build)
// as a player opens a file: the file given to the page's record opening (its bytes, which
// core reads), which lists the games of a file of several (a few hundred at a time) or
// opens its one game, or says why it cannot. For each input, on a page with a game of two
// moves on it:
//   - the time until the game is open, the list complete or the error shown, and drawn (the
//     next animation frame has run), on the wall clock, as the page's main-thread tasks (Chromium's TaskDuration) and as the CPU time
//     of the renderer's main thread (from the kernel: what a loaded machine does not
//     inflate), and the longest main-thread task meanwhile (what a player waits for
//     between two frames);
//   - of a list, the time to open its last game (the one the reader must reach through
//     all the others), and its plies;
//   - the tab's peak memory: the peak resident memory of the page's renderer process (its
//     engine worker is a thread of it) while the input is opened, from the kernel (VmHWM,
//     reset before each input), and how much it grew over the page before; the page's
//     engine memory afterwards (wasm memory only grows: its peak) and the JavaScript heap;
//   - whether anything was lost: after an error the game on the page is still the one before.
// One browser; a fresh page load for each input. Prints a Markdown table.
//
//   scripts/bench-hostile --make DIR        # the inputs, once
//   node tests/browser/bench-hostile-page.mjs DIR [name ...]
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launch, openGame, SITE } from './helpers.mjs';

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) {
  console.error(
    'usage: node tests/browser/bench-hostile-page.mjs DIR [name ...]   (DIR: scripts/bench-hostile --make DIR)',
  );
  process.exit(2);
}
const only = new Set(process.argv.slice(3));
const names = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.dgn'))
  .map((f) => f.slice(0, -4))
  .filter((n) => !only.size || only.has(n));

// --- the renderer processes of this browser, from /proc (Linux) --------------------------
const procText = (pid, file) => {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'latin1');
  } catch {
    return '';
  }
};
function renderers(profile) {
  return fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      // (a zygote's child rewrites its command line as one string: words split by spaces)
      const cmd = procText(p, 'cmdline').split(/[\0 ]/);
      return (
        cmd.includes('--type=renderer') &&
        cmd.includes(`--user-data-dir=${profile}`) &&
        !cmd.includes('--top-chrome-webui')
      );
    });
}
// The CPU time (user + system, ms) of a process's main thread (its task of the same id).
const mainCpuMs = (pid) => {
  const f = procText(pid, `task/${pid}/stat`).split(') ')[1]?.split(' ') || [];
  return (Number(f[11] || 0) + Number(f[12] || 0)) * 10; // clock ticks of 10 ms
};
const kB = (pid, field) =>
  Number((procText(pid, 'status').match(new RegExp(`${field}:\\s+(\\d+) kB`)) || [])[1] || 0);
// Resets each process's peak to its present size (clear_refs 5); their sizes now.
function resetPeaks(pids) {
  const rss = new Map();
  for (const p of pids) {
    try {
      fs.writeFileSync(`/proc/${p}/clear_refs`, '5');
    } catch {
      /* gone */
    }
    rss.set(p, kB(p, 'VmRSS'));
  }
  return rss;
}

const MB = (b) => (b / 1048576).toFixed(1);
const server = await startServer(SITE);
const b = await launch({
  width: 1280,
  height: 720,
  serviceWorkers: 'block',
  args: ['--renderer-process-limit=1'],
});
const { page } = b;
const cdp = await b.context.newCDPSession(page);
await cdp.send('Performance.enable');
const taskSeconds = async () =>
  (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
const GAME = ['2c22c3', '2c72c6'];
const rows = [];
try {
  for (const name of names) {
    const file = path.join(dir, name + '.dgn');
    await page.route('**/hostile-input', (route) => route.fulfill({ path: file, contentType: 'text/plain' }));
    await page.goto('about:blank');
    await openGame(page, `${server.url}#moves=${GAME.join('.')}`, { pieces: false });
    // the file as a player chooses it (a File of its bytes), made before the clock starts
    await page.evaluate(async (name) => {
      window.__file = new File([await (await fetch('/hostile-input')).arrayBuffer()], name + '.dgn', {
        type: 'text/plain',
      });
    }, name);
    const pids = renderers(b.profile);
    const before = resetPeaks(pids);
    const cpu0 = new Map(pids.map((p) => [p, mainCpuMs(p)]));
    const task0 = await taskSeconds();
    const r = await page.evaluate(async () => {
      const file = window.__file;
      window.__file = null;
      let longest = 0;
      const obs = new PerformanceObserver((l) => {
        for (const e of l.getEntries()) longest = Math.max(longest, e.duration);
      });
      obs.observe({ type: 'longtask' });
      const before = window.__dc.history().join(' ');
      const t0 = performance.now();
      const ok = !(await window.__dc.openRecordFile(file)).error;
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))); // drawn; the last task's entry
      const ms = performance.now() - t0;
      obs.disconnect();
      const err = document.getElementById('rec-error');
      const toast = document.getElementById('toast');
      const listed = document.querySelectorAll('#rec-games .rec-game');
      let after = window.__dc.history();
      let answer,
        lastMs = null;
      const said =
        err && !err.hidden && err.textContent
          ? err.textContent
          : !ok && toast && !toast.hidden
            ? toast.querySelector('.toast-text').textContent
            : '';
      if (said) {
        answer =
          said +
          (after.join(' ') === before ? ' (the game on the page kept)' : ' **the game on the page changed**');
      } else if (listed.length) {
        answer = document.querySelector('#rec-games .rec-count').textContent;
        // the last game, chosen from the list: read from its own text
        const t1 = performance.now();
        const scroll = document.querySelector('#rec-games .rec-scroll');
        scroll.scrollTop = scroll.scrollHeight; // the list's last row (only the rows in view are in the page)
        scroll.dispatchEvent(new Event('scroll'));
        const rows = document.querySelectorAll('#rec-games .rec-game');
        rows[rows.length - 1].click();
        lastMs = performance.now() - t1;
        after = window.__dc.history();
        answer += ` The last opened: ${after.length} ${after.length === 1 ? 'ply' : 'plies'}.`;
      } else if (!ok) {
        answer = '(refused, no error shown)';
      } else {
        answer = `Opened: ${after.length} ${after.length === 1 ? 'ply' : 'plies'}.`;
      }
      return {
        ok,
        ms,
        lastMs,
        longest,
        wasm: window.__dc.rulesMemory(),
        heap: performance.memory?.usedJSHeapSize || 0,
        answer,
      };
    });
    r.task = ((await taskSeconds()) - task0) * 1000;
    r.cpu = Math.max(...pids.map((p) => mainCpuMs(p) - cpu0.get(p)));
    // the tab's peak: the renderer that grew most (with one renderer for the browser, the page's)
    r.peak = 0;
    r.grew = -Infinity;
    for (const p of pids) {
      const hwm = kB(p, 'VmHWM');
      if (hwm - before.get(p) > r.grew) {
        r.grew = hwm - before.get(p);
        r.peak = hwm;
      }
    }
    await page.unroute('**/hostile-input');
    const size = fs.statSync(file).size;
    rows.push({ name, size, ...r });
    console.error(
      `${name}: ${r.ms.toFixed(0)} ms (main thread ${r.task.toFixed(0)} ms, its CPU ${r.cpu} ms), longest task ${r.longest.toFixed(0)} ms, ` +
        `peak ${(r.peak / 1024).toFixed(0)} MB (+${(r.grew / 1024).toFixed(0)}), ${r.answer.slice(0, 80)}`,
    );
  }
} finally {
  await b.close();
  await server.close();
}
console.log(
  '| input | size | wall | main thread: tasks, CPU | longest task | last game opened | tab peak (growth) | engine memory | JS heap | answer |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
for (const r of rows) {
  const answer = r.answer.length > 150 ? r.answer.slice(0, 147) + '...' : r.answer;
  console.log(
    `| ${r.name} | ${MB(r.size)} MB | ${r.ms.toFixed(0)} ms | ${r.task.toFixed(0)} ms, ${r.cpu} ms | ${r.longest.toFixed(0)} ms | ` +
      `${r.lastMs === null ? '' : r.lastMs.toFixed(0) + ' ms'} | ${(r.peak / 1024).toFixed(0)} MB (+${(r.grew / 1024).toFixed(0)}) | ` +
      `${MB(r.wasm)} MB | ${MB(r.heap)} MB | ${answer.replace(/\|/g, '\\|')} |`,
  );
}
const worst = (k) => Math.max(...rows.map((r) => r[k] || 0)).toFixed(0);
console.log(
  `\n(${rows.length} inputs; the most: ${worst('ms')} ms on the wall clock, ${worst('task')} ms of main-thread tasks, ${worst('cpu')} ms of its CPU, ` +
    `a task of ${worst('longest')} ms, ${worst('lastMs')} ms to open a last game, a tab peak of ${(worst('peak') / 1024).toFixed(0)} MB)`,
);
