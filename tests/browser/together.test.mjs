// The page's features used together, as a player moves between them in the middle of a
// game: analysis, Learn and Puzzles, the review, the editor, game records, links and the
// embed dialog. Each test is a bug a player met where two features meet.
// Run: node --test tests/browser/together.test.mjs   (build the site first)
import test from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, watchErrors, openGame, state, frames } from './helpers.mjs';

let server, browser, errors;
test.before(async () => {
  server = await startServer();
  browser = await launch({ width: 1280, height: 720 });
  // Every engine worker's traffic: what the page asked of it and the types of its answers.
  await browser.context.addInitScript(() => {
    const W = window.Worker;
    window.__workers = [];
    window.Worker = class extends W {
      constructor(...a) {
        super(...a);
        const log = { sent: [], got: [] };
        window.__workers.push(log);
        // (the client's watchdog pings are left out)
        const pings = new Set();
        this.addEventListener('message', (e) => {
          if (e.data && !pings.has(e.data.id)) log.got.push(e.data.type);
        });
        const post = this.postMessage.bind(this);
        this.postMessage = (m, ...r) => {
          if (m && m.type === 'ping') pings.add(m.id);
          else log.sent.push(m && m.type);
          return post(m, ...r);
        };
      }
    };
  });
  errors = watchErrors(browser.page);
});
test.after(async () => {
  await browser?.close();
  await server?.close();
});

// A fresh start: the site's storage emptied (from a page of its origin, not the game's),
// so the game of the test before is not the stored game this one's link meets.
const fresh = async (page, hash = '') => {
  await page.goto(server.url + 'manifest.webmanifest');
  await page.evaluate(() => localStorage.clear());
  await openGame(page, server.url + hash);
};
// The requests sent to the worker that analyses (the one that was asked to 'analyse').
const analysisLog = (page) =>
  page.evaluate(() => {
    const w = window.__workers.find((l) => l.sent.includes('analyse'));
    return w ? { sent: [...w.sent], got: [...w.got] } : null;
  });

test('the analysis leaves the worker while Learn or Puzzles has the board, and comes back after', async () => {
  const { page } = browser;
  await fresh(page, '#moves=2c22c3.2c72c6&vs=computer&strength=3&to=g');
  await page.keyboard.press('a');
  await page.waitForFunction(() => window.__dc.analysis.lines().length > 0);
  await page.evaluate(() => window.__dc.learn.enter('puzzles'));
  // the last request to the analysis worker is a stop, and it answered it
  await page.waitForFunction(() => {
    const w = window.__workers.find((l) => l.sent.includes('analyse'));
    return w.sent[w.sent.length - 1] === 'stop' && w.got.filter((t) => t === 'result').length >= 1;
  });
  const held = await analysisLog(page);
  await frames(page, 24); // the page draws again and again meanwhile (a change asks the analysis again)
  assert.deepEqual(
    (await analysisLog(page)).sent,
    held.sent,
    'nothing more is asked of the worker while Puzzles is open',
  );
  assert.equal(await page.evaluate(() => window.__dc.analysis.state.searching), false);
  await page.evaluate(() => window.__dc.learn.exit());
  await page.waitForFunction(() => window.__dc.analysis.lines().length > 0);
  const back = await analysisLog(page);
  assert.equal(back.sent[back.sent.length - 1], 'analyse', 'back in the game, the analysis runs again');
  assert.equal(await page.evaluate(() => window.__dc.analysis.on), true);
  // the same while the tab is hidden
  const hide = (hidden) =>
    page.evaluate((h) => {
      Object.defineProperty(document, 'visibilityState', {
        value: h ? 'hidden' : 'visible',
        configurable: true,
      });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await hide(true);
  await page.waitForFunction(() => {
    const w = window.__workers.find((l) => l.sent.includes('analyse'));
    return w.sent[w.sent.length - 1] === 'stop';
  });
  await hide(false);
  await page.waitForFunction(() => window.__dc.analysis.lines().length > 0);
  assert.deepEqual(errors, []);
});

const glyphs = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('#moves .mv .glyph')].map(
      (g) => Number(g.closest('.mv').dataset.ply) + g.textContent,
    ),
  );
const typeMove = async (page, m) => {
  await page.fill('#move-input', m);
  await page.press('#move-input', 'Enter');
};

