// The board component (contract 4): the SDL2 renderer (web/renderer) with a typed state.
// It knows no rules: it is handed the pieces and the legal destinations and emits
// move(from, to) only onto one of them. Selection (click-click), dragging, destination
// marks and the same-square marks on the other levels live inside the renderer; every
// board coordinate is computed there (geometry(), fit(), squareRect()).
//
//   const board = await createBoard(el, { interactive, levels: [3, 2, 1], arrangement: 'auto', orientation: 'gold', assetsUrl });
//   board.set({ pieces, dests, afar, lastMove, check, checkers, premove, frozen, orientation, levels,
//               arrangement, focus, arrows, selected, animate, diagram, free, levelLabels });  // any subset of keys
//   board.on('move' | 'select' | 'hover' | 'click' | 'drop' | 'focus', fn);  board.off(name, fn)   (click: any square, empty too)
//
// The focus view (arrangement: 'focus'): the level `focus` as large as the box allows, the
// other shown levels beside or below it as mini-maps. A tap on a mini-map, a sideways swipe
// across the level in focus, or a drag entering a mini-map brings another level into focus
// (the event 'focus', with the level); set({focus}) does the same for the page.
//   board.geometry(); board.fit(w, h, {dpr, levels, arrangement}); board.bestFit([[w, h], ...], {...});
//   board.squareRect(sq); board.squareAt(clientX, clientY);
//   board.labels(); board.drawNow();
//   await board.ready (-> {} or {error}: the piece images could not be had, letters instead); board.destroy();
//
// Free mode (free: true, a position editor): any piece may be dragged to any square or
// off the boards, reported as drop(from, to) (to null: off the boards); no move is played.
// It goes with dests: a state that hands dests without free: true ends it.

import { createBoardView } from './ui-loader.js';
import { isSquare, SQUARES } from './squares.js';

const EVENTS = ['move', 'select', 'hover', 'click', 'drop', 'focus'];

/** @param {string} what @returns {never} */
function fail(what) {
  throw new TypeError(`board.set: ${what}`);
}

function square(v, key) {
  if (!isSquare(v)) fail(`${key} should be a square number 0..287, not ${JSON.stringify(v)}`);
  return v;
}
function squareOrNull(v, key) {
  return v === null || v === undefined ? null : square(v, key);
}
function squareList(v, key) {
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v)) fail(`${key} should be an array of square numbers`);
  return v.map((x) => square(x, key));
}
function pair(v, key) {
  if (v === null || v === undefined) return null;
  if (!Array.isArray(v) || v.length !== 2) fail(`${key} should be [from, to] or null`);
  return [square(v[0], key), square(v[1], key)];
}
function levelList(v) {
  if (
    !Array.isArray(v) ||
    !v.length ||
    v.some((l) => l !== 1 && l !== 2 && l !== 3) ||
    new Set(v).size !== v.length
  )
    fail(`levels should be a non-empty list of distinct levels 1..3, such as [3, 2, 1] or [2]`);
  return [...v];
}
// The boards' titles in the reader's language: [{name, sub}] for levels 1, 2, 3 ('Unterwelt',
// 'Ebene 1'), or null for the renderer's own (core's names, 'level 1').
function levelLabels(v) {
  if (v === null) return null;
  if (
    !Array.isArray(v) ||
    v.length !== 3 ||
    v.some((l) => !l || typeof l.name !== 'string' || typeof l.sub !== 'string' || !l.name)
  )
    fail('levelLabels should be [{name, sub}] for levels 1, 2 and 3, or null');
  return v.map((l) => ({ name: l.name, sub: l.sub }));
}
const ARRANGEMENTS = ['auto', 'row', 'column', 'pyramid', 'sideways', 'focus'];
function arrangement(v) {
  if (!ARRANGEMENTS.includes(v))
    fail(`arrangement should be one of ${ARRANGEMENTS.join(', ')}, not ${JSON.stringify(v)}`);
  return v;
}
function orientation(v) {
  if (v !== 'gold' && v !== 'scarlet')
    fail(`orientation should be 'gold' or 'scarlet', not ${JSON.stringify(v)}`);
  return v === 'scarlet';
}
// Map<from, to[]> (or a plain {from: to[]} object) -> flat [from, n, to..., ...]
function flatDests(v, key = 'dests') {
  if (v === null || v === undefined) return null;
  const entries =
    v instanceof Map
      ? [...v]
      : typeof v === 'object'
        ? Object.entries(v).map(([k, t]) => [Number(k), t])
        : fail(`${key} should be a Map of square -> squares, or null`);
  const flat = [];
  for (const [from, tos] of entries) {
    const list = squareList(tos, key);
    flat.push(square(from, key), list.length, ...list);
  }
  return flat;
}
const NAMED = { green: 0x15781ecc, red: 0xc8281ecc, blue: 0x1e50b4cc, yellow: 0xe6b414cc };
function colour(c) {
  if (c === undefined || c === null) return NAMED.green;
  if (typeof c === 'string' && c in NAMED) return NAMED[c];
  const m = typeof c === 'string' && /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(c);
  if (!m) fail(`arrow color should be green, red, blue, yellow or #rrggbb[aa], not ${JSON.stringify(c)}`);
  return ((parseInt(m[1], 16) << 8) | (m[2] ? parseInt(m[2], 16) : 0xcc)) >>> 0;
}
function flatArrows(v) {
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v)) fail('arrows should be an array of {from, to, color}');
  return v.flatMap((a) => [square(a?.from, 'arrows[].from'), square(a?.to, 'arrows[].to'), colour(a.color)]);
}

