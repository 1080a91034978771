// Names a piece where it stands: hovering a piece with the mouse, or pressing one for half
// a second on a touch screen, shows a small label by its square ("Gold Dragon", "frozen"
// when a Basilisk holds it). A long press also offers its card (piece-card.js). The label
// is placed from the board's own square geometry (board.squareRect); nothing here knows
// the board's layout or any rule.
//
//   const tip = createPieceTip({board, container, describe(sq) -> {letter, text} | null, onCard(letter, level)});
//   tip.hide();  tip.shown() -> {square, text} | null
//   tip.refresh()   after every drawing of the boards: the label follows what stands on its
//                   square now (a piece captured there, plainly, from afar or in a puzzle, is
//                   no longer named: the label names the capturer, or goes)
import { levelOf } from '../../facts/squares.js';

const LONG_PRESS_MS = 500;
const MOVE_SLOP_PX = 10;

export function createPieceTip({ board, container, describe, onCard }) {
  const el = document.createElement('div');
  el.className = 'piece-tip';
  el.setAttribute('role', 'tooltip');
  el.hidden = true;
  const label = document.createElement('span');
  const more = document.createElement('button');
  more.type = 'button';
  more.className = 'linkish piece-tip-more';
  more.textContent = 'How it moves';
  el.append(label, more);
  document.body.append(el);
  let shown = null; // {square, text, letter}
  let press = null; // {id, x, y, timer}
  let hideTimer = 0;

  function show(sq, { touch = false } = {}) {
    const d = sq === null ? null : describe(sq);
    if (!d) {
      hide();
      return;
    }
    const r = board.squareRect(sq);
    if (!r) {
      hide();
      return;
    }
    clearTimeout(hideTimer);
    shown = { square: sq, text: d.text, letter: d.letter };
    label.textContent = d.text;
    more.hidden = !touch || !onCard;
    el.classList.toggle('is-touch', touch);
    el.hidden = false;
    // above the square (below it when there is no room), kept inside the window
    const w = el.offsetWidth,
      h = el.offsetHeight;
    let x = r.x + r.width / 2 - w / 2,
      y = r.y - h - 6;
    if (y < 4) y = r.y + r.height + 6;
    x = Math.max(4, Math.min(window.innerWidth - w - 4, x));
    el.style.left = `${Math.round(x + window.scrollX)}px`;
    el.style.top = `${Math.round(y + window.scrollY)}px`;
    if (touch) hideTimer = setTimeout(hide, 4000);
  }
  function refresh() {
    if (!shown) return;
    const d = describe(shown.square);
    if (!d) {
      hide();
      return;
    }
    if (d.text === shown.text && d.letter === shown.letter) return;
    shown = { ...shown, text: d.text, letter: d.letter };
    label.textContent = d.text;
  }
  function hide() {
    clearTimeout(hideTimer);
    shown = null;
    el.hidden = true;
  }

  board.on('hover', (sq) => show(sq));
  container.addEventListener('mouseleave', () => {
    if (!el.matches(':hover')) hide();
  });
  more.addEventListener('click', () => {
    const s = shown;
    hide();
    if (s && onCard) onCard(s.letter, levelOf(s.square));
  });

  // Long press (touch): the renderer sees the same touches (they select or drag the
  // piece); the label only appears when the finger stays put.
  container.addEventListener(
    'pointerdown',
    (e) => {
      if (e.pointerType === 'mouse') return;
      cancelPress();
      const sq = board.squareAt(e.clientX, e.clientY);
      if (sq === null) return;
      press = {
        id: e.pointerId,
        x: e.clientX,
        y: e.clientY,
        timer: setTimeout(() => {
          press = null;
          show(sq, { touch: true });
        }, LONG_PRESS_MS),
      };
    },
    true,
  );
  const cancelPress = () => {
    if (press) {
      clearTimeout(press.timer);
      press = null;
    }
  };
  container.addEventListener(
    'pointermove',
    (e) => {
      if (
        press &&
        e.pointerId === press.id &&
        Math.hypot(e.clientX - press.x, e.clientY - press.y) > MOVE_SLOP_PX
      )
        cancelPress();
    },
    true,
  );
  container.addEventListener('pointerup', cancelPress, true);
  container.addEventListener('pointercancel', cancelPress, true);
  // no system menu on a long press over the boards
  container.addEventListener('contextmenu', (e) => {
    if (e.target.closest('canvas')) e.preventDefault();
  });
  window.addEventListener('scroll', hide, { passive: true });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') hide();
  });

  return {
    hide,
    refresh,
    shown: () => (shown ? { square: shown.square, text: shown.text } : null),
    element: el,
  };
}
