// The focus view (docs/renderer.md, docs/page.md): one level as large as the window allows,
// the other two as mini-maps. Its squares measured from the pixels drawn, at the sizes of
// phones, tablets and desktops; every square of the three levels in the window with nothing
// over it; a move to another level by taps (the piece, the level, the square), by a drag onto a
// mini-map (a finger's on a touch screen) and on a desktop by the keyboard (the piece, the
// level's key, the square); a sideways swipe that changes the level and moves nothing; the
// slide of a change of level, none under reduced motion (a whole game of 150 plies played by
// taps: focus-game.test.mjs).
// The sizes of one kind of device (phones; touch tablets; desktops) share one page, the
// window resized from size to size and a game started anew at each through the page's New
// game dialog: the page loads once a kind (and once more to see the view chosen kept).
// Run: node --test tests/browser/focus.test.mjs   (build the test site first)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, withPage, resizeTo, waitReady, state, frames, decodePng } from './helpers.mjs';
import { touchOf, openAt, start, geometry, point, focusOn, playByTaps, newGame } from './focus-taps.mjs';

// width, height, the least square (px) of the level in focus, a phone's (touch, 3 device px)
const SIZES = [
  { width: 360, height: 640, least: 29, phone: true },
  { width: 390, height: 844, least: 32, phone: true },
  { width: 844, height: 390, least: 40, phone: true },
  { width: 820, height: 1180, least: 60, touch: true },
  { width: 1180, height: 820, least: 60, touch: true },
  { width: 1280, height: 720, least: 75 },
  { width: 1920, height: 1080, least: 100 },
];
const MINI = 8;
// The square colours of each level (web/renderer/draw.cpp's palette), light and dark.
const PALETTE = {
  1: [0xd2ad9c, 0x98584a],
  2: [0xeedb9f, 0x78a15a],
  3: [0xf1f7fb, 0x8dbfe3],
};

const shared = serverAndBrowser();

// The square size drawn on `level`, measured from the pixels: along the middle of rank 4
// (empty at the start), the runs of the level's two square colours; their median, in CSS px.
async function measuredSquare(page, level, dpr) {
  const a = await point(page, `${level}a4`),
    l = await point(page, `${level}l4`);
  const y = Math.round(a.y),
    x0 = Math.max(0, Math.floor(Math.min(a.x, l.x) - 200)),
    x1 = Math.ceil(Math.max(a.x, l.x) + 200);
  const png = decodePng(await page.screenshot({ clip: { x: x0, y, width: x1 - x0, height: 1 } }));
  const near = (i, c) =>
    Math.abs(png.data[i] - (c >> 16)) <= 10 &&
    Math.abs(png.data[i + 1] - ((c >> 8) & 255)) <= 10 &&
    Math.abs(png.data[i + 2] - (c & 255)) <= 10;
  const runs = [];
  let cls = -1,
    len = 0;
  for (let x = 0; x < png.width; x++) {
    const i = x * 4;
    const c = near(i, PALETTE[level][0]) ? 0 : near(i, PALETTE[level][1]) ? 1 : -1;
    if (c === cls) len++;
    else {
      if (cls >= 0) runs.push(len);
      cls = c;
      len = 1;
    }
  }
  if (cls >= 0) runs.push(len);
  const squares = runs.filter((r) => r >= 4 * dpr).sort((p, q) => p - q);
  assert.ok(squares.length >= 10, `level ${level}: 12 squares along rank 4, found runs ${runs.join(' ')}`);
  return squares[Math.floor(squares.length / 2)] / dpr;
}

