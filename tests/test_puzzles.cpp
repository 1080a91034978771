// Every puzzle of public/puzzles.json (made by core/tools/puzzles.cpp; core/puzzle.h):
// it parses, its line is legal and mates or wins material, its tags are those of its
// line, a mate has no other mate as fast, and (deep test) each of its moves is unique by
// the generator's own search.
#include <catch2/catch_test_macros.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "puzzle.h"
#include "test_data.h"
#include "test_helpers.h"

using td::json;
using td::read_json;
using td::strings;

namespace {

struct PuzzleCheck {
  dc::Position pos;
  std::vector<dc::Move> line;
};

// Plays a puzzle's line; the test fails unless every move is legal.
PuzzleCheck play_puzzle(const json& p) {
  PuzzleCheck c{th::pos_of(p.at("fen").get<std::string>()), {}};
  for (const std::string& text : strings(p.at("moves"))) {
    auto m = dc::parse_coordinate(c.pos, text);
    INFO(text);
    REQUIRE(m.ok());
    c.line.push_back(*m);
    c.pos.make_move(*m);
  }
  return c;
}

}  // namespace

TEST_CASE("every puzzle: a legal line that mates or wins material, unique first mates, its tags", "[puzzles]") {
  const json data = read_json("public/puzzles.json");
  REQUIRE(data.at("format") == "dragonchess-puzzles 1");
  const json& list = data.at("puzzles");
  CHECK(list.size() == data.at("count").get<size_t>());
  CHECK(list.size() >= 300);
  std::map<std::string, int> tags;
  std::set<std::string> ids, fens;
  for (const json& p : list) {
    const std::string id = p.at("id");
    INFO("puzzle " << id << " " << p.at("fen").get<std::string>());
    CHECK(ids.insert(id).second);
    CHECK(fens.insert(p.at("fen").get<std::string>()).second);
    PuzzleCheck c = play_puzzle(p);
    const size_t n = c.line.size();
    REQUIRE(n % 2 == 1);  // ends with a move of the solver
    REQUIRE(n <= 5);
    for (size_t i = 0; i < n; ++i) c.pos.unmake_move();
    const dc::Color solver = c.pos.side_to_move();
    const int mat0 = dc::material(c.pos, solver);
    const bool mate = p.at("goal") == "mate";
    for (dc::Move m : c.line) c.pos.make_move(m);
    if (mate) {
      CHECK(int(n) == 2 * p.at("mateIn").get<int>() - 1);
      CHECK(dc::is_checkmate(c.pos));
    } else {
      CHECK(p.at("goal") == "material");
      CHECK(dc::material(c.pos, solver) - mat0 >= p.at("gain").get<int>());
      CHECK(p.at("gain").get<int>() >= 200);
    }
    for (size_t i = 0; i < n; ++i) c.pos.unmake_move();
    // no game ends on the way (a mate only at the end)
    for (size_t i = 0; i + 1 < n; ++i) {
      c.pos.make_move(c.line[i]);
      CHECK(!dc::game_status(c.pos).over());
    }
    for (size_t i = 0; i + 1 < n; ++i) c.pos.unmake_move();
    // a mate in one has exactly one mating move; a longer mate has none in one
    if (p.at("unique") == true && mate) {
      CHECK(dc::mating_moves(c.pos).size() == (n == 1 ? 1u : 0u));
    }
    const std::set<std::string> t = dc::tag_line(c.pos, c.line, mate);
    CHECK(t == std::set<std::string>(p.at("tags").begin(), p.at("tags").end()));
    for (const std::string& x : t) ++tags[x];
    const int rating = p.at("rating");
    CHECK((rating >= 500 && rating <= 3000));
    const std::string d = p.at("difficulty");
    CHECK((d == "easy" || d == "medium" || d == "hard"));
  }
  for (const char* rule :
       {"afar", "freezing", "via", "level-change", "sylph-return", "promotion", "check-levels", "mate"}) {
    INFO("rule " << rule);
    CHECK(tags[rule] > 0);
  }
}

// The generator's own uniqueness check (core/puzzle.h, verify_unique, at its budget) run
// again on every move of every puzzle: about 20 s of CPU, so a deep test. With the search
// that made the file every verdict is the same; a later change of the search or the
// evaluation may move a close second best, so up to 5% of the moves may fall short (then
// the puzzles should be made again with the command recorded in the file).
TEST_CASE("every puzzle's solution moves are unique by the generator's search", "[puzzles][slow]") {
  const json data = read_json("public/puzzles.json");
  const std::string gen = data.at("generator");
  const auto at = gen.find("--verify-nodes ");
  REQUIRE(at != std::string::npos);
  const uint64_t nodes = std::stoull(gen.substr(at + 15));
  dc::Search search(dc::PUZZLE_VERIFY_HASH_MB);
  int checked = 0;
  std::vector<std::string> short_of;
  for (const json& p : data.at("puzzles")) {
    if (p.at("unique") != true) continue;
    PuzzleCheck c = play_puzzle(p);
    const size_t n = c.line.size();
    for (size_t i = 0; i < n; ++i) c.pos.unmake_move();
    search.new_game();
    const bool mate = p.at("goal") == "mate";
    for (size_t k = 0; k < n; k += 2) {
      if (!(mate && k > 0 && k + 1 == n)) {  // a final mating move need not be unique: any mate is accepted
        const dc::UniqueVerdict v = dc::verify_unique(search, c.pos, nodes, c.line[k]);
        ++checked;
        if (!v.unique)
          short_of.push_back(p.at("id").get<std::string>() + " move " + std::to_string(k + 1) + " (best " +
                             std::to_string(v.best_score) + ", second " + std::to_string(v.second_score) + ")");
      }
      c.pos.make_move(c.line[k]);
      if (k + 1 < n) c.pos.make_move(c.line[k + 1]);
    }
  }
  std::string list;
  for (const std::string& x : short_of) list += "\n  " + x;
  INFO(short_of.size() << " of " << checked << " moves not unique now:" << list);
  CHECK(checked >= int(data.at("count").get<size_t>()));
  CHECK(short_of.size() * 20 <= size_t(checked));
}
