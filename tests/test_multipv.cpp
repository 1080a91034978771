// MultiPV and threats (core/search): the best N lines of every iteration, and the search of
// what the opponent threatens (the position after a pass).
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "search/search.h"
#include "session.h"
#include "status.h"
#include "test_helpers.h"

using namespace dc;

namespace {

const auto positions = th::varied_positions;

SearchLimits limits(int depth, int multipv) {
  SearchLimits l;
  l.depth = depth;
  l.multipv = multipv;
  return l;
}

bool legal_line(Position pos, const std::vector<Move>& pv) {
  for (Move m : pv) {
    if (m.is_none() || find_legal(pos, m.from(), m.to()) != m) return false;
    pos.make_move(m);
  }
  return true;
}

// N distinct root moves, each line a legal sequence starting with its move, scores not
// increasing, the first line the answer.
void check_lines(const Position& pos, const std::vector<SearchLine>& lines, size_t want, const SearchResult* r) {
  REQUIRE(lines.size() == want);
  std::set<uint32_t> moves;
  for (size_t k = 0; k < lines.size(); ++k) {
    const SearchLine& l = lines[k];
    INFO("line " << k + 1 << ": " << to_coordinate(l.move));
    CHECK(moves.insert(l.move.raw()).second);
    REQUIRE_FALSE(l.pv.empty());
    CHECK(l.pv[0] == l.move);
    CHECK(legal_line(pos, l.pv));
    if (k) CHECK(l.score_cp <= lines[k - 1].score_cp);
  }
  if (r) {
    CHECK(lines[0].move == r->best);
    CHECK(lines[0].score_cp == r->score_cp);
  }
}

}  // namespace

TEST_CASE("MultiPV reports N distinct legal lines in score order at every depth", "[search][multipv]") {
  const auto fens = positions(10, 2024);
  REQUIRE(fens.size() >= 8);
  for (const std::string& fen : fens) {
    for (int n : {2, 4}) {
      Position pos = th::pos_of(fen);
      const size_t legal = size_t(legal_moves(pos).size);
      const size_t want = std::min<size_t>(size_t(n), legal);
      Search s(8);
      std::vector<int> depths;
      const SearchResult r = s.go(pos, limits(4, n), [&](const SearchInfo& info) {
        INFO(fen << " multipv " << n << " depth " << info.depth);
        depths.push_back(info.depth);
        check_lines(pos, info.lines, want, nullptr);
        CHECK(info.lines[0].score_cp == info.score_cp);
        CHECK(info.lines[0].pv == info.pv);
      });
      INFO(fen << " multipv " << n);
      CHECK(depths == std::vector<int>{1, 2, 3, 4});
      check_lines(pos, r.lines, want, &r);
      CHECK(pos.to_string() == fen);
    }
  }
}

TEST_CASE("MultiPV's first line is the single-PV search's", "[search][multipv]") {
  // Depth 1 of varied positions: the same move, score and line, when quiescence tries
  // every capture (qsearch_prune off). With its captures skipped by SEE the two can
  // differ even at depth 1: the single-PV search tries the other root moves with a null
  // window and the two windows lead quiescence down different captures (in one position
  // of these, 381 against 467 cp; 379 for both with every capture tried). Deeper they
  // differ more: over 30 varied positions at depths 3-5 they chose the same move 82 times
  // out of 90, MultiPV's choice scoring higher when they differed.
  SearchOptions exact;
  exact.qsearch_prune = false;
  for (const std::string& fen : positions(16, 77)) {
    for (int d : {1}) {
      Position pos = th::pos_of(fen);
      Search a(8), b(8);
      a.set_options(exact);
      b.set_options(exact);
      const SearchResult single = a.go(pos, limits(d, 1));
      const SearchResult multi = b.go(pos, limits(d, 3));
      INFO(fen << " depth " << d);
      REQUIRE(single.lines.size() == 1);
      CHECK(single.lines[0].move == single.best);
      CHECK(single.lines[0].pv == single.pv);
      CHECK(multi.best == single.best);
      CHECK(multi.score_cp == single.score_cp);
      CHECK(multi.lines[0].pv == single.pv);
    }
  }
  // Forced mates at depth 5: both find the mate in 2, and the other lines are no mate
  // for the side to move found faster.
  const std::vector<std::string> mates = {
      "4c4k2/12/12/12/12/12/7R4/12/12/12/12/12/3T4U3/12/12/12/12/12/9K2/12/12/12/12/12 g 0 1",
      "12/12/12/12/12/12/12/12/6k5/12/12/12/5P6/12/12/12/12/9H2/12/12/5m2K3/12/12/12 g 0 1",
      "12/12/5k6/12/12/12/1M10/12/12/6M5/12/12/12/12/12/12/12/11K/12/9m2/12/12/12/12 g 0 1",
  };
  for (const std::string& fen : mates) {
    Position pos = th::pos_of(fen);
    Search a(8), b(8);
    const SearchResult single = a.go(pos, limits(5, 1));
    const SearchResult multi = b.go(pos, limits(5, 3));
    INFO(fen);
    REQUIRE(single.is_mate);
    CHECK(single.mate_in == 2);
    CHECK(multi.is_mate);
    CHECK(multi.mate_in == 2);
    CHECK(multi.lines[0].score_cp == single.score_cp);
    check_lines(pos, multi.lines, 3, &multi);
    for (const SearchLine& l : multi.lines) CHECK((!l.is_mate || l.mate_in >= 2 || l.mate_in < 0));
  }
}

