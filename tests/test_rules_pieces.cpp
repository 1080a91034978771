// Move sets of every piece on every level it can reach (docs/rules.md §4.2 to §4.16),
// and Warrior promotion (§4.20). Expected sets are written out or computed from plain
// geometry.
#include <catch2/catch_test_macros.hpp>

#include "test_helpers.h"

using th::caps;
using th::concat;
using th::fen_of;
using th::GK;
using th::moves_from;
using th::moves_of;
using th::SK;
using th::sorted;
using V = std::vector<std::string>;

namespace {

std::string name(int level, int file, int rank) {
  return std::string{char('0' + level), char('a' + file), char('1' + rank)};
}

// Squares reached by sliding from `from` on an empty board of its level.
V slides(const char* from, std::initializer_list<std::pair<int, int>> dirs) {
  int l = from[0] - '0', f = from[1] - 'a', r = from[2] - '1';
  V out;
  for (auto [df, dr] : dirs)
    for (int ff = f + df, rr = r + dr; ff >= 0 && ff < 12 && rr >= 0 && rr < 8; ff += df, rr += dr)
      out.push_back(name(l, ff, rr));
  return out;
}
const std::initializer_list<std::pair<int, int>> ROOK = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
const std::initializer_list<std::pair<int, int>> BISHOP = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

}  // namespace

TEST_CASE("Oliphant, Unicorn, Thief on level 2", "[rules][pieces]") {
  CHECK(moves_of(fen_of({GK, SK, {"2e4", 'O'}}), "2e4") == sorted(slides("2e4", ROOK)));
  CHECK(moves_of(fen_of({GK, SK, {"2e4", 'T'}}), "2e4") == sorted(slides("2e4", BISHOP)));
  CHECK(moves_of(fen_of({GK, SK, {"2e4", 'U'}}), "2e4") ==
        sorted({"2c3", "2c5", "2g3", "2g5", "2d2", "2d6", "2f2", "2f6"}));
  // Slides stop at the first piece; the Unicorn leaps; nobody leaves level 2.
  CHECK(moves_of(fen_of({GK, SK, {"2e4", 'O'}, {"2e6", 'w'}, {"2c4", 'W'}, {"2e2", 'w'}, {"3e4", 's'}, {"1e4", 'd'}}),
                 "2e4") ==
        sorted({"2e5", "x2e6", "2d4", "2e3", "x2e2", "2f4", "2g4", "2h4", "2i4", "2j4", "2k4", "2l4"}));
  CHECK(moves_of(fen_of({GK, SK, {"2e4", 'T'}, {"2f5", 'w'}, {"2d3", 'W'}, {"3f5", 's'}}), "2e4") ==
        sorted({"x2f5", "2d5", "2c6", "2b7", "2a8", "2f3", "2g2", "2h1"}));
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"2e4", 'U'},
                         {"2e5", 'w'},
                         {"2d5", 'w'},
                         {"2f5", 'w'},
                         {"2c3", 'w'},
                         {"2g5", 'W'},
                         {"3c3", 's'}}),
                 "2e4") == sorted({"x2c3", "2c5", "2g3", "2d2", "2d6", "2f2", "2f6"}));
}

TEST_CASE("Hero on levels 2, 3 and 1", "[rules][pieces]") {
  V l2 = {"2d3", "2d5", "2f3", "2f5", "2c2", "2c6", "2g2", "2g6"};
  V up = {"3d3", "3d5", "3f3", "3f5"}, down = {"1d3", "1d5", "1f3", "1f5"};
  CHECK(moves_of(fen_of({GK, SK, {"2e4", 'H'}}), "2e4") == sorted(concat(concat(l2, up), down)));
  // Jumps over the intervening square; captures everywhere it moves.
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"2e4", 'H'},
                         {"2d3", 'W'},
                         {"2f5", 'W'},
                         {"2c2", 'w'},
                         {"2g6", 'w'},
                         {"3d3", 's'},
                         {"1f5", 'd'},
                         {"2e5", 'w'},
                         {"3e4", 's'}}),
                 "2e4") ==
        sorted({"2d5", "2f3", "x2c2", "2c6", "2g2", "x2g6", "x3d3", "3d5", "3f3", "3f5", "1d3", "1d5", "1f3", "x1f5"}));
  // Off level 2 it can only go back.
  CHECK(moves_of(fen_of({GK, SK, {"3e4", 'H'}}), "3e4") == sorted({"2d3", "2d5", "2f3", "2f5"}));
  CHECK(moves_of(fen_of({GK, SK, {"1e4", 'H'}, {"2d3", 'w'}, {"2f5", 'W'}, {"1e5", 'd'}}), "1e4") ==
        sorted({"x2d3", "2d5", "2f3"}));
  CHECK(moves_of(fen_of({GK, SK, {"1a1", 'H'}}), "1a1") == V{"2b2"});
}

