// Plays two players against each other from a balanced opening set (each opening once
// with each colour, the two games a pair) and prints W/D/L, the game pairs, the score
// and the Elo difference with its 95% interval; optionally a sequential test (SPRT).
//
//   match --a level=10 --b level=10,eval=material --nodes 100000 --games 200
//   match --a level=10 --b level=10,see=0 --nodes 20000 --sprt 0,5 --games 4000 --jobs 2
//   match --a cmd=build/native/dragonchess --b cmd=../baseline/build/native/dragonchess
//         --movetime 200 --games 1000 --resign 800,5 --draw 200,10,10
//   match --a level=3 --b level=2 --level-limits      (the browser's settings of each level)
//   match --a level=1 --b newcomer --level-limits --games 200   (the ladder's bottom)
//   match --a level=10 --b cmd=build/native/dragonchess --tc 10+0.1 --games 200
//
// On a clock (--tc BASE+INC or MOVES/BASE+INC, seconds) the runner keeps each game's
// clocks (core/clock.h): it times each move on the wall clock, takes it off the side's
// time and adds the increment; every player searches with core's time manager
// (core/search/timeman.h: in-process with the player's `overhead=MS`, external engines
// by `go wtime W btime B winc I binc I [movestogo N]`). A side whose time runs out
// loses, unless the other side has only its King left (a draw); the summary counts the
// losses on time and each side's lowest time left.
//
// A player is `random`, `newcomer` (knows the moves and nothing else: takes the most
// valuable piece it can with its cheapest taker, else a random move; tools/newcomer.h),
// `greedy` (the same with any taker), an external engine binary speaking the CLI protocol (`cmd=PATH`, optionally with
// level=N and hash=MB, sent as options), or the engine in this process: comma-separated
// key=value pairs (see parse_config and docs/tools.md, "The match runner").
//
// Adjudication (off unless asked for; both players must report scores):
//   --resign CP,MOVES    the game is over when, for MOVES consecutive moves of each side,
//                        one side's engine scored its position at -CP or worse and the
//                        other side's at +CP or better: the losing side resigns.
//   --draw PLY,CP,MOVES  from ply PLY on, when for MOVES consecutive moves of each side
//                        both engines scored the position within +-CP: a draw.
// Without them the runner still reports how often the resign rule would have fired
// and how often that would have given a result other than the game's own.
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "clock.h"
#include "external_engine.h"
#include "games.h"
#include "newcomer.h"
#include "movegen.h"
#include "notation.h"
#include "numbers.h"
#include "position.h"
#include "search/search.h"
#include "search/timeman.h"
#include "search/weights_file.h"
#include "sprt.h"
#include "status.h"

using namespace dc;

