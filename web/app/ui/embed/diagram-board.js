// What the board component is handed for an embedded diagram (embed.html and the gallery):
// the position of an engine Game (pieces, last move, check and the pieces giving it, frozen
// pieces) and the marks of
// a move diagram (move-diagram.js). Squares as core's integers (squares.js).
import { parseSquare } from '../../facts/squares.js';

const squares = (names) => names.map(parseSquare);

/** game: an engine Game; diagram: moveDiagram()'s answer or null. */
export function diagramBoard(game, diagram = null) {
  const last = game.lastMove(),
    k = game.checkedKing();
  const state = {
    pieces: game.board(),
    lastMove: last ? [parseSquare(last.from), parseSquare(last.to)] : null,
    check: k ? parseSquare(k) : null,
    checkers: k ? squares(game.checkers()) : [],
    frozen: squares(game.frozen()),
    selected: diagram ? parseSquare(diagram.square) : null,
    diagram: diagram
      ? {
          move: squares([...diagram.move, ...diagram.both]),
          capture: squares([...diagram.capture, ...diagram.both]),
          afar: squares(diagram.afar),
        }
      : null,
  };
  if (diagram && diagram.frozen) state.frozen = [...new Set([...state.frozen, parseSquare(diagram.square)])];
  return state;
}
