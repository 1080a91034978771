// embed.html: an embeddable live Dragonchess diagram for rule pages.
//
// Address (after '#', or after '?' when there is no '#'), every part optional:
//   fen=<position string, spaces as _>   moves=2c22c3.2c72c6 (or g=<packed>)  (links.js)
//   show=<square>        draw that piece's move diagram: dots = moves (empty squares only),
//                        rings = captures only, ring + dot = move or capture, red sight =
//                        a Dragon's capture from afar; on every level it reaches
//   interactive=0|1      1 (default): click a piece for its diagram, play legal moves;
//                        0: a picture (no input; touches scroll the page)
//   flip=1               Scarlet at the bottom
//   level=2 | level=3,2  show only these levels (always in the order 3, 2, 1)
//   theme=dark           dark colours (default light)
//   caption=0            no caption line
// It sets no cookies and stores nothing; it works from any static host.

import { createBoardView } from '../ui/ui-loader.js';
import DragonchessEngine from '../engine/dragonchess_engine.mjs';
import { decodeHash, encodeGame, squareIndex, squareName } from './links.js';
import { moveDiagram, diagramMarks, PIECE_NAMES } from './move-diagram.js';

const EMBED_KEYS = ['show', 'interactive', 'flip', 'level', 'theme', 'caption'];
const $ = (id) => document.getElementById(id);
const SIDE = { gold: 'Gold', scarlet: 'Scarlet' };

const hook = window.__embed = {
  ready: false, piecesReady: false, messages: [], diagram: null, options: null,
  fen: () => (game ? game.fen() : null),
  squarePoint: (name) => pointOf(name),
  state: () => ({
    fen: game && game.fen(), moves: game ? game.history().coordinate : [], selected, diagram,
    marks: currentMarks, message: hook.messages.at(-1) || null, levels: options && options.levels, views: views.length,
  }),
};

let M = null, game = null, options = null;
let views = [];          // [{view, levels: [..] | null (all), el, win}]
let selected = null;     // square name whose diagram is shown
let diagram = null;      // moveDiagram result for `selected`
let legal = [];          // legal destinations of `selected` when its side is to move
let start = { fen: '', moves: [] };  // what reset returns to
let currentMarks = '';
let dirty = false;         // a move was played since the start / the last reset

// --- messages ---------------------------------------------------------------------------
function say(text) {
  hook.messages.push(text);
  $('msg-text').textContent = text;  // text, never markup
  $('msg').hidden = false;
}
$('msg-close').addEventListener('click', () => { $('msg').hidden = true; });

// --- options ----------------------------------------------------------------------------
function readOptions() {
  const src = location.hash.length > 1 ? location.hash : location.search.replace(/^\?/, '');
  const d = decodeHash(src, { extraKeys: EMBED_KEYS });
  const o = { fen: '', moves: [], show: null, interactive: true, flip: false, levels: [3, 2, 1], theme: 'light', caption: true };
  const problems = [];
  if (d.error) {
    problems.push(`This diagram's link could not be read: ${d.error}. Showing the start position instead.`);
    return { o, problems };
  }
  o.fen = d.fen || '';
  o.moves = d.moves;
  const p = d.params;
  const flag = (key, dflt) => {
    if (!(key in p)) return dflt;
    const v = p[key].toLowerCase();
    if (v === '1' || v === 'true' || v === 'yes' || v === '') return true;
    if (v === '0' || v === 'false' || v === 'no') return false;
    problems.push(`'${key}' should be 0 or 1.`);
    return dflt;
  };
  o.interactive = flag('interactive', true);
  o.flip = flag('flip', false);
  o.caption = flag('caption', true);
  if ('theme' in p) {
    if (p.theme === 'dark' || p.theme === 'light') o.theme = p.theme;
    else problems.push("'theme' should be light or dark.");
  }
  if ('show' in p) {
    const sq = p.show.trim().toLowerCase();
    if (squareIndex(sq) >= 0) o.show = sq;
    else problems.push(`'show' should be a square such as 3c1 (level 1-3, file a-l, rank 1-8), not '${p.show.slice(0, 8)}'.`);
  }
  if ('level' in p) {
    const v = p.level.replace(/\s+/g, '');
    if (/^[1-3](,[1-3]){0,2}$/.test(v)) o.levels = [...new Set(v.split(',').map(Number))].sort((a, b) => b - a);
    else problems.push(`'level' should be levels 1-3 separated by commas, such as 2 or 3,2; showing every level.`);
  }
  return { o, problems };
}

