// The first screen and the layout at the six window sizes (issue 30): a first visit's welcome
// (remembered once closed, opened again from the top bar); with a 150-ply game that ends in a
// check across levels on the boards and an offer of a draw to answer open, at each size: the
// squares as large as the window allows (each size's floor below), every square in view with
// nothing over it (the offer's panel, the toolbar, the status line), whose turn it is and the
// check's sentence whole (nothing cut, nothing out of the line), the captures and the lead in
// material per side clear of the names, the move list's rows (8 at 1280x720, the offer open),
// an upright tablet's boards as wide as the window with the panels below, the turned phone's
// own arrangement with every control in reach (an offer to answer in the toolbar's place, every
// square in view without scrolling), a takeback request docked on a phone as an offer is, the phone's status line in view and never cut;
// on the phone every square's four corners tapped reach the square, and taps beside a
// square's corner reach it; the rule lessons' icons; a lesson move that puts the goal out of
// reach said at once.
// The sizes of one kind of window (a desktop's; a phone's: touch, 3 device px a CSS px) share
// one page: the 150-ply game loaded once, the window resized from size to size.
// Each size's square (CSS px) is printed: docs/figures.md quotes them.
// Run: node --test tests/browser/screen.test.mjs   (build the test site first)
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser,
  withPage,
  resizeTo,
  saveGame,
  waitReady,
  state,
  frames,
  checkAcrossLevels,
} from './helpers.mjs';

// width, height, the least square (px) the default arrangement must give, a phone's
const SIZES = [
  { width: 1920, height: 1080, least: 50 },
  { width: 1280, height: 720, least: 30 },
  { width: 390, height: 844, least: 26, phone: true },
  { width: 844, height: 390, least: 20, phone: true },
  { width: 820, height: 1180, least: 28 },
  { width: 1180, height: 820, least: 30 },
];

const shared = serverAndBrowser();
let moves;
before(async () => {
  moves = await checkAcrossLevels();
});

const open = (size, opts = {}) =>
  shared.browser.page({
    width: size.width,
    height: size.height,
    isMobile: !!size.phone,
    hasTouch: !!size.phone,
    deviceScaleFactor: size.phone ? 3 : 1,
    ...opts,
  });

// The saved game (store.js) the page restores: the 150 plies, two players on this device.
async function loadSavedGame(page, mv) {
  await page.goto(shared.server.url + 'favicon.svg');
  await saveGame(page, { moves: mv, level: 1 });
  await page.goto(shared.server.url);
  await waitReady(page, { engine: false });
  await page.waitForFunction((n) => window.__dc.state().length === n, mv.length);
}

const overlap = (a, b) =>
  a &&
  b &&
  a.left < b.right - 0.5 &&
  b.left < a.right - 0.5 &&
  a.top < b.bottom - 0.5 &&
  b.top < a.bottom - 0.5;

// Every square brought into view the way a player would (a phone's boards scroll under the
// status line) and the element at its centre: squares whose centre is out of the window, or
// under something that is not the boards.
const coveredSquares = (page) =>
  page.evaluate(() => {
    const app = document.getElementById('app'),
      boardEl = document.getElementById('board');
    const phone = document.body.classList.contains('layout-phone');
    const bad = [];
    for (let l = 1; l <= 3; l++)
      for (let r = 1; r <= 8; r++)
        for (let f = 0; f < 12; f++) {
          const n = `${l}${'abcdefghijkl'[f]}${r}`;
          let p = window.__dc.squarePoint(n);
          if (phone && p) {
            const strip = document.getElementById('status-strip').getBoundingClientRect();
            const a = app.getBoundingClientRect();
            if (p.y < strip.bottom + 4 || p.y > a.bottom - 4) {
              app.scrollTop += p.y - (strip.bottom + a.bottom) / 2;
              p = window.__dc.squarePoint(n);
            }
          }
          const at =
            p && p.x >= 0 && p.y >= 0 && p.x < innerWidth && p.y < innerHeight
              ? document.elementFromPoint(p.x, p.y)
              : null;
          if (!at || !boardEl.contains(at))
            bad.push(`${n} (${at ? at.id || at.className : 'out of the window'})`);
        }
    app.scrollTop = 0;
    return bad;
  });

