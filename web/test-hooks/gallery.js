// replaces: app/ui/embed/start-gallery.js
// The embed gallery's entry in the test build only (scripts/build-site --test): starts the
// gallery as app/ui/embed/start-gallery.js does, and puts window.__gallery over it: how often
// each card was drawn, its problems, its timings. None of it is in the site players get.
import { startGallery } from '../app/ui/embed/gallery.js';
import { Emitter } from '../app/util/emitter.js';

/** @type {Record<string, any>} */
const hook = { ready: false, draws: {}, errors: [], startedAt: performance.now(), drawnAt: null };
/** @type {any} */ (window).__gallery = hook;
const events = new Emitter();
events.on('drawn', (id) => {
  hook.draws[id] = (hook.draws[id] || 0) + 1;
});
const r = await startGallery({ events });
if (r.error) hook.errors.push(r.error);
else {
  hook.errors.push(...r.value.problems);
  hook.drawnAt = performance.now();
  hook.ready = true;
}
