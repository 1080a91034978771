// The perft suite as data: tests/perft/*.txt, one position a line:
//   <position string> ; [rules <gygax|bga> ;] D1 <n> ; D2 <n> ; ... [; divide <d> <move>:<n> ...]
// (# starts a comment). `rules` names the rule set (core/rule_set.h; Gygax's when
// absent); `divide` lists every legal move with the count of the paths below it at
// depth d. Depths with counts up to 5M run by default, deeper ones in the [slow] test
// case.
#include <catch2/catch_test_macros.hpp>

#include <filesystem>
#include <map>
#include <fstream>
#include <sstream>

#include "rule_set.h"
#include "test_helpers.h"

namespace {

struct PerftCase {
  std::string file;
  int line = 0;
  std::string fen;
  dc::Rules rules = dc::Rules::Gygax;
  std::vector<std::pair<int, uint64_t>> depths;
  int divide_depth = 0;                                  // 0: no divide listed
  std::vector<std::pair<std::string, uint64_t>> divide;  // coordinate move, count
};

ref::Rules ref_rules(dc::Rules r) { return r == dc::Rules::Bga ? ref::Rules::Bga : ref::Rules::Gygax; }

std::string trim(std::string s) {
  while (!s.empty() && std::isspace((unsigned char)s.back())) s.pop_back();
  size_t i = 0;
  while (i < s.size() && std::isspace((unsigned char)s[i])) ++i;
  return s.substr(i);
}

std::vector<PerftCase> load_cases() {
  std::vector<PerftCase> out;
  std::filesystem::path dir = std::filesystem::path(DRAGONCHESS_TEST_DATA) / "perft";
  std::vector<std::filesystem::path> files;
  for (auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".txt") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (auto& f : files) {
    std::ifstream in(f);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
      ++n;
      if (auto h = line.find('#'); h != std::string::npos) line.erase(h);
      line = trim(line);
      if (line.empty()) continue;
      PerftCase c;
      c.file = f.filename().string();
      c.line = n;
      std::stringstream ss(line);
      std::string part;
      bool first = true;
      while (std::getline(ss, part, ';')) {
        part = trim(part);
        if (first) {
          c.fen = part;
          first = false;
          continue;
        }
        INFO(c.file << ":" << n << " bad field '" << part << "'");
        REQUIRE(part.size() > 3);
        if (part.rfind("rules ", 0) == 0) {
          const auto r = dc::parse_rules(part.substr(6));
          REQUIRE(r.ok());
          c.rules = *r;
          continue;
        }
        if (part.rfind("divide ", 0) == 0) {
          std::stringstream ds(part.substr(7));
          REQUIRE(ds >> c.divide_depth);
          for (std::string item; ds >> item;) {
            const size_t colon = item.find(':');
            REQUIRE(colon == 6);
            c.divide.emplace_back(item.substr(0, colon), std::stoull(item.substr(colon + 1)));
          }
          REQUIRE(!c.divide.empty());
          continue;
        }
        REQUIRE(part[0] == 'D');
        size_t sp = part.find(' ');
        REQUIRE(sp != std::string::npos);
        c.depths.emplace_back(std::stoi(part.substr(1, sp - 1)), std::stoull(part.substr(sp + 1)));
      }
      REQUIRE_FALSE(c.depths.empty());
      out.push_back(c);
    }
  }
  return out;
}

constexpr uint64_t DEFAULT_LIMIT = 5'000'000;

}  // namespace

TEST_CASE("perft suite", "[perft]") {
  auto cases = load_cases();
  REQUIRE(cases.size() >= 13);
  size_t runs = 0;
  for (auto& c : cases) {
    INFO(c.file << ":" << c.line << " " << c.fen << " (" << dc::rules_id(c.rules) << ")");
    dc::Position pos = th::pos_of(c.fen, c.rules);
    for (auto [d, n] : c.depths) {
      if (n > DEFAULT_LIMIT) continue;
      INFO("depth " << d);
      CHECK(dc::perft(pos, d) == n);
      ++runs;
    }
    CHECK(pos.to_string() == c.fen);
  }
  CHECK(runs >= 40);
}

