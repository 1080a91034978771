// Hostile inputs on the game page (issue 28), on one browser and one page: storage that is
// full (the failure said at once, a download that holds the game, a reload that shows the
// game on screen and not an older one); a long comment (folded in the move list, not
// storable: said, the download holds it); a file of 20,000 games listed with its
// progress, then one game of it opened; files chosen, read by core as bytes (UTF-16,
// binary, too many games: refused as the command line refuses them).
// Run: node --test tests/browser/hostile.test.mjs   (build the site with --test first)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { startServer, launch, openGame, waitReady, watchErrors, ROOT } from './helpers.mjs';

let server, B, errors, M;
before(async () => {
  server = await startServer();
  B = await launch({ width: 1280, height: 720 });
  // fill(): fills the origin's local storage to the last character with keys filler-N
  await B.context.addInitScript(() => {
    window.fill = () => {
      let n = 0;
      for (let size = 1 << 20; size >= 1; size >>= 1) {
        const chunk = 'x'.repeat(size);
        for (;;) {
          try {
            localStorage.setItem('filler-' + n, chunk);
            n++;
          } catch {
            break;
          }
        }
      }
      return n;
    };
  });
  errors = watchErrors(B.page);
  M = await createRequire(import.meta.url)(path.join(ROOT, 'build/wasm/dragonchess_engine_node.cjs'))();
});
after(async () => {
  await B?.close();
  await server?.close();
});

const history = (page) => page.evaluate(() => window.__dc.history());
const typeMove = async (page, move) => {
  await page.fill('#move-input', move);
  await page.press('#move-input', 'Enter');
};
const toast = (page) =>
  page.evaluate(() => {
    const t = document.getElementById('toast');
    return t.hidden
      ? null
      : {
          text: t.querySelector('.toast-text').textContent,
          button: t.querySelector('.toast-btn')?.textContent || null,
        };
  });
// The Download of the toast: the file's text.
async function downloadFromToast(page) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#toast .toast-btn')]);
  return fs.readFileSync(await dl.path(), 'utf8');
}

test('storage full: a move is said unsaved at once, the download holds the game, a reload shows it', async () => {
  const { page } = B;
  await page.goto('about:blank');
  await openGame(page, server.url + '#moves=2c22c3.2c72c6', { pieces: false });
  await page.evaluate(() => localStorage.removeItem('dragonchess.previous.v1'));
  assert.deepEqual(await history(page), ['2c22c3', '2c72c6']);
  // Fill the rest of the origin's storage (other keys: the game's own stays).
  assert.ok((await page.evaluate(() => window.fill())) > 0);
  await typeMove(page, '2d22d3');
  await page.waitForFunction(() => window.__dc.saveFailure);
  const t = await toast(page);
  assert.match(
    t.text,
    /would not store this game \(its storage is full or turned off\): it is not kept on this device.*Download it to keep it/,
  );
  assert.equal(t.button, 'Download');
  assert.ok(
    (await page.evaluate(() => window.__dc.announcements.join('\n'))).includes('would not store this game'),
    'said to a screen reader',
  );
  // the older game is not kept either: a reload cannot bring it back
  assert.equal(await page.evaluate(() => localStorage.getItem('dragonchess.game.v1')), null);
  const text = await downloadFromToast(page);
  const read = M.readRecord(text);
  assert.deepEqual(read.moves, ['2c22c3', '2c72c6', '2d22d3']);
  // the warning is said once, not at every move
  const said = await page.evaluate(
    () => window.__dc.announcements.filter((a) => a.includes('would not store')).length,
  );
  await typeMove(page, '2d72d6');
  await page.waitForFunction(() => window.__dc.history().length === 4);
  assert.equal(
    await page.evaluate(() => window.__dc.announcements.filter((a) => a.includes('would not store')).length),
    said,
  );
  // A reload shows the game on screen (the address holds it), not an older one.
  await page.reload();
  await waitReady(page, { pieces: false });
  assert.deepEqual(await history(page), ['2c22c3', '2c72c6', '2d22d3', '2d72d6']);
  // Room again: the next move is saved, and the warning is not said.
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('filler-')) localStorage.removeItem(k);
  });
  await typeMove(page, '2e22e3');
  await page.waitForFunction(
    () => (JSON.parse(localStorage.getItem('dragonchess.game.v1') || 'null') || {}).moves?.length === 5,
  );
  assert.equal(await page.evaluate(() => window.__dc.saveFailure), null);
  assert.deepEqual(errors, []);
});

