// Sharing: links (links.js) and the page helpers (share.js) in a real browser, links
// carried from the embed to the game page, and the game page opening links.
// Run: cd tests/browser && node --test share.test.mjs   (build the site first)
import test from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, watchErrors, openGame } from './helpers.mjs';
import { decodeHash, encodeGame } from '../../web/app/session/share/links.js';

let server, browser;
test.before(async () => {
  server = await startServer();
  browser = await launch({ width: 1000, height: 640 });
});
test.after(async () => {
  await browser?.close();
  await server?.close();
});

// A light page of the site to run modules in (its diagrams only load when scrolled to).
async function modulePage(page) {
  await page.goto('about:blank');
  await page.goto(server.url + 'embed-example.html');
}

test('share.js: the address follows the game without history entries; pasted links are seen', async () => {
  const { page } = browser;
  await modulePage(page);
  const r = await page.evaluate(async () => {
    const share = await import('./app/ui/share/share.js');
    const seen = [];
    const bar = share.createAddressBar();
    bar.watch((l) => seen.push(l));
    const before = history.length;
    bar.write({ fen: 'startpos', moves: ['2c22c3', '2c72c6'] });
    const hash1 = location.hash;
    const historyGrew = history.length - before;
    // a frame later: any event the page's own address change would have caused is in
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const seenAfterOwn = seen.length;
    const changed = new Promise((r) => addEventListener('hashchange', r, { once: true }));
    location.hash = '#moves=2e22e3'; // as if a person pasted another link
    await changed;
    const link = share.linkFor({ moves: ['2c22c3'], mode: 'link', to: 'scarlet' });
    return {
      hash1,
      historyGrew,
      seenAfterOwn,
      seen,
      read: share.readLink('#moves=2c22c3'),
      bad: share.readLink('#moves=%3Cb%3E'),
      none: share.readLink(''),
      link,
      url: await share.copyLink({ moves: ['2c22c3'] }),
    };
  });
  assert.equal(r.hash1, '#moves=2c22c3.2c72c6');
  assert.equal(r.historyGrew, 0, 'replaceState, not pushState');
  assert.equal(r.seenAfterOwn, 0, 'its own address changes are not reported');
  assert.deepEqual(r.seen, [{ value: { moves: ['2e22e3'] } }]);
  assert.deepEqual(r.read, { value: { moves: ['2c22c3'] } });
  // the reader's reason: a refusal, the catalogue's key and its arguments (said by the page)
  assert.deepEqual(r.bad, { error: 'open.bad.valueChars', args: { key: 'moves' } }, 'the reader’s reason');
  assert.deepEqual(r.none, { value: null });
  assert.equal(r.link, server.url + 'embed-example.html#moves=2c22c3&play=link&to=s');
  assert.equal(r.url.url, server.url + 'embed-example.html#moves=2c22c3');
  assert.equal(typeof r.url.copied, 'boolean', 'whether the browser let it be copied');
});

test('links.js behaves the same in the browser as in Node', async () => {
  const { page } = browser;
  await modulePage(page);
  const moves = Array.from({ length: 60 }, (_, i) => ['2c22c3', '2c72c6', '3g13a7', '1b21b3'][i % 4]);
  const cases = [
    '#moves=2c22c3.2c72c6',
    encodeGame({ moves }),
    '#moves=%E0%A4',
    '#fen=12_g',
    '#' + 'a'.repeat(9000),
  ];
  const inBrowser = await page.evaluate(async (cs) => {
    const m = await import('./app/session/share/links.js');
    return cs.map((c) => m.decodeHash(c));
  }, cases);
  assert.deepEqual(
    inBrowser,
    cases.map((c) => decodeHash(c)),
  );
});

test('a game played in the embed opens in the embed and the game page through its link', async () => {
  const { page } = browser;
  await page.goto('about:blank');
  await page.goto(server.url + 'embed.html#moves=2c22c3');
  await page.waitForFunction(() => window.__embed && window.__embed.ready);
  const click = async (sq) => {
    const p = await page.evaluate((n) => window.__embed.squarePoint(n), sq);
    await page.mouse.click(p.x, p.y);
  };
  await click('2d7');
  await click('2d6');
  const fen = await page.evaluate(() => window.__embed.fen());
  const href = await page.getAttribute('#cap-open', 'href');
  const u = new URL(href);
  assert.equal(u.pathname, '/');
  assert.deepEqual(decodeHash(u.hash).value.moves, ['2c22c3', '2d72d6']);
  // the same link in the embed gives the same position
  await page.goto('about:blank');
  await page.goto(server.url + 'embed.html' + u.hash);
  await page.waitForFunction(() => window.__embed && window.__embed.ready);
  assert.equal(await page.evaluate(() => window.__embed.fen()), fen);

  // the game page reads the link at boot (share.js readLink)
  const b2 = await launch({ width: 1200, height: 760 });
  try {
    const errors = watchErrors(b2.page);
    await openGame(b2.page, href, { pieces: false });
    assert.deepEqual(await b2.page.evaluate(() => window.__dc.history()), ['2c22c3', '2d72d6']);
    assert.equal(await b2.page.evaluate(() => window.__dc.fen()), fen);
    // a broken link: a message, and a game that can be played
    await b2.page.goto('about:blank');
    await openGame(b2.page, server.url + '#moves=2c22c3.nonsense', { pieces: false });
    assert.deepEqual(errors, []);
  } finally {
    await b2.close();
  }
});
