// The review's evaluation graph: Gold's chance to win after every ply (0 = the start), as
// an area chart: the gold area below the line is Gold's share, the scarlet area above it
// Scarlet's; the judged moves as dots (inaccuracy, mistake, blunder); the ply on view as a
// line. Pure: graphSvg() returns SVG text, plyAt() maps a click to a ply (Node-tested).

import { esc } from '../../util/dom.js';

export const KIND_COLOR = Object.freeze({ inaccuracy: '#4f9fd8', mistake: '#e69a28', blunder: '#d8342c' });

const f1 = (x) => (Math.round(x * 10) / 10).toString();

/** The x of ply k (0..n) in a graph `width` wide, with `pad` px free at both ends. */
export function xOf(k, n, width, pad = 4) {
  return n > 0 ? pad + (k * (width - 2 * pad)) / n : width / 2;
}

/** The ply nearest to x (px from the graph's left edge) in a graph of n plies. */
export function plyAt(x, n, width, pad = 4) {
  if (n <= 0) return 0;
  const k = Math.round(((x - pad) * n) / (width - 2 * pad));
  return Math.max(0, Math.min(n, k));
}

/**
 * chances: Gold's chance (0..1) after each ply, index 0..n (null: not evaluated yet);
 * marks: [{ply, kind}]; current: the ply on view; width, height in px.
 */
export function graphSvg({ chances, marks = [], current = -1, width = 300, height = 80, label = '' }) {
  const n = chances.length - 1;
  const y = (p) => (1 - p) * (height - 4) + 2;
  const pts = [];
  chances.forEach((p, k) => {
    if (p !== null && p !== undefined) pts.push([xOf(k, n, width), y(p)]);
  });
  const parts = [];
  parts.push(`<rect x="0" y="0" width="${width}" height="${height}" class="eg-bg-scarlet"/>`);
  if (pts.length) {
    const line = pts.map(([x, yy]) => `${f1(x)},${f1(yy)}`).join(' ');
    const first = pts[0][0],
      last = pts[pts.length - 1][0];
    parts.push(`<polygon class="eg-gold" points="${f1(first)},${height} ${line} ${f1(last)},${height}"/>`);
    parts.push(`<polyline class="eg-line" points="${line}"/>`);
  }
  parts.push(`<line class="eg-mid" x1="0" y1="${f1(y(0.5))}" x2="${width}" y2="${f1(y(0.5))}"/>`);
  if (current >= 0 && current <= n) {
    const x = f1(xOf(current, n, width));
    parts.push(`<line class="eg-cursor" x1="${x}" y1="0" x2="${x}" y2="${height}"/>`);
  }
  // A long game's marks would pile up into a blot: a dot is at most a ply's width across
  // (from 1.5 px to 3.5), the worst kinds drawn last, on top.
  const r = Math.max(1.5, Math.min(3.5, n > 0 ? (width - 8) / n / 2 : 3.5));
  const order = Object.keys(KIND_COLOR);
  const drawn = marks
    .filter((m) => KIND_COLOR[m.kind] && chances[m.ply] !== null && chances[m.ply] !== undefined)
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  const small = r < 3 ? ' eg-small' : ''; // a thin outline, so that the colour shows
  for (const m of drawn)
    parts.push(
      `<circle class="eg-mark eg-${m.kind}${small}" cx="${f1(xOf(m.ply, n, width))}" cy="${f1(y(chances[m.ply]))}" r="${f1(r)}" fill="${KIND_COLOR[m.kind]}"/>`,
    );
  return `<svg class="eval-graph-svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}">${parts.join('')}</svg>`;
}
