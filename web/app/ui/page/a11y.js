// Playing without a mouse and with a screen reader: moves in words for a polite live
// region, feedback for typed moves, and keyboard navigation of the three boards with a
// focus ring over the canvas. No rules here: what a square holds and where a piece may go
// come from the controller (which asks the engine).
import { parseSquare } from '../../facts/squares.js';
import { levelTerm } from '../../facts/terms.js';
import { $ } from '../../util/dom.js';

// --- the live region ----------------------------------------------------------------------
/**
 * The page's voice: a function that says `text` through the polite live region `el`
 * (#announce). One per page (main.js makes it, or is handed one).
 * @returns {(text: string) => void}
 */
export function createAnnouncer(el = $('announce')) {
  let timer = 0;
  return (text) => {
    if (!el || !text) return;
    // cleared first, so the same words twice are read twice
    el.textContent = '';
    clearTimeout(timer);
    timer = setTimeout(() => {
      el.textContent = text;
    }, 30);
  };
}

/** Shows (and, through its live region, says) why a typed move was not played; null clears it. */
export function moveFeedback(input, out, error) {
  if (error) {
    input.setAttribute('aria-invalid', 'true');
    out.textContent = error;
    out.hidden = false;
  } else {
    input.removeAttribute('aria-invalid');
    out.textContent = '';
    out.hidden = true;
  }
}

// --- keyboard navigation of the boards -------------------------------------------------------
/**
 * Makes the board container focusable and drives a focus square with the keyboard:
 * arrows move within a board (as the boards are drawn, flipped or not), PageUp/PageDown
 * or ] [ change level (1 2 3 jump to one), Enter/Space select and play, Escape cancels.
 * o: {el, squareRect(sq) -> viewport rect or null (the board's), ring, desc, shown() -> board string, describe(name) -> text,
 *     activate(name), cancel() -> whether something was cancelled, start() -> square name,
 *     showLevel(level): brings the focus square's level into view (the focus view draws one level large),
 *     t: the page's words (a translator: util/i18n.js; page.edge, note.keys.*)}
 */
export function boardKeys(o) {
  const { el, ring, desc, t } = o;
  let focus = null; // square name
  let keyboard = false; // the ring shows after keyboard use, not after a click
  el.tabIndex = 0;

  const rect = (name) => o.squareRect(parseSquare(name));
  const centre = (name) => {
    const r = rect(name);
    return r && { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  };

  function place() {
    const show = keyboard && focus && document.activeElement === el;
    if (!show) {
      ring.hidden = true;
      return;
    }
    const r = rect(focus);
    if (!r) {
      ring.hidden = true;
      return;
    }
    const origin = (ring.offsetParent || el).getBoundingClientRect();
    Object.assign(ring.style, {
      left: `${r.x - origin.left}px`,
      top: `${r.y - origin.top}px`,
      width: `${r.width}px`,
      height: `${r.height}px`,
    });
    ring.hidden = false;
  }

  function say(prefix = '') {
    if (!focus) return;
    const text = prefix + o.describe(focus);
    desc.textContent = text;
    el.setAttribute('aria-label', t('note.keys.boards', { square: text }));
  }

  // the focused square's words without saying them (the move itself is announced)
  function label() {
    if (focus) el.setAttribute('aria-label', t('note.keys.boards', { square: o.describe(focus) }));
  }

  function setFocus(name, fromKeyboard = true, prefix = '') {
    if (parseSquare(name) === null) return;
    focus = name;
    if (fromKeyboard) keyboard = true;
    if (fromKeyboard) o.showLevel?.(Number(name[0])); // a click brings its own level (the renderer)
    place();
    if (fromKeyboard) say(prefix);
  }

  // The neighbour of `name` one step in screen direction (dx, dy), on the same level.
  function step(name, dx, dy) {
    const here = centre(name);
    const l = name[0],
      f = name.charCodeAt(1) - 97,
      r = Number(name[2]) - 1;
    let best = null,
      bestScore = -Infinity;
    for (const [df, dr] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const nf = f + df,
        nr = r + dr;
      if (nf < 0 || nf > 11 || nr < 0 || nr > 7) continue;
      const cand = l + String.fromCharCode(97 + nf) + String(nr + 1);
      const c = centre(cand);
      if (!c || !here) continue;
      const score = (c.x - here.x) * dx + (c.y - here.y) * dy;
      if (score > bestScore) {
        bestScore = score;
        best = cand;
      }
    }
    return bestScore > 0 ? best : null;
  }

  function toLevel(level) {
    const name = focus || o.start();
    const target = String(level) + name.slice(1);
    setFocus(target, true, t('note.keys.level', { level, name: levelTerm(t, level) }) + ' ');
  }

  el.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (!focus) focus = o.start();
    const k = e.key;
    let handled = true;
    const move = (dx, dy) => {
      const n = step(focus, dx, dy);
      if (n) setFocus(n);
      else setFocus(focus, true, t('page.edge') + ' ');
    };
    if (k === 'ArrowLeft') move(-1, 0);
    else if (k === 'ArrowRight') move(1, 0);
    else if (k === 'ArrowUp') move(0, -1);
    else if (k === 'ArrowDown') move(0, 1);
    else if (k === 'PageUp' || k === ']') toLevel(Math.min(3, Number(focus[0]) + 1));
    else if (k === 'PageDown' || k === '[') toLevel(Math.max(1, Number(focus[0]) - 1));
    else if (k === '1' || k === '2' || k === '3') toLevel(Number(k));
    else if (k === 'Enter' || k === ' ') {
      keyboard = true;
      o.activate(focus);
      label();
    } else if (k === 'Escape') {
      if (o.cancel()) say(t('note.keys.cancelled') + ' ');
      else handled = false;
    } else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  });
  el.addEventListener('focus', () => {
    if (!focus) focus = o.start();
    if (el.matches(':focus-visible')) keyboard = true;
    place();
    say();
  });
  el.addEventListener('blur', () => {
    ring.hidden = true;
  });
  el.addEventListener(
    'pointerdown',
    () => {
      keyboard = false;
      ring.hidden = true;
    },
    true,
  );
  new ResizeObserver(() => requestAnimationFrame(place)).observe(el);

  return {
    setFocus,
    focus: () => focus,
    /** after every render: the ring follows the layout, the words follow the position */
    refresh() {
      place();
      if (focus && document.activeElement === el) label();
    },
  };
}