test('a comment of 300,000 characters: folded in the move list; not storable with the game: said, the download holds it', async () => {
  const { page } = B;
  await page.goto('about:blank');
  await openGame(page, server.url, { pieces: false });
  // Storage with room for a game (50,000 characters), not for the comment.
  await page.evaluate(() => {
    localStorage.setItem('reserve', 'x'.repeat(50000));
    window.fill();
    localStorage.removeItem('reserve');
  });
  const long = 'a long comment '.repeat(20000).slice(0, -1) + '.'; // 300,000 characters (a comment's spaces at its ends are not its own)
  const text = `[Event "Long"]\n\n1. W2c3 { ${long} } w2c6 { short } 2. W2d3 *\n`;
  // as on a slow phone (the page's work 8 times slower), so that the list needs several
  // slices of a frame's time however fast this machine is
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  assert.deepEqual(await page.evaluate((t) => window.__dc.openRecordText(t), text), { value: undefined });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  await page.waitForFunction(() => window.__dc.history().length === 3);
  await page.waitForFunction(() => window.__dc.saveFailure);
  const t = await toast(page);
  assert.match(
    t.text,
    /Opened “Long”.*storage is full: this game’s moves are kept on this device, but not its comments.*Download it to keep it/,
  );
  assert.equal(t.button, 'Download');
  // folded: the move list stays short; opened, the whole comment is in a box of its own
  const fold = await page.evaluate(() => {
    const d = document.querySelector('#moves .mv-comment-fold');
    const box = document.getElementById('moves');
    return {
      rows: document.querySelectorAll('#moves .mv-comment').length,
      folded: !!d && !d.open,
      summary: d && d.querySelector('summary').textContent,
      height: box.scrollHeight,
    };
  });
  assert.equal(fold.rows, 2);
  assert.ok(fold.folded);
  assert.match(fold.summary, /^a long comment a long.*… \(300,000 characters: show all\)$/);
  assert.ok(fold.height < 600, `the move list is ${fold.height} px high`);
  await page.click('#moves .mv-comment-fold summary');
  await page.waitForFunction(
    () => document.querySelector('#moves .mv-comment-full').textContent.length === 300000,
  );
  const open = await page.evaluate(() => ({
    full: document.querySelector('#moves .mv-comment-full').getBoundingClientRect().height,
    height: document.getElementById('moves').scrollHeight,
  }));
  assert.ok(
    open.full < 400 && open.height < 1000,
    `opened: the comment's box ${open.full} px, the list ${open.height} px`,
  );
  assert.match(
    await page.getAttribute('#moves [data-ply="1"]', 'aria-label'),
    /Comment: a long comment .*… \(folded\)$/,
  );
  // the download holds the comment; a reload shows the game (its moves were kept)
  const saved = await downloadFromToast(page);
  const read = M.readRecord(saved);
  assert.equal(read.comments[1], long.trim());
  await page.reload();
  await waitReady(page, { pieces: false });
  assert.deepEqual(await history(page), read.moves);
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('filler-')) localStorage.removeItem(k);
  });
  assert.deepEqual(errors, []);
});