// --- the position -------------------------------------------------------------------------
// Sets up start.fen and plays start.moves one by one, so a bad move shows the position
// before it together with the engine's reason.
function setUp() {
  try {
    game.setPosition(start.fen, []);
  } catch (e) {
    say(`This diagram's position is not valid: ${e.message}. Showing the start position instead.`);
    start = { fen: '', moves: [] };
    game.setPosition('', []);
    return;
  }
  for (let i = 0; i < start.moves.length; i++) {
    try {
      game.play(start.moves[i]);
    } catch (e) {
      say(`Move ${i + 1} of this diagram (${start.moves[i]}) cannot be played: ${e.message}. ` +
        `Showing the position after move ${i}.`);
      start = { fen: start.fen, moves: start.moves.slice(0, i) };
      return;
    }
  }
}

function select(name) {
  selected = null; diagram = null; legal = []; hook.diagram = null;
  if (!name) return;
  const d = moveDiagram(M, game.fen(), name);
  if (d.error) { say(`No move diagram for ${name}: ${d.error}.`); return; }
  selected = name;
  diagram = d;
  hook.diagram = d;
  const stm = game.sideToMove();
  if (d.side === stm && !game.status().over) {
    try { legal = game.destinations(name); } catch { legal = []; }
  }
}

function render() {
  const board = game.board();
  let marks;
  if (diagram) {
    marks = diagramMarks(diagram);
  } else {
    const parts = [];
    const last = game.lastMove();
    if (last) parts.push(`last=${last.from},${last.to}`);
    const k = game.checkedKing();
    if (k) parts.push(`check=${k}`);
    const fz = game.frozen();
    if (fz.length) parts.push(`frozen=${fz.join(',')}`);
    marks = parts.join(';');
  }
  currentMarks = marks;
  for (const v of views) { v.view.setBoard(board); v.view.setMarks(marks); }
  renderCaption();
}

function renderCaption() {
  const cap = $('caption');
  cap.hidden = !options.caption;
  const text = $('cap-text'), legend = $('cap-legend');
  text.replaceChildren();
  legend.replaceChildren();
  const chip = (side) => { const c = document.createElement('i'); c.className = 'chip ' + side; return c; };
  if (diagram) {
    text.append(chip(diagram.side), `${SIDE[diagram.side]} ${diagram.name} on ${diagram.square}` +
      (diagram.frozen ? ' (frozen by the Basilisk below)' : ''));
    const item = (cls, label, n) => {
      if (!n) return;
      const s = document.createElement('span');
      const sym = document.createElement('i');
      sym.className = 'sym ' + cls;
      s.append(sym, label);
      legend.append(s);
    };
    item('move', 'move', diagram.move.length);
    item('cap', 'capture', diagram.capture.length);
    item('both', 'move or capture', diagram.both.length);
    item('afar', 'capture from afar', diagram.afar.length);
  } else {
    const st = game.status();
    const side = game.sideToMove();
    if (st.over) text.append(st.reason.charAt(0).toUpperCase() + st.reason.slice(1));
    else text.append(chip(side), `${SIDE[side]} to move` + (st.check ? ' (check)' : ''));
  }
  const h = game.history();
  $('cap-reset').hidden = !dirty || !options.interactive;
  const hash = encodeGame({ fen: h.startFen, moves: h.coordinate });
  $('cap-open').href = new URL('./' + hash, location.href).href;
}

// Plays a legal move (animated unless it was dragged there or is a capture from afar).
function play(coordinate, animate) {
  let played;
  try { played = game.play(coordinate); } catch (e) { say(`That move cannot be played: ${e.message}.`); return; }
  dirty = true;
  select(null);
  render();
  if (animate && played.kind !== 'afar') {
    for (const v of views) v.view.animate(squareIndex(played.from), squareIndex(played.to));
  }
}

// --- input ------------------------------------------------------------------------------------
function onClick(sq) {
  const name = squareName(sq);
  const target = legal.find((d) => d.to === name);
  if (selected && target) { play(target.coordinate, true); return; }
  const piece = game.board()[sq];
  select(piece && piece !== '.' && name !== selected ? name : null);
  render();
}
function onDragStart(sq) {
  const name = squareName(sq);
  if (name !== selected) { select(name); render(); }
  return legal.length > 0;
}
function onDrop(from, to) {
  const f = squareName(from), t = squareName(to);
  const target = selected === f && legal.find((d) => d.to === t);
  if (!target) { render(); return; }
  play(target.coordinate, false);
}

