// The rules page (rules.html) at a phone's and a desktop's sizes: scrolled through from top to
// bottom, every figure's picture drawn (a canvas of the figure's size, not blank), no console
// error, nothing wider than the window; every section reachable by its anchor; the rule set
// switch draws the figures again under the other rules; a figure brought to life is the
// embed; the controls are reachable by keyboard and named.
// Run: cd tests/browser && node --test rules-page.test.mjs   (build the site first:
// scripts/build-site --test)
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, watchErrors, SITE } from './helpers.mjs';

const SIZES = [
  { width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  { width: 1280, height: 720 },
  { width: 360, height: 640, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
];

let server, browser;
test.before(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
test.after(async () => {
  await browser?.close();
  await server?.close();
});

const ready = (page) =>
  page.waitForFunction(() => window.__rules && (window.__rules.ready || window.__rules.errors.length));

// Opens `address` of the site in a fresh context (own storage) of `size`, waits for the page
// to be built, runs check(page), and asserts no console error came of it.
async function onPage(address, size, check) {
  const b = await browser.page(size);
  const errors = watchErrors(b.page);
  try {
    await b.page.goto(server.url + address);
    await ready(b.page);
    await check(b.page);
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
}

// Scrolls from the top to the bottom, a part of a screen at a time, waiting at each stop for
// the figures on screen to be drawn. Returns the figure ids seen on screen.
async function scrollThrough(page) {
  const seen = new Set();
  await page.evaluate(() => scrollTo(0, 0));
  for (;;) {
    const onScreen = await page.evaluate(() =>
      [...document.querySelectorAll('.diagram')]
        .filter((b) => {
          const r = b.getBoundingClientRect();
          return r.bottom > 0 && r.top < innerHeight;
        })
        .map((b) => b.dataset.fig),
    );
    for (const id of onScreen) seen.add(id);
    await page.waitForFunction((ids) => ids.every((id) => window.__rules.draws[id] > 0), onScreen);
    const more = await page.evaluate(() => {
      const y = scrollY;
      scrollBy(0, Math.round(innerHeight * 0.7));
      return scrollY > y;
    });
    if (!more) break;
  }
  return seen;
}

// Every figure's picture: its canvas the size of its box (in device pixels) and not blank.
function pictures(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.diagram')].map((b) => {
      const c = b.querySelector('canvas.picture');
      if (!c) return { id: b.dataset.fig, missing: true };
      const px = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let ink = 0;
      for (let i = 3; i < px.length; i += 16) if (px[i] > 0) ink++;
      return {
        id: b.dataset.fig,
        w: c.width,
        h: c.height,
        boxW: Math.round(b.clientWidth * devicePixelRatio),
        boxH: Math.round(b.clientHeight * devicePixelRatio),
        ink,
      };
    }),
  );
}

// Elements whose box reaches past the window's right edge (the hidden drawing board and
// what scrolls inside its own box excepted).
function overflow(page) {
  return page.evaluate(() => {
    const out = [],
      W = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > W)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${W}`);
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('#rules-board') || el.closest('.snippet code') || el.closest('details:not([open])'))
        continue;
      const r = el.getBoundingClientRect();
      if (r.width && (r.right > W + 0.5 || r.left < -0.5) && !el.classList.contains('skip'))
        out.push(
          `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${el.className}: ${Math.round(r.left)}..${Math.round(r.right)}`,
        );
    }
    return out;
  });
}

for (const size of SIZES) {
  test(`${size.width}x${size.height}: scrolled through, every figure drawn, no error, nothing cut`, async () => {
    await onPage('rules.html', size, async (page) => {
      assert.deepEqual(await page.evaluate(() => window.__rules.errors), []);
      // the page's own title, the board's start (which may come after the words) notwithstanding
      const words = JSON.parse(fs.readFileSync(path.join(SITE, 'i18n/en.json'), 'utf8'));
      assert.equal(await page.title(), words['rules.title']);
      const figures = await page.evaluate(() => window.__rules.figures);
      const seen = await scrollThrough(page);
      assert.deepEqual([...seen].sort(), [...figures].sort(), 'every figure came on screen');
      await page.waitForFunction(() => window.__rules.allDrawnAt !== null);
      const pics = await pictures(page);
      assert.equal(pics.length, figures.length);
      assert.ok(figures.length >= 30, `${figures.length} figures`);
      for (const p of pics) {
        assert.ok(!p.missing, `${p.id}: no picture`);
        assert.ok(
          Math.abs(p.w - p.boxW) <= 2 && Math.abs(p.h - p.boxH) <= 2,
          `${p.id}: ${p.w}x${p.h} in a box of ${p.boxW}x${p.boxH}`,
        );
        assert.ok(p.ink > 100, `${p.id}: a blank picture`);
      }
      // each drawn once: scrolling back up draws nothing again
      await page.evaluate(() => scrollTo(0, 0));
      const counts = await page.evaluate(() => window.__rules.draws);
      assert.ok(
        Object.values(counts).every((n) => n === 1),
        JSON.stringify(counts),
      );
      assert.deepEqual(await overflow(page), []);
    });
  });
}

test('anchors: every piece and every special rule has its section, opened by its address', async () => {
  await onPage('rules.html#promotion', { width: 1280, height: 720 }, async (page) => {
    const top = await page.evaluate(() =>
      Math.round(document.getElementById('promotion').getBoundingClientRect().top),
    );
    assert.ok(top >= 0 && top < 40, `#promotion is at the top of the window (${top})`);
    const ids = await page.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id));
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
    for (const id of [
      'sylph',
      'griffon',
      'dragon',
      'warrior',
      'oliphant',
      'unicorn',
      'hero',
      'thief',
      'cleric',
      'mage',
      'king',
      'paladin',
      'dwarf',
      'basilisk',
      'elemental',
      'freezing',
      'capture-from-afar',
      'promotion',
      'check',
      'changing-levels',
      'checkmate',
      'start-position',
      'end-of-game',
      'rule-sets',
    ])
      assert.ok(ids.includes(id), `#${id}`);
    // the table of contents links to them all
    const broken = await page.evaluate(() =>
      [...document.querySelectorAll('.toc a')]
        .map((a) => a.getAttribute('href'))
        .filter((h) => !document.getElementById(h.slice(1))),
    );
    assert.deepEqual(broken, []);
  });
});

