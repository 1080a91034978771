// The search (core/search): mates found, legal moves always, stop, reproducibility.
#include <catch2/catch_test_macros.hpp>

#include <time.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "search/eval.h"
#include "search/movepick.h"
#include "search/search.h"
#include "search/tt.h"
#include "status.h"
#include "test_helpers.h"

using namespace dc;

namespace {

// A position string from (square, letter) pairs; Gold to move unless stm = 's'.
std::string make_fen(const std::vector<std::pair<std::string, char>>& pieces, char stm = 'g') {
  char b[SQUARE_NB] = {};
  for (auto& [sq, ch] : pieces) b[parse_square(sq)] = ch;
  std::string out;
  for (int l = 2; l >= 0; --l)
    for (int r = 7; r >= 0; --r) {
      int run = 0;
      for (int f = 0; f < FILES; ++f) {
        const char c = b[make_square(l, f, r)];
        if (!c) {
          ++run;
          continue;
        }
        if (run) out += std::to_string(run), run = 0;
        out += c;
      }
      if (run) out += std::to_string(run);
      if (!(l == 0 && r == 0)) out += '/';
    }
  return out + ' ' + stm + " 0 1";
}

Position load(const std::string& fen) {
  auto r = Position::from_string(fen);
  INFO(fen);
  REQUIRE(r.ok());
  return r.value();
}

bool is_legal(Position& pos, Move m) { return !m.is_none() && find_legal(pos, m.from(), m.to()) == m; }

bool mates(Position& pos, Move m) {
  pos.make_move(m);
  const bool mate = game_status(pos).state == GameState::Checkmate;
  pos.unmake_move();
  return mate;
}

bool has_mate_in_1(Position& pos) {
  for (Move m : legal_moves(pos))
    if (mates(pos, m)) return true;
  return false;
}

SearchLimits depth_limit(int d) {
  SearchLimits l;
  l.depth = d;
  return l;
}

// This thread's CPU time: what a search did before it stopped, whatever the load (the
// wall clock also counts the time the machine ran other work).
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}
// A safety net for timed searches: a loaded machine may run the thread late, never more.
constexpr double CPU_MARGIN_MS = 500;

}  // namespace

TEST_CASE("the move picker's order: by score, ties by the move's code, whatever order the moves come in", "[search]") {
  // Move generation may list the same moves in any order (capture generation takes the
  // shift types first, then the other pieces by square): the search must not notice.
  Position pos = Position::start();
  Move base[MAX_MOVES];
  const int n = generate_pseudo(pos, base);
  REQUIRE(n > 40);
  std::mt19937 rng(5);
  std::vector<std::pair<Move, int>> scored;
  for (int i = 0; i < n; ++i) scored.push_back({base[i], int(rng() % 5) - 2});  // many ties, negative too
  std::vector<uint32_t> expected;
  {
    auto sorted = scored;
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
      return a.second != b.second ? a.second > b.second : a.first.raw() < b.first.raw();
    });
    for (auto& [m, sc] : sorted) expected.push_back(m.raw());
  }
  for (int round = 0; round < 20; ++round) {
    std::shuffle(scored.begin(), scored.end(), rng);
    uint64_t keys[MAX_MOVES];
    for (int i = 0; i < n; ++i) keys[i] = detail::order_key(scored[size_t(i)].second, scored[size_t(i)].first);
    std::vector<uint32_t> got;
    for (int i = 0; i < n; ++i) got.push_back(detail::pick(keys, n, i).raw());
    CHECK(got == expected);
  }
}

TEST_CASE("the move picker leaves out the futile quiet moves and keeps the order of the rest", "[search]") {
  // A node that will skip every quiet move unable to give check (futility) asks the
  // picker to leave those out: it must hand out exactly the other moves, in the order
  // it hands them out otherwise. Positions along random games, history learnt from
  // random cut-offs so that the quiet moves' scores differ, the hash move one of them.
  std::mt19937 rng(77);
  auto order = std::make_unique<detail::MoveOrder>();
  int nodes = 0, left_out = 0, checking_quiets = 0, promotions = 0;
  std::vector<std::string> fens = th::random_positions(31, 4, 150);
  // Warriors a step from promotion, the enemy King out of their way (a promotion is
  // never futile, even when it cannot give check).
  fens.push_back(th::fen_of({{"2a1", 'K'}, {"1l1", 'k'}, {"2c7", 'W'}, {"2f7", 'W'}, {"2h5", 'O'}, {"2e2", 'w'}}));
  fens.push_back(th::fen_of({{"1a8", 'K'}, {"2l8", 'k'}, {"2c2", 'w'}, {"2g2", 'w'}, {"2h5", 'o'}, {"2e7", 'W'}}, 's'));
  for (const std::string& fen : fens) {
    Position pos = th::pos_of(fen);
    MoveList l = legal_moves(pos);
    if (l.size == 0 || in_check(pos)) continue;
    for (int k = 0; k < 20; ++k) {
      const Move m = l[int(rng() % uint32_t(l.size))];
      if (!m.is_capture())
        order->update_quiet_cutoff(pos, detail::prev_move(pos), m, pos.at(m.from()), 3, 0, nullptr, 0);
    }
    const Move tt = l[int(rng() % uint32_t(l.size))];
    auto hand_out = [&](bool futile_quiets) {
      Move moves[MAX_MOVES];
      uint64_t keys[MAX_MOVES];
      detail::MovePicker picker(*order, pos, tt, 0, detail::Blind::NONE, GYGAX_VALUE_CP, moves, keys);
      std::vector<Move> out;
      for (Move m; !(m = picker.next(futile_quiets)).is_none();) out.push_back(m);
      return out;
    };
    std::vector<Move> expected;
    for (Move m : hand_out(false)) {
      const bool futile = m != tt && !m.is_capture() && !m.is_promotion() && !may_give_check(pos, m);
      if (futile)
        ++left_out;
      else
        expected.push_back(m);
      checking_quiets += !m.is_capture() && !m.is_promotion() && may_give_check(pos, m);
      promotions += m.is_promotion() && !may_give_check(pos, m);
    }
    INFO(fen);
    REQUIRE(hand_out(true) == expected);
    ++nodes;
  }
  CHECK(nodes > 400);
  CHECK(left_out > 10000);
  CHECK(checking_quiets > 1000);
  CHECK(promotions >= 4);
}

