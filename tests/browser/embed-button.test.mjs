// The game page's Embed button: a ready <iframe> snippet of the position on view (the last
// move marked, the selected piece's diagram), which opens in embed.html as that position.
// Run: cd tests/browser && node --test embed-button.test.mjs   (build the site first)
import test from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, openGame, clickSquare, watchErrors, saveGame } from './helpers.mjs';
import { decodeHash } from '../../web/app/session/share/links.js';

const EMBED_KEYS = ['show', 'interactive', 'flip', 'level', 'theme', 'caption'];
let server;
test.before(async () => {
  server = await startServer();
});
test.after(async () => {
  await server?.close();
});

async function snippet(page) {
  await page.click('[data-act="embed"]');
  await page.waitForSelector('#dlg-embed[open]');
  const code = await page.inputValue('#embed-code');
  const m = /^<iframe src="([^"]+)" width="(\d+)" height="(\d+)"[^>]*><\/iframe>$/.exec(code);
  assert.ok(m, code);
  const src = m[1].replace(/&amp;/g, '&');
  assert.equal(
    await page.getAttribute('#embed-preview', 'src'),
    src,
    'the preview shows what the snippet shows',
  );
  await page.click('#dlg-embed button[value="close"]');
  return { src, hash: decodeHash(new URL(src).hash, { extraKeys: EMBED_KEYS }).value };
}

test('Embed: the position on view, its last move and the selected piece, ready to paste', async () => {
  const b = await launch({ width: 1400, height: 800 });
  const errors = watchErrors(b.page);
  try {
    const { page } = b;
    await page.goto(server.url + 'manifest.webmanifest');
    await saveGame(page, { moves: ['2c22c3', '2c72c6'] });
    errors.length = 0;
    await openGame(page, server.url);
    await clickSquare(page, '2d2');
    const fen = await page.evaluate(() => window.__dc.fen());
    const { src, hash } = await snippet(page);
    assert.ok(src.startsWith(server.url + 'embed.html#'), src);
    assert.deepEqual(hash.moves, ['2c72c6'], 'the last move, so that the embed marks it');
    assert.equal(hash.params.show, '2d2', "the selected piece's moves");
    assert.equal(hash.params.level, '3,2,1', "the levels holding pieces, not only the diagram's");
    // the embed shows exactly the page's position, the diagram and the last move
    const e = await b.context.newPage();
    await e.goto(src);
    await e.waitForFunction(() => window.__embed && window.__embed.ready);
    const st = await e.evaluate(() => window.__embed.state());
    assert.equal(st.fen, fen);
    assert.equal(st.selected, '2d2');
    assert.deepEqual(st.marks.last, ['2c7', '2c6']);
    await e.close();
    // browsing back to the start: the bare embed of the start position
    await page.keyboard.press('Home');
    const start = await snippet(page);
    assert.equal(start.src, server.url + 'embed.html');
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});
