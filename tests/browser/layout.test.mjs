// A layout that never moves. For each window size: the boards' box at ply 0 equals the box
// with a 200-ply game open (from a link) and after playing on against the computer; every
// one of the 288 squares is in the window (phone: in the scrolling part between the top
// bar and the toolbar, the page scrolled to its level); a click on every corner square of
// every level reaches that square; on the phone the computer's last move is in view; on
// the tablet the panels are clear of the boards; on the phone the levels are in line (a square
// and the squares directly above and below it share a screen column); elsewhere the boards
// are arranged for the largest squares, and the player's choice of the levels in line
// instead is kept across a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  launch,
  openGame,
  waitReady,
  watchErrors,
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

let server, moves;
before(async () => {
  server = await startServer();
  moves = await longGame();
});
after(async () => {
  await server?.close();
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

for (const size of SIZES) {
  test(`layout ${size.width}x${size.height}: the boards stay put for 200 plies; every square reachable; corners clickable`, async () => {
    const b = await launch({
      width: size.width,
      height: size.height,
      isMobile: !!size.phone,
      hasTouch: !!size.phone,
    });
    try {
      const errors = watchErrors(b.page);
      await openGame(b.page, server.url, { engine: false });
      const box0 = await boardBox(b.page);
      assert.ok(box0.width > 100 && box0.height > 100, `a board box (${JSON.stringify(box0)})`);

      // the 200-ply game from a link
      await b.page.goto(server.url + encodeGame({ moves }));
      await b.page.waitForFunction((n) => window.__dc.ready && window.__dc.state().length === n, PLIES);
      await frames(b.page, 4); // the page drawn and laid out with the 200-ply list
      assert.deepEqual(
        await boardBox(b.page),
        box0,
        'the boards did not move or grow with 200 plies in the list',
      );

      // every square in view (phone: in the scrolling part once scrolled to it)
      const area = await visibleArea(b.page);
      const out = [];
      for (const n of NAMES) {
        const p = area.phone
          ? await reach(b.page, n)
          : await b.page.evaluate((s) => window.__dc.squarePoint(s), n);
        if (!inside(p, area.phone ? await visibleArea(b.page) : area)) out.push(n);
      }
      assert.deepEqual(out, [], `squares out of view: ${out.slice(0, 12).join(' ')}`);

      // a click on each corner reaches that square (the keyboard focus follows the click;
      // a piece of the side to move is selected)
      for (const n of CORNERS) {
        await b.page.keyboard.press('Escape');
        const p = await reach(b.page, n);
        await b.page.mouse.click(p.x, p.y);
        assert.equal(await b.page.evaluate(() => window.__dc.focus()), n, `the click on ${n} reached it`);
        const st = await state(b.page);
        assert.ok(st.selected === null || st.selected === n, `selected ${st.selected} after a click on ${n}`);
      }
      await b.page.keyboard.press('Escape');

      // a phone: the levels in line (its width holds one board)
      if (size.phone)
        assert.deepEqual(
          await misaligned(b.page),
          [],
          'the squares directly above one another share a screen column',
        );

      if (size.tablet) {
        // the panels beside or below the boards (whichever gives the larger squares), clear of them
        const clear = await b.page.evaluate(() => {
          const s = document.querySelector('.side').getBoundingClientRect(),
            g = document.getElementById('board').getBoundingClientRect();
          return s.top >= g.bottom - 1 || s.left >= g.right - 1;
        });
        assert.ok(clear, 'the panels are clear of the boards');
      }

      // play on against the computer (the saved game, now against level 1)
      const side = (await state(b.page)).side;
      await saveGame(b.page, { moves, mode: 'ai', level: 1, human: side, flipped: side === 'scarlet' });
      await b.page.goto(server.url + '?again'); // a new load without the link: the saved game
      await waitReady(b.page);
      assert.equal((await state(b.page)).mode, 'ai');
      const legal = await b.page.evaluate(() => window.__dc.legalMoves());
      const mv = legal[0];
      for (const n of [mv.slice(0, 3), mv.slice(3, 6)]) {
        const p = await reach(b.page, n);
        await b.page.mouse.click(p.x, p.y);
      }
      await b.page.waitForFunction((n) => window.__dc.state().length === n + 2, PLIES);
      await frames(b.page, 4); // drawn, and the phone's boards scrolled to the last move
      const last = (await b.page.evaluate(() => window.__dc.history())).at(-1);
      const a2 = await visibleArea(b.page);
      for (const n of [last.slice(0, 3), last.slice(3, 6)]) {
        const p = await b.page.evaluate((s) => window.__dc.squarePoint(s), n);
        assert.ok(
          inside(p, a2),
          `the computer's last move (${last}) is in view: ${n} at ${JSON.stringify(p)}`,
        );
      }
      const scrolled = await b.page.evaluate(() => document.getElementById('app').scrollTop);
      await b.page.evaluate(() => {
        document.getElementById('app').scrollTop = 0;
      });
      assert.deepEqual(
        await boardBox(b.page),
        box0,
        `the boards did not move after playing on (scrolled ${scrolled})`,
      );
      assert.deepEqual(errors, []);
    } finally {
      await b.close();
    }
  });
}

// Desktop: the move list keeps its height while the engine thinks (its card does not grow
// with the best line it shows) and the move on view stays in sight; short windows keep room
// for several rows (the engine's buttons beside its title).
test('desktop: the move list keeps its height and the last move in sight while the engine thinks', async () => {
  for (const [width, height, minRows] of [
    [1280, 720, 8],
    [1400, 800, 6],
    [1920, 1080, 10],
  ]) {
    const b = await launch({ width, height });
    try {
      const errors = watchErrors(b.page);
      await openGame(b.page, server.url);
      await b.page.goto(server.url + encodeGame({ moves }));
      await b.page.waitForFunction((n) => window.__dc.ready && window.__dc.state().length === n, PLIES);
      await b.page.waitForFunction(() => window.__dc.state().engineReady);
      const list = () =>
        b.page.evaluate(() => {
          const box = document.getElementById('moves').getBoundingClientRect();
          const cur = document.querySelector('#moves .is-current').getBoundingClientRect();
          const row = document.querySelector('#moves tbody tr:not(.mv-comment)').getBoundingClientRect();
          return {
            height: Math.round(box.height),
            rows: Math.floor(box.height / row.height),
            inSight: cur.top >= box.top - 1 && cur.bottom <= box.bottom + 1,
          };
        });
      const idle = await list();
      assert.ok(idle.inSight, `${width}x${height}: the last move is in sight`);
      assert.ok(
        idle.rows >= minRows,
        `${width}x${height}: ${idle.rows} rows of moves in view, not ${minRows} or more`,
      );
      await b.page.click('[data-act="hint"]');
      await b.page.waitForFunction(() => document.querySelectorAll('#eng-pv .pv-m').length >= 4);
      const thinking = await list();
      assert.equal(
        thinking.height,
        idle.height,
        `${width}x${height}: the move list kept its height while the engine showed its line`,
      );
      assert.ok(thinking.inSight, `${width}x${height}: the last move stayed in sight`);
      assert.deepEqual(errors, []);
    } finally {
      await b.close();
    }
  }
});

test('levels in line: the player can put the levels in line instead of the largest squares; it is kept', async () => {
  const b = await launch({ width: 1280, height: 720 });
  try {
    const errors = watchErrors(b.page);
    await openGame(b.page, server.url, { engine: false });
    const g0 = await b.page.evaluate(() => window.__dc.geometry());
    assert.notEqual(g0.arrangement, 'column', 'the largest squares by default');
    assert.equal(await b.page.getAttribute('#btn-arrange', 'aria-pressed'), 'false');
    await b.page.click('#btn-arrange');
    await b.page.waitForFunction(() => window.__dc.geometry().arrangement === 'column');
    assert.ok(
      (await b.page.evaluate(() => window.__dc.geometry().square)) < g0.square,
      'the levels in line take smaller squares',
    );
    assert.deepEqual(
      await misaligned(b.page),
      [],
      'the squares directly above one another share a screen column',
    );
    assert.equal(await b.page.getAttribute('#btn-arrange', 'aria-pressed'), 'true');
    await b.page.reload();
    await waitReady(b.page);
    await b.page.waitForFunction(() => window.__dc.geometry().arrangement === 'column');
    const box = await boardBox(b.page);
    await b.page.goto(server.url + encodeGame({ moves }));
    await b.page.waitForFunction((n) => window.__dc.ready && window.__dc.state().length === n, PLIES);
    assert.deepEqual(await boardBox(b.page), box, 'the boards stay put with 200 plies');
    await b.page.keyboard.press('b');
    await b.page.waitForFunction((s) => window.__dc.geometry().square === s, g0.square);
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});

test('play by link: the box with the link to send does not move the boards', async () => {
  const b = await launch({ width: 1400, height: 800 });
  try {
    const errors = watchErrors(b.page);
    await openGame(b.page, server.url, { engine: false });
    const box0 = await boardBox(b.page);
    await b.page.goto(server.url + encodeGame({ moves: moves.slice(0, 20), mode: 'link' }));
    await b.page.waitForFunction(() => window.__dc.ready && window.__dc.state().mode === 'link');
    const mv = (await b.page.evaluate(() => window.__dc.legalMoves()))[0];
    for (const n of [mv.slice(0, 3), mv.slice(3, 6)]) {
      const p = await b.page.evaluate((s) => window.__dc.squarePoint(s), n);
      await b.page.mouse.click(p.x, p.y);
    }
    await b.page.waitForFunction(() => !document.getElementById('send').hidden);
    assert.equal((await state(b.page)).length, 21);
    assert.deepEqual(await boardBox(b.page), box0);
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});
