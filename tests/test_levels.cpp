// The playing levels' named weaknesses (core/search/search.h, LevelSettings): a level
// errs the way a person does, and only in the way its settings say.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>

#include "search/eval.h"
#include "search/search.h"
#include "test_helpers.h"

using namespace dc;
using th::fen_of;
using th::pos_of;

namespace {

// A level of one's own: one ply and the engine's own quiescence, no noise, no weakness
// unless asked.
LevelSettings plain_level() {
  LevelSettings ls = level_settings(1);
  ls.max_depth = 1;
  ls.max_nodes = 0;
  ls.noise_cp = 0;
  ls.blunder_pct = 0;
  ls.afar_blind_pct = 0;
  ls.frozen_blind_pct = 0;
  ls.capture_horizon = -1;
  ls.horizon_pct = 100;
  ls.level_blind_pct = 0;
  ls.careless_pct = 0;
  return ls;
}

std::string best_of(const std::string& fen, const LevelSettings* ls, int level, uint64_t seed, int depth = 0) {
  Position pos = pos_of(fen);
  Search s(4);
  s.set_level(level);
  if (ls) s.set_level_settings(*ls);
  s.set_seed(seed);
  SearchLimits lim;
  lim.depth = depth;
  if (!depth) lim.nodes = 200000;
  return to_coordinate(s.go(pos, lim).best);
}

// How many of the seeds 1..16 play `move` with these settings.
int seeds_playing(const std::string& fen, const LevelSettings& ls, const std::string& move) {
  int n = 0;
  for (uint64_t seed = 1; seed <= 16; ++seed) n += best_of(fen, &ls, 0, seed) == move;
  return n;
}

// Only a capture from afar wins material: the Dragon on 3d6 takes the undefended
// Cleric on 2d5 from afar; every other move is quiet.
std::string afar_fen() { return fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3d6", 'R'}, {"2d5", 'c'}, {"2h2", 'W'}}); }
// A plain capture of the same Cleric by an Oliphant.
std::string plain_fen() { return fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2d1", 'O'}, {"2d5", 'c'}, {"2h2", 'W'}}); }

}  // namespace

TEST_CASE("a level blind to captures from afar misses the only one that wins material", "[levels]") {
  const std::string AFAR = afar_fen(), PLAIN = plain_fen();
  REQUIRE(best_of(AFAR, nullptr, 10, 1, 3) == "3d62d5");
  // Every level's own settings (its noise, weaker moves, depth and budget), made blind to
  // them in every search: it misses the capture from afar, and sees a plain capture of
  // the same piece.
  for (int level = 1; level <= 9; ++level) {
    LevelSettings blind = level_settings(level);
    blind.afar_blind_pct = 100;
    blind.max_nodes = std::min<uint64_t>(blind.max_nodes, 60000);  // (a few plies here)
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      INFO("level " << level << " seed " << seed);
      CHECK(best_of(AFAR, &blind, 0, seed) != "3d62d5");
      CHECK(best_of(PLAIN, &blind, 0, seed) == "2d12d5");
    }
    // The same settings without the blindness see it.
    LevelSettings seeing = blind;
    seeing.afar_blind_pct = 0;
    seeing.level_blind_pct = 0;  // (levels 1-2: blind to every capture between levels)
    CHECK(best_of(AFAR, &seeing, 0, 1) == "3d62d5");
  }
  // Only the weakness makes the difference.
  LevelSettings ls = plain_level();
  CHECK(best_of(AFAR, &ls, 0, 1) == "3d62d5");
  ls.afar_blind_pct = 100;
  CHECK(best_of(AFAR, &ls, 0, 1) != "3d62d5");
}

TEST_CASE("a level blind to captures from afar walks into one", "[levels]") {
  // Gold's Cleric on 2d3 can take the Thief on 2e4 (which the Scarlet Dragon on 3e3
  // guards from afar) or leave; a level that sees afar captures leaves the Thief alone.
  const std::string fen = fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2d3", 'C'}, {"2e4", 't'}, {"3e3", 'r'}, {"2h2", 'W'}});
  LevelSettings ls = plain_level();
  CHECK(best_of(fen, &ls, 0, 1) != "2d32e4");
  ls.afar_blind_pct = 100;
  CHECK(best_of(fen, &ls, 0, 1) == "2d32e4");
}

TEST_CASE("a level blind between levels misses captures from one level to another, not on one", "[levels]") {
  // The Griffon on 3e4 can take the undefended Thief on 2f5 below it, the Dragon on 3d6 a
  // Cleric from afar; the Oliphant takes a Cleric on its own level.
  const std::string GRIFFON = fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3e4", 'G'}, {"2f5", 't'}, {"2h2", 'W'}});
  const std::string AFAR = afar_fen(), PLAIN = plain_fen();
  LevelSettings ls = plain_level();
  ls.max_depth = 3;
  REQUIRE(best_of(GRIFFON, &ls, 0, 1) == "3e42f5");
  REQUIRE(best_of(AFAR, &ls, 0, 1) == "3d62d5");
  ls.level_blind_pct = 100;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    CHECK(best_of(GRIFFON, &ls, 0, seed) != "3e42f5");
    CHECK(best_of(AFAR, &ls, 0, seed) != "3d62d5");
    CHECK(best_of(PLAIN, &ls, 0, seed) == "2d12d5");
  }
  // In a share of the searches: some seeds see the Griffon's capture, others do not.
  ls.level_blind_pct = 50;
  const int takes = seeds_playing(GRIFFON, ls, "3e42f5");
  CHECK(takes > 0);
  CHECK(takes < 16);
}

