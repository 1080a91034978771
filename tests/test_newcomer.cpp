// The newcomer model of the match runner (core/tools/newcomer.h): it knows the moves and
// nothing else. It takes the most valuable piece it can with its cheapest taker, else
// plays a random legal move, reproducibly from its seed.
#include <catch2/catch_test_macros.hpp>

#include <set>
#include <string>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "status.h"
#include "test_helpers.h"
#include "tools/newcomer.h"

using namespace dc;
using th::fen_of;
using th::pos_of;

namespace {

// Whether m is what the newcomer must play in pos when it can take something: a capture
// of the most valuable piece that can be taken, by the cheapest piece that can take it.
bool takes_most_valuable_cheapest(Position& pos, Move m) {
  int victim = -1, taker = 1 << 30;
  for (Move c : legal_moves(pos)) {
    if (!c.is_capture()) continue;
    const int v = GYGAX_VALUE_CP[type_of(pos.at(c.to()))], t = GYGAX_VALUE_CP[type_of(pos.at(c.from()))];
    if (v > victim || (v == victim && t < taker)) victim = v, taker = t;
  }
  return m.is_capture() && GYGAX_VALUE_CP[type_of(pos.at(m.to()))] == victim &&
         GYGAX_VALUE_CP[type_of(pos.at(m.from()))] == taker;
}

// A game between two newcomers from the start, up to max_plies: its moves.
std::vector<std::string> newcomer_game(uint64_t gold_seed, uint64_t scarlet_seed, int max_plies) {
  Newcomer gold(gold_seed), scarlet(scarlet_seed);
  Position pos = Position::start();
  std::vector<std::string> moves;
  for (int ply = 0; ply < max_plies && !game_status(pos).over(); ++ply) {
    const Move m = (pos.side_to_move() == GOLD ? gold : scarlet).choose(pos);
    moves.push_back(to_coordinate(m));
    pos.make_move(m);
  }
  return moves;
}

}  // namespace

TEST_CASE("the newcomer takes the most valuable piece with its cheapest taker", "[newcomer]") {
  // Scarlet's Mage on 2e5 can be taken by Gold's Warrior (2d4) and Oliphant (2e1); the
  // Oliphant could take a Thief on 2h1 instead.
  Position pos = pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2e5", 'm'}, {"2d4", 'W'}, {"2e1", 'O'}, {"2h1", 't'}}));
  std::set<std::string> captures;
  for (Move m : legal_moves(pos))
    if (m.is_capture()) captures.insert(to_coordinate(m));
  REQUIRE(captures == std::set<std::string>{"2d42e5", "2e12e5", "2e12h1"});
  for (uint64_t seed = 0; seed < 32; ++seed) {
    Newcomer n(seed);
    CHECK(to_coordinate(n.choose(pos)) == "2d42e5");
  }
  // Without the cheapest taker (the runner's `greedy`), either piece takes the Mage.
  std::set<std::string> greedy;
  for (uint64_t seed = 0; seed < 32; ++seed) greedy.insert(to_coordinate(Newcomer(seed, false).choose(pos)));
  CHECK(greedy == std::set<std::string>{"2d42e5", "2e12e5"});
}

TEST_CASE("with nothing to take the newcomer plays a random legal move", "[newcomer]") {
  Position pos = pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2e4", 'P'}, {"2c2", 'W'}, {"1f3", 'B'}, {"2h7", 'w'}}));
  for (Move m : legal_moves(pos)) REQUIRE(!m.is_capture());
  std::set<std::string> seen;
  for (uint64_t seed = 0; seed < 64; ++seed) {
    const Move m = Newcomer(seed).choose(pos);
    CHECK(find_legal(pos, m.from(), m.to()) == m);
    seen.insert(to_coordinate(m));
  }
  CHECK(seen.size() * 2 >= size_t(legal_moves(pos).size));  // 64 draws: most of its moves
  CHECK(legal_moves(pos).size >= 20);
}

TEST_CASE("the newcomer plays the same game from the same seed and another from another", "[newcomer]") {
  const std::vector<std::string> a = newcomer_game(11, 12, 200), b = newcomer_game(11, 12, 200);
  CHECK(a == b);
  CHECK(a.size() >= 20);
  CHECK(newcomer_game(13, 12, 200) != a);
  CHECK(newcomer_game(11, 14, 200) != a);
}

TEST_CASE("over whole games the newcomer plays only legal moves, and always takes when it can", "[newcomer]") {
  int plies = 0, takes = 0;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    Newcomer gold(seed * 2), scarlet(seed * 2 + 1);
    Position pos = Position::start();
    for (int ply = 0; ply < 400 && !game_status(pos).over(); ++ply) {
      const Move m = (pos.side_to_move() == GOLD ? gold : scarlet).choose(pos);
      INFO("seed " << seed << " ply " << ply << " in " << pos.to_string());
      REQUIRE(!m.is_none());
      REQUIRE(find_legal(pos, m.from(), m.to()) == m);
      bool can_take = false;
      for (Move c : legal_moves(pos)) can_take = can_take || c.is_capture();
      if (can_take) {
        CHECK(takes_most_valuable_cheapest(pos, m));
        ++takes;
      }
      pos.make_move(m);
      ++plies;
    }
  }
  CHECK(plies >= 300);
  CHECK(takes >= 30);
}
