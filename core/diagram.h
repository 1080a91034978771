// Move diagrams (as in the Chess Variants write-up): where the piece on a square could
// go by its movement rules, each square marked move-only, capture-only or both.
// Unlike legal moves, a diagram shows capture-only squares that are empty now, ignores
// whose turn it is and ignores King safety; squares of the piece's own side, squares
// beyond the first piece of a slide and paths through an occupied intermediate square
// are left out (under Board Game Arena's rules also squares beyond, and paths through, a
// square directly above an enemy Basilisk: Position::gaze).
#pragma once

#include <vector>

#include "movement.h"
#include "position.h"

namespace dc {

struct DiagramSquare {
  Square square;
  Mode mode;  // MOVE_ONLY, CAPTURE_ONLY or MOVE_OR_CAPTURE
  bool afar;  // a capture from afar (the piece stays where it is)
};

struct MoveDiagram {
  bool frozen = false;  // the piece is frozen by a Basilisk: no squares at all
  std::vector<DiagramSquare> squares;
};

// The diagram of the piece on s; empty when s holds no piece.
MoveDiagram move_diagram(const Position& pos, Square s);

}  // namespace dc
