// Unmake restores not only the placement but the move-generation order: a position
// reached and taken back generates its moves in the same order, so fixed-depth
// searches count the same nodes however the position was reached.
#include <catch2/catch_test_macros.hpp>

#include <random>
#include <string>
#include <vector>

#include "test_helpers.h"

TEST_CASE("unmake restores the piece lists and the move order exactly", "[position]") {
  std::mt19937 rng(20261121);
  for (int game = 0; game < 40; ++game) {
    dc::Position pos = dc::Position::start();
    const std::vector<dc::Square> gold(pos.pieces(dc::GOLD).begin(), pos.pieces(dc::GOLD).end());
    const std::vector<dc::Square> scarlet(pos.pieces(dc::SCARLET).begin(), pos.pieces(dc::SCARLET).end());
    const std::vector<std::string> order = [&] {
      std::vector<std::string> v;
      for (dc::Move m : dc::legal_moves(pos)) v.push_back(dc::to_coordinate(m));
      return v;
    }();
    int plies = 0;
    for (; plies < 120; ++plies) {
      dc::MoveList l = dc::legal_moves(pos);
      if (l.size == 0) break;
      // Prefer captures and promotions so that both restore paths are exercised.
      dc::Move m = l[int(rng() % l.size)];
      for (dc::Move c : l)
        if ((c.is_capture() || c.is_promotion()) && rng() % 2) m = c;
      pos.make_move(m);
    }
    for (int i = 0; i < plies; ++i) pos.unmake_move();
    CHECK(std::vector<dc::Square>(pos.pieces(dc::GOLD).begin(), pos.pieces(dc::GOLD).end()) == gold);
    CHECK(std::vector<dc::Square>(pos.pieces(dc::SCARLET).begin(), pos.pieces(dc::SCARLET).end()) == scarlet);
    std::vector<std::string> again;
    for (dc::Move m : dc::legal_moves(pos)) again.push_back(dc::to_coordinate(m));
    CHECK(again == order);
    CHECK(pos.to_string() == std::string(dc::START_POSITION));
  }
}

TEST_CASE("key_after gives the key each move makes without making it", "[position]") {
  // Random games of both rule sets, captures favoured: every pseudo-legal move of every
  // position (captures from afar, promotions, Basilisk moves included).
  std::mt19937 rng(20261127);
  int checked = 0, afar = 0, promotions = 0;
  // The start position, and one whose Warriors stand a step from promotion.
  const std::string start(dc::START_POSITION);
  std::string promoting = start;
  const std::string level2 = "ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO";
  promoting.replace(promoting.find(level2), level2.size(),
                    "ouhtcmkpthuo/WWWWW1W1WWWW/12/12/12/12/wwwww1w1wwww/OUHTCMKPTHUO");
  for (dc::Rules rules : {dc::Rules::Gygax, dc::Rules::Bga})
    for (int game = 0; game < 10; ++game) {
      dc::Position pos = th::pos_of(game % 2 ? promoting : start, rules);
      for (int ply = 0; ply < 300 && dc::legal_moves(pos).size > 0; ++ply) {
        dc::Move moves[dc::MAX_MOVES];
        const int n = dc::generate_pseudo(pos, moves);
        for (int i = 0; i < n; ++i) {
          const uint64_t predicted = pos.key_after(moves[i]);
          pos.make_move(moves[i]);
          INFO(pos.to_string());
          REQUIRE(predicted == pos.key());
          pos.unmake_move();
          ++checked;
          afar += moves[i].is_afar();
          promotions += moves[i].is_promotion();
        }
        pos.make_move(th::random_move(pos, rng, 0.6));
      }
    }
  CHECK(checked > 100000);
  CHECK(afar > 100);
  CHECK(promotions > 100);
}
