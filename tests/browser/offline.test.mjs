// Offline play and installation: the service worker (scripts/build-pwa + sw-template.js +
// pwa.js) and the web app manifest.
// Run: cd tests/browser && node --test offline.test.mjs   (build the site first)
// The tests work on a copy of the site (the update test changes files and rebuilds sw.js).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  startServer,
  launch,
  watchErrors,
  openGame,
  clickSquare,
  state,
  decodePng,
  frames,
  ROOT,
  SITE,
} from './helpers.mjs';

const BUILD_PWA = path.join(ROOT, 'scripts/build-pwa');
let site, server;

// A page of the test's own that registers the worker through pwa.js and reports updates.
const PROBE_PAGE = `<!doctype html><meta charset="utf-8"><title>pwa probe</title>
<script type="module">
  import { registerPWA } from './app/ui/page/pwa.js';
  window.__updates = 0;
  window.__reloads = Number(sessionStorage.getItem('reloads') || 0);
  sessionStorage.setItem('reloads', String(window.__reloads + 1));
  registerPWA({ onUpdate: (apply) => { window.__updates++; window.__apply = apply; } })
    .then((r) => { window.__pwa = r; window.__registered = !r.error; });
  if (navigator.serviceWorker.controller) window.__controlled = true;
  else navigator.serviceWorker.addEventListener('controllerchange', () => { window.__controlled = true; }, { once: true });
  window.__version = () => fetch('probe-version.txt').then((r) => r.text());
</script>`;

function buildPwa() {
  execFileSync(BUILD_PWA, [], {
    env: { ...process.env, DC_SITE: site },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

test.before(async () => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'dc-offline-site-'));
  fs.cpSync(SITE, site, { recursive: true });
  fs.writeFileSync(path.join(site, 'pwa-probe.html'), PROBE_PAGE);
  fs.writeFileSync(path.join(site, 'probe-version.txt'), 'v1');
  buildPwa();
  server = await startServer(site);
});
test.after(async () => {
  await server?.close();
  if (site) fs.rmSync(site, { recursive: true, force: true });
});

// Waits until a service worker controls the page: the page registers its own once it is up
// (main.js, through pwa.js).
async function ensureControlled(t, page) {
  const own = await page
    .waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => !!r), null, {
      timeout: 20000,
    })
    .then(
      () => true,
      () => false,
    );
  assert.ok(own, 'the page registers its service worker');
  await page
    .waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20000, polling: 100 })
    .catch(async (e) => {
      const why = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return JSON.stringify({
          scope: r && r.scope,
          active: r && r.active && r.active.state,
          installing: r && r.installing && r.installing.state,
          waiting: r && r.waiting && r.waiting.state,
        });
      });
      throw new Error(`no service worker controls ${page.url()}: ${why} (${e.message})`);
    });
}

test('build-pwa: every file of the site, versioned by content', () => {
  const sw = fs.readFileSync(path.join(site, 'sw.js'), 'utf8');
  const version = /const VERSION = "([0-9a-f]{16})"/.exec(sw)?.[1];
  assert.ok(version, 'a version hash');
  const assets = JSON.parse(/const ASSETS = (\[[\s\S]*?\]);/.exec(sw)[1]);
  for (const f of [
    'index.html',
    'embed.html',
    'manifest.webmanifest',
    'engine/dragonchess_engine.wasm',
    'engine/dragonchess_engine.mjs',
    'engine/dragonchess_engine_simd.wasm',
    'engine/dragonchess_engine_simd.mjs',
    'engine/engine-loader.js',
    'engine/engine-worker.js',
    'renderer/dragonchess_ui.wasm',
    'renderer/ui-loader.js',
    'app/ui/page/main.js',
    'app/ui/embed/embed.js',
    'app/session/share/links.js',
    'pieces/dragon.svg',
    'icons/icon-192.png',
  ]) {
    assert.ok(assets.includes(f), `${f} is cached`);
  }
  assert.ok(
    !assets.includes('sw.js') && !assets.includes('app/ui/page/sw-template.js'),
    'not the worker itself',
  );
  const listed = new Set(assets);
  const walk = (d) =>
    fs
      .readdirSync(d, { withFileTypes: true })
      .flatMap((e) =>
        e.isDirectory()
          ? walk(path.join(d, e.name))
          : [path.relative(site, path.join(d, e.name)).split(path.sep).join('/')],
      );
  for (const f of walk(site)) if (f !== 'sw.js') assert.ok(listed.has(f), `${f} is missing from the list`);
  // same files, same version; any change, another version
  buildPwa();
  assert.match(fs.readFileSync(path.join(site, 'sw.js'), 'utf8'), new RegExp(version));
});

