#include "clock.h"

#include <charconv>

namespace dc {

namespace {

constexpr int64_t MAX_BASE_MS = 10LL * 86400 * 1000, MAX_INC_MS = 86400LL * 1000;

}  // namespace

// Seconds as "S" or "S.F" (at most three decimals: whole milliseconds) -> ms; -1 if not.
int64_t seconds_ms(std::string_view s) {
  const size_t dot = s.find('.');
  const std::string_view whole = s.substr(0, dot);
  const std::string_view frac = dot == std::string_view::npos ? std::string_view() : s.substr(dot + 1);
  if (whole.empty() || whole.size() > 9 || (dot != std::string_view::npos && (frac.empty() || frac.size() > 3)))
    return -1;
  int64_t ms = 0;
  for (char c : whole) {
    if (c < '0' || c > '9') return -1;
    ms = ms * 10 + (c - '0');
  }
  ms *= 1000;
  int64_t scale = 100;
  for (char c : frac) {
    if (c < '0' || c > '9') return -1;
    ms += (c - '0') * scale;
    scale /= 10;
  }
  return ms;
}

std::string seconds_text(double ms) {
  const int64_t v = int64_t(ms + 0.5);
  std::string out = std::to_string(v / 1000);
  if (v % 1000) {
    std::string f = std::to_string(1000 + v % 1000);  // "1xyz": the three decimals after the 1
    while (f.back() == '0') f.pop_back();
    out += '.';
    out.append(f, 1);
  }
  return out;
}

Result<TimeControl> parse_time_control(std::string_view text) {
  // Why, keyed "timeControl.<why>", inside "timeControl.bad" (with the text and the form).
  const auto bad = [&](const char* why, const char* words) {
    return keyed_error("timeControl.bad",
                       "time control '{text}': {reason} (the form is BASE+INC or MOVES/BASE+INC in seconds, e.g. "
                       "10+0.1 or 40/60)",
                       make_error(std::string("timeControl.") + why, {}, words), "text", text);
  };
  TimeControl tc;
  std::string_view rest = text;
  if (const size_t slash = rest.find('/'); slash != std::string_view::npos) {
    const std::string_view m = rest.substr(0, slash);
    int moves = 0;
    const auto r = std::from_chars(m.data(), m.data() + m.size(), moves);
    if (m.empty() || r.ec != std::errc() || r.ptr != m.data() + m.size() || moves < 1 || moves > 1000)
      return bad("moves", "the moves per control must be a whole number from 1 to 1000");
    tc.moves = moves;
    rest = rest.substr(slash + 1);
  }
  const size_t plus = rest.find('+');
  const int64_t base = seconds_ms(rest.substr(0, plus));
  if (base < 0) return bad("base", "the base time must be a number of seconds with at most three decimals");
  int64_t inc = 0;
  if (plus != std::string_view::npos) {
    inc = seconds_ms(rest.substr(plus + 1));
    if (inc < 0) return bad("inc", "the increment must be a number of seconds with at most three decimals");
  }
  if (base > MAX_BASE_MS) return bad("baseMax", "the base time is more than 10 days");
  if (inc > MAX_INC_MS) return bad("incMax", "the increment is more than a day");
  if (base == 0 && inc == 0) return bad("none", "a clock of no time at all");
  tc.base_ms = double(base);
  tc.inc_ms = double(inc);
  return tc;
}

std::string time_control_text(const TimeControl& tc) {
  std::string out = tc.moves ? std::to_string(tc.moves) + "/" : "";
  out += seconds_text(tc.base_ms);
  if (tc.inc_ms > 0) out.append(1, '+').append(seconds_text(tc.inc_ms));
  return out;
}

GameClock::GameClock(const TimeControl& tc) : tc_(tc) { left_[GOLD] = left_[SCARLET] = tc.base_ms; }

bool GameClock::spend(Color c, double used_ms) {
  if (flagged_[c]) return false;
  last_used_[c] = used_ms;
  if (used_ms > left_[c]) {
    flagged_[c] = true;
    left_[c] = 0;
    return false;
  }
  left_[c] += tc_.inc_ms - used_ms;
  ++moves_[c];
  if (tc_.moves && moves_[c] % tc_.moves == 0) left_[c] += tc_.base_ms;
  return true;
}

FlagOutcome flag_outcome(const Position& pos, Color flagged) {
  FlagOutcome f;
  const Color other = ~flagged;
  f.draw = pos.piece_count(other) <= 1;
  f.winner = other;
  f.reason = std::string(color_name(flagged)) + "'s time is up, " +
             (f.draw ? std::string(color_name(other)) + " has only its King: a draw"
                     : std::string(color_name(other)) + " wins");
  return f;
}

}  // namespace dc