function reset() {
  dirty = false;
  select(null);
  setUp();
  if (options.show) select(options.show);
  render();
}

// --- views and level cropping -----------------------------------------------------------------
// With every level the renderer lays the boards out itself. For a subset, the chosen levels
// are grouped into runs that stand side by side in the renderer's row arrangement (3 | 2 | 1):
// 3,2 and 2,1 are one run, 3,1 two. Each run gets a window holding one board view, sized so
// that its row arrangement puts the run's boards (with their labels) exactly in the window,
// shifted into place and clipped to them. The metrics mirror web/renderer/layout.cpp (row
// arrangement); the boards' position is measured from the view itself.
const clamp = (v, a, b) => Math.min(b, Math.max(a, v));
function rowMetrics(s) {
  const coordFont = clamp(0.30 * s, 8.5, 13);
  const titleFont = clamp(0.40 * s, 11, 17);
  return {
    gutterL: Math.round(coordFont * 1.05 + 3), gutterB: Math.round(coordFont * 1.45 + 1),
    pad: clamp(0.2 * s, 3, 14), titleH: Math.round(titleFont * 1.75), gap: clamp(0.45 * s, 8, 26),
    tabW: Math.round(clamp(0.40 * s, 10, 15) * 1.75),
  };
}
// Size of the crop of a run of n boards for square size s.
function cropSize(s, n) {
  const m = rowMetrics(s);
  return { w: m.gutterL + 12 * s + (n - 1) * (m.gap + m.gutterL + 12 * s) + 3, h: m.titleH + 8 * s + m.gutterB };
}
function squareFor(w, h, n, dpr) {
  let lo = 0, hi = 400;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    const c = cropSize(mid, n);
    if (c.w <= w && c.h <= h) lo = mid; else hi = mid;
  }
  return Math.floor(lo * dpr) / dpr;
}

/** [3,1] -> [[3],[1]]; [3,2] -> [[3,2]]; levels in the order 3, 2, 1. */
export function levelRuns(levels) {
  const sorted = [...new Set(levels)].sort((a, b) => b - a);
  const runs = [];
  for (const l of sorted) {
    const last = runs.at(-1);
    if (last && last.at(-1) === l + 1) last.push(l); else runs.push([l]);
  }
  return runs;
}

function layoutWindows() {
  const board = $('board');
  if (!views.length || !views[0].levels) return;
  const k = views.length;
  const W = board.clientWidth, H = board.clientHeight, gap = 6, dpr = window.devicePixelRatio || 1;
  if (k > 1) {
    const n = views.map((v) => v.levels.length);
    const sCols = Math.min(...n.map((c) => squareFor((W - (k - 1) * gap) * c / n.reduce((a, b) => a + b), H, c, dpr)));
    const sRows = Math.min(...n.map((c) => squareFor(W, (H - (k - 1) * gap) / k, c, dpr)));
    board.classList.toggle('cols', sCols >= sRows);
    board.classList.toggle('rows', sCols < sRows);
    for (const v of views) v.win.style.flexGrow = sCols >= sRows ? String(v.levels.length) : '1';
  }
  for (const v of views) sizeWindow(v);
}

function sizeWindow(v) {
  const dpr = window.devicePixelRatio || 1;
  const w = v.win.clientWidth, h = v.win.clientHeight;
  if (!(w > 0 && h > 0)) return;
  const s = squareFor(w, h, v.levels.length, dpr);
  const s2 = s + 0.4 / dpr;  // the renderer floors to device pixels: a little room
  const m = rowMetrics(s2);
  const W = 3 * (m.gutterL + 12 * s2) + 2 * m.gap + 2 * m.pad + m.gutterL * 0.5;
  const H = m.titleH + 8 * s2 + m.gutterB + 2 * m.pad;
  v.el.style.width = Math.ceil(W) + 'px';
  v.el.style.height = Math.ceil(H) + 'px';
  const token = v.token = (v.token || 0) + 1;
  // The loader resizes on its ResizeObserver + requestAnimationFrame: measure after that.
  let tries = 0;
  const place = () => {
    if (token !== v.token) return;
    const info = v.view.layoutInfo();
    if (++tries < 10 && !(info.square > 0 && Math.abs(info.square - s) < 1.01 / dpr)) { requestAnimationFrame(place); return; }
    positionWindow(v, info);
  };
  requestAnimationFrame(() => requestAnimationFrame(place));
}

