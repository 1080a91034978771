// Playing by link between two browsers, A (Gold) and B (Scarlet), from a small position:
// help used (the analysis) is noted in the game for both; Undo asks the opponent (the
// request goes in the link; declined, then accepted); a move queued while waiting for the
// opponent's link (a premove) is dropped with a word when their answer makes it illegal,
// and played at once when it is still legal; declining a draw is confirmed; after the
// opponent resigned nothing asks to send the last move; an old link of the game on screen
// changes nothing and keeps no "previous game".
// Run: cd tests/browser && node --test play-link.test.mjs   (build the test site first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { twoPlayers, openGame, clickSquare, state, frames } from './helpers.mjs';

let server, A, B, errorsA, errorsB, players;
before(async () => {
  players = await twoPlayers({ width: 1280, height: 720 }, { width: 1180, height: 820 });
  ({ server, A, B, errorsA, errorsB } = players);
});
after(async () => {
  await players?.close();
});

// Kings on 2f1 and 2f8; Gold Warriors on 2a2 and 2e4, Scarlet Warriors on 2a7 and 2e6.
const START = '12/12/12/12/12/12/12/12/5k6/w11/4w7/12/4W7/12/W11/5K6/12/12/12/12/12/12/12/12 g 0 1';
const history = (page) => page.evaluate(() => window.__dc.history());
const typeMove = async (page, move) => {
  await page.fill('#move-input', move);
  await page.press('#move-input', 'Enter');
};
const waitPlies = (page, n) => page.waitForFunction((k) => window.__dc.history().length === k, n);
const sendUrl = (page) => page.inputValue('#send-url');
// Opens a link on a page that is already open (a new address: the page reads it).
async function follow(page, url, plies) {
  const said = await page.evaluate(() => window.__dc.announcements.length);
  await page.goto(url);
  await page.waitForFunction(
    ([k, n]) => window.__dc.history().length === k && window.__dc.announcements.length > n,
    [plies, said],
  );
  await frames(page, 2);
}
let link;

test('by link: the analysis used is noted for both players; Undo asks the opponent, in the link', async () => {
  const a = A.page;
  await openGame(a, server.url + '#fen=' + START.replace(/ /g, '_') + '&play=link&to=g', { pieces: false });
  assert.deepEqual([(await state(a)).mode, (await state(a)).human], ['link', 'gold']);
  await a.keyboard.press('a');
  await a.waitForFunction(() =>
    /Gold used the analysis\./.test(document.querySelector('#moves')?.textContent || ''),
  );
  await a.keyboard.press('a');
  await typeMove(a, '2a22a3');
  await waitPlies(a, 1);
  await a.click('.game-controls [data-act="undo"]');
  assert.equal((await history(a)).length, 1, 'not taken back: asked');
  assert.match(await a.textContent('#send-title'), /takeback request/);
  link = await sendUrl(a);
  assert.match(link, /takeback=ask-g/);
  assert.match(link, /help=0ag/);
  // a move queued meanwhile
  await clickSquare(a, '2e4');
  await clickSquare(a, '2e5');
  assert.match(await a.textContent('#status-sub'), /Premove W2e5/);

  const b = B.page;
  await openGame(b, link, { pieces: false });
  assert.match(await b.textContent('#moves'), /Gold used the analysis\./);
  await b.waitForSelector('.offers-takeback', { state: 'visible' });
  assert.match(await b.textContent('.offers-takeback'), /Your opponent asks to take back their last move/);
});

test('by link: a takeback declined is confirmed; the premove it makes illegal is dropped with a word', async () => {
  const b = B.page;
  await b.click('[data-offer="takeback-decline"]');
  assert.match(await b.textContent('#offers'), /You declined the takeback/);
  await typeMove(b, '2e62e5'); // onto the square of A's premove
  await waitPlies(b, 2);
  link = await sendUrl(b);
  assert.match(link, /takeback=decline-s/);
  const a = A.page;
  await follow(a, link, 2);
  assert.match(await a.textContent('#status-sub'), /premove W2e5 was dropped/i);
  assert.deepEqual(await history(a), ['2a22a3', '2e62e5']);
});