TEST_CASE("a level blind between levels walks into a capture from another level", "[levels]") {
  // Gold's Cleric on 2d3 can take the Thief on 2e4, which the Scarlet Dwarf below it on
  // 1e4 takes back; a level that sees between levels leaves the Thief alone.
  const std::string fen = fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2d3", 'C'}, {"2e4", 't'}, {"1e4", 'd'}, {"2h2", 'W'}});
  Position after = pos_of(fen);
  after.make_move(find_legal(after, parse_square("2d3"), parse_square("2e4")));
  REQUIRE(!find_legal(after, parse_square("1e4"), parse_square("2e4")).is_none());
  LevelSettings ls = plain_level();
  ls.max_depth = 2;
  CHECK(best_of(fen, &ls, 0, 1) != "2d32e4");
  ls.level_blind_pct = 100;
  CHECK(best_of(fen, &ls, 0, 1) == "2d32e4");
  // A recapture on the same level it sees: an Oliphant on 2e8 instead of the Dwarf.
  const std::string same = fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2d3", 'C'}, {"2e4", 't'}, {"2e8", 'o'}, {"2h2", 'W'}});
  CHECK(best_of(same, &ls, 0, 1) != "2d32e4");
}

TEST_CASE("a careless search looks only at its own move", "[levels]") {
  // The Mage can take a Thief that a Warrior defends. Three plies ahead the level sees the
  // recapture; careless, it looks at its own move alone and takes.
  const std::string fen = fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2d1", 'M'}, {"2d5", 't'}, {"2e6", 'w'}, {"2h2", 'W'}});
  LevelSettings ls = plain_level();
  ls.max_depth = 3;
  CHECK(best_of(fen, &ls, 0, 1) != "2d12d5");
  ls.careless_pct = 100;
  for (uint64_t seed = 1; seed <= 4; ++seed) CHECK(best_of(fen, &ls, 0, seed) == "2d12d5");
  ls.careless_pct = 50;
  const int takes = seeds_playing(fen, ls, "2d12d5");
  CHECK(takes > 0);
  CHECK(takes < 16);
}

TEST_CASE("a level with no capture horizon leaves pieces hanging", "[levels]") {
  // The Mage can take a Thief that a Warrior defends: it loses the Mage for a Thief.
  const std::string fen = fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2d1", 'M'}, {"2d5", 't'}, {"2e6", 'w'}, {"2h2", 'W'}});
  LevelSettings ls = plain_level();
  CHECK(best_of(fen, &ls, 0, 1) != "2d12d5");
  ls.capture_horizon = 0;
  CHECK(best_of(fen, &ls, 0, 1) == "2d12d5");
  // Holding in half of the searches, it takes the Thief with some seeds, not with others.
  ls.horizon_pct = 50;
  const int takes = seeds_playing(fen, ls, "2d12d5");
  CHECK(takes > 0);
  CHECK(takes < 16);
  // Every level's own settings (noise, exact root) with a horizon of 0 in every search
  // do the same at the horizon (one ply: deeper, the main search sees the recapture);
  // with the engine's own quiescence they keep the Mage. (Without the weaker move,
  // which levels 1-2 play in half their searches.)
  for (int level = 1; level <= 9; ++level) {
    LevelSettings hanging = level_settings(level);
    hanging.blunder_pct = 0;
    hanging.careless_pct = 0;
    hanging.max_depth = 1;
    hanging.capture_horizon = 0;
    hanging.horizon_pct = 100;
    hanging.max_nodes = std::min<uint64_t>(hanging.max_nodes, 60000);
    INFO("level " << level);
    CHECK(best_of(fen, &hanging, 0, 3) == "2d12d5");
    hanging.capture_horizon = -1;
    CHECK(best_of(fen, &hanging, 0, 3) != "2d12d5");
  }
}

