#include "diagram.h"

namespace dc {

MoveDiagram move_diagram(const Position& pos, Square s) {
  MoveDiagram d;
  const Piece p = pos.at(s);
  if (p == NO_PIECE) return d;
  d.frozen = pos.frozen(s);
  if (d.frozen) return d;  // no moves at all while frozen
  const Tables& T = tables(pos.rules());
  const SquareMoves& sm = T.moves(color_of(p), type_of(p), s);
  const Bitboard gaze = pos.gaze(color_of(p));  // Board Game Arena's: no passing over these
  auto own = [&](Square q) { return !pos.empty(q) && color_of(pos.at(q)) == color_of(p); };
  for (const Target& t : T.targets(sm))
    if ((t.via == SQ_NONE || (pos.empty(t.via) && !gaze.test(t.via))) && !own(t.to))
      d.squares.push_back({t.to, t.mode, t.afar});
  for (const Ray& r : T.rays(sm))
    for (Square q : T.ray_squares(r)) {
      if (!own(q)) d.squares.push_back({q, r.mode, false});
      if (!pos.empty(q) || gaze.test(q)) break;
    }
  return d;
}

}  // namespace dc
