// Freezing, check (including capture from afar), pins across levels, blocked level
// changes, checkmate and stalemate (docs/rules.md §4.17 to §4.19, §5.1 to §5.4).
#include <catch2/catch_test_macros.hpp>

#include <algorithm>

#include "test_helpers.h"

using th::fen_of;
using th::moves_from;
using th::sorted;
using V = std::vector<std::string>;

namespace {

bool has(const V& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

dc::Position checked(const std::string& fen) {
  th::check_against_ref(fen);
  return th::pos_of(fen);
}

}  // namespace

TEST_CASE("frozen piece has no moves and gives no check", "[rules][freeze]") {
  // Scarlet Oliphant on 2e4 above the Gold Basilisk on 1e4, on the Gold King's file.
  std::string fen = fen_of({{"2e1", 'K'}, {"2l8", 'k'}, {"1e4", 'B'}, {"2e4", 'o'}, {"2h7", 'c'}}, 's');
  dc::Position pos = checked(fen);
  CHECK(pos.frozen(th::sq("2e4")));
  CHECK(moves_from(pos, "2e4").empty());
  CHECK_FALSE(dc::attacked(pos, th::sq("2e1"), dc::SCARLET));
  CHECK_FALSE(dc::attacked(pos, th::sq("2e2"), dc::SCARLET));
  // Gold to move in the same placement: not in check.
  dc::Position g = checked(fen_of({{"2e1", 'K'}, {"2l8", 'k'}, {"1e4", 'B'}, {"2e4", 'o'}, {"2h7", 'c'}}));
  CHECK_FALSE(dc::in_check(g));
  // Friendly pieces are never frozen.
  dc::Position f = checked(fen_of({{"2e1", 'K'}, {"2l8", 'k'}, {"1e4", 'B'}, {"2e4", 'O'}}));
  CHECK_FALSE(f.frozen(th::sq("2e4")));
  CHECK(moves_from(f, "2e4").size() == 17);
}

TEST_CASE("moving the Basilisk away unfreezes; such a move is illegal if it exposes the King", "[rules][freeze]") {
  // The Gold Basilisk may not leave 1e4: the Oliphant would check the King on 2e1.
  std::string fen = fen_of({{"2e1", 'K'}, {"2l8", 'k'}, {"1e4", 'B'}, {"2e4", 'o'}});
  dc::Position pos = checked(fen);
  CHECK(moves_from(pos, "1e4").empty());
  dc::Move pseudo[dc::MAX_MOVES];
  int n = dc::generate_pseudo(pos, pseudo);
  int basilisk_pseudo = 0;
  for (int i = 0; i < n; ++i)
    if (pseudo[i].from() == th::sq("1e4")) {
      ++basilisk_pseudo;
      CHECK_FALSE(dc::leaves_king_safe(pos, pseudo[i]));
    }
  CHECK(basilisk_pseudo == 4);
  auto r = dc::parse_coordinate(pos, "1e41e5");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().find("check") != std::string::npos);

  // King off the file: the Basilisk may go, and then the Oliphant moves again.
  std::string fen2 = fen_of({{"2f1", 'K'}, {"2l8", 'k'}, {"1e4", 'B'}, {"2e4", 'o'}});
  dc::Position p2 = checked(fen2);
  CHECK(moves_from(p2, "1e4") == sorted({"1d5", "1e5", "1f5", "1e3"}));
  th::play(p2, "1e41e5");
  CHECK_FALSE(p2.frozen(th::sq("2e4")));
  CHECK_FALSE(moves_from(p2, "2e4").empty());
  th::check_against_ref(p2.to_string());
  p2.unmake_move();
  CHECK(p2.frozen(th::sq("2e4")));

