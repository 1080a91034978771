// Play by link between two browsers (no server but the static site): A starts a game "by
// link", moves and sends the link; B opens it, is told it is their move, answers and
// sends a link back; A opens it and has the same game. Opening a link never loses the
// game saved on the device, and garbled or hostile links give a message and a usable
// board without running anything.
// Run: cd tests/browser && node --test playbylink.test.mjs   (build the site first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { twoPlayers, openGame, clickSquare, state } from './helpers.mjs';

let server, A, B, errorsA, errorsB, players;
const KEY = 'dragonchess.game.v1';

before(async () => {
  players = await twoPlayers(
    { width: 1400, height: 800 },
    { width: 400, height: 800, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  );
  ({ server, A, B, errorsA, errorsB } = players);
});
after(async () => {
  await players?.close();
});

const history = (page) => page.evaluate(() => window.__dc.history());
const fresh = async (page, url) => {
  await page.goto('about:blank');
  await openGame(page, url, { pieces: false });
};

let linkToB, linkToA;

test('A starts a game by link, moves, and gets a link for Scarlet', async () => {
  const page = A.page;
  await openGame(page, server.url, { pieces: false });
  await page.click('#btn-new');
  await page.click('#form-new label:has(input[value="link"])');
  assert.equal(await page.isVisible('#seg-side'), true, 'the side can be chosen');
  assert.equal(await page.isVisible('#level-row'), false, 'no computer level');
  await page.click('#form-new label:has(input[value="gold"])');
  await page.click('#btn-new-start');
  let s = await state(page);
  assert.equal(s.mode, 'link');
  assert.equal(s.human, 'gold');
  assert.match(await page.textContent('#status-main'), /Your move \(Gold\)/);
  assert.equal(await page.isVisible('#send'), false, 'nothing to send before your move');

  await clickSquare(page, '2c2');
  await clickSquare(page, '2c3');
  assert.deepEqual(await history(page), ['2c22c3']);
  await page.waitForSelector('#send', { state: 'visible' });
  assert.match(await page.textContent('#send-title'), /Send your move/);
  linkToB = await page.inputValue('#send-url');
  assert.equal(linkToB, server.url + '#moves=2c22c3&play=link&to=s');
  assert.equal(await page.evaluate(() => window.__dc.sendLink()), linkToB);
  assert.match(await page.textContent('#status-main'), /Waiting for your opponent's move/);
  assert.match(await page.textContent('#status-sub'), /send them the link/);
  // the copy button works (or, without clipboard permission, says how to copy)
  await page.click('#btn-send-copy');
  await page.waitForSelector('#toast', { state: 'visible' });
  assert.match(await page.textContent('#toast'), /copy|Copied|copied/);

  // Scarlet cannot be moved on A's device
  await clickSquare(page, '2d7');
  s = await state(page);
  assert.equal(s.selected, null);
  assert.match(s.note, /Waiting for your opponent's move — send them the link/);
  await page.fill('#move-input', '2d72d6');
  await page.press('#move-input', 'Enter');
  assert.match(await page.textContent('#move-feedback'), /Not your turn/);
  assert.deepEqual(await history(page), ['2c22c3']);
  assert.equal(s.aiBusy, false, 'no computer in a game by link');
});

test('B opens the link: their move as Scarlet; they answer and get a link for Gold', async () => {
  const page = B.page;
  await openGame(page, linkToB, { pieces: false });
  const s = await state(page);
  assert.equal(s.mode, 'link');
  assert.equal(s.human, 'scarlet');
  assert.equal(s.flipped, true, 'Scarlet at the bottom');
  assert.deepEqual(await history(page), ['2c22c3']);
  assert.match(await page.textContent('#status-main'), /Your move \(Scarlet\)/);
  assert.equal(await page.isVisible('#send'), false);
  assert.ok(
    (await page.evaluate(() => window.__dc.announcements)).some((t) => /your move \(Scarlet\)/.test(t)),
  );
  // Gold's pieces are not B's
  await clickSquare(page, '2e2');
  assert.equal((await state(page)).selected, null);
  // the answer, typed
  await page.fill('#move-input', '2d72d6');
  await page.press('#move-input', 'Enter');
  assert.deepEqual(await history(page), ['2c22c3', '2d72d6']);
  await page.waitForSelector('#send', { state: 'visible' });
  linkToA = await page.inputValue('#send-url');
  assert.equal(linkToA, server.url + '#moves=2c22c3.2d72d6&play=link&to=g');
  assert.match(await page.textContent('#status-main'), /Waiting for your opponent's move/);
  // a reload keeps B as Scarlet, waiting
  await page.reload();
  await page.waitForFunction(() => window.__dc && window.__dc.ready);
  assert.equal((await state(page)).human, 'scarlet');
  assert.match(await page.textContent('#status-main'), /Waiting for your opponent's move/);
});

test('A opens the link back: the same game, A to move as Gold, nothing kept aside', async () => {
  const page = A.page;
  await fresh(page, linkToA);
  const s = await state(page);
  assert.equal(s.mode, 'link');
  assert.equal(s.human, 'gold');
  assert.deepEqual(await history(page), ['2c22c3', '2d72d6']);
  assert.equal(await page.evaluate(() => window.__dc.fen()), await B.page.evaluate(() => window.__dc.fen()));
  assert.match(await page.textContent('#status-main'), /Your move \(Gold\)/);
  assert.equal(
    await page.evaluate(() => !!window.__dc.keptPrevious),
    false,
    'the link continues the saved game',
  );
  assert.equal(await page.evaluate(() => localStorage.getItem('dragonchess.previous.v1')), null);
  // A's own earlier link (the one sent to B) opened again is an earlier point of the game on
  // screen: the game stays as it is, shown at that point; A stays Gold; nothing is kept aside
  await fresh(page, linkToB);
  assert.equal((await state(page)).human, 'gold', 'an older link of this game does not make A Scarlet');
  assert.deepEqual(await history(page), ['2c22c3', '2d72d6']);
  assert.equal((await state(page)).view, 1, "shown at the link's point");
  assert.equal(
    await page.evaluate(() => !!window.__dc.keptPrevious),
    false,
    'nothing kept: it is the same game',
  );
});

test('a link to another game keeps the saved game restorable', async () => {
  const page = B.page;
  const before = await history(page);
  await fresh(page, server.url + '#moves=2e22e3&play=link&to=s');
  assert.deepEqual(await history(page), ['2e22e3']);
  assert.match(await page.textContent('#toast'), /previous game \(2 plies\) was kept/);
  // later, from the new-game dialog
  await page.reload();
  await page.waitForFunction(() => window.__dc && window.__dc.ready);
  await page.click('#btn-new');
  await page.click('#btn-restore-prev');
  assert.deepEqual(await history(page), before);
  assert.equal((await state(page)).human, 'scarlet');
  assert.deepEqual(errorsA, []);
  assert.deepEqual(errorsB, []);
});

test('garbled and hostile links: a message, a usable board, the saved game kept, no code run', async () => {
  const page = A.page;
  await fresh(page, server.url + '#moves=2c22c3.2d72d6.2e22e3');
  const saved = await page.evaluate((k) => localStorage.getItem(k), KEY);
  const game = ['2c22c3', '2d72d6', '2e22e3'];
  const bad = [
    ['#fen=xyz_g', /could not be set up/],
    ['#fen=' + '12/'.repeat(23) + '12_g', /could not be set up/],
    ['#moves=2c22c3.2c22c3', /could not be set up/],
    ['#moves=2c22c3.hello', /not a coordinate move/],
    ['#moves=' + '2c22c3.'.repeat(1400), /too long/],
    ['#moves=<script>window.__pwned=1</script>', /could not be read/],
    ['#fen=%3Cimg%20src%3Dx%20onerror%3D%22window.__pwned%3D1%22%3E', /could not be read/],
    ['#play=link&to=<b>x</b>', /could not be read/],
    ['#moves=2c22c3&play=link&to=javascript:alert(1)', /could not be read/],
  ];
  for (const [hash, re] of bad) {
    await fresh(page, server.url + hash);
    const err = await page.evaluate(() => window.__dc.linkError);
    assert.match(err || '', re, hash.slice(0, 60));
    assert.match(await page.textContent('#status-sub'), re, 'the status line says it');
    assert.match(await page.textContent('#status-sub'), /Your game is unchanged/);
    assert.equal(await page.isVisible('#toast'), false, 'no toast repeats it');
    assert.deepEqual(await history(page), game, 'the saved game is on the board');
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), KEY), saved, 'and still saved');
    assert.equal(await page.evaluate(() => window.__pwned), undefined, 'nothing ran');
    assert.equal(
      await page.evaluate(
        () =>
          document.querySelectorAll(
            '#toast *:not(button):not(.toast-text), #status-sub *:not(button):not(.status-sub-text), #status img',
          ).length,
      ),
      0,
      'text only',
    );
    assert.doesNotMatch(
      await page.evaluate(() => location.hash),
      /script|img|hello/,
      'the address is the game again',
    );
  }
  // the board is usable: the saved game goes on
  await clickSquare(page, '2e7');
  assert.equal((await state(page)).selected, '2e7');
  await clickSquare(page, '2e6');
  assert.deepEqual(await history(page), [...game, '2e72e6']);
  // a garbled link pasted into the open page's address bar
  await page.evaluate(() => {
    location.hash = '#moves=2c22c3.9z99z9';
  });
  await page.waitForFunction(() => /not a coordinate move/.test(window.__dc.linkError || ''));
  await page.waitForFunction(() => !/9z9/.test(location.hash));
  assert.deepEqual(await history(page), [...game, '2e72e6']);
  assert.deepEqual(errorsA, []);
});
