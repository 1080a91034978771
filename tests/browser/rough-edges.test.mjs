// The rough edges a newcomer hit on the game page (issue 15): the typed-move box gives the
// focus back after a move and says in words what it expected; toasts never repeat the
// status line, stay short and cover no board; the computer's setting is called strength;
// a shared link of a game against the computer opens as one; the words for a piece that
// cannot move; sounds with a remembered mute switch; a copy the browser refuses is not
// reported as copied.
// Run: cd tests/browser && node --test rough-edges.test.mjs   (build the site first)
import test from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, openGame, state, watchErrors, unsettled } from './helpers.mjs';

const shared = serverAndBrowser(); // the file's server and browser; each test's window a context

const KEY = 'dragonchess.game.v1';
const history = (page) => page.evaluate(() => window.__dc.history());
const lastSaid = (page) => page.evaluate(() => window.__dc.announcements.at(-1));

// A page with a saved game (mode, moves) already in its storage, opened and ready.
// `errors` (watchErrors'): emptied after the set-up page (its favicon request fails).
async function withGame(
  page,
  { mode = 'hotseat', human = 'gold', level = 3, startFen = 'startpos', moves = [] } = {},
  hash = '',
  errors = null,
) {
  await page.goto(shared.server.url + 'manifest.webmanifest');
  await page.evaluate(({ key, rec }) => localStorage.setItem(key, JSON.stringify(rec)), {
    key: KEY,
    rec: { v: 1, startFen, moves, settings: { mode, human, level, flipped: human === 'scarlet' } },
  });
  if (errors) errors.length = 0;
  await openGame(page, shared.server.url + hash, { pieces: false });
}

// A position string from a few pieces ({'2a1': 'K', ...}); ranks from level 3 rank 8 down.
function fenOf(pieces, side = 'g') {
  const rows = [];
  for (let level = 3; level >= 1; level--) {
    for (let rank = 8; rank >= 1; rank--) {
      let row = '',
        empty = 0;
      for (let f = 0; f < 12; f++) {
        const p = pieces[`${level}${'abcdefghijkl'[f]}${rank}`];
        if (!p) {
          empty++;
          continue;
        }
        if (empty) row += empty;
        empty = 0;
        row += p;
      }
      rows.push(row + (empty ? empty : ''));
    }
  }
  return `${rows.join('/')} ${side} 0 1`;
}

const overlaps = (a, b) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
// The boards' rectangles in viewport px (labels and coordinates included: the whole extent),
// as far as they are on view (a phone scrolls them between the top bar and the toolbar).
const boardRects = (page) =>
  page.evaluate(() => {
    const b = window.__dc.board(),
      c = b.canvas.getBoundingClientRect(),
      g = b.geometry();
    const app = document.getElementById('app').getBoundingClientRect();
    return g.boards
      .map((r) => {
        const x = c.left + r.x - 24,
          y = Math.max(app.top, c.top + r.y - 30);
        return { x, y, width: r.width + 30, height: Math.min(app.bottom, c.top + r.y + r.height + 20) - y };
      })
      .filter((r) => r.height > 0);
  });

test('typed moves: the box gives the focus back after a move, so T works again', async () => {
  const b = await shared.browser.page({ width: 1400, height: 800 });
  const errors = watchErrors(b.page);
  try {
    const { page } = b;
    await withGame(page, {}, '', errors);
    await page.keyboard.press('t');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'move-input');
    await page.keyboard.type('W2c3');
    await page.keyboard.press('Enter');
    assert.deepEqual(await history(page), ['2c22c3']);
    assert.notEqual(
      await page.evaluate(() => document.activeElement.id),
      'move-input',
      'the box let go of the focus',
    );
    // T again opens the box empty, and the next move reads as typed (not "t2c72c6")
    await page.keyboard.press('t');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'move-input');
    assert.equal(await page.inputValue('#move-input'), '');
    await page.keyboard.type('2c72c6');
    await page.keyboard.press('Enter');
    assert.deepEqual(await history(page), ['2c22c3', '2c72c6']);
    // a refused move keeps the focus, so that it can be corrected
    await page.keyboard.press('t');
    await page.keyboard.type('W2c5');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'move-input');
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});

