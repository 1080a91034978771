// embed.html: move diagrams (checked by squares and against a reviewed screenshot), small
// frames, level subsets, broken links, interaction, nothing stored.
// Run: cd tests/browser && node --test embed.test.mjs   (build the site first)
// UPDATE_REFERENCE=1 rewrites tests/browser/reference/*.png (review them before committing).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, launch, watchErrors, decodePng, encodePng, comparePng, frames } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const REF = path.join(here, 'reference');

// Position strings of one piece plus the two Kings out of the way (24 ranks: level 3 rank
// 8 first). Dragon on 3f4, Kings on 1a1 / 1l8.
const DRAGON_FEN = '12/12/12/12/5R6/12/12/12/12/12/12/12/12/12/12/12/11k/12/12/12/12/12/12/K11 g 0 1';
const WARRIOR_FEN = '12/12/12/12/12/12/12/12/12/12/12/12/5W6/12/12/12/11k/12/12/12/12/12/12/K11 g 0 1';
const h = (fen) => fen.replace(/ /g, '_');

let server, browser, errors;
test.before(async () => {
  server = await startServer();
  browser = await launch({ width: 800, height: 600, welcomed: false }); // embeds only: nothing stored beforehand
  errors = watchErrors(browser.page);
});
test.after(async () => {
  await browser?.close();
  await server?.close();
});

async function openEmbed(page, hash, { pieces = true } = {}) {
  await page.goto('about:blank');
  await page.goto(server.url + 'embed.html' + hash);
  await page.waitForFunction(() => window.__embed && (window.__embed.ready || window.__embed.failed));
  const failed = await page.evaluate(() => window.__embed.failed);
  assert.equal(failed, undefined, `embed failed to start: ${failed}`);
  if (pieces) await page.waitForFunction(() => window.__embed.piecesReady);
}
const state = (page) => page.evaluate(() => window.__embed.state());
const message = (page) =>
  page.evaluate(() =>
    document.getElementById('msg').hidden ? null : document.getElementById('msg-text').textContent,
  );

async function clickSquare(page, name) {
  const p = await page.evaluate((n) => window.__embed.squarePoint(n), name);
  assert.ok(p, `no point for ${name}`);
  await page.mouse.click(p.x, p.y);
}

function compareWithReference(file, png, maxRatio = 0.01) {
  const ref = path.join(REF, file);
  if (process.env.UPDATE_REFERENCE || !fs.existsSync(ref)) {
    fs.mkdirSync(REF, { recursive: true });
    fs.writeFileSync(ref, png);
    if (!process.env.UPDATE_REFERENCE)
      assert.fail(`${ref} did not exist: written now, review it and run again`);
    return;
  }
  const r = comparePng(decodePng(fs.readFileSync(ref)), decodePng(png));
  if (r.sizeMismatch) assert.fail(`${file}: size differs from the reference`);
  if (r.ratio > maxRatio) {
    const out = path.join(here, 'test-results');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, file.replace('.png', '-actual.png')), png);
    fs.writeFileSync(path.join(out, file.replace('.png', '-diff.png')), encodePng(r.diff));
    assert.fail(
      `${file}: ${(r.ratio * 100).toFixed(2)}% of the pixels differ (at most ${maxRatio * 100}%); see ${out}`,
    );
  }
}

test('the Dragon move diagram: squares of every kind, on both levels it reaches', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 760, height: 300 });
  await openEmbed(page, `#fen=${h(DRAGON_FEN)}&show=3f4&level=3,2&interactive=0`);
  const s = await state(page);
  const d = s.diagram;
  assert.equal(d.piece, 'R');
  assert.deepEqual(d.afar, ['2f3', '2e4', '2f4', '2g4', '2f5']);
  // bishop slides and orthogonal steps on level 3: all move-or-capture
  for (const sq of ['3e4', '3g4', '3f3', '3f5', '3c1', '3b8', '3j8', '3i1'])
    assert.ok(d.both.includes(sq), sq);
  assert.ok(!d.both.includes('3f6') && !d.both.includes('3d4'), 'no two-step orthogonal move');
  assert.equal(d.move.length + d.capture.length, 0);
  assert.equal(s.marks.selected, '3f4');
  assert.deepEqual(s.marks.afar.slice(0, 5), ['2f3', '2e4', '2f4', '2g4', '2f5']);
  assert.equal(s.views, 1, 'levels 3 and 2: one board component');
  assert.equal(await page.locator('canvas').count(), 1, 'one canvas');
  assert.equal(await page.evaluate(() => window.__embed.squarePoint('1a1')), null, 'level 1 is not shown');
  const caption = await page.textContent('#caption');
  assert.match(caption, /Gold Dragon on 3f4/);
  assert.match(caption, /capture from afar/);
  await frames(page, 3); // what the board was handed is drawn
  compareWithReference('embed-dragon.png', await page.screenshot());
});

