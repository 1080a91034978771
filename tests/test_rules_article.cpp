// Every worked example of Gygax's article (Dragon #100, seeds/000_*.txt), each as a
// small position with EXACTLY the expected move set. Plain moves, captures and
// capture-only squares are checked separately: one position with the candidate
// squares empty, one with enemies on them, often one with friends on them.
// Where the article and docs/rules.md differ, docs/rules.md wins (its §9 says why).
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

TEST_CASE("article: Sylph at 3c4", "[rules][article]") {
  // "A Sylph located at 3c4 can move to 3b5 or 3d5."
  CHECK(moves_of(fen_of({GK, SK, {"3c4", 'S'}}), "3c4") == sorted({"3b5", "3d5"}));
  // "It can occupy 3c5 or 2c4 by capturing an opposing piece." The diagonal squares are
  // move-only, the squares behind and the lower board are never captured.
  std::string full = fen_of({GK,
                             SK,
                             {"3c4", 'S'},
                             {"3b5", 'g'},
                             {"3d5", 'g'},
                             {"3c5", 's'},
                             {"2c4", 'w'},
                             {"3c3", 's'},
                             {"3b3", 's'},
                             {"2c5", 'w'},
                             {"2b4", 'w'},
                             {"1c4", 'd'}});
  CHECK(moves_of(full, "3c4") == sorted({"x2c4", "x3c5"}));
  // Friendly pieces on the capture squares: nothing to capture, and still the two moves.
  CHECK(moves_of(fen_of({GK, SK, {"3c4", 'S'}, {"3c5", 'S'}, {"2c4", 'W'}}), "3c4") == sorted({"3b5", "3d5"}));
  // Scarlet's forward is toward rank 1.
  CHECK(moves_of(fen_of({GK, SK, {"3c5", 's'}, {"3c4", 'S'}, {"2c5", 'W'}}, 's'), "3c5") ==
        sorted({"3b4", "3d4", "x2c5", "x3c4"}));
}

TEST_CASE("article: Sylph on the middle board returns up, never captures", "[rules][article]") {
  // After capturing at 2c4 it may go back to 3c4 or to any empty Gold Sylph start square.
  CHECK(moves_of(fen_of({GK, SK, {"2c4", 'S'}}), "2c4") == sorted({"3c4", "3a2", "3c2", "3e2", "3g2", "3i2", "3k2"}));
  // Occupied destinations (by enemies or friends) are not available: no upward capture,
  // and no moves on level 2 even with enemies around.
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"2c4", 'S'},
                         {"3c4", 's'},
                         {"3a2", 'g'},
                         {"3e2", 'S'},
                         {"2c5", 'w'},
                         {"2b5", 'w'},
                         {"2d5", 'w'},
                         {"2d4", 'w'}}),
                 "2c4") == sorted({"3c2", "3g2", "3i2", "3k2"}));
  // Scarlet uses its own start squares.
  CHECK(moves_of(fen_of({GK, SK, {"2d5", 's'}}, 's'), "2d5") ==
        sorted({"3d5", "3a7", "3c7", "3e7", "3g7", "3i7", "3k7"}));
  // On 2c2 "directly above" and "start square" are both 3c2: one move, counted once.
  CHECK(moves_of(fen_of({GK, SK, {"2c2", 'S'}}), "2c2") == sorted({"3a2", "3c2", "3e2", "3g2", "3i2", "3k2"}));
}

TEST_CASE("article: Sylph on the eighth rank only captures downward", "[rules][article]") {
  CHECK(moves_of(fen_of({GK, SK, {"3c8", 'S'}}), "3c8").empty());
  CHECK(moves_of(fen_of({GK, SK, {"3c8", 'S'}, {"2c8", 'w'}, {"3b8", 's'}}), "3c8") == V{"x2c8"});
}

