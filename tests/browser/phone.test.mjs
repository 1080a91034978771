// The page around the boards on every screen, phones first (docs/page.md "Phones"): at each
// size, on one page load,
//   - every game action (draw, resign, takeback, share, save, embed, analysis, new game, help)
//     is on screen without scrolling; on a phone or an upright tablet in a fixed bar (or the
//     sheet it opens) with a tap target of at least 44x44 px;
//   - every dialog opens at its top and fits the window (scrolling inside when it must);
//   - the boards do not move when a piece is selected, a note (toast) shows, a draw is
//     offered, or a lesson answers a wrong move (in the focus view too: at 360x640 and 820x1180
//     chosen by its button, with no word or control cut, upright and turned as the phone's
//     default);
//   - on a touch screen a tap on a piece selects it and, where the page scrolls, a vertical
//     swipe on the boards scrolls it and selects nothing;
//   - no name in the phone's sheet of the game's actions is cut;
//   - the computer's answer to a draw offer shows on screen;
//   - turning the window keeps the game and the selection, with the selected piece (a turned
//     phone: every board's first and last rank; the focus view: its level still in focus and
//     every level's corners) in view and uncovered;
//   - "Review the game" brings the review into view.
// Run: cd tests/browser && node --test phone.test.mjs   (build the site first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openGame, watchErrors, state, frames } from './helpers.mjs';
import { cutText, crowded } from './panel-checks.mjs';

const SIZES = [
  [360, 640],
  [390, 844],
  [844, 390],
  [820, 1180],
  [1180, 820],
  [1280, 720],
  [1920, 1080],
];

let server, browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

// The game's actions, each by the controls that do it.
const ACTIONS = {
  'offer a draw': '[data-offer="draw"]',
  resign: '[data-offer="resign"]',
  takeback: '[data-act="undo"]',
  share: '[data-act="share"]',
  save: '[data-act="record"]',
  embed: '[data-act="embed"]',
  analysis: '[data-act="analyse"]',
  'new game': '#btn-new, [data-act="new-game"]',
  help: '#btn-help, [data-act="help"]',
};

// In the page: which of the actions have a control a finger (min px) reaches now, without
// scrolling: in the window, on top where it is drawn, and (fixedOnly) outside the scrolling
// part (a bar that stays) or in the open dialog `within`.
function reachable({ actions, min, fixedOnly, within }) {
  const app = document.getElementById('app');
  const root = within ? document.querySelector(within) : document;
  const fixed = (el) => {
    if (!app.contains(el)) return true;
    for (let e = el; e && e !== app; e = e.parentElement)
      if (getComputedStyle(e).position === 'fixed') return true;
    return false;
  };
  const ok = (el) => {
    if (!el.offsetParent && getComputedStyle(el).position !== 'fixed') return false;
    const r = el.getBoundingClientRect();
    if (r.width < min || r.height < min) return false;
    if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) return false;
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!at && el.contains(at) && (!fixedOnly || within || fixed(el));
  };
  const out = {};
  for (const [name, sel] of Object.entries(actions)) out[name] = [...root.querySelectorAll(sel)].some(ok);
  return out;
}

const phoneMode = (page) => page.evaluate(() => document.body.classList.contains('layout-phone'));

// The boards' place in the page (the phone's scrolling part counted back) and two of their
// corner squares': what a finger aims at.
const boardPlace = (page) =>
  page.evaluate(() => {
    const app = document.getElementById('app');
    const r = document.getElementById('board').getBoundingClientRect();
    const p = (n) => {
      const q = window.__dc.squarePoint(n);
      return q && [Math.round(q.x), Math.round(q.y + app.scrollTop)];
    };
    return {
      box: [r.left, r.top + app.scrollTop, r.width, r.height].map(Math.round),
      a8: p('3a8'),
      l1: p('1l1'),
    };
  });

