// What an embedded diagram shows when its address does not say: which levels (level=) and
// how they are arranged (layout=); the embed page and the gallery both ask here.
//
// Levels: those it needs. A move diagram needs the levels the piece stands on and reaches (a Dragon's: Sky
// and Ground, not the Underworld where only the Kings wait); a position without a diagram
// needs the levels holding a piece or the last move. Always in the order 3, 2, 1; never
// empty. Pure: squares are core's integers (squares.js).
import { levelOf, SQUARES } from '../../facts/squares.js';
import { diagramLevels } from '../../facts/move-diagram.js';

const ORDER = [3, 2, 1];

/** The embed's own address keys, beside the game's (links.js): embed.html reads them. */
export const EMBED_KEYS = Object.freeze([
  'show',
  'interactive',
  'flip',
  'level',
  'layout',
  'theme',
  'caption',
  'lang',
]);
/** layout= values. */
export const LAYOUTS = Object.freeze(['auto', 'row', 'column', 'sideways', 'focus']);

/**
 * pieces: the 288-character board; diagram: {square, move, capture, both, afar} with square
 * names (move-diagram.js) or null; lastMove: [from, to] square integers or null.
 */
export function levelsNeeded({ pieces = '', diagram = null, lastMove = null } = {}) {
  const need = new Set();
  if (diagram && !diagram.error) {
    for (const l of diagramLevels(diagram)) need.add(l);
  } else {
    for (let sq = 0; sq < Math.min(pieces.length, SQUARES); sq++)
      if (pieces[sq] !== '.') need.add(levelOf(sq));
    for (const sq of lastMove || []) need.add(levelOf(sq));
  }
  const out = ORDER.filter((l) => need.has(l));
  return out.length ? out : [...ORDER];
}

/** `shown` with the levels of `more` added (in the order 3, 2, 1): levels only grow. */
export function withLevels(shown, more) {
  const all = new Set([...shown, ...more]);
  return ORDER.filter((l) => all.has(l));
}

// Sideways boards (each turned a quarter) are chosen over the renderer's own choice, boards
// the right way up, only when its squares would be small and the sideways ones clearly larger.
export const SIDEWAYS_BELOW = 24,
  SIDEWAYS_GAIN = 1.08;

/**
 * The arrangement for a frame: mode 'auto' (the largest squares, as above) or one of the
 * renderer's ('row', 'column', 'sideways', ...). squareOf(arrangement) -> the square size the
 * renderer's fit() gives for this frame. Returns {arrangement, square}.
 */
export function pickArrangement(squareOf, mode = 'auto') {
  if (mode !== 'auto') return { arrangement: mode, square: squareOf(mode) };
  const a = squareOf('auto'),
    b = a < SIDEWAYS_BELOW ? squareOf('sideways') : 0;
  return b > a * SIDEWAYS_GAIN ? { arrangement: 'sideways', square: b } : { arrangement: 'auto', square: a };
}
