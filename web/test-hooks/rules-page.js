// replaces: app/ui/rules-page/start.js
// The rules page's entry in the test build only (scripts/build-site --test): starts the page
// as app/ui/rules-page/start.js does, and puts window.__rules over it: the figures, how often
// each was drawn, when (ms from navigation start) the engine and the board were ready, the
// page built, the first figure and every figure drawn, its problems. None of it is in the
// site players get.
import { startRulesPage } from '../app/ui/rules-page/page.js';
import { Emitter } from '../app/util/emitter.js';
import { createBoard } from '../renderer/board.js';
import { loadEngine } from '../engine/engine-loader.js';

const hook = {
  ready: false,
  figures: [],
  draws: {},
  errors: [],
  startedAt: performance.now(),
  engineAt: null,
  boardAt: null,
  builtAt: null,
  firstDrawnAt: null,
  allDrawnAt: null,
};
/** @type {any} */ (window).__rules = hook;
const events = new Emitter(['drawn', 'all-drawn']);
let first = true;
events.on('drawn', (id) => {
  hook.draws[id] = (hook.draws[id] || 0) + 1;
  // The first figure counts once it is on screen: after the frame that paints it (a long task
  // right after the drawing would hold that frame back).
  if (first) requestAnimationFrame(() => setTimeout(() => (hook.firstDrawnAt = performance.now())));
  first = false;
});
events.on('all-drawn', () => {
  hook.allDrawnAt = performance.now();
});
const r = await startRulesPage({
  events,
  loadEngine: async () => {
    const M = await loadEngine();
    hook.engineAt = performance.now();
    return M;
  },
  createBoard: async (...a) => {
    const b = await createBoard(...a);
    b.ready.then(() => {
      hook.boardAt = performance.now();
    });
    return b;
  },
});
hook.builtAt = performance.now();
if (r.error) hook.errors.push(r.error);
else {
  hook.errors.push(...r.problems);
  hook.figures = r.figures;
  hook.ready = true;
}