// The part of the window where a square can be seen: below the status line (a phone's stays
// over the scrolling part) and above what docks at the bottom.
const viewArea = (page) =>
  page.evaluate(() => {
    let top = 0,
      bottom = innerHeight;
    if (document.body.classList.contains('layout-phone')) {
      top = document.getElementById('status-strip').getBoundingClientRect().bottom;
      bottom = document.getElementById('app').getBoundingClientRect().bottom;
    }
    return { top, bottom, left: 0, right: innerWidth };
  });
const inArea = (p, a) => !!p && p.x >= a.left && p.x <= a.right && p.y >= a.top && p.y <= a.bottom;

// In the focus view: the level `level` brought into focus (a click on its mini-map), if it is
// not; the three boards: nothing to do.
async function inFocus(page, level) {
  const g = await page.evaluate(() => window.__dc.geometry());
  if (g.arrangement !== 'focus' || g.focus === level) return;
  const p = await page.evaluate((n) => window.__dc.squarePoint(n), `${level}f4`);
  await page.mouse.click(p.x, p.y);
  await page.waitForFunction((l) => window.__dc.geometry().focus === l, level);
  await frames(page, 3);
}

// Brings a square into view, its point: in the focus view its level into focus; where the
// page scrolls (a phone's boards), scrolled to.
async function reach(page, name) {
  await inFocus(page, Number(name[0]));
  return page.evaluate((n) => {
    const app = document.getElementById('app');
    const strip = document.getElementById('status-strip').getBoundingClientRect().bottom;
    const a = app.getBoundingClientRect();
    let p = window.__dc.squarePoint(n);
    if (p && (p.y < strip + 20 || p.y > a.bottom - 20)) {
      app.scrollTop += p.y - (strip + a.bottom) / 2;
      p = window.__dc.squarePoint(n);
    }
    return p;
  }, name);
}

// A move of the side to move whose squares are on `level` (the first, in the engine's order).
const moveOn = async (page, level) =>
  (await page.evaluate(() => window.__dc.legalMoves())).find((m) => m[0] === level && m[3] === level);

async function actionsInReach(page) {
  const phone = await phoneMode(page);
  // a phone turned, in the focus view: the column beside the level in play, for a finger
  const touch = phone || (await page.evaluate(() => document.body.classList.contains('layout-low')));
  const direct = await page.evaluate(reachable, { actions: ACTIONS, min: touch ? 44 : 1, fixedOnly: phone });
  let missing = Object.keys(direct).filter((k) => !direct[k]);
  if (touch && missing.length) {
    // the rest in the sheet a button of the toolbar (turned, in the focus view: at the top of
    // the column) opens
    const opener = await page.evaluate(reachable, {
      actions: { sheet: '[data-act="actions"]' },
      min: 44,
      fixedOnly: phone,
    });
    assert.ok(opener.sheet, `no button ${phone ? 'in a fixed bar ' : ''}for ${missing.join(', ')}`);
    await page.locator('[data-act="actions"]').click();
    await page.waitForFunction(() => document.querySelector('dialog[open]'));
    await page.evaluate(() =>
      Promise.all(
        document
          .querySelector('dialog[open]')
          .getAnimations()
          .map((a) => a.finished),
      ),
    );
    const rest = Object.fromEntries(missing.map((k) => [k, ACTIONS[k]]));
    const inSheet = await page.evaluate(reachable, {
      actions: rest,
      min: 44,
      fixedOnly: true,
      within: 'dialog[open]',
    });
    missing = missing.filter((k) => !inSheet[k]);
    // each of its buttons shows its whole name (its words are a flex item: a button too narrow
    // for them overflows)
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('#dlg-actions .sheet-grid .btn')]
        .filter((e) => e.offsetParent && e.scrollWidth > e.clientWidth + 1)
        .map((e) => `${e.textContent.trim()} (${e.scrollWidth} > ${e.clientWidth} px)`),
    );
    assert.deepEqual(cut, [], 'names cut in the sheet');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
  }
  assert.deepEqual(
    missing,
    [],
    `actions out of reach${touch ? ' (44x44 px)' : ''}${phone ? ' in a fixed bar' : ''}`,
  );
}