test('offline: the game page and the embed work from the cache', async (t) => {
  const b = await launch({ width: 1200, height: 760 });
  try {
    const { page, context } = b;
    const errors = watchErrors(page);
    await openGame(page, server.url);
    await ensureControlled(t, page);
    // the whole site is in one versioned cache
    const cached = await page.evaluate(async () => {
      const keys = await caches.keys();
      const c = await caches.open(keys.find((k) => k.startsWith('dragonchess-')));
      return { keys, n: (await c.keys()).length };
    });
    assert.equal(cached.keys.filter((k) => k.startsWith('dragonchess-')).length, 1);
    assert.ok(cached.n > 20, `${cached.n} files cached`);

    await context.setOffline(true);
    assert.equal(
      await page.evaluate(() =>
        fetch('index.html?x=' + Math.random(), { cache: 'no-store' }).then(
          () => 'ok',
          () => 'offline',
        ),
      ),
      'ok',
      'the worker answers',
    );
    await page.reload();
    await openGame(page, server.url); // ready, pieces drawn, engine worker ready
    await clickSquare(page, '2c2');
    assert.deepEqual((await state(page)).dests, ['2c3'], "the engine gives the Warrior's legal move offline");
    await clickSquare(page, '2c3');
    await page.waitForFunction(() => window.__dc.history().length >= 1);
    assert.equal((await page.evaluate(() => window.__dc.history()))[0], '2c22c3');

    // the embed, offline
    await page.goto(server.url + 'embed.html#show=2e2');
    await page.waitForFunction(() => window.__embed && window.__embed.ready);
    const s = await page.evaluate(() => window.__embed.state());
    assert.deepEqual(s.diagram.move, ['2e3']);

    // an address that is not a file of the site: the cached game page
    await page.goto(server.url + 'no-such-page.html');
    await page.waitForFunction(() => window.__dc && window.__dc.ready);
    await context.setOffline(false);
    assert.deepEqual(
      errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e)),
      [],
    );
  } finally {
    await b.close();
  }
});

test('an update is downloaded whole, waits, is offered, and takes over only on request', async () => {
  const b = await launch({ width: 800, height: 600 });
  try {
    const { page } = b;
    await page.goto(server.url + 'pwa-probe.html');
    await page.waitForFunction(() => window.__controlled && window.__registered);
    assert.equal(await page.evaluate(() => window.__version()), 'v1');
    const oldKeys = await page.evaluate(() => caches.keys());

    // a new build: one changed file, a new sw.js
    fs.writeFileSync(path.join(site, 'probe-version.txt'), 'v2');
    buildPwa();
    await page.evaluate(() => window.__pwa.check());
    await page.waitForFunction(() => window.__updates === 1);
    // the new version waits: this page, and a reload, still get every file from the old one
    assert.equal(await page.evaluate(() => window.__version()), 'v1');
    await page.reload();
    await page.waitForFunction(() => window.__controlled && window.__registered);
    assert.equal(await page.evaluate(() => window.__version()), 'v1', 'no mixing before the user agrees');
    await page.waitForFunction(() => window.__updates === 1); // offered again after the reload
    const reloads = await page.evaluate(() => window.__reloads);

    // the user accepts: the new version takes over, the page reloads itself, old caches go
    await page.evaluate(() => window.__apply());
    await page.waitForFunction((n) => window.__reloads === n + 1 && window.__controlled, reloads);
    assert.equal(await page.evaluate(() => window.__version()), 'v2');
    const keys = await page.evaluate(() => caches.keys());
    assert.equal(keys.length, 1);
    assert.notDeepEqual(keys, oldKeys);
  } finally {
    fs.writeFileSync(path.join(site, 'probe-version.txt'), 'v1');
    buildPwa();
    await b.close();
  }
});

test('Chromium reports the app installable (manifest, icons, service worker)', async (t) => {
  const b = await launch({ width: 1000, height: 700 });
  try {
    const { page, context } = b;
    await page.goto(server.url);
    const linked = await page.evaluate(
      () => !!document.querySelector('link[rel="manifest"][href="manifest.webmanifest"]'),
    );
    assert.ok(linked, 'index.html links its manifest');
    await ensureControlled(t, page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifest.errors, [], 'the manifest parses');
    const m = JSON.parse(manifest.data);
    assert.equal(m.display, 'standalone');
    assert.equal(new URL(m.start_url, manifest.url).href, server.url);
    assert.ok(m.name && m.short_name && m.theme_color && m.background_color);
    for (const size of [192, 512]) {
      const icon = m.icons.find(
        (i) =>
          i.sizes === `${size}x${size}` && i.type === 'image/png' && (i.purpose || 'any').includes('any'),
      );
      assert.ok(icon, `a ${size} px icon`);
      const png = decodePng(fs.readFileSync(path.join(site, icon.src)));
      assert.equal(png.width, size);
      assert.equal(png.height, size);
    }
    // the check needs the worker to be active and controlling: asked again after each of a
    // few dozen frames until Chromium agrees
    let errors = [];
    await page.waitForFunction(
      () => navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated',
    );
    for (let i = 0; i < 40; i++) {
      errors = (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors;
      if (!errors.length) break;
      await frames(page, 8);
    }
    assert.deepEqual(errors, [], 'installability errors');
  } finally {
    await b.close();
  }
});