test("by link: a premove still legal is played as soon as the opponent's link is opened", async () => {
  const a = A.page;
  await typeMove(a, '2a32a4');
  await waitPlies(a, 3);
  // one queued and cancelled by a click elsewhere, then the one that stays
  await clickSquare(a, '2a4');
  await clickSquare(a, '2a5');
  await clickSquare(a, '2h5');
  assert.match(await a.textContent('#status-sub'), /Premove W2a5 cancelled/);
  await clickSquare(a, '2f1');
  await clickSquare(a, '2f2');
  link = await sendUrl(a);
  const b = B.page;
  await follow(b, link, 3);
  await typeMove(b, '2a72a6');
  await waitPlies(b, 4);
  await follow(a, await sendUrl(b), 5);
  assert.equal((await history(a))[4], '2f12f2');
  assert.match(await a.textContent('#send-title'), /Send your move/);
});

test('by link: a takeback accepted comes back in the link; the asker has the move again, nothing "kept"', async () => {
  const a = A.page;
  await a.click('.game-controls [data-act="undo"]');
  const b = B.page;
  await follow(b, await sendUrl(a), 5);
  await b.click('[data-offer="takeback-accept"]');
  await waitPlies(b, 4);
  assert.match(await b.textContent('#send-title'), /Send the takeback/);
  link = await sendUrl(b);
  assert.match(link, /takeback=accept-s/);
  await follow(a, link, 4);
  assert.match(await a.textContent('#status-main'), /Your move/);
  assert.equal(await a.evaluate(() => window.__dc.keptPrevious), false, 'the game is the same: nothing kept');
  assert.doesNotMatch(await a.textContent('#toast'), /previous game/);
});

test('by link: declining a draw offer is confirmed', async () => {
  const a = A.page;
  await typeMove(a, '2a42a5');
  await waitPlies(a, 5);
  await a.click('[data-offer="draw"]');
  const b = B.page;
  await follow(b, await sendUrl(a), 5);
  await b.waitForSelector('.offers-prompt:not(.offers-takeback)', { state: 'visible' });
  await b.click('[data-offer="decline"]');
  assert.match(await b.textContent('#offers'), /You declined the draw offer/);
  await b.waitForSelector('#toast', { state: 'visible' });
  assert.match(await b.textContent('#toast'), /declined/);
});

test('by link: after the opponent resigned nothing asks to send the last move; an old link of the game changes nothing', async () => {
  const b = B.page;
  await b.click('[data-offer="resign"]');
  await b.click('#btn-resign-yes');
  await b.waitForFunction(() => window.__dc.state().status.over);
  assert.match(await b.textContent('#send-title'), /Send the result/);
  const a = A.page;
  await follow(a, await sendUrl(b), 5);
  assert.equal((await state(a)).status.state, 'resignation');
  assert.equal(await a.isVisible('#send'), false, 'nothing to send: the opponent ended the game');
  // an older link of this very game (4 plies)
  await follow(
    a,
    server.url + '#fen=' + START.replace(/ /g, '_') + '&moves=2a22a3.2e62e5.2a32a4.2a72a6&play=link&to=g',
    5,
  );
  assert.equal((await state(a)).status.state, 'resignation', 'the game on screen is unchanged');
  assert.equal(await a.evaluate(() => window.__dc.keptPrevious), false);
  assert.doesNotMatch(await a.textContent('#toast'), /previous game/);
  assert.deepEqual(errorsA, []);
  assert.deepEqual(errorsB, []);
});

test('two players on one device: a link to an earlier point of the game on screen keeps the game, no "previous game"', async () => {
  const a = A.page;
  await follow(a, server.url + '#moves=2c22c3.2c72c6', 2);
  await typeMove(a, '2d22d3');
  await typeMove(a, '2d72d6');
  await waitPlies(a, 4);
  await follow(a, server.url + '#moves=2c22c3.2c72c6', 4);
  assert.equal((await state(a)).length, 4, 'the game goes on as it was');
  assert.equal((await state(a)).view, 2, "on view at the link's point");
  assert.doesNotMatch(await a.textContent('#toast'), /previous game/);
});