const DIALOGS = [
  ['#btn-new', '#dlg-new'],
  ['#btn-help', '#dlg-help'],
  ['#btn-welcome', '#dlg-welcome'],
  ['[data-act="record"]', '#dlg-record'],
  ['[data-act="embed"]', '#dlg-embed'],
  ['[data-act="actions"]', '#dlg-actions'],
];
async function dialogsAtTop(page) {
  const bad = [];
  for (const [opener, dlg] of DIALOGS) {
    const shown = await page.evaluate((s) => {
      const b = /** @type {HTMLElement} */ ([...document.querySelectorAll(s)].find((e) => e.offsetParent));
      if (b) b.click();
      return !!b;
    }, opener);
    if (!shown) continue; // not on this screen (the sheet: a phone's)
    await page.waitForFunction((s) => document.querySelector(s)?.open, dlg);
    await page.evaluate(
      (s) =>
        Promise.all(
          document
            .querySelector(s)
            .getAnimations()
            .map((a) => a.finished),
        ),
      dlg,
    );
    const d = await page.evaluate((s) => {
      const el = /** @type {HTMLDialogElement} */ (document.querySelector(s));
      const r = el.getBoundingClientRect(),
        h = el.querySelector('h2').getBoundingClientRect();
      const scrolls = el.scrollHeight > el.clientHeight + 1;
      const y = getComputedStyle(el).overflowY;
      return {
        scrollTop: el.scrollTop,
        fits: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5,
        titleInView: h.top >= r.top && h.bottom <= Math.min(r.bottom, innerHeight),
        scrollsInside: !scrolls || y === 'auto' || y === 'scroll',
      };
    }, dlg);
    if (d.scrollTop !== 0 || !d.fits || !d.titleInView || !d.scrollsInside)
      bad.push(`${dlg} ${JSON.stringify(d)}`);
    await page.evaluate((s) => document.querySelector(s).close(), dlg);
  }
  assert.deepEqual(bad, [], 'dialogs open at their top and fit the window');
}

async function boardsStay(page) {
  const phone = await phoneMode(page);
  await inFocus(page, 3); // the focus view: the level of the piece selected below in focus
  await page.evaluate(() => (document.getElementById('app').scrollTop = 0));
  const before = await boardPlace(page);
  const same = async (what) => {
    await frames(page, 3);
    assert.deepEqual(await boardPlace(page), before, `the boards moved: ${what}`);
  };
  // a piece selected (in view at the top: level 3)
  const mv = await moveOn(page, '3');
  const p = await reach(page, mv.slice(0, 3));
  await page.mouse.click(p.x, p.y);
  assert.equal((await state(page)).selected, mv.slice(0, 3));
  await same('a piece selected');
  await page.keyboard.press('Escape');
  // a note
  await page.evaluate(() => window.__dc && document.querySelector('[data-act="share"]').click());
  await page.waitForFunction(() => !document.getElementById('toast').hidden);
  await same('a note shown');
  // a draw offered (its line in the offers panel)
  await page.evaluate(() => document.querySelector('[data-offer="draw"]').click());
  await page.waitForFunction(() => !document.getElementById('offers').hidden);
  await same('a draw offered');
  // a lesson: its first position, then a wrong move explained
  await page.evaluate(() => window.__dc.learn.enter('lessons', 'oliphant'));
  await page.waitForFunction(() => window.__dc.learn.lesson()?.id === 'oliphant');
  await frames(page, 3);
  // the lesson opens on the level of its piece (the Oliphant on the Ground), not the one before
  const g = await page.evaluate(() => window.__dc.geometry());
  if (g.arrangement === 'focus') assert.equal(g.focus, 2, "the lesson's level in focus");
  await page.evaluate(() => (document.getElementById('app').scrollTop = 0));
  const lesson = await boardPlace(page);
  await actionsFit(page, 'a lesson');
  for (const n of ['2b2', '2b5']) {
    const q = await reach(page, n);
    await page.mouse.click(q.x, q.y);
  }
  await page.waitForFunction(() => window.__dc.learn.lesson().phase === 'failed');
  await frames(page, 3);
  assert.deepEqual(
    await boardPlace(page),
    lesson,
    `the boards moved: a lesson's feedback${phone ? ' (phone)' : ''}`,
  );
  // a puzzle opens on the level its last move went to (p0004: 2l4-3k5, the Sky)
  await page.evaluate(() => window.__dc.learn.enter('puzzles', 'p0004'));
  await page.waitForFunction(() => window.__dc.learn.puzzle()?.id === 'p0004');
  await frames(page, 3);
  const pg = await page.evaluate(() => window.__dc.geometry());
  if (pg.arrangement === 'focus') assert.equal(pg.focus, 3, "the puzzle's level in focus");
  await actionsFit(page, 'a puzzle');
  await page.evaluate(() => window.__dc.learn.exit());
  await page.waitForFunction(() => window.__dc.learn.mode() !== 'puzzles');
  await page.evaluate(() => (document.getElementById('app').scrollTop = 0));
  await frames(page, 3);
}

