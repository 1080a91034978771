// Analysis, review and the position editor in the browser: an edited position is refused
// with core's reason, fixed and played against the computer; the analysis shows its lines
// and draws them as arrows (threats in red), a line plays its move; a review of a 60-ply
// game runs in the worker with progress, draws its graph (clickable) and marks moves.
// Run: node --test tests/browser/analysis.test.mjs   (build the site first)
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  launch,
  watchErrors,
  openGame,
  clickSquare,
  dragSquare,
  squarePoint,
  decodePng,
  state,
  frames,
} from './helpers.mjs';

import { GAME60 } from './analysis-game.mjs';

let server, browser;
test.before(async () => {
  server = await startServer();
  browser = await launch({ width: 1280, height: 720 });
});
test.after(async () => {
  await browser?.close();
  await server?.close();
});

// The 288 squares of a position string ('.' empty), index (level-1)*96 + rank*12 + file.
function boardOf(fen) {
  const ranks = fen.split(' ')[0].split('/');
  const out = new Array(288).fill('.');
  ranks.forEach((r, i) => {
    const level = 2 - Math.floor(i / 8),
      rank = 7 - (i % 8);
    let f = 0;
    for (const m of r.matchAll(/(\d+)|([A-Za-z])/g)) {
      if (m[1]) f += Number(m[1]);
      else out[level * 96 + rank * 12 + f++] = m[2];
    }
  });
  return out;
}
const sqIndex = (n) => (Number(n[0]) - 1) * 96 + (Number(n.slice(2)) - 1) * 12 + (n.charCodeAt(1) - 97);
// A pixel of an arrow of colour rgb at alpha 0xe0 over any square: each channel within
// the share of the square (at most 0.12 * 255) above the arrow's own, give or take a few.
const isArrow = (px, rgb) =>
  px.every((v, i) => v >= (0xe0 / 255) * rgb[i] - 6 && v <= (0xe0 / 255) * rgb[i] + 0.13 * 255 + 6);
