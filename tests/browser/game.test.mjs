// Playing a game on the real page in headless Chromium: moves by click and by drag, the
// AI's answer, undo/redo, explanations, reload, bad saved data, and a page that keeps
// drawing frames while the engine thinks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  launch,
  openGame,
  waitReady,
  clickSquare,
  dragSquare,
  state,
  watchErrors,
  saveGame,
} from './helpers.mjs';

let server, browser, page, errors;
const history = () => page.evaluate(() => window.__dc.history());
const waitPlies = (n, timeout = 15000) =>
  page.waitForFunction((k) => window.__dc.history().length === k && !window.__dc.state().aiBusy, n, {
    timeout,
  });

before(async () => {
  server = await startServer();
  browser = await launch({ width: 1400, height: 800 });
  page = browser.page;
  errors = watchErrors(page);
  await openGame(page, server.url);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('the page loads without console errors and shows a new game', async () => {
  const s = await state(page);
  assert.equal(s.mode, 'ai');
  assert.equal(s.human, 'gold');
  assert.equal(s.length, 0);
  assert.match(await page.textContent('#status-main'), /Your turn/);
  assert.equal(await page.evaluate(() => document.body.classList.contains('layout-side')), true);
  assert.deepEqual(errors, []);
});

test('the page and the worker run the SIMD build of the engine (engine-loader.js)', async () => {
  assert.equal(await page.evaluate(() => window.__dc.engineBuild), 'simd');
  const init = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const w = new Worker('engine/engine-worker.js', { type: 'module' });
        w.onmessage = (e) => {
          if (e.data.type === 'result') {
            w.terminate();
            resolve(e.data);
          }
        };
        w.postMessage({ v: 2, id: 1, type: 'init' });
      }),
  );
  assert.equal(init.ok, true);
  assert.equal(init.value.build, 'simd');
});

test('a move by clicking: the engine marks the destinations, the click plays it', async () => {
  await clickSquare(page, '2c2');
  let s = await state(page);
  assert.equal(s.selected, '2c2');
  assert.deepEqual(s.dests, ['2c3']);
  await clickSquare(page, '2c3');
  assert.deepEqual((await history()).slice(0, 1), ['2c22c3']);
  s = await state(page);
  assert.equal(s.selected, null);
});

test('the AI answers with a legal move', async () => {
  await waitPlies(2);
  // the legal moves of the position the AI was to move in (from the page's engine; the AI
  // may have answered before this test began)
  const legal = await page.evaluate(() => window.__dc.legalMovesAt(1));
  assert.ok(legal.length > 10);
  const h = await history();
  assert.ok(legal.includes(h[1]), `AI move ${h[1]} is legal`);
  assert.match(await page.textContent('#status-main'), /Your turn/);
  assert.equal(await page.locator('#moves .mv[data-ply="2"]').count(), 1);
});

test('a move by dragging', async () => {
  await dragSquare(page, '2d2', '2d3');
  const h = await history();
  assert.equal(h[2], '2d22d3');
  await waitPlies(4);
});

