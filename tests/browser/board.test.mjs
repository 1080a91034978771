// The board component (web/renderer/board.js, contract 4) in a real browser, at four window
// sizes: clicks on every corner square of every level select and move (dests handed in),
// a drag moves, hovering marks the same square on the other levels, the geometry the
// renderer exports (fit) is what it draws (pixels sampled), bad input is refused.
// Run: cd tests/browser && node --test board.test.mjs   (build the site first)
import test from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, watchErrors, decodePng, frames } from './helpers.mjs';

const SIZES = [
  [1920, 1080],
  [1280, 720],
  [820, 1180],
  [390, 844],
];
// Dark squares (a1 is dark) of each level, as the renderer paints them (view.cpp palette).
const DARK = { 1: [0x98, 0x58, 0x4a], 2: [0x78, 0xa1, 0x5a], 3: [0x8d, 0xbf, 0xe3] };
const sq = (level, rank, file) => (level - 1) * 96 + rank * 12 + file;

const shared = serverAndBrowser(); // the file's server and browser; each test's window a context

// A page holding only the board, filling the window; window.__b is the component and
// window.__events what it emitted.
async function openBoard(page, options = {}) {
  const url = shared.server.url + 'board-test.html'; // served by the test itself, same origin as the site
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body:
        '<!doctype html><link rel="icon" href="favicon.svg"><style>html,body{margin:0;height:100%;background:#fff;color:#333}</style>' +
        '<div id="b" style="position:fixed;inset:0"></div>',
    }),
  );
  await page.goto(url);
  await page.evaluate(
    async ({ url, options }) => {
      const { createBoard } = await import(url);
      const t0 = performance.now();
      window.__b = await createBoard(document.getElementById('b'), options);
      window.__events = [];
      for (const e of ['move', 'select', 'hover'])
        window.__b.on(e, (...a) => window.__events.push([e, ...a]));
      await window.__b.ready;
      window.__readyMs = performance.now() - t0;
    },
    { url: shared.server.url + 'renderer/board.js', options },
  );
}
const events = (page, kind) => page.evaluate((k) => window.__events.filter((e) => e[0] === k), kind);
const clearEvents = (page) =>
  page.evaluate(() => {
    window.__events.length = 0;
  });
async function centre(page, s) {
  const r = await page.evaluate((s) => window.__b.squareRect(s), s);
  assert.ok(r, `square ${s} has no rectangle`);
  return { x: r.x + r.width / 2, y: r.y + r.height / 2, r };
}
async function pixels(page) {
  return decodePng(await page.screenshot());
}
function px(img, x, y) {
  const i = (Math.floor(y) * img.width + Math.floor(x)) * 4;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
}
const near = (a, b, tol = 10) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

// The corner squares of every level, each with one legal destination one step inwards.
const CORNERS = [];
for (const level of [1, 2, 3]) {
  for (const [rank, file, dr, df] of [
    [0, 0, 1, 1],
    [0, 11, 1, -1],
    [7, 0, -1, 1],
    [7, 11, -1, -1],
  ]) {
    CORNERS.push({ from: sq(level, rank, file), to: sq(level, rank + dr, file + df) });
  }
}
function position() {
  const p = Array(288).fill('.');
  CORNERS.forEach((c, i) => {
    p[c.from] = i % 2 ? 'w' : 'W';
  });
  return p.join('');
}