// A hand on the boards: the mouse, or on a touch screen one finger (touch events, as a
// phone gives them). move(from, to, steps) goes there in steps.
async function pointer(page, context, size) {
  if (!touchOf(size))
    return {
      down: async (p) => {
        await page.mouse.move(p.x, p.y);
        await page.mouse.down();
      },
      move: (from, to, steps) => page.mouse.move(to.x, to.y, { steps }),
      up: () => page.mouse.up(),
    };
  const cdp = await context.newCDPSession(page);
  const touch = (type, p) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  return {
    down: (p) => touch('touchStart', p),
    move: async (from, to, steps) => {
      for (let i = 1; i <= steps; i++)
        await touch('touchMove', {
          x: from.x + ((to.x - from.x) * i) / steps,
          y: from.y + ((to.y - from.y) * i) / steps,
        });
    },
    up: async () => {
      await touch('touchEnd', null);
      await cdp.detach();
    },
  };
}

// A tap on the mini-map of `level` with the page's clock stopped, one frame of 20 ms let run:
// how many pixels of that level's rows then differ from the same rows once it has settled (its
// slide into focus under way; none, under reduced motion), and which way it comes: the board's
// top and bottom edges (its square colours' first and last rows, down two columns near its
// sides) in that frame against the settled ones, -1 from above (drawn higher: a level up), +1
// from below, 0 in place.
async function slideFrame(page, level) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000); // the page's clock
  const m = await point(page, `${level}f4`);
  await page.mouse.click(m.x, m.y);
  await page.clock.runFor(20);
  const a4 = await point(page, `${level}a4`),
    l4 = await point(page, `${level}l4`);
  const clip = {
    x: Math.round(a4.x) - 10,
    y: Math.round(a4.y) - 60,
    width: Math.round(l4.x - a4.x) + 20,
    height: 120,
  };
  const g = await geometry(page);
  const canvas = await page.evaluate(() => {
    const r = document.getElementById('board').querySelector('canvas').getBoundingClientRect();
    return { x: r.left, y: r.top, h: innerHeight };
  });
  const b = g.boards.find((x) => x.level === level);
  const edgesClip = {
    x: Math.round(canvas.x + b.x + g.square + 2),
    y: Math.max(0, Math.round(canvas.y + b.y - b.height / 2)),
    width: Math.round(b.width - 2 * g.square - 4),
    height: 0,
  };
  edgesClip.height = Math.min(canvas.h, Math.round(canvas.y + b.y + b.height * 1.5)) - edgesClip.y;
  const edges = (png) => {
    let top = Infinity,
      bottom = -Infinity;
    for (const x of [0, png.width - 1])
      for (let y = 0; y < png.height; y++) {
        const i = (y * png.width + x) * 4;
        const c = (png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2];
        const near = (q) => [16, 8, 0].every((sh) => Math.abs(((c >> sh) & 255) - ((q >> sh) & 255)) <= 10);
        if (PALETTE[level].some(near)) ((top = Math.min(top, y)), (bottom = Math.max(bottom, y)));
      }
    return { top, bottom };
  };
  const early = decodePng(await page.screenshot({ clip })).data;
  const earlyEdges = edges(decodePng(await page.screenshot({ clip: edgesClip })));
  await page.clock.runFor(1000);
  await page.clock.resume();
  await frames(page, 3);
  assert.equal((await geometry(page)).focus, level);
  const late = decodePng(await page.screenshot({ clip })).data;
  const lateEdges = edges(decodePng(await page.screenshot({ clip: edgesClip })));
  let diff = 0;
  for (let i = 0; i < early.length; i++) if (Math.abs(early[i] - late[i]) > 8) diff++;
  const shift = g.square; // a slide moves the board by more than a square in its first 20 ms
  const way =
    earlyEdges.bottom < lateEdges.bottom - shift ? -1 : earlyEdges.top > lateEdges.top + shift ? 1 : 0;
  return { diff, way };
}