test('selecting a piece that cannot move explains why', async () => {
  // A piece of Gold's back rank on the Ground with no legal move (an Oliphant behind its
  // Warrior, unless the computer has taken it: its Dragon may have, from afar).
  const stuck = await page.evaluate(() => {
    const legal = window.__dc.legalMoves();
    return [...'abcdefghijkl']
      .map((f) => `2${f}1`)
      .find((sq) => /[A-Z]/.test(window.__dc.pieceAt(sq) || '') && !legal.some((m) => m.startsWith(sq)));
  });
  assert.ok(stuck);
  await clickSquare(page, stuck);
  let s = await state(page);
  assert.match(s.note, /no legal move/);
  assert.match(await page.textContent('#status-sub'), /no legal move/);
  // A Scarlet Warrior still on rank 7 (the computer has moved one or two by now).
  const warrior = await page.evaluate(() =>
    [...'abcdefghijkl'].map((f) => `2${f}7`).find((sq) => window.__dc.pieceAt(sq) === 'w'),
  );
  assert.ok(warrior);
  await clickSquare(page, warrior);
  s = await state(page);
  assert.match(s.note, /computer's Warrior/);
});

test('undo takes back your move and the answer; redo puts them back', async () => {
  const before4 = await history();
  await page.click('.game-controls [data-act="undo"]');
  assert.deepEqual(await history(), before4.slice(0, 2));
  assert.equal((await state(page)).side, 'gold');
  await page.click('.game-controls [data-act="redo"]');
  assert.deepEqual(await history(), before4);
  // keyboard: step back through the game without changing it
  await page.keyboard.press('ArrowLeft');
  assert.equal((await state(page)).view, 3);
  await page.keyboard.press('ArrowDown');
  assert.equal((await state(page)).view, 4);
});

test('new game dialog: as Scarlet the computer opens and the boards are flipped', async () => {
  const saved = await page.evaluate(() => localStorage.getItem('dragonchess.game.v1'));
  await page.click('#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  await page.click('#seg-side label:has(input[value="scarlet"])');
  await page.fill('#level', '2');
  await page.click('#btn-new-start');
  await waitPlies(1);
  const s = await state(page);
  assert.equal(s.human, 'scarlet');
  assert.equal(s.level, 2);
  assert.equal(s.flipped, true);
  assert.equal(s.side, 'scarlet');
  assert.equal(
    await page.isDisabled('.game-controls [data-act="undo"]'),
    true,
    'nothing of yours to take back',
  );
  assert.match(await page.textContent('#matchup'), /You \(Scarlet\) vs Computer · strength 2/);
  // back to the game of the earlier tests
  await page.evaluate((x) => localStorage.setItem('dragonchess.game.v1', x), saved);
  await openGame(page, server.url); // the bare address: no game link in it
  assert.equal((await state(page)).length, 4);
});

test('a reload restores the game', async () => {
  const h = await history();
  const alg = await page.evaluate(() => window.__dc.algebraic());
  assert.match(
    await page.evaluate(() => location.hash),
    /moves=2c22c3\./,
    'the address is a link to the game',
  );
  await page.reload();
  await waitReady(page);
  assert.deepEqual(await history(), h);
  assert.equal((await state(page)).mode, 'ai', "the saved settings, not a link's");
  assert.deepEqual(await page.evaluate(() => window.__dc.algebraic()), alg);
  assert.equal(await page.locator('#moves .mv').count(), h.length);
});

// The search runs in the worker: while it thinks the page's main thread draws frame after
// frame and answers a click, and spends a small share of the CPU time the page's process
// spends (the worker's search is most of it). CPU time, not the clock: the same on a busy
// machine (how long a frame or a click takes is a benchmark: tests/browser/bench-page.mjs).
test('frames keep coming and destinations stay instant while the engine thinks', async () => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const cpu = async () => {
    const m = Object.fromEntries(
      (await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]),
    );
    return { main: m.ThreadTime, all: m.ProcessTime };
  };
  await page.evaluate(() => {
    window.__frames = 0;
    const tick = () => {
      window.__frames++;
      window.__raf = requestAnimationFrame(tick);
    };
    window.__raf = requestAnimationFrame(tick);
    // whether the engine was thinking when the page took the click (the page's own moment)
    document.getElementById('board').addEventListener(
      'pointerdown',
      () => {
        window.__busyAtClick = window.__dc.analysis.state.searching;
      },
      { capture: true, once: true },
    );
  });
  const c0 = await cpu();
  await page.keyboard.press('a'); // the analysis: a search without end in the worker
  await page.waitForFunction(() => window.__dc.analysis.state.searching && window.__dc.analysis.state.info);
  await clickSquare(page, '2e2');
  const s = await state(page);
  assert.equal(s.selected, '2e2');
  assert.ok(s.dests.length > 0);
  assert.equal(
    await page.evaluate(() => window.__busyAtClick),
    true,
    'the click was answered while the search was running',
  );
  await page.waitForFunction(() => (window.__dc.analysis.state.info?.depth || 0) >= 6);
  const c1 = await cpu();
  const frames = await page.evaluate(() => {
    cancelAnimationFrame(window.__raf);
    return window.__frames;
  });
  const main = c1.main - c0.main,
    all = c1.all - c0.all;
  assert.ok(frames >= 5, `${frames} frames while the engine thought (a blocked page draws none)`);
  assert.ok(
    main < 0.5 * all,
    `the main thread spent ${(main * 1000).toFixed(0)} ms of the process's ${(all * 1000).toFixed(0)} ms of CPU`,
  );
  assert.ok(
    await page.evaluate(() => window.__dc.analysis.state.info.pv.length > 0),
    'the analysis has a line',
  );
  await page.keyboard.press('a');
  await page.waitForFunction(() => !window.__dc.analysis.on);
  await cdp.detach();
});