test('20,000 games: listed with their progress while the page answers; one of them opened', async (t) => {
  const { page } = B;
  await page.goto('about:blank');
  await openGame(page, server.url, { pieces: false });
  const games = [
    '1. W2c3 w2c6 2. W2d3 *',
    '1. W2h3 w2e6 2. W2e3 w2d6 1-0',
    '1. W2a3 w2a6 0-1',
    '1. W2b3 w2b6 2. W2l3 1/2-1/2',
  ];
  const parts = [];
  // (a comment of 160 bytes to each game: 4.3 MB, listed in several slices)
  const note = '{ A quiet opening move, played by many players in club games of the nineties. }\n'.repeat(2);
  for (let i = 0; i < 20000; i++)
    parts.push(`[Event "Game ${i + 1}"]\n[Gold "Player ${i % 97}"]\n\n${note}${games[i % 4]}\n\n`);
  const text = parts.join('');
  // what the list shows while it grows (a record of its states)
  await page.evaluate(() => {
    // the longest main-thread task meanwhile (Chromium's long tasks, over 50 ms): printed, not asserted
    window.__longest = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    }).observe({ type: 'longtask' });
    window.__listStates = [];
    new MutationObserver(() => {
      const c = document.querySelector('#rec-games .rec-count'),
        p = document.querySelector('#rec-games .rec-progress');
      if (c)
        window.__listStates.push({
          text: c.textContent,
          value: p.value,
          max: p.max,
          hidden: p.hidden,
          n: document.querySelectorAll('#rec-games .rec-game').length,
        });
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // The page's clock as its slices read it advances 1 ms a reading (as on a slow phone,
  // where each step of the work takes about that long), so that the count and the list
  // need several slices of a frame's time however fast or loaded this machine is (the
  // CPU throttling of the browser, tried before, left some runs with one slice).
  await page.evaluate(() => {
    let t = performance.now();
    performance.now = () => (t += 1);
  });
  assert.deepEqual(await page.evaluate((t) => window.__dc.openRecordText(t), text), { value: undefined });
  await page.evaluate(() => {
    delete performance.now;
  });
  const states = await page.evaluate(() => window.__listStates);
  t.diagnostic(
    `longest task while the text was counted and listed: ${Math.round(await page.evaluate(() => window.__longest))} ms (0: none over 50 ms)`,
  );
  // first the count, shown as it goes (the bytes read), then the list
  const counts = states.filter((s) => /^Counting the games… /.test(s.text));
  assert.ok(counts.length >= 1, 'the count is shown');
  assert.ok(
    counts.every(
      (s) =>
        /^Counting the games… \d+\.\d of 4\.3 MB read\.$/.test(s.text) &&
        s.n === 0 &&
        s.value > 0 &&
        s.value <= s.max,
    ),
    counts[0].text,
  );
  assert.ok(states.indexOf(counts[counts.length - 1]) < states.findIndex((s) => s.n > 0), 'before the list');
  const growing = states.filter((s) => !s.hidden && s.n > 0 && !/^20,000 games/.test(s.text));
  t.diagnostic(`the count shown ${counts.length} times, the list grown in ${growing.length} steps`);
  assert.ok(
    growing.length >= 2,
    `the list grows in steps (${growing.length}), a slice of a frame's time each`,
  );
  assert.ok(
    growing.every((s) => /^Listing the games… [\d,]+ of 20,000; choose one at any time\.$/.test(s.text)),
    growing[0].text,
  );
  assert.ok(
    growing.every((s, i) => s.value > 0 && s.value < s.max && (i === 0 || s.value >= growing[i - 1].value)),
    'the progress moves forward',
  );
  assert.equal(await page.textContent('#rec-games .rec-count'), '20,000 games: choose one.');
  // only the rows in view are in the page (a few dozen of the 20,000), numbered as the games
  const inPage = await page.locator('#rec-games .rec-game').count();
  assert.ok(inPage > 0 && inPage < 100, `${inPage} rows in the page`);
  assert.equal(await page.getAttribute('#rec-games li:first-child', 'aria-setsize'), '20000');
  // End goes to the last game; the list scrolls to it and the keys move between games
  await page.focus('#rec-games [data-game="0"]');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.game), '19998');
  assert.equal(
    await page.textContent('#rec-games [data-game="19998"]'),
    `Player ${19998 % 97} – Scarlet · Game 19999 · 0-1 · 2 plies`,
  );
  assert.equal(
    await page.getAttribute('#rec-games [data-game="19998"]', 'title'),
    `Player ${19998 % 97} – Scarlet · Game 19999 · 0-1 · 2 plies`,
  );
  assert.ok((await page.locator('#rec-games .rec-game').count()) < 100, 'still only the rows in view');
  await page.click('#rec-games [data-game="19998"]');
  await page.waitForFunction(() => window.__dc.history().length === 2);
  assert.deepEqual(await history(page), ['2a22a3', '2a72a6']);
  assert.match(await page.evaluate(() => window.__dc.recordText()), /\[Event "Game 19999"\]/);
  assert.equal(await page.isVisible('#dlg-record'), false);
  assert.deepEqual(errors, []);
});