  // Capturing the Basilisk unfreezes too: Scarlet's Dwarf takes it and the Oliphant
  // now checks the King.
  dc::Position p3 = checked(fen_of({{"2e1", 'K'}, {"2l8", 'k'}, {"1e4", 'B'}, {"2e4", 'o'}, {"1d5", 'd'}}, 's'));
  th::play(p3, "1d51e4");
  CHECK_FALSE(p3.frozen(th::sq("2e4")));
  CHECK(dc::in_check(p3));
  th::check_against_ref(p3.to_string());
}

TEST_CASE("a piece moving above an enemy Basilisk is frozen at once", "[rules][freeze]") {
  // The Scarlet Oliphant steps onto 2e4 over the Gold Basilisk: it does not check.
  dc::Position pos = checked(fen_of({{"2e1", 'K'}, {"2l8", 'k'}, {"1e4", 'B'}, {"2a4", 'o'}, {"2d2", 'W'}}, 's'));
  th::play(pos, "2a42e4");
  CHECK(pos.frozen(th::sq("2e4")));
  CHECK_FALSE(dc::in_check(pos));
  th::check_against_ref(pos.to_string());
  // A Basilisk arriving below a piece freezes it too (and a Sylph under attack is safe).
  dc::Position p2 = checked(fen_of({{"2e1", 'K'}, {"2l8", 'k'}, {"1e3", 'B'}, {"2e4", 'o'}}));
  CHECK(dc::in_check(p2));  // the Oliphant checks down the file
  // Basilisk 1e3 -> 1e4 freezes the checker: that move answers the check.
  CHECK(has(th::legal_strings(p2), "1e31e4"));
  th::play(p2, "1e31e4");
  CHECK(p2.frozen(th::sq("2e4")));
}

TEST_CASE("a King may step next to a frozen King and then gives check; a frozen King can be mated", "[rules][freeze]") {
  // Scarlet King on 2e5 frozen by the Gold Basilisk on 1e5.
  std::string fen = fen_of({{"2e3", 'K'}, {"2e5", 'k'}, {"1e5", 'B'}, {"3a8", 's'}});
  dc::Position pos = checked(fen);
  V km = moves_from(pos, "2e3");
  CHECK(has(km, "2e4"));
  CHECK(has(km, "2d4"));
  th::play(pos, "2e32e4");
  CHECK(dc::in_check(pos));
  th::check_against_ref(pos.to_string());
  // Scarlet can only move its Sylph, which does not help: checkmate.
  dc::Status st = dc::game_status(pos);
  CHECK(st.state == dc::GameState::Checkmate);
  CHECK(st.winner == dc::GOLD);

  // A frozen King that is not attacked and has nothing else to move: stalemate.
  dc::Position s = checked(fen_of({{"2a1", 'K'}, {"2e5", 'k'}, {"1e5", 'B'}}, 's'));
  CHECK(dc::game_status(s).state == dc::GameState::Stalemate);
  // Unfrozen Kings never stand next to each other.
  dc::Position a = checked(fen_of({{"2e3", 'K'}, {"2e5", 'k'}}));
  CHECK_FALSE(has(moves_from(a, "2e3"), "2e4"));
  CHECK_FALSE(has(moves_from(a, "2e3"), "2d4"));
  CHECK(has(moves_from(a, "2e3"), "2e2"));
  CHECK_FALSE(dc::Position::from_string(fen_of({{"2e4", 'K'}, {"2e5", 'k'}})).ok());
}