TEST_CASE("Cleric on every level", "[rules][pieces]") {
  for (const char* at : {"3e4", "2e4", "1e4"}) {
    int l = at[0] - '0';
    V exp;
    for (int df = -1; df <= 1; ++df)
      for (int dr = -1; dr <= 1; ++dr)
        if (df || dr) exp.push_back(name(l, 4 + df, 3 + dr));
    if (l < 3) exp.push_back(name(l + 1, 4, 3));
    if (l > 1) exp.push_back(name(l - 1, 4, 3));
    INFO("Cleric on " << at);
    CHECK(moves_of(fen_of({GK, SK, {at, 'C'}}), at) == sorted(exp));
  }
  CHECK(moves_of(fen_of({GK, SK, {"1a1", 'C'}, {"2a1", 'u'}, {"1b2", 'd'}, {"1a2", 'D'}}), "1a1") ==
        sorted({"x2a1", "x1b2", "1b1"}));
}

TEST_CASE("Mage on level 2: queen slides and up/down", "[rules][pieces]") {
  CHECK(moves_of(fen_of({GK, SK, {"2c4", 'M'}}), "2c4") ==
        sorted(concat(concat(slides("2c4", ROOK), slides("2c4", BISHOP)), {"3c4", "1c4"})));
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"2c4", 'M'},
                         {"3c4", 's'},
                         {"1c4", 'D'},
                         {"2c5", 'w'},
                         {"2d5", 'W'},
                         {"2b4", 'w'},
                         {"2c3", 'W'},
                         {"2b3", 'w'},
                         {"2d3", 'W'},
                         {"2b5", 'W'}}),
                 "2c4") == sorted(concat(slides("2d4", {{1, 0}}), {"2d4", "x3c4", "x2c5", "x2b4", "x2b3"})));
}

TEST_CASE("King on level 2 and off it", "[rules][pieces]") {
  CHECK(moves_of(fen_of({{"2e4", 'K'}, SK}), "2e4") ==
        sorted({"2d3", "2d4", "2d5", "2e3", "2e5", "2f3", "2f4", "2f5", "3e4", "1e4"}));
  // Off level 2: only straight back.
  CHECK(moves_of(fen_of({{"3e4", 'K'}, SK}), "3e4") == V{"2e4"});
  CHECK(moves_of(fen_of({{"1e4", 'K'}, SK, {"2e4", 'w'}}), "1e4") == V{"x2e4"});
  CHECK(moves_of(fen_of({{"1e4", 'K'}, SK, {"2e4", 'W'}}), "1e4").empty());
}

TEST_CASE("Paladin on level 2 and level 1", "[rules][pieces]") {
  V steps = {"2d3", "2d4", "2d5", "2e3", "2e5", "2f3", "2f4", "2f5"};
  V knight = {"2c3", "2c5", "2g3", "2g5", "2d2", "2d6", "2f2", "2f6"};
  V levels = {"3e6", "3e2", "3g4", "3c4", "1e6", "1e2", "1g4", "1c4"};
  CHECK(moves_of(fen_of({GK, SK, {"2e4", 'P'}}), "2e4") == sorted(concat(concat(steps, knight), levels)));
  // On level 1: king steps and the 3D knight leaps (one up two across, two up one across).
  CHECK(moves_of(fen_of({GK, SK, {"1e4", 'P'}}), "1e4") ==
        sorted({"1d3", "1d4", "1d5", "1e3", "1e5", "1f3", "1f4", "1f5", "2e6", "2e2", "2g4", "2c4", "3e5", "3e3", "3f4",
                "3d4"}));
}

TEST_CASE("Warrior promotes to Hero on the last rank, by move and by capture", "[rules][pieces]") {
  std::string fen = fen_of({GK, SK, {"2c7", 'W'}, {"2d8", 'u'}}, 'g', 9, 20);
  dc::Position pos = th::pos_of(fen);
  th::check_against_ref(fen);
  CHECK(moves_from(pos, "2c7") == sorted({"2c8", "x2d8"}));
  for (const char* mv : {"2c72c8", "2c72d8"}) {
    INFO(mv);
    dc::Move m = th::play(pos, mv);
    CHECK(m.is_promotion());
    CHECK(pos.at(m.to()) == dc::make_piece(dc::GOLD, dc::HERO));
    CHECK(pos.empty(th::sq("2c7")));
    CHECK(pos.key() == pos.compute_key());
    CHECK(pos.quiet_plies() == 0);
    pos.unmake_move();
    CHECK(pos.to_string() == fen);
    CHECK(pos.at(th::sq("2c7")) == dc::make_piece(dc::GOLD, dc::WARRIOR));
    CHECK(pos.key() == pos.compute_key());
  }
  // Ordinary Warrior moves are not promotions.
  dc::Position p2 = th::pos_of(fen_of({GK, SK, {"2c6", 'W'}}));
  for (dc::Move m : dc::legal_moves(p2)) CHECK_FALSE(m.is_promotion());
  // Scarlet promotes on rank 1; the new Hero moves as a Hero at once.
  dc::Position p3 = th::pos_of(fen_of({GK, SK, {"2e2", 'w'}}, 's'));
  dc::Move m = th::play(p3, "2e22e1");
  CHECK(m.is_promotion());
  CHECK(p3.at(th::sq("2e1")) == dc::make_piece(dc::SCARLET, dc::HERO));
  th::play(p3, "2l12k1");
  CHECK(moves_from(p3, "2e1") == sorted({"2d2", "2f2", "2c3", "2g3", "3d2", "3f2", "1d2", "1f2"}));
}
