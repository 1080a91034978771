// The game clock's questions to core (core/clock.h, core/search/timeman.h) for the page:
// a time control read from its text, what a fallen flag means in a position, and the
// time manager's limits of one move (the computer's thinking on its clock).
#include <emscripten/bind.h>

#include <string>

#include "clock.h"
#include "facade.h"
#include "position.h"
#include "search/timeman.h"

using namespace dc;
using namespace dcw;

namespace {

// "10+0.1", "40/60+1" (seconds) -> {base, inc, moves} (ms, ms, moves per control; 0 = one
// control), or {error, code: 'bad-clock'}.
val parse_time_control_js(std::string text) {
  auto r = parse_time_control(text);
  if (!r) return keyed_error_obj("bad-clock", r.failure());
  val o = val::object();
  o.set("base", r->base_ms);
  o.set("inc", r->inc_ms);
  o.set("moves", r->moves);
  o.set("text", time_control_text(*r));
  return o;
}

// The flag of `side` ('gold' | 'scarlet') in the position `fen` -> {draw, winner, result,
// reason}: the side out of time loses, unless the other side has only its King (a draw).
val flag_outcome_js(std::string fen, std::string side) {
  if (side != "gold" && side != "scarlet") return error_obj("bad-argument", "the side is 'gold' or 'scarlet'");
  auto pos = Position::from_string(fen.empty() ? START_POSITION : std::string_view(fen));
  if (!pos) return keyed_error_obj("bad-position", pos.failure());
  const FlagOutcome f = flag_outcome(*pos, side == "gold" ? GOLD : SCARLET);
  val o = val::object();
  o.set("draw", f.draw);
  o.set("winner", f.draw ? val::null() : val(std::string(color_id(f.winner))));
  o.set("result", std::string(f.result()));
  o.set("reason", f.reason);
  return o;
}

// The time manager's limits of one move at full strength: {soft, hard, panic} (ms).
val time_budget_js(double time, double inc, double movestogo, double ply, double overhead) {
  if (!whole_in(time, -8.64e9, 8.64e9) || !whole_in(inc, 0, 86400000) || !whole_in(movestogo, 0, 1000) ||
      !whole_in(ply, 0, 1e6) || !whole_in(overhead, 0, MAX_MOVE_OVERHEAD_MS))
    return error_obj(
        "bad-clock",
        "the clock must be whole numbers: time, inc (0..86400000), movestogo (0..1000), ply (0..), overhead (0.." +
            std::to_string(MAX_MOVE_OVERHEAD_MS) + ")");
  MoveClock c;
  c.time_ms = int64_t(time);
  c.inc_ms = int64_t(inc);
  c.movestogo = int(movestogo);
  c.ply = int(ply);
  c.overhead_ms = int(overhead);
  const TimeBudget b = time_budget(c);
  val o = val::object();
  o.set("soft", b.soft_ms);
  o.set("hard", b.hard_ms);
  o.set("panic", b.panic);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(dragonchess_clock) {
  emscripten::constant("DEFAULT_MOVE_OVERHEAD", DEFAULT_MOVE_OVERHEAD_MS);
  emscripten::function("parseTimeControlCore", &parse_time_control_js);
  emscripten::function("flagOutcomeCore", &flag_outcome_js);
  emscripten::function("timeBudgetCore", &time_budget_js);
}