TEST_CASE("article: Griffon at 3d4", "[rules][article]") {
  V level3 = {"3a2", "3b1", "3f1", "3g2", "3g6", "3f7", "3b7", "3a6"};
  V level2 = {"2c5", "2c3", "2e3", "2e5"};
  CHECK(moves_of(fen_of({GK, SK, {"3d4", 'G'}}), "3d4") == sorted(concat(level3, level2)));
  // It vaults: a ring of friends around it and a friend directly below change nothing.
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"3d4", 'G'},
                         {"3c3", 'S'},
                         {"3c4", 'S'},
                         {"3c5", 'S'},
                         {"3d3", 'S'},
                         {"3d5", 'S'},
                         {"3e3", 'S'},
                         {"3e4", 'S'},
                         {"3e5", 'S'},
                         {"2d4", 'C'}}),
                 "3d4") == sorted(concat(level3, level2)));
  // Enemies on all twelve: all are captures.
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"3d4", 'G'},
                         {"3a2", 's'},
                         {"3b1", 's'},
                         {"3f1", 's'},
                         {"3g2", 's'},
                         {"3g6", 's'},
                         {"3f7", 's'},
                         {"3b7", 's'},
                         {"3a6", 's'},
                         {"2c5", 'w'},
                         {"2c3", 'w'},
                         {"2e3", 'w'},
                         {"2e5", 'w'}}),
                 "3d4") == sorted(caps(concat(level3, level2))));
  // Friends on all twelve: nothing.
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"3d4", 'G'},
                         {"3a2", 'S'},
                         {"3b1", 'G'},
                         {"3f1", 'R'},
                         {"3g2", 'S'},
                         {"3g6", 'S'},
                         {"3f7", 'S'},
                         {"3b7", 'S'},
                         {"3a6", 'S'},
                         {"2c5", 'W'},
                         {"2c3", 'W'},
                         {"2e3", 'W'},
                         {"2e5", 'W'}}),
                 "3d4")
            .empty());
  // "A Griffon located on the edge of the upper board only commands two squares on the
  // middle board."
  CHECK(moves_of(fen_of({GK, SK, {"3a4", 'G'}}), "3a4") == sorted({"3c1", "3c7", "3d2", "3d6", "2b3", "2b5"}));
}

TEST_CASE("article: Griffon at 2e5", "[rules][article]") {
  V all = {"2f6", "2f4", "2d4", "2d6", "3f6", "3f4", "3d4", "3d6"};
  CHECK(moves_of(fen_of({GK, SK, {"2e5", 'G'}}), "2e5") == sorted(all));
  // Enemies on the eight: captures; enemies orthogonally adjacent are not reachable
  // (diagonal step only on level 2, docs/rules.md §4.3; not Board Game Arena's king
  // step, §7.2).
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"2e5", 'G'},
                         {"2f6", 'w'},
                         {"2f4", 'w'},
                         {"2d4", 'w'},
                         {"2d6", 'w'},
                         {"3f6", 's'},
                         {"3f4", 's'},
                         {"3d4", 's'},
                         {"3d6", 's'},
                         {"2e6", 'w'},
                         {"2e4", 'w'},
                         {"2d5", 'w'},
                         {"2f5", 'w'},
                         {"3e5", 's'},
                         {"1e5", 'd'}}),
                 "2e5") == sorted(caps(all)));
}

TEST_CASE("article: Dragon at 3c4 captures from afar below + 4 orthogonal", "[rules][article]") {
  // Its own moves: bishop slides and orthogonal steps on level 3.
  V own = {"3d5", "3e6", "3f7", "3g8", "3b5", "3a6", "3d3", "3e2", "3f1", "3b3", "3a2", "3c5", "3c3", "3b4", "3d4"};
  CHECK(moves_of(fen_of({GK, SK, {"3c4", 'R'}}), "3c4") == sorted(own));
  // Enemies on the whole 3x3 block below and two squares away: only the five squares
  // of the errata (2c4, 2c5, 2d4, 2c3, 2b4) are captures from afar.
  std::string fen = fen_of({GK,
                            SK,
                            {"3c4", 'R'},
                            {"2c4", 'w'},
                            {"2c5", 'w'},
                            {"2d4", 'w'},
                            {"2c3", 'w'},
                            {"2b4", 'w'},
                            {"2b5", 'w'},
                            {"2d5", 'w'},
                            {"2b3", 'w'},
                            {"2d3", 'w'},
                            {"2c6", 'w'},
                            {"2e4", 'w'},
                            {"1c4", 'd'}},
                           'g', 7, 3);
  CHECK(moves_of(fen, "3c4") == sorted(concat(own, {"afar2c4", "afar2c5", "afar2d4", "afar2c3", "afar2b4"})));
  // Friends below: nothing from afar. The Dragon never moves down.
  CHECK(moves_of(fen_of({GK, SK, {"3c4", 'R'}, {"2c4", 'W'}, {"2c5", 'W'}}), "3c4") == sorted(own));
  // The capture from afar leaves the Dragon where it is.
  dc::Position pos = th::pos_of(fen);
  dc::Move m = th::play(pos, "3c42d4");
  CHECK(m.is_afar());
  CHECK(pos.at(th::sq("3c4")) == dc::make_piece(dc::GOLD, dc::DRAGON));
  CHECK(pos.empty(th::sq("2d4")));
  CHECK(pos.quiet_plies() == 0);
  pos.unmake_move();
  CHECK(pos.to_string() == fen);
  // Its slides stop at the first piece, capturing an enemy there.
  CHECK(moves_of(fen_of({GK, SK, {"3c4", 'R'}, {"3e6", 's'}, {"3b3", 'S'}, {"3c5", 's'}}), "3c4") ==
        sorted({"3d5", "x3e6", "3b5", "3a6", "3d3", "3e2", "3f1", "x3c5", "3c3", "3b4", "3d4"}));
}