namespace {

struct Config {
  std::string text;
  enum Kind { Engine, Random, Newcomer, Greedy, External } kind = Engine;
  int level = 10;
  bool custom = false;  // level settings changed (ls)
  LevelSettings ls = level_settings(10);
  size_t hash_mb = 16;
  std::string cmd;
  SearchOptions opt;
  int overhead = DEFAULT_MOVE_OVERHEAD_MS;  // on a clock: the time manager's move overhead
  bool overhead_set = false;                // sent to an external engine only when set
};

// A number of an option or a player's item, strictly (see numbers.h); else a message
// naming it and the range, and false.
template <typename T>
bool number(const std::string& what, const std::string& text, long long lo, long long hi, T& out) {
  long long v = 0;
  if (!parse_whole(text, lo, hi, v)) {
    std::cerr << what << " must be a whole number from " << lo << " to " << hi << ", not '" << text << "'\n";
    return false;
  }
  out = T(v);
  return true;
}

bool parse_config(const std::string& text, Config& c) {
  c.text = text;
  if (text == "random") {
    c.kind = Config::Random;
    return true;
  }
  if (text == "newcomer") {
    c.kind = Config::Newcomer;
    return true;
  }
  if (text == "greedy") {
    c.kind = Config::Greedy;
    return true;
  }
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item.empty()) continue;
    auto eq = item.find('=');
    if (eq == std::string::npos) {
      std::cerr << "bad config item " << item << "\n";
      return false;
    }
    std::string k = item.substr(0, eq), v = item.substr(eq + 1);
    const bool on = v == "1" || v == "on" || v == "true";
    auto num = [&](long long lo, long long hi, auto& field) { return number(k + "=", v, lo, hi, field); };
    // A level's settings changed one by one (after level=N): a level of one's own.
    auto own = [&](long long lo, long long hi, auto& field) { return c.custom = true, num(lo, hi, field); };
    // A feature switched on or off: 1, on, true or 0, off, false.
    auto sw = [&](bool& field) {
      if (!on && v != "0" && v != "off" && v != "false") {
        std::cerr << k << "= must be on or off (1, 0, true, false), not '" << v << "'\n";
        return false;
      }
      field = on;
      return true;
    };
    constexpr long long MAX_NODES = 1000000000000LL, MAX_MS = 86400000, PCT = 100, CP = 100000;
    bool ok = true;
    if (k == "level") {
      ok = num(1, 10, c.level);
      if (ok) c.ls = level_settings(c.level);
    } else if (k == "depth")
      ok = own(1, MAX_DEPTH, c.ls.max_depth);
    else if (k == "lnodes")
      ok = own(0, MAX_NODES, c.ls.max_nodes);  // 0: no node budget
    else if (k == "ltime")
      ok = own(0, MAX_MS, c.ls.movetime_ms);
    else if (k == "lfloor")
      ok = own(0, MAX_NODES, c.ls.min_nodes);
    else if (k == "lmaxtime")
      ok = own(0, MAX_MS, c.ls.max_movetime_ms);
    else if (k == "noise")
      ok = own(0, CP, c.ls.noise_cp);
    else if (k == "blunder")
      ok = own(0, PCT, c.ls.blunder_pct);
    else if (k == "margin")
      ok = own(0, CP, c.ls.blunder_margin);
    else if (k == "afarblind")
      ok = own(0, PCT, c.ls.afar_blind_pct);
    else if (k == "frozenblind")
      ok = own(0, PCT, c.ls.frozen_blind_pct);
    else if (k == "horizon")
      ok = own(-1, MAX_DEPTH, c.ls.capture_horizon);
    else if (k == "horizonpct")
      ok = own(0, PCT, c.ls.horizon_pct);
    else if (k == "levelblind")
      ok = own(0, PCT, c.ls.level_blind_pct);
    else if (k == "careless")
      ok = own(0, PCT, c.ls.careless_pct);
    else if (k == "exactroot")
      c.custom = true, ok = sw(c.ls.exact_root);
    else if (k == "cmd") {
      c.kind = Config::External;
      c.cmd = v;
    } else if (k == "hash")
      ok = num(1, 1024, c.hash_mb);
    else if (k == "overhead")
      ok = num(0, MAX_MOVE_OVERHEAD_MS, c.overhead), c.overhead_set = true;
    else if (k == "eval") {
      if (v == "material")
        c.opt.eval = EvalWeights::material();
      else if (v == "full")
        c.opt.eval = EvalWeights::defaults();
      else {
        std::cerr << "eval must be full or material\n";
        return false;
      }
    } else if (k == "null")
      ok = sw(c.opt.null_move);
    else if (k == "lmr")
      ok = sw(c.opt.lmr);
    else if (k == "futility")
      ok = sw(c.opt.futility);
    else if (k == "checkext")
      ok = sw(c.opt.check_extension);
    else if (k == "qprune")
      ok = sw(c.opt.qsearch_prune);
    else if (k == "qbound")
      ok = sw(c.opt.qsearch_bound);
    else if (k == "see")
      ok = sw(c.opt.see_order) && sw(c.opt.see_qsearch) && sw(c.opt.see_prune);
    else if (k == "seeorder")
      ok = sw(c.opt.see_order);
    else if (k == "seeq")
      ok = sw(c.opt.see_qsearch);
    else if (k == "seeprune")
      ok = sw(c.opt.see_prune);
    else if (k == "countermove")
      ok = sw(c.opt.countermove);
    else if (k == "conthist")
      ok = sw(c.opt.cont_history);
    else if (k == "aspiration")
      ok = sw(c.opt.aspiration);
    else if (k == "timeman")
      ok = sw(c.opt.time_manager);
    else if (k == "weights") {
      std::ifstream f(v);
      std::stringstream text;
      text << f.rdbuf();
      auto w = read_weights_file(text.str());
      if (!f || !w) {
        std::cerr << v << ": " << (f ? w.error() : "cannot read") << "\n";
        return false;
      }
      c.opt.eval = w.value();
    } else if (k == "afar")
      ok = sw(c.opt.eval.use_afar);
    else if (k == "mobility")
      ok = sw(c.opt.eval.use_mobility);
    else if (k == "pst")
      ok = sw(c.opt.eval.use_pst);
    else if (k == "kingsafety")
      ok = sw(c.opt.eval.use_king_safety);
    else if (k == "frozen")
      ok = sw(c.opt.eval.use_frozen);
    else if (k == "kinglevel")
      ok = sw(c.opt.eval.use_king_level);
    else if (k == "warriors")
      ok = sw(c.opt.eval.use_warriors);
    else if (k == "name") {
    } else {
      std::cerr << "unknown config key " << k << "\n";
      return false;
    }
    if (!ok) return false;
  }
  return true;
}