test('files chosen: their bytes read by core (UTF-16, binary, too many games said as the command line says them), the game kept', async () => {
  const { page } = B;
  await page.goto('about:blank');
  await openGame(page, server.url + '#moves=2c22c3.2c72c6', { pieces: false });
  const utf16 = Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from('[Event "Notepad"]\r\n\r\n1. W2h3 *\r\n', 'utf16le'),
  ]);
  const binary = Buffer.from([0x78, 0x0a, 0x80, 0xff, 0xc3, 0x0e, 0x41]);
  const cases = [
    [
      'notepad.dgn',
      utf16,
      /^This record could not be read: line 1: this text is UTF-16 \(it begins with UTF-16's byte order mark\): records are read as UTF-8; save it as UTF-8\.$/,
    ],
    [
      'random.dgn',
      binary,
      /^This record could not be read: line 2: a control character \(byte 0x0E\) has no place in a record\.$/,
    ],
    // more than 100,000 games: refused at once, no list made
    [
      'many.dgn',
      Buffer.from('* '.repeat(100001)),
      /^This record could not be read: line 1: the text holds more than 100000 games \(at most that many are read from one text: split it\)\.$/,
    ],
  ];
  await page.click('[data-act="record"]');
  await page.waitForSelector('#dlg-record[open]');
  for (const [name, buffer, said] of cases) {
    // a list of another text on show first: a refused text leaves no list of the old one
    assert.deepEqual(await page.evaluate(() => window.__dc.openRecordText('1. W2h3 *\n\n1. W2a3 *\n')), {
      value: undefined,
    });
    assert.equal(await page.isVisible('#rec-games'), true, `${name}: a list before`);
    await page.evaluate(() => {
      document.getElementById('rec-error').hidden = true;
    });
    await page.setInputFiles('#rec-file-input', { name, mimeType: 'text/plain', buffer });
    await page.waitForFunction(() => !document.getElementById('rec-error').hidden);
    assert.match(await page.textContent('#rec-error'), said, name);
    assert.equal(await page.isHidden('#rec-games'), true, `${name}: no list`);
    assert.deepEqual(await history(page), ['2c22c3', '2c72c6'], `${name}: the game kept`);
  }
  // a UTF-8 file with a byte order mark and a name with an accent: opened
  await page.setInputFiles('#rec-file-input', {
    name: 'zoë.dgn',
    mimeType: 'text/plain',
    buffer: Buffer.from('\ufeff[Gold "Zoë"]\n\n1. W2h3 w2e6 *\n'),
  });
  await page.waitForFunction(
    () => window.__dc.history().length === 2 && window.__dc.history()[0] === '2h22h3',
  );
  assert.match(await page.evaluate(() => window.__dc.recordText()), /\[Gold "Zoë"\]/);
  assert.deepEqual(errors, []);
});