TEST_CASE("article: Warrior at 2c2", "[rules][article]") {
  CHECK(moves_of(fen_of({GK, SK, {"2c2", 'W'}}), "2c2") == V{"2c3"});
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"2c2", 'W'},
                         {"2b3", 'w'},
                         {"2d3", 'w'},
                         {"2c3", 'w'},
                         {"2b2", 'w'},
                         {"2c1", 'u'},
                         {"3c2", 's'},
                         {"1c2", 'd'}}),
                 "2c2") == sorted({"x2b3", "x2d3"}));
  // No double step, even from the start rank; no sideways or backward capture.
  CHECK(moves_of(fen_of({GK, SK, {"2c2", 'W'}, {"2c3", 'W'}}), "2c2").empty());
  CHECK(moves_of(fen_of({GK, SK, {"2c7", 'w'}, {"2b6", 'W'}, {"2d8", 'U'}}, 's'), "2c7") == sorted({"2c6", "x2b6"}));
}

TEST_CASE("article: Mage 2c4 -> 3c4 -> 1c4", "[rules][article]") {
  dc::Position pos = th::pos_of(fen_of({GK, SK, {"2c4", 'M'}}));
  th::play(pos, "2c43c4");
  CHECK(moves_from(pos, "3c4").empty());  // Scarlet to move
  th::play(pos, "2l82l7");
  // On the upper board: one orthogonal step, or straight down one or two levels.
  CHECK(moves_from(pos, "3c4") == sorted({"3c5", "3c3", "3b4", "3d4", "2c4", "1c4"}));
  th::play(pos, "3c41c4");
  th::play(pos, "2l72l8");
  // "It could only move to 1c5, 1d4, 1c3 or 1b4" on the lower board; plus straight up.
  CHECK(moves_from(pos, "1c4") == sorted({"1c5", "1d4", "1c3", "1b4", "2c4", "3c4"}));
  th::check_against_ref(pos.to_string());

  // Captures on the lower board are orthogonal steps too; the diagonals never.
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"1c4", 'M'},
                         {"1c5", 'd'},
                         {"1d4", 'd'},
                         {"1c3", 'd'},
                         {"1b4", 'd'},
                         {"1b5", 'd'},
                         {"1d3", 'd'},
                         {"2c4", 'w'}}),
                 "1c4") == sorted({"x1c5", "x1d4", "x1c3", "x1b4", "x2c4"}));
}

TEST_CASE("article: Mage 3->1 needs the middle square empty", "[rules][article]") {
  CHECK(moves_of(fen_of({GK, SK, {"3c4", 'M'}, {"2c4", 'W'}}), "3c4") == sorted({"3c5", "3c3", "3b4", "3d4"}));
  CHECK(moves_of(fen_of({GK, SK, {"3c4", 'M'}, {"2c4", 'w'}, {"1c4", 'd'}}), "3c4") ==
        sorted({"3c5", "3c3", "3b4", "3d4", "x2c4"}));
  CHECK(moves_of(fen_of({GK, SK, {"3c4", 'M'}, {"1c4", 'd'}}), "3c4") ==
        sorted({"3c5", "3c3", "3b4", "3d4", "2c4", "x1c4"}));
  CHECK(moves_of(fen_of({GK, SK, {"1d4", 'M'}, {"2d4", 'D'}, {"3d4", 's'}}), "1d4") ==
        sorted({"1d5", "1d3", "1c4", "1e4"}));
}