// The keyboard's focus square (the boards focused) brought to the square `name`: its level's
// key, then the arrows (Gold at the bottom: up is a rank up, right a file right).
async function keyTo(page, name) {
  for (let i = 0; i < 24; i++) {
    const at = await page.evaluate(() => window.__dc.focus());
    if (at === name) return;
    const key =
      at[0] !== name[0]
        ? name[0]
        : at[1] !== name[1]
          ? at[1] < name[1]
            ? 'ArrowRight'
            : 'ArrowLeft'
          : at[2] < name[2]
            ? 'ArrowUp'
            : 'ArrowDown';
    await page.keyboard.press(key);
  }
  assert.equal(await page.evaluate(() => window.__dc.focus()), name, 'the keys reach the square');
}

// At one size, in a game at its start: the focus view's squares measured, every level in the
// window and uncovered, a swipe, a move to another level by taps, one by drag and (a desktop)
// one by the keyboard, the three boards again.
async function focusViewAt(page, context, size) {
  const dpr = size.phone ? 3 : 1;
  await resizeTo(page, size);
  await newGame(page); // rank 4 empty (measuredSquare) and the first moves again
  if ((await geometry(page)).arrangement !== 'focus') {
    await page.click('#btn-view'); // the switch
    await page.waitForFunction(() => window.__dc.geometry().arrangement === 'focus');
    await frames(page, 3);
  }
  const g = await geometry(page);
  const big = await measuredSquare(page, g.focus, dpr);
  const minis = [1, 2, 3].filter((l) => l !== g.focus);
  const small = await Promise.all(minis.map((l) => measuredSquare(page, l, dpr)));
  console.log(
    `# ${size.width}x${size.height}: level in focus ${big.toFixed(1)} px (geometry ${g.square}), mini-maps ${small.map((s) => s.toFixed(1)).join(', ')} px`,
  );
  assert.ok(Math.abs(big - g.square) <= 1, `the pixels agree with the geometry (${big} against ${g.square})`);
  assert.ok(big >= size.least, `squares of ${big} px in focus, not ${size.least} or more`);
  for (const s of small) assert.ok(s >= MINI, `mini-map squares of ${s} px, not ${MINI} or more`);
  // the level in focus and both mini-maps in the window, without scrolling
  const inView = await page.evaluate(() => {
    const out = [];
    for (const b of window.__dc.geometry().boards) {
      const c = document.getElementById('board').querySelector('canvas').getBoundingClientRect();
      const top = c.top + b.y,
        bottom = top + b.height;
      if (
        top < 0 ||
        bottom > innerHeight + 0.5 ||
        c.left + b.x < 0 ||
        c.left + b.x + b.width > innerWidth + 0.5
      )
        out.push(b.level);
    }
    return out;
  });
  assert.deepEqual(inView, [], 'every level in the window');
  // and nothing over any of them: the centre of each of the 288 squares (on the level in focus
  // or a mini-map) shows the boards, not a bar, the status line or a panel
  const covered = await page.evaluate(() => {
    const boardEl = document.getElementById('board'),
      out = [];
    for (let l = 1; l <= 3; l++)
      for (let r = 1; r <= 8; r++)
        for (const f of 'abcdefghijkl') {
          const p = window.__dc.squarePoint(`${l}${f}${r}`);
          const at = p && document.elementFromPoint(p.x, p.y);
          if (!at || !boardEl.contains(at))
            out.push(`${l}${f}${r} (${at ? at.id || at.className : 'outside'})`);
        }
    return out;
  });
  assert.deepEqual(covered, [], 'a square under something else, or out of the window');

  // a sideways swipe across the level in focus, from an empty square: another level, no
  // piece selected or moved
  const before = await page.evaluate(() => window.__dc.fen());
  const a = await point(page, `${g.focus}c5`),
    b = await point(page, `${g.focus}j5`);
  const swipe = await pointer(page, context, size);
  await swipe.down(b);
  await swipe.move(b, a, 8);
  await swipe.up(a);
  // to the left: the next level down in the order shown (3, 2, 1)
  const next = g.focus === 1 ? 1 : g.focus - 1;
  await page.waitForFunction((l) => window.__dc.geometry().focus === l, next);
  assert.equal(await page.evaluate(() => window.__dc.fen()), before, 'a swipe moves no piece');
  assert.equal((await state(page)).selected, null, 'a swipe selects nothing');
  // and said through the live region, for a screen reader
  const names = { 1: 'Underworld', 2: 'Ground', 3: 'Sky' };
  if (next !== g.focus)
    await page.waitForFunction(
      (w) => document.getElementById('announce').textContent === w,
      `Level ${next}, ${names[next]}, in focus.`,
    );

  // a move to another level in three taps: the piece, the level, the square
  const legal = await page.evaluate(() => window.__dc.legalMoves());
  const across = legal.filter((m) => m[0] !== m[3]);
  assert.ok(across.length >= 2, 'moves to another level at the start');
  await focusOn(page, size, Number(across[0][0]));
  await playByTaps(page, size, across[0], 0);
  assert.deepEqual(await page.evaluate(() => window.__dc.history()), [across[0]]);

  // by drag (the mouse; on a touch screen a finger, its first pixels sideways as a drag on a
  // page that scrolls must start): onto the mini-map of the level it goes to, which comes into
  // focus, then onto the square; never taken for a swipe
  const reply = (await page.evaluate(() => window.__dc.legalMoves())).find((m) => m[0] !== m[3]);
  assert.ok(reply, 'Scarlet has a move to another level');
  await focusOn(page, size, Number(reply[0]));
  const hand = await pointer(page, context, size);
  const p = await point(page, reply.slice(0, 3));
  await hand.down(p);
  await hand.move(p, { x: p.x + (p.x < size.width / 2 ? 16 : -16), y: p.y + 2 }, 2);
  await page.waitForFunction((f) => window.__dc.state().selected === f, reply.slice(0, 3));
  let at = { x: p.x + (p.x < size.width / 2 ? 16 : -16), y: p.y + 2 };
  // across the level in focus to the mini-map's height, then into it: never over the other
  const mini = await point(page, `${reply[3]}f4`);
  const now = await geometry(page);
  const large = now.boards.find((b) => b.level === now.focus);
  if (now.boards.some((b) => b.level !== now.focus && b.x >= large.x + large.width)) {
    await hand.move(at, { x: at.x, y: mini.y }, 4);
    at = { x: at.x, y: mini.y };
  }
  await hand.move(at, mini, 6);
  await page.waitForFunction((l) => window.__dc.geometry().focus === l, Number(reply[3]));
  const q = await point(page, reply.slice(3, 6));
  await hand.move(mini, q, 6);
  await hand.up(q);
  await page.waitForFunction(() => window.__dc.state().length === 2);
  assert.deepEqual((await page.evaluate(() => window.__dc.history()))[1], reply);

  // by the keyboard (a desktop's): the piece, the level (its key brings it into focus), the square
  if (!touchOf(size)) {
    const third = (await page.evaluate(() => window.__dc.legalMoves())).find((m) => m[0] !== m[3]);
    assert.ok(third, 'Gold has a move to another level');
    await page.focus('#board');
    await keyTo(page, third.slice(0, 3));
    await page.keyboard.press('Enter');
    await page.waitForFunction((f) => window.__dc.state().selected === f, third.slice(0, 3));
    await keyTo(page, third.slice(3, 6));
    assert.equal(
      (await geometry(page)).focus,
      Number(third[3]),
      'the level key brought its level into focus',
    );
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.__dc.state().length === 3);
    assert.deepEqual((await page.evaluate(() => window.__dc.history()))[2], third);
    await page.evaluate(() => /** @type {HTMLElement} */ (document.activeElement).blur());
  }

  // a change of level slides (the page's clock stopped: one frame of it drawn), and does not
  // under reduced motion
  if (size.width === 1280) {
    await page.clock.install();
    const f0 = (await geometry(page)).focus;
    // a level up comes in from above, a level down from below
    const other = f0 === 1 ? 2 : f0 - 1;
    for (const [from, to] of [
      [f0, other],
      [other, f0],
    ]) {
      const slide = await slideFrame(page, to);
      assert.ok(slide.diff > 100, 'a change of level slides');
      assert.equal(slide.way, to > from ? -1 : 1, `the slide from level ${from} to ${to}: its way`);
    }
    await page.emulateMedia({ reducedMotion: 'reduce' });
    assert.deepEqual(await slideFrame(page, other), { diff: 0, way: 0 }, 'no slide under reduced motion');
    await page.emulateMedia({ reducedMotion: null });
  }

  // the choice is remembered: the three boards after the switch
  await page.click('#btn-view');
  await page.waitForFunction(() => window.__dc.geometry().arrangement !== 'focus');
}

