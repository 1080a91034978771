// Playing without a mouse and with a screen reader: typed moves (the engine's reason when
// one is refused), keyboard navigation of the boards with a visible focus square and its
// description, the live region announcing moves, the move list as a labelled table.
// Run: cd tests/browser && node --test a11y.test.mjs   (build the site first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openGame, state, watchErrors, saveGame } from './helpers.mjs';

let server, browser, page, errors;
const history = () => page.evaluate(() => window.__dc.history());
const said = () => page.evaluate(() => window.__dc.announcements.slice());
const lastSaid = async () => (await said()).at(-1);

before(async () => {
  server = await startServer();
  browser = await launch({ width: 1400, height: 800 });
  page = browser.page;
  errors = watchErrors(page);
  // two players on this device: no computer moves in between
  await page.goto(server.url + 'manifest.webmanifest');
  await saveGame(page);
  await openGame(page, server.url, { pieces: false });
  errors.length = 0; // the set-up page's favicon request
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('the boards and the page have names for screen readers', async () => {
  const a = await page.evaluate(() => ({
    canvas: document.querySelector('#board canvas').getAttribute('aria-label'),
    board: document.getElementById('board').getAttribute('role'),
    tab: document.getElementById('board').tabIndex,
    live: document.getElementById('announce').getAttribute('aria-live'),
    input: document.querySelector('label[for="move-input"]').textContent,
  }));
  assert.match(a.canvas, /Dragonchess boards/);
  assert.equal(a.board, 'application');
  assert.equal(a.tab, 0);
  assert.equal(a.live, 'polite');
  assert.match(a.input, /Type a move/);
});

test("typed moves: a legal one plays, an illegal one shows the engine's reason", async () => {
  await page.keyboard.press('t'); // the shortcut to the move box
  assert.equal(await page.evaluate(() => document.activeElement.id), 'move-input');
  await page.keyboard.type('W2c5');
  await page.keyboard.press('Enter');
  // the engine's own reason
  assert.equal(
    await page.textContent('#move-feedback'),
    "illegal move 'W2c5': no Gold Warrior can go to 2c5",
  );
  assert.equal(await page.isVisible('#move-feedback'), true);
  assert.equal(await page.getAttribute('#move-input', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#move-feedback', 'role'), 'alert', 'said at once');
  assert.deepEqual(await history(), []);
  // typing again clears it; a legal move in algebraic notation plays
  await page.fill('#move-input', 'W2c3');
  assert.equal(await page.isVisible('#move-feedback'), false);
  await page.press('#move-input', 'Enter');
  assert.deepEqual(await history(), ['2c22c3']);
  assert.equal(await page.inputValue('#move-input'), '');
  assert.equal(await lastSaid(), 'Gold Warrior 2c2 to 2c3');
  await page.waitForFunction(
    () => document.getElementById('announce').textContent === 'Gold Warrior 2c2 to 2c3',
  );
  // and in coordinates
  await page.fill('#move-input', '2c72c6');
  await page.press('#move-input', 'Enter');
  assert.deepEqual(await history(), ['2c22c3', '2c72c6']);
  assert.equal(await lastSaid(), 'Scarlet Warrior 2c7 to 2c6');
  // nonsense
  await page.fill('#move-input', 'hello');
  await page.press('#move-input', 'Enter');
  assert.match(await page.textContent('#move-feedback'), /^cannot read 'hello'/);
  assert.deepEqual(await history(), ['2c22c3', '2c72c6']);
  // the long algebraic form
  await page.fill('#move-input', 'S/3e2-3d3');
  await page.press('#move-input', 'Enter');
  assert.equal(await lastSaid(), 'Gold Sylph 3e2 to 3d3');
  await page.fill('#move-input', '2h72h6');
  await page.press('#move-input', 'Enter');
  assert.deepEqual(await history(), ['2c22c3', '2c72c6', '3e23d3', '2h72h6']);
});

test('the keyboard alone: focus square, levels, select and move', async () => {
  await page.fill('#move-input', '');
  await page.focus('#move-input');
  await page.keyboard.press('Tab'); // the move box is before the boards
  // Tab may stop on other controls first (flip); go on until the boards have the focus
  for (let i = 0; i < 6 && (await page.evaluate(() => document.activeElement.id)) !== 'board'; i++)
    await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'board');
  // Gold to move, at the bottom: the focus starts on 2f2
  assert.equal(await page.evaluate(() => window.__dc.focus()), '2f2');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => window.__dc.focus()), '2d2');
  assert.equal(await page.textContent('#focus-desc'), '2d2, Gold Warrior, 1 move: 2d3');
  // the ring is drawn over that square
  const ring = await page.locator('#focus-ring').boundingBox();
  const p = await page.evaluate(() => window.__dc.squarePoint('2d2'));
  assert.ok(ring && ring.width > 10, 'the focus ring is shown');
  assert.ok(
    Math.abs(ring.x + ring.width / 2 - p.x) < 2 && Math.abs(ring.y + ring.height / 2 - p.y) < 2,
    'on 2d2',
  );
  // levels
  await page.keyboard.press('PageUp');
  assert.equal(await page.evaluate(() => window.__dc.focus()), '3d2');
  assert.match(await page.textContent('#focus-desc'), /^Level 3, Sky: 3d2, empty/);
  await page.keyboard.press('1');
  assert.equal(await page.evaluate(() => window.__dc.focus()), '1d2');
  assert.match(await page.textContent('#focus-desc'), /^Level 1, Underworld: 1d2, Gold Dwarf/);
  await page.keyboard.press(']');
  assert.equal(await page.evaluate(() => window.__dc.focus()), '2d2');
  // select, cancel, select again, move
  await page.keyboard.press('Enter');
  assert.equal((await state(page)).selected, '2d2');
  await page.keyboard.press('Escape');
  assert.equal((await state(page)).selected, null);
  await page.keyboard.press('Space');
  assert.equal((await state(page)).selected, '2d2');
  await page.keyboard.press('ArrowUp');
  assert.match(
    await page.textContent('#focus-desc'),
    /2d3, empty, move with the Warrior from 2d2: press Enter/,
  );
  await page.keyboard.press('Enter');
  assert.deepEqual(await history(), ['2c22c3', '2c72c6', '3e23d3', '2h72h6', '2d22d3']);
  assert.equal(await lastSaid(), 'Gold Warrior 2d2 to 2d3');
  // the boards' arrows do not step through the game
  assert.equal((await state(page)).view, 5);
});

test('captures and check are announced; the move list is a labelled table', async () => {
  await page.fill('#move-input', '2c62c5');
  await page.press('#move-input', 'Enter');
  await page.fill('#move-input', '2d32d4');
  await page.press('#move-input', 'Enter');
  await page.fill('#move-input', '2c52d4'); // Scarlet Warrior takes on 2d4 (diagonal)
  await page.press('#move-input', 'Enter');
  assert.equal((await history()).length, 8);
  assert.equal(await lastSaid(), 'Scarlet Warrior 2c5 takes Gold Warrior on 2d4');
  const t = await page.evaluate(() => ({
    caption: document.querySelector('#moves table caption')?.textContent,
    cols: [...document.querySelectorAll('#moves thead th')].map((th) => th.textContent),
    rowHead: document.querySelector('#moves tbody th[scope="row"]')?.textContent,
    first: document.querySelector('#moves .mv[data-ply="1"]').getAttribute('aria-label'),
    region: document.getElementById('moves').getAttribute('aria-label'),
  }));
  assert.match(t.caption, /Moves played/);
  assert.deepEqual(t.cols, ['Move', 'Gold', 'Scarlet']);
  assert.equal(t.rowHead, '1');
  assert.match(t.first, /^1, Gold: .*Gold Warrior 2c2 to 2c3$/);
  assert.equal(t.region, 'Move list');
  assert.deepEqual(errors, []);
});

test('checkmate is announced in words', async () => {
  // Scarlet King on 1a8, the Gold Oliphant watching 2a8: the Basilisk's step to 1a7 mates.
  const fen = '12/12/12/12/12/12/12/12/12/12/12/12/12/12/12/O10K/k11/12/B11/12/12/12/12/12 g 0 1';
  await saveGame(page, { startFen: fen, level: 1 });
  await page.goto('about:blank');
  await openGame(page, server.url, { pieces: false });
  await page.fill('#move-input', '1a61a7');
  await page.press('#move-input', 'Enter');
  assert.equal(await lastSaid(), 'Gold Basilisk 1a6 to 1a7. Checkmate: Gold wins.');
  assert.deepEqual(errors, []);
});