// A lesson's or puzzle's actions (on a phone: the bar docked at the bottom) each whole on
// screen, none cut, and none reached by scrolling the bar sideways.
async function actionsFit(page, what) {
  const bar = await page.evaluate(() => {
    const el = document.getElementById('learn-actions');
    const b = [...el.children].map((c) => {
      const r = c.getBoundingClientRect();
      return { text: c.textContent, left: r.left, right: r.right, cut: c.scrollHeight > c.clientHeight + 1 };
    });
    return { w: innerWidth, scrolls: el.scrollWidth > el.clientWidth + 1, b };
  });
  const bad = bar.b.filter((c) => c.left < 0 || c.right > bar.w || c.cut).map((c) => c.text);
  assert.ok(bar.b.length > 0, `${what}: its actions are shown`);
  assert.deepEqual({ scrolls: bar.scrolls, bad }, { scrolls: false, bad: [] }, `${what}: its actions fit`);
}

async function touchScrolls(page, context) {
  await page.evaluate(() => (document.getElementById('app').scrollTop = 0));
  const mv = await moveOn(page, '3');
  const from = mv.slice(0, 3);
  // a tap selects, a second tap on it lets go
  const p = await reach(page, from);
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForFunction((n) => window.__dc.state().selected === n, from);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.__dc.state().selected === null);
  const scrolls = await page.evaluate(() => {
    const app = document.getElementById('app');
    return document.body.classList.contains('layout-phone') && app.scrollHeight > app.clientHeight + 40;
  });
  if (!scrolls) return;
  // a swipe up from that piece scrolls the page and moves nothing
  const plies = (await state(page)).length;
  const top0 = await page.evaluate(() => document.getElementById('app').scrollTop);
  const q = await reach(page, from);
  const cdp = await context.newCDPSession(page);
  const touch = (type, y) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: y === null ? [] : [{ x: q.x, y }] });
  await touch('touchStart', q.y);
  for (let i = 1; i <= 10; i++) await touch('touchMove', q.y - 12 * i);
  await touch('touchEnd', null);
  await frames(page, 3);
  const st = await state(page);
  const top1 = await page.evaluate(() => document.getElementById('app').scrollTop);
  assert.equal(st.selected, null, 'the swipe selected no piece');
  assert.equal(st.length, plies, 'the swipe played no move');
  assert.ok(top1 > top0 + 40, `the swipe scrolled the page (${top0} -> ${top1})`);
  await cdp.detach();
  await page.evaluate(() => (document.getElementById('app').scrollTop = 0));
}