// The sizes of each kind of device share one page, resized from size to size (a window
// resized, a phone turned), in a game started anew at each size through the page's own
// dialog. The window's default view is read at every size first, before the player has
// chosen one; the three boards chosen last are kept across a reload.
const DEVICES = [
  { name: 'phones', sizes: SIZES.filter((s) => s.phone) },
  { name: 'tablets', sizes: SIZES.filter((s) => s.touch) },
  { name: 'desktops', sizes: SIZES.filter((s) => !touchOf(s)) },
];
for (const device of DEVICES) {
  const names = device.sizes.map((s) => `${s.width}x${s.height}`).join(', ');
  test(`${device.name} (${names}): the focus view's squares, measured; a cross-level move by taps and by drag; a swipe`, async (t) => {
    await withPage(openAt(shared.browser, device.sizes[0]), async ({ page, context, errors }) => {
      await start(page, shared.server.url);
      // the default view: the focus view on phones (and wherever three boards get small squares)
      for (const size of device.sizes) {
        await resizeTo(page, size);
        const dflt = await geometry(page);
        if (size.phone)
          assert.equal(
            dflt.arrangement,
            'focus',
            `${size.width}x${size.height}: the focus view is a phone’s default`,
          );
        if (dflt.arrangement !== 'focus')
          assert.ok(
            dflt.square >= 30,
            `${size.width}x${size.height}: three boards by default only with squares a finger can hit (${dflt.square})`,
          );
      }
      for (const size of device.sizes)
        await t.test(`${size.width}x${size.height}`, () => focusViewAt(page, context, size));
      // the three boards chosen are kept after a reload
      await page.reload();
      await waitReady(page, { engine: false });
      assert.notEqual((await geometry(page)).arrangement, 'focus', 'the three boards, remembered');
      assert.deepEqual(errors, []);
    });
  });
}