test('typed moves: text that cannot be read says in words what was expected', async () => {
  const b = await shared.browser.page({ width: 1400, height: 800 });
  try {
    const { page } = b;
    await withGame(page);
    const feedback = async (text) => {
      await page.fill('#move-input', text);
      await page.press('#move-input', 'Enter');
      return page.textContent('#move-feedback');
    };
    assert.equal(
      await feedback('tW2c5'),
      "cannot read 'tW2c5': expected a square such as 2c3 after the piece letter 't' (Thief), not 'W2c5'",
    );
    assert.match(
      await feedback('W4c3'),
      /'4c3' is not a square: the level is 1-3, the file a-l, the rank 1-8/,
    );
    assert.match(await feedback('W2c3?!x'), /expected the end of the move after the destination 2c3/);
    assert.match(
      await feedback('Q2c3'),
      /the piece letters are S, G, R, W, O, U, H, T, C, M, K, P, D, B and E/,
    );
    assert.deepEqual(await history(page), []);
  } finally {
    await b.close();
  }
});

for (const [width, height] of [
  [1400, 800],
  [820, 1180],
  [390, 844],
]) {
  test(`toasts at ${width}x${height}: no repeat of the status line, short, over no board or toolbar`, async () => {
    const phone = width < 700;
    const b = await shared.browser.page({
      width,
      height,
      deviceScaleFactor: phone ? 2 : 1,
      isMobile: phone,
      hasTouch: phone,
    });
    try {
      const { page } = b;
      // a link that cannot be read: the status line says so; no toast says it again
      await withGame(page, { moves: ['2c22c3', '2c72c6', '2d22d3', '2d72d6'] }, '#moves=2c22c3.zz');
      // (the saved game stays: the move list's header says how long it is, whole or not at all)
      assert.deepEqual(await history(page), ['2c22c3', '2c72c6', '2d22d3', '2d72d6']);
      const note = await page.evaluate(() => {
        const n = document.getElementById('moves-note');
        return {
          shown: n.getClientRects().length > 0,
          whole: n.scrollWidth <= n.clientWidth,
          text: n.textContent,
        };
      });
      assert.ok(!note.shown || note.whole, `the move list's header cuts "${note.text}"`);
      const sub = await page.textContent('#status-sub');
      assert.match(sub, /could not be read/);
      const t = await page.evaluate(() => ({
        hidden: document.getElementById('toast').hidden,
        text: document.getElementById('toast').textContent,
      }));
      assert.ok(
        t.hidden || !sub.includes(t.text.trim().slice(0, 40)),
        `the toast repeats the status line: ${t.text}`,
      );
      // a toast (the link copied) is placed over no board and goes away within 5 s
      await page.evaluate(() => document.querySelector('[data-act="share"]').click());
      await page.waitForFunction(() => !document.getElementById('toast').hidden);
      const box = await page.locator('#toast').boundingBox();
      assert.ok(box && box.width > 50, 'the toast is shown');
      for (const r of await boardRects(page))
        assert.ok(!overlaps(box, r), `the toast ${JSON.stringify(box)} covers a board ${JSON.stringify(r)}`);
      const bar = await page.locator('.card-game .game-controls').boundingBox();
      assert.ok(
        !bar || !overlaps(box, bar),
        `the toast ${JSON.stringify(box)} covers the game's buttons ${JSON.stringify(bar)}`,
      );
      assert.ok(
        box.y >= 0 && box.y + box.height <= height && box.x >= 0 && box.x + box.width <= width,
        'inside the window',
      );
      // ... and goes away within 5 s: of the page's clock, made a test clock here (the
      // machine's load does not stretch it); the link copied again shows the toast again
      const raw = unsettled(page); // (reads no longer wait for frames: the test clock holds them)
      await raw.clock.install();
      await raw.evaluate(() => {
        document.getElementById('toast').hidden = true;
        document.querySelector('[data-act="share"]').click();
      });
      for (let i = 0; i < 200 && (await raw.evaluate(() => document.getElementById('toast').hidden)); i++)
        await raw.clock.runFor(1);
      assert.equal(
        await raw.evaluate(() => document.getElementById('toast').hidden),
        false,
        'the toast is shown again',
      );
      await raw.clock.runFor(5000);
      assert.equal(
        await raw.evaluate(() => document.getElementById('toast').hidden),
        true,
        'the toast is gone 5 s later',
      );
    } finally {
      await b.close();
    }
  });
}