// An offer of a draw to answer (the other player on this device answers it).
async function openOffer(page) {
  const shown = () => {
    const p = document.querySelector('#offers .offers-prompt');
    return !!p && p.offsetHeight > 0;
  };
  if (await page.evaluate(shown)) return; // still open from the size before
  await page.evaluate(() => document.querySelector('[data-offer="draw"]').click());
  await page.waitForFunction(shown);
}

// At one size, the 150-ply game open with an offer to answer: large squares, every square
// clear, captures clear of names (and each kind of window's own checks).
async function checkSize(page, size) {
  await resizeTo(page, size);
  await openOffer(page);
  if (size.width === 1280 && size.height === 720) {
    // the list's rows, with the offer open
    const rows = await page.evaluate(() => {
      const box = document.getElementById('moves').getBoundingClientRect();
      const row = document.querySelector('#moves tbody tr').getBoundingClientRect();
      return { n: Math.floor(box.height / row.height + 0.01), box: box.height, row: row.height };
    });
    assert.ok(
      rows.n >= 8,
      `${rows.n} rows of moves in view with the offer open (${rows.box} px, rows of ${rows.row}), not 8 or more`,
    );
  }
  // whose turn it is and check, read whole: the status line's words are all in view, none cut
  const status = await page.evaluate(() => {
    const strip = document.getElementById('status-strip').getBoundingClientRect();
    const app = document.getElementById('app');
    app.scrollTop = 0;
    const cut = [];
    for (const e of document.querySelectorAll('#status, #status *')) {
      if (!e.getClientRects().length) continue;
      const cs = getComputedStyle(e);
      if (cs.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1)
        cut.push(`${e.id || e.className}: "…"`);
      if (cs.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1)
        cut.push(`${e.id || e.className}: ${e.scrollWidth} > ${e.clientWidth} px wide`);
      if (cs.overflowY !== 'visible' && e.scrollHeight > e.clientHeight + 1)
        cut.push(`${e.id || e.className}: ${e.scrollHeight} > ${e.clientHeight} px high`);
    }
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('status'));
    for (const r of range.getClientRects()) {
      if (r.width === 0) continue;
      if (
        r.left < Math.max(0, strip.left) - 1 ||
        r.right > Math.min(innerWidth, strip.right) + 1 ||
        r.top < Math.max(0, strip.top) - 1 ||
        r.bottom > Math.min(innerHeight, strip.bottom) + 1
      )
        cut.push(`words out of the line at ${JSON.stringify(r)}`);
    }
    return {
      main: document.getElementById('status-main').textContent,
      sub: document.getElementById('status-sub').textContent,
      cut,
    };
  });
  assert.match(status.main, /^Check! Gold to move/, 'whose turn it is and the check');
  assert.match(
    status.sub,
    /King on 3g1 .*Scarlet Griffon on 2h2 \(Ground/,
    'the check across levels in words',
  );
  assert.deepEqual(status.cut, [], `the status line is whole ("${status.main}" / "${status.sub}")`);

  const g = await page.evaluate(() => window.__dc.geometry());
  const mode = await page.evaluate(() => document.body.className.match(/layout-\w+/g).join(' '));
  console.log(`# ${size.width}x${size.height}: square ${g.square.toFixed(1)} px (${g.arrangement}, ${mode})`);
  assert.ok(
    g.square >= size.least,
    `${size.width}x${size.height}: squares of ${g.square.toFixed(1)} px, not ${size.least} or more`,
  );
  // the largest the renderer gives the boards' box: no arrangement of the same box does better
  const best = await page.evaluate(() => {
    const r = document.getElementById('board').getBoundingClientRect(),
      b = window.__dc.board();
    return Math.max(
      ...['row', 'column', 'pyramid'].map((a) => b.fit(r.width, r.height, { arrangement: a }).square),
    );
  });
  assert.ok(
    g.square >= best - 0.01,
    `the arrangement with the largest squares (${g.square} against ${best})`,
  );

  assert.deepEqual(await coveredSquares(page), [], 'every square in view with nothing over it');

  // the captures and the lead per side: shown, inside the card, never over the name
  const players = await page.evaluate(() =>
    ['player-top', 'player-bottom'].map((id) => {
      const el = document.getElementById(id),
        r = (e) => e && e.getBoundingClientRect().toJSON();
      const icons = [...el.querySelectorAll('.player-mat .cap img')].map(
        (i) => i.getBoundingClientRect().width,
      );
      return {
        card: r(el),
        name: r(el.querySelector('.player-name')),
        sub: r(el.querySelector('.player-sub')),
        mat: r(el.querySelector('.player-mat')),
        caps: el.querySelectorAll('.player-mat .cap').length,
        icons,
      };
    }),
  );
  assert.ok(
    players.some((p) => p.caps > 0),
    'the pieces each side took are shown',
  );
  for (const p of players) {
    if (!p.caps) continue;
    assert.ok(
      !overlap(p.mat, p.name) && !overlap(p.mat, p.sub),
      `the captures (${JSON.stringify(p.mat)}) are clear of the name (${JSON.stringify(p.name)})`,
    );
    assert.ok(
      p.mat.left >= p.card.left - 0.5 && p.mat.right <= p.card.right + 0.5 && p.mat.right <= size.width,
      'the captures are inside the card and the window',
    );
    assert.ok(
      p.icons.every((w) => w >= 16),
      `the captured pieces are readable (${p.icons.join(' ')} px)`,
    );
  }

  const doc = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(doc <= 0, `no sideways scrolling (${doc} px)`);

  if (size.width === 820) {
    // upright: the boards as wide as the window, the panels below them
    const r = await page.evaluate(() => ({
      board: document.getElementById('board').getBoundingClientRect().toJSON(),
      side: document.querySelector('.side').getBoundingClientRect().toJSON(),
      g: window.__dc.geometry(),
    }));
    assert.ok(
      r.g.contentWidth >= size.width * 0.85,
      `the boards take the width (${r.g.contentWidth.toFixed(0)} of ${size.width} px)`,
    );
    assert.ok(g.square > 40, `squares larger than the panels beside them left (${g.square.toFixed(1)} px)`);
    assert.ok(r.side.top >= r.board.bottom - 1, 'the panels are below the boards');
  }
  if (size.phone) {
    // whose turn it is: in view with the boards scrolled to the end
    const strip = await page.evaluate(() => {
      const app = document.getElementById('app');
      app.scrollTop = app.scrollHeight;
      const s = document.getElementById('status-strip').getBoundingClientRect();
      const out = {
        top: s.top,
        bottom: s.bottom,
        text: document.querySelector('#status-strip .status-main').textContent,
      };
      app.scrollTop = 0;
      return out;
    });
    assert.ok(
      strip.top >= 0 && strip.bottom <= size.height && strip.bottom > strip.top,
      `the status line stays in view (${JSON.stringify(strip)})`,
    );
    // nothing a player must read is cut: no text in the status line or the offer ends in "…"
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('#status-strip *, #offers *, #toast *')]
        .filter((e) => {
          const cs = getComputedStyle(e);
          return (
            e.offsetParent !== null &&
            !e.closest('.sr-only') &&
            (cs.textOverflow === 'ellipsis' ||
              cs.webkitLineClamp !== 'none' ||
              (e.scrollWidth > e.clientWidth + 1 && cs.overflowX === 'hidden'))
          );
        })
        .map((e) => e.className || e.tagName),
    );
    assert.deepEqual(cut, [], 'nothing in the status line or the offer is cut');
  }
  if (size.width === 844) {
    // a turned phone: its own arrangement, the three boards side by side; every control in reach
    const t = await page.evaluate(() => document.body.classList.contains('layout-turned'));
    assert.ok(t, 'the turned phone has its own layout');
    assert.equal(g.arrangement, 'row', 'the boards side by side');
    // the offer to answer lies in the toolbar's place: every square in view without scrolling
    const hidden = await page.evaluate(() => {
      const app = document.getElementById('app'),
        boardEl = document.getElementById('board');
      app.scrollTop = 0;
      const view = app.getBoundingClientRect(),
        strip = document.getElementById('status-strip').getBoundingClientRect();
      const bad = [];
      for (let l = 1; l <= 3; l++)
        for (let r = 1; r <= 8; r++)
          for (let f = 0; f < 12; f++) {
            const n = `${l}${'abcdefghijkl'[f]}${r}`,
              p = window.__dc.squarePoint(n),
              half = window.__dc.geometry().square / 2;
            const at = p && document.elementFromPoint(p.x, p.y);
            if (
              !p ||
              p.y - half < strip.bottom - 0.5 ||
              p.y + half > view.bottom + 0.5 ||
              !at ||
              !boardEl.contains(at)
            )
              bad.push(n);
          }
      return bad;
    });
    assert.deepEqual(hidden, [], 'with the offer open, every square in view without scrolling');
    await page.click('#offers [data-offer="decline"], #offers .offers-prompt button:last-child');
    await page.waitForFunction(() => !document.body.classList.contains('offer-over-toolbar'));
    const unreachable = await page.evaluate(() =>
      [...document.querySelectorAll('.topbar button, .card-game .game-controls button')]
        .filter((b) => b.offsetParent !== null)
        .filter((b) => {
          const r = b.getBoundingClientRect();
          const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !(
            r.width >= 24 &&
            r.height >= 24 &&
            r.right <= innerWidth &&
            r.bottom <= innerHeight &&
            at &&
            b.contains(at)
          );
        })
        .map((b) => b.getAttribute('aria-label') || b.textContent.trim()),
    );
    assert.deepEqual(
      unreachable,
      [],
      'the offer answered: every control of the top bar and the toolbar is in reach',
    );
  }
}

