// The accessibility audit's counts (docs/figures.md): for each page and state of
// axe-audit.mjs at each window size, the number of axe-core rules violated by impact
// (critical, serious, moderate, minor) and the nodes concerned. --list names each violation.
// Run: node tests/browser/axe-counts.mjs [--list]   (build the site first: scripts/build-site --test)
import { startServer, launchBrowser } from './helpers.mjs';
import { STATES, VIEWPORTS, IMPACTS, audit, describe } from './axe-audit.mjs';

const list = process.argv.includes('--list');
const server = await startServer();
const browser = await launchBrowser();
try {
  console.log(`| page / state | window | ${IMPACTS.join(' | ')} |`);
  console.log(`|---|---|${IMPACTS.map(() => '---:').join('|')}|`);
  for (const state of STATES) {
    for (const viewport of VIEWPORTS) {
      const tab = await browser.page({ ...viewport, welcomed: state.welcomed !== false });
      try {
        await state.open(tab.page, server.url);
        const { violations, counts } = await audit(tab.page);
        const cell = (i) => {
          const nodes = violations.filter((v) => v.impact === i).reduce((n, v) => n + v.targets.length, 0);
          return counts[i] ? `${counts[i]} (${nodes})` : '0';
        };
        console.log(
          `| ${state.name} | ${viewport.width}x${viewport.height} | ${IMPACTS.map(cell).join(' | ')} |`,
        );
        if (list) for (const v of violations) console.log(`  ${describe(v).replace(/\n/g, '\n  ')}`);
      } finally {
        await tab.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
