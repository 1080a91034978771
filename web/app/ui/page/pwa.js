// Registers the site's service worker (sw.js, written by scripts/build-pwa) so the game
// works offline, and tells the page when a new version is ready:
//
//   import { registerPWA } from './pwa.js';
//   registerPWA({ onUpdate: (apply) => showBanner('Update available', 'Reload', apply) });
//
// onUpdate(apply) is called (once per new version) when a new version has been downloaded
// completely and waits; apply() makes it take over and reloads the page. Nothing is
// switched without the user's request: pages keep using the version they started with.
// Returns a promise of {registration, apply, check}, or of the refusal
// 'page.offlineUnavailable' when service workers are not available (old browser, file://,
// some private modes): the page then works online only.
import { refusal, settle } from '../../util/result.js';

export async function registerPWA(options = {}) {
  const { url = 'sw.js', onUpdate = null, checkEveryMs = 60 * 60 * 1000 } = options;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator))
    return refusal('page.offlineUnavailable');
  const sw = navigator.serviceWorker;
  const hadController = !!sw.controller;
  const r = await settle(
    sw.register(new URL(url, document.baseURI).href, { scope: './', updateViaCache: 'none' }),
  );
  if (r.error) return refusal('page.offlineUnavailable');
  const registration = r.value;

  let announced = null,
    reloading = false;
  const announce = (worker) => {
    if (!worker || worker === announced || !sw.controller) return; // the first install is no update
    announced = worker;
    if (onUpdate) onUpdate(apply);
  };
  const watch = (worker) => {
    if (!worker) return;
    if (worker.state === 'installed') announce(worker);
    else
      worker.addEventListener('statechange', () => {
        if (worker.state === 'installed') announce(worker);
      });
  };
  function apply() {
    const waiting = registration.waiting;
    if (!waiting) {
      location.reload();
      return;
    }
    waiting.postMessage({ type: 'SKIP_WAITING' });
  }

  watch(registration.waiting);
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  // When another version takes over (this page's apply(), or another tab's), reload so
  // the page and its files come from one version. Not on the very first install.
  sw.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    reloading = true;
    location.reload();
  });

  const check = () => settle(registration.update()); // offline: the next check tries again
  if (checkEveryMs > 0) {
    const timer = /** @type {any} */ (setInterval(check, checkEveryMs)); // Node's (the tests') lets the process exit
    if (timer.unref) timer.unref();
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check();
    });
  }
  return { registration, apply, check };
}
