// The page's arrangement around the boards, for the window size:
//   layout-side   the boards on the left, the status line and the game panels in a column on
//                 the right (lichess-like)
//   layout-below  the boards on top, the panels in a row below them
//   layout-phone  a phone or a tablet held upright (portrait windows up to 1023 px wide): one
//                 column that scrolls under a status line that stays, the boards as wide as the
//                 window (the levels one above the other), the panels below them, a toolbar at
//                 the bottom
//   layout-side layout-low  the focus view on a phone turned: as layout-side, with a low top
//                 bar and narrow margins (the level in play as tall as the window allows)
//   layout-phone layout-turned  a phone turned (low windows): the boards side by side across
//                 the width under the status line, the toolbar below them, the panels further
//                 down (they scroll)
// Landscape desktops and tablets (and portrait windows wider than a tablet) get whichever of side and below gives the largest squares. Which
// arrangement of the boards that is (a row, a column, a pyramid) is the renderer's choice: the
// page hands it the boxes it could give the boards (board.bestFit) and takes its answer. By
// default the boards are arranged for the largest squares ('auto'); the player may ask for the
// levels in line instead ('column': a square and the squares directly above and below it share
// a screen column). This module computes no board coordinate.
//
// Two views: the three boards (above), or the focus view (the renderer's arrangement
// 'focus': the level in play as large as the box allows, the other two as mini-maps beside or
// below it). The focus view is the default on phones, upright or turned, and wherever the
// three boards would get squares smaller than a fingertip; the player's choice (a preference)
// overrides it on every device.
//
// On a phone, what docks at the bottom (the toolbar, an offer to answer, a note) stacks above
// the toolbar and the scrolling part ends above them: they never cover a board square. A
// turned phone has no height to spare: there an offer to answer takes the toolbar's place
// until it is answered or lapses.

import { all } from '../../util/dom.js';

const TOPBAR = 52,
  PAD_X = 16,
  PAD_TOP = 12,
  PAD_BOTTOM = 16,
  GAP = 14,
  STRIP = 46;
const SIDEBAR_MIN = 320,
  SIDEBAR_MAX = 440,
  PANELS_BELOW = 236,
  PHONE_MAX_WIDTH = 760,
  PHONE_MAX_HEIGHT = 500;
const UPRIGHT_MAX_WIDTH = 1024; // a portrait window narrower than this: the phone's one column
const FINGER = 30; // px: squares smaller than this take more than one try to hit with a finger
const FOCUS_SIDEBAR_MIN = 210; // the focus view gives the level in play what the panels can spare
const LOW_TOPBAR = 40,
  LOW_PAD = 4,
  LOW_SIDEBAR_MIN = 200; // layout-low (style.css)

/** Before the board exists: the page's mode from the window's size alone. */
export function windowMode(vw, vh) {
  if (vh >= vw && vw < UPRIGHT_MAX_WIDTH) return 'phone';
  if (vh < PHONE_MAX_HEIGHT && vw > vh) return 'turned';
  return vw < PHONE_MAX_WIDTH ? 'phone' : vh > vw ? 'below' : 'side';
}

/** The arrangements the page offers: the largest squares (default), or the levels in line. */
export const BOARD_STYLES = Object.freeze({ large: 'auto', aligned: 'column' });
/** The views: the three boards, or one level large with the others as mini-maps. */
export const VIEWS = Object.freeze(['three', 'focus']);

/**
 * @typedef {object} PageLayout
 * @property {string} mode side, below, phone, turned or low (MODE_CLASSES)
 * @property {number | null} boardWidth px, or null: the grid cell's
 * @property {number | null} boardHeight px, or null: the grid cell's
 * @property {number} [square] the boards' square (the level in focus's), px
 * @property {string} [arrangement] what the board should be set to
 * @property {number} [sidebar] px
 * @property {string} [view] 'three' or 'focus': the view chosen
 */

/**
 * bestFit(boxes, arrangement) -> {box, square, contentWidth, contentHeight, ...}: the board's
 * answer (board.bestFit). style: 'large' | 'aligned'. turnedHeight: on a turned phone, the
 * height the boards have between the status line and the toolbar (measured by the layout's apply).
 * view: 'three' | 'focus' (the player's choice), or null: the default for the window.
 * Returns {mode, boardWidth, boardHeight (px, or null = fill the grid cell), square, arrangement, sidebar,
 * view (the one chosen)}.
 * @returns {PageLayout}
 */