test('the Warrior: moves, capture-only squares distinguished; a static picture ignores clicks', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 420, height: 300 });
  await openEmbed(page, `#fen=${h(WARRIOR_FEN)}&show=2f4&level=2&interactive=0`);
  const s = await state(page);
  assert.deepEqual(s.diagram.move, ['2f5']);
  assert.deepEqual(s.diagram.capture, ['2e5', '2g5']);
  assert.deepEqual(s.diagram.both, []);
  assert.deepEqual(s.marks.move.slice(0, 1), ['2f5']);
  assert.deepEqual(s.marks.capture.slice(0, 2), ['2e5', '2g5']);
  assert.equal(await page.evaluate(() => window.__embed.squarePoint('3a1')), null, 'level 3 is not shown');
  await clickSquare(page, '2f5');
  assert.equal((await state(page)).moves.length, 0, 'interactive=0: nothing played');
  compareWithReference('embed-warrior.png', await page.screenshot());
});

test('fits a small iframe without scrollbars, any aspect', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 800, height: 600 });
  for (const [w, hgt, hash] of [
    [240, 200, '#show=2c2'],
    [200, 340, '#level=2&show=2c2'],
    [700, 130, ''],
  ]) {
    // A host page of the site's origin (served by the route below) holding the frame.
    const host = server.url + `__host-${w}x${hgt}.html`;
    await page.route(host, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><body style="margin:0"><iframe id="f" style="border:0;width:${w}px;height:${hgt}px"
        src="embed.html${hash}"></iframe></body>`,
      }),
    );
    await page.goto(host);
    const frame = await (await page.$('#f')).contentFrame();
    await frame
      .waitForFunction(() => window.__embed && window.__embed.ready && window.__embed.piecesReady, null, {
        timeout: 20000,
        polling: 100,
      })
      .catch(async (e) => {
        const st = await frame
          .evaluate(() =>
            JSON.stringify({
              href: location.href,
              e: window.__embed && window.__embed.state(),
              f: window.__embed && window.__embed.failed,
            }),
          )
          .catch((x) => x.message);
        throw new Error(`${w}x${hgt} ${hash}: ${e.message} ${st}`);
      });
    await frames(frame, 3); // laid out and drawn in the frame
    const m = await frame.evaluate(() => {
      const d = document.documentElement,
        c = document.querySelector('canvas').getBoundingClientRect();
      const p = window.__embed.squarePoint('2c2');
      return {
        sw: d.scrollWidth,
        cw: d.clientWidth,
        sh: d.scrollHeight,
        ch: d.clientHeight,
        bodySh: document.body.scrollHeight,
        canvasW: c.width,
        canvasH: c.height,
        p,
        iw: innerWidth,
        ih: innerHeight,
      };
    });
    assert.ok(
      m.sw <= m.cw && m.sh <= m.ch && m.bodySh <= m.ih,
      `${w}x${hgt}: scrolls (${JSON.stringify(m)})`,
    );
    assert.ok(m.canvasW > 0 && m.canvasH > 0, 'a canvas is drawn');
    assert.ok(
      m.p && m.p.x > 0 && m.p.x < m.iw && m.p.y > 0 && m.p.y < m.ih,
      `${w}x${hgt}: 2c2 is inside the frame`,
    );
  }
});

test('broken links: a clear message and a usable board', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 640, height: 320 });
  const cases = [
    ['#moves=<script>alert(1)</script>', /could not be read.*do not belong/],
    ['#moves=2c22c3%E0%A4', /could not be read.*%-escape/],
    ['#moves=2c22c3.hello', /could not be read.*move 2/],
    ['#g=AB', /could not be read.*cut short/],
    ['#' + 'x'.repeat(9000), /too long/],
    ['#fen=12/12_g_0_1', /position is not valid.*24 ranks/],
    ['#moves=2c22c3.2c22c4', /Move 2 .*2c22c4.*cannot be played/],
    ['#show=9z9', /'show' should be a square/],
    ['#show=2f5', /no piece on 2f5/],
    ['#level=4', /'level' should be/],
    // every bad part is named, not only the first
    [
      '#show=9z9&layout=diagonal&theme=pink&moves=2c22c9&flip=2',
      /could not be read.*move 1.*'2c22c9'.*'flip' should be 0 or 1, not '2'.*'layout' should be .*not 'diagonal'.*'theme' should be light or dark, not 'pink'.*'show' should be a square.*not '9z9'/,
    ],
  ];
  for (const [hash, re] of cases) {
    await openEmbed(page, hash, { pieces: false });
    const msg = await message(page);
    assert.ok(msg, `${hash.slice(0, 40)}: no message`);
    assert.match(msg, re, hash.slice(0, 40));
    assert.ok(
      !(await page.evaluate(() => document.querySelector('#msg script, #msg img'))),
      'no markup from the link',
    );
    const s = await state(page);
    // the board works: select a Gold Warrior (it is Gold's move in every case here but one)
    if (s.fen.includes(' g ')) {
      await clickSquare(page, '2e2');
      const s2 = await state(page);
      assert.equal(s2.selected, '2e2', `${hash.slice(0, 40)}: the board does not respond`);
      await clickSquare(page, '2e3');
      assert.equal((await state(page)).moves.at(-1), '2e22e3');
    }
  }
  // the partly valid game shows the position before the bad move
  await openEmbed(page, '#moves=2c22c3.2c72c6.2c32c5', { pieces: false });
  assert.match(await message(page), /Move 3 .*Showing the position after move 2/);
  assert.deepEqual((await state(page)).moves, ['2c22c3', '2c72c6']);
  // dismissing the message
  await page.click('#msg-close');
  assert.equal(await message(page), null);
  assert.deepEqual(errors, [], 'no errors on the console');
});

test("interactive: a click shows any piece's diagram, legal moves can be played, reset restores", async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 800, height: 320 });
  await openEmbed(page, '#moves=2c22c3');
  assert.equal(await page.isHidden('#cap-reset'), true);
  // Scarlet to move: a Scarlet Warrior's diagram, then its move
  await clickSquare(page, '2d7');
  let s = await state(page);
  assert.equal(s.diagram.piece, 'w');
  assert.deepEqual(s.diagram.move, ['2d6']);
  await clickSquare(page, '2d6');
  s = await state(page);
  assert.deepEqual(s.moves, ['2c22c3', '2d72d6']);
  assert.deepEqual(s.marks.last, ['2d7', '2d6']);
  // a Gold piece that is not to move... Gold is to move now; a Scarlet piece only shows
  await clickSquare(page, '3g8');
  s = await state(page);
  assert.equal(s.diagram.piece, 'r');
  await clickSquare(page, '3f7');
  assert.deepEqual((await state(page)).moves, ['2c22c3', '2d72d6'], "not the Dragon's turn");
  // drag a Gold Warrior
  const a = await page.evaluate(() => window.__embed.squarePoint('2e2'));
  const b = await page.evaluate(() => window.__embed.squarePoint('2e3'));
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 5, a.y + 5, { steps: 2 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
  assert.deepEqual((await state(page)).moves, ['2c22c3', '2d72d6', '2e22e3']);
  // the open link carries the game
  const href = await page.getAttribute('#cap-open', 'href');
  assert.match(href, /index\.html|\/#moves=2c22c3\.2d72d6\.2e22e3$/);
  await page.click('#cap-reset');
  assert.deepEqual((await state(page)).moves, ['2c22c3']);
  assert.equal(await page.isHidden('#cap-reset'), true);
});

test('flip, dark theme, query string instead of hash', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 700, height: 300 });
  await openEmbed(page, '#flip=1&theme=dark&show=2c2&caption=0');
  const p1 = await page.evaluate(() => window.__embed.squarePoint('2c1'));
  const p8 = await page.evaluate(() => window.__embed.squarePoint('2c8'));
  assert.ok(p1.y < p8.y, 'flipped: rank 1 on top');
  assert.equal(await page.isHidden('#caption'), true);
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
  await page.goto('about:blank');
  await page.goto(server.url + 'embed.html?show=2c2&level=2');
  await page.waitForFunction(() => window.__embed && window.__embed.ready);
  const s = await state(page);
  assert.equal(s.selected, '2c2');
  assert.deepEqual(s.levels, [2]);
});

test("sideways boards: Gold's rank 1 at the left, files a..l downwards (flipped: Scarlet's); clicks reach the squares", async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 320, height: 200 });
  for (const flip of [false, true]) {
    await openEmbed(page, `#fen=${h(DRAGON_FEN)}&show=3f4&layout=sideways${flip ? '&flip=1' : ''}`);
    const s = await state(page);
    assert.equal(s.layout.arrangement, 'sideways');
    assert.equal(s.layout.boards[0].width / s.layout.square, 8, 'eight squares across');
    assert.equal(s.layout.boards[0].height / s.layout.square, 12, 'twelve down');
    const p = async (n) => page.evaluate((n) => window.__embed.squarePoint(n), n);
    const [a1, a8, l1] = [await p('3a1'), await p('3a8'), await p('3l1')];
    assert.ok(flip ? a8.x < a1.x : a1.x < a8.x, `rank ${flip ? 8 : 1} at the left`);
    assert.ok(flip ? l1.y < a1.y : a1.y < l1.y, `file ${flip ? 'l' : 'a'} at the top`);
    assert.ok(Math.abs(a1.y - a8.y) < 1, 'a rank runs across');
    // a click on 3g5 (a Dragon's move) selects nothing but the Dragon's square stays; a click on
    // the Dragon's own square deselects: squareAt maps the turned board back
    await clickSquare(page, '3f4');
    assert.equal((await state(page)).selected, null, 'the Dragon clicked again: deselected');
    await clickSquare(page, '3f4');
    assert.equal((await state(page)).selected, '3f4');
  }
});

