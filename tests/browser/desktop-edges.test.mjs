// The rough edges of the desktop page a newcomer met (issue 47): the name of a selected piece
// covers no destination and no board's label.
// Run: cd tests/browser && node --test desktop-edges.test.mjs   (build the site first)
import test from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openGame, clickSquare, squarePoint, frames, watchErrors } from './helpers.mjs';

let server;
test.before(async () => {
  server = await startServer();
});
test.after(async () => {
  await server?.close();
});

const overlaps = (a, b) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// The rectangles (viewport px) of what must stay on view while a piece is selected: its
// destinations and the boards' labels (level titles, coordinates), as the renderer drew them.
const marked = (page, from) =>
  page.evaluate((from) => {
    const b = window.__dc.board(),
      c = b.canvas.getBoundingClientRect();
    const num = (s) => (+s[0] - 1) * 96 + (+s.slice(2) - 1) * 12 + 'abcdefghijkl'.indexOf(s[1]);
    const dests = window.__dc
      .legalMoves()
      .filter((m) => m.slice(0, 3) === from)
      .map((m) => ({ what: m.slice(3, 6), ...b.squareRect(num(m.slice(3, 6))) }));
    const labels = b
      .labels()
      .map((l) => ({
        what: `label ${l.text}`,
        x: c.left + l.x,
        y: c.top + l.y,
        width: l.width,
        height: l.height,
      }));
    return [...dests, ...labels];
  }, from);

for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
]) {
  test(`${width}x${height}: the name of a selected piece covers none of its destinations, no label`, async () => {
    const b = await launch({ width, height });
    const errors = watchErrors(b.page);
    try {
      const { page } = b;
      await openGame(page, server.url, { engine: false });
      // the Warrior on 2f2 (its one step, 2f3, is just above it), a Sylph, a Griffon, a Hero,
      // a Unicorn: each selected, the mouse resting on it
      for (const sq of ['2f2', '2c2', '3c1', '3a2', '2c1', '2b1']) {
        await clickSquare(page, sq);
        const p = await squarePoint(page, sq);
        await page.mouse.move(p.x + 1, p.y + 1);
        await page.waitForFunction(() => window.__dc.learn.tip() !== null);
        await frames(page);
        const tip = await page.locator('.piece-tip').boundingBox();
        const keep = await marked(page, sq);
        assert.ok(
          keep.some((k) => !k.what.startsWith('label')),
          `${sq} has destinations`,
        );
        for (const k of keep)
          assert.ok(
            !overlaps(tip, k),
            `the name of ${sq} ${JSON.stringify(tip)} covers ${k.what} ${JSON.stringify(k)}`,
          );
        assert.ok(tip.y >= 0 && tip.y + tip.height <= height && tip.x >= 0 && tip.x + tip.width <= width);
        await page.keyboard.press('Escape');
      }
      assert.deepEqual(errors, []);
    } finally {
      await b.close();
    }
  });
}
