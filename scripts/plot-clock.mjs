#!/usr/bin/env node
// Draws one game of a match runner's clock log (match --tc ... --clock-log FILE) as an
// SVG: above, the time each move took against the move number, with the soft and hard
// limits the time manager gave it; below, the time left after each move.
//
//   node scripts/plot-clock.mjs FILE [GAME] > picture.svg
//
// FILE: lines `game ply side player used_ms left_ms soft_ms hard_ms`; GAME: the game's
// number as the log writes it (default: the longest game of the file).
import { readFileSync } from 'node:fs';

const [file, wanted] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node scripts/plot-clock.mjs FILE [GAME] > picture.svg\n');
  process.exit(1);
}
const games = new Map();
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const f = line.trim().split(/\s+/);
  if (f.length < 8) continue;
  const [game, ply, side, player, used, left, soft, hard] = f;
  if (!games.has(game)) games.set(game, []);
  games.get(game).push({ ply: +ply, side, player, used: +used, left: +left, soft: +soft, hard: +hard });
}
if (!games.size) {
  process.stderr.write(`${file}: no moves\n`);
  process.exit(1);
}
const id = wanted ?? [...games.keys()].reduce((a, b) => (games.get(b).length > games.get(a).length ? b : a));
const moves = games.get(id);
if (!moves) {
  process.stderr.write(`${file}: no game ${id}\n`);
  process.exit(1);
}

const W = 900,
  H = 620,
  L = 70,
  R = 20,
  T = 40,
  GAP = 70,
  PANEL = (H - T - GAP - 50) / 2;
const moveNo = (m) => Math.floor(m.ply / 2) + 1;
const maxMove = Math.max(...moves.map(moveNo));
const x = (n) => L + ((n - 1) / Math.max(1, maxMove - 1)) * (W - L - R);
const niceMax = (v) => {
  const p = 10 ** Math.floor(Math.log10(Math.max(v, 1)));
  return [1, 2, 2.5, 5, 10].map((k) => k * p).find((k) => k >= v);
};
const usedMax = niceMax(Math.max(...moves.map((m) => Math.max(m.used, m.hard))));
const leftMax = niceMax(Math.max(...moves.map((m) => m.left)));
const y1 = (v) => T + PANEL - (v / usedMax) * PANEL;
const y2 = (v) => T + PANEL + GAP + PANEL - (v / leftMax) * PANEL;
const colours = { gold: '#b8860b', scarlet: '#c0392b' };
const out = [];
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
const path = (pts) => pts.map(([px, py], i) => `${i ? 'L' : 'M'}${px.toFixed(1)},${py.toFixed(1)}`).join('');
const axes = (top, max, label) => {
  out.push(`<line x1="${L}" y1="${top + PANEL}" x2="${W - R}" y2="${top + PANEL}" stroke="#444"/>`);
  out.push(`<line x1="${L}" y1="${top}" x2="${L}" y2="${top + PANEL}" stroke="#444"/>`);
  for (let i = 0; i <= 4; i++) {
    const v = (max * i) / 4,
      py = top + PANEL - (i / 4) * PANEL;
    out.push(`<line x1="${L}" y1="${py}" x2="${W - R}" y2="${py}" stroke="#ddd"/>`);
    out.push(
      `<text x="${L - 6}" y="${py + 4}" text-anchor="end">${v >= 1000 ? v / 1000 + ' s' : v + ' ms'}</text>`,
    );
  }
  const step = niceMax(maxMove / 10);
  for (let n = step; n <= maxMove; n += step) {
    out.push(`<text x="${x(n)}" y="${top + PANEL + 16}" text-anchor="middle">${n}</text>`);
  }
  out.push(`<text x="${L}" y="${top - 8}" font-weight="bold">${esc(label)}</text>`);
};
out.push(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
);
out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
axes(T, usedMax, 'time a move took (lines), its soft limit (dashed) and hard limit (dotted)');
axes(T + PANEL + GAP, leftMax, 'time left after the move');
for (const side of ['gold', 'scarlet']) {
  const ms = moves.filter((m) => m.side === side);
  if (!ms.length) continue;
  const c = colours[side];
  out.push(
    `<path d="${path(ms.map((m) => [x(moveNo(m)), y1(m.hard)]))}" fill="none" stroke="${c}" stroke-width="1" stroke-dasharray="1,3" opacity="0.8"/>`,
  );
  out.push(
    `<path d="${path(ms.map((m) => [x(moveNo(m)), y1(m.soft)]))}" fill="none" stroke="${c}" stroke-width="1" stroke-dasharray="5,3" opacity="0.8"/>`,
  );
  out.push(
    `<path d="${path(ms.map((m) => [x(moveNo(m)), y1(m.used)]))}" fill="none" stroke="${c}" stroke-width="1.5"/>`,
  );
  out.push(
    `<path d="${path(ms.map((m) => [x(moveNo(m)), y2(m.left)]))}" fill="none" stroke="${c}" stroke-width="1.5"/>`,
  );
}
const who = (side) => moves.find((m) => m.side === side)?.player ?? '?';
out.push(
  `<text x="${W - R}" y="${T - 8}" text-anchor="end"><tspan fill="${colours.gold}">Gold (${who('gold')})</tspan>  <tspan fill="${colours.scarlet}">Scarlet (${who('scarlet')})</tspan></text>`,
);
out.push(
  `<text x="${(L + W - R) / 2}" y="${H - 12}" text-anchor="middle">move number (game ${esc(id)}, ${moves.length} plies)</text>`,
);
out.push('</svg>');
process.stdout.write(out.join('\n') + '\n');