export function chooseLayout(vw, vh, bestFit, style = 'large', turnedHeight = 0, view = null) {
  const three = threeBoards(vw, vh, bestFit, style, turnedHeight);
  const focus =
    view === 'focus' ||
    (view !== 'three' && (three.mode === 'phone' || three.mode === 'turned' || three.square < FINGER));
  return focus ? { ...focusLayout(vw, vh, bestFit, three.mode), view: 'focus' } : { ...three, view: 'three' };
}

// The focus view: the box the three boards would get, or on a desktop a wider one (the panels
// narrower: the level in play is the game).
function focusLayout(vw, vh, bestFit, mode) {
  if (mode === 'phone') {
    const f = bestFit([[vw, vh]], 'focus');
    return {
      mode,
      boardWidth: null,
      boardHeight: Math.ceil(f.contentHeight) + 2,
      square: f.square,
      arrangement: 'focus',
    };
  }
  if (mode === 'turned') {
    // the page's column beside the boards, as on a desktop: the whole height for the level in play
    const w = vw - 2 * LOW_PAD - LOW_SIDEBAR_MIN - LOW_PAD;
    const f = bestFit([[w, vh - LOW_TOPBAR - 2 * LOW_PAD]], 'focus');
    const boardWidth = Math.min(Math.ceil(f.contentWidth) + 2, w);
    const sidebar = vw - 3 * LOW_PAD - boardWidth;
    return { mode: 'low', boardWidth, boardHeight: null, sidebar, square: f.square, arrangement: 'focus' };
  }
  const availH = vh - TOPBAR - PAD_TOP - PAD_BOTTOM;
  const fitBeside = (column) => bestFit([[vw - 2 * PAD_X - column - GAP, availH]], 'focus');
  // the panels get every pixel the level in play does not need at its largest square (the
  // widest column that keeps it; the mini-maps take what is left)
  const square = fitBeside(FOCUS_SIDEBAR_MIN).square;
  let lo = FOCUS_SIDEBAR_MIN,
    hi = SIDEBAR_MAX;
  if (fitBeside(hi).square >= square) lo = hi;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fitBeside(mid).square >= square) lo = mid;
    else hi = mid;
  }
  const sideW = vw - 2 * PAD_X - lo - GAP;
  const f = fitBeside(lo);
  const boardWidth = Math.min(Math.ceil(f.contentWidth) + 2, sideW);
  const sidebar = Math.max(lo, Math.min(SIDEBAR_MAX, vw - 2 * PAD_X - GAP - boardWidth));
  return { mode: 'side', boardWidth, boardHeight: null, sidebar, square: f.square, arrangement: 'focus' };
}

function threeBoards(vw, vh, bestFit, style, turnedHeight) {
  const mode = windowMode(vw, vh);
  if (mode === 'phone') {
    // the width holds one board: the levels one above the other, as wide as the window (they scroll)
    const f = bestFit([[vw, 100000]], 'column');
    return {
      mode,
      boardWidth: null,
      boardHeight: Math.ceil(f.contentHeight) + 2,
      square: f.square,
      arrangement: 'column',
    };
  }
  if (mode === 'turned') {
    // the three boards in view at once, across the width: the renderer's largest squares
    const f = bestFit([[vw - 8, Math.max(60, turnedHeight)]], 'auto');
    return {
      mode,
      boardWidth: null,
      boardHeight: Math.max(60, Math.floor(turnedHeight)),
      square: f.square,
      arrangement: f.arrangement,
    };
  }
  const arrangement = BOARD_STYLES[style] || BOARD_STYLES.large;
  const availH = vh - TOPBAR - PAD_TOP - PAD_BOTTOM;
  const sideW = vw - 2 * PAD_X - SIDEBAR_MIN - GAP;
  // side: the status line sits above the panels, so the boards get the whole height;
  // below: the boards take the width and what the status line and the panels leave
  const boxes = [
    [sideW, availH],
    [vw - 2 * PAD_X, Math.max(120, availH - STRIP - GAP - PANELS_BELOW)],
  ];
  const f = bestFit(boxes, arrangement);
  const fixed = arrangement === 'auto' ? f.arrangement : arrangement;
  if (f.box === 1)
    return {
      mode: 'below',
      boardWidth: null,
      boardHeight: Math.ceil(f.contentHeight) + 2,
      square: f.square,
      arrangement: fixed,
    };
  const boardWidth = Math.min(Math.ceil(f.contentWidth) + 2, sideW);
  const sidebar = Math.max(SIDEBAR_MIN, Math.min(SIDEBAR_MAX, vw - 2 * PAD_X - GAP - boardWidth));
  return { mode: 'side', boardWidth, boardHeight: null, sidebar, square: f.square, arrangement: fixed };
}

