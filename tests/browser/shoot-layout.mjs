// The page at the six window sizes, for docs/img/ (not a test): a first visit (the welcome),
// a 150-ply game with an offer of a draw to answer, a lesson and a puzzle at each size, each
// PNG downscaled to at most 640 px wide and quantised with pngquant; on a phone, also the
// toolbar's sheet of the game's actions; where the three boards are the window's view, the
// focus view chosen with its button (focus-WxH). The game's last move is
// a check across levels (Scarlet's Griffon on 2h2 checks Gold's King on 3g1) and Gold's
// Dragon on 3h3 is selected: its capture from afar of the Griffon is marked (red sights).
//   node tests/browser/shoot-layout.mjs [outdir (default docs/img)] [WxH ...]
// Needs the test build of the site (scripts/build-site --test) and pngquant.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startServer, launchBrowser, waitReady, frames, randomGame, saveGame } from './helpers.mjs';

const out = process.argv[2] || 'docs/img';
const sizes = process.argv.slice(3).length
  ? process.argv.slice(3)
  : ['1920x1080', '1280x720', '390x844', '844x390', '820x1180', '1180x820'];
fs.mkdirSync(out, { recursive: true });

const [server, browser, moves] = await Promise.all([startServer(), launchBrowser(), randomGame(150, 1975)]);
// small PNGs: the window's pixels at 1 CSS px, at most 640 px wide, 64 colours
async function shot(page, name, width) {
  await frames(page, 3);
  const file = path.join(out, `${name}.png`);
  const scale = Math.min(1, 640 / width);
  await page.screenshot({ path: file, scale: 'css' });
  if (scale < 1) {
    // downscale in the page: draw the screenshot into a smaller canvas
    const b64 = fs.readFileSync(file).toString('base64');
    const small = await page.evaluate(
      async ([data, s]) => {
        const img = new Image();
        img.src = 'data:image/png;base64,' + data;
        await img.decode();
        const c = document.createElement('canvas');
        c.width = Math.round(img.width * s);
        c.height = Math.round(img.height * s);
        const g = c.getContext('2d');
        g.imageSmoothingQuality = 'high';
        g.drawImage(img, 0, 0, c.width, c.height);
        return c.toDataURL('image/png').split(',')[1];
      },
      [b64, scale],
    );
    fs.writeFileSync(file, Buffer.from(small, 'base64'));
  }
  execFileSync('pngquant', ['--force', '--skip-if-larger', '--strip', '--ext', '.png', '64', file], {
    stdio: 'ignore',
  });
  console.log(file, fs.statSync(file).size, 'bytes');
}

try {
  for (const s of sizes) {
    const [width, height] = s.split('x').map(Number);
    const phone = width < 760 || height < 500;
    const open = (welcomed) =>
      browser.page({
        width,
        height,
        isMobile: phone,
        hasTouch: phone,
        deviceScaleFactor: phone ? 2 : 1,
        welcomed,
        view: null, // the window's own view: the focus view on phones and upright tablets
      });
    let p = await open(false);
    await p.page.goto(server.url);
    await waitReady(p.page, { engine: false });
    await p.page.waitForFunction(() => document.getElementById('dlg-welcome').open);
    await shot(p.page, `welcome-${s}`, width);
    await p.close();

    p = await open(true);
    await p.page.goto(server.url + 'favicon.svg');
    await saveGame(p.page, { moves, level: 1 });
    await p.page.goto(server.url);
    await waitReady(p.page, { engine: false });
    await p.page.evaluate(() => document.querySelector('[data-offer="draw"]').click());
    const dragonAt = () =>
      p.page.evaluate(() => {
        const app = document.getElementById('app');
        app.scrollTop = 0;
        return window.__dc.squarePoint('3h3');
      });
    // the focus view: the Sky into focus first (a tap on its mini-map)
    const g = await p.page.evaluate(() => window.__dc.geometry());
    if (g.arrangement === 'focus' && g.focus !== 3) {
      const mini = await dragonAt();
      await p.page.mouse.click(mini.x, mini.y);
      await p.page.waitForFunction(() => window.__dc.geometry().focus === 3);
      await frames(p.page, 12); // the slide
    }
    const dragon = await dragonAt();
    await p.page.mouse.click(dragon.x, dragon.y);
    await p.page.waitForFunction(() => window.__dc.state().selected === '3h3');
    await p.page.mouse.move(1, 1); // no piece name under the pointer
    // a phone: the Dragon and the Griffon it can take from afar in view under the status line
    await p.page.evaluate(() => {
      const app = document.getElementById('app'),
        strip = document.getElementById('status-strip');
      app.scrollTop = 0;
      if (!document.body.classList.contains('layout-phone')) return;
      const a = window.__dc.squarePoint('3h3'),
        b = window.__dc.squarePoint('2h2'),
        r = app.getBoundingClientRect();
      const top = r.top + strip.offsetHeight + 30,
        bottom = r.bottom - 30;
      if (a.y < top || b.y > bottom) app.scrollTop += (a.y + b.y) / 2 - (top + bottom) / 2;
    });
    await shot(p.page, `game-${s}`, width);
    // where the three boards are the window's view, the focus view chosen with its button
    if (g.arrangement !== 'focus') {
      await p.page.click('#btn-view');
      await p.page.waitForFunction(() => window.__dc.geometry().arrangement === 'focus');
      await p.page.evaluate(() => window.__dc.board().set({ focus: 3 }));
      await p.page.mouse.move(1, 1);
      await shot(p.page, `focus-${s}`, width);
      await p.page.click('#btn-view');
      await p.page.waitForFunction(() => window.__dc.geometry().arrangement !== 'focus');
    }
    await p.page.keyboard.press('Escape');
    // a phone: the Game button (of the toolbar; turned, in the focus view, of the column
    // beside the level in play) and its sheet of the game's actions
    if (await p.page.evaluate(() => /layout-(phone|low)/.test(document.body.className))) {
      // (turned, the offer to answer may lie over the toolbar: the button is pressed from here)
      await p.page.evaluate(() => document.querySelector('[data-act="actions"]').click());
      await p.page.waitForFunction(() => document.getElementById('dlg-actions').open);
      await shot(p.page, `actions-${s}`, width);
      await p.page.keyboard.press('Escape');
    }
    await p.page.evaluate(() => window.__dc.learn.enter('lessons', 'afar'));
    await p.page.waitForFunction(() => window.__dc.learn.lesson()?.id === 'afar');
    await shot(p.page, `lesson-${s}`, width);
    await p.page.evaluate(() => window.__dc.learn.enter('puzzles'));
    await p.page.waitForFunction(() => window.__dc.learn.puzzle() !== null);
    await shot(p.page, `puzzle-${s}`, width);
    await p.close();
  }
} finally {
  await browser.close();
  await server.close();
}
