// Game records and results on the page: a long game with a resignation is downloaded,
// then opened again (file picker) as the same game with its result, tags kept; records
// are opened by dropping a file and by pasting (a game list when the text holds several;
// a bad record is refused with its line, the game untouched); resign and draw offers
// against the computer (it accepts when its search says it is lost, declines an even
// position), between two players on one device, and by link between two browsers (the
// links carry the offer, the decline, the acceptance and the resignation).
// Run: cd tests/browser && node --test records.test.mjs   (build the site first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startServer, launch, openGame, clickSquare, state, watchErrors, ROOT } from './helpers.mjs';

let server, A, B, errorsA, errorsB, M;

before(async () => {
  server = await startServer();
  [A, B] = await Promise.all([
    launch({ width: 1400, height: 800 }),
    launch({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
  ]);
  errorsA = watchErrors(A.page);
  errorsB = watchErrors(B.page);
  M = await createRequire(import.meta.url)(path.join(ROOT, 'build/wasm/dragonchess_engine_node.cjs'))();
});
after(async () => {
  await A?.close();
  await B?.close();
  await server?.close();
  if (downloadDir) fs.rmSync(downloadDir, { recursive: true, force: true });
});

const history = (page) => page.evaluate(() => window.__dc.history());
const fresh = async (page, url) => {
  await page.goto('about:blank');
  await openGame(page, url, { pieces: false });
};
const typeMove = async (page, move) => {
  await page.fill('#move-input', move);
  await page.press('#move-input', 'Enter');
};

// A random game of `plies` plies (captures preferred half the time), as coordinate moves.
function randomGame(plies, seed) {
  let x = seed;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const g = new M.Game();
  const moves = [];
  while (moves.length < plies && !g.status().over) {
    const legal = g.legalMovesDetailed();
    const caps = legal.filter((m) => m.kind !== 'move');
    const pool = caps.length && next() < 0.5 ? caps : legal;
    const m = pool[Math.floor(next() * pool.length)].coordinate;
    g.play(m);
    moves.push(m);
  }
  g.delete();
  return moves;
}

async function resignHere(page) {
  await page.click('[data-offer="resign"]');
  await page.waitForSelector('#dlg-resign[open]');
  await page.click('#btn-resign-yes');
  await page.waitForFunction(() => window.__dc.state().status.over);
}

// The summary that follows a game ended on this device (the page opens it a moment after
// the end): waited for, then closed.
async function closeSummary(page) {
  await page.waitForSelector('#dlg-over[open]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#dlg-over[open]', { state: 'detached' });
}

let downloaded, downloadedText, downloadDir;

test('a long game with a resignation is downloaded, then opened again as the same game', async () => {
  const page = A.page;
  const moves = randomGame(130, 7);
  assert.ok(moves.length >= 100, `a long game (${moves.length} plies)`);
  await openGame(page, server.url + '#moves=' + moves.join('.'), { pieces: false });
  assert.deepEqual(await history(page), moves);
  const side = (await state(page)).side; // two players here: the side to move resigns
  await resignHere(page);
  const s = await state(page);
  assert.equal(s.status.state, 'resignation');
  assert.equal(s.status.winner, side === 'gold' ? 'scarlet' : 'gold');
  const score = side === 'gold' ? '0–1' : '1–0';
  await page.waitForSelector('#dlg-over[open]');
  assert.match(await page.textContent('#over-stats'), new RegExp(score));
  await closeSummary(page);
  assert.match(await page.textContent('#moves .moves-result'), new RegExp(score));
  assert.match(await page.textContent('#status-main'), /wins/);

  await page.click('[data-act="record"]');
  await page.waitForSelector('#dlg-record[open]');
  const shown = await page.inputValue('#rec-text');
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#rec-download')]);
  assert.match(dl.suggestedFilename(), /^dragonchess-\d{4}-\d\d-\d\d\.dgn$/);
  downloadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-records-'));
  downloaded = path.join(downloadDir, dl.suggestedFilename());
  await dl.saveAs(downloaded);
  downloadedText = fs.readFileSync(downloaded, 'utf8');
  assert.equal(downloadedText, shown);
  assert.match(downloadedText, new RegExp(`\\[Result "${side === 'gold' ? '0-1' : '1-0'}"\\]`));
  assert.match(downloadedText, /\[Termination "(Gold|Scarlet) resigns, (Gold|Scarlet) wins"\]/);
  assert.match(downloadedText, /\[Event "Game on one device"\]/);
  // core reads it back to the same moves
  assert.deepEqual(M.readRecord(downloadedText).moves, moves);
  await page.keyboard.press('Escape');

  // A new game, then the file opened with the file picker: the same game and result.
  await page.click('#btn-new');
  await page.click('#form-new label:has(input[value="hotseat"])');
  await page.click('#btn-new-start');
  assert.deepEqual(await history(page), []);
  await page.click('[data-act="record"]');
  await page.setInputFiles('#rec-file-input', downloaded);
  await page.waitForFunction((n) => window.__dc.history().length === n, moves.length);
  assert.deepEqual(await history(page), moves);
  const t = await state(page);
  assert.equal(t.status.state, 'resignation');
  assert.equal(t.status.winner, s.status.winner);
  assert.equal(await page.isVisible('#dlg-record[open]'), false, 'the dialog closes');
  assert.match(await page.textContent('#moves .moves-result'), new RegExp(score));
  // written again: the same text (its tags, date included, kept)
  assert.equal(await page.evaluate(() => window.__dc.recordText()), downloadedText);
  // a reload keeps it, result included
  await page.reload();
  await page.waitForFunction(() => window.__dc && window.__dc.ready);
  assert.equal((await state(page)).status.state, 'resignation');
  assert.equal(await page.evaluate(() => window.__dc.recordText()), downloadedText);
});

test('records are opened by dropping a file and by pasting; several games give a list; bad ones are refused', async () => {
  const page = A.page;
  // Drop a file with the historic notation onto the page.
  const historic =
    '[Event "Game One"]\n[Date "1997.08.31"]\n\n1. Wh3M We6M 2. We3M Wd6M 3. Wd3M We5M 4. Wi3M He6M 5. Wg3M Wh6M *\n';
  const dt = await page.evaluateHandle((text) => {
    const d = new DataTransfer();
    d.items.add(new File([text], 'game-one.dgn', { type: 'text/plain' }));
    return d;
  }, historic);
  await page.dispatchEvent('#app', 'dragover', { dataTransfer: dt });
  assert.equal(
    await page.evaluate(() => document.body.classList.contains('is-dropping')),
    true,
    'the page shows where to drop',
  );
  await page.dispatchEvent('#app', 'drop', { dataTransfer: dt });
  await page.waitForFunction(() => window.__dc.history().length === 10);
  assert.deepEqual((await history(page)).slice(0, 8), [
    '2h22h3',
    '2e72e6',
    '2e22e3',
    '2d72d6',
    '2d22d3',
    '2e62e5',
    '2i22i3',
    '2c82e6',
  ]);
  assert.equal(await page.evaluate(() => document.body.classList.contains('is-dropping')), false);
  assert.match(
    await page.evaluate(() => window.__dc.recordText()),
    /\[Event "Game One"\]\n\[Site "\?"\]\n\[Date "1997\.08\.31"\]/,
  );

  // Paste two games: a list; the second one is opened.
  const two =
    M.readRecord(downloadedText) &&
    downloadedText +
      '[Event "Second"]\n\n{ a game of two moves } 1. W2a3 { a quiet start } W2a6!? 2. W2b3 *\n';
  await page.click('[data-act="record"]');
  await page.fill('#rec-paste', two);
  await page.click('#rec-open');
  await page.waitForSelector('#rec-games:not([hidden])');
  const items = await page.$$eval('#rec-games .rec-game', (bs) => bs.map((b) => b.textContent));
  assert.equal(items.length, 2);
  assert.match(items[1], /Second · \* · 3 plies/);
  await page.click('#rec-games [data-game="1"]');
  await page.waitForFunction(() => window.__dc.history().length === 3);
  assert.deepEqual(await history(page), ['2a22a3', '2a72a6', '2b22b3']);
  // Its comments and glyph are in the move list, under and after the moves they belong to.
  const list = await page.$$eval('#moves tbody tr', (rows) => rows.map((r) => r.textContent.trim()));
  assert.deepEqual(
    list,
    ['a game of two moves', '1W2a3', 'a quiet start', '1…W2a6!?', '2W2b3'],
    list.join(' / '),
  );
  assert.match(
    await page.getAttribute('#moves [data-ply="1"]', 'aria-label'),
    /W2a3.*Comment: a quiet start/,
  );

  // A bad record: the reason with its line, the game unchanged.
  await page.click('[data-act="record"]');
  await page.fill('#rec-paste', '[Event "bad"]\n\n1. W2h3 W2e6\n2. W2c4 *');
  await page.click('#rec-open');
  await page.waitForSelector('#rec-error:not([hidden])');
  assert.match(
    await page.textContent('#rec-error'),
    /could not be opened: line 4: move 2\. 'W2c4': illegal move 'W2c4': no Gold Warrior can go to 2c4/,
  );
  await page.fill('#rec-paste', '{ never closed');
  await page.click('#rec-open');
  assert.match(
    await page.textContent('#rec-error'),
    /line 1: the comment opened with '\{' on this line has no closing '\}'/,
  );
  assert.deepEqual(await history(page), ['2a22a3', '2a72a6', '2b22b3']);
  await page.keyboard.press('Escape');
  assert.deepEqual(errorsA, []);
});

// Gold (the person) has two Oliphants and a Mage more: the computer (Scarlet) is lost.
const LOST = '12/12/12/12/12/12/12/12/11k/7w4/12/12/12/2OO8/1W2M7/K11/12/12/12/12/12/12/12/12 g 0 1';

test('against the computer: it accepts a draw when lost, declines an even one; resigning', async () => {
  const page = A.page;
  await fresh(page, `${server.url}#fen=${LOST.replace(/ /g, '_')}&vs=computer&strength=1&to=g`);
  let s = await state(page);
  assert.equal(s.mode, 'ai');
  await page.click('[data-offer="draw"]');
  assert.match(await page.textContent('#offers'), /You offered a draw: the computer answers on its move/);
  assert.equal(await page.isDisabled('[data-offer="draw"]'), true, 'one offer at a time');
  await typeMove(page, '2b22b3');
  await page.waitForFunction(() => window.__dc.state().status.over);
  s = await state(page);
  assert.equal(s.status.state, 'draw-agreed');
  assert.equal(s.length, 1, 'the computer drew instead of moving');
  assert.match(await page.textContent('#status-sub'), /Draw by agreement/);
  await closeSummary(page);
  assert.match(await page.textContent('#moves .moves-result'), /½–½/);
  assert.match(
    await page.evaluate(() => window.__dc.recordText()),
    /\[Result "1\/2-1\/2"\]\n\[Variant "Dragonchess"\]\n\[SetUp "1"\]/,
  );

  // From the start, an even game: the computer declines and plays on.
  await fresh(page, `${server.url}#vs=computer&strength=1&to=g`);
  await page.click('[data-offer="draw"]');
  await typeMove(page, '2c22c3');
  await page.waitForFunction(() => window.__dc.history().length === 2);
  assert.match(await page.textContent('#offers'), /The computer declined the draw offer/);
  assert.equal((await state(page)).status.over, false);
  assert.equal(await page.isDisabled('[data-offer="draw"]'), false, 'another offer may be made');
  await resignHere(page);
  s = await state(page);
  assert.equal(s.status.state, 'resignation');
  assert.equal(s.status.winner, 'scarlet');
  await page.waitForSelector('#dlg-over[open]');
  assert.match(await page.textContent('#dlg-over-title'), /The computer won/);
  await closeSummary(page);
  assert.equal(await page.isDisabled('[data-offer="resign"]'), true);
  assert.equal(await page.isDisabled('[data-offer="draw"]'), true);
  // Undo takes the move back and the resignation with it.
  await page.click('.game-controls [data-act="undo"]');
  assert.equal((await state(page)).status.over, false);
  assert.deepEqual(errorsA, []);
});

test('two players on one device: an offer declined, then one accepted', async () => {
  const page = A.page;
  await fresh(page, server.url + '#moves=2c22c3.2c72c6');
  await page.click('[data-offer="draw"]');
  assert.match(await page.textContent('#offers .offers-text'), /Gold offers a draw/);
  await page.click('[data-offer="decline"]');
  assert.match(await page.textContent('#offers'), /Scarlet declined the draw offer/);
  await typeMove(page, '2d22d3');
  await typeMove(page, '2d72d6');
  assert.equal(await page.isVisible('#offers'), false, 'the decline has been seen');
  await page.click('[data-offer="draw"]'); // Gold again
  await page.click('[data-offer="accept"]');
  const s = await state(page);
  assert.equal(s.status.state, 'draw-agreed');
  assert.match(await page.textContent('#status-main'), /Draw/);
  await closeSummary(page);
  assert.deepEqual(errorsA, []);
});

test('by link: the links carry an offer, its decline, its acceptance and a resignation; old links open', async () => {
  const a = A.page,
    b = B.page;
  await fresh(a, server.url);
  await a.click('#btn-new');
  await a.click('#form-new label:has(input[value="link"])');
  await a.click('#form-new label:has(input[value="gold"])');
  await a.click('#btn-new-start');
  // A offers a draw before moving: it goes with the move.
  await a.click('[data-offer="draw"]');
  assert.match(await a.textContent('#offers'), /Your draw offer goes with your next move/);
  await clickSquare(a, '2c2');
  await clickSquare(a, '2c3');
  await a.waitForSelector('#send', { state: 'visible' });
  assert.match(await a.textContent('#send-title'), /Send your move and draw offer/);
  const toB1 = await a.inputValue('#send-url');
  assert.equal(toB1, server.url + '#moves=2c22c3&play=link&to=s&draw=offer-g');

  // B: the offer to answer; B declines and moves.
  await fresh(b, toB1);
  assert.match(await b.textContent('#offers .offers-text'), /Your opponent offers a draw/);
  await b.click('[data-offer="decline"]');
  await typeMove(b, '2d72d6');
  await b.waitForSelector('#send', { state: 'visible' });
  const toA1 = await b.inputValue('#send-url');
  assert.equal(toA1, server.url + '#moves=2c22c3.2d72d6&play=link&to=g&draw=decline-s');

  // A: told of the decline; offers again with the next move.
  await fresh(a, toA1);
  assert.match(await a.textContent('#offers'), /Your opponent declined the draw offer/);
  await a.click('[data-offer="draw"]');
  await typeMove(a, '2d22d3');
  const toB2 = await a.inputValue('#send-url');
  assert.match(toB2, /&draw=offer-g$/);

  // B accepts: the game is drawn, and the link of the result goes back.
  await fresh(b, toB2);
  await b.click('[data-offer="accept"]');
  assert.equal((await state(b)).status.state, 'draw-agreed');
  await closeSummary(b);
  await b.waitForSelector('#send', { state: 'visible' });
  assert.match(await b.textContent('#send-title'), /Send the result/);
  const toA2 = await b.inputValue('#send-url');
  assert.equal(toA2, server.url + '#moves=2c22c3.2d72d6.2d22d3&play=link&to=g&draw=agreed');
  await fresh(a, toA2);
  let s = await state(a);
  assert.equal(s.status.state, 'draw-agreed');
  assert.equal(s.human, 'gold', 'A is still Gold');
  assert.match(await a.textContent('#status-sub'), /Draw by agreement/);
  assert.equal(await a.isVisible('#dlg-over[open]'), false, 'a game opened already over: no summary');
  assert.equal(await a.isDisabled('[data-act="undo"]'), true, 'no undo after an agreed result by link');

  // A resignation (on B's own turn, without a move) travels the same way.
  // An older link, without the new parameters, still opens (on a device without this game:
  // where the game is on screen an earlier point of it only shows that point)
  await b.evaluate(() => localStorage.clear());
  await fresh(b, toB1.replace('&draw=offer-g', ''));
  s = await state(b);
  assert.equal(s.human, 'scarlet');
  assert.deepEqual(await history(b), ['2c22c3']);
  await resignHere(b);
  await closeSummary(b);
  const toA3 = await b.inputValue('#send-url');
  assert.equal(toA3, server.url + '#moves=2c22c3&play=link&to=g&resign=s');
  await fresh(a, toA3);
  s = await state(a);
  assert.equal(s.status.state, 'resignation');
  assert.equal(s.status.winner, 'gold');
  assert.ok(
    (await a.evaluate(() => window.__dc.announcements)).some((t) =>
      /Scarlet resigns: Gold wins the game/.test(t),
    ),
  );
  assert.match(
    await a.evaluate(() => window.__dc.recordText()),
    /\[Result "1-0"\][\s\S]*\[Termination "Scarlet resigns, Gold wins"\]/,
  );
  // A garbled result is refused with a message; the game stays.
  await fresh(a, server.url + '#moves=2c22c3&play=link&to=g&resign=x');
  assert.match(await a.evaluate(() => window.__dc.linkError), /'resign' must be g \(Gold\) or s \(Scarlet\)/);
  assert.deepEqual(errorsA, []);
  assert.deepEqual(errorsB, []);
});