// On the phone, upright and turned (the window turned with the request open): a takeback
// request to answer (Undo between two people asks the other) docks as the offer does:
// nothing over a square.
async function takebackDocked(page, sizes) {
  if (await page.isVisible('[data-offer="decline"]')) await page.click('[data-offer="decline"]');
  await page.click('.card-game .game-controls [data-act="undo"]');
  await page.waitForFunction(() => document.querySelector('#offers .offers-takeback').offsetHeight > 0);
  for (const size of sizes) {
    await resizeTo(page, size);
    await frames(page, 2);
    const over = await page.evaluate(() => {
      const a = document.getElementById('app').getBoundingClientRect();
      return [...document.querySelectorAll('#offers .offers-prompt, .card-game .game-controls')]
        .filter(
          (e) =>
            e.offsetHeight > 0 &&
            getComputedStyle(e).visibility !== 'hidden' &&
            e.getBoundingClientRect().top < a.bottom - 0.5,
        )
        .map(
          (e) =>
            `${e.className} (top ${e.getBoundingClientRect().top}, the scrolling part's bottom ${a.bottom})`,
        );
    });
    const at = `${size.width}x${size.height}, a takeback request open`;
    assert.deepEqual(over, [], `${at}: the boards scroll above it, it lies over no square`);
    assert.deepEqual(await coveredSquares(page), [], `${at}: every square in view with nothing over it`);
  }
}