TEST_CASE("perft suite, deep", "[perft][slow]") {
  for (auto& c : load_cases()) {
    INFO(c.file << ":" << c.line << " " << c.fen << " (" << dc::rules_id(c.rules) << ")");
    dc::Position pos = th::pos_of(c.fen, c.rules);
    for (auto [d, n] : c.depths) {
      if (n <= DEFAULT_LIMIT) continue;
      INFO("depth " << d);
      CHECK(dc::perft(pos, d) == n);
    }
  }
}

TEST_CASE("perft: the start position", "[perft]") {
  dc::Position pos = dc::Position::start();
  CHECK(dc::perft(pos, 1) == 90);
  CHECK(dc::perft(pos, 2) == 8094);
  CHECK(dc::perft(pos, 3) == 735480);
  CHECK(pos.to_string() == dc::START_POSITION);
  // Board Game Arena's rules: the same first three plies (start.txt: D4 differs).
  dc::Position bga = dc::Position::start(dc::Rules::Bga);
  CHECK(dc::perft(bga, 3) == 735480);
}

TEST_CASE("divide suite: the positions where the two rule sets differ", "[perft]") {
  // Each listed divide is the engine's and the reference generator's, move by move; each
  // position of rules.txt is listed under both rule sets, and most differ.
  std::map<std::string, std::map<dc::Rules, std::vector<std::pair<std::string, uint64_t>>>> by_fen;
  size_t divides = 0;
  for (auto& c : load_cases()) {
    if (!c.divide_depth) continue;
    INFO(c.file << ":" << c.line << " " << c.fen << " (" << dc::rules_id(c.rules) << ")");
    ++divides;
    dc::Position pos = th::pos_of(c.fen, c.rules);
    std::vector<std::pair<std::string, uint64_t>> mine;
    for (auto& [m, n] : dc::divide(pos, c.divide_depth)) mine.emplace_back(dc::to_coordinate(m), n);
    std::sort(mine.begin(), mine.end());
    auto want = c.divide;
    std::sort(want.begin(), want.end());
    CHECK(mine == want);
    ref::Pos rp;
    std::string err;
    REQUIRE(ref::parse(c.fen, rp, err, ref_rules(c.rules)));
    std::vector<std::pair<std::string, uint64_t>> theirs;
    for (const std::string& m : ref::legal_moves(rp))
      theirs.emplace_back(m, ref::perft(ref::apply(rp, m), c.divide_depth - 1));
    CHECK(theirs == want);
    by_fen[c.fen][c.rules] = want;
  }
  CHECK(divides >= 10);
  size_t differ = 0;
  for (auto& [fen, sets] : by_fen) {
    INFO(fen);
    CHECK(sets.size() == 2);
    differ += sets.size() == 2 && sets[dc::Rules::Gygax] != sets[dc::Rules::Bga];
  }
  CHECK(differ >= 5);
}

TEST_CASE("divide sums to perft and matches each child's perft", "[perft]") {
  auto cases = load_cases();
  for (size_t i = 0; i < cases.size(); i += 2) {
    auto& c = cases[i];
    INFO(c.file << ":" << c.line << " " << c.fen << " (" << dc::rules_id(c.rules) << ")");
    dc::Position pos = th::pos_of(c.fen, c.rules);
    for (int d = 1; d <= 2; ++d) {
      auto div = dc::divide(pos, d);
      uint64_t sum = 0;
      for (auto& [m, n] : div) sum += n;
      CHECK(sum == dc::perft(pos, d));
      CHECK(div.size() == size_t(dc::legal_moves(pos).size));
      if (d == 2)
        for (auto& [m, n] : div) {
          pos.make_move(m);
          CHECK(n == dc::perft(pos, 1));
          pos.unmake_move();
        }
    }
  }
}

TEST_CASE("perft agrees with the reference generator at shallow depth", "[perft]") {
  // The data files hold numbers already confirmed with ref::perft; this re-checks the
  // cheapest ones against the reference at run time.
  for (auto& c : load_cases()) {
    INFO(c.file << ":" << c.line << " " << c.fen << " (" << dc::rules_id(c.rules) << ")");
    ref::Pos rp;
    std::string err;
    REQUIRE(ref::parse(c.fen, rp, err, ref_rules(c.rules)));
    for (auto [d, n] : c.depths)
      if (d <= 2 && n <= 10000) CHECK(ref::perft(rp, d) == n);
  }
}
