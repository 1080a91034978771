// The game clock (core owns every rule, and a flag is one): a time control, the two
// clocks kept move by move, and what a fallen flag means. The match runner keeps its
// games' clocks with it; the page's clock asks core what a flag means.
//
// A flag (docs/rules.md §8.2, §8.3): the side whose time is up loses, unless the other
// side has only its King left, which cannot win: then the game is drawn (as in chess).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "position.h"
#include "result.h"

namespace dc {

struct TimeControl {
  double base_ms = 0;  // each side's time at the start, and again at each control
  double inc_ms = 0;   // added after each of the side's moves
  int moves = 0;       // moves of each side per control (0: one control for the game)
};

// "BASE[+INC]" or "MOVES/BASE[+INC]", in seconds (decimals allowed): "10+0.1", "1+0.01",
// "300", "40/60+1". At most 10 days of base time and 1 day of increment; a base of 0
// needs an increment.
Result<TimeControl> parse_time_control(std::string_view text);
// The same form back: "10+0.1", "40/60".
std::string time_control_text(const TimeControl& tc);
// Seconds written "S" or "S.F" (at most three decimals, up to 9 digits before them) as
// milliseconds, -1 when not that form; and milliseconds written so ("300", "0.1", "2.25").
int64_t seconds_ms(std::string_view s);
std::string seconds_text(double ms);

class GameClock {
 public:
  explicit GameClock(const TimeControl& tc);
  const TimeControl& control() const { return tc_; }
  double left_ms(Color c) const { return left_[c]; }
  // The side's moves to the next control (0 without controls).
  int movestogo(Color c) const { return tc_.moves ? tc_.moves - moves_[c] % tc_.moves : 0; }
  int moves(Color c) const { return moves_[c]; }
  // The side's move took used_ms: its time goes down by that, then up by the increment
  // (and by the base time when the move completes a control). When used_ms is more than
  // its time left the flag has fallen: the side's time is 0, it is flagged and the answer
  // is false (then and for any later move of that side).
  bool spend(Color c, double used_ms);
  // The side's clock ran out (a flag fell) on this clock.
  bool flagged(Color c) const { return flagged_[c]; }
  // The time its last move took (as spent).
  double last_used_ms(Color c) const { return last_used_[c]; }

 private:
  TimeControl tc_;
  double left_[COLOR_NB];
  int moves_[COLOR_NB] = {0, 0};
  bool flagged_[COLOR_NB] = {false, false};
  double last_used_[COLOR_NB] = {0, 0};
};

// What a fallen flag means in `pos`: `flagged`'s time is up.
struct FlagOutcome {
  bool draw = false;    // the other side has only its King
  Color winner = GOLD;  // when not a draw: the other side
  std::string reason;   // "Gold's time is up, Scarlet wins" / "... Scarlet has only its King: a draw"
  const char* result() const { return draw ? "1/2-1/2" : winner == GOLD ? "1-0" : "0-1"; }
};
FlagOutcome flag_outcome(const Position& pos, Color flagged);

}  // namespace dc