// Taps a little beside a square (its corner, 4 px out, diagonally) where no other square
// would take the tap: the tap reaches the square meant (a fingertip on 28.7 px squares).
async function tapBeside(page) {
  await loadSavedGame(page, moves.slice(0, 40));
  const sq = (await page.evaluate(() => window.__dc.geometry())).square;
  assert.ok(sq < 44, `a phone's squares are under a fingertip (${sq} px)`);
  // the pieces with moves; for each, a corner whose outer neighbour is an empty square
  const legal = await page.evaluate(() => window.__dc.legalMoves());
  const from = [...new Set(legal.map((m) => m.slice(0, 3)))];
  let tapped = 0;
  for (const n of from.slice(0, 12)) {
    const target = await page.evaluate(
      ({ n, from }) => {
        const app = document.getElementById('app'),
          strip = document.getElementById('status-strip').getBoundingClientRect();
        const p = window.__dc.squarePoint(n);
        const a = app.getBoundingClientRect();
        if (p.y < strip.bottom + 40 || p.y > a.bottom - 40)
          app.scrollTop += p.y - (strip.bottom + a.bottom) / 2;
        const num = (s) => (+s[0] - 1) * 96 + (+s.slice(2) - 1) * 12 + 'abcdefghijkl'.indexOf(s[1]);
        const r = window.__dc.board().squareRect(num(n));
        for (const [dx, dy] of [
          [-1, -1],
          [1, -1],
          [-1, 1],
          [1, 1],
        ]) {
          const x = dx < 0 ? r.x - 4 : r.x + r.width + 4,
            y = dy < 0 ? r.y - 4 : r.y + r.height + 4;
          const at = window.__dc.board().squareAt(x, y);
          if (at === null || at === undefined) continue;
          const name = `${Math.floor(at / 96) + 1}${'abcdefghijkl'[at % 12]}${Math.floor((at % 96) / 12) + 1}`;
          // the square there: empty and no piece with moves nearer
          if (window.__dc.pieceAt(name) || from.includes(name)) continue;
          const near = from
            .filter((f) => f !== n)
            .some((f) => {
              const q = window.__dc.board().squareRect(num(f));
              return (
                q &&
                Math.hypot(
                  Math.max(q.x - x, 0, x - q.x - q.width),
                  Math.max(q.y - y, 0, y - q.y - q.height),
                ) <
                  4 * Math.SQRT2 + 0.5
              );
            });
          if (!near) return { x, y };
        }
        return null;
      },
      { n, from },
    );
    if (!target) continue;
    await page.touchscreen.tap(target.x, target.y);
    await frames(page);
    assert.equal((await state(page)).selected, n, `a tap 4 px beside a corner of ${n} selects it`);
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => window.__dc.state().selected === null);
    tapped++;
  }
  assert.ok(tapped >= 5, `taps beside ${tapped} pieces`);
}

