// Screenshots of a long game for a person to look at (not a test): two players on a 10+5
// clock, 30 and more pieces taken (its last position on view), the analysis open and the
// game reviewed in part.
//   node tests/browser/shoot-review.mjs [outdir] [WxH ...]   (build the test site first)
// docs/img/review-1280x720.png and review-1920x1080.png are made with it (docs/page.md).
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launch, openGame, watchErrors, randomGame } from './helpers.mjs';

const out = process.argv[2] || '/tmp/dc-shots';
const sizes = process.argv.slice(3).length ? process.argv.slice(3) : ['1280x720', '1920x1080'];
const REVIEWED = 40; // positions reviewed before the review is stopped (the whole takes minutes)
fs.mkdirSync(out, { recursive: true });
const moves = await randomGame(480, 11); // random legal moves: about 30 captures in 480 plies
const server = await startServer();
try {
  for (const s of sizes) {
    const [width, height] = s.split('x').map(Number);
    const b = await launch({ width, height });
    try {
      const errors = watchErrors(b.page);
      const page = b.page;
      await openGame(page, server.url + '#moves=' + moves.join('.') + '&tc=10+5');
      const taken = await page.evaluate(() => window.__dc.algebraic().filter((a) => a.includes('x')).length);
      await page.keyboard.press('a');
      await page.evaluate(() => document.getElementById('an-review-start').click());
      await page.waitForFunction((n) => window.__dc.analysis.review.state.done >= n, REVIEWED);
      await page.evaluate(() => document.querySelector('[data-an="stopreview"]').click());
      await page.waitForFunction(() => window.__dc.analysis.review.state.status === 'stopped');
      const judged = await page.evaluate(() =>
        window.__dc.analysis.review.state.judgements.filter((j) => j.kind).map((j) => j.ply),
      );
      // the last position: every piece taken on view beside the players, the analysis open
      await page.evaluate(
        (ply) => document.querySelector(`#moves [data-ply="${ply}"]`).click(),
        moves.length,
      );
      await page.waitForTimeout(500);
      const file = path.join(out, `review-${s}.png`);
      await page.screenshot({ path: file });
      console.log(`${file}: ${moves.length} plies, ${taken} captures, ${judged.length} judged moves`);
      if (errors.length) console.log('errors:', errors);
    } finally {
      await b.close();
    }
  }
} finally {
  await server.close();
}