TEST_CASE("search finds every mate in 1", "[search]") {
  struct Case {
    const char* what;
    std::vector<std::pair<std::string, char>> pieces;
    bool afar;
  };
  const std::vector<Case> cases = {
      {"capture from afar uncovers a Thief",
       {{"2l1", 'K'},
        {"2e4", 'T'},
        {"3c6", 'R'},
        {"2a8", 'k'},
        {"2c6", 'd'},
        {"2d7", 'w'},
        {"2a7", 'w'},
        {"2b8", 't'},
        {"3a8", 's'},
        {"1a8", 'd'}},
       true},
      {"frozen King", {{"2l1", 'K'}, {"2d1", 'O'}, {"1a8", 'B'}, {"2a8", 'k'}, {"3l8", 's'}}, false},
      {"Griffon on level 3 mates a King on level 2",
       {{"2l1", 'K'}, {"3e5", 'G'}, {"2a8", 'k'}, {"2a7", 'w'}, {"2b8", 't'}, {"2b7", 'w'}, {"3a8", 's'}, {"1a8", 'd'}},
       false},
      {"Elemental mates a King on level 1", {{"2l1", 'K'}, {"1e4", 'E'}, {"1e8", 'k'}, {"2e8", 'w'}}, false},
  };
  Search s(8);
  for (const Case& c : cases) {
    const std::string fen = make_fen(c.pieces);
    INFO(c.what << ": " << fen);
    Position pos = load(fen);
    REQUIRE(has_mate_in_1(pos));
    for (int d : {1, 3, 5}) {
      s.new_game();
      SearchResult r = s.go(pos, depth_limit(d));
      REQUIRE(is_legal(pos, r.best));
      CHECK(r.is_mate);
      CHECK(r.mate_in == 1);
      CHECK(mates(pos, r.best));
      if (c.afar) CHECK(r.best.is_afar());
    }
    CHECK(pos.to_string() == fen);  // restored
  }
}

TEST_CASE("search finds every mate in 2", "[search]") {
  const std::vector<std::string> fens = {
      // Scarlet King on level 3; Dragon, Thief, Unicorn.
      "4c4k2/12/12/12/12/12/7R4/12/12/12/12/12/3T4U3/12/12/12/12/12/9K2/12/12/12/12/12 g 0 1",
      // Paladin and Hero against a King on level 2 with a Mage on level 1.
      "12/12/12/12/12/12/12/12/6k5/12/12/12/5P6/12/12/12/12/9H2/12/12/5m2K3/12/12/12 g 0 1",
      // Two Mages, one on level 3.
      "12/12/5k6/12/12/12/1M10/12/12/6M5/12/12/12/12/12/12/12/11K/12/9m2/12/12/12/12 g 0 1",
      // Elemental against a King on level 1.
      "12/12/12/12/12/12/12/12/E11/12/12/4T7/12/5M6/2c9/12/12/12/3k2K5/12/12/12/12/12 g 0 1",
  };
  Search s(8);
  for (const std::string& fen : fens) {
    INFO(fen);
    Position pos = load(fen);
    REQUIRE_FALSE(has_mate_in_1(pos));
    s.new_game();
    SearchResult r = s.go(pos, depth_limit(5));
    REQUIRE(is_legal(pos, r.best));
    CHECK(r.is_mate);
    CHECK(r.mate_in == 2);
    // Every reply runs into a mate the engine finds.
    pos.make_move(r.best);
    MoveList replies = legal_moves(pos);
    REQUIRE(replies.size > 0);
    for (Move reply : replies) {
      pos.make_move(reply);
      SearchResult r2 = s.go(pos, depth_limit(3));
      INFO("after " << to_coordinate(r.best) << " " << to_coordinate(reply));
      REQUIRE(is_legal(pos, r2.best));
      CHECK(mates(pos, r2.best));
      pos.unmake_move();
    }
    pos.unmake_move();
    CHECK(pos.to_string() == fen);
  }
}