test('the rule set switch: the figures again under the other rules, its words, its address, its snippets', async () => {
  await onPage('rules.html#griffon', { width: 1280, height: 720 }, async (page) => {
    await page.waitForFunction(() => window.__rules.draws['griffon-2'] > 0);
    const before = await page.evaluate(() => ({
      words: document.querySelector('figure[data-fig="griffon-2"] figcaption').textContent,
      pixels: document.querySelector('.diagram[data-fig="griffon-2"] canvas').toDataURL(),
    }));
    const other = await page.evaluate(() => document.querySelectorAll('#rules-switch input')[1].value);
    await page.locator('#rules-switch input').nth(1).check();
    await page.waitForFunction(() => window.__rules.draws['griffon-2'] > 1);
    const after = await page.evaluate(() => ({
      words: document.querySelector('figure[data-fig="griffon-2"] figcaption').textContent,
      pixels: document.querySelector('.diagram[data-fig="griffon-2"] canvas').toDataURL(),
      snippet: document.querySelector('figure[data-fig="griffon-2"] .snippet code').textContent,
      url: location.href,
    }));
    assert.notEqual(after.words, before.words, "the Griffon's words on the Ground");
    assert.notEqual(after.pixels, before.pixels, "the Griffon's diagram on the Ground");
    assert.match(after.snippet, new RegExp(`rules=${other}`));
    assert.match(after.url, new RegExp(`\\?rules=${other}#griffon$`));
    // and back: the first picture again
    await page.locator('#rules-switch input').nth(0).check();
    await page.waitForFunction(() => window.__rules.draws['griffon-2'] > 2);
    assert.equal(
      await page.evaluate(() => document.querySelector('.diagram[data-fig="griffon-2"] canvas').toDataURL()),
      before.pixels,
    );
    // an address naming the other rule set opens under it
    await page.goto(server.url + `rules.html?rules=${other}#basilisk`);
    await ready(page);
    assert.equal(
      await page.evaluate(() => document.querySelector('#rules-switch input:checked').value),
      other,
    );
  });
});