test('levels: those the diagram needs, more when a clicked piece needs them; level= fixes them', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 640, height: 320 });
  // a Warrior on 2f4 (its diagram: level 2 only), a Cleric on 2c1, the Kings on level 1
  const fen = WARRIOR_FEN.replace('12/12/12/11k', '12/12/2C9/11k');
  await openEmbed(page, `#fen=${h(fen)}&show=2f4`);
  assert.deepEqual((await state(page)).levels, [2]);
  await clickSquare(page, '2c1'); // the Cleric goes up and down: Sky and Underworld come in
  const s = await state(page);
  assert.equal(s.diagram.piece, 'C');
  assert.deepEqual(s.levels, [3, 2, 1]);
  // the example of docs/links-and-embeds.md: Sky and Ground, no empty Underworld
  await openEmbed(
    page,
    '#fen=12/12/12/12/2R9/12/12/12/11k/12/12/12/12/12/12/K11/12/12/12/12/12/12/12/12_g_0_1&show=3c4&interactive=0',
  );
  assert.deepEqual((await state(page)).levels, [3, 2]);
  // level= is the author's: kept whatever is clicked
  await openEmbed(page, `#fen=${h(fen)}&show=2f4&level=2`);
  await clickSquare(page, '2c1');
  assert.deepEqual((await state(page)).levels, [2]);
});