// Visible on screen: some element saying `re`, in the window and on top.
const saysOnScreen = (page, source) =>
  page.evaluate((src) => {
    const re = new RegExp(src);
    const els = [...document.querySelectorAll('body *')].filter(
      (e) => e.children.length === 0 && re.test(e.textContent || ''),
    );
    const app = document.getElementById('app');
    const strip = document.getElementById('status-strip').getBoundingClientRect();
    const phone = document.body.classList.contains('layout-phone');
    return els.some((e) => {
      const r = e.getBoundingClientRect();
      if (!r.width || !r.height || r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth)
        return false;
      // a phone's scrolling part: between the status line and the bottom dock
      if (phone && app.contains(e) && getComputedStyle(e).position !== 'fixed') {
        const a = app.getBoundingClientRect();
        if (r.top < strip.bottom || r.bottom > a.bottom) return false;
      }
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!at && (e.contains(at) || at.contains(e));
    });
  }, source);

async function offerAnswered(page, level = '3') {
  await page.keyboard.press('Escape');
  await page.evaluate(() => (document.getElementById('app').scrollTop = 0));
  const offered = await page.evaluate(() => {
    const b = /** @type {HTMLButtonElement} */ (document.querySelector('[data-offer="draw"]'));
    if (!b.disabled) b.click();
    return window.__dc.state().length;
  });
  const mv = await moveOn(page, level);
  for (const n of [mv.slice(0, 3), mv.slice(3, 6)]) {
    const q = await reach(page, n);
    await page.mouse.click(q.x, q.y);
  }
  await page.waitForFunction((n) => window.__dc.state().length === n + 2, offered);
  await frames(page, 3);
  assert.ok(
    await saysOnScreen(page, 'declined the draw offer|^Draw'),
    "the computer's answer to the draw offer is on screen",
  );
}