test('a frozen piece explains that a Basilisk freezes it', async () => {
  // Gold Warrior on 2e4 above a Scarlet Basilisk on 1e4.
  const fen = '12/12/12/12/12/12/12/12/6k5/12/12/12/4W7/12/12/6K5/12/12/12/12/4b7/12/12/12 g 0 1';
  await saveGame(page, { startFen: fen });
  await openGame(page, server.url); // the bare address: no game link in it
  const s0 = await state(page);
  assert.equal(s0.mode, 'hotseat');
  await clickSquare(page, '2e4');
  const s = await state(page);
  assert.match(s.note, /frozen/);
  assert.deepEqual(s.dests, []);
});

test('checkmate ends the game with a summary', async () => {
  // Scarlet King on 1a8, the Gold Oliphant watching 2a8: the Basilisk's step to 1a7 mates.
  const fen = '12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/O10K/k11/12/B11/12/12/12/12/12 g 0 1';
  await saveGame(page, { startFen: fen, mode: 'ai', level: 1 });
  await openGame(page, server.url); // the bare address: no game link in it
  await clickSquare(page, '1a6');
  await clickSquare(page, '1a7');
  await page.waitForSelector('#dlg-over[open]');
  assert.equal(await page.textContent('#dlg-over-title'), 'You won!');
  assert.match(await page.textContent('#over-reason'), /Checkmate/);
  assert.match(await page.textContent('#status-main'), /Checkmate · Gold wins/);
  assert.equal((await state(page)).status.state, 'checkmate');
  assert.deepEqual(await page.evaluate(() => window.__dc.algebraic()), ['B1a7#']);
  await page.click('#dlg-over button[value="review"]');
  assert.equal(await page.isVisible('#dlg-over'), false);
});

test('bad saved data does not crash the page: a new game and a message', async () => {
  for (const bad of [
    '{not json',
    JSON.stringify({ v: 1, startFen: 'startpos', moves: ['2c22c3', '9z99z9'] }),
    JSON.stringify({ v: 1, startFen: 'rubbish fen', moves: [] }),
    JSON.stringify({ v: 1, startFen: 'startpos', moves: 'W2c3' }),
  ]) {
    await page.evaluate((x) => localStorage.setItem('dragonchess.game.v1', x), bad);
    await openGame(page, server.url, { pieces: false, engine: false });
    const s = await state(page);
    assert.equal(s.length, 0, bad);
    assert.equal(s.mode, 'ai');
    assert.ok(await page.evaluate(() => window.__dc.restoreError), bad);
    assert.match(await page.textContent('#status-sub'), /could not be restored/, 'the status line says it');
    // and the fresh game was saved over the bad one
    const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('dragonchess.game.v1')));
    assert.deepEqual(saved.moves, []);
  }
});

test('where WebAssembly lacks SIMD the page loads the plain build of the engine', async () => {
  const plain = await page.context().newPage();
  const errs = watchErrors(plain);
  await plain.addInitScript(() => {
    WebAssembly.validate = () => false;
  });
  await openGame(plain, server.url);
  assert.equal(await plain.evaluate(() => window.__dc.engineBuild), 'plain');
  assert.ok((await plain.evaluate(() => window.__dc.legalMoves())).length > 10);
  await plain.close();
  assert.deepEqual(errs, []);
});

test('no console errors during the whole session', () => {
  assert.deepEqual(errors, []);
});