TEST_CASE("capture from afar gives check and mate", "[rules][check][afar]") {
  // The Dragon on 3b8 checks the King on 2a8 from afar (2a8 is orthogonally adjacent
  // to 2b8, the square below it).
  std::string mate = fen_of({{"2l1", 'K'}, {"2a8", 'k'}, {"3b8", 'R'}, {"2c5", 'T'}, {"1b7", 'D'}}, 's');
  dc::Position pos = checked(mate);
  CHECK(dc::in_check(pos));
  CHECK(dc::game_status(pos).state == dc::GameState::Checkmate);
  // Without the Thief guarding 2a7 the King escapes there; 2b8 and 2b7 stay forbidden.
  dc::Position esc = checked(fen_of({{"2l1", 'K'}, {"2a8", 'k'}, {"3b8", 'R'}, {"1b7", 'D'}}, 's'));
  CHECK(dc::in_check(esc));
  CHECK(moves_from(esc, "2a8") == V{"2a7"});
  // Diagonally below is not attacked from afar.
  dc::Position diag = checked(fen_of({{"2l1", 'K'}, {"2a8", 'k'}, {"3b7", 'R'}}, 's'));
  CHECK_FALSE(dc::in_check(diag));
  // The mating move: Dragon 3c7 -> 3b8, written with "#".
  dc::Position before = checked(fen_of({{"2l1", 'K'}, {"2a8", 'k'}, {"3c7", 'R'}, {"2c5", 'T'}, {"1b7", 'D'}}));
  CHECK_FALSE(dc::in_check(before));
  dc::Move m = th::play(before, "3c73b8");
  CHECK(dc::game_status(before).state == dc::GameState::Checkmate);
  before.unmake_move();
  CHECK(dc::to_algebraic(before, m) == "R3b8#");

  // A capture from afar that removes a blocker gives discovered check (and mate).
  std::string disc = fen_of(
      {{"2l1", 'K'}, {"2a8", 'k'}, {"3a5", 'R'}, {"2a1", 'O'}, {"2a5", 'w'}, {"2b1", 'O'}, {"1b7", 'D'}, {"3a7", 'S'}});
  dc::Position d = checked(disc);
  dc::Move afar = th::play(d, "3a52a5");
  CHECK(afar.is_afar());
  CHECK(dc::in_check(d));
  CHECK(dc::game_status(d).state == dc::GameState::Checkmate);
  th::check_against_ref(d.to_string());
  d.unmake_move();
  CHECK(dc::to_algebraic(d, afar) == "Rx2a5#");
}

TEST_CASE("capture from afar answers a check", "[rules][check][afar]") {
  // The Scarlet Oliphant on 2e5 checks the Gold King on 2e1; the Dragon on 3e5 removes it.
  std::string fen = fen_of({{"2e1", 'K'}, {"2l8", 'k'}, {"3e5", 'R'}, {"2e5", 'o'}});
  dc::Position pos = checked(fen);
  CHECK(dc::in_check(pos));
  V all = th::legal_strings(pos);
  CHECK(has(all, "3e52e5"));
  for (auto& mv : all) {
    INFO(mv);
    CHECK((mv.substr(0, 3) == "2e1" || mv == "3e52e5"));
  }
}

TEST_CASE("a pinned piece still gives check", "[rules][check]") {
  // Scarlet Oliphant on 2a5 is pinned to its King on 2a8 by the Gold Oliphant on 2a1,
  // yet it still guards rank 5: the Gold King may not step onto 2c5.
  std::string fen = fen_of({{"2c4", 'K'}, {"2a8", 'k'}, {"2a5", 'o'}, {"2a1", 'O'}});
  dc::Position pos = checked(fen);
  V km = moves_from(pos, "2c4");
  CHECK_FALSE(has(km, "2c5"));
  CHECK_FALSE(has(km, "2b5"));
  CHECK(has(km, "2c3"));
}

TEST_CASE("pins across levels: Mage on the vertical line", "[rules][pin]") {
  // The Scarlet Mage on 3e4 attacks the Gold King on 1e4 through 2e4; the Gold Mage on
  // 2e4 may only capture it.
  std::string fen = fen_of({{"1e4", 'K'}, {"2l8", 'k'}, {"2e4", 'M'}, {"3e4", 'm'}});
  dc::Position pos = checked(fen);
  CHECK_FALSE(dc::in_check(pos));
  CHECK(th::legal_strings(pos) == V{"2e43e4"});
  // Without the Mage in between, it is check, and mate: the King's only square 2e4 is
  // guarded by the same Mage (one level down).
  dc::Position p2 = checked(fen_of({{"1e4", 'K'}, {"2l8", 'k'}, {"3e4", 'm'}}));
  CHECK(dc::in_check(p2));
  CHECK(th::legal_strings(p2).empty());
  CHECK(dc::game_status(p2).state == dc::GameState::Checkmate);
  CHECK(dc::game_status(p2).winner == dc::SCARLET);
  // A Cleric or an Oliphant steps into 2e4 and blocks.
  dc::Position p3 = checked(fen_of({{"1e4", 'K'}, {"2k8", 'k'}, {"3e4", 'm'}, {"2d4", 'C'}, {"2l4", 'O'}}));
  CHECK(th::legal_strings(p3) == sorted({"2d42e4", "2l42e4"}));
}

