// Static exchange evaluation (core/search/see.h): exact values in hand-made positions,
// with Gygax's values (Sylph/Warrior 100, Dwarf 200, Basilisk 300, Thief/Elemental 400,
// Oliphant 500, Dragon 800, Cleric 900), including captures from afar and freezing.
#include <catch2/catch_test_macros.hpp>

#include "search/see.h"
#include "test_helpers.h"

using namespace dc;
using th::fen_of;
using th::pos_of;

namespace {

// SEE of the legal move `coord` in the position; the position is left unchanged.
int see_of(const std::string& fen, const char* coord) {
  Position pos = pos_of(fen);
  const std::string before = pos.to_string();
  const uint64_t key = pos.key();
  auto m = parse_coordinate(pos, coord);
  INFO(coord << (m ? "" : ": " + m.error()));
  REQUIRE(m.ok());
  const int v = see(pos, m.value(), GYGAX_VALUE_CP);
  CHECK(pos.to_string() == before);
  CHECK(pos.key() == key);
  return v;
}

}  // namespace

TEST_CASE("SEE: a defended piece taken by a more valuable one", "[see]") {
  // Oliphant takes Thief, the Warrior takes back: 400 - 500.
  CHECK(see_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2d1", 'O'}, {"2d5", 't'}, {"2e6", 'w'}}), "2d12d5") == -100);
  // Undefended: the whole Thief.
  CHECK(see_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2d1", 'O'}, {"2d5", 't'}}), "2d12d5") == 400);
}

TEST_CASE("SEE: a slider behind the capturer joins (x-ray)", "[see]") {
  // O2d2 takes, w takes back, O2d1 (uncovered) takes the Warrior: 400 - 500 + 100.
  CHECK(see_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2d1", 'O'}, {"2d2", 'O'}, {"2d5", 't'}, {"2e6", 'w'}}),
               "2d22d5") == 0);
}

TEST_CASE("SEE: captures from afar", "[see]") {
  // The Dragon on 3d6 takes the Thief on 2d5 from afar and stays where it is: the
  // Warrior defending 2d5 has nothing to take back.
  CHECK(see_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3d6", 'R'}, {"2d5", 't'}, {"2e6", 'w'}}), "3d62d5") == 400);
  // The Oliphant takes, the Warrior takes back, the Dragon takes the Warrior from
  // afar (and the exchange ends): 400 - 500 + 100.
  CHECK(see_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3d6", 'R'}, {"2d1", 'O'}, {"2d5", 't'}, {"2e6", 'w'}}),
               "2d12d5") == 0);
  // A defender from afar: the Scarlet Dragon on 3d4 takes the Oliphant on 2d5 without
  // standing there, so the second Gold Oliphant cannot win it back: 400 - 500.
  CHECK(see_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2d1", 'O'}, {"2d2", 'O'}, {"2d5", 't'}, {"3d4", 'r'}}),
               "2d22d5") == -100);
}

TEST_CASE("SEE: frozen pieces neither defend nor take back", "[see]") {
  // The Warrior on 2e6 is frozen by the Gold Basilisk below it: the Thief is free.
  CHECK(see_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2d1", 'O'}, {"2d5", 't'}, {"2e6", 'w'}, {"1e6", 'B'}}),
               "2d12d5") == 400);
}

TEST_CASE("SEE: a Basilisk that takes back freezes the next defender", "[see]") {
  // The Dwarf takes the Elemental on 1d4; the Scarlet Basilisk takes back and, now
  // below the Gold Cleric on 2d4, freezes it: the Cleric cannot take the Basilisk.
  // 400 - 200.
  CHECK(see_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"1c3", 'D'}, {"1d4", 'e'}, {"1e5", 'b'}, {"2d4", 'C'}}),
               "1c31d4") == 200);
}

TEST_CASE("SEE: taking a Basilisk thaws the piece above it", "[see]") {
  // The Gold Cleric on 2d4 is frozen by the Basilisk on 1d4. The Dwarf takes the
  // Basilisk, the Scarlet Dwarf takes back, and the Cleric, thawed, takes that Dwarf:
  // 300 - 200 + 200.
  CHECK(see_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"1c3", 'D'}, {"1d4", 'b'}, {"1e5", 'd'}, {"2d4", 'C'}}),
               "1c31d4") == 300);
}