test('an embed with layout=focus: one level large in a small frame, a tap on a mini-map; a garbled layout named', async () => {
  await withPage(shared.browser.page({ width: 480, height: 300, view: null }), async ({ page, errors }) => {
    await page.goto(shared.server.url + 'embed.html#layout=focus');
    await page.waitForFunction(() => window.__embed && window.__embed.ready);
    const g = await page.evaluate(() => window.__embed.state().layout);
    assert.equal(g.arrangement, 'focus');
    assert.ok(g.mini >= MINI, `mini-maps of ${g.mini} px`);
    const other = g.boards.find((b) => b.level !== g.focus);
    const p = await page.evaluate((n) => window.__embed.squarePoint(n), `${other.level}f4`);
    await page.mouse.click(p.x, p.y);
    await page.waitForFunction((l) => window.__embed.state().layout.focus === l, other.level);
    assert.deepEqual(errors, []);
    await page.goto('about:blank');
    await page.goto(shared.server.url + 'embed.html#layout=focal');
    await page.waitForFunction(() => window.__embed && (window.__embed.ready || window.__embed.failed));
    const msg = await page.evaluate(() => document.getElementById('msg-text').textContent);
    assert.match(msg, /'layout' should be auto, row, column, sideways, focus, not 'focal'/);
  });
});