TEST_CASE("search reports being mated and stalemate", "[search]") {
  Search s(8);
  // Scarlet to move, already mated by the Elemental: no move.
  Position mated = load(make_fen({{"2l1", 'K'}, {"1e6", 'E'}, {"1e8", 'k'}, {"2e8", 'w'}}, 's'));
  REQUIRE(game_status(mated).state == GameState::Checkmate);
  SearchResult r = s.go(mated, depth_limit(3));
  CHECK(r.best.is_none());
  CHECK(r.is_mate);
  CHECK(r.mate_in <= 0);
  // Gold to move must avoid stalemating a frozen King with nothing else to move: the
  // search never prefers a stalemate when ahead (score stays positive).
  Position ahead = load(make_fen({{"2l1", 'K'}, {"2d1", 'O'}, {"2e1", 'O'}, {"2a5", 'k'}}));
  SearchResult r2 = s.go(ahead, depth_limit(4));
  REQUIRE(is_legal(ahead, r2.best));
  CHECK(r2.score_cp > 500);
}

namespace {

// Plays random games and runs short searches at every level from the positions met.
void random_legality(int games, int max_plies, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Search s(4);
  int searched = 0;
  for (int g = 0; g < games; ++g) {
    Position pos = Position::start();
    s.new_game();
    for (int ply = 0; ply < max_plies; ++ply) {
      MoveList l = legal_moves(pos);
      if (l.size == 0 || game_status(pos).over()) break;
      if (rng() % 4 == 0) {
        s.set_level(int(rng() % 10) + 1);
        SearchLimits lim;
        lim.nodes = 50 + rng() % 400;
        if (rng() % 3 == 0) lim.depth = 1 + int(rng() % 3);
        const std::string before = pos.to_string();
        SearchResult r = s.go(pos, lim);
        INFO(before << " level " << s.level());
        REQUIRE(pos.to_string() == before);
        REQUIRE(is_legal(pos, r.best));
        ++searched;
      }
      // Mostly captures, so that games reach sparse endings with Kings off level 2.
      Move m = l[int(rng() % uint64_t(l.size))];
      for (int k = 0; k < 3 && !m.is_capture(); ++k) m = l[int(rng() % uint64_t(l.size))];
      pos.make_move(m);
    }
  }
  CHECK(searched > 0);
}

}  // namespace

TEST_CASE("search never returns an illegal move", "[search]") { random_legality(12, 300, 12345); }

TEST_CASE("search never returns an illegal move, long run", "[search][slow]") { random_legality(1500, 600, 987654321); }

TEST_CASE("stop makes an infinite search return promptly with a legal move", "[search]") {
  Search s(16);
  Position pos = Position::start();
  SearchLimits lim;
  lim.infinite = true;
  // Stopped by its own thread when depth 3 is reported: it ends there, with that answer.
  uint64_t nodes_at_stop = 0;
  SearchResult r = s.go(pos, lim, [&](const SearchInfo& info) {
    if (info.depth == 3) {
      nodes_at_stop = info.nodes;
      s.stop();
    }
  });
  CHECK(r.depth == 3);
  CHECK(r.nodes - nodes_at_stop <= 256);  // stop() is looked at every 256 nodes
  CHECK(is_legal(pos, r.best));
  // Stopped from another thread (as the command line stops it) once the search has
  // begun (its first report, an event rather than a delay): go() returns.
  std::atomic<bool> searching{false};
  std::thread t([&] { r = s.go(pos, lim, [&](const SearchInfo&) { searching = true; }); });
  while (!searching) std::this_thread::yield();
  s.stop();
  t.join();
  CHECK(r.depth >= 1);
  CHECK(is_legal(pos, r.best));
}

TEST_CASE("movetime is respected", "[search]") {
  Search s(16);
  Position pos = Position::start();
  SearchLimits lim;
  lim.movetime_ms = 200;
  const double c0 = thread_cpu_ms();
  SearchResult r = s.go(pos, lim);
  CHECK(thread_cpu_ms() - c0 < lim.movetime_ms + CPU_MARGIN_MS);
  CHECK(s.progress().elapsed_ms >= lim.movetime_ms / 2);  // by its own clock it did think
  CHECK(is_legal(pos, r.best));
}

TEST_CASE("a timed search with a node floor searches the floor, within its hard limit", "[search]") {
  Search s(16);
  Position pos = Position::start();
  SearchLimits lim;
  lim.movetime_ms = 1;  // over at once, were it not for the floor
  lim.min_nodes = 150000;
  lim.max_movetime_ms = 60000;
  SearchResult r = s.go(pos, lim);
  CHECK(r.nodes >= lim.min_nodes);
  CHECK(r.nodes < lim.min_nodes + 4 * SEARCH_SLICE_NODES);  // it stops soon after the floor
  CHECK(is_legal(pos, r.best));
  // Without a hard limit the floor is no floor: the plain movetime.
  lim.max_movetime_ms = 0;
  s.new_game();
  CHECK(s.go(pos, lim).nodes < lim.min_nodes);
  // The hard limit ends a floor that the machine cannot reach in time.
  lim.min_nodes = uint64_t(1) << 40;
  lim.max_movetime_ms = 300;
  s.new_game();
  const double c0 = thread_cpu_ms();
  r = s.go(pos, lim);
  // By its own clock it thought past the movetime, up to the hard limit (at least half of
  // it: no new iteration begins after that), and not by CPU time past that limit.
  CHECK(s.progress().elapsed_ms > lim.max_movetime_ms / 2);
  CHECK(thread_cpu_ms() - c0 < lim.max_movetime_ms + CPU_MARGIN_MS);
  CHECK(r.nodes < lim.min_nodes);
  CHECK(is_legal(pos, r.best));
}

