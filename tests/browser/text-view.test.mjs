// The boards as text (web/app/shell/text-view.js), used as a screen-reader user would:
// through the accessibility tree only (roles and names, the keyboard), never the canvas.
// A whole game, the four plies of the shortest mate from the start, is played from the
// grids and the move lists; the squares say what stands above and below them and what
// attacks them from another level.
// Run: cd tests/browser && node --test text-view.test.mjs   (build the site first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openGame, state, watchErrors, saveGame } from './helpers.mjs';

let server, browser, page, errors;
const said = () => page.evaluate(() => window.__dc.announcements.slice());
const focusedName = () => page.evaluate(() => document.activeElement.getAttribute('aria-label') || '');

before(async () => {
  server = await startServer();
  browser = await launch({ width: 1280, height: 720 });
  page = browser.page;
  errors = watchErrors(page);
  await page.goto(server.url + 'manifest.webmanifest');
  await saveGame(page);
  await openGame(page, server.url, { pieces: false });
  errors.length = 0;
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const grid = (name) => page.getByRole('grid', { name });
const square = (level, name) => grid(level).getByRole('button', { name: new RegExp(`^${name}, `) });

test('the toggle opens the text view from the keyboard and it is remembered', async () => {
  const toggle = page.getByRole('button', { name: 'Read the boards as text' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  assert.equal(
    await page.getByRole('button', { name: 'Hide the boards as text' }).getAttribute('aria-expanded'),
    'true',
  );
  assert.deepEqual(
    await page.getByRole('grid').evaluateAll((gs) => gs.map((g) => g.getAttribute('aria-label'))),
    ['Sky, level 3', 'Ground, level 2', 'Underworld, level 1'],
  );
  // 8 ranks of 12 squares a level, one tab stop for all 288
  assert.equal(await page.locator('.tv-square').count(), 288);
  assert.equal(await page.locator('.tv-square[tabindex="0"]').count(), 1);
  const prefs = await page.evaluate(() => JSON.parse(localStorage.getItem('dragonchess.prefs.v1') || '{}'));
  assert.equal(prefs.textView, true);
});

test('a square says what stands on it, above it and below it; the keys walk the levels', async () => {
  await square('Sky, level 3', '3g1').focus();
  let name = await focusedName();
  assert.match(name, /^3g1, Gold Dragon/);
  assert.match(name, /below, 2g1: Gold King/);
  assert.doesNotMatch(name, /above/); // nothing is above the Sky
  await page.keyboard.press('PageDown');
  name = await focusedName();
  assert.match(name, /^2g1, Gold King/);
  assert.match(name, /above, 3g1: Gold Dragon; below, 1g1: Gold Elemental/);
  await page.keyboard.press('ArrowUp');
  assert.match(await focusedName(), /^2g2, Gold Warrior/);
  await page.keyboard.press('ArrowLeft');
  assert.match(await focusedName(), /^2f2, Gold Warrior/);
  await page.keyboard.press('PageUp');
  assert.match(await focusedName(), /^3f2, empty/);
  assert.equal(await page.locator('.tv-square[tabindex="0"]').count(), 1);
});

test('a whole game played from the text view: the shortest mate, announced', async () => {
  // 1. Rx3a7 R3d5 2. U2c3 Rx3g2#: each ply a piece chosen in its grid, then a move from the list.
  const plies = [
    ['Sky, level 3', '3g1', /^3a7 capture of the Scarlet Sylph$/],
    ['Sky, level 3', '3g8', /^3d5$/],
    ['Ground, level 2', '2b1', /^2c3$/],
    ['Sky, level 3', '3d5', /^3g2 capture of the Gold Sylph$/],
  ];
  for (const [i, [level, from, move]] of plies.entries()) {
    await square(level, from).focus();
    await page.keyboard.press('Enter');
    const moves = page.locator('.tv-moves');
    assert.match(await moves.locator('p').textContent(), new RegExp(`on ${from}:$`));
    const choice = moves.getByRole('button', { name: move });
    await choice.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => window.__dc.history().length === n, i + 1);
  }
  const s = await state(page);
  assert.equal(s.status.state, 'checkmate');
  assert.deepEqual(await page.evaluate(() => window.__dc.algebraic()), ['Rx3a7', 'R3d5', 'U2c3', 'Rx3g2#']);
  assert.match((await said()).at(-1), /Checkmate: Scarlet wins/);
  // the King is attacked from the Sky: its square and the summary say so
  const king = await square('Ground, level 2', '2g1').getAttribute('aria-label');
  assert.match(king, /attacked from another level by the Scarlet Dragon on 3g2/);
  assert.match(await page.locator('.tv-summary').textContent(), /Gold King on 2g1/);
  assert.match(await square('Sky, level 3', '3a7').getAttribute('aria-label'), /^3a7, Gold Dragon/);
  assert.deepEqual(errors, []);
});