test("a review's marks stay on the moves it judged when the game goes on, or moves are taken back", async () => {
  const { page } = browser;
  // 2. D3f1 lets the Scarlet Dragon take the Sylph on 3a2 (two players on one device)
  await fresh(page, '#moves=2c22c3.2c72c6.3g13f1.3g83a2');
  await page.keyboard.press('a');
  await page.evaluate(() => window.__dc.analysis.startReview());
  await page.waitForFunction(() => window.__dc.analysis.review.state.status === 'done');
  const marked = await glyphs(page);
  assert.ok(
    marked.some((g) => g.startsWith('3?')),
    `2. R3f1 is judged: ${marked}`,
  );
  await typeMove(page, '2d22d3');
  await typeMove(page, '2d72d6');
  await page.waitForFunction(() => window.__dc.state().length === 6);
  assert.deepEqual(await glyphs(page), marked, 'the marks stay after two more moves');
  assert.ok(await page.isVisible('#an-graph svg'), 'the graph stays');
  assert.match(await page.textContent('#an-summary'), /covers the first 4 of the game's 6 plies/);
  // on the judged move: its comment and the better move's arrow
  await page.evaluate(
    () => window.__dc.state() && document.querySelector('#moves .mv[data-ply="3"]').click(),
  );
  assert.match(await page.textContent('#an-comment'), /Better was/);
  await page.keyboard.press('End');
  // between two people on one device, an undo asks the other side, who accepts
  for (let n = 5; n >= 3; n--) {
    await page.keyboard.press('Control+z');
    await page.click('[data-offer="takeback-accept"]');
    await page.waitForFunction((k) => window.__dc.state().length === k, n);
  }
  await page.waitForFunction(() => window.__dc.state().length === 3);
  assert.deepEqual(
    await glyphs(page),
    marked.filter((g) => Number(g.split(/\D/)[0]) <= 3),
    'the marks of the moves kept stay',
  );
  assert.deepEqual(errors, []);
});

test("a previewed line of the analysis says so in the status line, with core's move numbers; a click on the boards ends it", async () => {
  const { page } = browser;
  await fresh(page, '#moves=2c22c3'); // Scarlet to move: the lines start at 1…
  await page.keyboard.press('a');
  await page.waitForFunction(
    () => window.__dc.analysis.lines().length > 0 && window.__dc.analysis.lines()[0].pv.length >= 2,
  );
  const numbers = await page.evaluate(() =>
    [...document.querySelectorAll('#an-lines .an-line:first-child .pv-n')].map((n) => n.textContent),
  );
  assert.deepEqual(numbers.slice(0, 2), ['1…', '2.'], 'the line numbered by core');
  await page.evaluate(() => window.__dc.announcements.splice(0));
  // the line's second move: the boards show the position after both (a preview)
  const alg = await page.evaluate(() => {
    const l = window.__dc.analysis.lines()[0];
    document.querySelector('#an-lines .an-mv[data-line="0"][data-i="1"]').click();
    return l.pv.slice(0, 2);
  });
  assert.equal(await page.textContent('#status-main'), "Previewing the engine's line");
  assert.equal(
    await page.textContent('#status-sub .status-sub-text'),
    `After 1… ${alg[0]} 2. ${alg[1]} (not played)`,
  );
  assert.equal(await page.textContent('#status-sub button'), 'Back to the game');
  assert.match(
    (await page.evaluate(() => window.__dc.announcements)).join(' '),
    /Previewing the engine's line: After 1… /,
  );
  assert.match(await page.textContent('#an-preview-text'), /^Line: 1… \S+ 2\. /);
  // a click on the boards ends the preview (nothing selected in the game underneath)
  const p = await page.evaluate(() => window.__dc.squarePoint('2e7'));
  await page.mouse.click(p.x, p.y);
  assert.equal(await page.evaluate(() => window.__dc.analysis.state.preview), null);
  assert.equal((await state(page)).selected, null);
  assert.equal(await page.textContent('#status-main'), 'Scarlet to move');
  // the status line's button ends a preview too
  await page.evaluate(() => document.querySelector('#an-lines .an-mv[data-line="0"][data-i="1"]').click());
  await page.click('#status-sub button');
  assert.equal(await page.textContent('#status-main'), 'Scarlet to move');
  assert.deepEqual(errors, []);
});