TEST_CASE("fixed-depth searches are reproducible", "[search]") {
  Search s(16);
  Position pos = Position::start();
  std::vector<int> depths;
  s.new_game();
  SearchResult a = s.go(pos, depth_limit(4), [&](const SearchInfo& i) { depths.push_back(i.depth); });
  s.new_game();
  SearchResult b = s.go(pos, depth_limit(4));
  CHECK(a.nodes == b.nodes);
  CHECK(a.best == b.best);
  CHECK(a.score_cp == b.score_cp);
  CHECK(depths == std::vector<int>{1, 2, 3, 4});
  // Another Search object gives the same count too.
  Search t(16);
  SearchResult c = t.go(pos, depth_limit(4));
  CHECK(c.nodes == a.nodes);
  CHECK(!a.pv.empty());
  CHECK(a.pv[0] == a.best);
}

TEST_CASE("a new game clears a large table as well as a small one", "[search]") {
  // Tables of 64 MB and more are given back to the system and taken anew (zeroed.h); the
  // search after a new game must find nothing of the last one in them.
  Search s(128);
  Position pos = Position::start();
  const SearchResult a = s.go(pos, depth_limit(5));
  CHECK(s.go(pos, depth_limit(5)).nodes < a.nodes);  // the table holds the first search
  REQUIRE(s.new_game());
  const SearchResult b = s.go(pos, depth_limit(5));
  CHECK(b.nodes == a.nodes);
  CHECK(b.best == a.best);
  CHECK(b.score_cp == a.score_cp);
}

TEST_CASE("draws inside the search", "[search]") {
  Search s(8);
  // Bare Kings after the only capture: Gold King takes the last Scarlet piece.
  Position pos = load(make_fen({{"2e4", 'K'}, {"2e5", 'c'}, {"2a8", 'k'}}));
  SearchResult r = s.go(pos, depth_limit(4));
  REQUIRE(is_legal(pos, r.best));
  CHECK(r.score_cp == 0);
  // Quiet-move counter at 99: any quiet move ends the game in a draw.
  std::string fen = make_fen({{"2e4", 'K'}, {"2l8", 'k'}, {"2a1", 'O'}});
  fen.replace(fen.size() - 3, 1, "99");
  Position q = load(fen);
  SearchResult rq = s.go(q, depth_limit(3));
  REQUIRE(is_legal(q, rq.best));
  CHECK(rq.score_cp == 0);
}

TEST_CASE("evaluation is symmetric and material-only mode counts material", "[search]") {
  Position pos = Position::start();
  CHECK(evaluate(pos, EvalWeights::material()) == 0);
  const int full = evaluate(pos, EvalWeights::defaults());
  CHECK(full == EvalWeights::defaults().tempo);  // the start is symmetric
}

namespace {

// Positions for the PV and depth-1 tests (test_helpers.h).
using th::varied_positions;

bool legal_sequence(Position pos, const std::vector<Move>& pv) {
  for (Move m : pv) {
    if (!is_legal(pos, m)) return false;
    pos.make_move(m);
  }
  return true;
}

}  // namespace

TEST_CASE("every reported principal variation is a legal sequence", "[search]") {
  Search s(8);
  int infos = 0;
  const auto fens = varied_positions(40, 777);
  REQUIRE(fens.size() >= 30);
  int i = 0;
  for (const std::string& f : fens) {
    Position pos = load(f);
    s.set_level(i % 3 == 2 ? 6 : 10);
    SearchLimits lim;
    if (i % 2)
      lim.depth = 4;
    else
      lim.nodes = 30000;
    ++i;
    SearchResult r = s.go(pos, lim, [&](const SearchInfo& info) {
      INFO(f << " depth " << info.depth);
      REQUIRE(!info.pv.empty());
      CHECK(legal_sequence(pos, info.pv));
      ++infos;
    });
    INFO(f);
    REQUIRE(pos.to_string() == f);
    REQUIRE(is_legal(pos, r.best));
    REQUIRE(!r.pv.empty());
    CHECK(r.pv[0] == r.best);
    CHECK(legal_sequence(pos, r.pv));
  }
  CHECK(infos > 60);
}

// A crowded late-game position (captures chaining across levels, Dragons capturing from
// afar) whose quiescence search once ran for 98 million nodes at depth 1.
const char* const CROWDED =
    "1G10/sh10/1s3h6/1SsS2s5/3s1g1s4/9HrS/S5SKS3/12/3o2k3u1/www3t2P2/2Uwo1wwwwww/5w2MG2/"
    "m1W1w1W2Wt1/WW1uWW1W1UWW/3W4W2g/O2T4T2O/7e4/2b3c2d1b/Dd3H1d3d/2d2d1D4/3D8/2B4D1p1E/9DD1/5C4B1 g 14 142";