test("the docs' embed example at 320x200: Sky and Ground turned sideways, 16 px squares (its picture in docs/links-and-embeds.md)", async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 320, height: 200 });
  await openEmbed(
    page,
    '#fen=12/12/12/12/2R9/12/12/12/11k/12/12/12/12/12/12/K11/12/12/12/12/12/12/12/12_g_0_1&show=3c4&interactive=0',
  );
  const s = await state(page);
  assert.deepEqual(s.levels, [3, 2]);
  assert.equal(s.layout.arrangement, 'sideways');
  assert.ok(s.layout.square >= 16, `${s.layout.square} px`);
  await frames(page, 3); // what the board was handed is drawn
  compareWithReference('embed-320x200.png', await page.screenshot());
});

test('nothing is stored: no cookies, no localStorage, no sessionStorage', async () => {
  const { page, context } = browser;
  await openEmbed(page, '#show=2c2');
  await clickSquare(page, '2c3');
  const stored = await page.evaluate(() => ({
    local: localStorage.length,
    session: sessionStorage.length,
    cookie: document.cookie,
  }));
  assert.deepEqual(stored, { local: 0, session: 0, cookie: '' });
  assert.deepEqual(await context.cookies(), []);
});

test('the gallery: a diagram for each of the 15 pieces, with copyable snippets', async () => {
  const { page } = browser;
  await page.setViewportSize({ width: 1300, height: 900 });
  await page.goto(server.url + 'embed-example.html');
  const cards = await page.$$eval('.card', (cs) =>
    cs.map((c) => ({
      src: c.querySelector('.diagram').dataset.src,
      snippet: c.querySelector('.snippet code').textContent,
      title: c.querySelector('h2').textContent,
    })),
  );
  assert.equal(cards.length, 15);
  const letters = new Set();
  for (const c of cards) {
    assert.match(c.snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html#fen=/);
    await openEmbed(page, c.src.replace(/^embed\.html/, ''), { pieces: false });
    const s = await state(page);
    assert.equal(await message(page), null, `${c.title}: ${await message(page)}`);
    const d = s.diagram;
    assert.ok(d, `${c.title}: no diagram`);
    letters.add(d.piece);
    assert.ok(
      d.move.length + d.capture.length + d.both.length + d.afar.length > 0,
      `${c.title}: an empty diagram`,
    );
  }
  assert.equal([...letters].sort().join(''), 'BCDEGHKMOPRSTUW');
});