// Every square of the three boards, each of its four corners 1 px inside, tapped (touch
// events on the boards, as a finger gives them; the level scrolled into view first): the tap
// reaches that square (the board's click, and the piece there selected when it can move).
// An empty square that is no destination may hand the tap to a piece that can move within a
// fingertip's reach (the touch tolerance): never to any other square.
async function tapEveryCorner(page) {
  const bad = await page.evaluate(() => {
    const board = window.__dc.board(),
      canvas = board.canvas,
      app = document.getElementById('app');
    const strip = document.getElementById('status-strip');
    const num = (s) => (+s[0] - 1) * 96 + (+s.slice(2) - 1) * 12 + 'abcdefghijkl'.indexOf(s[1]);
    const name = (q) => `${Math.floor(q / 96) + 1}${'abcdefghijkl'[q % 12]}${Math.floor((q % 96) / 12) + 1}`;
    const movable = new Set(window.__dc.legalMoves().map((m) => m.slice(0, 3)));
    const reach = (44 - board.geometry().square) / 2;
    let clicked = null;
    const onClick = (q) => {
      clicked = q;
    };
    board.on('click', onClick);
    let id = 0;
    const touch = (type, x, y) => {
      const t = new Touch({
        identifier: id,
        target: canvas,
        clientX: x,
        clientY: y,
        pageX: x,
        pageY: y,
        screenX: x,
        screenY: y,
        radiusX: 4,
        radiusY: 4,
      });
      const list = type === 'touchend' ? [] : [t];
      canvas.dispatchEvent(
        new TouchEvent(type, {
          touches: list,
          targetTouches: list,
          changedTouches: [t],
          bubbles: true,
          cancelable: true,
        }),
      );
    };
    const tap = (x, y) => {
      clicked = null;
      id++;
      touch('touchstart', x, y);
      touch('touchend', x, y);
      return clicked;
    };
    const out = [];
    let taps = 0;
    for (let l = 1; l <= 3; l++)
      for (let r = 1; r <= 8; r++)
        for (let f = 0; f < 12; f++) {
          const n = `${l}${'abcdefghijkl'[f]}${r}`;
          let q = board.squareRect(num(n));
          const top = app.getBoundingClientRect().top + strip.offsetHeight,
            bottom = app.getBoundingClientRect().bottom;
          if (q.y < top + 2 || q.y + q.height > bottom - 2) {
            app.scrollTop += q.y - (top + bottom) / 2;
            q = board.squareRect(num(n));
          }
          for (const [x, y] of [
            [q.x + 1, q.y + 1],
            [q.x + q.width - 1, q.y + 1],
            [q.x + 1, q.y + q.height - 1],
            [q.x + q.width - 1, q.y + q.height - 1],
          ]) {
            const at = document.elementFromPoint(x, y);
            if (at !== canvas) {
              out.push(`${n} (${x}, ${y}): under ${at && (at.id || at.className)}`);
              continue;
            }
            const got = tap(x, y);
            taps++;
            const piece = window.__dc.pieceAt(n);
            let ok = got === num(n);
            if (!ok && !piece && got !== null && movable.has(name(got))) {
              const g = board.squareRect(got);
              ok =
                Math.hypot(
                  Math.max(g.x - x, 0, x - g.x - g.width),
                  Math.max(g.y - y, 0, y - g.y - g.height),
                ) <=
                reach + 0.5;
            }
            if (!ok)
              out.push(
                `${n} (${x.toFixed(1)}, ${y.toFixed(1)}): reached ${got === null ? 'nothing' : name(got)}`,
              );
            // what the tap selected is let go again (a tap on its centre), so no tap plays a move
            if (got !== null && board.selected() === got) {
              const g = board.squareRect(got);
              tap(g.x + g.width / 2, g.y + g.height / 2);
            }
            if (board.selected() !== null) out.push(`${n}: ${name(board.selected())} stays selected`);
          }
        }
    board.off('click', onClick);
    app.scrollTop = 0;
    return { out, taps };
  });
  assert.equal(bad.taps, 288 * 4, 'every corner of every square tapped');
  assert.deepEqual(bad.out, [], 'each tap reaches its square');
  assert.equal((await state(page)).length, moves.length, 'no tap played a move');
}

