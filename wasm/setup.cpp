// The position editor's question to core: a board of 288 characters ('.' empty, a piece
// letter) and the side to move -> the position string, checked by core's reader (every
// error in its words, e.g. "Gold Dragon on 2c4: the Dragon can never stand on level 2").
#include <emscripten/bind.h>

#include <string>

#include "facade.h"
#include "position.h"

using namespace dc;
using namespace dcw;

namespace {

// -> the position string, or {error, code: 'bad-position'} ('bad-argument' for a side
// that is neither 'gold' nor 'scarlet', or an unknown rule set). rules: 'gygax' | 'bga'
// ('' = Gygax's): whether the side not to move is in check depends on them.
val position_from_board(std::string board, std::string side, std::string rules) {
  if (side != "gold" && side != "scarlet") return error_obj("bad-argument", "the side to move is 'gold' or 'scarlet'");
  Rules r;
  val err = val::undefined();
  if (!rules_arg(rules, Rules::Gygax, r, err)) return err;
  auto p = Position::from_board(board, side == "gold" ? GOLD : SCARLET, r);
  if (!p) return keyed_error_obj("bad-position", p.failure());
  return val(p->to_string());
}

}  // namespace

EMSCRIPTEN_BINDINGS(dragonchess_setup) { emscripten::function("positionFromBoardCore", &position_from_board); }
