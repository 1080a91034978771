// The game clock (core/clock.h) and the match runner's games on it (tools/games.h:
// on_clock, play_game): time controls read strictly, the clocks kept move by move, a
// flag is a loss, and a draw when the other side has only its King. The moves' times
// come from a scripted clock, not the wall clock.
#include <catch2/catch_test_macros.hpp>

#include <string>
#include <vector>

#include "clock.h"
#include "movegen.h"
#include "tools/games.h"

namespace {

// Gold: Rook, Thief, Unicorn and King; Scarlet: Cleric and King (lower case). Gold to move.
const std::string TWO_SIDES = "4c4k2/12/12/12/12/12/7R4/12/12/12/12/12/3T4U3/12/12/12/12/12/9K2/12/12/12/12/12 g 0 1";
// The same without the Cleric: Scarlet has only its King.
const std::string KING_ONLY = "9k2/12/12/12/12/12/7R4/12/12/12/12/12/3T4U3/12/12/12/12/12/9K2/12/12/12/12/12 g 0 1";

// A player that plays its first legal move, "taking" ms_per_move of the scripted clock.
dc::Chooser first_move(double& now, double ms_per_move) {
  return [&now, ms_per_move](dc::Position& pos, const std::vector<std::string>&) {
    now += ms_per_move;
    dc::Choice c;
    c.move = dc::legal_moves(pos)[0];
    return c;
  };
}

}  // namespace

TEST_CASE("time controls are read strictly, in seconds", "[clock]") {
  auto tc = dc::parse_time_control("10+0.1");
  REQUIRE(tc);
  CHECK(tc->base_ms == 10000);
  CHECK(tc->inc_ms == 100);
  CHECK(tc->moves == 0);
  tc = dc::parse_time_control("1+0.01");
  REQUIRE(tc);
  CHECK(tc->base_ms == 1000);
  CHECK(tc->inc_ms == 10);
  tc = dc::parse_time_control("40/60");
  REQUIRE(tc);
  CHECK(tc->moves == 40);
  CHECK(tc->base_ms == 60000);
  CHECK(tc->inc_ms == 0);
  tc = dc::parse_time_control("0+2.5");
  REQUIRE(tc);
  CHECK(tc->base_ms == 0);
  CHECK(tc->inc_ms == 2500);
  for (const char* text : {"10+0.1", "1+0.01", "40/60", "300", "40/90+30", "0.5+0.005"}) {
    auto r = dc::parse_time_control(text);
    REQUIRE(r);
    CHECK(dc::time_control_text(*r) == text);
  }
  for (const char* bad :
       {"",     "+1",    "10+", "abc", "1e3",  "10+0.0001", "0",      "0+0",    "-1+1",   "1001/60",
        "0/60", "10++1", "40/", "/60", "1.+1", ".5",        "10+1+1", "10 + 1", "864001", "10+86401"}) {
    INFO(bad);
    auto r = dc::parse_time_control(bad);
    REQUIRE_FALSE(r);
    CHECK(r.error().find("time control '") == 0);
  }
}

TEST_CASE("the clock takes each move's time off, adds the increment and the next control's time", "[clock]") {
  dc::GameClock c(*dc::parse_time_control("3/10+1"));
  CHECK(c.left_ms(dc::GOLD) == 10000);
  CHECK(c.movestogo(dc::GOLD) == 3);
  CHECK(c.spend(dc::GOLD, 2500));
  CHECK(c.left_ms(dc::GOLD) == 8500);
  CHECK(c.left_ms(dc::SCARLET) == 10000);
  CHECK(c.movestogo(dc::GOLD) == 2);
  CHECK(c.spend(dc::GOLD, 500));
  CHECK(c.spend(dc::GOLD, 1000));  // the third move: the next control's 10 s
  CHECK(c.left_ms(dc::GOLD) == 8500 + 500 + 10000);
  CHECK(c.movestogo(dc::GOLD) == 3);
  CHECK(c.moves(dc::GOLD) == 3);
  CHECK(c.last_used_ms(dc::GOLD) == 1000);
  // Exactly the time left is in time; more is a flag, which stays.
  dc::GameClock d(*dc::parse_time_control("1+0.5"));
  CHECK(d.spend(dc::SCARLET, 1000));
  CHECK(d.left_ms(dc::SCARLET) == 500);
  CHECK_FALSE(d.flagged(dc::SCARLET));
  CHECK_FALSE(d.spend(dc::SCARLET, 500.5));
  CHECK(d.flagged(dc::SCARLET));
  CHECK(d.left_ms(dc::SCARLET) == 0);
  CHECK_FALSE(d.spend(dc::SCARLET, 0));
  CHECK_FALSE(d.flagged(dc::GOLD));
}