test('a position brought to life is the embed, played by keyboard and mouse alike', async () => {
  await onPage('rules.html#capture-from-afar', { width: 1280, height: 720 }, async (page) => {
    const button = page.locator('#capture-from-afar button[data-live]');
    await button.focus();
    await page.keyboard.press('Enter');
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    const frame = await (await page.$('#capture-from-afar iframe')).contentFrame();
    await frame.waitForFunction(() => window.__embed && window.__embed.ready);
    const fen = await frame.evaluate(() => window.__embed.state().fen);
    assert.match(fen, /5R6/);
    await page.keyboard.press('Enter'); // closed again
    assert.equal(await page.locator('#capture-from-afar iframe').count(), 0);
  });
});

test('keyboard and screen readers: every control reachable by Tab and named, figures labelled', async () => {
  await onPage('rules.html', { width: 1280, height: 720 }, async (page) => {
    const a = await page.evaluate(() => {
      const controls = [...document.querySelectorAll('button, a[href], input, summary')];
      return {
        unnamed: controls
          .filter(
            (c) =>
              !(
                c.getAttribute('aria-label') ||
                c.textContent.trim() ||
                (c.labels && c.labels[0] && c.labels[0].textContent.trim())
              ),
          )
          .map((c) => c.outerHTML.slice(0, 80)),
        untabbable: controls.filter((c) => c.tabIndex < 0).map((c) => c.outerHTML.slice(0, 80)),
        figures: [...document.querySelectorAll('.diagram')].filter((d) => !d.getAttribute('aria-label'))
          .length,
        imgs: [...document.querySelectorAll('img')].filter((i) => i.getAttribute('alt') === null).length,
        h1: document.querySelectorAll('h1').length,
        sections: [...document.querySelectorAll('main section')]
          .filter((s) => !s.querySelector('h2, h3'))
          .map((s) => s.id),
        lang: document.documentElement.lang,
      };
    });
    assert.deepEqual(a, {
      unnamed: [],
      untabbable: [],
      figures: 0,
      imgs: 0,
      h1: 1,
      sections: [],
      lang: 'en',
    });
    // Tab from the top reaches the rule set switch, then the table of contents
    const order = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      order.push(
        await page.evaluate(
          () =>
            document.activeElement.name ||
            document.activeElement.getAttribute('href') ||
            document.activeElement.tagName,
        ),
      );
    }
    assert.ok(order.includes('rules'), order.join(' '));
    assert.ok(
      order.some((o) => o.startsWith('#')),
      order.join(' '),
    );
  });
});

test('print: the still pictures, no controls', async () => {
  await onPage('rules.html', { width: 1280, height: 720 }, async (page) => {
    await page.waitForFunction(() => window.__rules.allDrawnAt !== null);
    await page.emulateMedia({ media: 'print' });
    const p = await page.evaluate(() => ({
      pictures: [...document.querySelectorAll('canvas.picture')].filter(
        (c) => c.getBoundingClientRect().width > 0,
      ).length,
      figures: document.querySelectorAll('.diagram').length,
      controls: [...document.querySelectorAll('button, .toc, details, input')].filter(
        (c) => c.getBoundingClientRect().width > 0,
      ).length,
    }));
    assert.equal(p.pictures, p.figures);
    assert.equal(p.controls, 0);
  });
});
