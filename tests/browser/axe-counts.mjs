// The accessibility audit's counts (docs/figures.md): for each page and state of
// axe-audit.mjs at each window size, the number of axe-core rules violated by impact
// (critical, serious, moderate, minor) and the nodes concerned. --list names each violation.
// Run: node tests/browser/axe-counts.mjs [--list]   (build the site first: scripts/build-site --test)
import { startServer, launchBrowser } from './helpers.mjs';
import { STATES, VIEWPORTS, IMPACTS, describe, stateAuditor } from './axe-audit.mjs';

const list = process.argv.includes('--list');
const server = await startServer();
const browser = await launchBrowser();
try {
  console.log(`| page / state | window | ${IMPACTS.join(' | ')} |`);
  console.log(`|---|---|${IMPACTS.map(() => '---:').join('|')}|`);
  for (const viewport of VIEWPORTS) {
    const auditor = stateAuditor(browser, viewport, server.url);
    for (const [i, state] of STATES.entries()) {
      const { violations, counts } = await auditor.auditState(i);
      const cell = (k) => {
        const nodes = violations.filter((v) => v.impact === k).reduce((n, v) => n + v.targets.length, 0);
        return counts[k] ? `${counts[k]} (${nodes})` : '0';
      };
      console.log(
        `| ${state.name} | ${viewport.width}x${viewport.height} | ${IMPACTS.map(cell).join(' | ')} |`,
      );
      if (list) for (const v of violations) console.log(`  ${describe(v).replace(/\n/g, '\n  ')}`);
    }
    await auditor.close();
  }
} finally {
  await browser.close();
  await server.close();
}