async function turnKeepsView(page, width, height) {
  // a piece selected on the lowest level (a phone scrolled down to it)
  const mv = await moveOn(page, '1');
  const from = mv.slice(0, 3);
  const p = await reach(page, from);
  await page.mouse.click(p.x, p.y);
  await page.waitForFunction((n) => window.__dc.state().selected === n, from);
  const before = await page.evaluate(() => window.__dc.history());
  for (const [w, h] of [
    [height, width],
    [width, height],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await frames(page, 6);
    const st = await state(page);
    assert.equal(st.selected, from, `${w}x${h}: the selection kept`);
    assert.deepEqual(await page.evaluate(() => window.__dc.history()), before, `${w}x${h}: the game kept`);
    const area = await viewArea(page);
    const turned = await page.evaluate(() => document.body.classList.contains('layout-turned'));
    const g = await page.evaluate(() => window.__dc.geometry());
    // the focus view: the selected piece's level still in focus, every level's corners in view
    if (g.arrangement === 'focus')
      assert.equal(g.focus, Number(from[0]), `${w}x${h}: the selected piece's level kept in focus`);
    const corners = [1, 2, 3].flatMap((l) => ['a1', 'l1', 'a8', 'l8'].map((c) => `${l}${c}`));
    const must =
      g.arrangement === 'focus'
        ? [from, ...corners]
        : turned
          ? [from, '3a8', '3l8', '2a8', '1a8', '1l1']
          : [from];
    const out = [];
    for (const n of must) {
      const q = await page.evaluate((s) => window.__dc.squarePoint(s), n);
      const onTop =
        inArea(q, area) &&
        (await page.evaluate(
          ({ x, y }) => document.getElementById('board').contains(document.elementFromPoint(x, y)),
          q,
        ));
      if (!onTop) out.push(n);
    }
    assert.deepEqual(out, [], `${w}x${h}: squares hidden after turning`);
  }
  await page.keyboard.press('Escape');
}

async function reviewInView(page) {
  await page.evaluate(() => document.querySelector('[data-offer="resign"]').click());
  await page.locator('#btn-resign-yes').click();
  await page.waitForFunction(() => document.getElementById('dlg-over').open);
  await page.locator('#dlg-over button[value="review"]').click();
  await page.waitForFunction(() => {
    const c = document.getElementById('analysis-card');
    return c && !c.hidden;
  });
  await frames(page, 4);
  const seen = await page.evaluate(() => {
    const r = document.getElementById('analysis-card').getBoundingClientRect();
    let top = 0,
      bottom = innerHeight;
    if (document.body.classList.contains('layout-phone')) {
      top = document.getElementById('status-strip').getBoundingClientRect().bottom;
      bottom = document.getElementById('app').getBoundingClientRect().bottom;
    }
    return { top: r.top, bottom: r.bottom, areaTop: top, areaBottom: bottom };
  });
  assert.ok(
    seen.top >= seen.areaTop - 1 && seen.top + 40 <= seen.areaBottom,
    `the review is in view: ${JSON.stringify(seen)}`,
  );
}

for (const [width, height] of SIZES) {
  const touch = Math.min(width, height) < 900;
  test(`${width}x${height}: actions in reach, dialogs at their top, boards that stay, touch, turning`, async (t) => {
    const b = await browser.page({ width, height, isMobile: touch, hasTouch: touch });
    const errors = watchErrors(b.page);
    try {
      await openGame(b.page, server.url);
      await t.test('every game action in reach', () => actionsInReach(b.page));
      await t.test('every dialog opens at its top and fits', () => dialogsAtTop(b.page));
      await t.test('the boards never move', () => boardsStay(b.page));
      if (width === 360 || width === 820)
        await t.test(
          'the focus view (the default here, chosen by its button): nothing cut, the boards never move',
          async () => {
            await b.page.click('#btn-view');
            await b.page.waitForFunction(() => window.__dc.geometry().arrangement === 'focus');
            await frames(b.page, 3);
            assert.deepEqual(await cutText(b.page, '.side, .status-strip'), [], 'words cut');
            assert.deepEqual(await crowded(b.page), [], 'controls crowded');
            await boardsStay(b.page);
            await b.page.click('#btn-view');
            await b.page.waitForFunction(() => window.__dc.geometry().arrangement !== 'focus');
          },
        );
      if (touch) await t.test('a tap is a tap, a swipe scrolls', () => touchScrolls(b.page, b.context));
      await t.test("the computer's answer to a draw offer on screen", () => offerAnswered(b.page));
      await t.test('turning keeps the game, the selection and the view', () =>
        turnKeepsView(b.page, width, height),
      );
      await t.test('Review the game brings the review into view', () => reviewInView(b.page));
      assert.deepEqual(errors, []);
    } finally {
      await b.close();
    }
  });
}

// The focus view, the phones' own (none chosen), upright and turned: every action in reach
// with a 44x44 px target (turned: at the top of the column beside the level in play, or in
// the sheet its Game button opens), every dialog at its top, no word or control cut and none
// over another, the boards that stay, the computer's answer to a draw offer on screen, the
// phone turned mid-game (the game, the selection, its level in focus kept), the review on screen.
for (const [width, height] of [
  [390, 844],
  [844, 390],
]) {
  test(`${width}x${height}, the focus view: actions in reach, nothing cut, the review in view`, async (t) => {
    const b = await browser.page({ width, height, isMobile: true, hasTouch: true, view: null });
    const errors = watchErrors(b.page);
    try {
      await openGame(b.page, server.url);
      assert.equal(
        await b.page.evaluate(() => window.__dc.geometry().arrangement),
        'focus',
        'the focus view by default',
      );
      await t.test('every game action in reach', () => actionsInReach(b.page));
      await t.test('every dialog opens at its top and fits', () => dialogsAtTop(b.page));
      await t.test('no word or control cut, none over another', async () => {
        await frames(b.page, 3);
        assert.deepEqual(await cutText(b.page, '.side, .status-strip'), [], 'words cut');
        assert.deepEqual(await crowded(b.page), [], 'controls crowded');
      });
      await t.test('the boards never move', () => boardsStay(b.page));
      await t.test("the computer's answer to a draw offer on screen", () => offerAnswered(b.page, '2'));
      await t.test('turning keeps the game, the selection and the view', () =>
        turnKeepsView(b.page, width, height),
      );
      await t.test('Review the game brings the review into view', () => reviewInView(b.page));
      assert.deepEqual(errors, []);
    } finally {
      await b.close();
    }
  });
}
