// The service worker of the Dragonchess site (offline play). scripts/build-pwa turns this
// template into build/site/sw.js, replacing the two placeholders:
//   __DC_VERSION__  a hash of every file of the site (changes whenever any file changes)
//   __DC_ASSETS__   the list of every file of the site (paths relative to this worker)
//
// One cache per version, filled completely at install time: every request of a page is
// answered from the cache of the version that controls it, so a page never mixes files of
// two versions. A new version waits (pages keep the old one) until the page asks it to
// take over (pwa.js: the "update available - reload" offer sends {type: 'SKIP_WAITING'});
// then the old caches are deleted. Navigations to pages that are not in the cache (while
// offline) get the cached index.html.
'use strict';

const VERSION = '__DC_VERSION__';
// @ts-ignore: scripts/build-pwa writes the list of files here (the template is no module)
const ASSETS = __DC_ASSETS__;
const PREFIX = 'dragonchess-';
const CACHE = PREFIX + VERSION;
/** @type {any} the worker's global scope (ServiceWorkerGlobalScope: the checker knows the page's) */
const sw = self;
const SCOPE = new URL('./', self.location.href);
const INDEX = new URL('index.html', SCOPE).href;

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // cache: 'reload' skips the HTTP cache: the files of exactly this version.
      await cache.addAll(ASSETS.map((path) => new Request(new URL(path, SCOPE).href, { cache: 'reload' })));
      // The very first install has no pages to disturb: take over at once.
      if (!sw.registration.active) await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.type === 'SKIP_WAITING') sw.skipWaiting();
  else if (data && data.type === 'VERSION' && event.source)
    event.source.postMessage({ type: 'VERSION', version: VERSION });
});

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== SCOPE.origin || !url.href.startsWith(SCOPE.href)) return;
  event.respondWith(answer(req, url));
});

async function answer(req, url) {
  const cache = await caches.open(CACHE);
  if (req.mode === 'navigate') {
    // A page: the cached file (query and hash do not matter; a directory means its
    // index.html), else the network, else (offline) the cached index.html.
    const path = url.pathname.endsWith('/') ? new URL('index.html', url).href : url.origin + url.pathname;
    const hit = await cache.match(path, { ignoreSearch: true });
    if (hit) return hit;
    try {
      return await fetch(req);
    } catch (e) {
      const index = await cache.match(INDEX);
      if (index) return index;
      throw e;
    }
  }
  const hit = await cache.match(req, { ignoreSearch: true, ignoreVary: true });
  if (hit) return hit;
  return fetch(req); // not part of the site (or a file added after this version): network
}
