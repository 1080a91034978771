// The rough edges of the desktop page a newcomer met (issue 47): the name of a selected piece
// covers no destination and no board's label; the clocks keep their places however many
// pieces are taken.
// Run: cd tests/browser && node --test desktop-edges.test.mjs   (build the site first)
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  serverAndBrowser,
  openGame,
  clickSquare,
  squarePoint,
  frames,
  watchErrors,
  withPage,
  randomGame,
} from './helpers.mjs';
import { cutText, crowded } from './panel-checks.mjs';

const shared = serverAndBrowser(); // the file's server and browser; each test's window a context

const overlaps = (a, b) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

// The rectangles (viewport px) of what must stay on view while a piece is selected: its
// destinations and the boards' labels (level titles, coordinates), as the renderer drew them.
const marked = (page, from) =>
  page.evaluate((from) => {
    const b = window.__dc.board(),
      c = b.canvas.getBoundingClientRect();
    const num = (s) => (+s[0] - 1) * 96 + (+s.slice(2) - 1) * 12 + 'abcdefghijkl'.indexOf(s[1]);
    const dests = window.__dc
      .legalMoves()
      .filter((m) => m.slice(0, 3) === from)
      .map((m) => ({ what: m.slice(3, 6), ...b.squareRect(num(m.slice(3, 6))) }));
    const labels = b.labels().map((l) => ({
      what: `label ${l.text}`,
      x: c.left + l.x,
      y: c.top + l.y,
      width: l.width,
      height: l.height,
    }));
    return [...dests, ...labels];
  }, from);

for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
]) {
  test(`${width}x${height}: the name of a selected piece covers none of its destinations, no label`, async () => {
    const b = await shared.browser.page({ width, height });
    const errors = watchErrors(b.page);
    try {
      const { page } = b;
      await openGame(page, shared.server.url, { engine: false });
      // the Warrior on 2f2 (its one step, 2f3, is just above it), a Sylph, a Griffon, a Hero,
      // a Unicorn: each selected, the mouse resting on it
      for (const sq of ['2f2', '2c2', '3c1', '3a2', '2c1', '2b1']) {
        await clickSquare(page, sq);
        const p = await squarePoint(page, sq);
        await page.mouse.move(p.x + 1, p.y + 1);
        await page.waitForFunction(() => window.__dc.learn.tip() !== null);
        await frames(page);
        const tip = await page.locator('.piece-tip').boundingBox();
        const keep = await marked(page, sq);
        assert.ok(
          keep.some((k) => !k.what.startsWith('label')),
          `${sq} has destinations`,
        );
        for (const k of keep)
          assert.ok(
            !overlaps(tip, k),
            `the name of ${sq} ${JSON.stringify(tip)} covers ${k.what} ${JSON.stringify(k)}`,
          );
        assert.ok(tip.y >= 0 && tip.y + tip.height <= height && tip.x >= 0 && tip.x + tip.width <= width);
        await page.keyboard.press('Escape');
      }
      assert.deepEqual(errors, []);
    } finally {
      await b.close();
    }
  });
}