TEST_CASE("node limits hold once depth 1 is complete: a searched legal move", "[search]") {
  // As Stockfish's: below the nodes of depth 1 the search ends with depth 1, above them
  // at the limit exactly.
  auto depth1_nodes = [](const Position& p) {
    Search fresh(8);
    Position q = p;
    return fresh.go(q, depth_limit(1)).nodes;
  };
  Position pos = Position::start();
  for (const char* mv : {"2f22f3", "2f72f6", "3g13h2", "3g83h7", "2e22e3", "1d71d6"}) {
    const std::string t(mv);
    const Move m = find_legal(pos, parse_square(t.substr(0, 3)), parse_square(t.substr(3, 3)));
    REQUIRE(!m.is_none());
    pos.make_move(m);
  }
  const uint64_t d1 = depth1_nodes(pos);
  for (uint64_t limit : {1ull, 10ull, 100ull, 1000ull}) {
    Search s(8);
    SearchLimits lim;
    lim.nodes = limit;
    SearchResult r = s.go(pos, lim);
    INFO("node limit " << limit << ", depth 1 " << d1 << " nodes");
    CHECK(r.nodes == std::max(limit, d1));
    CHECK(r.depth >= 1);
    CHECK(is_legal(pos, r.best));
    REQUIRE(!r.pv.empty());
    CHECK(r.pv[0] == r.best);
  }
  // Small budgets on many positions, the crowded one among them.
  Search s(8);
  auto fens = varied_positions(20, 99);
  fens.push_back(CROWDED);
  for (const std::string& f : fens) {
    Position p = load(f);
    const uint64_t p1 = depth1_nodes(p);
    for (uint64_t limit : {50ull, 1000ull, 2000ull}) {
      SearchLimits lim;
      lim.nodes = limit;
      s.new_game();
      SearchResult r = s.go(p, lim);
      INFO(f << " nodes " << limit << ", depth 1 " << p1 << " nodes");
      CHECK(r.nodes == std::max(limit, p1));
      CHECK(r.depth >= 1);
      CHECK(is_legal(p, r.best));
    }
  }
}

TEST_CASE("a depth-1 search of a crowded position stays small", "[search]") {
  Search s(8);
  Position p = load(CROWDED);
  SearchResult r = s.go(p, depth_limit(1));
  CHECK(r.depth == 1);
  CHECK(r.nodes < 100000);
  CHECK(is_legal(p, r.best));
}

namespace {

// A search of pos driven in slices of `slice` nodes (with other work between them, as the
// worker answers messages), from a fresh Search of this level and seed.
SearchResult sliced(const Position& pos, const SearchLimits& lim, int level, uint64_t seed, uint64_t slice) {
  Search s(8);
  s.set_level(level);
  s.set_seed(seed);
  s.start(pos, lim);
  Position other = pos;
  while (!s.advance(slice)) {
    MoveList l = legal_moves(other);
    REQUIRE(l.size > 0);
  }
  CHECK(s.done());
  CHECK(s.progress().nodes == s.result().nodes);
  return s.result();
}

void check_same(const SearchResult& a, const SearchResult& b) {
  CHECK(to_coordinate(a.best) == to_coordinate(b.best));
  CHECK(a.score_cp == b.score_cp);
  CHECK(a.nodes == b.nodes);
  CHECK(a.depth == b.depth);
  CHECK(a.pv == b.pv);
}

constexpr uint64_t UNSLICED = uint64_t(1) << 50;

// Positions along long self-play games (node-bounded, so the same on every run; one move
// in eight random, which keeps the games long and crowded with captures), every 5th ply
// from the 10th: openings, crowded middle games and late positions; as many games as it
// takes to give `count` positions (the first `count` are kept).
std::vector<std::string> self_play_positions(size_t count, uint64_t seed) {
  std::vector<std::string> out;
  std::mt19937_64 rng(seed);
  Search s(8);
  while (out.size() < count) {
    Position pos = Position::start();
    s.new_game();
    for (int ply = 0; ply < 400 && !game_status(pos).over(); ++ply) {
      if (ply >= 10 && ply % 5 == 0) out.push_back(pos.to_string());
      MoveList l = legal_moves(pos);
      SearchLimits lim;
      lim.nodes = 1500;
      const Move m = rng() % 8 == 0 ? l[int(rng() % uint64_t(l.size))] : s.go(pos, lim).best;
      pos.make_move(m);
    }
  }
  out.resize(count);
  return out;
}

void same_at_any_slice(const std::vector<std::string>& fens, uint64_t nodes, const std::vector<int>& levels) {
  int i = 0;
  for (const std::string& f : fens) {
    const Position p = load(f);
    const int level = levels[size_t(i++) % levels.size()];
    SearchLimits lim;
    lim.nodes = nodes;
    const SearchResult whole = sliced(p, lim, level, 7, UNSLICED);
    for (uint64_t slice : {SEARCH_SLICE_NODES, uint64_t(1000)}) {
      INFO(f << " level " << level << " slices of " << slice);
      check_same(whole, sliced(p, lim, level, 7, slice));
    }
  }
}

}  // namespace

TEST_CASE("a search driven in slices of any size equals one unsliced", "[search]") {
  auto fens = varied_positions(6, 4242);
  fens.push_back(CROWDED);
  for (const std::string& f : fens) {
    for (int level : {2, 5, 8, 10}) {
      const Position p = load(f);
      SearchLimits lim;
      if (level == 10)
        lim.depth = 5;
      else
        lim.nodes = 30000;
      const SearchResult whole = sliced(p, lim, level, 77, UNSLICED);
      for (uint64_t slice : {SEARCH_SLICE_NODES, uint64_t(4096), uint64_t(1000), uint64_t(97)}) {
        INFO(f << " level " << level << " slices of " << slice);
        check_same(whole, sliced(p, lim, level, 77, slice));
      }
      // go() is the same search in slices of SEARCH_SLICE_NODES.
      Search g(8);
      g.set_level(level);
      g.set_seed(77);
      Position q = p;
      check_same(whole, g.go(q, lim));
    }
  }
}

