// Clocks on the page: a game on one device where a flag ends it, a reload that restores
// the clocks with the time away counted, a timed game's record opened again with its clocks, the computer answering on its clock within core's
// limits, correspondence by link between two browsers, and bad time controls in links.
// The time is the test's: Playwright's page.clock.setSystemTime moves the page's Date (the
// clocks count from timestamps), so nothing here waits minutes.
// Run: cd tests/browser && node --test clock.test.mjs   (build the test site first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openGame, clickSquare, state, watchErrors } from './helpers.mjs';

let server, A, B, errorsA, errorsB;
const T0 = Date.UTC(2026, 0, 5, 9);

before(async () => {
  server = await startServer();
  [A, B] = await Promise.all([
    launch({ width: 1280, height: 720 }),
    launch({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
  ]);
  errorsA = watchErrors(A.page);
  errorsB = watchErrors(B.page);
  await A.page.clock.setSystemTime(T0);
  await B.page.clock.setSystemTime(T0);
});
after(async () => {
  await A?.close();
  await B?.close();
  await server?.close();
});

// The test's time only goes forward: each test starts a day after the last one's (after
// starting its game: a running clock a day later has flagged).
let base = T0;
const nextDay = async (page) => {
  base += 86400000;
  await page.clock.setSystemTime(base);
};
const clockOf = async (page) => (await state(page)).clock;
const clockText = (page, side) => page.textContent(`.player [data-clock="${side}"]`);
const clockTextOf = (ms) =>
  `${Math.floor(ms / 60000)}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')}`;
async function newGame(page, mode, tc, side = 'gold') {
  await page.click('#btn-new');
  await page.click(`#form-new label:has(input[value="${mode}"])`);
  if (mode === 'ai' || mode === 'link') await page.click(`#form-new label:has(input[value="${side}"])`);
  await page.selectOption('#tc', tc);
  await page.click('#btn-new-start');
}
async function move(page, from, to) {
  const n = (await state(page)).length;
  await clickSquare(page, from);
  await clickSquare(page, to);
  await page.waitForFunction((k) => window.__dc.state().length > k, n);
}

test('one device on 3+2: the clocks beside the players, running for the side to move, and a flag ends the game', async () => {
  const page = A.page;
  await openGame(page, server.url, { pieces: false });
  await page.click('#btn-new');
  await page.click('#form-new label:has(input[value="hotseat"])');
  assert.equal(await page.isVisible('#tc-row'), true);
  const live = await page.$$eval('#tc option', (os) => os.filter((o) => !o.hidden).map((o) => o.value));
  assert.deepEqual(live, ['none', '3+2', '5+3', '10+5', '15+10', '30+20', 'custom']);
  // a custom clock that cannot be used (minutes are whole or quarters): nothing started
  await page.selectOption('#tc', 'custom');
  await page.fill('#tc-minutes', '0.3');
  await page.click('#btn-new-start');
  assert.equal(await page.isVisible('#dlg-new'), true);
  assert.equal((await state(page)).tc, null);
  assert.equal(await page.evaluate(() => document.getElementById('tc-minutes').validity.valid), false);
  await page.selectOption('#tc', '3+2');
  await page.click('#btn-new-start');
  let s = await state(page);
  assert.deepEqual(s.tc, { kind: 'fischer', base: 180000, inc: 2000 });
  assert.equal(await clockText(page, 'gold'), '3:00');
  assert.equal(await clockText(page, 'scarlet'), '3:00');
  await move(page, '2c2', '2c3'); // Gold's first move: not timed; Scarlet's clock runs
  assert.equal(await page.getAttribute('.player [data-clock="scarlet"]', 'class'), 'player-clock is-running');
  const g1 = (await clockOf(page)).stamps[0].at;
  await page.clock.setSystemTime(g1 + 10000);
  await move(page, '2c7', '2c6');
  s = await state(page);
  const s1 = s.clock.stamps[1].at;
  assert.ok(s1 >= g1 + 10000);
  assert.equal(s.clock.left.scarlet, 180000 - (s1 - g1) + 2000); // the time spent, +2 s
  assert.equal(s.clock.left.gold, 180000);
  assert.match(await page.getAttribute('.player [data-clock="gold"]', 'class'), /is-running/);
  // the last 10 seconds: the clock warns
  await page.clock.setSystemTime(s1 + 172000);
  await page.waitForSelector('.player [data-clock="gold"].is-low');
  assert.match(await clockText(page, 'gold'), /^0:0\d\.\d$/);
  // Gold's time is up: Scarlet wins on time (core's status), the clocks stop
  await page.clock.setSystemTime(s1 + 181000);
  await page.waitForFunction(() => window.__dc.state().status.over);
  s = await state(page);
  assert.equal(s.status.state, 'timeout');
  assert.equal(s.status.winner, 'scarlet');
  assert.equal(s.timeLeft.gold, 0);
  assert.equal(await clockText(page, 'gold'), '0:00.0');
  await page.waitForSelector('#dlg-over[open]');
  assert.match(await page.textContent('#dlg-over-title'), /Scarlet wins on time/);
  assert.match(await page.textContent('#over-reason'), /Gold’s time is up: Scarlet wins/); // the catalogue's end.timeout
  await page.keyboard.press('Escape');
});

test('a reload of a timed game restores the clocks, the time away counted', async () => {
  const page = A.page;
  await nextDay(page);
  await newGame(page, 'hotseat', '5+3');
  await move(page, '2c2', '2c3');
  await move(page, '2c7', '2c6');
  const before = await state(page);
  await page.clock.setSystemTime(before.clock.stamps[1].at + 90000); // ninety seconds away, then a reload
  await page.reload();
  await page.waitForFunction(() => window.__dc && window.__dc.ready && window.__dc.state().clock);
  const s = await state(page);
  assert.deepEqual(s.tc, before.tc);
  assert.deepEqual(s.clock.stamps, before.clock.stamps);
  assert.ok(s.timeLeft.gold <= 210000 && s.timeLeft.gold > 190000, JSON.stringify(s.timeLeft));
  assert.equal(s.timeLeft.scarlet, before.timeLeft.scarlet);
  assert.match(await clockText(page, 'gold'), /^3:[0-3]\d$/);
  assert.equal(s.redo.length, 0);
});

test("a timed game's record opened again: the clocks as the record left them, running again from now", async () => {
  const page = A.page;
  // the last test's game still runs on its clock: a new game first, then the next day (had
  // the day come first, its flag could fall and its end dialog cover the buttons)
  await newGame(page, 'hotseat', '5+3');
  await nextDay(page);
  await move(page, '2c2', '2c3');
  const g1 = (await clockOf(page)).stamps[0].at;
  await page.clock.setSystemTime(g1 + 20000);
  await move(page, '2c7', '2c6'); // Scarlet spent 20 s (and the test's own time), +3: 4:4x left
  const left = (await clockOf(page)).left.scarlet;
  const text = await page.evaluate(() => window.__dc.recordText());
  assert.match(text, /\[TimeControl "300\+3"\]/);
  assert.match(text, /W2c6 \{ \[%clk 0:04:[34]\d(\.\d+)?\] \}/);
  // a minute later, in a game without a clock, the record is pasted
  await page.clock.setSystemTime(g1 + 80000);
  await newGame(page, 'hotseat', 'none');
  await page.click('[data-act="record"]');
  await page.fill('#rec-paste', text);
  await page.click('#rec-open');
  await page.waitForFunction(() => window.__dc.history().length === 2);
  const s = await state(page);
  assert.deepEqual(s.tc, { kind: 'fischer', base: 300000, inc: 3000 });
  assert.equal(s.clock.running, 'gold');
  assert.equal(s.timeLeft.scarlet, left);
  assert.ok(
    s.timeLeft.gold > 290000 && s.timeLeft.gold <= 300000,
    `Gold's clock runs from the opening, not from the record's day (${s.timeLeft.gold})`,
  );
  assert.equal(await clockText(page, 'scarlet'), clockTextOf(left));
  assert.match(await page.textContent('#toast'), /Clocks: 5\+3, as the record left them/);
  // a time control the page does not play: opened without clocks, and said
  await page.click('[data-act="record"]');
  await page.fill('#rec-paste', text.replace('[TimeControl "300+3"]', '[TimeControl "40/7200"]'));
  await page.click('#rec-open');
  await page.waitForFunction(() => window.__dc.state().tc === null);
  assert.equal((await state(page)).clock, null);
  assert.match(
    await page.textContent('#toast'),
    /time control \(40\/7200\) is not one this page plays: opened without clocks/,
  );
});

test("against the computer on 3+2: it answers on its clock, within core's limits and its level's, and no takeback", async () => {
  const page = A.page;
  await newGame(page, 'ai', '3+2'); // first: a day later the last game's flag would fall
  await nextDay(page);
  for (let i = 0; i < 4; i++) {
    const n = (await state(page)).length;
    const mv = (await page.evaluate(() => window.__dc.legalMoves()))[0];
    await page.fill('#move-input', mv);
    await page.press('#move-input', 'Enter');
    await page.waitForFunction((k) => window.__dc.state().length > k + 1, n, { timeout: 30000 }); // and the computer's answer
    const c = await page.evaluate(() => window.__dc.aiClock());
    assert.ok(c && c.soft >= 1 && c.soft <= c.hard && c.hard < c.had, JSON.stringify(c));
    assert.ok(
      c.hard <= 900,
      `level 1 never searches longer than its own 900 ms (core's LEVELS): ${JSON.stringify(c)}`,
    );
  }
  const s = await state(page);
  assert.equal(s.status.over, false);
  assert.ok(s.timeLeft.scarlet > 0 && s.timeLeft.scarlet < 180000 + 4 * 2000, JSON.stringify(s.timeLeft)); // its time spent, +2 s a move
  assert.equal(await page.isDisabled('[data-act="undo"]'), true);
  assert.match(
    await page.getAttribute('[data-act="undo"]', 'title'),
    /No takebacks against the computer on a clock/,
  );
});

test('a link with a bad time control is refused by name, the game untouched', async () => {
  const page = A.page;
  const before = await page.evaluate(() => window.__dc.history());
  await page.evaluate(() => {
    location.hash = '#moves=2c22c3&tc=2d&play=link';
  });
  await page.waitForFunction(() => /time control/.test(window.__dc.state().note || ''));
  assert.match(
    (await state(page)).note,
    /the time control "2d" is not a correspondence time control: days a move are 1, 3, 7, 14/,
  );
  assert.deepEqual(await page.evaluate(() => window.__dc.history()), before);
  await page.evaluate(() => {
    location.hash = '#moves=2c22c3&tc=5+3&play=link';
  });
  await page.waitForFunction(() => /cannot be used by link/.test(window.__dc.state().note || ''));
  assert.deepEqual(await page.evaluate(() => window.__dc.history()), before);
});

test('correspondence by link: 1 day a move; the link carries when each move was made', async () => {
  const a = A.page,
    b = B.page;
  await newGame(a, 'link', '1d', 'gold');
  await nextDay(a);
  const opts = await a.$$eval('#tc option', (os) => os.filter((o) => !o.hidden).map((o) => o.value));
  assert.deepEqual(opts, ['none', '1d', '3d', '7d', '14d']);
  await move(a, '2c2', '2c3');
  const link = await a.evaluate(() => window.__dc.sendLink());
  assert.match(link, /&tc=1d&t=[0-9a-z]+/);
  // B opens it five hours later: Scarlet has 19 hours left
  const g1 = (await clockOf(a)).stamps[0].at;
  await b.clock.setSystemTime(g1 + 5 * 3600000);
  await openGame(b, link, { pieces: false });
  let s = await state(b);
  assert.equal(s.human, 'scarlet');
  assert.deepEqual(s.tc, { kind: 'days', days: 1 });
  assert.ok(
    s.timeLeft.scarlet <= 19 * 3600000 && s.timeLeft.scarlet > 19 * 3600000 - 60000,
    JSON.stringify(s.timeLeft),
  );
  assert.match(await clockText(b, 'scarlet'), /^1[89]:\d\d:\d\d$/);
  assert.equal(await clockText(b, 'gold'), '1 d 0 h');
  await move(b, '2c7', '2c6');
  const back = await b.evaluate(() => window.__dc.sendLink());
  // A opens the answer a day and a second later: Gold's day is over, its flag fell (the times say so on every page)
  const s1 = (await clockOf(b)).stamps[1].at;
  await a.clock.setSystemTime(s1 + 86400000 + 1000);
  await a.goto('about:blank');
  await openGame(a, back, { pieces: false });
  await a.waitForFunction(() => window.__dc.state().status.over);
  s = await state(a);
  assert.equal(s.status.state, 'timeout');
  assert.equal(s.status.winner, 'scarlet');
  assert.deepEqual(errorsA, []);
  assert.deepEqual(errorsB, []);
});