test('the computer\'s setting is its strength (not a "level", the word of the boards)', async () => {
  const b = await shared.browser.page({ width: 1400, height: 800 });
  try {
    const { page } = b;
    await withGame(page, { mode: 'ai', level: 4, moves: [] });
    const words = await page.evaluate(() => ({
      matchup: document.getElementById('matchup').textContent,
      players:
        document.getElementById('player-top').textContent +
        ' ' +
        document.getElementById('player-bottom').textContent,
      dialog: document.querySelector('label[for="level"]').textContent,
    }));
    assert.match(words.matchup, /strength 4/);
    assert.match(words.players, /strength 4/);
    assert.match(words.dialog, /strength/i);
    for (const w of Object.values(words)) assert.doesNotMatch(w, /level \d/i);
  } finally {
    await b.close();
  }
});

test('a shared link of a game against the computer opens as one (old links still open)', async () => {
  const a = await shared.browser.page({ width: 1400, height: 800 });
  let link;
  try {
    await withGame(a.page, { mode: 'ai', human: 'scarlet', level: 4, moves: ['2c22c3'] });
    link = await a.page.evaluate(() => location.href);
  } finally {
    await a.close();
  }
  // a person who never played here opens it: a game against the computer at strength 4,
  // playing Scarlet as the sender did, and the page says so
  const b = await shared.browser.page({ width: 1400, height: 800 });
  const errors = watchErrors(b.page);
  try {
    const { page } = b;
    await openGame(page, link, { pieces: false });
    const s = await state(page);
    assert.equal(s.mode, 'ai', `opened as ${s.mode}: ${link}`);
    assert.equal(s.level, 4);
    assert.equal(s.human, 'scarlet');
    assert.deepEqual(await history(page), ['2c22c3']);
    assert.doesNotMatch(await page.textContent('#matchup'), /two players/i);
    assert.match(await page.textContent('#status-sub'), /against the computer \(strength 4\)/);
    // it offers the other way too: two players on this device, same game
    await page.click('#status-sub button[data-act="two-players"]');
    const t = await state(page);
    assert.equal(t.mode, 'hotseat');
    assert.deepEqual(await history(page), ['2c22c3']);
    // an old link (no mode) still opens, as before: two players on this device
    await page.goto('about:blank');
    await openGame(page, shared.server.url + '#moves=2c22c3.2c72c6', { pieces: false });
    assert.deepEqual(await history(page), ['2c22c3', '2c72c6']);
    assert.equal((await state(page)).mode, 'hotseat');
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});

test('copying: a link the browser refuses to copy is not called copied, and is shown for copying by hand', async () => {
  const b = await shared.browser.page({ width: 1400, height: 800 });
  try {
    const { page } = b;
    await withGame(page, { moves: ['2c22c3', '2c72c6'] });
    const toast = () => page.evaluate(() => document.getElementById('toast').textContent);
    // The clipboard refuses (no permission): the toast says so and where the link is.
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await page.evaluate(() => document.querySelector('[data-act="share"]').click());
    await page.waitForFunction(() => !document.getElementById('toast').hidden);
    assert.doesNotMatch(await toast(), /copied/i);
    assert.match(await toast(), /address bar/);
    assert.match(await page.evaluate(() => location.hash), /2c22c3/, 'the address bar holds the link');
    // The clipboard accepts: copied, and what was copied is the page's address.
    await page.evaluate(() => {
      window.__copied = null;
      navigator.clipboard.writeText = async (t) => {
        window.__copied = t;
      };
    });
    await page.evaluate(() => document.querySelector('[data-act="share"]').click());
    await page.waitForFunction(() => window.__copied !== null);
    assert.equal(await page.evaluate(() => window.__copied), await page.evaluate(() => location.href));
    await page.waitForFunction(() =>
      /Link to this game copied/.test(document.getElementById('toast').textContent),
    );
  } finally {
    await b.close();
  }
});

test('a piece that cannot move: the screen reader hears why, not "0 moves"', async () => {
  const b = await shared.browser.page({ width: 1400, height: 800 });
  try {
    const { page } = b;
    await withGame(page);
    await page.focus('#board');
    await page.keyboard.press('Escape');
    // 2f2 -> 2a1 (the Oliphant, boxed in at the start)
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.evaluate(() => window.__dc.focus()), '2a1');
    await page.keyboard.press('Enter');
    const said = await lastSaid(page);
    assert.doesNotMatch(said, /0 moves|: \.$/);
    assert.match(said, /Oliphant on 2a1 has no legal move/);
    await page.waitForFunction((t) => document.getElementById('announce').textContent === t, said);
  } finally {
    await b.close();
  }
});

