// The page's arrangement around the boards, for the window size:
//   layout-side   desktop: the boards on the left, the status line and the game panels in
//                 a column on the right (lichess-like)
//   layout-below  upright tablets: the boards on top, the panels in a row below them
//   layout-phone  one column that scrolls; the boards as tall as they need
// The boards themselves are arranged by the renderer: by default one level above the other
// ('column': a square and the squares directly above and below it share a screen column),
// or, when the player asks for larger squares, whatever fills the box best ('auto'). This
// module only asks the renderer, through fit(width, height, arrangement), how the boards
// would fill a box: it computes no board coordinate.

const TOPBAR = 52, PAD_X = 16, PAD_TOP = 12, PAD_BOTTOM = 16, GAP = 14, STRIP = 46;
const SIDEBAR_MIN = 320, SIDEBAR_MAX = 440, PANELS_BELOW = 236, PHONE_MAX = 760;

/** Before the board exists: whether the window is a phone's (decided by width alone). */
export const isPhoneWidth = (vw) => vw < PHONE_MAX;

/** The arrangements the page offers: the levels in line (default), or the largest squares. */
export const BOARD_STYLES = Object.freeze({ aligned: 'column', large: 'auto' });

/**
 * fit(width, height, arrangement) -> {square, contentWidth, contentHeight, ...}: the board's
 * answer for a box (board.fit). style: 'aligned' | 'large'.
 * Returns {mode, boardWidth, boardHeight (px, or null = fill the grid cell), square, arrangement}.
 */
export function chooseLayout(vw, vh, fit, style = 'aligned') {
  const arrangement = BOARD_STYLES[style] || BOARD_STYLES.aligned;
  if (isPhoneWidth(vw)) {
    // one column whatever the style: a phone's width holds one board
    const f = fit(vw, 100000, 'column');
    return { mode: 'phone', boardWidth: null, boardHeight: Math.ceil(f.contentHeight) + 2, square: f.square, arrangement: 'column' };
  }
  const availH = vh - TOPBAR - PAD_TOP - PAD_BOTTOM;
  if (vh > vw) {
    // upright: the boards take the width and what the panels below leave of the height
    const f = fit(vw - 2 * PAD_X, Math.max(120, availH - STRIP - GAP - PANELS_BELOW), arrangement);
    return { mode: 'below', boardWidth: null, boardHeight: Math.ceil(f.contentHeight) + 2, square: f.square, arrangement };
  }
  // the status line sits above the panels, so the boards get the whole height
  const f = fit(vw - 2 * PAD_X - SIDEBAR_MIN - GAP, availH, arrangement);
  const boardWidth = Math.min(Math.ceil(f.contentWidth) + 2, vw - 2 * PAD_X - SIDEBAR_MIN - GAP);
  const sidebar = Math.max(SIDEBAR_MIN, Math.min(SIDEBAR_MAX, vw - 2 * PAD_X - GAP - boardWidth));
  return { mode: 'side', boardWidth, boardHeight: null, sidebar, square: f.square, arrangement };
}

/**
 * Sets the body's layout class and the board container's size; fit as above, or null before
 * the board exists. Returns the layout (its arrangement is what the board should be set to).
 */
export function applyLayout(boardEl, fit, style) {
  // clientWidth/Height: the viewport without scroll bars (and, on phones, the device-width
  // viewport, not a layout viewport widened by overflowing content)
  const de = document.documentElement;
  const vw = de.clientWidth || window.innerWidth, vh = de.clientHeight || window.innerHeight;
  const L = fit ? chooseLayout(vw, vh, fit, style)
    : { mode: isPhoneWidth(vw) ? 'phone' : vh > vw ? 'below' : 'side', boardWidth: null, boardHeight: isPhoneWidth(vw) ? vw * 2 : null };
  const body = document.body;
  for (const m of ['phone', 'below', 'side']) body.classList.toggle('layout-' + m, m === L.mode);
  boardEl.style.height = L.boardHeight ? L.boardHeight + 'px' : '';
  boardEl.style.width = L.boardWidth ? L.boardWidth + 'px' : '';
  body.style.setProperty('--sidebar', (L.sidebar || SIDEBAR_MIN) + 'px');
  return L;
}