TEST_CASE("the same move, score and node count at any slice size, self-play positions", "[search]") {
  const auto fens = self_play_positions(20, 31);
  same_at_any_slice(fens, 10000, {10, 10, 3, 7});
}

TEST_CASE("the same move, score and node count at any slice size, 100+ self-play positions", "[search][slow]") {
  const auto fens = self_play_positions(100, 2026);
  same_at_any_slice(fens, 60000, {10, 10, 10, 2, 5, 8});
}

TEST_CASE("a level's randomness is drawn once per search, from its seed", "[search]") {
  // The same seed gives the same moves whatever the slice size; the level's noise does
  // not change from one slice to the next (so it cannot depend on how often the search
  // was resumed).
  const auto fens = varied_positions(12, 99);
  int differ = 0;
  for (const std::string& f : fens) {
    Position p = load(f);
    SearchLimits lim;
    lim.nodes = 20000;
    Search a(8), b(8), c(8);
    for (Search* s : {&a, &b, &c}) s->set_level(2);
    a.set_seed(5);
    b.set_seed(5);
    c.set_seed(6);
    const Move ma = a.go(p, lim).best;
    b.start(p, lim);
    while (!b.advance(997)) {
    }
    const SearchResult rb = b.result();
    const SearchResult rc = c.go(p, lim);
    INFO(f);
    CHECK(to_coordinate(rb.best) == to_coordinate(ma));
    CHECK(rb.nodes == a.result().nodes);
    CHECK(rb.score_cp == a.result().score_cp);
    CHECK(is_legal(p, rc.best));
    if (rc.best != ma || rc.score_cp != rb.score_cp) ++differ;
  }
  CHECK(differ > 0);  // another seed's noise scores (or plays) otherwise somewhere
}

TEST_CASE("stop: before start it is forgotten, during a search it ends it", "[search]") {
  Position p = Position::start();
  Search s(8);
  s.stop();  // nothing running: no stale stop for the next search
  s.start(p, depth_limit(3));
  while (!s.advance(SEARCH_SLICE_NODES)) {
  }
  CHECK(s.result().depth == 3);
  // The same through go(), and after a search has ended.
  s.stop();
  CHECK(s.go(p, depth_limit(3)).depth == 3);
  s.stop();
  s.stop();
  CHECK(s.go(p, depth_limit(2)).depth == 2);

  SearchLimits inf;
  inf.infinite = true;
  s.start(p, inf);
  CHECK_FALSE(s.advance(5000));
  CHECK_FALSE(s.done());
  CHECK(s.result().nodes <= 5000);
  CHECK(is_legal(p, s.result().best));  // a move even before depth 1 is complete
  s.stop();
  CHECK(s.advance(SEARCH_SLICE_NODES));
  CHECK(s.done());
  CHECK(is_legal(p, s.result().best));
}

TEST_CASE("bench search looks at its stop flag in every step: the positions, the tables, the searches", "[search]") {
  const std::atomic<bool> set{true};
  // The positions: none made once the flag is set; the same ones without it.
  CHECK(opening_positions(7, 8, 2024, &set).empty());
  CHECK(opening_positions(7, 8, 2024, nullptr) == opening_positions(7, 8, 2024));
  CHECK(opening_positions(7, 8, 2024).size() == 7);
  // The tables: a stopped clearing says so, and the next one clears them whole (a search
  // after it counts the nodes of a search on new tables).
  Position p = Position::start();
  Search fresh(16);
  const uint64_t nodes = fresh.go(p, depth_limit(4)).nodes;
  Search s(16);
  CHECK(s.new_game(&set));  // new tables: nothing to clear, nothing to stop
  Position other = Position::from_string(opening_positions(1, 8, 7).at(0)).value();
  s.go(other, depth_limit(4));
  CHECK_FALSE(s.new_game(&set));
  CHECK(s.new_game());
  CHECK(s.go(p, depth_limit(4)).nodes == nodes);
  // The bench: stopped before its first search, it prints nothing and counts nothing.
  std::ostringstream out;
  CHECK(search_bench(out, 4, nullptr, &set) == 0);
  CHECK(out.str().empty());
  // Not stopped, it searches its eight positions and signs them.
  std::ostringstream whole;
  CHECK(search_bench(whole, 2) > 0);
  CHECK(whole.str().find("position 8: nodes ") != std::string::npos);
  CHECK(whole.str().find("signature ") != std::string::npos);
}

TEST_CASE("movetime holds in a crowded position", "[search]") {
  Search s(8);
  Position p = load(CROWDED);
  SearchLimits lim;
  lim.movetime_ms = 50;
  const double c0 = thread_cpu_ms();
  SearchResult r = s.go(p, lim);
  CHECK(thread_cpu_ms() - c0 < lim.movetime_ms + CPU_MARGIN_MS);  // the answer times are in the bench
  CHECK(is_legal(p, r.best));
}