TEST_CASE("article: Paladin at 3c4", "[rules][article]") {
  V steps = {"3b3", "3b4", "3b5", "3c3", "3c5", "3d3", "3d4", "3d5"};
  V between = {"2c6", "2e4", "2c2", "2a4", "1c5", "1d4", "1c3", "1b4"};
  CHECK(moves_of(fen_of({GK, SK, {"3c4", 'P'}}), "3c4") == sorted(concat(steps, between)));
  // Nothing blocks the 3D knight leaps (pieces directly below, on the way).
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"3c4", 'P'},
                         {"2c4", 'W'},
                         {"2c5", 'W'},
                         {"2d4", 'W'},
                         {"2b4", 'W'},
                         {"2c3", 'W'},
                         {"1c4", 'D'}}),
                 "3c4") == sorted(concat(steps, between)));
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"3c4", 'P'},
                         {"3b3", 's'},
                         {"3b4", 's'},
                         {"3b5", 's'},
                         {"3c3", 's'},
                         {"3c5", 's'},
                         {"3d3", 's'},
                         {"3d4", 's'},
                         {"3d5", 's'},
                         {"2c6", 'w'},
                         {"2e4", 'w'},
                         {"2c2", 'w'},
                         {"2a4", 'w'},
                         {"1c5", 'd'},
                         {"1d4", 'd'},
                         {"1c3", 'd'},
                         {"1b4", 'd'}}),
                 "3c4") == sorted(caps(concat(steps, between))));
  // No knight leaps on the upper board.
  CHECK(moves_of(fen_of({GK, SK, {"3c4", 'P'}, {"3d6", 's'}, {"3e5", 's'}}), "3c4") == sorted(concat(steps, between)));
}

TEST_CASE("article: Dwarf at 1d4 and 2d4", "[rules][article]") {
  CHECK(moves_of(fen_of({GK, SK, {"1d4", 'D'}}), "1d4") == sorted({"1d5", "1c4", "1e4"}));
  // Captures 1c5, 1e5 and 2d4 only; enemies on the move squares block them.
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"1d4", 'D'},
                         {"1d5", 'd'},
                         {"1c4", 'd'},
                         {"1e4", 'd'},
                         {"1c5", 'd'},
                         {"1e5", 'd'},
                         {"2d4", 'w'},
                         {"1d3", 'd'},
                         {"1c3", 'd'},
                         {"2d5", 'w'},
                         {"3d4", 's'}}),
                 "1d4") == sorted({"x1c5", "x1e5", "x2d4"}));
  // On 2d4: the same powers on level 2, and a move (never a capture) straight down.
  CHECK(moves_of(fen_of({GK, SK, {"2d4", 'D'}}), "2d4") == sorted({"2d5", "2c4", "2e4", "1d4"}));
  CHECK(moves_of(fen_of({GK, SK, {"2d4", 'D'}, {"1d4", 'd'}, {"2c5", 'w'}, {"2e5", 'w'}, {"2d5", 'w'}, {"3d4", 's'}}),
                 "2d4") == sorted({"2c4", "2e4", "x2c5", "x2e5"}));
  // On the last rank only the sideways moves and the level change remain.
  CHECK(moves_of(fen_of({GK, SK, {"1d8", 'D'}}), "1d8") == sorted({"1c8", "1e8"}));
  CHECK(moves_of(fen_of({GK, SK, {"1d8", 'D'}, {"2d8", 'w'}}), "1d8") == sorted({"1c8", "1e8", "x2d8"}));
  CHECK(moves_of(fen_of({GK, SK, {"2d8", 'D'}}), "2d8") == sorted({"2c8", "2e8", "1d8"}));
  // A Scarlet Dwarf goes toward rank 1.
  CHECK(moves_of(fen_of({GK, SK, {"1d4", 'd'}, {"1c3", 'D'}, {"1e5", 'D'}}, 's'), "1d4") ==
        sorted({"1d3", "1c4", "1e4", "x1c3"}));
}