const click = (page, sel) => page.evaluate((s) => document.querySelector(s).click(), sel);
// The viewport centre of an element (scrolled into view first, as a palette row may hide it).
const centre = (page, sel) =>
  page.evaluate((q) => {
    const el = document.querySelector(q);
    el.scrollIntoView({ block: 'nearest', inline: 'center' });
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, sel);
// The letter on a square of the editor's board ('.' empty).
const editorSquare = async (page, name) =>
  (await page.evaluate(() => window.__dc.editor.state.board))[sqIndex(name)];
const text = (page, sel) => page.evaluate((s) => document.querySelector(s).textContent, sel);

// The colour at a viewport point, from a screenshot.
async function pixel(page, x, y) {
  const png = decodePng(
    await page.screenshot({ clip: { x: Math.round(x), y: Math.round(y), width: 1, height: 1 } }),
  );
  return [png.data[0], png.data[1], png.data[2]];
}

test('the editor: a bad position is refused with its reason, fixed, then played against the computer', async () => {
  const { page } = browser;
  const errors = watchErrors(page);
  await page.goto('about:blank');
  await openGame(page, server.url);
  await click(page, '[data-act="editor"]');
  await page.waitForSelector('#editor-card:not([hidden])');
  await click(page, '[data-ed="clear"]');
  assert.equal(await text(page, '#ed-check'), 'Not a valid position: Gold has no King.');
  assert.ok(await page.evaluate(() => document.querySelector('[data-ed="ai"]').disabled));
  const place = async (tool, sq) => {
    await click(page, `[data-tool="${tool}"]`);
    await clickSquare(page, sq);
  };
  await place('K', '2f1');
  assert.equal(await text(page, '#ed-check'), 'Not a valid position: Scarlet has no King.');
  await place('k', '2f8');
  await place('W', '2d2');
  await place('w', '2d7');
  await place('R', '2e5'); // a Dragon on the Ground
  assert.equal(
    await text(page, '#ed-check'),
    'Not a valid position: Gold Dragon on 2e5: the Dragon can never stand on level 2.',
  );
  assert.match(await text(page, '#status-sub'), /the Dragon can never stand on level 2/);
  assert.ok(await page.evaluate(() => document.querySelector('[data-ed="ai"]').disabled));
  await clickSquare(page, '2e5'); // the same piece again: removed
  await clickSquare(page, '3e5'); // the Dragon in the Sky
  assert.equal(await text(page, '#ed-check'), 'Valid position: Gold to move.');
  const fen = await page.evaluate(() => window.__dc.editor.state.fen);
  assert.equal(fen, '12/12/12/4R7/12/12/12/12/5k6/3w8/12/12/12/12/3W8/5K6/12/12/12/12/12/12/12/12 g 0 1');
  // A Scarlet Oliphant on the Gold King's file: Gold to move in check is a position;
  // with Scarlet to move it is refused.
  await place('o', '2f3');
  assert.equal(await text(page, '#ed-check'), 'Valid position: Gold to move, in check.');
  await click(page, 'input[name="ed-side"][value="scarlet"]');
  assert.equal(
    await text(page, '#ed-check'),
    "Not a valid position: Gold is in check but it is Scarlet's turn to move.",
  );
  await click(page, 'input[name="ed-side"][value="gold"]');
  await place('o', '2f3'); // removed again
  assert.equal(await page.evaluate(() => window.__dc.editor.state.fen), fen);
  // Dragging: a piece moves to any square (a tool chosen or not), another level too; off
  // the boards it is removed.
  const edFen = () => page.evaluate(() => window.__dc.editor.state.fen);
  await dragSquare(page, '2d2', '2d4');
  assert.equal(
    await edFen(),
    '12/12/12/4R7/12/12/12/12/5k6/3w8/12/12/3W8/12/12/5K6/12/12/12/12/12/12/12/12 g 0 1',
  );
  await dragSquare(page, '2d4', '2d2');
  await dragSquare(page, '2f1', '1f1'); // the King onto the Underworld
  assert.equal(
    await edFen(),
    '12/12/12/4R7/12/12/12/12/5k6/3w8/12/12/12/12/3W8/12/12/12/12/12/12/12/12/5K6 g 0 1',
  );
  await dragSquare(page, '1f1', '2f1');
  assert.equal(await edFen(), fen);
  await place('w', '2a7');
  const off = await page.evaluate(() => {
    const c = document.querySelector('#board canvas').getBoundingClientRect(),
      g = window.__dc.geometry();
    const left = Math.min(...g.boards.map((b) => b.x)),
      ground = g.boards.find((b) => b.level === 2);
    return { x: c.left + left - g.square * 0.4, y: c.top + ground.y + ground.height / 2 };
  });
  const a7 = await squarePoint(page, '2a7');
  await page.mouse.move(a7.x, a7.y);
  await page.mouse.down();
  await page.mouse.move(a7.x - 6, a7.y, { steps: 2 });
  await page.mouse.move(off.x, off.y, { steps: 6 });
  await page.mouse.up();
  assert.equal(await edFen(), fen, 'the Warrior dropped off the boards is gone');
  // A palette piece dragged onto a square is placed there (over what stood there), the
  // eraser dragged removes, and no drag chooses a tool; dropped beside the boards, nothing
  // changes.
  const dragFromPalette = async (tool, to) => {
    const b = await centre(page, `[data-tool="${tool}"]`);
    await page.mouse.move(b.x, b.y);
    await page.mouse.down();
    await page.mouse.move(b.x + 8, b.y, { steps: 2 });
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
  };
  const toolBefore = await page.evaluate(() => window.__dc.editor.state.tool);
  await dragFromPalette('u', await squarePoint(page, '1k8'));
  assert.equal(await editorSquare(page, '1k8'), 'u', 'a Scarlet Unicorn dragged from the palette onto 1k8');
  await dragFromPalette('H', await squarePoint(page, '1k8'));
  assert.equal(await editorSquare(page, '1k8'), 'H', 'a Gold Hero dragged over it replaces it');
  assert.equal(
    await page.evaluate(() => window.__dc.editor.state.tool),
    toolBefore,
    'dragging does not choose a tool',
  );
  await dragFromPalette('erase', await squarePoint(page, '1k8'));
  assert.equal(await edFen(), fen, 'the eraser dragged onto 1k8 removed the Hero');
  await dragFromPalette('S', off);
  assert.equal(await edFen(), fen, 'a Sylph dropped beside the boards is placed nowhere');
  assert.equal(await page.evaluate(() => window.__dc.editor.state.tool), toolBefore);
  // the embed code of the position, for any web page
  await click(page, '[data-ed="embed"]');
  await page.waitForSelector('#ed-embed:not([hidden])');
  const code = await page.evaluate(() => document.querySelector('#ed-embed').value);
  assert.ok(code.startsWith('<iframe src="' + server.url + 'embed.html#fen=12/12/12/4R7/'), code);
  await click(page, '[data-ed="ai"]');
  await page.waitForFunction(() => !window.__dc.editor.active);
  let s = await state(page);
  assert.equal(s.mode, 'ai');
  assert.equal(s.human, 'gold');
  assert.equal(s.length, 0);
  assert.equal(await page.evaluate(() => window.__dc.fen()), fen);
  assert.match(await page.evaluate(() => location.hash), /^#fen=/);
  await clickSquare(page, '2d2');
  await clickSquare(page, '2d3');
  await page.waitForFunction(() => window.__dc.state().length === 2);
  s = await state(page);
  assert.equal(s.status.state, 'ongoing');
  assert.deepEqual(errors, []);
});

test('the editor on a phone: a palette piece touched and dragged up lands on its square; a sideways swipe scrolls the palette', async () => {
  const b = await launch({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const errors = watchErrors(b.page);
  try {
    const page = b.page;
    await openGame(page, server.url);
    await click(page, '[data-act="editor"]');
    await page.waitForSelector('#editor-card:not([hidden])');
    await click(page, '[data-ed="clear"]');
    const cdp = await b.context.newCDPSession(page);
    const touchDrag = async (from, to, steps = 10) => {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ x: from.x, y: from.y }],
      });
      for (let i = 1; i <= steps; ++i) {
        const x = from.x + ((to.x - from.x) * i) / steps,
          y = from.y + ((to.y - from.y) * i) / steps;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    assert.equal(
      await page.evaluate(() => getComputedStyle(document.querySelector('.ed-tools')).position),
      'fixed',
      'the palette is the bottom toolbar',
    );
    const target = await squarePoint(page, '2f1');
    await touchDrag(await centre(page, '[data-tool="K"]'), target);
    await page.waitForFunction(() => window.__dc.editor.state.board.includes('K'));
    assert.equal(await editorSquare(page, '2f1'), 'K');
    assert.equal(await page.evaluate(() => window.__dc.editor.state.tool), null, 'dragging chose no tool');
    // a swipe to the left along the palette scrolls it and places nothing
    const board = await page.evaluate(() => window.__dc.editor.state.board);
    const w = await centre(page, '[data-tool="O"]');
    const scrolled = await page.evaluate(() => document.querySelector('.ed-tools').scrollLeft);
    await touchDrag(w, { x: w.x - 200, y: w.y });
    await page.waitForFunction((x) => document.querySelector('.ed-tools').scrollLeft > x + 50, scrolled);
    assert.equal(await page.evaluate(() => window.__dc.editor.state.board), board);
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});

test('analysis: lines and their arrows, threats in red, a line plays its move', async () => {
  const { page } = browser;
  const errors = watchErrors(page);
  await page.goto('about:blank');
  await openGame(page, server.url);
  // From the editor's start position as two players, straight into analysis.
  await click(page, '[data-act="editor"]');
  await click(page, '[data-ed="start"]');
  await click(page, '[data-ed="analyse"]');
  await page.waitForFunction(() => window.__dc.analysis.on && window.__dc.state().mode === 'hotseat');
  await page.waitForFunction(() => document.querySelectorAll('#an-lines .an-line').length === 3);
  const lines = await page.evaluate(() => window.__dc.analysis.lines());
  assert.equal(lines.length, 3);
  assert.equal(new Set(lines.map((l) => l.move)).size, 3);
  const legal = await page.evaluate(() => window.__dc.legalMoves());
  for (const l of lines) assert.ok(legal.includes(l.move), l.move);
  // The best line's arrow on the boards: its shaft is the arrow's colour over whatever
  // square is below it (alpha 0xe0: at most 12% of the square shows), where there was none;
  // a move to another level is drawn from a ring on its origin square, which is sampled
  // instead. A deeper result may change the best move at any time: a sample counts when the
  // same depth was on show before and after it, else the next report is waited for.
  const reported = () =>
    page.evaluate(() => ({
      depth: window.__dc.analysis.state.info.depth,
      move: window.__dc.analysis.lines()[0].move,
    }));
  const sample = async () => {
    for (let tries = 0; tries < 20; tries++) {
      const before = await reported();
      const [from, to] = [before.move.slice(0, 3), before.move.slice(3, 6)];
      const a = await squarePoint(page, from),
        b = await squarePoint(page, to);
      const square = (await page.evaluate(() => window.__dc.geometry())).square;
      const at =
        from[0] === to[0]
          ? { x: a.x + (b.x - a.x) * 0.35, y: a.y + (b.y - a.y) * 0.35 }
          : { x: a.x + square * 0.44, y: a.y };
      await frames(page, 2); // the board has drawn what it was handed
      const px = await pixel(page, at.x, at.y);
      const after = await reported();
      if (after.depth === before.depth && after.move === before.move) return { px, at };
      await page
        .waitForFunction(
          (d) => {
            const i = window.__dc.analysis.state.info;
            return !i || i.depth !== d;
          },
          after.depth,
          { timeout: 20000 },
        )
        .catch(() => {});
    }
    return null;
  };
  const s1 = await sample();
  assert.ok(s1, 'the best line was on show long enough to be sampled');
  assert.ok(isArrow(s1.px, [0x15, 0x78, 0x1e]), `arrow pixel ${s1.px}`);
  await page.keyboard.press('a'); // off: the arrow goes
  await page.waitForFunction(() => !window.__dc.analysis.on);
  await frames(page, 3); // the page drew without it, and the board too
  const off = await pixel(page, s1.at.x, s1.at.y);
  assert.ok(!isArrow(off, [0x15, 0x78, 0x1e]), `no arrow: ${off}`);
  await page.keyboard.press('a');
  await page.waitForFunction(() => document.querySelectorAll('#an-lines .an-line').length >= 1);
  // Two lines.
  await page.selectOption('#an-multipv', '2');
  await page.waitForFunction(() => document.querySelectorAll('#an-lines .an-line').length === 2);
  // The threat: Scarlet's best moves if it were to move, as red arrows.
  await page.keyboard.press('x');
  await page.waitForFunction(() =>
    /If Scarlet were to move/.test(document.querySelector('#an-lines').textContent),
  );
  const threat = await page.evaluate(() => window.__dc.analysis.lines());
  const board = boardOf(await page.evaluate(() => window.__dc.fen()));
  for (const l of threat)
    assert.match(board[sqIndex(l.move.slice(0, 3))], /[a-z]/, `${l.move} moves a Scarlet piece`);
  const s2 = await sample();
  assert.ok(s2, 'the threat was on show long enough to be sampled');
  assert.ok(isArrow(s2.px, [0xc8, 0x28, 0x1e]), `threat arrow pixel ${s2.px}`);
  await page.keyboard.press('x');
  await page.waitForFunction(
    () =>
      !/If Scarlet/.test(document.querySelector('#an-lines').textContent) &&
      document.querySelectorAll('#an-lines .an-line').length === 2,
  );
  // A click on a line's score plays its first move (Gold's turn, two players here).
  // (read and clicked in one go: a deeper result may reorder the lines at any time)
  const first = await page.evaluate(() => {
    const m = window.__dc.analysis.lines()[0].move;
    document.querySelector('#an-lines .an-line .an-eval').click();
    return m;
  });
  await page.waitForFunction(() => window.__dc.state().length === 1);
  assert.deepEqual(await page.evaluate(() => window.__dc.history()), [first]);
  assert.deepEqual(errors, []);
});

test('review: a 60-ply game is reviewed in the worker with progress, a graph and marked moves', async () => {
  const { page } = browser;
  const errors = watchErrors(page);
  await page.goto('about:blank');
  await openGame(page, server.url + '#moves=' + GAME60.join('.'));
  await page.waitForFunction(() => window.__dc.state().length === 60);
  await page.keyboard.press('a');
  await page.waitForSelector('#analysis-card:not([hidden])');
  const t0 = Date.now();
  await click(page, '#an-review-start');
  // progress on the way
  await page.waitForFunction(
    () =>
      /^\d+ \/ 61$/.test(document.querySelector('#an-progress-text').textContent) &&
      Number(document.querySelector('#an-progress-text').textContent.split(' ')[0]) > 0,
  );
  await page.waitForFunction(() => window.__dc.analysis.review.state.status === 'done');
  const ms = Date.now() - t0;
  console.log(
    `# review of 60 plies: ${ms} ms (page: ${await page.evaluate(() => window.__dc.analysis.review.state.ms)} ms)`,
  );
  const r = await page.evaluate(() => {
    const st = window.__dc.analysis.review.state;
    return {
      entries: st.entries.length,
      judged: st.judgements
        .filter((j) => j.kind)
        .map((j) => ({ ply: j.ply, glyph: j.glyph, best: j.bestAlgebraic })),
    };
  });
  assert.equal(r.entries, 61);
  // the graph: 61 points
  const pts = await page.evaluate(
    () => document.querySelector('#an-graph polyline').getAttribute('points').split(' ').length,
  );
  assert.equal(pts, 61);
  // the marked moves in the move list, with their glyphs
  const marks = await page.evaluate(() =>
    [...document.querySelectorAll('#moves .mv .glyph')].map((g) => ({
      ply: Number(g.closest('.mv').dataset.ply),
      glyph: g.textContent,
    })),
  );
  assert.ok(r.judged.length > 0, 'a game at strength 6 has judged moves');
  assert.deepEqual(
    marks,
    r.judged.map(({ ply, glyph }) => ({ ply, glyph })),
  );
  assert.equal(
    await page.evaluate(() => document.querySelectorAll('#an-graph circle').length),
    r.judged.length,
  );
  // a click on the graph goes to that ply; on a judged ply the better move is named
  const j = r.judged[0];
  await page.evaluate((ply) => {
    const svg = document.querySelector('#an-graph svg'),
      box = svg.getBoundingClientRect();
    const x = box.left + 4 + (ply * (box.width - 8)) / 60;
    svg.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: box.top + 10 }));
  }, j.ply);
  await page.waitForFunction((ply) => window.__dc.state().view === ply, j.ply);
  const comment = await text(page, '#an-comment');
  assert.match(
    comment,
    /(Inaccuracy|Mistake|Blunder): (Gold|Scarlet) loses \d+ points of win chance\. Better was /,
  );
  assert.ok(comment.includes(j.best), comment);
  // the summary counts them
  const counts = await page.evaluate(() =>
    [...document.querySelectorAll('#an-summary tbody td')].reduce((a, td) => a + Number(td.textContent), 0),
  );
  assert.equal(counts, r.judged.length);
  // a second review, stopped: the positions done so far, judged
  await click(page, '#an-review-start');
  await page.waitForFunction(() => window.__dc.analysis.review.state.done >= 3);
  await click(page, '[data-an="stopreview"]');
  await page.waitForFunction(() => window.__dc.analysis.review.state.status === 'stopped');
  const stopped = await page.evaluate(() => window.__dc.analysis.review.state.entries.length);
  assert.ok(stopped >= 3 && stopped < 61, String(stopped));
  assert.match(await text(page, '#an-summary'), /Review stopped after \d+ of 61 positions/);
  assert.deepEqual(errors, []);
});