TEST_CASE("incremental evaluation table terms match a full recount", "[search]") {
  const Evaluator ev;
  std::mt19937_64 rng(4242);
  int checked = 0;
  for (int game = 0; game < 30; ++game) {
    Position pos = Position::start();
    int terms = ev.gold_terms(pos);
    for (int ply = 0; ply < 200; ++ply) {
      MoveList l = legal_moves(pos);
      if (l.size == 0) break;
      Move m = l[int(rng() % uint64_t(l.size))];
      for (int k = 0; k < 3 && !m.is_capture(); ++k) m = l[int(rng() % uint64_t(l.size))];
      const int before = ev.local_terms(pos, m.from(), m.to());
      pos.make_move(m);
      terms += ev.local_terms(pos, m.from(), m.to()) - before;
      INFO(pos.to_string());
      REQUIRE(terms == ev.gold_terms(pos));
      REQUIRE(ev.fast(pos) == (pos.side_to_move() == GOLD ? terms : -terms) + ev.tempo());
      ++checked;
    }
  }
  CHECK(checked > 1000);
}

// The same sliders' terms, slider by slider.
static bool same_terms(const Evaluator::SliderTerms& a, const Evaluator::SliderTerms& b) {
  for (Color c : {GOLD, SCARLET}) {
    const Evaluator::SliderTerms::Side &x = a.side[c], &y = b.side[c];
    if (x.score != y.score || x.units != y.units || x.count != y.count || x.kept != y.kept) return false;
    for (int i = 0; i < x.kept; ++i)
      if (x.each[i].square != y.each[i].square || x.each[i].score != y.each[i].score ||
          x.each[i].units != y.each[i].units || x.each[i].attacks_zone != y.each[i].attacks_zone ||
          !std::equal(std::begin(x.each[i].reach.w), std::end(x.each[i].reach.w), std::begin(y.each[i].reach.w)))
        return false;
  }
  return true;
}

TEST_CASE("reused slider terms match a full evaluation", "[search]") {
  // Random games of both rule sets, captures favoured (crowded positions whose sliders'
  // lines open and close): at each ply the dynamic terms computed from the terms of the
  // position one, two or three plies before (the squares of the moves between changed,
  // no King or Basilisk moved or captured), or from those of a sibling or a cousin,
  // equal the full computation, slider by slider.
  EvalWeights blind = EvalWeights::defaults();
  blind.use_frozen = false;
  const Evaluator evs[] = {Evaluator(), Evaluator(blind)};
  std::mt19937 rng(777);
  // A set-up position with more sliders a side (11) than the terms keep one by one.
  std::string crowded(START_POSITION);
  const std::string level2 = "ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO";
  crowded.replace(crowded.find(level2), level2.size(),
                  "ootttmkttooo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OOTTTMKTTOOO");
  int checked = 0, reused = 0, related = 0, unkept = 0;
  for (Rules rules : {Rules::Gygax, Rules::Bga})
    for (const Evaluator& ev : evs)
      for (int game = 0; game < 6; ++game) {
        Position pos = th::pos_of(game % 3 == 2 ? crowded : std::string(START_POSITION), rules);
        std::vector<Evaluator::SliderTerms> terms(1);
        std::vector<Square> squares;  // the squares of each move, two a ply
        std::vector<bool> resets;     // whether each move moved or took a King or a Basilisk
        std::vector<Move> history;
        ev.dynamic(pos, nullptr, {}, terms[0]);
        for (int ply = 0; ply < 320; ++ply) {
          if (legal_moves(pos).size == 0) break;
          const Move m = th::random_move(pos, rng, 0.6);
          const PieceType mover = type_of(pos.at(m.from())), taken = type_of(pos.at(m.to()));
          resets.push_back(mover == KING || mover == BASILISK || taken == BASILISK);
          squares.push_back(m.from());
          squares.push_back(m.to());
          history.push_back(m);
          pos.make_move(m);
          const int full = ev.dynamic(pos);
          terms.emplace_back();
          REQUIRE(ev.dynamic(pos, nullptr, {}, terms.back()) == full);
          unkept += terms.back().side[GOLD].kept < 0;
          const size_t now = resets.size();
          for (size_t back = 1; back <= 3 && back <= now && !resets[now - back]; ++back) {
            Evaluator::SliderTerms out;
            const std::span<const Square> changed(squares.data() + 2 * (now - back), 2 * back);
            INFO(pos.to_string() << " from " << back << " plies back");
            REQUIRE(ev.dynamic(pos, &terms[now - back], changed, out) == full);
            REQUIRE(same_terms(out, terms.back()));
            ++reused;
          }
          // A relative: the position `back` plies up, then `back` other random moves (a
          // sibling, a cousin), whose terms are reused with the squares of both paths'
          // moves changed (pieces captured on one path stand on the other).
          for (size_t back = 1; back <= 2 && back <= now && !resets[now - back]; ++back) {
            for (size_t i = 0; i < back; ++i) pos.unmake_move();
            std::vector<Square> changed(squares.end() - 2 * std::ptrdiff_t(back), squares.end());
            int played = 0;
            bool keeps = true;
            for (; played < int(back) && keeps && legal_moves(pos).size > 0; ++played) {
              const Move r = th::random_move(pos, rng, 0.6);
              const PieceType rm = type_of(pos.at(r.from())), rt = type_of(pos.at(r.to()));
              keeps = Evaluator::keeps_slider_terms(rm, rt);
              changed.push_back(r.from());
              changed.push_back(r.to());
              pos.make_move(r);
            }
            Evaluator::SliderTerms relative, out;
            ev.dynamic(pos, nullptr, {}, relative);
            for (int i = 0; i < played; ++i) pos.unmake_move();
            for (size_t i = now - back; i < now; ++i) pos.make_move(history[i]);
            if (!keeps || played < int(back)) continue;
            INFO(pos.to_string() << " from a relative " << back << " plies up");
            REQUIRE(ev.dynamic(pos, &relative, changed, out) == full);
            REQUIRE(same_terms(out, terms.back()));
            ++related;
          }
          ++checked;
        }
      }
  CHECK(checked > 5000);
  CHECK(reused > 5000);
  CHECK(related > 5000);
  CHECK(unkept > 100);
}

