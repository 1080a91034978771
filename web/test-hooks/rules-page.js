// replaces: app/rules-page/start.js
// The rules page's entry in the test build only (scripts/build-site --test): starts the page
// as app/rules-page/start.js does, and puts window.__rules over it: the figures, how often
// each was drawn and when (ms after the module started), its problems. None of it is in the
// site players get.
import { startRulesPage, events } from '../app/rules-page/page.js';

const hook = window.__rules = { ready: false, figures: [], draws: {}, errors: [], startedAt: performance.now(),
  firstDrawnAt: null, allDrawnAt: null };
events.on('drawn', (id) => {
  hook.draws[id] = (hook.draws[id] || 0) + 1;
  if (hook.firstDrawnAt === null) hook.firstDrawnAt = performance.now();
});
events.on('all-drawn', () => { hook.allDrawnAt = performance.now(); });
const r = await startRulesPage();
if (r.error) hook.errors.push(r.error);
else {
  hook.errors.push(...r.problems);
  hook.figures = r.figures;
  hook.ready = true;
}
