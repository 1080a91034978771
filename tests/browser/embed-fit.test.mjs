// Embeds in iframes of 320x200, 480x300 and 800x600, the diagram of every piece type (the
// gallery's addresses) and the Dragon example of docs/links-and-embeds.md: only the levels the diagram needs,
// the squares measured (>= 16 px at 320x200 for a one- or two-level diagram), and no text
// cut off: every label the renderer drew and every caption element inside the frame, no
// two labels over each other, no caption text shortened by an ellipsis. And the gallery:
// each diagram drawn once and kept while scrolling.
// Run: cd tests/browser && node --test embed-fit.test.mjs   (build the site first)
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverAndBrowser, watchErrors, frames } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SIZES = [
  [320, 200],
  [480, 300],
  [800, 600],
];
// The smallest square (CSS px) each size must give, by the number of levels shown.
const MIN_SQUARE = {
  '320x200': { 1: 16, 2: 16, 3: 9 },
  '480x300': { 1: 24, 2: 20, 3: 14 },
  '800x600': { 1: 40, 2: 30, 3: 28 },
};
const README_DRAGON =
  'embed.html#fen=12/12/12/12/2R9/12/12/12/11k/12/12/12/12/12/12/K11/12/12/12/12/12/12/12/12_g_0_1&show=3c4&interactive=0';

// The gallery's diagrams: [title, embed address].
function galleryDiagrams() {
  const html = fs.readFileSync(path.join(here, '../../public/embed-example.html'), 'utf8');
  return [
    ...html.matchAll(
      /<h2><span class="letter">\w<\/span> <span[^>]*>(\w+)<\/span><\/h2>[\s\S]*?data-src="([^"]+)"/g,
    ),
  ].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]);
}

const overlap = (a, b) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;
const inside = (r, w, h) =>
  r.x >= -0.5 && r.y >= -0.5 && r.x + r.width <= w + 0.5 && r.y + r.height <= h + 0.5;

const shared = serverAndBrowser(); // the file's server and browser; each test's window a context

test('embeds of every piece type at 320x200, 480x300 and 800x600: levels, squares, nothing cut off', async () => {
  const diagrams = [...galleryDiagrams(), ['README Dragon', README_DRAGON]];
  assert.equal(diagrams.length, 16, 'the 15 pieces and the README example');
  // and a hard case for the labels: three levels forced into a row (tiny squares)
  diagrams.push([
    'Hero, forced row',
    diagrams.find(([t]) => t === 'Hero')[1] + '&layout=row',
    { forced: true },
  ]);
  const b = await shared.browser.page({ width: 900, height: 700 });
  const errors = watchErrors(b.page);
  const { page } = b;
  const host = shared.server.url + '__fit-host.html';
  await page.route(host, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><link rel="icon" href="favicon.svg"><body style="margin:0"><iframe id="f" style="border:0;width:800px;height:600px"></iframe></body>',
    }),
  );
  await page.goto(host);
  const problems = [],
    table = [];
  try {
    for (const [title, src, { forced = false } = {}] of diagrams) {
      await page.evaluate((u) => {
        // a new frame for each diagram
        const old = document.getElementById('f'),
          f = document.createElement('iframe');
        f.id = 'f';
        f.style.cssText = old.style.cssText;
        f.src = u;
        old.replaceWith(f);
      }, shared.server.url + src);
      const frame = await (await page.$('#f')).contentFrame();
      await frame.waitForFunction(() => window.__embed && window.__embed.ready && window.__embed.piecesReady);
      const row = [title];
      for (const [w, h] of SIZES) {
        await page.evaluate(
          ([w, h]) =>
            Object.assign(document.getElementById('f').style, { width: w + 'px', height: h + 'px' }),
          [w, h],
        );
        await frame.waitForFunction(
          ([w, h]) => {
            const g = window.__embed.state().layout;
            return g.width === w && (g.height === h || g.height <= h);
          },
          [w, h],
        );
        await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const m = await frame.evaluate(() => {
          const st = window.__embed.state();
          const c = document.querySelector('canvas').getBoundingClientRect();
          const dom = [
            ...document.querySelectorAll(
              '#caption #cap-text, #caption #cap-legend > span, #caption #cap-tools > :not([hidden])',
            ),
          ]
            .filter((el) => !document.getElementById('caption').hidden && el.getClientRects().length)
            .map((el) => {
              const r = el.getBoundingClientRect();
              return { text: el.textContent, x: r.x, y: r.y, width: r.width, height: r.height };
            });
          const cut = ['cap-text', 'cap-legend'].filter((id) => {
            const el = document.getElementById(id);
            return el.getClientRects().length && el.scrollWidth > el.clientWidth + 0.5;
          });
          return {
            square: st.layout.square,
            arrangement: st.layout.arrangement,
            levels: st.levels,
            diagram: st.diagram,
            caption: st.caption,
            canvas: { x: c.x, y: c.y, width: c.width, height: c.height },
            labels: window.__embed.labels(),
            dom,
            cut,
            vw: document.documentElement.clientWidth,
            vh: document.documentElement.clientHeight,
            scrolls:
              document.documentElement.scrollWidth > innerWidth ||
              document.documentElement.scrollHeight > innerHeight,
          };
        });
        const key = `${w}x${h}`,
          where = `${title} at ${key}`;
        const n = m.levels.length;
        // the levels the diagram needs: the piece's own and those it reaches
        const need = new Set(
          [
            m.diagram.square,
            ...m.diagram.move,
            ...m.diagram.capture,
            ...m.diagram.both,
            ...m.diagram.afar,
          ].map((s) => Number(s[0])),
        );
        if (String(m.levels) !== String([3, 2, 1].filter((l) => need.has(l))))
          problems.push(`${where}: levels ${m.levels}, the diagram needs ${[...need]}`);
        if (!forced && m.square < MIN_SQUARE[key][n])
          problems.push(`${where}: ${n} levels, squares ${m.square} px (at least ${MIN_SQUARE[key][n]})`);
        for (const l of m.labels) {
          const r = { ...l, x: l.x + m.canvas.x, y: l.y + m.canvas.y };
          if (!inside(r, m.vw, m.vh))
            problems.push(`${where}: the label '${l.text}' is cut off (${JSON.stringify(r)})`);
        }
        for (let i = 0; i < m.labels.length; i++) {
          for (let j = i + 1; j < m.labels.length; j++) {
            if (overlap(m.labels[i], m.labels[j]))
              problems.push(`${where}: the labels '${m.labels[i].text}' and '${m.labels[j].text}' overlap`);
          }
        }
        for (const d of m.dom)
          if (!inside(d, m.vw, m.vh)) problems.push(`${where}: '${d.text}' is outside the frame`);
        for (const id of m.cut) problems.push(`${where}: #${id} is cut off`);
        if (m.scrolls) problems.push(`${where}: the frame scrolls`);
        if (!m.labels.some((l) => /Sky|Ground|Underworld|^[123]$/.test(l.text)))
          problems.push(`${where}: no level label`);
        row.push(`${m.square}px ${m.arrangement}${m.caption ? '' : ' (no caption)'}`);
      }
      table.push(row.join(' | '));
    }
  } finally {
    console.log(['diagram | ' + SIZES.map(([w, h]) => `${w}x${h}`).join(' | '), ...table].join('\n'));
    await b.close();
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(
    errors.filter((e) => !/favicon/.test(e)),
    [],
  );
});

