// Legal moves as the page uses them: the engine's detailed moves ({from, to, kind,
// coordinate, ...}, squares by name) grouped by origin, the board component's dests (square
// integers), and a move as an arrow. The moves themselves are always the engine's.
import { parseSquare, moveSquares } from './squares.js';

/** The moves by origin square: Map(name -> moves sorted by destination), only those `keep` accepts. */
export function movesByOrigin(moves, keep = null) {
  const by = new Map();
  for (const m of moves) {
    if (keep && !keep(m)) continue;
    if (!by.has(m.from)) by.set(m.from, []);
    by.get(m.from).push(m);
  }
  for (const list of by.values()) list.sort((a, b) => parseSquare(a.to) - parseSquare(b.to));
  return by;
}

/** What the board component takes as dests (board.set): Map(origin square -> its destination squares). */
export function destSquares(byOrigin) {
  const dests = new Map();
  for (const [from, list] of byOrigin)
    dests.set(parseSquare(from), [...new Set(list.map((d) => parseSquare(d.to)))]);
  return dests;
}

/** The board component's afar (board.set): of those dests, the captures from afar, drawn as
 *  red sights; Map(origin square -> squares), only origins that have one. */
export function afarSquares(byOrigin) {
  const afar = new Map();
  for (const [from, list] of byOrigin) {
    const tos = list.filter((d) => d.kind === 'afar').map((d) => parseSquare(d.to));
    if (tos.length) afar.set(parseSquare(from), tos);
  }
  return afar;
}

/** A coordinate move as an arrow for the board (board.set's arrows). */
export function moveArrow(move, color) {
  const [from, to] = moveSquares(move);
  return { from, to, color };
}