/** The renderer's state object for a set() call (only the keys given). */
function toRendererState(s) {
  if (!s || typeof s !== 'object') fail('expects an object');
  const out = {};
  if ('pieces' in s) {
    if (typeof s.pieces !== 'string' || s.pieces.length !== SQUARES)
      fail(`pieces should be a string of ${SQUARES} characters`);
    out.pieces = s.pieces;
  }
  if ('dests' in s) out.dests = flatDests(s.dests);
  if ('afar' in s) out.afar = flatDests(s.afar, 'afar');
  if ('dests' in s || 'free' in s) out.free = s.free === true;
  if ('lastMove' in s) out.lastMove = pair(s.lastMove, 'lastMove');
  if ('check' in s) out.check = squareOrNull(s.check, 'check');
  if ('checkers' in s) out.checkers = squareList(s.checkers, 'checkers');
  if ('premove' in s) out.premove = pair(s.premove, 'premove');
  if ('frozen' in s) out.frozen = squareList(s.frozen, 'frozen');
  if ('orientation' in s) out.flipped = orientation(s.orientation);
  if ('levels' in s) out.levels = levelList(s.levels);
  if ('arrangement' in s) out.arrange = arrangement(s.arrangement);
  if ('focus' in s) {
    if (s.focus !== 1 && s.focus !== 2 && s.focus !== 3)
      fail(`focus should be a level 1..3, not ${JSON.stringify(s.focus)}`);
    out.focus = s.focus;
  }
  if ('arrows' in s) out.arrows = flatArrows(s.arrows);
  if ('levelLabels' in s) out.levelLabels = levelLabels(s.levelLabels);
  if ('selected' in s) out.selected = squareOrNull(s.selected, 'selected');
  if ('animate' in s) out.animate = pair(s.animate, 'animate');
  if ('interactive' in s) out.interactive = !!s.interactive;
  if ('diagram' in s) {
    const d = s.diagram;
    out.diagram = d
      ? {
          move: squareList(d.move, 'diagram.move'),
          capture: squareList(d.capture, 'diagram.capture'),
          afar: squareList(d.afar, 'diagram.afar'),
        }
      : null;
  }
  return out;
}

/**
 * Creates the board in `container` (which it fills; the container's CSS decides the size).
 * options: interactive (default true), levels (default [3, 2, 1]), arrangement ('auto': the
 * largest squares for the box; 'column': the levels one above the other, files in line;
 * 'row'; 'pyramid'; 'sideways': side by side, each board turned a quarter, for wide low
 * frames such as small embeds), orientation ('gold'), assetsUrl (the site's root, holding renderer/ and
 * pieces/; default: the parent of renderer/), still (true: a hidden board that only draws pictures
 * to copy with drawNow(); drawn without WebGL, so the first picture is quick to have).
 */