async function learnLessons(page) {
  await page.evaluate(() => window.__dc.learn.enter('lessons', 'oliphant'));
  await page.waitForFunction(() => window.__dc.learn.lesson()?.id === 'oliphant');
  await page.click('[data-learn-act="lessons-list"]');
  const icons = await page.evaluate(() =>
    [...document.querySelectorAll('.learn-item')]
      .filter((b) => !b.querySelector('img'))
      .map((b) => {
        const i = b.querySelector('svg');
        const r = i ? i.getBoundingClientRect() : { width: 0, height: 0 };
        return { title: b.textContent.trim(), w: r.width, h: r.height, paths: i ? i.innerHTML : '' };
      }),
  );
  assert.equal(icons.length, 7, 'seven rule lessons');
  for (const i of icons)
    assert.ok(
      i.w >= 18 && Math.abs(i.w - i.h) < 0.5 && i.paths.length > 20,
      `${i.title}: a square drawn icon (${i.w}x${i.h})`,
    );
  assert.equal(new Set(icons.map((i) => i.paths)).size, 7, 'each rule its own icon');
  // the Oliphant must take 2b7 and 2h7 in two moves: 2b2-2b5 leaves one move for two targets
  for (const n of ['2b2', '2b5']) {
    const p = await page.evaluate((s) => window.__dc.squarePoint(s), n);
    await page.mouse.click(p.x, p.y);
  }
  await page.waitForFunction(() => window.__dc.learn.lesson().moves.length === 1);
  const L = await page.evaluate(() => window.__dc.learn.lesson());
  assert.match(
    String(L.note && (L.note.text || L.note)),
    /cannot reach the goal: 2 targets are left \(2b7 and 2h7\) and only 1 move/,
  );
}

