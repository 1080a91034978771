// A swipe or a tap on the boards, where the page scrolls (a phone's column of boards and
// panels): a vertical swipe scrolls the page and never reaches the boards (it would pick up
// or move a piece); a tap, or a drag that starts sideways, reaches them whole, as if nothing
// had waited. (A piece is moved up or down a column by a tap on it and a tap on its square.)
//
// The boards' renderer takes every touch it is given (and keeps the browser from scrolling
// with it), so a touch waits here, on its way down to the canvas, until it shows what it is:
// its first few pixels of movement decide, by their direction; lifted before that, it is a
// tap. The canvas lets the browser pan vertically (style.css: touch-action), so a touch the
// boards never saw scrolls the page natively, with its momentum.

const SLOP_PX = 8; // the renderer's own drag threshold for a touch: less moves nothing

/**
 * Holds the touches on the boards (the canvas inside `container`) while scrolls(): true
 * where the page can scroll under them.
 * @param {HTMLElement} container
 * @param {() => boolean} scrolls
 */
export function holdSwipes(container, scrolls) {
  /** @type {null | {mode: 'wait' | 'scroll' | 'pass', start: TouchEvent, x: number, y: number}} */
  let held = null;

  // the touchstart held back, now handed to the canvas: the renderer sees the press
  const pass = () => {
    if (!held || held.mode !== 'wait') return;
    held.mode = 'pass';
    const e = held.start;
    const copy = (list) => [...list].map((t) => new Touch(t));
    e.target.dispatchEvent(
      new TouchEvent('touchstart', {
        bubbles: true,
        cancelable: true,
        touches: copy(e.touches),
        targetTouches: copy(e.targetTouches),
        changedTouches: copy(e.changedTouches),
      }),
    );
  };

  const opts = { capture: true, passive: false };
  container.addEventListener(
    'touchstart',
    (e) => {
      if (held && held.mode === 'wait') pass(); // a second finger: the boards get both
      if (held || e.touches.length > 1 || !scrolls()) return;
      e.stopPropagation();
      const t = e.changedTouches[0];
      held = { mode: 'wait', start: e, x: t.clientX, y: t.clientY };
    },
    opts,
  );
  container.addEventListener(
    'touchmove',
    (e) => {
      if (!held) return;
      if (held.mode === 'wait') {
        const t = e.changedTouches[0];
        const dx = t.clientX - held.x,
          dy = t.clientY - held.y;
        if (Math.hypot(dx, dy) < SLOP_PX) {
          e.stopPropagation();
          return;
        }
        if (Math.abs(dy) > Math.abs(dx)) held.mode = 'scroll';
        else pass();
      }
      if (held.mode === 'scroll') e.stopPropagation();
      else if (e.cancelable) e.preventDefault(); // a drag on the boards: the page stays
    },
    opts,
  );
  const end = (e) => {
    if (!held) return;
    if (held.mode === 'wait') {
      if (e.type === 'touchend') {
        pass(); // a tap: the press, then its end
        if (e.cancelable) e.preventDefault(); // and no mouse events after it (the renderer had the touch)
      } else e.stopPropagation(); // cancelled before anything: the boards never knew
    } else if (held.mode === 'scroll') e.stopPropagation();
    else if (e.type === 'touchend' && e.cancelable) e.preventDefault(); // the boards had it all
    if (e.touches.length === 0) held = null;
  };
  container.addEventListener('touchend', end, opts);
  container.addEventListener('touchcancel', end, opts);
}