TEST_CASE("MultiPV: more lines than legal moves gives every move; slices change nothing", "[search][multipv]") {
  // A King and one Sylph: few legal moves, all of them lines.
  Position few = th::pos_of(th::fen_of({{"2a1", 'K'}, {"3c4", 'S'}, {"2l8", 'k'}}));
  const size_t legal = size_t(legal_moves(few).size);
  REQUIRE(legal < 20);
  Search s(8);
  const SearchResult r = s.go(few, limits(3, 64));
  check_lines(few, r.lines, legal, &r);

  // Driven in slices of any size (a slice may end anywhere in the tree, and the next one
  // goes on from there), a MultiPV search gives valid lines, and the same ones every
  // time, work between slices or not.
  for (const std::string& fen : positions(4, 9)) {
    Position pos = th::pos_of(fen);
    Search a(8), b(8);
    uint64_t slice = SEARCH_SLICE_NODES;
    auto sliced = [&](Search& s) {
      s.start(pos, limits(5, 3));
      int slices = 0;
      while (!s.advance(slice)) {
        ++slices;
        MoveList other = legal_moves(pos);
        REQUIRE(other.size > 0);
      }
      CHECK(slices > 0);
      return s.result();
    };
    const SearchResult ra = sliced(a);
    slice = 1000;
    const SearchResult rb = sliced(b);
    const SearchResult rc = Search(8).go(pos, limits(5, 3));
    CHECK(rc.nodes == ra.nodes);
    INFO(fen);
    check_lines(pos, ra.lines, 3, &ra);
    CHECK(ra.nodes == rb.nodes);
    REQUIRE(ra.lines.size() == rb.lines.size());
    for (size_t k = 0; k < ra.lines.size(); ++k) {
      CHECK(ra.lines[k].move == rb.lines[k].move);
      CHECK(ra.lines[k].score_cp == rb.lines[k].score_cp);
      CHECK(ra.lines[k].pv == rb.lines[k].pv);
    }
  }
}

TEST_CASE("MultiPV stopped before depth 1 still answers one legal line", "[search][multipv]") {
  // (Only a stop ends a search before depth 1 is complete: the limits wait for it.)
  Position pos = Position::start();
  Search s(8);
  SearchLimits l = limits(0, 5);
  s.start(pos, l);
  s.stop();
  while (!s.advance(dc::SEARCH_SLICE_NODES)) {
  }
  const SearchResult r = s.result();
  CHECK(r.score_depth == 0);
  REQUIRE(r.lines.size() == 1);
  CHECK(r.lines[0].move == r.best);
  CHECK(legal_line(pos, r.lines[0].pv));
}

