// The site players get (scripts/build-site: build/site) holds nothing that exists only for
// the tests: no test hooks (window.__dc, __embed, __gallery, __rules), no web/test-hooks modules,
// and its pages work without them. The other browser tests run on the test build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launch, watchErrors, PRODUCTION_SITE } from './helpers.mjs';

let server;
before(async () => {
  server = await startServer(PRODUCTION_SITE);
});
after(async () => {
  await server?.close();
});

function siteFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...siteFiles(p));
    else out.push(p);
  }
  return out;
}

test('no test hook in any file of the site', () => {
  const files = siteFiles(PRODUCTION_SITE);
  assert.ok(files.length > 50, `${files.length} files`);
  assert.ok(!fs.existsSync(path.join(PRODUCTION_SITE, 'test-hooks')), 'no test-hooks folder');
  const text = files.filter((f) => /\.(m?js|html)$/.test(f));
  const found = text
    .filter((f) => /__dc|__embed|__gallery|__rules|test-hooks/.test(fs.readFileSync(f, 'utf8')))
    .map((f) => path.relative(PRODUCTION_SITE, f));
  assert.deepEqual(found, []);
});

test('the game page, the embed, the gallery and the rules page start without the hooks', async () => {
  const b = await launch({ width: 1280, height: 720 });
  const errors = watchErrors(b.page);
  try {
    const { page } = b;
    await page.goto(server.url);
    await page.waitForFunction(() => /Your turn/.test(document.getElementById('status-main').textContent));
    assert.equal(await page.evaluate(() => typeof window.__dc), 'undefined');
    await page.goto(server.url + 'embed.html#show=3g1');
    await page.waitForFunction(() =>
      /Gold Dragon on 3g1/.test(document.getElementById('caption').textContent),
    );
    assert.equal(await page.evaluate(() => typeof window.__embed), 'undefined');
    await page.goto(server.url + 'embed-example.html');
    await page.waitForFunction(() => document.querySelectorAll('canvas.picture').length === 15);
    assert.equal(await page.evaluate(() => typeof window.__gallery), 'undefined');
    await page.goto(server.url + 'rules.html');
    await page.waitForFunction(() => document.querySelectorAll('canvas.picture').length > 0);
    assert.equal(await page.evaluate(() => typeof window.__rules), 'undefined');
    assert.deepEqual(
      errors.filter((e) => !/favicon/.test(e)),
      [],
    );
  } finally {
    await b.close();
  }
});