// The limits of one move for every player (unless --level-limits).
struct MoveLimits {
  uint64_t nodes = 0;
  int movetime_ms = 0;
  const GameClock* clock = nullptr;  // on a clock (--tc): the game's, which replaces the above
};

struct Player {
  Config cfg;
  bool own_limits = false;  // each side searches its level's own limits (the browser's)
  std::unique_ptr<Search> search;
  ExternalEngine* external = nullptr;    // owned by main (one process for the whole match)
  std::optional<dc::Newcomer> capturer;  // newcomer and greedy
  uint64_t rng;
  uint64_t nodes = 0;            // searched over the game (engines)
  uint64_t searches = 0;         // moves searched, for nodes a move
  double ms = 0;                 // the clock while searching, for time a move
  int soft_ms = 0, hard_ms = 0;  // on a clock: the last move's limits (when known)
  Player(const Config& c, uint64_t seed, ExternalEngine* ext) : cfg(c), external(ext), rng(seed * 2654435761u + 7) {
    if (c.kind == Config::Engine) {
      search = std::make_unique<Search>(c.hash_mb);
      search->set_level(c.level);
      if (c.custom) search->set_level_settings(c.ls);
      search->set_options(c.opt);
      search->set_seed(seed);
    }
    if (c.kind == Config::Newcomer || c.kind == Config::Greedy) capturer.emplace(rng, c.kind == Config::Newcomer);
  }
  uint64_t rand() {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
  }
  void new_game() {
    if (search) search->new_game();
    if (external) external->send("newgame");
  }
  Choice choose(Position& pos, const std::string& start_fen, const std::vector<std::string>& moves,
                const MoveLimits& lim) {
    Choice c;
    MoveList l = legal_moves(pos);
    if (l.size == 0) return c;
    if (cfg.kind == Config::Random) {
      c.move = l[int(rand() % uint64_t(l.size))];
      return c;
    }
    if (capturer) {
      c.move = capturer->choose(pos);
      return c;
    }
    const auto t0 = std::chrono::steady_clock::now();
    auto clock = [&] {
      ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      ++searches;
    };
    // On a clock: the side's time (whole ms, rounded down), increment and moves to go.
    MoveClock mc;
    if (lim.clock) {
      const Color us = pos.side_to_move();
      mc.time_ms = int64_t(lim.clock->left_ms(us));
      mc.inc_ms = int64_t(lim.clock->control().inc_ms);
      mc.movestogo = lim.clock->movestogo(us);
      mc.ply = 2 * (pos.move_number() - 1) + (us == GOLD ? 0 : 1);
      mc.overhead_ms = cfg.overhead;
    }
    if (cfg.kind == Config::External) {
      std::string go = own_limits  ? ""
                       : lim.nodes ? "nodes " + std::to_string(lim.nodes)
                                   : "movetime " + std::to_string(lim.movetime_ms);
      int timeout = 60000 + (own_limits ? level_settings(cfg.level).movetime_ms : lim.movetime_ms) * 10;
      if (lim.clock) {
        const auto ms_of = [&](Color c) { return std::to_string(int64_t(lim.clock->left_ms(c))); };
        go = "wtime " + ms_of(GOLD) + " btime " + ms_of(SCARLET) + " winc " + std::to_string(mc.inc_ms) + " binc " +
             std::to_string(mc.inc_ms) + (mc.movestogo ? " movestogo " + std::to_string(mc.movestogo) : "");
        timeout = int(std::min<int64_t>(mc.time_ms, 86400000)) + 60000;
      }
      const ExternalEngine::Answer a = external->search(start_fen, moves, go, timeout);
      soft_ms = a.soft_ms;
      hard_ms = a.hard_ms;
      if (a.bestmove.empty()) {
        std::cerr << "no answer from " << cfg.cmd << " in " << pos.to_string() << "\n";
        std::exit(2);
      }
      auto m = parse_coordinate(pos, a.bestmove);
      c.move = m ? m.value() : Move::none();
      c.has_score = a.has_score;
      c.score_cp = a.score_cp;
      nodes += a.nodes;
      clock();
      return c;
    }
    SearchLimits sl;
    if (lim.clock) {
      // Core's time manager, within the level's own limits below the top level.
      sl = cfg.custom ? clock_limits(mc, cfg.ls) : clock_limits(mc, cfg.level);
      soft_ms = sl.soft_ms;
      hard_ms = sl.movetime_ms;
    } else if (own_limits) {
      // The level's node budget (and depth cap), without its thinking time: in the
      // browser the budget ends the search first (on a machine as fast as those of
      // docs/figures.md), so the browser's move does not depend on time, and neither must
      // the measurement on a shared, loaded machine. A level without a node budget keeps
      // its time.
      sl = level_limits(cfg.ls);  // the level's own, or a level of one's own
      if (sl.nodes) sl.movetime_ms = 0;
    } else {
      sl.nodes = lim.nodes;
      sl.movetime_ms = lim.movetime_ms;
    }
    const SearchResult r = search->go(pos, sl);
    nodes += r.nodes;
    clock();
    c.move = r.best;
    c.has_score = true;
    c.score_cp = r.is_mate ? (r.score_cp > 0 ? 30000 : -30000) : r.score_cp;
    return c;
  }
};