// A long game on a 10+5 clock (random legal moves: 30 and more pieces taken), looked at from
// its first position to its last at two window sizes (one page, resized): each clock stays
// where it was, the two in one column, and every piece taken is on view.
test('the clocks keep their places as the captures grow (1280x720, 1920x1080)', async () => {
  const moves = await randomGame(480, 11);
  const b = await shared.browser.page({ width: 1280, height: 720 });
  const errors = watchErrors(b.page);
  try {
    const { page } = b;
    await openGame(page, shared.server.url + '#moves=' + moves.join('.') + '&tc=10+5', { engine: false });
    const taken = await page.evaluate(() => window.__dc.algebraic().filter((a) => a.includes('x')).length);
    assert.ok(taken >= 30, `${taken} pieces taken`);
    const look = () =>
      page.evaluate(() =>
        ['gold', 'scarlet'].map((side) => {
          const c = document.querySelector(`.player [data-clock="${side}"]`).getBoundingClientRect();
          const mat = document.querySelector(`.player[data-side="${side}"] .player-mat`);
          return {
            side,
            x: c.x,
            y: c.y,
            right: c.right,
            shown: c.width > 0,
            caps: [...mat.querySelectorAll('.cap')].length,
            hidden: mat.scrollWidth - mat.clientWidth,
          };
        }),
      );
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ]) {
      await page.setViewportSize({ width, height });
      await page.keyboard.press('Home');
      await frames(page, 4);
      const first = await look();
      for (const c of first) assert.ok(c.shown, `${width}x${height}: ${c.side}'s clock is shown`);
      assert.ok(Math.abs(first[0].right - first[1].right) < 0.5, `${width}x${height}: the clocks line up`);
      let most = 0;
      for (const ply of [120, 240, 360, moves.length]) {
        await page.evaluate((p) => document.querySelector(`#moves [data-ply="${p}"]`).click(), ply);
        await frames(page, 4);
        const now = await look();
        for (const [i, c] of now.entries()) {
          const was = first[i];
          assert.ok(
            Math.abs(c.x - was.x) < 0.5 && Math.abs(c.y - was.y) < 0.5,
            `${width}x${height}, ply ${ply}: ${c.side}'s clock moved from ${was.x},${was.y} to ${c.x},${c.y}`,
          );
          assert.ok(c.hidden <= 0, `${width}x${height}, ply ${ply}: ${c.side}'s captures are cut`);
          most = Math.max(most, c.caps);
        }
      }
      assert.ok(most >= 8, `${width}x${height}: ${most} kinds of piece taken by one side`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});

// Lessons: the list of lessons stays inside the window (it scrolls in its panel), and a
// lesson chosen from its end opens at its first lines, at 1920x1080 and 1280x720 (one page).
// In German, the longest of the languages: no word of the panel is cut.
test('lessons: the list inside the window; a lesson chosen opens at its top', async () => {
  const b = await shared.browser.page({ width: 1920, height: 1080 });
  const errors = watchErrors(b.page);
  try {
    const { page } = b;
    await openGame(page, shared.server.url, { engine: false });
    await page.evaluate(() => (document.documentElement.lang = 'de')); // as the language menu sets it
    await page.evaluate(() => window.__dc.learn.enter('lessons'));
    await page.waitForFunction(() => window.__dc.learn.mode() === 'lessons');
    const heading = JSON.parse(fs.readFileSync(path.join(ROOT, 'public/i18n/learn/de.json'), 'utf8'))[
      'lessons.heading'
    ];
    assert.equal(await page.locator('#learn-heading').textContent(), heading, 'the panel in German');
    for (const [width, height] of [
      [1920, 1080],
      [1280, 720],
    ]) {
      await page.setViewportSize({ width, height });
      await page.locator('[data-learn-act="lessons-list"]').click();
      await page.waitForSelector('.learn-list');
      await frames(page);
      const box = await page.evaluate(() => {
        const p = document.getElementById('learn-panel');
        const r = p.getBoundingClientRect();
        return {
          bottom: r.bottom,
          scrolls: p.scrollHeight > p.clientHeight,
          items: p.querySelectorAll('.learn-item').length,
        };
      });
      assert.ok(box.items > 10, `${box.items} lessons listed`);
      assert.deepEqual(await cutText(page, '#learn-panel'), [], `${width}x${height}: the list`);
      assert.ok(box.bottom <= height, `${width}x${height}: the panel ends at ${box.bottom}, past the window`);
      // the last lesson, scrolled to and chosen: the panel shows the lesson's title and task
      const last = page.locator('.learn-item').last();
      await last.scrollIntoViewIfNeeded();
      const id = await last.getAttribute('data-id');
      await last.click();
      await page.waitForFunction((id) => window.__dc.learn.lesson().id === id, id);
      await frames(page);
      const seen = await page.evaluate(() => {
        const p = document.getElementById('learn-panel').getBoundingClientRect();
        const t = document.getElementById('learn-title').getBoundingClientRect();
        const k = document.getElementById('learn-task').getBoundingClientRect();
        return { top: p.top, bottom: p.bottom, title: t.top, task: k.bottom };
      });
      assert.ok(
        seen.title >= seen.top && seen.task <= seen.bottom,
        `${width}x${height}: the lesson's first lines on view ${JSON.stringify(seen)}`,
      );
      assert.deepEqual(await cutText(page, '#learn-panel'), [], `${width}x${height}: a lesson`);
    }
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});

// A play-by-link game of 160 plies in each view, the link to send shown, then the analysis
// open: at 1280x720 and 1920x1080 (and 1180x820 in the focus view, whose column is narrowest
// there) no word of the side panel is cut, nor any move of the list; in the focus view no two
// controls overlap.
for (const view of ['three', 'focus']) {
  test(`${view} view: no word of the side panel cut; in the focus view no controls overlap`, async () => {
    const moves = await randomGame(160, 11);
    await withPage(shared.browser.page({ width: 1280, height: 720, view }), async ({ page, errors }) => {
      await openGame(page, shared.server.url + '#moves=' + moves.join('.') + '&play=link&to=g', {
        engine: false,
        pieces: false,
      });
      const sizes = [[1280, 720], [1920, 1080], ...(view === 'focus' ? [[1180, 820]] : [])];
      const look = async (what) => {
        for (const [width, height] of sizes) {
          await page.setViewportSize({ width, height });
          await frames(page, 4);
          const at = `${view} view, ${width}x${height}, ${what}`;
          assert.equal(
            await page.evaluate(() => document.body.classList.contains('side-narrow')),
            view === 'focus',
            `${at}: the focus view's narrow column`,
          );
          assert.deepEqual(await cutText(page), [], `${at}: words cut`);
          // every move of the list whole (it scrolls, so cutText leaves it out; a move too wide
          // for its column ends in "…")
          const movesCut = await page.evaluate(() =>
            [...document.querySelectorAll('#moves .mv')]
              .filter((e) => e.scrollWidth > e.clientWidth + 1)
              .map((e) => `${e.textContent} (${e.scrollWidth} > ${e.clientWidth} px)`),
          );
          assert.deepEqual(movesCut, [], `${at}: moves cut in the list`);
          if (view === 'focus') assert.deepEqual(await crowded(page), [], `${at}: controls crowded`);
        }
        await page.setViewportSize({ width: 1280, height: 720 });
        await frames(page, 4);
      };
      await look('a play-by-link game');
      // a move typed (the same in either view)
      const legal = await page.evaluate(() => window.__dc.legalMoves());
      await page.fill('#move-input', legal[0]);
      await page.press('#move-input', 'Enter');
      await page.waitForSelector('#send:not([hidden])');
      await look('the link to send shown');
      await page.evaluate(() => document.querySelector('[data-act="analyse"]').click());
      await page.waitForSelector('#analysis-card:not([hidden])');
      await page.waitForFunction(() => document.querySelectorAll('#analysis-card .an-line').length >= 3);
      await look('the analysis open');
      assert.deepEqual(errors, []);
    });
  });
}

// The embed gallery: its "click to try it" is over no picture (so over none of a diagram's
// letters), each snippet box shows whole lines; an embed asked to show an empty square says
// so above the boards, over none of their labels.
test("the gallery: hints beside the pictures, snippets in whole lines; an embed's note over no label", async () => {
  const b = await shared.browser.page({ width: 1300, height: 900 });
  const errors = watchErrors(b.page);
  try {
    const { page } = b;
    await page.goto(shared.server.url + 'embed-example.html');
    await page.waitForFunction(
      () => window.__gallery && (window.__gallery.ready || window.__gallery.errors.length),
    );
    const cards = await page.$$eval('.card', (cs) =>
      cs.map((c) => {
        const d = c.querySelector('.diagram').getBoundingClientRect().toJSON();
        const h = c.querySelector('.hint');
        const code = c.querySelector('.snippet code');
        const cs = getComputedStyle(code);
        const inner = code.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
        return {
          id: c.id,
          diagram: d,
          hint: h && h.getBoundingClientRect().toJSON(),
          lines: inner / parseFloat(cs.lineHeight),
          whole: code.scrollHeight <= code.clientHeight,
        };
      }),
    );
    assert.equal(cards.length, 15);
    for (const c of cards) {
      assert.ok(c.hint && c.hint.width > 0, `${c.id}: the hint is shown`);
      assert.ok(
        !overlaps(c.hint, c.diagram),
        `${c.id}: the hint ${JSON.stringify(c.hint)} is over the picture`,
      );
      assert.ok(
        c.whole || Math.abs(c.lines - Math.round(c.lines)) < 0.05,
        `${c.id}: the snippet shows ${c.lines.toFixed(2)} lines`,
      );
    }
    // an embed showing the moves of an empty square: the note above the boards
    await page.goto(
      shared.server.url +
        'embed.html#fen=12/12/12/12/12/12/12/12/12/12/12/12/5W6/12/12/12/11k/12/12/12/12/12/12/K11_g_0_1&show=2a1',
    );
    await page.waitForFunction(() => window.__embed && window.__embed.ready);
    await page.waitForFunction(() => !document.getElementById('msg').hidden);
    await frames(page, 4);
    const m = await page.evaluate(() => {
      const c = document.querySelector('#board canvas').getBoundingClientRect();
      return {
        text: document.getElementById('msg-text').textContent,
        msg: document.getElementById('msg').getBoundingClientRect().toJSON(),
        labels: window.__embed
          .labels()
          .map((l) => ({ text: l.text, x: c.x + l.x, y: c.y + l.y, width: l.width, height: l.height })),
      };
    });
    assert.match(m.text, /no piece on 2a1/);
    assert.ok(m.labels.length > 0);
    for (const l of m.labels) assert.ok(!overlaps(m.msg, l), `the note covers the label '${l.text}'`);
    assert.deepEqual(
      errors.filter((e) => !/favicon/.test(e)),
      [],
    );
  } finally {
    await b.close();
  }
});

// Installing: an Install button in the welcome once the browser offers it (beforeinstallprompt, made here as
// the browser would: an event with prompt()), which hands the offer over and goes; on an iPad
// (no such offer: Share, Add to Home Screen) a note that says how, once, closed by its button.
// Chromium's own offer to install (it finds the page installable) kept from the page: only
// the test's own reaches it.
const withoutBrowserOffer = (context) =>
  context.addInitScript(() =>
    window.addEventListener(
      'beforeinstallprompt',
      (e) => {
        if (!(/** @type {any} */ (e).byTest)) e.stopImmediatePropagation();
      },
      true,
    ),
  );
test('installing: a button where the browser offers it; a note once where it does not', async () => {
  const b = await shared.browser.page({ width: 1280, height: 720 });
  const errors = watchErrors(b.page);
  try {
    const { page } = b;
    await withoutBrowserOffer(b.context);
    await openGame(page, shared.server.url, { engine: false, pieces: false });
    await page.click('#btn-welcome'); // the page's home, where the button stands
    await page.waitForSelector('#dlg-welcome[open]');
    assert.equal(await page.isVisible('#btn-install'), false, 'no button before the offer');
    assert.equal(await page.isVisible('#toast'), false, 'no note here');
    await page.evaluate(() => {
      window.__prompted = 0;
      const e = new Event('beforeinstallprompt', { cancelable: true });
      e.byTest = true;
      e.prompt = async () => {
        window.__prompted++;
      };
      window.dispatchEvent(e);
    });
    assert.equal(await page.isVisible('#btn-install'), true, 'the button once the browser offers');
    await page.focus('#btn-install');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => window.__prompted), 1);
    assert.equal(await page.isVisible('#btn-install'), false, 'gone once used');
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
  const c = await shared.browser.page({ width: 1024, height: 768, hasTouch: true });
  try {
    const { page } = c;
    await withoutBrowserOffer(c.context); // (an iPad's Safari makes none)
    await c.context.addInitScript(() => {
      const ua =
        'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
      Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => ua });
      Object.defineProperty(Navigator.prototype, 'standalone', { get: () => false });
    });
    await openGame(page, shared.server.url, { engine: false, pieces: false });
    await page.waitForFunction(() => /Add to Home Screen/.test(document.getElementById('toast').textContent));
    assert.equal(await page.isVisible('#btn-install'), false);
    await page.click('#toast .toast-close');
    assert.equal(await page.isVisible('#toast'), false, 'closed');
    await page.reload();
    await page.waitForFunction(() => window.__dc && window.__dc.ready);
    await frames(page, 4);
    assert.doesNotMatch(
      await page.textContent('#toast'),
      /Add to Home Screen/,
      'said once, not at every visit',
    );
  } finally {
    await c.close();
  }
});
