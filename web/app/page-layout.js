// The page's arrangement around the boards, for the window size:
//   layout-side   boards left, a sidebar right (lichess-like)
//   layout-below  boards across the window, the panels in a row below them (when the
//                 boards get clearly bigger that way)
//   layout-phone  one column that scrolls; the boards as tall as they need
// The board's own geometry (arrangement, square size, extent) is the renderer's: this
// module only asks it, through board.fit(width, height), how it would fill a box.

const TOPBAR = 52, PAD_X = 16, PAD_TOP = 12, PAD_BOTTOM = 16, GAP = 14, STRIP = 46;
const SIDEBAR = 340, PANELS_MIN = 290, PHONE_MAX = 760;

/** Before the board exists: whether the window is a phone's (decided by width alone). */
export const isPhoneWidth = (vw) => vw < PHONE_MAX;

/**
 * fit(width, height) -> {square, contentHeight, ...}: the board's answer for a box (board.fit).
 * Returns {mode, boardHeight (px, or null = fill the column), square}.
 */
export function chooseLayout(vw, vh, fit) {
  if (isPhoneWidth(vw)) {
    const f = fit(vw, 100000);
    return { mode: 'phone', boardHeight: Math.ceil(f.contentHeight) + 2, square: f.square };
  }
  const availH = vh - TOPBAR - PAD_TOP - PAD_BOTTOM - STRIP;
  const side = fit(vw - 2 * PAD_X - SIDEBAR - GAP, availH);
  const below = fit(Math.min(vw, 1900) - 2 * PAD_X, Math.max(120, availH - GAP - PANELS_MIN));
  if (side.square >= below.square * 0.9) return { mode: 'side', boardHeight: null, square: side.square };
  return { mode: 'below', boardHeight: Math.ceil(below.contentHeight) + 2, square: below.square };
}

/** Sets the body's layout class and the board container's height; fit as above, or null before the board exists. */
export function applyLayout(boardEl, fit) {
  // clientWidth/Height: the viewport without scroll bars (and, on phones, the device-width
  // viewport, not a layout viewport widened by overflowing content)
  const de = document.documentElement;
  const vw = de.clientWidth || window.innerWidth, vh = de.clientHeight || window.innerHeight;
  const L = fit ? chooseLayout(vw, vh, fit) : { mode: isPhoneWidth(vw) ? 'phone' : 'side', boardHeight: isPhoneWidth(vw) ? vw * 2 : null };
  const body = document.body;
  for (const m of ['phone', 'below', 'side']) body.classList.toggle('layout-' + m, m === L.mode);
  boardEl.style.height = L.boardHeight ? L.boardHeight + 'px' : '';
  return L;
}
