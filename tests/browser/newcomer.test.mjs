// A newcomer's first games (issue 47): a new game starts clean after a review, whichever
// way it starts (new game, rematch, link, file, editor), and help is noted only for the
// game it was used in.
// Run: cd tests/browser && node --test newcomer.test.mjs   (build the site first)
import test from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer,
  launch,
  launchBrowser,
  openGame,
  waitReady,
  watchErrors,
  clickSquare,
} from './helpers.mjs';

// browser: one page for the tests that start from a returning player's page; contexts: a
// browser for those that need a window or storage of their own (a context each).
let server, browser, contexts;
test.before(async () => {
  [server, browser, contexts] = await Promise.all([
    startServer(),
    launch({ width: 1280, height: 720 }),
    launchBrowser(),
  ]);
});
test.after(async () => {
  await contexts?.close();
  await browser?.close();
  await server?.close();
});

const click = (page, sel) => page.evaluate((s) => document.querySelector(s).click(), sel);
const VS_COMPUTER = '#moves=2c22c3&vs=computer&strength=1&to=s';
const TWO_PLAYERS = '#moves=2c22c3.2c72c6';

async function resign(page) {
  await click(page, '[data-offer="resign"]');
  await page.waitForSelector('#dlg-resign[open]');
  await click(page, '#btn-resign-yes');
  await page.waitForSelector('#dlg-over[open]');
}
// The summary's button (its value: 'review', 'rematch').
async function summary(page, value) {
  await click(page, `#dlg-over button[value="${value}"]`);
  await page.waitForSelector('#dlg-over[open]', { state: 'detached' });
}
// The review done (whole: true), or under way with a position judged.
const reviewed = (page, whole = true) =>
  page.waitForFunction((w) => {
    const r = window.__dc.analysis.review.state;
    return w ? r.status === 'done' : r.entries.filter(Boolean).length > 0;
  }, whole);

// As the issue found it: a game against the computer resigned, then "Review the game"
// (whole: the review finished, else still running).
async function reviewedGame(page, whole = false) {
  await page.goto('about:blank');
  await openGame(page, server.url + VS_COMPUTER, { pieces: false });
  await resign(page);
  await summary(page, 'review');
  await reviewed(page, whole);
  const on = await page.evaluate(() => window.__dc.analysis.on);
  assert.ok(on, 'the review opened the analysis');
}

