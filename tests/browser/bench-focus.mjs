// The renderer's frame times in the focus view (not a test: figures for docs/figures.md):
// during a change of the level in focus (its 180 ms slide) and during a move (its slide,
// with the mini-maps' marks), on a phone held upright (390x844, 3 device px per CSS px) and
// turned (844x390). A frame's time: the renderer drawing it (board.drawNow()) until the GPU
// has finished it (gl.finish()), at every animation frame while it slides; also the
// intervals between animation frames. Prints the median and the worst of each.
//   node tests/browser/bench-focus.mjs [switches]
import { startServer, launchBrowser, waitReady, frames, squarePoint, saveGame } from './helpers.mjs';

const SWITCHES = Number(process.argv[2] || 20);
const SIZES = [
  [390, 844],
  [844, 390],
];
const server = await startServer();
const browser = await launchBrowser();

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[s.length >> 1].toFixed(2)} ms, worst ${s[s.length - 1].toFixed(2)} ms (${s.length} frames)`;
};

// Draws at every animation frame for `ms`, timing each drawing to the GPU's end.
const sample = (page, ms) =>
  page.evaluate(async (ms) => {
    const board = window.__dc.board();
    const gl = board.canvas.getContext('webgl2') || board.canvas.getContext('webgl');
    const draw = [],
      gaps = [];
    const t0 = performance.now();
    let last = t0;
    while (performance.now() - t0 < ms) {
      const now = await new Promise((r) => requestAnimationFrame(r));
      gaps.push(now - last);
      last = now;
      const a = performance.now();
      board.drawNow();
      gl?.finish();
      draw.push(performance.now() - a);
    }
    return { draw, gaps: gaps.slice(1) };
  }, ms);

try {
  for (const [width, height] of SIZES) {
    const { page, close } = await browser.page({
      width,
      height,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 3,
    });
    await page.goto(server.url + 'favicon.svg');
    await page.evaluate(() =>
      localStorage.setItem('dragonchess.prefs.v1', JSON.stringify({ view: 'focus' })),
    );
    await saveGame(page, { level: 1 });
    await page.goto(server.url);
    await waitReady(page, { engine: false });
    await frames(page, 4);
    const sw = { draw: [], gaps: [] };
    for (let i = 0; i < SWITCHES; i++) {
      await page.evaluate((l) => window.__dc.board().set({ focus: l }), [3, 2, 1][i % 3]);
      const r = await sample(page, 220);
      sw.draw.push(...r.draw);
      sw.gaps.push(...r.gaps);
    }
    await page.evaluate(() => window.__dc.board().set({ focus: 2 }));
    await frames(page, 4);
    // moves on the Ground, played by taps: each slides, the mini-maps mark it too
    const mv = { draw: [], gaps: [] };
    const line = ['2c22c3', '2c72c6', '2d22d3', '2d72d6', '2e22e3', '2e72e6', '2f22f3', '2f72f6'];
    for (const m of line) {
      for (const sq of [m.slice(0, 3), m.slice(3)]) {
        const p = await squarePoint(page, sq);
        await page.touchscreen.tap(p.x, p.y);
      }
      const r = await sample(page, 200);
      mv.draw.push(...r.draw);
      mv.gaps.push(...r.gaps);
    }
    const played = await page.evaluate(() => window.__dc.state().length);
    console.log(
      `${width}x${height} (3 device px), a change of level: drawing ${stats(sw.draw)}; between frames ${stats(sw.gaps)}`,
    );
    console.log(
      `${width}x${height} (3 device px), a move (${played} played): drawing ${stats(mv.draw)}; between frames ${stats(mv.gaps)}`,
    );
    await close();
  }
} finally {
  await browser.close();
  await server.close();
}
