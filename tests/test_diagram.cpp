// Move diagrams (core/diagram.h): what the embeds draw for show=<square>.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "diagram.h"
#include "test_helpers.h"

namespace {

// "2c3:m" (move only), ":c" (capture only), ":b" (both), ":a" (capture from afar).
std::vector<std::string> diagram_strings(const dc::Position& pos, const char* square) {
  std::vector<std::string> out;
  for (const dc::DiagramSquare& d : dc::move_diagram(pos, th::sq(square)).squares) {
    const char* tag = d.afar ? ":a" : d.mode == dc::MOVE_ONLY ? ":m" : d.mode == dc::CAPTURE_ONLY ? ":c" : ":b";
    out.push_back(dc::square_name(d.square) + tag);
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("diagram of a Warrior shows its move and its capture-only squares", "[diagram]") {
  dc::Position pos = th::pos_of(th::fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2c2", 'W'}}));
  CHECK(diagram_strings(pos, "2c2") == std::vector<std::string>{"2b3:c", "2c3:m", "2d3:c"});
}

TEST_CASE("diagram of a Sylph on level 3 and on level 2", "[diagram]") {
  dc::Position pos = th::pos_of(th::fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3c4", 'S'}, {"2h5", 'S'}}));
  CHECK(diagram_strings(pos, "3c4") == std::vector<std::string>{"2c4:c", "3b5:m", "3c5:c", "3d5:m"});
  // Directly above and the six start squares: one entry each (3h5 is not a start square).
  CHECK(diagram_strings(pos, "2h5") ==
        std::vector<std::string>{"3a2:m", "3c2:m", "3e2:m", "3g2:m", "3h5:m", "3i2:m", "3k2:m"});
}

TEST_CASE("diagram of a Dragon marks its captures from afar", "[diagram]") {
  dc::Position pos = th::pos_of(th::fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3c4", 'R'}, {"3e6", 's'}, {"3a2", 'S'}}));
  auto d = diagram_strings(pos, "3c4");
  for (const char* s : {"2c4:a", "2b4:a", "2d4:a", "2c3:a", "2c5:a"})
    CHECK(std::find(d.begin(), d.end(), s) != d.end());
  // A slide stops at the first piece: the enemy Sylph on 3e6 is a target, 3f7 is not;
  // the own Sylph on 3a2 is not a target either.
  CHECK(std::find(d.begin(), d.end(), "3d5:b") != d.end());
  CHECK(std::find(d.begin(), d.end(), "3e6:b") != d.end());
  CHECK(std::find(d.begin(), d.end(), "3f7:b") == d.end());
  CHECK(std::find(d.begin(), d.end(), "3b3:b") != d.end());
  CHECK(std::find(d.begin(), d.end(), "3a2:b") == d.end());
  CHECK(std::count_if(d.begin(), d.end(), [](const std::string& s) { return s.back() == 'a'; }) == 5);
}

TEST_CASE("diagram of a frozen piece says so; an empty square has no diagram", "[diagram]") {
  dc::Position pos = th::pos_of(th::fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2e5", 'O'}, {"1e5", 'b'}}));
  CHECK(dc::move_diagram(pos, th::sq("2e5")).frozen);
  CHECK(dc::move_diagram(pos, th::sq("2e5")).squares.empty());
  CHECK_FALSE(dc::move_diagram(pos, th::sq("1e5")).frozen);
  CHECK(dc::move_diagram(pos, th::sq("2f5")).squares.empty());
}