TEST_CASE("a level that forgets freezing does not free its frozen Mage", "[levels]") {
  // Gold's Mage on 2d5 is frozen by the Scarlet Basilisk on 1d5. One Cleric can take
  // that Basilisk (and thaw the Mage), the other an Elemental, worth more by material.
  REQUIRE(EvalWeights::defaults().frozen[MAGE] >= 200);
  const std::string fen = fen_of(
      {{"2a1", 'K'}, {"2l8", 'k'}, {"2d5", 'M'}, {"1d5", 'b'}, {"1c5", 'C'}, {"1h5", 'e'}, {"1i4", 'C'}, {"2h2", 'W'}});
  LevelSettings ls = plain_level();
  CHECK(best_of(fen, &ls, 0, 1) == "1c51d5");
  ls.frozen_blind_pct = 100;
  CHECK(best_of(fen, &ls, 0, 1) == "1i41h5");
}

TEST_CASE("level settings and limits", "[levels]") {
  for (int level = 1; level <= 10; ++level) {
    const LevelSettings ls = level_settings(level);
    const SearchLimits l = level_limits(level);
    CHECK(l.movetime_ms == ls.movetime_ms);
    CHECK(l.nodes == ls.max_nodes);
    CHECK(l.min_nodes == ls.min_nodes);
    CHECK(l.max_movetime_ms == ls.max_movetime_ms);
    // Node budgets rise among the levels that score every root move exactly (that
    // costs depth, so a budget means less there) and among those that do not.
    const LevelSettings below = level_settings(level - 1);
    if (level > 1 && level < 10 && ls.exact_root == below.exact_root) CHECK(ls.max_nodes > below.max_nodes);
    if (level > 1) CHECK((below.exact_root || !ls.exact_root));  // once off, it stays off
    // The weaker-move choice picks among exactly scored root moves.
    if (ls.blunder_pct > 0) CHECK(ls.exact_root);
  }
  // The top level has no weakness.
  const LevelSettings top = level_settings(10);
  CHECK(top.noise_cp == 0);
  CHECK(top.blunder_pct == 0);
  CHECK(top.afar_blind_pct == 0);
  CHECK(top.frozen_blind_pct == 0);
  CHECK(top.capture_horizon == -1);
  CHECK(top.horizon_pct == 0);
  CHECK(!top.exact_root);
  // Only the top level thinks by the clock, and on a slow machine it thinks longer rather
  // than search less than the level below it (whose budget holds whatever the machine).
  for (int level = 1; level < 10; ++level) CHECK(level_settings(level).min_nodes == 0);
  CHECK(2 * top.min_nodes >= 3 * level_settings(9).max_nodes);  // at least 1.5 times level 9
  CHECK(top.max_movetime_ms > top.movetime_ms);
}

TEST_CASE("each level in words says what its settings do", "[levels]") {
  for (int level = 1; level <= 10; ++level) {
    const LevelSettings ls = level_settings(level);
    const std::string w = level_words(level);
    INFO(level << ": " << w);
    CHECK(w.find(": ") != std::string::npos);
    CHECK(w.back() == '.');
    CHECK((w.find("leaves pieces hanging") != std::string::npos) == (ls.horizon_pct > 0 && ls.capture_horizon == 0));
    CHECK((w.find("misses recaptures") != std::string::npos) == (ls.horizon_pct > 0 && ls.capture_horizon >= 1));
    CHECK((w.find("captures from afar") != std::string::npos) == (ls.afar_blind_pct > 0));
    CHECK((w.find("frozen pieces") != std::string::npos) == (ls.frozen_blind_pct > 0));
    CHECK((w.find("weaker move") != std::string::npos) == (ls.blunder_pct > 0));
    CHECK((w.find("from one level to another") != std::string::npos) == (ls.level_blind_pct > 0));
    CHECK((w.find("only at its own move") != std::string::npos) == (ls.max_depth == 1 || ls.careless_pct > 0));
    if (level > 1) CHECK(w != level_words(level - 1));
  }
  CHECK(level_words(10).find("about " + std::to_string(level_settings(10).movetime_ms / 1000) + " seconds") !=
        std::string::npos);
  CHECK(level_words(0) == level_words(1));
  CHECK(level_words(11) == level_words(10));
}

TEST_CASE("scoring every root move exactly costs nodes, and is all a weakless level adds", "[levels]") {
  // The start position at depth 5: a level of one's own without any
  // weakness searches the top level's tree unless it scores every root move exactly.
  Position pos = Position::start();
  SearchLimits lim;
  lim.depth = 5;
  auto run = [&](const LevelSettings* ls) {
    Search s(4);
    if (ls) s.set_level_settings(*ls);
    return s.go(pos, lim);
  };
  LevelSettings ls = plain_level();
  ls.max_depth = MAX_DEPTH;
  ls.exact_root = false;
  const SearchResult top = run(nullptr), plain = run(&ls);
  CHECK(plain.nodes == top.nodes);
  CHECK(plain.best == top.best);
  CHECK(plain.score_cp == top.score_cp);
  ls.exact_root = true;
  const SearchResult exact = run(&ls);
  CHECK(exact.nodes > plain.nodes * 3 / 2);
  CHECK(exact.depth == 5);
}