for (const [width, height] of SIZES) {
  test(`board at ${width}x${height}: geometry, clicks on every corner, drag, hover`, async () => {
    const b = await shared.browser.page({ width, height });
    const errors = watchErrors(b.page);
    const page = b.page;
    const warnings = [];
    // Headless Chromium's software GL reports "GPU stall due to ReadPixels" for any WebGL
    // canvas it composites (a bare canvas with one clear does it too): not the page's doing.
    page.on('console', (m) => {
      if (m.type() === 'warning' && !/GPU stall due to ReadPixels/.test(m.text())) warnings.push(m.text());
    });
    try {
      await openBoard(page);
      await frames(page, 3); // the first frames drawn
      assert.deepEqual(warnings, [], 'no console warnings on load');
      // Geometry: fit() for the container is what the board uses; every level inside the window.
      const g = await page.evaluate(() => window.__b.geometry());
      const f = await page.evaluate(({ w, h }) => window.__b.fit(w, h), { w: width, h: height });
      assert.deepEqual(f, g, 'fit() for the container size is the drawn geometry');
      assert.equal(g.boards.length, 3);
      assert.ok(g.square >= 10, `square ${g.square}px`);
      for (const bd of g.boards) {
        assert.ok(Math.abs(bd.width - 12 * g.square) < 0.01 && Math.abs(bd.height - 8 * g.square) < 0.01);
        assert.ok(
          bd.x >= 0 && bd.y >= 0 && bd.x + bd.width <= width && bd.y + bd.height <= height,
          `level ${bd.level} inside the window`,
        );
      }
      // Pixels: an empty board's a1 square of each level is drawn where geometry says.
      let img = await pixels(page);
      for (const bd of g.boards) {
        const s = g.square;
        const a1 = await page.evaluate((s) => window.__b.squareRect(s), sq(bd.level, 0, 0));
        assert.ok(
          Math.abs(a1.x - bd.x) < 0.01 && Math.abs(a1.y - (bd.y + 7 * s)) < 0.01,
          'a1 is the bottom-left square',
        );
        assert.ok(
          near(px(img, bd.x + s / 2, bd.y + 7.5 * s), DARK[bd.level]),
          `level ${bd.level}: a1 drawn at the geometry's place`,
        );
        assert.ok(
          !near(px(img, bd.x - 3, bd.y + 7.5 * s), DARK[bd.level], 30),
          `level ${bd.level}: nothing drawn left of the board`,
        );
      }

      // Clicks on every corner: select, then the destination plays.
      const dests = new Map(CORNERS.map((c) => [c.from, [c.to]]));
      await page.evaluate(({ pieces, dests }) => window.__b.set({ pieces, dests: new Map(dests) }), {
        pieces: position(),
        dests: [...dests],
      });
      await frames(page);
      img = await pixels(page);
      for (const c of CORNERS) {
        const { x, y, r } = await centre(page, c.from);
        const bg = px(img, r.x + 1, r.y + 1);
        assert.ok(!near(px(img, x, y + r.height * 0.25), bg, 30), `a piece is drawn on ${c.from}`);
      }
      for (const c of CORNERS) {
        await clearEvents(page);
        const a = await centre(page, c.from);
        await page.mouse.click(a.x, a.y);
        assert.deepEqual(await events(page, 'select'), [['select', c.from]], `click on ${c.from} selects it`);
        const t = await centre(page, c.to);
        await page.mouse.click(t.x, t.y);
        assert.deepEqual(await events(page, 'move'), [['move', c.from, c.to]], `click on ${c.to} moves`);
        assert.equal(await page.evaluate(() => window.__b.selected()), null, 'the move ends the selection');
      }
      // A square that is no destination: no move, the selection ends.
      await clearEvents(page);
      const c0 = CORNERS[0];
      await page.mouse.click((await centre(page, c0.from)).x, (await centre(page, c0.from)).y);
      const far = await centre(page, sq(1, 4, 5));
      await page.mouse.click(far.x, far.y);
      assert.deepEqual(await events(page, 'move'), []);
      assert.equal(await page.evaluate(() => window.__b.selected()), null);

      // Drag onto the destination.
      await clearEvents(page);
      const c1 = CORNERS[5];
      const a = await centre(page, c1.from),
        t = await centre(page, c1.to);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move((a.x + t.x) / 2, (a.y + t.y) / 2, { steps: 4 });
      await page.mouse.move(t.x, t.y, { steps: 4 });
      await page.mouse.up();
      assert.deepEqual(await events(page, 'move'), [['move', c1.from, c1.to]], 'drag and drop moves');
      // A drag onto a square that is no destination plays nothing.
      await clearEvents(page);
      await page.mouse.move(a.x, a.y);
      await page.mouse.down();
      await page.mouse.move(far.x, far.y, { steps: 6 });
      await page.mouse.up();
      assert.deepEqual(await events(page, 'move'), [], 'no move onto a square that is not a destination');

      // Hover: the event, and the same square on the other two levels is marked.
      await page.mouse.move(1, 1);
      await page.evaluate(() => window.__b.set({ selected: null }));
      await frames(page);
      const target = sq(2, 3, 4),
        other = [sq(1, 3, 4), sq(3, 3, 4)];
      const before = await pixels(page);
      await clearEvents(page);
      const hc = await centre(page, target);
      await page.mouse.move(hc.x, hc.y);
      await frames(page);
      assert.deepEqual((await events(page, 'hover')).at(-1), ['hover', target]);
      img = await pixels(page);
      for (const o of other) {
        const { r } = await centre(page, o);
        const edge = [r.x + 1, r.y + r.height / 2];
        assert.ok(
          !near(px(before, ...edge), px(img, ...edge), 8),
          `square ${o} is marked while ${target} is hovered`,
        );
      }
      // An untouched square elsewhere did not change.
      const { r: u } = await centre(page, sq(1, 6, 9));
      assert.ok(near(px(before, u.x + 1, u.y + u.height / 2), px(img, u.x + 1, u.y + u.height / 2), 2));

      // Levels: a subset is all that is drawn and hit.
      await page.evaluate(() => window.__b.set({ levels: [2] }));
      const g2 = await page.evaluate(() => window.__b.geometry());
      assert.deepEqual(
        g2.boards.map((x) => x.level),
        [2],
      );
      assert.ok(g2.square > g.square, 'one level gets bigger squares');
      assert.equal(
        await page.evaluate(() => window.__b.squareRect(5)),
        null,
        'a hidden level has no squares',
      );

      // Bad input is refused with the problem named.
      const err = await page.evaluate(() => {
        try {
          window.__b.set({ levels: [4] });
          return null;
        } catch (e) {
          return e.message;
        }
      });
      assert.match(err, /levels/);
      const err2 = await page.evaluate(() => {
        try {
          window.__b.set({ pieces: 'abc' });
          return null;
        } catch (e) {
          return e.message;
        }
      });
      assert.match(err2, /pieces/);
      const ms = await page.evaluate(() => window.__readyMs);
      console.log(
        `# ${width}x${height}: square ${g.square}px (${g.arrangement}), createBoard to pieces drawn ${ms.toFixed(0)} ms`,
      );
      assert.deepEqual(errors, []);
    } finally {
      await b.close();
    }
  });
}