// "A,B,C": n whole numbers, each within [lo, hi].
bool parse_ints(const std::string& text, std::vector<int>& v, size_t n, long long lo, long long hi) {
  v.clear();
  std::stringstream ss(text);
  std::string item;
  long long x = 0;
  while (std::getline(ss, item, ','))
    if (parse_whole(item, lo, hi, x))
      v.push_back(int(x));
    else
      return false;
  return v.size() == n && (text.empty() || text.back() != ',');
}

std::unique_ptr<ExternalEngine> start_external(const Config& c) {
  if (c.kind != Config::External) return nullptr;
  std::vector<std::string> setup = {"setoption name Hash value " + std::to_string(c.hash_mb),
                                    "setoption name Level value " + std::to_string(c.level)};
  if (c.overhead_set) setup.push_back("setoption name MoveOverhead value " + std::to_string(c.overhead));
  auto e = std::make_unique<ExternalEngine>(c.cmd, setup);
  if (!e->ok()) {
    std::cerr << "engine " << c.cmd << " did not start (no readyok)\n";
    std::exit(1);
  }
  return e;
}

// What every game of a match shares.
struct GameSetup {
  const Config &ca, &cb;
  MoveLimits lim;
  bool level_limits_each;
  std::optional<TimeControl> tc;
  int max_plies;
  Adjudication adj;
  uint64_t seed;
  bool keep_positions, keep_clock_lines;
  std::function<double()> wall_ms;
};

// One game's result and what it adds to the match's figures (index 0: A, 1: B).
struct GameReport {
  int g = 0;
  bool a_gold = true;
  GameOutcome o;
  uint64_t nodes[2] = {0, 0}, searches[2] = {0, 0};
  double ms[2] = {0, 0};
  long clock_moves[2] = {0, 0};
  double clock_used[2] = {0, 0}, lowest_left[2] = {1e300, 1e300};
  std::string quiet, clock_lines;  // the tuner's positions and the clock log's lines, when asked for
  int points() const { return (a_gold ? o.result : -o.result) + 1; }  // A's half-points: 0, 1, 2
};

