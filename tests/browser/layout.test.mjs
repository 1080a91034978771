// A layout that never moves. For each window size: the boards' box at ply 0 equals the box
// with a 200-ply game open (from a link) and after playing on against the computer; every
// one of the 288 squares is in the window (phone: in the scrolling part between the top
// bar and the toolbar, the page scrolled to its level); a click on every corner square of
// every level reaches that square; on the phone the computer's last move is in view; on
// the tablet the panels are clear of the boards; on the phone the levels are in line (a square
// and the squares directly above and below it share a screen column); elsewhere the boards
// are arranged for the largest squares, and the player's choice of the levels in line
// instead is kept across a reload.
// The sizes of one kind of device (desktops and the tablet; the phone) share one page, the
// window resized from size to size: each check is made at every size on one load of the page.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  withPage,
  resizeTo,
  openGame,
  waitReady,
  state,
  frames,
  saveGame,
} from './helpers.mjs';
import { loadEngine } from '../node/helpers.mjs';
import { encodeGame } from '../../web/app/session/share/links.js';

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1400, height: 800 },
  { width: 1280, height: 720 },
  { width: 820, height: 1180, tablet: true },
  { width: 390, height: 844, phone: true },
];
const PLIES = 200;

// A 200-ply game (seeded random legal moves that do not end it), made by the engine.
async function longGame() {
  const M = await loadEngine();
  const g = new M.Game();
  let seed = 12345;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const moves = [];
  while (moves.length < PLIES) {
    const legal = g.legalMoves();
    let played = false;
    for (let tries = 0; tries < legal.length && !played; tries++) {
      const m = legal[rand(legal.length)];
      g.play(m);
      if (g.status().over) g.undo();
      else {
        moves.push(m);
        played = true;
      }
    }
    assert.ok(played, 'the random game found a move that does not end it');
  }
  g.delete();
  return moves;
}

const shared = serverAndBrowser();
let moves;
before(async () => {
  moves = await longGame();
});

const NAMES = [];
for (let l = 1; l <= 3; l++)
  for (let r = 1; r <= 8; r++)
    for (let f = 0; f < 12; f++) NAMES.push(`${l}${String.fromCharCode(97 + f)}${r}`);
const CORNERS = [1, 2, 3].flatMap((l) => ['a1', 'l1', 'a8', 'l8'].map((c) => `${l}${c}`));

// The boards' box in page coordinates (the phone's scrolling part counted back).
const boardBox = (page) =>
  page.evaluate(() => {
    const r = document.getElementById('board').getBoundingClientRect();
    const app = document.getElementById('app');
    return {
      x: Math.round(r.left),
      y: Math.round(r.top + app.scrollTop),
      width: Math.round(r.width),
      height: Math.round(r.height),
    };
  });

// The part of the window where a square may be: the window, or on the phone the
// scrolling part (between the top bar and the toolbar).
const visibleArea = (page) =>
  page.evaluate(() => {
    const phone = document.body.classList.contains('layout-phone');
    const r = phone
      ? document.getElementById('app').getBoundingClientRect()
      : { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, phone };
  });
const inside = (p, a) => !!p && p.x >= a.left && p.x <= a.right && p.y >= a.top && p.y <= a.bottom;

// Brings a square into view on the phone (scrolls the boards to its level); the point.
async function reach(page, name) {
  return page.evaluate((n) => {
    const app = document.getElementById('app');
    let p = window.__dc.squarePoint(n);
    const a = app.getBoundingClientRect();
    if (document.body.classList.contains('layout-phone') && p && (p.y < a.top + 20 || p.y > a.bottom - 20)) {
      app.scrollTop += p.y - (a.top + a.height / 2);
      p = window.__dc.squarePoint(n);
    }
    return p;
  }, name);
}