// What a game just started shows of analysis, review and help.
const leftovers = (page) =>
  page.evaluate(() => {
    const an = window.__dc.analysis;
    const text = document.body.innerText;
    return {
      analysisOpen: an.on || document.body.classList.contains('analysing'),
      review: an.review.state.status,
      reviewedMoves: an.review.state.moves.length,
      arrows: an.arrows().length,
      marks: an.marks().size,
      reviewWords: /The review covers/.test(text),
      helpInList: /used (the analysis|a hint)/.test(document.getElementById('moves').textContent),
      helpInRecord: /used (the analysis|a hint)/.test(window.__dc.recordText()),
      helpInLink: /[&#]help=/.test(location.hash),
    };
  });
const CLEAN = {
  analysisOpen: false,
  review: 'idle',
  reviewedMoves: 0,
  arrows: 0,
  marks: 0,
  reviewWords: false,
  helpInList: false,
  helpInRecord: false,
  helpInLink: false,
};

test('after a review every new game starts clean: new, rematch, link, file, editor', async () => {
  const { page } = browser;
  const errors = watchErrors(page);
  // the record of a two-player game, to open as a file
  await openGame(page, server.url + TWO_PLAYERS, { pieces: false });
  const file = await page.evaluate(() => window.__dc.recordText());

  // New game: two players on this device
  await reviewedGame(page, true);
  await click(page, '#btn-new');
  await page.waitForSelector('#dlg-new[open]');
  await click(page, '#form-new input[name="mode"][value="hotseat"]');
  await click(page, '#btn-new-start');
  await page.waitForFunction(() => window.__dc.state().mode === 'hotseat');
  assert.deepEqual(await leftovers(page), CLEAN, 'new game');
  // help used in this game is noted, for this game
  await page.keyboard.press('a');
  await page.waitForFunction(() => /used the analysis/.test(window.__dc.recordText()));
  await page.keyboard.press('a');

  // Play by link: the opponent's link of another game
  await reviewedGame(page);
  await page.evaluate(() => {
    location.hash = 'moves=2c22c3&play=link&to=s';
  });
  await page.waitForFunction(() => window.__dc.state().mode === 'link');
  assert.deepEqual(await leftovers(page), CLEAN, 'a link');
  assert.doesNotMatch(await page.evaluate(() => window.__dc.sendLink() || ''), /help=/);

  // A file opened
  await reviewedGame(page);
  await click(page, '[data-act="record"]');
  await page.setInputFiles('#rec-file-input', {
    name: 'game.dgn',
    mimeType: 'text/plain',
    buffer: Buffer.from(file),
  });
  await page.waitForFunction(() => window.__dc.state().mode === 'hotseat');
  assert.deepEqual(await leftovers(page), CLEAN, 'a file');

  // The editor's position, played by two
  await reviewedGame(page);
  await click(page, '[data-act="editor"]');
  await page.waitForSelector('#editor-card:not([hidden])');
  await click(page, '[data-ed="hotseat"]');
  await page.waitForFunction(() => window.__dc.state().mode === 'hotseat');
  assert.deepEqual(await leftovers(page), CLEAN, 'the editor');

  // Play again after a game between two, its analysis used (and noted in it), reviewed
  await page.goto('about:blank');
  await openGame(page, server.url + TWO_PLAYERS, { pieces: false });
  await page.keyboard.press('a');
  await click(page, '#an-review-start');
  await reviewed(page);
  assert.match(await page.evaluate(() => window.__dc.recordText()), /used the analysis/);
  await resign(page);
  await summary(page, 'rematch');
  await page.waitForFunction(() => window.__dc.state().length === 0);
  assert.deepEqual(await leftovers(page), CLEAN, 'a rematch');
  assert.deepEqual(errors, []);
});

test('takebacks on a clock against the computer: one rule, said the same on every control', async () => {
  const { page } = browser;
  const errors = watchErrors(page);
  await page.goto('about:blank');
  await openGame(page, server.url + '#moves=2c22c3.2c72c6&vs=computer&strength=1&to=g&tc=3+2', {
    pieces: false,
  });
  assert.ok((await page.evaluate(() => window.__dc.state().clock)) !== null, 'a game on a clock');
  const rule = await page.getAttribute('[data-act="undo"]', 'title');
  assert.match(rule, /^No takebacks against the computer on a clock/);
  assert.equal(await page.isDisabled('[data-act="undo"]'), true);
  // Ctrl+Z says the same rule under the status line, and no note covers the players
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => window.__dc.state().note !== null);
  assert.equal(await page.textContent('#status-sub'), rule);
  assert.equal(await page.isVisible('#toast'), false, 'no toast over the players');
  assert.equal((await page.evaluate(() => window.__dc.history())).length, 2, 'nothing taken back');
  // a hint is not a takeback: it works on a clock, as the rule says
  assert.match(rule, /a hint still works/);
  assert.equal(await page.isDisabled('[data-act="hint"]'), false);
  await page.keyboard.press('h');
  await page.waitForFunction(() => window.__dc.state().hint !== null);
  assert.deepEqual(errors, []);
});

// The status line's words, whole on view (not cut short with an ellipsis).
const subWhole = (page) =>
  page.evaluate(() => {
    const t = document.querySelector('#status-sub .status-sub-text');
    return t.scrollWidth <= t.clientWidth + 1 && t.scrollHeight <= t.clientHeight + 1;
  });

test('the first game against the computer says how the Sky attacks below, once, with the lesson', async () => {
  const fresh = await contexts.page({ width: 1280, height: 720, welcomed: false });
  try {
    const { page } = fresh;
    const errors = watchErrors(page);
    await page.goto(server.url);
    await waitReady(page, { pieces: false });
    await page.waitForFunction(() => document.getElementById('dlg-welcome').open);
    await page.click('.welcome-choice[value="computer"]');
    await page.waitForSelector('#dlg-new[open]');
    // the strength's description says how it plays (core's words)
    await page.$eval('#level', (e) => {
      e.value = '2';
    });
    await page.dispatchEvent('#level', 'input');
    assert.match(await page.textContent('#level-desc'), /^Novice: .*(misses|hanging)/);
    await page.click('#btn-new-start');
    await page.waitForFunction(() => window.__dc.state().level === 2);
    const sub = await page.textContent('#status-sub .status-sub-text');
    assert.match(sub, /Sky/);
    assert.match(sub, /from afar/);
    assert.ok(await subWhole(page), 'the sentence is whole on view');
    await page.click('#status-sub [data-act="lesson-check-levels"]');
    await page.waitForFunction(() => window.__dc.learn.mode() === 'lessons');
    assert.match(await page.textContent('#learn-panel'), /Check across levels/);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => window.__dc.learn.mode() === null);
    // it stays until the player's first move, which makes it said
    assert.match(await page.textContent('#status-sub'), /Sky/);
    await page.keyboard.press('t');
    await page.keyboard.type('W2c3');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.__dc.state().length > 0);
    // once: another game against the computer does not say it again
    await page.click('#btn-new');
    await page.waitForSelector('#dlg-new[open]');
    await page.click('#btn-new-start');
    await page.waitForFunction(() => window.__dc.state().length === 0);
    assert.doesNotMatch(await page.textContent('#status-sub'), /Sky/);
    assert.deepEqual(errors, []);
  } finally {
    await fresh.close();
  }
});