function positionWindow(v, info) {
  const s = info.square, dpr = info.dpr || 1;
  if (!(s > 0)) return;
  const m = rowMetrics(s);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity;
  for (const L of v.levels) {
    for (const corner of ['a1', 'a8', 'l1', 'l8']) {
      const c = v.view.squareCenter(squareIndex(L + corner));
      if (!c) continue;
      const [x, y] = c.split(',').map(Number);
      x0 = Math.min(x0, x - s / 2); y0 = Math.min(y0, y - s / 2); x1 = Math.max(x1, x + s / 2);
    }
  }
  if (!Number.isFinite(x0)) return;
  let left, top;
  if (info.arrangement === 'column') { left = m.tabW + 2 + m.gutterL; top = 0; }
  else { left = m.gutterL; top = m.titleH; }
  const cw = left + (x1 - x0) + 3, ch = top + 8 * s + m.gutterB;
  const w = v.win.clientWidth, h = v.win.clientHeight;
  const snap = (q) => Math.round(q * dpr) / dpr;
  v.el.style.left = snap((w - cw) / 2 - (x0 - left)) + 'px';
  v.el.style.top = snap((h - ch) / 2 - (y0 - top)) + 'px';
  // Only the crop shows (and takes clicks): the other boards stay hidden even where the
  // window is larger than the crop.
  const ew = v.el.offsetWidth, eh = v.el.offsetHeight, cx = x0 - left, cy = y0 - top;
  v.el.style.clipPath = `inset(${snap(cy)}px ${snap(ew - cx - cw)}px ${snap(eh - cy - ch)}px ${snap(cx)}px)`;
  v.win.classList.add('placed');
}

function pointOf(name) {
  const i = squareIndex(name);
  if (i < 0) return null;
  const lv = Number(name[0]);
  const v = views.find((x) => !x.levels || x.levels.includes(lv));
  return v ? v.view.squareClientPoint(i) : null;
}

async function createViews() {
  const board = $('board');
  const piecesUrl = 'pieces/';
  const make = async (el, levels) => {
    const view = await createBoardView(el, { piecesUrl, flipped: options.flip });
    const v = { view, levels, el, win: el.parentElement };
    if (options.interactive) {
      view.on('click', onClick);
      view.on('dragstart', onDragStart);
      view.on('drop', onDrop);
    } else {
      view.on('dragstart', () => false);
    }
    return v;
  };
  if (options.levels.length === 3) {
    board.classList.add('single');
    const el = document.createElement('div');
    el.className = 'view';
    board.append(el);
    views = [await make(el, null)];
    return;
  }
  const wins = levelRuns(options.levels).map((levels) => {
    const win = document.createElement('div');
    win.className = 'win';
    win.dataset.levels = levels.join(',');
    const el = document.createElement('div');
    el.className = 'view';
    win.append(el);
    board.append(win);
    return { el, levels };
  });
  views = await Promise.all(wins.map((w) => make(w.el, w.levels)));
  layoutWindows();
  let pending = 0;
  new ResizeObserver(() => {
    if (!pending) pending = requestAnimationFrame(() => { pending = 0; layoutWindows(); });
  }).observe(board);
}

// --- boot -------------------------------------------------------------------------------------
async function boot() {
  const { o, problems } = readOptions();
  options = o;
  hook.options = o;
  if (o.theme === 'dark') document.documentElement.classList.add('dark');
  if (!o.interactive) document.body.classList.add('static');
  for (const p of problems) say(p);
  start = { fen: o.fen, moves: o.moves };
  const [mod] = await Promise.all([DragonchessEngine(), createViews()]);
  M = mod;
  game = new M.Game();
  setUp();
  if (o.show) {
    const board = game.board();
    if (board[squareIndex(o.show)] === '.') say(`There is no piece on ${o.show} to show.`);
    else select(o.show);
  }
  $('cap-reset').addEventListener('click', reset);
  $('loading').remove();
  render();
  hook.ready = true;
  Promise.all(views.map((v) => v.view.ready)).then(() => { hook.piecesReady = true; }, () => {});
}

window.addEventListener('hashchange', () => location.reload());
boot().catch((e) => {
  console.error(e);
  hook.failed = String(e && e.message || e);
  const l = $('loading');
  if (l) l.textContent = 'This diagram could not start: ' + hook.failed;
});
