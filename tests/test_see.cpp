// Static exchange evaluation (core/search/see.h): exact values in hand-made positions,
// with Gygax's values (Sylph/Warrior 100, Dwarf 200, Basilisk 300, Thief/Elemental 400,
// Oliphant 500, Dragon 800, Cleric 900), including captures from afar and freezing.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <random>

#include "movement.h"
#include "search/see.h"
#include "test_helpers.h"

using namespace dc;
using th::fen_of;
using th::pos_of;

namespace {

// SEE of the legal move `coord` in the position; the position is left unchanged.
int see_of(const std::string& fen, const char* coord, Rules rules = Rules::Gygax) {
  Position pos = pos_of(fen, rules);
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

TEST_CASE("SEE: under Board Game Arena's rules no line passes over a Basilisk's gaze", "[see]") {
  // The Thief takes the Thief, the Warrior takes back, the Oliphant on 2d1 takes the
  // Warrior along 2d2-2d4: 400 - 400 + 100. Under Board Game Arena's rules the Scarlet
  // Basilisk on 1d3 gazes at 2d3, which the Oliphant may not pass over: 400 - 400.
  const std::string fen =
      fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2b3", 'T'}, {"2d1", 'O'}, {"2d5", 't'}, {"2e6", 'w'}, {"1d3", 'b'}});
  CHECK(see_of(fen, "2b32d5") == 100);
  CHECK(see_of(fen, "2b32d5", Rules::Bga) == 0);
}

TEST_CASE("SEE: the King takes back only what nobody defends", "[see]") {
  // The Oliphant takes a Warrior, the other Warrior takes back, the King takes that
  // one (nothing defends 2d5 any more): 100 - 500 + 100.
  CHECK(see_of(fen_of({{"2c6", 'K'}, {"2l8", 'k'}, {"2d1", 'O'}, {"2d5", 'w'}, {"2e6", 'w'}}), "2d12d5") == -300);
  // With a Thief behind the Warrior (2g8-2f7-2e6-2d5) the King may not: 100 - 500.
  CHECK(see_of(fen_of({{"2c6", 'K'}, {"2l8", 'k'}, {"2d1", 'O'}, {"2d5", 'w'}, {"2e6", 'w'}, {"2g8", 't'}}),
               "2d12d5") == -400);
}

namespace {

// SEE as the exchange is made on the board, move by move (make_move does every rule:
// freezing and thawing, Board Game Arena's gaze, promotion; each capture chosen among
// the attackers on the board), the reference the engine's SEE on square sets is
// checked against. What it saw is counted in `seen`.
struct ExchangeSeen {
  int long_exchanges = 0;  // two recaptures or more after the move
  int basilisk = 0;        // a Basilisk arrived on the square or was taken there
  int king = 0;            // a King took part, or was kept out
};

int see_reference(Position& pos, Move m, const int* value, ExchangeSeen& seen) {
  const Square s = m.to();
  int gain[64];
  int d = 0;
  gain[0] = m.is_capture() ? value[type_of(pos.at(s))] : 0;
  if (m.is_promotion()) gain[0] += value[HERO] - value[WARRIOR];
  if (m.is_afar()) return gain[0];
  if (type_of(pos.at(s)) == BASILISK || type_of(pos.at(m.from())) == BASILISK) ++seen.basilisk;
  pos.make_move(m);
  int made = 1;
  while (d + 1 < 64) {
    const Color us = pos.side_to_move();
    const Move c = least_valuable_capture(pos, s, us, attackers(pos, s, us), value);
    if (c.is_none()) break;
    const PieceType mover = type_of(pos.at(c.from()));
    const int victim = value[type_of(pos.at(s))];
    if (type_of(pos.at(s)) == BASILISK || mover == BASILISK) ++seen.basilisk;
    if (mover == KING) {
      ++seen.king;
      pos.make_move(c);
      const bool defended = attackers(pos, s, ~us).any();
      pos.unmake_move();
      if (defended) break;
    }
    ++d;
    gain[d] = victim + (c.is_promotion() ? value[HERO] - value[WARRIOR] : 0) - gain[d - 1];
    if (c.is_afar()) break;
    pos.make_move(c);
    ++made;
  }
  if (d >= 2) ++seen.long_exchanges;
  for (int i = 0; i < made; ++i) pos.unmake_move();
  while (d > 0) {
    gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    --d;
  }
  return gain[0];
}

}  // namespace

TEST_CASE("SEE on square sets equals the exchange made move by move", "[see]") {
  // Along random games of both rule sets, captures favoured so that the levels fill with
  // exchanges (and Basilisks are taken), and a crowded set-up position's: every
  // pseudo-legal move of every third position, captures and quiet moves.
  std::mt19937 rng(4242);
  int checked = 0;
  ExchangeSeen seen;
  for (Rules rules : {Rules::Gygax, Rules::Bga})
    for (int game = 0; game < 6; ++game) {
      Position pos = pos_of(START_POSITION, rules);
      for (int ply = 0; ply < 240; ++ply) {
        MoveList l = legal_moves(pos);
        if (l.size == 0) break;
        if (ply % 3 == 0) {
          Move moves[MAX_MOVES];
          const int n = generate_pseudo(pos, moves);
          const std::string before = pos.to_string();
          for (int i = 0; i < n; ++i) {
            INFO(before << " move " << to_coordinate(moves[i]));
            const int v = see(pos, moves[i], GYGAX_VALUE_CP);
            REQUIRE(v == see_reference(pos, moves[i], GYGAX_VALUE_CP, seen));
            // see_ge ends the exchange as soon as the answer is known: the same answer
            // at every threshold, around the value and across the piece values.
            for (int t : {v - 101, v - 1, v, v + 1, v + 99, -900, -300, -100, 0, 1, 100, 300})
              if (see_ge(pos, moves[i], GYGAX_VALUE_CP, t) != (v >= t)) {
                INFO("threshold " << t << ", see " << v);
                REQUIRE(see_ge(pos, moves[i], GYGAX_VALUE_CP, t) == (v >= t));
              }
            ++checked;
          }
          REQUIRE(pos.to_string() == before);
        }
        pos.make_move(th::random_move(pos, rng, 0.6));
      }
    }
  INFO("checked " << checked << ", long " << seen.long_exchanges << ", Basilisk " << seen.basilisk << ", King "
                  << seen.king);
  CHECK(checked > 50000);
  CHECK(seen.long_exchanges > 500);
  CHECK(seen.basilisk > 100);
  CHECK(seen.king > 100);
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
        if (c.is_capture() && (x >> 20) % 2) {
          m = c;
          break;
        }
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
            Square squares[] = {m.to(),
                                m.from(),
                                pos.king_square(GOLD),
                                pos.king_square(SCARLET),
                                Square(rng() % SQUARE_NB),
                                Square(rng() % SQUARE_NB)};
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
