// Move diagrams for embeds (embed.html show=<square>) and any page: where the piece on a
// square could go by its movement rules, each square marked move-only, capture-only or
// both, and the Dragon's captures from afar. The answer comes from the engine's
// Game.moveDiagram (computed by core/diagram.cpp from the movement tables); nothing
// here decides a rule.

import { parseSquare } from './squares.js';
import { useFacts, pieceName, pieceSide, defaultRules } from './facts.js';
import { attempt, failure, success } from '../util/result.js';

function sortSquares(list) {
  return [...new Set(list)].sort((a, b) => parseSquare(a) - parseSquare(b));
}

/**
 * The move diagram of the piece on `square` in position `fen`.
 * M: the engine module (DragonchessEngine() instance). fen: position string ('' for the
 * start). Returns {value: {piece, side: 'gold'|'scarlet', name, square, move, capture,
 * both, afar, frozen}} (square lists sorted by square number) or {error}.
 */
/**
 * @typedef {{piece: string, side: string, name: string, square: string, move: string[], capture: string[], both: string[], afar: string[], frozen: boolean}} MoveDiagram
 * @returns {import('../util/result.js').Result<MoveDiagram>}
 */
export function moveDiagram(M, fen, square, rules) {
  if (parseSquare(square) === null)
    return failure(`'${String(square).slice(0, 8)}' is not a square (a square is like 2c3)`);
  useFacts(M);
  const g = new M.Game();
  try {
    const d = attempt(() => {
      g.setPosition(fen || '', [], rules ?? defaultRules());
      return g.moveDiagram(square);
    }); // the engine's reason, if not
    if (d.error) return d;
    const r = d.value,
      piece = r.piece;
    return success({
      piece,
      side: pieceSide(piece),
      name: pieceName(piece),
      square,
      move: sortSquares(r.move),
      capture: sortSquares(r.capture),
      both: sortSquares(r.both),
      afar: sortSquares(r.afar),
      frozen: !!r.frozen,
    });
  } finally {
    g.delete();
  }
}

/** Levels (1..3) the diagram reaches, the piece's own included. */
export function diagramLevels(d) {
  const s = new Set([Number(d.square[0])]);
  for (const list of [d.move, d.capture, d.both, d.afar]) for (const q of list) s.add(Number(q[0]));
  return [...s].sort();
}