// Game g of a match (A is Gold in the even games), played from `fen` with A's and B's
// external engines (when they are).
GameReport play_one(const GameSetup& su, const std::string& fen, int g, ExternalEngine* ext_a, ExternalEngine* ext_b) {
  GameReport rep;
  rep.g = g;
  rep.a_gold = g % 2 == 0;
  Player pa(su.ca, su.seed * 1000 + uint64_t(g) * 2, ext_a), pb(su.cb, su.seed * 1000 + uint64_t(g) * 2 + 1, ext_b);
  pa.own_limits = pb.own_limits = su.level_limits_each;
  std::optional<GameClock> game_clock;
  if (su.tc) game_clock.emplace(*su.tc);
  MoveLimits lim = su.lim;
  lim.clock = game_clock ? &*game_clock : nullptr;
  std::ostringstream clock_lines;
  auto chooser = [&](Player& p) -> Chooser {
    const int who = &p == &pa ? 0 : 1;
    Chooser plain = [&p, &fen, &lim](Position& pos, const std::vector<std::string>& moves) {
      return p.choose(pos, fen, moves, lim);
    };
    if (!game_clock) return plain;
    return [&, who, timed = on_clock(plain, *game_clock, su.wall_ms)](Position& pos,
                                                                      const std::vector<std::string>& moves) {
      const Color us = pos.side_to_move();
      const Choice c = timed(pos, moves);
      const GameClock& gc = *game_clock;
      ++rep.clock_moves[who];
      rep.clock_used[who] += gc.last_used_ms(us);
      rep.lowest_left[who] = std::min(rep.lowest_left[who], gc.left_ms(us));
      if (su.keep_clock_lines)
        clock_lines << su.seed * 100000 + uint64_t(g) << ' ' << moves.size() << ' ' << (us == GOLD ? "gold" : "scarlet")
                    << ' ' << (who == 0 ? 'A' : 'B') << ' ' << gc.last_used_ms(us) << ' ' << gc.left_ms(us) << ' '
                    << p.soft_ms << ' ' << p.hard_ms << '\n';
      return c;
    };
  };
  pa.new_game();
  pb.new_game();
  QuietPositions quiet(6);
  auto record = [&](const Position& p, const Choice& c) { quiet.see(p, c); };
  rep.o = rep.a_gold ? play_game(fen, chooser(pa), chooser(pb), su.max_plies, su.adj, record)
                     : play_game(fen, chooser(pb), chooser(pa), su.max_plies, su.adj, record);
  if (su.keep_positions) {
    std::ostringstream out;
    quiet.write(out, rep.o.result, long(su.seed * 100000 + uint64_t(g)));
    rep.quiet = out.str();
  }
  rep.clock_lines = clock_lines.str();
  const Player* players[2] = {&pa, &pb};
  for (int i = 0; i < 2; ++i)
    rep.nodes[i] = players[i]->nodes, rep.searches[i] = players[i]->searches, rep.ms[i] = players[i]->ms;
  return rep;
}

// The match's figures so far.
struct Totals {
  int w = 0, d = 0, l = 0, played = 0;
  stats::Pentanomial penta{};
  long total_plies = 0;
  std::map<std::string, int> endings;
  uint64_t nodes[2] = {0, 0}, searches[2] = {0, 0};
  double ms[2] = {0, 0};
  // On a clock, A's and B's: losses on time, draws on time (the other side had only its
  // King), moves, time used, the lowest time left after a move.
  int time_losses[2] = {0, 0}, time_draws[2] = {0, 0};
  long clock_moves[2] = {0, 0};
  double clock_used[2] = {0, 0}, lowest_left[2] = {1e300, 1e300};
  // Without --resign: the games the resign rule would have ended, and how they ended.
  int would_resign = 0, would_resign_drawn = 0, would_resign_reversed = 0;
  long would_resign_plies = 0;

  void add(const GameReport& r, const Adjudication& adj) {
    const GameOutcome& o = r.o;
    const int points = r.points();
    (points == 2 ? w : points == 1 ? d : l) += 1;
    ++played;
    total_plies += o.plies;
    ++endings[o.how];
    for (int i = 0; i < 2; ++i) {
      nodes[i] += r.nodes[i], searches[i] += r.searches[i], ms[i] += r.ms[i];
      clock_moves[i] += r.clock_moves[i], clock_used[i] += r.clock_used[i];
      lowest_left[i] = std::min(lowest_left[i], r.lowest_left[i]);
    }
    if (o.flag) {
      const int who = (o.flagged == GOLD) == r.a_gold ? 0 : 1;
      ++(o.result == 0 ? time_draws : time_losses)[who];
    }
    if (o.resign_would && !adj.resign_moves) {
      ++would_resign;
      would_resign_plies += o.resign_ply;
      if (o.result == 0)
        ++would_resign_drawn;
      else if (o.resign_would != o.result)
        ++would_resign_reversed;
    }
  }
  void add_pair(int points) { ++penta[size_t(points)]; }
};

// A first SIGINT or SIGTERM ends the match after the pairs being played (their figures
// are printed as a whole match's); a second one ends the process at once.
std::atomic<bool> interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free);
extern "C" void on_interrupt(int sig) {
  interrupted = true;
  signal(sig, SIG_DFL);
}

}  // namespace