test('sounds for move, capture, check and game end; the mute switch is remembered', async () => {
  const b = await shared.browser.page({ width: 1400, height: 800 });
  const errors = watchErrors(b.page);
  const warnings = [];
  b.page.on('console', (m) => {
    if (m.type() === 'warning' && /audio/i.test(m.text())) warnings.push(m.text());
  });
  try {
    const { page } = b;
    // Gold Oliphant takes on 2e5, then gives check along rank 8
    const fen = fenOf({ '2a1': 'K', '2l8': 'k', '2e1': 'O', '2e5': 'w', '2a7': 'w' });
    await withGame(page, { startFen: fen }, '', errors);
    const sounds = () =>
      page.evaluate(() => window.__dc.sounds.map((s) => s.kind + (s.muted ? ' (muted)' : '')));
    const type = async (m) => {
      await page.fill('#move-input', m);
      await page.press('#move-input', 'Enter');
    };
    await type('2e12e5');
    await type('2l82k8');
    await type('2e52e8');
    assert.deepEqual(await sounds(), ['capture', 'move', 'check']);
    assert.ok(await page.evaluate(() => window.__dc.sounds.every((s) => s.played)), 'Web Audio played them');
    await page.waitForFunction(() => window.__dc.audioState() === 'running');
    assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'false');
    // mute: the next move is silent, and it stays muted after a reload
    await page.click('#btn-sound');
    assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'true');
    await type('2k82k7');
    assert.deepEqual((await sounds()).at(-1), 'move (muted)');
    await page.reload();
    await page.waitForFunction(() => window.__dc && window.__dc.ready);
    assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'true');
    await page.click('#btn-sound'); // sound on again
    // a mate: the end-of-game sound (Dragon to 3b8 with the Thief and the Dwarf watching)
    await withGame(
      page,
      { startFen: fenOf({ '2l1': 'K', '2a8': 'k', '3c7': 'R', '2c5': 'T', '1b7': 'D' }) },
      '',
      errors,
    );
    await type('3c73b8');
    assert.equal((await state(page)).status.state, 'checkmate');
    assert.deepEqual((await sounds()).at(-1), 'end');
    assert.deepEqual(errors, []);
    assert.deepEqual(warnings, [], 'no autoplay warnings');
  } finally {
    await b.close();
  }
  // before the person has used the page nothing is started (no autoplay warning): the
  // computer's moves on a page just opened are silent
  const c = await shared.browser.page({ width: 1000, height: 700 });
  const cWarnings = [];
  c.page.on('console', (m) => {
    if (/audio/i.test(m.text())) cWarnings.push(m.text());
  });
  try {
    await openGame(c.page, shared.server.url + '#vs=watch&strength=1', { pieces: false });
    await c.page.waitForFunction(() => window.__dc.sounds.length > 0);
    assert.deepEqual(await c.page.evaluate(() => [window.__dc.sounds[0].played, window.__dc.audioState()]), [
      false,
      'none',
    ]);
    assert.deepEqual(cWarnings, []);
  } finally {
    await c.close();
  }
});
