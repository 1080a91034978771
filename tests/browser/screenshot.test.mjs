// The start position looks like the reviewed reference image (tests/browser/reference/
// start.png, 1400x800), and the phone layout (400x800) stacks everything in one column.
// UPDATE_REFERENCE=1 writes a new reference (review it before committing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  serverAndBrowser,
  openGame,
  watchErrors,
  decodePng,
  encodePng,
  comparePng,
  frames,
} from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const REFERENCE = path.join(here, 'reference/start.png');
const TOLERANCE = 0.01; // share of pixels allowed to differ noticeably

const shared = serverAndBrowser(); // the file's server and browser; each test's window a context

test('the start position matches the reference screenshot', async () => {
  const b = await shared.browser.page({ width: 1400, height: 800 });
  try {
    const errors = watchErrors(b.page);
    await openGame(b.page, shared.server.url);
    await b.page.mouse.move(1, 799); // no hover highlight
    await frames(b.page, 3);
    const png = await b.page.screenshot();
    if (process.env.UPDATE_REFERENCE || !fs.existsSync(REFERENCE)) {
      fs.mkdirSync(path.dirname(REFERENCE), { recursive: true });
      fs.writeFileSync(REFERENCE, png);
      if (!process.env.UPDATE_REFERENCE)
        assert.fail(`no reference image: wrote ${REFERENCE}; review it and run again`);
      return;
    }
    const cmp = comparePng(decodePng(png), decodePng(fs.readFileSync(REFERENCE)));
    if (cmp.ratio > TOLERANCE) {
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-shot-'));
      fs.writeFileSync(path.join(out, 'actual.png'), png);
      if (cmp.diff) fs.writeFileSync(path.join(out, 'diff.png'), encodePng(cmp.diff));
      assert.fail(
        `${(cmp.ratio * 100).toFixed(2)}% of the pixels differ (allowed ${TOLERANCE * 100}%): see ${out}`,
      );
    }
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});

test('the phone layout stacks the boards and the panels in one column', async () => {
  const b = await shared.browser.page({
    width: 400,
    height: 800,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const errors = watchErrors(b.page);
    await openGame(b.page, shared.server.url, { engine: false });
    const info = await b.page.evaluate(() => ({
      cls: document.body.className,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      layout: window.__dc.board().geometry(),
      controls: getComputedStyle(document.querySelector('.game-controls')).position,
    }));
    assert.match(info.cls, /layout-phone/);
    assert.equal(info.layout.arrangement, 'column');
    assert.ok(info.overflow <= 0, `no sideways scrolling (${info.overflow} px)`);
    assert.equal(info.controls, 'fixed');
    assert.ok(info.layout.square >= 24, `squares of ${info.layout.square} px`);
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});
