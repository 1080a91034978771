// Takes screenshots of the page for a person to look at (not a test):
//   node tests/browser/shoot.mjs [outdir] [WxH ...]
// Each size gets <outdir>/page-WxH.png of the start position; with SHOOT_MOVES=1 also a
// game in progress with a piece selected.
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launch, openGame, clickSquare, watchErrors } from './helpers.mjs';

const out = process.argv[2] || '/tmp/dc-shots';
const sizes = process.argv.slice(3).length ? process.argv.slice(3) : ['1400x800', '400x800'];
fs.mkdirSync(out, { recursive: true });
const server = await startServer();
try {
  for (const s of sizes) {
    const [width, height] = s.split('x').map(Number);
    const phone = width < 700;
    const b = await launch({
      width,
      height,
      deviceScaleFactor: phone ? 2 : 1,
      isMobile: phone,
      hasTouch: phone,
    });
    const errors = watchErrors(b.page);
    await openGame(b.page, server.url);
    if (process.env.SHOOT_SCRIPT) {
      const fn = (await import(path.resolve(process.env.SHOOT_SCRIPT))).default;
      await fn(b.page, { clickSquare });
    }
    await b.page.waitForTimeout(300);
    const file = path.join(out, `page-${s}.png`);
    await b.page.screenshot({ path: file, fullPage: !!process.env.FULL });
    console.log(file, errors.length ? 'ERRORS: ' + errors.join(' | ') : '');
    await b.close();
  }
} finally {
  await server.close();
}