TEST_CASE("SEE: a quiet move onto an attacked square", "[see]") {
  // The Thief steps where the Warrior takes it: it loses 400.
  CHECK(see_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2b3", 'T'}, {"2e6", 'w'}}), "2b32d5") == -400);
  // ... unless the Oliphant takes back the Warrior: 0 - 400 + 100.
  CHECK(see_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2b3", 'T'}, {"2d1", 'O'}, {"2e6", 'w'}}), "2b32d5") == -300);
}

TEST_CASE("SEE: the King takes back only what nobody defends", "[see]") {
  // The Oliphant takes a Warrior, the other Warrior takes back, the King takes that
  // one (nothing defends 2d5 any more): 100 - 500 + 100.
  CHECK(see_of(fen_of({{"2c6", 'K'}, {"2l8", 'k'}, {"2d1", 'O'}, {"2d5", 'w'}, {"2e6", 'w'}}), "2d12d5") == -300);
  // With a Thief behind the Warrior (2g8-2f7-2e6-2d5) the King may not: 100 - 500.
  CHECK(see_of(fen_of({{"2c6", 'K'}, {"2l8", 'k'}, {"2d1", 'O'}, {"2d5", 'w'}, {"2e6", 'w'}, {"2g8", 't'}}),
               "2d12d5") == -400);
}

TEST_CASE("attackers() agrees with attacked() in played positions", "[see]") {
  // Positions along a few pseudo-random games: every square, both colours.
  uint64_t x = 12345;
  int checked = 0;
  for (int game = 0; game < 4; ++game) {
    Position pos = Position::start();
    for (int ply = 0; ply < 120; ++ply) {
      MoveList l = legal_moves(pos);
      if (l.size == 0) break;
      if (ply % 10 == 0) {
        for (int s = 0; s < SQUARE_NB; ++s)
          for (Color c : {GOLD, SCARLET}) {
            if (!pos.empty(Square(s)) && color_of(pos.at(Square(s))) == c) continue;
            CHECK(attackers(pos, Square(s), c).any() == attacked(pos, Square(s), c));
            ++checked;
          }
      }
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      // Prefer captures half of the time, so that the positions thin out.
      Move m = l[int(x % uint64_t(l.size))];
      for (Move c : l)
        if (c.is_capture() && (x >> 20) % 2) { m = c; break; }
      pos.make_move(m);
    }
  }
  CHECK(checked > 5000);
}

TEST_CASE("attacked_after_move() agrees with attacked() once the move is made", "[see]") {
  // Along random games of both rule sets (captures favoured, so that lines open and
  // Basilisks are taken): every legal move at every fifth ply, on its own squares, the
  // Kings' and a few others, whether the mover's enemy attacks them after it.
  std::mt19937 rng(2718);
  int checked = 0, attacked_count = 0;
  for (Rules rules : {Rules::Gygax, Rules::Bga})
    for (int game = 0; game < 4; ++game) {
      Position pos = pos_of(START_POSITION, rules);
      for (int ply = 0; ply < 300; ++ply) {
        MoveList l = legal_moves(pos);
        if (l.size == 0) break;
        if (ply % 5 == 0)
          for (Move m : l) {
            Square squares[] = {m.to(), m.from(), pos.king_square(GOLD), pos.king_square(SCARLET),
                                Square(rng() % SQUARE_NB), Square(rng() % SQUARE_NB)};
            bool before[6];
            for (int i = 0; i < 6; ++i) before[i] = attacked_after_move(pos, m, squares[i]);
            pos.make_move(m);
            for (int i = 0; i < 6; ++i) {
              const Square s = squares[i];
              INFO(pos.to_string() << " after " << to_coordinate(m) << ", square " << square_name(s));
              CHECK(before[i] == attacked(pos, s, pos.side_to_move()));
              attacked_count += before[i];
              ++checked;
            }
            pos.unmake_move();
          }
        pos.make_move(th::random_move(pos, rng, 0.5));
      }
    }
  CHECK(checked > 20000);
  CHECK(attacked_count > 2000);
}
