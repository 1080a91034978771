// Selection and destination marks are clear on every square colour of every level: the
// selected square, the move dots, the capture rings and the frames on the same square of
// the other levels, each measured in a screenshot against an unmarked twin square (same
// colour, same piece or none): enough of its pixels must differ from the twin's by a
// contrast ratio of at least 3:1 (WCAG's ratio for graphics).
// Run: cd tests/browser && node --test marks.test.mjs   (build the site first)
// MARKS_SHOTS=dir keeps the screenshots to look at.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launch, watchErrors, decodePng, frames } from './helpers.mjs';

const sq = (level, rank, file) => (level - 1) * 96 + rank * 12 + file; // rank, file 0-based
const isLight = (rank, file) => (rank + file) % 2 === 1;
const NAME = ['', 'Underworld', 'Ground', 'Sky'];

// WCAG relative luminance and contrast ratio of two [r, g, b].
function luminance([r, g, b]) {
  const lin = (v) => {
    v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
const contrast = (a, b) => {
  const x = luminance(a),
    y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

// The share of a square's pixels that stand out (>= 3:1) from the same pixel of its twin.
function standsOut(img, a, b) {
  const at = (r, dx, dy) => {
    const i = (Math.floor(r.y + dy) * img.width + Math.floor(r.x + dx)) * 4;
    return [img.data[i], img.data[i + 1], img.data[i + 2]];
  };
  let n = 0,
    hit = 0;
  for (let dy = 0.5; dy < a.height; dy++) {
    for (let dx = 0.5; dx < a.width; dx++) {
      n++;
      if (contrast(at(a, dx, dy), at(b, dx, dy)) >= 3) hit++;
    }
  }
  return hit / n;
}

// The share of a square's pixels that differ visibly (by 32 or more in a channel) from the same
// pixel of its twin: a mark drawn there at all (a mini-map's squares are too small for the
// contrast above to be the measure).
function differs(img, a, b) {
  const at = (r, dx, dy) => (Math.floor(r.y + dy) * img.width + Math.floor(r.x + dx)) * 4;
  let n = 0,
    hit = 0;
  for (let dy = 0.5; dy < a.height; dy++)
    for (let dx = 0.5; dx < a.width; dx++) {
      const i = at(a, dx, dy),
        j = at(b, dx, dy);
      n++;
      if ([0, 1, 2].some((c) => Math.abs(img.data[i + c] - img.data[j + c]) >= 32)) hit++;
    }
  return hit / n;
}

// Per level: the selected piece (a Warrior on rank 4, file 4 or 5: a dark and a light
// square), its destinations on rank 1 (empty: dots) and rank 2 (occupied: rings), files 2
// and 3 (both colours); unmarked twins of each on files 6-9.
function scene(level, selFile) {
  const p = Array(288).fill('.');
  const s = sq(level, 4, selFile);
  p[s] = 'W';
  p[sq(level, 6, 4)] = 'W'; // twins of the selected piece (files 4 and 5)
  p[sq(level, 6, 5)] = 'W';
  for (const f of [2, 3, 6, 7]) p[sq(level, 2, f)] = 'u'; // capture targets (2, 3) and their twins (6, 7)
  return {
    pieces: p.join(''),
    selected: s,
    dests: new Map([[s, [sq(level, 1, 2), sq(level, 1, 3), sq(level, 2, 2), sq(level, 2, 3)]]]),
    checks: [
      { what: 'selected square', mark: s, twin: sq(level, 6, selFile), min: 0.12 },
      { what: 'move dot', mark: sq(level, 1, 2), twin: sq(level, 1, 6), min: 0.02 },
      { what: 'move dot', mark: sq(level, 1, 3), twin: sq(level, 1, 7), min: 0.02 },
      { what: 'capture ring', mark: sq(level, 2, 2), twin: sq(level, 2, 6), min: 0.05 },
      { what: 'capture ring', mark: sq(level, 2, 3), twin: sq(level, 2, 7), min: 0.05 },
      // the same square on the other levels is framed (empty there; twins: rank 5)
      ...[1, 2, 3]
        .filter((l) => l !== level)
        .map((l) => ({
          what: `frame on level ${l}`,
          mark: sq(l, 4, selFile),
          twin: sq(l, 5, selFile + 1),
          min: 0.06,
        })),
    ],
  };
}

let server;
test.before(async () => {
  server = await startServer();
});
test.after(async () => {
  await server?.close();
});

test('selection and destination marks stand out on every square colour of every level', async () => {
  const b = await launch({ width: 1280, height: 720 });
  const errors = watchErrors(b.page);
  const { page } = b;
  const shots = process.env.MARKS_SHOTS;
  if (shots) fs.mkdirSync(shots, { recursive: true });
  try {
    const url = server.url + 'marks-test.html';
    await page.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body:
          '<!doctype html><link rel="icon" href="favicon.svg"><style>html,body{margin:0;height:100%;background:#fff;color:#333}</style>' +
          '<div id="b" style="position:fixed;inset:0"></div>',
      }),
    );
    await page.goto(url);
    await page.evaluate(async (mod) => {
      const { createBoard } = await import(mod);
      window.__b = await createBoard(document.getElementById('b'), {});
      await window.__b.ready;
    }, server.url + 'renderer/board.js');
    const failures = [],
      lines = [];
    for (const level of [1, 2, 3]) {
      for (const selFile of [4, 5]) {
        const s = scene(level, selFile);
        await page.evaluate(
          ({ pieces, dests, selected }) => window.__b.set({ pieces, dests: new Map(dests), selected }),
          { pieces: s.pieces, dests: [...s.dests], selected: s.selected },
        );
        await frames(page);
        assert.equal(await page.evaluate(() => window.__b.selected()), s.selected);
        const png = await page.screenshot();
        if (shots) fs.writeFileSync(path.join(shots, `marks-${level}-${selFile}.png`), png);
        const img = decodePng(png);
        for (const c of s.checks) {
          const [a, t] = await page.evaluate(
            ([x, y]) => [window.__b.squareRect(x), window.__b.squareRect(y)],
            [c.mark, c.twin],
          );
          const share = standsOut(img, a, t);
          const colour = isLight(Math.floor((c.mark % 96) / 12), c.mark % 12) ? 'light' : 'dark';
          const line = `${NAME[Math.floor(c.mark / 96) + 1]} ${colour}: ${c.what} ${(share * 100).toFixed(1)}% of its pixels at 3:1 or more`;
          lines.push(line);
          if (share < c.min) failures.push(`${line} (want ${(c.min * 100).toFixed(0)}%)`);
        }
      }
    }
    // the focus view: the same marks on a mini-map (the level of the piece selected drawn small,
    // another in focus), and the last move, a check, a frozen piece and an arrow (a check's line,
    // a threat) there too, each against an unmarked twin on the same mini-map
    for (const level of [1, 2, 3]) {
      const s = scene(level, 4);
      const p = [...s.pieces];
      for (const [r, f] of [
        [3, 0], // the King in check; its twin: 3, 10
        [3, 10],
        [0, 0], // a frozen Warrior; its twin: 0, 10
        [0, 10],
      ])
        p[sq(level, r, f)] = r === 3 ? 'K' : 'W';
      const focus = (level % 3) + 1;
      await page.evaluate(
        ({ pieces, dests, selected, extra }) =>
          window.__b.set({ pieces, dests: new Map(dests), selected, arrangement: 'focus', ...extra }),
        {
          pieces: p.join(''),
          dests: [...s.dests],
          selected: s.selected,
          extra: {
            focus,
            lastMove: [sq(level, 7, 0), sq(level, 7, 1)],
            check: sq(level, 3, 0),
            frozen: [sq(level, 0, 0)],
            arrows: [{ from: sq(level, 5, 0), to: sq(level, 5, 3), color: 'red' }],
          },
        },
      );
      await frames(page);
      const g = await page.evaluate(() => window.__b.geometry());
      assert.equal(g.arrangement, 'focus');
      assert.ok(g.focus !== level && g.mini < g.square, `level ${level} drawn as a mini-map (${g.mini} px)`);
      const png = await page.screenshot();
      if (shots) fs.writeFileSync(path.join(shots, `marks-mini-${level}.png`), png);
      const img = decodePng(png);
      const checks = [
        ...s.checks.filter((c) => Math.floor(c.mark / 96) + 1 === level),
        { what: 'last move (from)', mark: sq(level, 7, 0), twin: sq(level, 7, 8), min: 0.05 },
        { what: 'last move (to)', mark: sq(level, 7, 1), twin: sq(level, 7, 9), min: 0.05 },
        { what: 'check', mark: sq(level, 3, 0), twin: sq(level, 3, 10), min: 0.05 },
        { what: 'frozen piece', mark: sq(level, 0, 0), twin: sq(level, 0, 10), min: 0.05 },
        { what: 'arrow', mark: sq(level, 5, 1), twin: sq(level, 5, 9), min: 0.05 },
      ];
      for (const c of checks) {
        const [a, t] = await page.evaluate(
          ([x, y]) => [window.__b.squareRect(x), window.__b.squareRect(y)],
          [c.mark, c.twin],
        );
        const share = differs(img, a, t);
        const line = `${NAME[level]} as a mini-map (${g.mini} px): ${c.what} ${(share * 100).toFixed(1)}% of its pixels changed`;
        lines.push(line);
        if (share < c.min) failures.push(`${line} (want ${(c.min * 100).toFixed(0)}%)`);
      }
    }
    console.log(lines.join('\n'));
    assert.deepEqual(failures, [], 'marks too faint');
    assert.deepEqual(errors, []);
  } finally {
    await b.close();
  }
});