int main(int argc, char** argv) {
  std::string a_text = "level=10", b_text = "greedy";
  int games = 100, movetime = 0, max_plies = 300, plies = 6, verbose = 0, jobs = 1;
  uint64_t nodes = 0, seed = 1;
  bool level_limits_each = false;
  std::string positions_path;     // the tuner's quiet positions of every game, appended
  std::optional<TimeControl> tc;  // --tc: games on a clock
  std::string clock_log_path;     // --clock-log: each move's time on the clock, appended
  bool use_sprt = false;
  stats::Sprt sprt;
  Adjudication adj;
  for (int i = 1; i < argc; ++i) {
    std::string k = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << k << " needs a value\n";
        std::exit(1);
      }
      return argv[++i];
    };
    std::vector<int> v;
    auto num = [&](long long lo, long long hi, auto& field) {
      if (!number(k, val(), lo, hi, field)) std::exit(1);
    };
    if (k == "--a")
      a_text = val();
    else if (k == "--b")
      b_text = val();
    else if (k == "--games")
      num(1, 100000000, games);
    else if (k == "--jobs")
      num(1, 256, jobs);
    else if (k == "--nodes")
      num(1, 1000000000000LL, nodes);
    else if (k == "--movetime")
      num(1, 86400000, movetime);
    else if (k == "--max-plies")
      num(1, 1000000, max_plies);
    else if (k == "--opening-plies")
      num(0, 200, plies);
    else if (k == "--seed")
      num(0, (1LL << 53) - 1, seed);
    else if (k == "--verbose" || k == "-v")
      verbose = 1;
    else if (k == "--level-limits")
      level_limits_each = true;
    else if (k == "--positions")
      positions_path = val();
    else if (k == "--tc") {
      auto r = parse_time_control(val());
      if (!r) {
        std::cerr << "--tc: " << r.error() << "\n";
        return 1;
      }
      tc = r.value();
    } else if (k == "--clock-log")
      clock_log_path = val();
    else if (k == "--sprt") {
      // elo0,elo1[,alpha,beta]
      std::stringstream ss(val());
      std::string item;
      std::vector<double> d;
      double x = 0;
      while (std::getline(ss, item, ','))
        if (parse_decimal(item, d.size() < 2 ? -2000 : 1e-6, d.size() < 2 ? 2000 : 0.5, x))
          d.push_back(x);
        else
          d.push_back(NAN);
      if ((d.size() != 2 && d.size() != 4) || std::any_of(d.begin(), d.end(), [](double e) { return std::isnan(e); })) {
        std::cerr << "--sprt needs elo0,elo1[,alpha,beta]: Elo from -2000 to 2000, alpha and beta above 0 and at "
                     "most 0.5 (such as 0,5 or 0,5,0.05,0.05)\n";
        return 1;
      }
      sprt.elo0 = d[0];
      sprt.elo1 = d[1];
      if (d.size() == 4) sprt.alpha = d[2], sprt.beta = d[3];
      use_sprt = true;
    } else if (k == "--resign") {
      if (!parse_ints(val(), v, 2, 1, 100000) || v[1] > 1000) {
        std::cerr << "--resign needs CP,MOVES (whole numbers: CP 1 to 100000, MOVES 1 to 1000)\n";
        return 1;
      }
      adj.resign_cp = v[0], adj.resign_moves = v[1];
    } else if (k == "--draw") {
      if (!parse_ints(val(), v, 3, 0, 100000) || v[2] < 1 || v[2] > 1000) {
        std::cerr << "--draw needs PLY,CP,MOVES (whole numbers: PLY and CP 0 to 100000, MOVES 1 to 1000)\n";
        return 1;
      }
      adj.draw_ply = v[0], adj.draw_cp = v[1], adj.draw_moves = v[2];
    } else {
      std::cerr << "usage: match --a PLAYER --b PLAYER [--nodes N | --movetime MS] [--games N]\n"
                   "             [--sprt ELO0,ELO1[,ALPHA,BETA]] [--resign CP,MOVES] [--draw PLY,CP,MOVES]\n"
                   "             [--level-limits] [--max-plies N] [--opening-plies N] [--seed N] [--verbose]\n"
                   "             [--positions FILE] [--tc [MOVES/]BASE[+INC] [--clock-log FILE]] [--jobs N]\n"
                   "  --jobs: game pairs played N at a time (threads; an external engine per job)\n"
                   "  Ctrl-C (or SIGTERM): ends the match after the pairs being played, with its figures\n"
                   "  --level-limits: each side searches its level's own limits, as the browser does\n"
                   "  --sprt: stop when the sequential test accepts or rejects (--games is the most)\n"
                   "  --positions: append the quiet positions of every game for the tuner (tune fit)\n"
                   "  --tc: on a clock, seconds (10+0.1, 40/60); --clock-log: append each move's\n"
                   "        'game ply side player used_ms left_ms soft_ms hard_ms' to FILE\n";
      return k == "--help" || k == "-h" ? 0 : 1;
    }
  }
  Config ca, cb;
  if (!parse_config(a_text, ca) || !parse_config(b_text, cb)) return 1;
  MoveLimits lim;
  lim.nodes = nodes;
  lim.movetime_ms = movetime;
  if (!nodes && !movetime && !tc) lim.nodes = 100000;
  if (tc && (nodes || movetime || level_limits_each)) {
    std::cerr << "--tc replaces --nodes, --movetime and --level-limits (each level keeps its own caps on a clock)\n";
    return 1;
  }
  std::ofstream positions_out;
  if (!positions_path.empty()) positions_out.open(positions_path, std::ios::app);
  std::ofstream clock_log;
  if (!clock_log_path.empty()) {
    clock_log.open(clock_log_path, std::ios::app);
    if (!clock_log) {
      std::cerr << "cannot open " << clock_log_path << "\n";
      return 1;
    }
  }
  const auto t_start = std::chrono::steady_clock::now();
  const std::function<double()> wall_ms = [t_start] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t_start).count();
  };
  const int pairs = (games + 1) / 2;
  const std::vector<std::string> openings = opening_positions(pairs, plies, seed);
  GameSetup setup{
      ca, cb, lim, level_limits_each, tc, max_plies, adj, seed, positions_out.is_open(), clock_log.is_open(), wall_ms};
  Totals t;
  double llr = 0;
  std::string verdict;
  // The pairs are handed out in order to `jobs` workers, each with its own players (and
  // external engines); a finished pair is added to the totals, under the lock, as it comes.
  // Each game depends only on its number and the seed, so the totals of a whole match do
  // not depend on `jobs` (an SPRT may stop at another pair).
  std::mutex lock;
  std::atomic<int> next_pair{0};
  std::atomic<bool> stop{false};
  auto worker = [&] {
    auto ext_a = start_external(ca), ext_b = start_external(cb);
    for (int pair; !stop && !interrupted && (pair = next_pair++) < pairs;) {
      std::vector<GameReport> reports;
      for (int g = 2 * pair; g < std::min(2 * pair + 2, games); ++g)
        reports.push_back(play_one(setup, openings[size_t(pair) % openings.size()], g, ext_a.get(), ext_b.get()));
      std::lock_guard<std::mutex> hold(lock);
      if (stop) break;  // the SPRT has decided: pairs finished after it are not counted
      for (const GameReport& r : reports) {
        t.add(r, adj);
        if (positions_out.is_open()) positions_out << r.quiet;
        if (clock_log.is_open()) clock_log << r.clock_lines;
      }
      if (reports.size() == 2) {
        t.add_pair(reports[0].points() + reports[1].points());
        if (use_sprt) {
          llr = stats::llr_logistic(sprt.elo0, sprt.elo1, t.penta);
          verdict = sprt.verdict(llr);
        }
      }
      if (verbose)
        for (const GameReport& r : reports) {
          const bool last = &r == &reports.back() && reports.size() == 2;
          std::fprintf(stderr, "game %d (%s as %s): %s by %s in %d plies  [+%d =%d -%d]%s\n", r.g + 1, ca.text.c_str(),
                       r.a_gold ? "Gold" : "Scarlet",
                       r.points() > 1    ? "win"
                       : r.points() == 1 ? "draw"
                                         : "loss",
                       r.o.how.c_str(), r.o.plies, t.w, t.d, t.l,
                       use_sprt && last ? (" LLR " + std::to_string(llr)).c_str() : "");
        }
      if (!verdict.empty()) stop = true;
    }
  };
  signal(SIGINT, on_interrupt);
  signal(SIGTERM, on_interrupt);
  std::vector<std::thread> threads;
  for (int j = 1; j < std::min(jobs, pairs); ++j) threads.emplace_back(worker);
  worker();
  for (std::thread& th : threads) th.join();
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  const int played = t.played;
  if (interrupted && played < games) std::printf("interrupted: the figures of the %d games played\n", played);
  const stats::Pentanomial& penta = t.penta;
  const int w = t.w, d = t.d, l = t.l;
  const stats::EloEstimate e = stats::elo_estimate(penta);
  const int npairs = played / 2;
  const bool sweep = npairs > 0 && (penta[4] == uint64_t(npairs) || penta[0] == uint64_t(npairs));
  const char* cmp = sweep ? (penta[4] ? ">" : "<") : "";
  std::printf("A: %s\nB: %s\n", ca.text.c_str(), cb.text.c_str());
  std::printf("limits: %s\n", tc                  ? ("the clock, " + time_control_text(*tc)).c_str()
                              : level_limits_each ? "each level's own (--level-limits)"
                              : lim.nodes         ? (std::to_string(lim.nodes) + " nodes a move").c_str()
                                                  : (std::to_string(lim.movetime_ms) + " ms a move").c_str());
  std::printf("games %d  W %d  D %d  L %d  score %.1f%%  Elo %s%+.1f [%+.1f, %+.1f]  (A's view, 95%%, from %d pairs)\n",
              played, w, d, l, 100.0 * (w + 0.5 * d) / std::max(played, 1), cmp, e.elo, sweep ? e.elo : e.lo,
              sweep ? e.elo : e.hi, npairs);
  std::printf("pairs (A's points 0, 1/2, 1, 3/2, 2): %llu %llu %llu %llu %llu\n", (unsigned long long)penta[0],
              (unsigned long long)penta[1], (unsigned long long)penta[2], (unsigned long long)penta[3],
              (unsigned long long)penta[4]);
  std::printf("plies per game %.1f; endings:", double(t.total_plies) / std::max(played, 1));
  for (const auto& [how, n] : t.endings) std::printf(" %s %d;", how.c_str(), n);
  std::printf("\n");
  if (t.searches[0] && t.searches[1]) {  // engines only (random, newcomer and greedy do not search)
    std::printf("nodes a move: A %.0f, B %.0f\n", double(t.nodes[0]) / double(t.searches[0]),
                double(t.nodes[1]) / double(t.searches[1]));
    std::printf("time a move (the clock): A %.0f ms, B %.0f ms\n", t.ms[0] / double(t.searches[0]),
                t.ms[1] / double(t.searches[1]));
  }
  if (tc) {
    std::printf("clock %s: losses on time A %d, B %d; draws on time (King only) A %d, B %d\n",
                time_control_text(*tc).c_str(), t.time_losses[0], t.time_losses[1], t.time_draws[0], t.time_draws[1]);
    std::printf(
        "on the clock: A %.0f ms a move, lowest time left %.0f ms; B %.0f ms a move, lowest time left %.0f ms\n",
        t.clock_used[0] / double(std::max(1L, t.clock_moves[0])), t.clock_moves[0] ? t.lowest_left[0] : 0.0,
        t.clock_used[1] / double(std::max(1L, t.clock_moves[1])), t.clock_moves[1] ? t.lowest_left[1] : 0.0);
  }
  if (!adj.resign_moves)
    std::printf(
        "resign rule (800 cp, 5 moves each) would have ended %d games (at ply %.0f on average); of those the "
        "other side won %d, %d were drawn\n",
        t.would_resign, t.would_resign ? double(t.would_resign_plies) / t.would_resign : 0.0, t.would_resign_reversed,
        t.would_resign_drawn);
  if (use_sprt)
    std::printf(
        "SPRT elo0 %.1f elo1 %.1f alpha %.2f beta %.2f (GSPRT, pentanomial, logistic Elo): LLR %.3f "
        "[%.3f, %.3f] %s\n",
        sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta, llr, sprt.lower(), sprt.upper(),
        verdict.empty() ? "no decision within the games" : verdict.c_str());
  std::printf("RESULT|%s|%s|%d|%d|%d|%d|%.1f|%s%+.0f|%+.0f|%+.0f\n", ca.text.c_str(), cb.text.c_str(), played, w, d, l,
              100.0 * (w + 0.5 * d) / std::max(played, 1), cmp, e.elo, sweep ? e.elo : e.lo, sweep ? e.elo : e.hi);
  return 0;
}