TEST_CASE("threats: the search of the position after a pass", "[search][multipv]") {
  // Gold threatens mate in 1 (each of these is a mate in 1 for Gold to move); with
  // Scarlet to move, the threat search finds that mate.
  const std::vector<std::string> threats = {
      th::fen_of({{"2l1", 'K'}, {"1e4", 'E'}, {"1e8", 'k'}, {"2e8", 'w'}}, 's', 3, 10),
      th::fen_of({{"2l1", 'K'}, {"2d1", 'O'}, {"1a8", 'B'}, {"2a8", 'k'}, {"3l8", 's'}}, 's'),
      th::fen_of({{"2l1", 'K'},
                  {"3e5", 'G'},
                  {"2a8", 'k'},
                  {"2a7", 'w'},
                  {"2b8", 't'},
                  {"2b7", 'w'},
                  {"3a8", 's'},
                  {"1a8", 'd'}},
                 's'),
  };
  for (const std::string& fen : threats) {
    INFO(fen);
    const Position pos = th::pos_of(fen);
    auto t = threat_position(pos);
    REQUIRE(t.ok());
    Position passed = t.value();
    // The same placement, the other side to move.
    CHECK(passed.side_to_move() == GOLD);
    for (int sq = 0; sq < SQUARE_NB; ++sq) CHECK(passed.at(Square(sq)) == pos.at(Square(sq)));
    Search s(8);
    const SearchResult r = s.go(passed, limits(3, 2));
    CHECK(r.is_mate);
    CHECK(r.mate_in == 1);
    REQUIRE(r.lines.size() == 2);
    passed.make_move(r.best);
    CHECK(game_status(passed).state == GameState::Checkmate);
  }
  // Passing the start position: Scarlet to move, no repetition across the pass.
  auto start = threat_position(Position::start());
  REQUIRE(start.ok());
  CHECK(start->side_to_move() == SCARLET);
  CHECK(start->repetitions() == 0);
  // In check there is no pass: the error says so.
  const Position checked = th::pos_of(th::fen_of({{"2l1", 'K'}, {"2l8", 'o'}, {"2a8", 'k'}}));
  REQUIRE(in_check(checked));
  auto bad = threat_position(checked);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().find("Gold is in check") != std::string::npos);
}

TEST_CASE("the command line: setoption MultiPV and 'info ... multipv k' lines", "[session][multipv]") {
  auto lines_of = [](const std::string& text, const std::string& prefix) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
      if (line.rfind(prefix, 0) == 0) out.push_back(line);
    return out;
  };
  std::ostringstream out;
  dc::Session s(out);
  s.handle("setoption name MultiPV value 3");
  s.handle("go depth 3");
  s.wait();
  REQUIRE(s.errors() == 0);
  for (int d = 1; d <= 3; ++d) {
    const auto info = lines_of(out.str(), "info depth " + std::to_string(d) + " ");
    REQUIRE(info.size() == 3);
    std::set<std::string> first_moves;
    for (int k = 0; k < 3; ++k) {
      INFO(info[size_t(k)]);
      CHECK(info[size_t(k)].find(" multipv " + std::to_string(k + 1) + " score ") != std::string::npos);
      const std::string pv = info[size_t(k)].substr(info[size_t(k)].find(" pv ") + 4);
      first_moves.insert(pv.substr(0, pv.find(' ')));
    }
    CHECK(first_moves.size() == 3);
  }
  // The bestmove is the first line's move.
  const auto last = lines_of(out.str(), "info depth 3 ")[0];
  const std::string pv = last.substr(last.find(" pv ") + 4);
  CHECK(out.str().find("bestmove " + pv.substr(0, pv.find(' '))) != std::string::npos);

  // Back to 1: the plain lines, no "multipv".
  std::ostringstream out1;
  dc::Session s1(out1);
  s1.handle("setoption name MultiPV value 1");
  s1.handle("go depth 2");
  s1.wait();
  CHECK(lines_of(out1.str(), "info depth 2 ").size() == 1);
  CHECK(out1.str().find("multipv") == std::string::npos);
  // Bad values are refused, naming the range.
  for (const char* bad :
       {"setoption name MultiPV value 0", "setoption name MultiPV value 65", "setoption name MultiPV value three"}) {
    const int before = s1.errors();
    s1.handle(bad);
    CHECK(s1.errors() == before + 1);
  }
  CHECK(out1.str().find("error: MultiPV must be a number of lines from 1 to 64") != std::string::npos);
}
