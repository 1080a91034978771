// The computer's answer to a draw offer (core/search/draw_offer.h), on the rule and from
// real searches: it declines when ahead, accepts when clearly behind.
#include <catch2/catch_test_macros.hpp>

#include "search/draw_offer.h"
#include "search/search.h"
#include "test_helpers.h"

TEST_CASE("the computer's answer to a draw offer follows its evaluation", "[draw-offer]") {
  using dc::accepts_draw;
  // Mates decide.
  CHECK(accepts_draw(0, -3, 0));
  CHECK_FALSE(accepts_draw(0, 2, 200));
  // Clearly behind: accepts at any time; ahead: never.
  CHECK(accepts_draw(dc::DRAW_ACCEPT_BEHIND_CP, 0, 0));
  CHECK_FALSE(accepts_draw(dc::DRAW_ACCEPT_BEHIND_CP + 1, 0, 0));
  CHECK_FALSE(accepts_draw(dc::DRAW_ACCEPT_EVEN_CP + 1, 0, 500));
  // About even: only once the game has gone on.
  CHECK_FALSE(accepts_draw(0, 0, dc::DRAW_ACCEPT_MIN_PLIES - 1));
  CHECK(accepts_draw(0, 0, dc::DRAW_ACCEPT_MIN_PLIES));
  CHECK(accepts_draw(dc::DRAW_ACCEPT_EVEN_CP, 0, dc::DRAW_ACCEPT_MIN_PLIES));

  // From the search: Gold has two Oliphants and a Mage more. To move as Gold the computer
  // declines; to move as Scarlet it accepts.
  dc::Search search(1);
  dc::SearchLimits limits;
  limits.depth = 3;
  for (char side : {'g', 's'}) {
    dc::Position pos = th::pos_of(th::fen_of(
        {{"2a1", 'K'}, {"2l8", 'k'}, {"2c3", 'O'}, {"2d3", 'O'}, {"2e2", 'M'}, {"2h7", 'w'}, {"2b2", 'W'}}, side));
    const dc::SearchResult r = search.go(pos, limits);
    INFO("side " << side << " score " << r.score_cp);
    CHECK(accepts_draw(r.score_cp, r.is_mate ? r.mate_in : 0, 60) == (side == 's'));
  }
}
