// What the focus view's tests (focus.test.mjs, focus-game.test.mjs) share: a page at a
// window size, a game for two players on this device, and play by taps and clicks on the
// level in focus and its mini-maps.
import assert from 'node:assert/strict';
import { waitReady, frames, saveGame } from './helpers.mjs';

/** A size's touch screen: a phone's, or a touch tablet's. */
export const touchOf = (size) => !!(size.phone || size.touch);

/** A fresh page of `browser` (launchBrowser's) at `size`: a phone's (touch, 3 device px a
 *  CSS px, or `size.scale`), a touch tablet's or a desktop's; in the window's default view. */
export const openAt = (browser, size) =>
  browser.page({
    width: size.width,
    height: size.height,
    isMobile: !!size.phone,
    hasTouch: touchOf(size),
    deviceScaleFactor: size.scale ?? (size.phone ? 3 : 1),
    view: null, // the window's default view
  });

/** A game for two players on this device at `url`, in the focus view when `view` says so
 *  (the player's switch, remembered) or in the window's default view. */
export async function start(page, url, view = null) {
  await page.goto(url + 'favicon.svg');
  await saveGame(page, { level: 1 });
  if (view)
    await page.evaluate(
      (v) => localStorage.setItem('dragonchess.prefs.v1', JSON.stringify({ view: v })),
      view,
    );
  await page.goto(url);
  await waitReady(page, { engine: false });
  await frames(page, 3);
}

export const geometry = (page) => page.evaluate(() => window.__dc.geometry());
export const point = (page, name) => page.evaluate((n) => window.__dc.squarePoint(n), name);

// A tap (touch) or a click where the page's board draws a square, or on a level's mini-map.
export async function tapAt(page, size, p, what) {
  assert.ok(p, `${what} drawn`);
  if (touchOf(size)) await page.touchscreen.tap(p.x, p.y);
  else await page.mouse.click(p.x, p.y);
}
export const tap = async (page, size, name) => tapAt(page, size, await point(page, name), `square ${name}`);
export async function focusOn(page, size, level) {
  const g = await geometry(page);
  if (g.focus === level) return;
  await tap(page, size, `${level}f4`); // a mini-map: a tap brings it into focus
  await page.waitForFunction((l) => window.__dc.geometry().focus === l, level);
}
// Where a tap on the square `name` goes now, read at once: its point when its level is in
// focus, else its level's mini-map (a tap there brings the level into focus).
export const aim = (page, name) =>
  page.evaluate((n) => {
    const focus = window.__dc.geometry().focus;
    return { focus, point: window.__dc.squarePoint(focus === Number(n[0]) ? n : `${n[0]}f4`) };
  }, name);
// One move by taps, the game at ply `ply`: the piece (its level brought into focus first when
// it is not), the level it goes to when that is another, the square.
export async function playByTaps(page, size, move, ply) {
  const from = move.slice(0, 3),
    to = move.slice(3, 6);
  for (const sq of [from, to]) {
    let a = await aim(page, sq);
    if (a.focus !== Number(sq[0])) {
      await tapAt(page, size, a.point, `the mini-map of level ${sq[0]}`);
      await page.waitForFunction((l) => window.__dc.geometry().focus === l, Number(sq[0]));
      a = await aim(page, sq);
    }
    await tapAt(page, size, a.point, `square ${sq}`);
    if (sq === from) await page.waitForFunction((f) => window.__dc.state().selected === f, from);
  }
  await page.waitForFunction((k) => window.__dc.state().length === k, ply + 1);
}

// A new game between the two players on this device, through the page's own dialog (the
// top bar's New game, which a phone shows in its sheet).
export async function newGame(page) {
  await page.evaluate(() => document.getElementById('btn-new').click());
  await page.click('#btn-new-start');
  await page.waitForFunction(
    () => window.__dc.state().length === 0 && !document.getElementById('dlg-new').open,
  );
  await frames(page, 3);
}
