// Names a piece where it stands: hovering a piece with the mouse, or pressing one for half
// a second on a touch screen, shows a small label by its square ("Gold Dragon", "frozen"
// when a Basilisk holds it). A long press also offers its card (piece-card.js). The label
// is placed from the board's own square geometry (board.squareRect, board.labels); nothing
// here knows the board's layout or any rule. It covers no marked square (the selected
// piece's destinations, the last move: keepClear) and no level's label: above the square
// when that is clear, else below, beside, or wherever it covers least.
//
//   const tip = createPieceTip({board, container, describe(sq) -> {letter, text} | null,
//                               keepClear() -> squares on show as marks, onCard(letter, level)});
//   tip.hide();  tip.shown() -> {square, text} | null
//   tip.refresh()   after every drawing of the boards: the label follows what stands on its
//                   square now (a piece captured there, plainly, from afar or in a puzzle, is
//                   no longer named: the label names the capturer, or goes)
import { levelOf } from '../../facts/squares.js';

const LONG_PRESS_MS = 500;
const MOVE_SLOP_PX = 10;

export function createPieceTip({ board, container, describe, keepClear = () => [], onCard }) {
  const el = document.createElement('div');
  el.className = 'piece-tip';
  el.setAttribute('role', 'tooltip');
  el.hidden = true;
  const label = document.createElement('span');
  const more = document.createElement('button');
  more.type = 'button';
  more.className = 'linkish piece-tip-more';
  more.dataset.i18n = 'page.tip.more'; // its words: the page's (util/dom-words.js)
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
    moveTo(sq);
    if (touch) hideTimer = setTimeout(hide, 4000);
  }
  // The label's top-left corner (viewport px) for a square's rect r: the first of above,
  // below, right and left that stays inside the window and covers no marked square and no
  // label of the boards; failing that, the one covering fewest.
  function place(r, w, h, sq) {
    const gap = 6;
    const c = board.canvas.getBoundingClientRect();
    const avoid = [
      ...keepClear()
        .filter((s) => s !== sq)
        .map((s) => board.squareRect(s))
        .filter(Boolean),
      ...board.labels().map((l) => ({ x: c.left + l.x, y: c.top + l.y, width: l.width, height: l.height })),
    ];
    const cx = r.x + r.width / 2 - w / 2,
      cy = r.y + r.height / 2 - h / 2;
    const spots = [
      [cx, r.y - h - gap],
      [cx, r.y + r.height + gap],
      [r.x + r.width + gap, cy],
      [r.x - w - gap, cy],
    ].map(([x, y]) => ({ x: Math.max(4, Math.min(window.innerWidth - w - 4, x)), y }));
    const inside = ({ y }) => y >= 4 && y + h <= window.innerHeight - 4;
    const covered = ({ x, y }) =>
      avoid.filter((a) => x < a.x + a.width && a.x < x + w && y < a.y + a.height && a.y < y + h).length;
    let best = null;
    for (const s of spots.filter(inside).concat(spots)) {
      const n = covered(s) + (inside(s) ? 0 : 1000);
      if (!best || n < best.n) best = { s, n };
      if (n === 0) break;
    }
    return [best.s.x, best.s.y];
  }
  function refresh() {
    if (!shown) return;
    const d = describe(shown.square);
    if (!d) {
      hide();
      return;
    }
    if (d.text !== shown.text || d.letter !== shown.letter) {
      shown = { ...shown, text: d.text, letter: d.letter };
      label.textContent = d.text;
    }
    moveTo(shown.square); // the marks around it may have changed (a piece selected)
  }
  function moveTo(sq) {
    const r = board.squareRect(sq);
    if (!r) return;
    const [x, y] = place(r, el.offsetWidth, el.offsetHeight, sq);
    el.style.left = `${Math.round(x + window.scrollX)}px`;
    el.style.top = `${Math.round(y + window.scrollY)}px`;
  }
  function hide() {
    clearTimeout(hideTimer);
    shown = null;
    el.hidden = true;
  }

  board.on('hover', (sq) => show(sq));
  board.on('select', () => shown && moveTo(shown.square));
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