// The sizes of each kind of window (a desktop's or a phone's: mouse or touch, the device's
// pixels) share one page, the 150-ply game loaded once and the window resized from size to
// size; the other checks of the same window follow on the same page.
const titleAt = (size) =>
  `${size.width}x${size.height}: a 150-ply game, an offer to answer: large squares, every square clear, captures clear of names`;
test('desktops and tablets: the 150-ply game at each size; the lessons', async (t) => {
  await withPage(open(SIZES[0]), async ({ page, errors }) => {
    await loadSavedGame(page, moves);
    for (const size of SIZES.filter((s) => !s.phone))
      await t.test(titleAt(size), () => checkSize(page, size));
    await resizeTo(page, SIZES[1]);
    await t.test(
      "learn: the rule lessons' icons; a lesson move that puts the goal out of reach is said at once",
      () => learnLessons(page),
    );
    assert.deepEqual(errors, []);
  });
});

test('phones: the 150-ply game upright and turned; taps on and beside the squares', async (t) => {
  await withPage(open(SIZES[2]), async ({ page, errors }) => {
    await loadSavedGame(page, moves);
    for (const size of SIZES.filter((s) => s.phone)) await t.test(titleAt(size), () => checkSize(page, size));
    const phones = SIZES.filter((s) => s.phone);
    await t.test('phone, upright and turned: a takeback request docked as an offer is, over no square', () =>
      takebackDocked(page, [...phones].reverse()),
    );
    // the takeback request declined: the game as it was loaded
    await page.click('[data-offer="takeback-decline"]');
    await page.waitForFunction(() => document.getElementById('toast').hidden);
    await t.test('phone: a tap inside each corner of every square (288) reaches that square', () =>
      tapEveryCorner(page),
    );
    await t.test("phone: a tap beside a square's corner reaches it", () => tapBeside(page));
    assert.deepEqual(errors, []);
  });
});

// A first visit (storage empty) at `sizes`, one page resized from the first to the next (a
// phone turned): the welcome at each, its four ways in; remembered once closed, again from
// the top bar.
async function firstVisit(sizes) {
  await withPage(open(sizes[0], { welcomed: false }), async ({ page, errors }) => {
    await page.goto(shared.server.url);
    await waitReady(page, { engine: false });
    await page.waitForFunction(() => document.getElementById('dlg-welcome')?.open);
    for (const size of sizes) {
      await resizeTo(page, size);
      const info = await page.evaluate(() => {
        const d = document.getElementById('dlg-welcome'),
          r = d.getBoundingClientRect();
        return {
          choices: [...d.querySelectorAll('.welcome-choice b')].map((b) => b.textContent),
          fits: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
        };
      });
      assert.deepEqual(info.choices, ['Play the computer', 'Learn to play', 'Puzzles', 'Play a friend']);
      assert.ok(info.fits, `${size.width}x${size.height}: the welcome fits the window`);
    }
    await page.click('.welcome-choice[value="lessons"]');
    await page.waitForFunction(() => window.__dc.learn.mode() === 'lessons');
    await page.reload();
    await waitReady(page, { engine: false });
    assert.equal(
      await page.evaluate(() => document.getElementById('dlg-welcome').open),
      false,
      'not again once closed',
    );
    await page.click('#btn-welcome');
    await page.waitForFunction(() => document.getElementById('dlg-welcome').open);
    await page.click('.welcome-close');
    await page.waitForFunction(() => !document.getElementById('dlg-welcome').open);
    assert.deepEqual(errors, []);
  });
}

test('a first visit: the welcome, its four ways in, remembered once closed, again from the top bar', async () => {
  await firstVisit([SIZES[1]]);
  await firstVisit([SIZES[2], SIZES[3]]);
  // a game link is never covered by the welcome
  await withPage(open(SIZES[1], { welcomed: false }), async ({ page }) => {
    const { encodeGame } = await import('../../web/app/session/share/links.js');
    await page.goto(shared.server.url + encodeGame({ moves: moves.slice(0, 10) }));
    await waitReady(page, { engine: false });
    assert.equal(await page.evaluate(() => document.getElementById('dlg-welcome').open), false);
  });
});