TEST_CASE("a fallen flag loses, unless the other side has only its King", "[clock]") {
  const dc::Position two = dc::Position::from_string(TWO_SIDES).value();
  const dc::Position king = dc::Position::from_string(KING_ONLY).value();
  auto f = dc::flag_outcome(two, dc::GOLD);
  CHECK_FALSE(f.draw);
  CHECK(f.winner == dc::SCARLET);
  CHECK(std::string(f.result()) == "0-1");
  CHECK(f.reason == "Gold's time is up, Scarlet wins");
  f = dc::flag_outcome(two, dc::SCARLET);
  CHECK(f.winner == dc::GOLD);
  CHECK(std::string(f.result()) == "1-0");
  f = dc::flag_outcome(king, dc::GOLD);
  CHECK(f.draw);
  CHECK(std::string(f.result()) == "1/2-1/2");
  CHECK(f.reason == "Gold's time is up, Scarlet has only its King: a draw");
  // Gold's flag against a lone King draws; Scarlet's (the lone King's) loses.
  CHECK_FALSE(dc::flag_outcome(king, dc::SCARLET).draw);
  CHECK(dc::flag_outcome(dc::Position::start(), dc::SCARLET).winner == dc::GOLD);
}

TEST_CASE("the match runner's games on the clock: a flag ends the game as a loss or, King only, a draw", "[clock]") {
  double now = 0;
  const auto scripted = [&now] { return now; };
  {
    // 1 s each and no increment: Gold takes 400 ms a move, Scarlet 100 ms. Gold's third
    // move (1,200 ms in all) flags it at ply 4.
    dc::GameClock clock(*dc::parse_time_control("1"));
    const auto o = dc::play_game(TWO_SIDES, dc::on_clock(first_move(now, 400), clock, scripted),
                                 dc::on_clock(first_move(now, 100), clock, scripted), 300, {});
    CHECK(o.flag);
    CHECK(o.flagged == dc::GOLD);
    CHECK(o.result == -1);
    CHECK(o.how == "time forfeit");
    CHECK(o.plies == 4);
    CHECK(clock.left_ms(dc::SCARLET) == 800);
    CHECK(clock.left_ms(dc::GOLD) == 0);
  }
  {
    // The same against a lone King: a draw.
    dc::GameClock clock(*dc::parse_time_control("1"));
    const auto o = dc::play_game(KING_ONLY, dc::on_clock(first_move(now, 400), clock, scripted),
                                 dc::on_clock(first_move(now, 100), clock, scripted), 300, {});
    CHECK(o.flag);
    CHECK(o.flagged == dc::GOLD);
    CHECK(o.result == 0);
    CHECK(o.how == "time forfeit (King only: a draw)");
  }
  {
    // The increment keeps a side that spends less than it in the game: 1+0.1 at 90 ms a
    // move never flags (the game ends by the rules or the ply limit), and the clock grows.
    dc::GameClock clock(*dc::parse_time_control("1+0.1"));
    const auto o = dc::play_game(dc::Position::start().to_string(), dc::on_clock(first_move(now, 90), clock, scripted),
                                 dc::on_clock(first_move(now, 90), clock, scripted), 40, {});
    CHECK_FALSE(o.flag);
    CHECK(o.plies == 40);
    CHECK(clock.left_ms(dc::GOLD) == 1000 + 20 * 10);
    CHECK(clock.moves(dc::SCARLET) == 20);
  }
}
