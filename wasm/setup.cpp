// The position editor's question to core: a board of 288 characters ('.' empty, a piece
// letter) and the side to move -> the position string, checked by core's reader (every
// error in its words, e.g. "Gold Dragon on 2c4: a Dragon can never stand on level 2").
#include <emscripten/bind.h>

#include <string>

#include "facade.h"
#include "position.h"

using namespace dc;
using namespace dcw;

namespace {

// -> the position string, or {error, code: 'bad-position'} ('bad-argument' for a side
// that is neither 'gold' nor 'scarlet').
val position_from_board(std::string board, std::string side) {
  if (side != "gold" && side != "scarlet") return error_obj("bad-argument", "the side to move is 'gold' or 'scarlet'");
  auto r = Position::from_board(board, side == "gold" ? GOLD : SCARLET);
  if (!r) return error_obj("bad-position", r.error());
  return val(r->to_string());
}

}  // namespace

EMSCRIPTEN_BINDINGS(dragonchess_setup) {
  emscripten::function("positionFromBoardCore", &position_from_board);
}
