// Page layout: picks how the page arranges the boards and the panels for the window
// and sizes the board container so the renderer's arrangement fills it without waste.
//   layout-below  boards across the window, the panels in a row below (when the boards
//                 get clearly bigger that way)
//   layout-side   boards left (the renderer's pyramid, row or column), a sidebar right
//   layout-phone  one column; the renderer stacks the three boards
// The extent formula mirrors web/renderer/layout.cpp (geometry only) so the container
// can be given the aspect the renderer will use.

const ROW = 'row', COLUMN = 'column', PYRAMID = 'pyramid';

function metrics(s, a) {
  const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
  const coordFont = clamp(0.30 * s, 8.5, 13);
  const m = {
    gutterL: Math.round(coordFont * 1.05 + 3),
    gutterB: Math.round(coordFont * 1.45 + 1),
    pad: clamp(0.2 * s, 3, 14),
  };
  if (a === COLUMN) {
    const titleFont = clamp(0.40 * s, 10, 15);
    m.titleH = 0; m.tabW = Math.round(titleFont * 1.75); m.gap = m.gapV = clamp(0.15 * s, 3, 12);
  } else {
    const titleFont = clamp(0.40 * s, 11, 17);
    m.titleH = Math.round(titleFont * 1.75); m.tabW = 0;
    m.gap = clamp(0.45 * s, 8, 26); m.gapV = clamp(0.25 * s, 4, 16);
  }
  return m;
}

export function extent(s, a) {
  const m = metrics(s, a);
  const bw = 12 * s, bh = m.titleH + 8 * s + m.gutterB;
  if (a === COLUMN) return { w: m.tabW + 2 + m.gutterL + bw + 2 * m.pad, h: 3 * bh + 2 * m.gapV + 2 * m.pad };
  if (a === PYRAMID) return { w: 2 * (m.gutterL + bw) + m.gap + 2 * m.pad + m.gutterL * 0.5, h: 2 * bh + m.gapV + 2 * m.pad };
  return { w: 3 * (m.gutterL + bw) + 2 * m.gap + 2 * m.pad + m.gutterL * 0.5, h: bh + 2 * m.pad };
}

export function bestSquare(W, H, a) {
  let lo = 0, hi = 400;
  for (let i = 0; i < 32; i++) {
    const mid = (lo + hi) / 2;
    const e = extent(mid, a);
    if (e.w <= W && e.h <= H) lo = mid; else hi = mid;
  }
  return lo;
}

// The arrangement the renderer picks for a W x H container, its square and extent.
export function fit(W, H) {
  const row = bestSquare(W, H, ROW), col = bestSquare(W, H, COLUMN), pyr = bestSquare(W, H, PYRAMID);
  let a = ROW, s = row;
  if (col > s) { a = COLUMN; s = col; }
  if (pyr > 1.12 * s) { a = PYRAMID; s = pyr; }
  return { arrangement: a, square: s, ...extent(s, a) };
}

const TOPBAR = 52, PAD_X = 16, PAD_TOP = 12, PAD_BOTTOM = 16, GAP = 14, STRIP = 46;
const SIDEBAR = 340, PANELS_MIN = 290, PHONE_MAX = 760;

// -> {mode, boardHeight (px, or null = fill the column), square, arrangement}
export function chooseLayout(vw, vh) {
  if (vw < PHONE_MAX) {
    const f = fit(vw, 1e5);
    return { mode: 'phone', boardHeight: Math.ceil(f.h) + 2, square: f.square, arrangement: f.arrangement };
  }
  const availH = vh - TOPBAR - PAD_TOP - PAD_BOTTOM - STRIP;
  // Boards left, sidebar right (lichess-like): preferred unless the boards get clearly
  // bigger with the panels below them.
  const side = fit(vw - 2 * PAD_X - SIDEBAR - GAP, availH);
  const below = fit(Math.min(vw, 1900) - 2 * PAD_X, Math.max(120, availH - GAP - PANELS_MIN));
  if (side.square >= below.square * 0.9) return { mode: 'side', boardHeight: null, square: side.square, arrangement: side.arrangement };
  return { mode: 'below', boardHeight: Math.ceil(below.h) + 2, square: below.square, arrangement: below.arrangement };
}

export function applyLayout(boardEl) {
  // clientWidth/Height: the viewport without scroll bars (and, on phones, the
  // device-width viewport, not a layout viewport widened by overflowing content)
  const de = document.documentElement;
  const L = chooseLayout(de.clientWidth || window.innerWidth, de.clientHeight || window.innerHeight);
  const body = document.body;
  for (const m of ['phone', 'below', 'side']) body.classList.toggle('layout-' + m, m === L.mode);
  boardEl.style.height = L.boardHeight ? L.boardHeight + 'px' : '';
  return L;
}