// The squares directly above one another (1xn, 2xn, 3xn) not at the same x.
const misaligned = (page) =>
  page.evaluate(() => {
    const bad = [];
    for (let r = 1; r <= 8; r++)
      for (let f = 0; f < 12; f++) {
        const x = [1, 2, 3].map((l) => window.__dc.squarePoint(`${l}${String.fromCharCode(97 + f)}${r}`).x);
        if (x[0] !== x[1] || x[1] !== x[2]) bad.push(`${String.fromCharCode(97 + f)}${r}: ${x.join(' ')}`);
      }
    return bad;
  });

// Every square in view (phone: in the scrolling part once scrolled to it): the squares out of it.
const outOfView = (page) =>
  page.evaluate((names) => {
    const app = document.getElementById('app');
    const phone = document.body.classList.contains('layout-phone');
    const area = () => {
      const r = phone
        ? app.getBoundingClientRect()
        : { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      return r;
    };
    const out = [];
    for (const n of names) {
      let p = window.__dc.squarePoint(n);
      const a = app.getBoundingClientRect();
      if (phone && p && (p.y < a.top + 20 || p.y > a.bottom - 20)) {
        app.scrollTop += p.y - (a.top + a.height / 2);
        p = window.__dc.squarePoint(n);
      }
      const v = area();
      if (!(p && p.x >= v.left && p.x <= v.right && p.y >= v.top && p.y <= v.bottom)) out.push(n);
    }
    return out;
  }, NAMES);

// The sizes of one kind of device share a page, the window resized from size to size; each
// check is made at every size in turn, so that one load of the page serves them all.
const DEVICES = [
  { name: 'desktops and an upright tablet', sizes: SIZES.filter((s) => !s.phone) },
  { name: 'a phone', sizes: SIZES.filter((s) => s.phone) },
];
const sizeName = (s) => `${s.width}x${s.height}`;
const AT = (s) => SIZES.find((x) => x.width === s[0] && x.height === s[1]);

for (const device of DEVICES) {
  const desktop = !device.sizes[0].phone;
  test(`layout, ${device.name} (${device.sizes.map(sizeName).join(', ')}): the boards stay put for 200 plies; every square reachable; corners clickable${desktop ? '; the move list while the engine thinks; levels in line; play by link' : ''}`, async (t) => {
    const first = device.sizes[0];
    const open = shared.browser.page({
      width: first.width,
      height: first.height,
      isMobile: !!first.phone,
      hasTouch: !!first.phone,
      welcomed: true,
    });
    await withPage(open, async ({ page, errors }) => {
      const box0 = new Map();
      await openGame(page, shared.server.url, { engine: false });
      for (const size of device.sizes) {
        await resizeTo(page, size);
        const box = await boardBox(page);
        assert.ok(
          box.width > 100 && box.height > 100,
          `${sizeName(size)}: a board box (${JSON.stringify(box)})`,
        );
        box0.set(size, box);
      }
      if (desktop)
        await t.test(
          'levels in line: the player can put the levels in line instead of the largest squares; it is kept',
          () => levelsInLine(page),
        );
      else {
        await page.goto(shared.server.url + encodeGame({ moves }));
        await page.waitForFunction((n) => window.__dc.ready && window.__dc.state().length === n, PLIES);
      }
      // the 200-ply game from a link (opened by levelsInLine on the desktop)
      for (const size of device.sizes)
        await t.test(
          `layout ${sizeName(size)}: the boards stay put with 200 plies; every square reachable; corners clickable`,
          () => longGameAt(page, size, box0.get(size)),
        );
      if (desktop)
        await t.test(
          'desktop: the move list keeps its height and the last move in sight while the engine thinks',
          () => moveList(page),
        );
      // play on against the computer (the saved game, now against level 1)
      const side = (await state(page)).side;
      await saveGame(page, { moves, mode: 'ai', level: 1, human: side, flipped: side === 'scarlet' });
      await page.goto(shared.server.url + '?again'); // a new load without the link: the saved game
      await waitReady(page);
      assert.equal((await state(page)).mode, 'ai');
      for (const size of device.sizes)
        await t.test(
          `layout ${sizeName(size)}: the boards stay put playing on against the computer; its move in view`,
          () => playOnAt(page, size, box0.get(size)),
        );
      if (desktop)
        await t.test('play by link: the box with the link to send does not move the boards', () =>
          playByLink(page, box0.get(AT([1400, 800]))),
        );
      assert.deepEqual(errors, []);
    });
  });
}

// With the 200-ply game open, at one size: the boards' box as at ply 0; every square in
// view; a click on each corner reaches that square; the levels in line on a phone; the
// tablet's panels clear of the boards.
async function longGameAt(page, size, box0) {
  await resizeTo(page, size);
  await frames(page, 4); // the page drawn and laid out with the 200-ply list
  assert.deepEqual(await boardBox(page), box0, 'the boards did not move or grow with 200 plies in the list');
  const out = await outOfView(page);
  assert.deepEqual(out, [], `squares out of view: ${out.slice(0, 12).join(' ')}`);

  // a click on each corner reaches that square (the keyboard focus follows the click;
  // a piece of the side to move is selected)
  for (const n of CORNERS) {
    await page.keyboard.press('Escape');
    const p = await reach(page, n);
    await page.mouse.click(p.x, p.y);
    assert.equal(await page.evaluate(() => window.__dc.focus()), n, `the click on ${n} reached it`);
    const st = await state(page);
    assert.ok(st.selected === null || st.selected === n, `selected ${st.selected} after a click on ${n}`);
  }
  await page.keyboard.press('Escape');
  await page.evaluate(() => {
    document.getElementById('app').scrollTop = 0;
  });

  // a phone: the levels in line (its width holds one board)
  if (size.phone)
    assert.deepEqual(
      await misaligned(page),
      [],
      'the squares directly above one another share a screen column',
    );

  if (size.tablet) {
    // the panels beside or below the boards (whichever gives the larger squares), clear of them
    const clear = await page.evaluate(() => {
      const s = document.querySelector('.side').getBoundingClientRect(),
        g = document.getElementById('board').getBoundingClientRect();
      return s.top >= g.bottom - 1 || s.left >= g.right - 1;
    });
    assert.ok(clear, 'the panels are clear of the boards');
  }
}

// Against the computer, at one size: a move by clicks, the computer's answer in view, the
// boards' box as at ply 0.
async function playOnAt(page, size, box0) {
  await resizeTo(page, size);
  const n = (await state(page)).length;
  const mv = (await page.evaluate(() => window.__dc.legalMoves()))[0];
  for (const sq of [mv.slice(0, 3), mv.slice(3, 6)]) {
    const p = await reach(page, sq);
    await page.mouse.click(p.x, p.y);
  }
  await page.waitForFunction((k) => window.__dc.state().length === k + 2, n);
  await frames(page, 4); // drawn, and the phone's boards scrolled to the last move
  const last = (await page.evaluate(() => window.__dc.history())).at(-1);
  const a2 = await visibleArea(page);
  for (const sq of [last.slice(0, 3), last.slice(3, 6)]) {
    const p = await page.evaluate((s) => window.__dc.squarePoint(s), sq);
    assert.ok(inside(p, a2), `the computer's last move (${last}) is in view: ${sq} at ${JSON.stringify(p)}`);
  }
  const scrolled = await page.evaluate(() => document.getElementById('app').scrollTop);
  await page.evaluate(() => {
    document.getElementById('app').scrollTop = 0;
  });
  assert.deepEqual(
    await boardBox(page),
    box0,
    `the boards did not move after playing on (scrolled ${scrolled})`,
  );
}

// At 1280x720 with a game at its start: the levels in line chosen, kept across a reload, the
// boards staying put when the 200-ply game opens from a link (which stays open), then 'b'
// gives the largest squares again.
async function levelsInLine(page) {
  await resizeTo(page, AT([1280, 720]));
  const g0 = await page.evaluate(() => window.__dc.geometry());
  assert.notEqual(g0.arrangement, 'column', 'the largest squares by default');
  assert.equal(await page.getAttribute('#btn-arrange', 'aria-pressed'), 'false');
  await page.click('#btn-arrange');
  await page.waitForFunction(() => window.__dc.geometry().arrangement === 'column');
  assert.ok(
    (await page.evaluate(() => window.__dc.geometry().square)) < g0.square,
    'the levels in line take smaller squares',
  );
  assert.deepEqual(
    await misaligned(page),
    [],
    'the squares directly above one another share a screen column',
  );
  assert.equal(await page.getAttribute('#btn-arrange', 'aria-pressed'), 'true');
  await page.reload();
  await waitReady(page, { engine: false });
  await page.waitForFunction(() => window.__dc.geometry().arrangement === 'column');
  const box = await boardBox(page);
  await page.goto(shared.server.url + encodeGame({ moves }));
  await page.waitForFunction((n) => window.__dc.ready && window.__dc.state().length === n, PLIES);
  assert.deepEqual(await boardBox(page), box, 'the boards stay put with 200 plies');
  await page.keyboard.press('b');
  await page.waitForFunction((s) => window.__dc.geometry().square === s, g0.square);
}

// Desktop, the 200-ply game open: the move list keeps its height while the engine thinks (its
// card does not grow with the best line it shows) and the move on view stays in sight; short
// windows keep room for several rows (the engine's buttons beside its title). Each size read
// idle first, then again with the engine's line shown.
async function moveList(page) {
  const sizes = [
    [1280, 720, 8],
    [1400, 800, 6],
    [1920, 1080, 10],
  ];
  await page.waitForFunction(() => window.__dc.state().engineReady);
  const list = () =>
    page.evaluate(() => {
      const box = document.getElementById('moves').getBoundingClientRect();
      const cur = document.querySelector('#moves .is-current').getBoundingClientRect();
      const row = document.querySelector('#moves tbody tr:not(.mv-comment)').getBoundingClientRect();
      return {
        height: Math.round(box.height),
        rows: Math.floor(box.height / row.height),
        inSight: cur.top >= box.top - 1 && cur.bottom <= box.bottom + 1,
      };
    });
  const idle = new Map();
  for (const [width, height, minRows] of sizes) {
    await resizeTo(page, { width, height });
    const l = await list();
    assert.ok(l.inSight, `${width}x${height}: the last move is in sight`);
    assert.ok(
      l.rows >= minRows,
      `${width}x${height}: ${l.rows} rows of moves in view, not ${minRows} or more`,
    );
    idle.set(width, l);
  }
  await page.click('[data-act="hint"]');
  await page.waitForFunction(() => document.querySelectorAll('#eng-pv .pv-m').length >= 4);
  for (const [width, height] of sizes) {
    await resizeTo(page, { width, height });
    const thinking = await list();
    assert.equal(
      thinking.height,
      idle.get(width).height,
      `${width}x${height}: the move list kept its height while the engine showed its line`,
    );
    assert.ok(thinking.inSight, `${width}x${height}: the last move stayed in sight`);
  }
}

// At 1400x800: a game by link (20 plies) and a move played: the box with the link to send
// shows and the boards stay where they are at ply 0.
async function playByLink(page, box0) {
  await resizeTo(page, AT([1400, 800]));
  await page.goto(shared.server.url + encodeGame({ moves: moves.slice(0, 20), mode: 'link' }));
  await page.waitForFunction(() => window.__dc.ready && window.__dc.state().mode === 'link');
  const mv = (await page.evaluate(() => window.__dc.legalMoves()))[0];
  for (const n of [mv.slice(0, 3), mv.slice(3, 6)]) {
    const p = await page.evaluate((s) => window.__dc.squarePoint(s), n);
    await page.mouse.click(p.x, p.y);
  }
  await page.waitForFunction(() => !document.getElementById('send').hidden);
  assert.equal((await state(page)).length, 21);
  assert.deepEqual(await boardBox(page), box0);
}