TEST_CASE("pins across levels: Elemental's via square", "[rules][pin]") {
  // The Scarlet Elemental on 1d4 would capture on 2e4 through 1e4. The Gold Dwarf on
  // 1e4 blocks and is pinned.
  std::string fen = fen_of({{"2e4", 'K'}, {"2l8", 'k'}, {"1d4", 'e'}, {"1e4", 'D'}});
  dc::Position pos = checked(fen);
  CHECK_FALSE(dc::in_check(pos));
  CHECK(moves_from(pos, "1e4").empty());
  // Without the Dwarf: check, and a piece moving to 1e4 blocks it.
  dc::Position p2 = checked(fen_of({{"2e4", 'K'}, {"2l8", 'k'}, {"1d4", 'e'}, {"1f4", 'D'}}));
  CHECK(dc::in_check(p2));
  V all = th::legal_strings(p2);
  CHECK(has(all, "1f41e4"));
  CHECK_FALSE(has(all, "1f41f5"));
  // The Elemental on level 2 attacks through the square directly below it.
  std::string down = fen_of({{"1e4", 'K'}, {"2l8", 'k'}, {"2d4", 'e'}, {"1d4", 'D'}});
  dc::Position p3 = checked(down);
  CHECK_FALSE(dc::in_check(p3));
  CHECK(moves_from(p3, "1d4") == V{"x2d4"});  // leaving 1d4 is only safe when taking the Elemental
}

TEST_CASE("check from a Sylph below, none from a Sylph on level 2", "[rules][check]") {
  dc::Position a = checked(fen_of({{"2e5", 'K'}, {"2l8", 'k'}, {"3e5", 's'}}));
  CHECK(dc::in_check(a));
  dc::Position b = checked(fen_of({{"2e5", 'K'}, {"2l8", 'k'}, {"2e6", 's'}, {"2f6", 's'}, {"2d6", 's'}}));
  CHECK_FALSE(dc::in_check(b));
  // Warriors: diagonally forward only.
  dc::Position c = checked(fen_of({{"2e5", 'K'}, {"2l8", 'k'}, {"2e6", 'w'}}));
  CHECK_FALSE(dc::in_check(c));
  dc::Position d = checked(fen_of({{"2e5", 'K'}, {"2l8", 'k'}, {"2f6", 'w'}}));
  CHECK(dc::in_check(d));
}

TEST_CASE("stalemate", "[rules][status]") {
  // The Scarlet King on 1a1 can only step up to 2a1, which is guarded.
  dc::Position pos = checked(fen_of({{"2l8", 'K'}, {"1a1", 'k'}, {"2a1", 'O'}, {"2a3", 'O'}}, 's'));
  CHECK_FALSE(dc::in_check(pos));
  dc::Status st = dc::game_status(pos);
  CHECK(st.state == dc::GameState::Stalemate);
  CHECK(st.over());
  CHECK(std::string(st.name()) == "stalemate");
  // Unguarded: the King captures.
  dc::Position p2 = checked(fen_of({{"2l8", 'K'}, {"1a1", 'k'}, {"2a1", 'O'}}, 's'));
  CHECK(th::legal_strings(p2) == V{"1a12a1"});
  CHECK(dc::game_status(p2).state == dc::GameState::Ongoing);
}