const MODE_CLASSES = {
  side: ['layout-side'],
  below: ['layout-below'],
  phone: ['layout-phone'],
  turned: ['layout-phone', 'layout-turned'],
  low: ['layout-side', 'layout-low'],
};
const LAYOUT_CLASSES = ['layout-side', 'layout-below', 'layout-phone', 'layout-turned', 'layout-low'];

// The scrolling part's height under the status line (a phone's page, its classes set).
function visibleHeight() {
  const app = document.getElementById('app'),
    strip = document.getElementById('status-strip');
  const toolbar = /** @type {HTMLElement | null} */ (document.querySelector('.card-game .game-controls'));
  const top = app.getBoundingClientRect().top + (strip ? strip.offsetHeight : 0);
  return window.innerHeight - top - (toolbar ? toolbar.offsetHeight : 0) - 4;
}

/** @returns {PageLayout} */
function applyLayout(boardEl, bestFit, style, view, dock) {
  // clientWidth/Height: the viewport without scroll bars (and, on phones, the device-width
  // viewport, not a layout viewport widened by overflowing content)
  const de = document.documentElement;
  const vw = de.clientWidth || window.innerWidth,
    vh = de.clientHeight || window.innerHeight;
  const mode = windowMode(vw, vh);
  const body = document.body;
  for (const c of LAYOUT_CLASSES) body.classList.toggle(c, MODE_CLASSES[mode].includes(c));
  // a turned phone: the boards get what the scrolling part shows under the status line
  const turnedHeight = mode === 'turned' ? visibleHeight() : 0;
  /** @type {PageLayout} */
  const L = bestFit
    ? chooseLayout(vw, vh, bestFit, style, turnedHeight, view)
    : {
        mode,
        boardWidth: null,
        boardHeight: mode === 'phone' ? vw * 2 : mode === 'turned' ? turnedHeight : null,
      };
  for (const c of LAYOUT_CLASSES) body.classList.toggle(c, MODE_CLASSES[L.mode].includes(c));
  boardEl.style.height = L.boardHeight ? L.boardHeight + 'px' : '';
  boardEl.style.width = L.boardWidth ? L.boardWidth + 'px' : '';
  body.style.setProperty('--sidebar', (L.sidebar || SIDEBAR_MIN) + 'px');
  // a column narrower than the panels are made for (the focus view's): compact controls (style.css)
  body.classList.toggle('side-narrow', !!L.sidebar && L.sidebar < SIDEBAR_MIN);
  dock();
  return L;
}

// --- the phone's dock ------------------------------------------------------------------------
// From the bottom up: the toolbar (or, in a lesson or a puzzle, its actions), an offer to
// answer, a note (toast): each placed on the one below it, and the scrolling part ends above
// them all (--dock).
const DOCKED = ['.card-game .game-controls', '#learn-actions', '#offers .offers-prompt', '#toast'];
/** Places the docked parts; watches each one's size, so that it places them again. */
function createDock() {
  const watched = new WeakSet();
  const watch = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => dock()) : null;
  function dock() {
    const body = document.body,
      phone = body.classList.contains('layout-phone');
    const prompts = all('#offers .offers-prompt'); // a draw offer, a takeback request
    const over = phone && body.classList.contains('layout-turned') && prompts.some((p) => p.offsetHeight > 0);
    body.classList.toggle('offer-over-toolbar', over);
    let bottom = 0;
    for (const el of DOCKED.flatMap((s) => all(s))) {
      if (watch && !watched.has(el)) {
        watched.add(el);
        watch.observe(el);
      }
      const docked = phone && getComputedStyle(el).position === 'fixed';
      el.style.bottom = docked ? bottom + 'px' : '';
      const covered = over && el.matches('.card-game .game-controls'); // the offer lies on it
      if (docked && !covered && el.offsetHeight > 0) bottom += el.offsetHeight;
    }
    document.body.style.setProperty('--dock', bottom + 'px');
  }
  return dock;
}

/**
 * The page's layout: apply(boardEl, bestFit, style, view) sets the body's layout classes and
 * the board container's size (bestFit as above, or null before the board exists) and places
 * the phone's dock; it returns the layout (its arrangement is what the board should be set to).
 */
export function createPageLayout() {
  const dock = createDock();
  return {
    /** @returns {PageLayout} */
    apply: (boardEl, bestFit, style = undefined, view = null) =>
      applyLayout(boardEl, bestFit, style, view, dock),
  };
}
