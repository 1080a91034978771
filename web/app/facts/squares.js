// The one JS module that names squares. A square is core's integer
// sq = (level-1)*96 + rank*12 + file (level 1..3, rank and file 0-based); its name is
// level, file letter, rank number: 2c3. A coordinate move is two names: 2c22c3.

import { SQUARES, isSquare } from '../../renderer/squares.js';

export { SQUARES, isSquare };

const SQUARE_RE = /^[1-3][a-l][1-8]$/;

/** '2c3' -> 0..287, or null when it is not a square name. */
export function parseSquare(name) {
  if (typeof name !== 'string' || !SQUARE_RE.test(name)) return null;
  return (name.charCodeAt(0) - 49) * 96 + (name.charCodeAt(2) - 49) * 12 + (name.charCodeAt(1) - 97);
}

/** 0..287 -> '2c3', or null when it is not a square. */
export function squareName(sq) {
  if (!isSquare(sq)) return null;
  return String(levelOf(sq)) + String.fromCharCode(97 + (sq % 12)) + String(Math.floor((sq % 96) / 12) + 1);
}

/** 1..3 */
export const levelOf = (sq) => Math.floor(sq / 96) + 1;

/** The square the keyboard starts on, for the side at the bottom of the boards (flipped:
 *  Scarlet's): the Ground's f file on that side's second rank, before its Warriors. */
export const firstSquare = (flipped) => (flipped ? '2f7' : '2f2');

/** A coordinate move's two squares by name: '2c22c3' -> ['2c2', '2c3']. */
export const moveNames = (move) => [move.slice(0, 3), move.slice(3, 6)];
/** A coordinate move's two squares as integers: '2c22c3' -> [26, 38]. */
export const moveSquares = (move) => moveNames(move).map(parseSquare);
