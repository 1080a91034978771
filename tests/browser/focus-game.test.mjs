// A whole game of 150 plies played by taps in the focus view on an upright phone (390x844),
// ending in a check across levels: the piece, its level brought into focus by a tap on its
// mini-map when it is not, the level it goes to, the square. A file of its own, so that the
// browser stage runs it beside the focus view's sizes (focus.test.mjs).
// The phone draws one device pixel a CSS pixel here: where a tap lands is in CSS pixels, and
// focus.test.mjs plays at a phone's three; 150 plies drawn at three by a browser without a
// GPU (software WebGL) take twice as long, for nothing the taps check.
// Run: node --test tests/browser/focus-game.test.mjs   (build the test site first)
// SHOTS=dir also writes a screenshot of the end of the game there (docs/img/ holds the one
// the docs show).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { serverAndBrowser, withPage, frames, checkAcrossLevels } from './helpers.mjs';
import { openAt, start, geometry, playByTaps } from './focus-taps.mjs';

const PHONE = { width: 390, height: 844, phone: true, scale: 1 };

const shared = serverAndBrowser();
let moves;
before(async () => {
  moves = await checkAcrossLevels();
});

test(`${PHONE.width}x${PHONE.height}: a game of 150 plies played by taps in the focus view ends in a check across levels`, async () => {
  await withPage(openAt(shared.browser, PHONE), async ({ page, errors }) => {
    await start(page, shared.server.url, 'focus');
    assert.equal((await geometry(page)).arrangement, 'focus');
    for (const [i, m] of moves.entries()) await playByTaps(page, PHONE, m, i);
    assert.deepEqual(await page.evaluate(() => window.__dc.history()), moves);
    await page.waitForFunction(() => /^Check!/.test(document.getElementById('status-main').textContent));
    assert.match(await page.textContent('#status-sub'), /King on 3g1 .*Scarlet Griffon on 2h2 \(Ground/);
    if (process.env.SHOTS) {
      await frames(page, 3);
      fs.mkdirSync(process.env.SHOTS, { recursive: true });
      await page.screenshot({
        path: path.join(process.env.SHOTS, `focus-${PHONE.width}x${PHONE.height}.png`),
        scale: 'css',
      });
    }
    assert.deepEqual(errors, []);
  });
});