test('puzzles: a King in check at the start is said, the rating and level numbers explained, a solved one not shown again', async () => {
  const { page } = browser;
  const errors = watchErrors(page);
  await page.goto('about:blank');
  await openGame(page, server.url, { pieces: false });
  // p0084: Scarlet to move, its King on 1h6 in check, to win material (rating 601)
  await page.evaluate(() => window.__dc.learn.enter('puzzles', 'p0084'));
  await page.waitForFunction(() => window.__dc.learn.mode() === 'puzzles');
  const task = await page.textContent('#learn-task');
  assert.match(task, /King on 1h6 in check: get out of check and win material/);
  assert.match(await page.textContent('#status-sub'), /in check/);
  const title = await page.textContent('#learn-title');
  assert.doesNotMatch(title, /\(601\)/);
  assert.match(title, /rating 601/);
  const more = await page.textContent('#learn-more');
  assert.match(more, /rating says how hard/);
  assert.match(more, /small number on a square is a level/);
  // solved (Ex2i7), left, and Puzzles opened again: another puzzle
  await clickSquare(page, '1h7');
  await clickSquare(page, '2i7');
  await page.waitForFunction(() => /Solved/.test(document.getElementById('status-sub').textContent));
  await page.evaluate(() => window.__dc.learn.exit());
  await page.evaluate(() => window.__dc.learn.enter('puzzles'));
  await page.waitForFunction(() => window.__dc.learn.mode() === 'puzzles');
  assert.doesNotMatch(await page.textContent('#learn-title'), /^Puzzle 84 /);
  assert.deepEqual(errors, []);
});

// p0001's position: Gold's Dragon on 3e5 above Scarlet's Sylph on 2f5 (a capture from afar).
const AFAR_FEN =
  '12/4s1s1s3/12/4R7/8G3/7S4/2S2P4S1/7r4/4o1k1t2o/ww1ww1wwwwww/1m4wh1u2/5p6/12/U3WW1W4/WWWW1K1WWWWW/O10O/4c1e5/2bd1d1d1bd1/1d7d2/12/6E5/4H7/1D1D1D1D1D1D/2B1CM4B1 g 1 47';

test('words: a capture from afar explained, a draw said once, the kept game restorable until dismissed', async () => {
  const { page } = browser;
  const errors = watchErrors(page);
  await page.goto('about:blank');
  // the Dragon took without moving: the status line says so after "Rx2f5"
  await openGame(page, server.url + '#fen=' + AFAR_FEN.replaceAll(' ', '_') + '&moves=3e52f5', {
    pieces: false,
  });
  const sub = await page.textContent('#status-sub');
  assert.match(sub, /Rx2f5 \(from afar: the Dragon on 3e5 took on 2f5 without moving\)/);
  // a draw agreed: its summary does not say "Draw." twice
  await page.evaluate(() => {
    location.hash = 'moves=2c22c3.2c72c6';
  });
  await page.waitForFunction(() => window.__dc.state().length === 2);
  // the game before (1 ply) was kept: the toast offering it back stays until dismissed
  await page.waitForSelector('#toast:not([hidden]) .toast-btn');
  assert.equal(await page.textContent('#toast .toast-btn'), 'Restore it');
  assert.equal(await page.isVisible('#toast .toast-close'), true, 'it waits to be tapped or dismissed');
  await click(page, '#toast .toast-close');
  await click(page, '[data-offer="draw"]');
  await click(page, '[data-offer="accept"]');
  await page.waitForSelector('#dlg-over[open]');
  const reason = await page.textContent('#over-reason');
  assert.doesNotMatch(reason, /Draw\. Draw/);
  assert.match(reason, /Draw by agreement/);
  await page.keyboard.press('Escape');
  assert.deepEqual(errors, []);
});

test('words: a touch screen is tapped, not clicked', async () => {
  const fresh = await contexts.page({ width: 390, height: 844, isMobile: true, hasTouch: true });
  try {
    const { page } = fresh;
    await page.goto(server.url);
    await waitReady(page, { pieces: false });
    assert.match(await page.textContent('#status-sub'), /^Tap or drag a piece/);
  } finally {
    await fresh.close();
  }
});