TEST_CASE("a search stopped inside an iteration does not play the move that iteration refuted", "[search]") {
  // Scarlet to move. At depth 1 an Oliphant (on 2g1 or 2h5) taking the Cleric on 2h1
  // looks best; at depth 2 it is mated at once (the Gold Oliphant 2d1-2d8 mates the King
  // on 2a8, frozen by the Basilisk below it), and taking that Oliphant instead is the move.
  const std::string fen = make_fen(
      {{"3l1", 'K'}, {"2d1", 'O'}, {"1a8", 'B'}, {"2a8", 'k'}, {"3l8", 's'}, {"2g1", 'o'}, {"2h5", 'o'}, {"2h1", 'C'}},
      's');
  Position pos = load(fen);
  const std::string SAVE = "2g12d1";
  Search s(8);
  const SearchResult d1 = s.go(pos, depth_limit(1));
  const std::string BAIT = to_coordinate(d1.best);  // which Oliphant: the evaluation's choice
  REQUIRE((BAIT == "2g12h1" || BAIT == "2h52h1"));
  s.new_game();
  const SearchResult d2 = s.go(pos, depth_limit(2));
  REQUIRE(to_coordinate(d2.best) == SAVE);
  REQUIRE(d2.score_cp < d1.score_cp);  // the best move's score fell
  // Every node limit that ends the search inside depth 2: the bait (searched first) until
  // the saving move has been searched completely, then that move with its depth-2 score.
  int saved = 0;
  bool seen_save = false;
  for (uint64_t n = d1.nodes + 1; n < d2.nodes; ++n) {
    SearchLimits lim;
    lim.nodes = n;
    s.new_game();
    const SearchResult r = s.go(pos, lim);
    INFO("node limit " << n);
    REQUIRE(r.depth == 1);
    const std::string best = to_coordinate(r.best);
    CHECK((best == BAIT || best == SAVE));
    if (seen_save) CHECK(best == SAVE);
    if (best == SAVE) {
      seen_save = true;
      ++saved;
      CHECK(r.score_cp == d2.score_cp);
    }
  }
  CHECK(saved > 0);
}

TEST_CASE("repetitions: a 3-fold with the game's history is a draw, a 2-fold with it is not", "[search]") {
  // The Dragons go out and back: the start position occurs again, and the position after
  // 3g13h2 has occurred once (then twice) before the root.
  const std::vector<std::string> cycle = {"3g13h2", "3g83h7", "3h23g1", "3h73g8"};
  auto score_of = [](Position& pos, const std::string& move) {
    Search s(8);
    SearchLimits lim = depth_limit(2);  // (at depth 1 the reply is quiescence, which counts no repetition)
    lim.root_moves = {*parse_coordinate(pos, move)};  // that move alone
    const SearchResult r = s.go(pos, lim);
    REQUIRE(to_coordinate(r.best) == move);
    return r.score_cp;
  };
  Position pos = Position::start();
  const int fresh = score_of(pos, "3g13h2");
  REQUIRE(fresh != 0);
  for (const std::string& m : cycle) th::play(pos, m);
  CHECK(score_of(pos, "3g13h2") == fresh);  // once before: no draw yet
  for (const std::string& m : cycle) th::play(pos, m);
  CHECK(score_of(pos, "3g13h2") == 0);  // twice before: the third time is a draw
}

TEST_CASE("a mate read from the table is no mate when the quiet-move rule comes first", "[search]") {
  using namespace dc::detail;
  // A mate in 5 plies from a node (stored at ply 3 of some search), read at ply 2.
  const int stored = score_to_tt(MATE - 8, 3);
  CHECK(score_from_tt(stored, 2, 0) == MATE - 7);
  CHECK(score_from_tt(stored, 2, QUIET_MOVE_LIMIT - 5) == MATE - 7);  // just in time
  const int late = score_from_tt(stored, 2, QUIET_MOVE_LIMIT - 4);    // too late: a draw first
  CHECK(late < MATE_BOUND);
  CHECK(late > 0);
  // The same for being mated.
  CHECK(score_from_tt(-stored, 2, 0) == -(MATE - 7));
  const int late_loss = score_from_tt(-stored, 2, QUIET_MOVE_LIMIT - 4);
  CHECK(late_loss > -MATE_BOUND);
  CHECK(late_loss < 0);
  // Other scores as stored.
  CHECK(score_from_tt(123, 2, 99) == 123);
}