test('the gallery draws each diagram once, with one renderer, and keeps it while scrolling', async () => {
  const b = await shared.browser.page({ width: 1300, height: 900 });
  const errors = watchErrors(b.page);
  try {
    const { page } = b;
    await page.goto(shared.server.url + 'embed-example.html');
    await page.waitForFunction(
      () => window.__gallery && (window.__gallery.ready || window.__gallery.errors.length),
    );
    const g = await page.evaluate(() => window.__gallery);
    assert.deepEqual(g.errors, []);
    const ids = await page.$$eval('.card', (cs) => cs.map((c) => c.id));
    assert.equal(ids.length, 15);
    assert.deepEqual(Object.keys(g.draws).sort(), [...ids].sort(), 'every card drawn');
    assert.ok(
      Object.values(g.draws).every((n) => n === 1),
      `each once: ${JSON.stringify(g.draws)}`,
    );
    console.log(
      `all 15 diagrams drawn ${Math.round(g.drawnAt - g.startedAt)} ms after the gallery's script started`,
    );
    // one renderer (one canvas besides the pictures), no frames loaded
    assert.equal(await page.$$eval('#gallery-board canvas', (c) => c.length), 1);
    assert.equal(await page.$$eval('iframe', (f) => f.length), 0);
    // every picture holds a drawing (not blank): pixels of the board colours
    const blank = await page.$$eval(
      'canvas.picture',
      (cs) =>
        cs.filter((c) => {
          const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
          let n = 0;
          for (let i = 0; i < d.length; i += 4 * 97) if (d[i + 3] > 0) n++;
          return n < 50;
        }).length,
    );
    assert.equal(blank, 0, 'no blank picture');
    // scrolling to the end and back draws nothing again and loads nothing
    for (const y of [1000, 2000, 4000, 0, 3000, 0]) {
      await page.evaluate((y) => window.scrollTo(0, y), y);
      await frames(page, 3); // a picture drawn again would be drawn by now
    }
    assert.deepEqual(await page.evaluate(() => window.__gallery.draws), g.draws);
    assert.equal(await page.$$eval('iframe', (f) => f.length), 0);
    // a click brings one diagram to life: the embed itself, interactive
    await page.click('#dragon .diagram');
    const frame = await (await page.$('#dragon iframe')).contentFrame();
    await frame.waitForFunction(() => window.__embed && window.__embed.ready);
    assert.equal((await frame.evaluate(() => window.__embed.state())).selected, '3f4');
    await page.click('#warrior .diagram');
    assert.equal(await page.$$eval('iframe', (f) => f.length), 1, 'one live diagram at a time');
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});
