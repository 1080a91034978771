// The accessibility audit: axe-core over the game page as it opens and with each of its
// dialogs and panels open, the lessons, the puzzles, the piece card, embeds with several
// option sets and the embed gallery (axe-audit.mjs lists them), at 1280x720 and on a 390x844
// phone. Any serious or critical violation fails, named with its nodes; moderate and minor
// ones are printed. axe-counts.mjs prints the counts of each impact (docs/figures.md).
// The two window sizes are two test files (axe-desktop.test.mjs, axe-phone.test.mjs), so
// that the browser stage runs them side by side and each stays within its time limit.
// Run: node --test tests/browser/axe-desktop.test.mjs tests/browser/axe-phone.test.mjs
//      (build the site first: scripts/build-site --test)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser } from './helpers.mjs';
import { STATES, describe, stateAuditor } from './axe-audit.mjs';

/** Registers the audit's tests of every state at each of `viewports`. */
export function auditTests(viewports) {
  const shared = serverAndBrowser();

  for (const viewport of viewports) {
    let auditor; // made by the first test, once the browser is up
    for (const [i, state] of STATES.entries()) {
      test(`${state.name} at ${viewport.width}x${viewport.height}: no serious or critical violation`, async (t) => {
        auditor ??= stateAuditor(shared.browser, viewport, shared.server.url);
        const { violations, errors } = await auditor.auditState(i);
        for (const v of violations.filter((x) => x.impact === 'moderate' || x.impact === 'minor'))
          t.diagnostic(describe(v));
        const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        assert.equal(
          bad.length,
          0,
          `${bad.length} serious or critical violations:\n  ${bad.map(describe).join('\n  ')}`,
        );
        assert.deepEqual(
          errors.filter((e) => !/favicon/.test(e)),
          [],
        );
      });
    }
  }
}
