// The playing levels in plain words (the page's strength selector shows them), made from
// the level's own settings (level_settings() in levels.cpp), so that they cannot drift
// from what the level does.
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "search.h"

namespace dc {

namespace {

constexpr const char* NAMES[11] = {"",       "Beginner", "Novice", "Casual", "Club player",  "Intermediate",
                                   "Strong", "Advanced", "Expert", "Master", "Full strength"};

// How often a chance per search reads (0: always).
int often_rank(int pct) { return pct >= 100 ? 0 : pct >= 40 ? 1 : pct >= 15 ? 2 : pct >= 5 ? 3 : pct >= 2 ? 4 : 5; }
constexpr const char* OFTEN[] = {"always", "often", "sometimes", "now and then", "rarely", "very rarely"};
constexpr int OFTEN_NB = int(std::size(OFTEN));

// 600000 -> "600,000".
std::string grouped(uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string s;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) s += ',';
    s += digits[i];
  }
  return s;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i == 0 ? "" : i + 1 == v.size() ? " and " : ", ") + v[i];
  return s;
}

}  // namespace

std::string level_words(int level) {
  level = level < 1 ? 1 : level > 10 ? 10 : level;
  const LevelSettings ls = level_settings(level);
  std::string s = std::string(NAMES[level]) + ": ";
  if (level == 10) {
    const int tenths = (ls.movetime_ms + 50) / 100;
    s += "thinks up to about " + std::to_string(tenths / 10);
    if (tenths % 10) s += '.', s += std::to_string(tenths % 10);
    s += " seconds a move";
    if (ls.min_nodes && ls.max_movetime_ms > ls.movetime_ms)
      s += " but looks at " + grouped(ls.min_nodes) + " positions or more (up to " +
           std::to_string(ls.max_movetime_ms / 1000) + " seconds on a slow device)";
    return s + "; no mistakes on purpose.";
  }
  if (ls.max_depth == 1)
    s += "looks only at its own move";
  else if (ls.max_depth < MAX_DEPTH)
    s += "looks up to " + std::to_string(ls.max_depth) + " half-moves ahead";
  else
    s += "looks as far ahead as " + grouped(ls.max_nodes) + " positions a move allow";
  // Its errors, grouped by how often it makes them.
  std::vector<std::string> errs[OFTEN_NB];
  if (ls.horizon_pct > 0 && ls.capture_horizon == 0)
    errs[often_rank(ls.horizon_pct)].push_back("leaves pieces hanging");
  if (ls.horizon_pct > 0 && ls.capture_horizon >= 1) errs[often_rank(ls.horizon_pct)].push_back("misses recaptures");
  if (ls.level_blind_pct > 0)
    errs[often_rank(ls.level_blind_pct)].push_back("misses captures from one level to another");
  if (ls.afar_blind_pct > 0) errs[often_rank(ls.afar_blind_pct)].push_back("misses captures from afar");
  if (ls.careless_pct > 0 && ls.max_depth > 1)
    errs[often_rank(ls.careless_pct)].push_back("looks only at its own move");
  if (ls.frozen_blind_pct > 0) errs[often_rank(ls.frozen_blind_pct)].push_back("forgets frozen pieces");
  if (ls.blunder_pct > 0) errs[often_rank(ls.blunder_pct)].push_back("plays a weaker move");
  std::vector<std::string> parts;
  for (int r = 0; r < OFTEN_NB; ++r)
    if (!errs[r].empty()) parts.push_back(std::string(OFTEN[r]) + " " + join(errs[r]));
  if (parts.empty()) return s + ", no mistakes on purpose.";
  std::string rest;
  for (size_t i = 0; i < parts.size(); ++i) rest += (i ? "; " : "") + parts[i];
  rest[0] = char(rest[0] - 'a' + 'A');
  return s + ". " + rest + ".";
}

}  // namespace dc
