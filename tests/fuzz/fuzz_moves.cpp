// Fuzzes the coordinate and algebraic move readers on a few positions: no crash,
// every rejection has a message, every accepted move is legal and unchanged state
// after a rejection.
#include <cstdlib>
#include <string>

#include "fuzz_common.h"
#include "movegen.h"
#include "notation.h"

namespace {
const char* const POSITIONS[] = {
    dc::START_POSITION.data(),
    "10r1/8c3/3s5H2/4K7/2R9/12/1g10/12/t11/1W10/5M6/2o9/10S1/3hU7/6wP1G2/12/12/4D7/5b6/7k4/6e5/2d9/3B8/E11 g 0 1",
    "1r3k6/12/2s9/2M9/6R2G2/4p7/12/7C4/8u2o/t9W1/3d4g3/5c1w4/3H8/1S10/2U9/O11/9e2/D11/10b1/2m8P/7E4/4B7/1h10/5K6 g 0 1",
};
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  dc::Position pos = std::move(dc::Position::from_string(POSITIONS[data[0] % 3]).value());
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::string before = pos.to_string();
  for (int reader = 0; reader < 2; ++reader) {
    auto r = reader == 0 ? dc::parse_coordinate(pos, text) : dc::parse_move(pos, text);
    require_message(r.ok(), r.ok() ? "" : r.error(), reader == 0 ? "parse_coordinate" : "parse_move");
    if (pos.to_string() != before) std::abort();
    if (r) {
      if (dc::find_legal(pos, r->from(), r->to()).is_none()) std::abort();
      // The written form reads back as the same move.
      std::string san = dc::to_algebraic(pos, *r);
      auto back = dc::parse_move(pos, san);
      if (!back || !back->same_squares(*r)) std::abort();
    }
  }
  return 0;
}