TEST_CASE("article: Basilisk at 1d4", "[rules][article]") {
  CHECK(moves_of(fen_of({GK, SK, {"1d4", 'B'}}), "1d4") == sorted({"1c5", "1d5", "1e5", "1d3"}));
  // Captures forward only; the backward square is move-only; never captures upward.
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"1d4", 'B'},
                         {"1c5", 'd'},
                         {"1d5", 'd'},
                         {"1e5", 'd'},
                         {"1d3", 'd'},
                         {"1c4", 'd'},
                         {"1c3", 'd'},
                         {"2d4", 'w'}}),
                 "1d4") == sorted({"x1c5", "x1d5", "x1e5"}));
  // It freezes the enemy on 2d4.
  dc::Position pos = th::pos_of(fen_of({GK, SK, {"1d4", 'B'}, {"2d4", 'w'}}));
  CHECK(pos.frozen(th::sq("2d4")));
}

TEST_CASE("article: Elemental at 1d4", "[rules][article]") {
  V move_only = {"1c5", "1e5", "1e3", "1c3"};
  V either = {"1d5", "1d6", "1e4", "1f4", "1d3", "1d2", "1c4", "1b4"};
  CHECK(moves_of(fen_of({GK, SK, {"1d4", 'E'}}), "1d4") == sorted(concat(move_only, either)));
  // Enemies above the four orthogonal neighbours: "It can capture upward into 2d5, 2e4,
  // 2d3, or 2c4." Not directly above.
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"1d4", 'E'},
                         {"2d5", 'w'},
                         {"2e4", 'w'},
                         {"2d3", 'w'},
                         {"2c4", 'w'},
                         {"2d4", 'w'},
                         {"2c5", 'w'}}),
                 "1d4") == sorted(concat(concat(move_only, either), caps({"2d5", "2e4", "2d3", "2c4"}))));
  // Empty squares above: no upward move (capture only). Friends above: nothing.
  CHECK(moves_of(fen_of({GK, SK, {"1d4", 'E'}, {"2d5", 'W'}, {"2e4", 'W'}}), "1d4") ==
        sorted(concat(move_only, either)));
  // Enemies on all twelve level-1 squares and the four above: the diagonals are move-only,
  // the two-square moves and the upward captures need an empty square in between.
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"1d4", 'E'},
                         {"1c5", 'd'},
                         {"1e5", 'd'},
                         {"1e3", 'd'},
                         {"1c3", 'd'},
                         {"1d5", 'd'},
                         {"1d6", 'd'},
                         {"1e4", 'd'},
                         {"1f4", 'd'},
                         {"1d3", 'd'},
                         {"1d2", 'd'},
                         {"1c4", 'd'},
                         {"1b4", 'd'},
                         {"2d5", 'w'},
                         {"2e4", 'w'},
                         {"2d3", 'w'},
                         {"2c4", 'w'}}),
                 "1d4") == sorted(caps({"1d5", "1e4", "1d3", "1c4"})));
  // Enemies two squares away with the middle squares empty: captured.
  CHECK(moves_of(fen_of({GK, SK, {"1d4", 'E'}, {"1d6", 'd'}, {"1f4", 'd'}, {"1d2", 'd'}, {"1b4", 'd'}}), "1d4") ==
        sorted(concat(move_only, {"1d5", "x1d6", "1e4", "x1f4", "1d3", "x1d2", "1c4", "x1b4"})));
}

TEST_CASE("article: Elemental at 2d4", "[rules][article]") {
  CHECK(moves_of(fen_of({GK, SK, {"2d4", 'E'}}), "2d4") == sorted({"1d5", "1e4", "1d3", "1c4"}));
  // Captures on the four; nothing on level 2 even with enemies around.
  CHECK(moves_of(fen_of({GK,
                         SK,
                         {"2d4", 'E'},
                         {"1d5", 'd'},
                         {"1e4", 'd'},
                         {"1d3", 'd'},
                         {"1c4", 'd'},
                         {"2d5", 'w'},
                         {"2e4", 'w'},
                         {"2e5", 'w'},
                         {"1c5", 'd'}}),
                 "2d4") == sorted(caps({"1d5", "1e4", "1d3", "1c4"})));
  // The square directly below must be empty, whoever stands there.
  CHECK(moves_of(fen_of({GK, SK, {"2d4", 'E'}, {"1d4", 'd'}}), "2d4").empty());
  CHECK(moves_of(fen_of({GK, SK, {"2d4", 'E'}, {"1d4", 'D'}}), "2d4").empty());
}