export async function createBoard(container, options = {}) {
  const assets = new URL(
    options.assetsUrl ?? new URL('../', import.meta.url).href,
    document.baseURI,
  ).href.replace(/\/?$/, '/');
  const initial = toRendererState({
    interactive: options.interactive ?? true,
    levels: options.levels ?? [3, 2, 1],
    arrangement: options.arrangement ?? 'auto',
    orientation: options.orientation ?? 'gold',
  });
  const view = await createBoardView(container, {
    moduleUrl: new URL('renderer/dragonchess_ui.mjs', assets).href,
    piecesUrl: new URL('pieces/', assets).href,
    flipped: initial.flipped,
    still: !!options.still,
  });
  const mod = view.module;
  const handlers = Object.fromEntries(EVENTS.map((e) => [e, new Set()]));
  mod.onBoardEvent = (name, a, b) => {
    const sq = (v) => (v >= 0 ? v : null);
    const args = name === 'move' ? [a, b] : name === 'drop' ? [a, sq(b)] : name === 'focus' ? [a] : [sq(a)];
    for (const fn of handlers[name] || []) fn(...args);
  };
  mod.setState(initial);
  if (!initial.interactive) view.canvas.style.pointerEvents = 'none';
  const shown = { levels: initial.levels, arrangement: initial.arrange };

  const board = {
    set(state) {
      const s = toRendererState(state);
      mod.setState(s);
      if (s.levels) shown.levels = s.levels;
      if (s.arrange) shown.arrangement = s.arrange;
      if ('interactive' in s) view.canvas.style.pointerEvents = s.interactive ? '' : 'none';
    },
    on(name, fn) {
      if (!handlers[name]) throw new TypeError(`board.on: unknown event '${name}' (${EVENTS.join(', ')})`);
      handlers[name].add(fn);
    },
    off(name, fn) {
      handlers[name]?.delete(fn);
    },
    /** {square, arrangement, width, height, boards: [{level, x, y, width, height}]}, CSS px, canvas-relative;
     *  the focus view adds focus (the level drawn large) and mini (the mini-maps' square). */
    geometry: () => JSON.parse(mod.geometry()),
    /** The labels the last frame drew (level titles, coordinates): [{text, x, y, width, height}], CSS px, canvas-relative. */
    labels: () => JSON.parse(mod.labels()),
    /** Draws now rather than at the next animation frame: the canvas holds the picture on return (to copy it). */
    drawNow: () => mod.renderNow(),
    /** Takes the container's size now rather than at the next animation frame (after a resize, before drawNow). */
    fitNow: () => view.fitNow(),
    /** The layout the renderer would use for a container of this size (pure); by default
     *  with this board's levels and arrangement. */
    fit(
      width,
      height,
      {
        dpr = window.devicePixelRatio || 1,
        levels = shown.levels,
        arrangement: arr = shown.arrangement,
      } = {},
    ) {
      return JSON.parse(mod.fit(width, height, dpr, levelList(levels), arrangement(arr)));
    },
    /** Of several boxes [[width, height], ...] (CSS px), the one where the boards get the
     *  largest squares: its layout (as fit) with `box`, its index (-1: none holds a board). The
     *  choice of a page's arrangement is the renderer's. */
    bestFit(
      boxes,
      {
        dpr = window.devicePixelRatio || 1,
        levels = shown.levels,
        arrangement: arr = shown.arrangement,
      } = {},
    ) {
      if (
        !Array.isArray(boxes) ||
        boxes.some((b) => !Array.isArray(b) || b.length !== 2 || !b.every(Number.isFinite))
      )
        throw new TypeError('board.bestFit: boxes should be [[width, height], ...]');
      return JSON.parse(mod.bestFit(boxes, dpr, levelList(levels), arrangement(arr)));
    },
    /** {x, y, width, height} in viewport px, or null (hidden level, bad square). */
    squareRect(sq) {
      const r = isSquare(sq) ? mod.squareRect(sq) : null;
      if (!r) return null;
      const c = view.canvas.getBoundingClientRect();
      return { x: c.left + r.x, y: c.top + r.y, width: r.width, height: r.height };
    },
    /** The square drawn at a viewport point (clientX, clientY), or null. */
    squareAt(clientX, clientY) {
      const c = view.canvas.getBoundingClientRect();
      const sq = mod.squareAt(clientX - c.left, clientY - c.top);
      return sq >= 0 ? sq : null;
    },
    selected: () => {
      const s = mod.selected();
      return s >= 0 ? s : null;
    },
    canvas: view.canvas,
    /** Resolves, once the first frames are drawn, to {} or {error} (no piece images: their letters).
     *  A still board's pictures are drawn by drawNow, not by frames: it is ready with its pieces. */
    ready: options.still
      ? view.ready
      : view.ready.then(
          (r) =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(r)))),
        ),
    destroy() {
      mod.onBoardEvent = null;
      view.destroy();
    },
  };
  return board;
}
