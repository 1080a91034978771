// The Dragonchess search: iterative deepening PVS alpha-beta with a transposition
// table, quiescence (captures, captures from afar, check evasions), null move, late-move
// reductions, killers and history; playing levels 1..10.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "../position.h"
#include "eval.h"

namespace dc {

struct SearchLimits {
  int depth = 0;  // 0 = no limit of that kind
  uint64_t nodes = 0;
  int movetime_ms = 0;
  // With movetime_ms: the search does not stop for its time before it has searched
  // min_nodes nodes, but never runs past max_movetime_ms (the top level's floor: on a
  // slow machine it thinks longer rather than search less than the level below it).
  // Without max_movetime_ms, min_nodes is ignored.
  uint64_t min_nodes = 0;
  int max_movetime_ms = 0;
  // With movetime_ms (then the hard limit), on a clock: no new iteration is started past
  // soft_ms (timeman.h: clock_limits, iteration_deadline_ms); 0: past half of movetime_ms.
  int soft_ms = 0;
  bool infinite = false;  // all zero = MAX_DEPTH
  // How many best lines each iteration reports (1..MAX_MULTIPV; at most the number of
  // legal moves). 1 is the plain search; above 1 the best `multipv` root moves get exact
  // scores and their own principal variations.
  int multipv = 1;
  // Non-empty: only these root moves are searched (UCI's searchmoves; compared by their
  // squares, moves that are not legal ignored). The puzzle generator's second-best move.
  std::vector<Move> root_moves;
};
inline constexpr int MAX_MULTIPV = 64;
// The deepest iteration; a level's max_depth of MAX_DEPTH is no depth cap.
inline constexpr int MAX_DEPTH = 64;

// Every search is driven in slices: start(), then advance(budget) until done(). The CLI
// thread, the match runner and the browser worker all use this budget, so a node- or
// depth-bounded search plays the same move natively and in the browser.
inline constexpr uint64_t SEARCH_SLICE_NODES = 16384;

struct SearchProgress {
  int depth = 0;  // last completed iteration
  int seldepth = 0;
  uint64_t nodes = 0;
  int elapsed_ms = 0;
  bool done = false;
};

// Nodes a second, as the info lines give it (under a millisecond counts as one).
constexpr uint64_t nodes_per_second(uint64_t nodes, int ms) {
  return ms > 0 ? nodes * 1000 / uint64_t(ms) : nodes * 1000;
}

// One of the best lines of a completed iteration: a root move, its exact score (for the
// side to move) and its principal variation (pv[0] == move).
struct SearchLine {
  Move move;
  int score_cp = 0;
  bool is_mate = false;
  int mate_in = 0;
  std::vector<Move> pv;
};

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int score_cp = 0;
  bool is_mate = false;
  int mate_in = 0;  // moves, negative = getting mated
  uint64_t nodes = 0;
  uint64_t nps = 0;
  int time_ms = 0;
  std::vector<Move> pv;
  std::vector<SearchLine> lines;  // the best min(multipv, legal moves) lines, best first
};

struct SearchResult {
  Move best;
  int score_cp = 0;
  bool is_mate = false;
  int mate_in = 0;
  int depth = 0;
  // The depth best's score and pv come from: `depth`, or the iteration after it when the
  // search ended inside that iteration and plays its best move so far; 0 when no root
  // move was searched (a stop during depth 1 before its first move, or no legal move).
  int score_depth = 0;
  uint64_t nodes = 0;
  std::vector<Move> pv;
  // The last completed iteration's best lines (best first; one line when multipv is 1, or
  // when no iteration was completed: then the answer's move alone).
  std::vector<SearchLine> lines;
};

// Search features that can be switched off (the match runner's ablations).
struct SearchOptions {
  bool null_move = true;
  bool lmr = true;
  bool futility = true;  // reverse futility and futility pruning near the leaves
  bool check_extension = true;
  bool qsearch_prune = true;  // skip captures into defended squares by a more valuable piece
  bool qsearch_bound = true;  // quiescence bounded: evasions, even trades and plies limited
  // Static exchange evaluation (see.h): losing captures tried after the quiet moves;
  // quiescence skips losing captures (deeper, even ones) by SEE instead of by piece
  // values; near the leaves, moves that lose material by SEE are pruned.
  bool see_order = true;
  bool see_qsearch = true;
  bool see_prune = true;
  // Quiet-move ordering beyond killers and history: the countermove (the quiet move that
  // last refuted the opponent's previous move) and continuation history (how a quiet
  // move fared after the opponent's previous move).
  bool countermove = false;
  bool cont_history = false;
  // Aspiration windows: from depth 4 the root is searched in a window around the last
  // iteration's score, widened when the score falls outside.
  bool aspiration = false;
  // On a clock, the soft limit moved by how clear the position is (timeman.h:
  // iteration_deadline_ms): later when the best move just changed or its score fell,
  // sooner when the same move has come out best four iterations running.
  bool time_manager = false;
  EvalWeights eval = EvalWeights::defaults();
};

// What a playing level does (documented in docs/search.md, "Levels"). Below the top level a
// level errs the way people do, by named weaknesses, each drawn once per search from
// the seed (so that a level is reproducible, natively and in the browser).
struct LevelSettings {
  int movetime_ms;     // thinking time of one computer move at this level (the page's)
  int max_depth;       // iterative deepening stops here
  uint64_t max_nodes;  // 0 = none
  int noise_cp;        // +- evaluation noise (fixed per position within one search)
  int blunder_pct;     // chance to play a non-best move ...
  int blunder_margin;  // ... chosen among moves scoring within this many cp of the best
  // Weaknesses:
  int afar_blind_pct;    // chance not to see captures from afar at all (its own or the
                         // opponent's): walks into them, misses them
  int frozen_blind_pct;  // chance to forget freezing: frozen pieces count as free, so it
                         // steps onto squares above enemy Basilisks and ignores its own
  int capture_horizon;   // captures looked at after the last full move (quiescence
                         // plies): 0 leaves pieces hanging, 1 misses recaptures; -1 none
                         // (the engine's own bound)
  int horizon_pct;       // chance that the capture horizon holds in a search (else the
                         // engine's own bound): a person overlooks a hanging piece
                         // sometimes, not always
  int level_blind_pct;   // chance not to see captures from one level to another at all
                         // (its own or the opponent's, those from afar among them): it
                         // sees only what happens on the level a piece stands on
  int careless_pct;      // chance to look only at its own move (one ply, no capture after
                         // it): it leaves pieces hanging and overlooks every threat
  bool exact_root;       // every root move searched with a full window: exact scores to
                         // choose the weaker move from (needed by blunder_pct), at the
                         // cost of depth (a level's search is then several times smaller)
  // The top level's floor (SearchLimits::min_nodes, max_movetime_ms): it thinks its
  // movetime_ms, and longer, up to max_movetime_ms, until it has searched min_nodes.
  uint64_t min_nodes = 0;
  int max_movetime_ms = 0;
};
LevelSettings level_settings(int level);
// What one move of the computer at this level searches: its thinking time and its node
// budget, whichever ends first (on any machine at least as fast as the browser's
// engine needs for the budget within the time, the node budget, so that the move does
// not depend on the machine); the top level's: its thinking time, longer on a slow machine
// until it has searched its floor (min_nodes, up to max_movetime_ms). Below the top level
// the node and depth caps also hold inside the search whatever the limits.
SearchLimits level_limits(int level);
// The same limits of any level settings (a match's level of one's own).
SearchLimits level_limits(const LevelSettings& ls);
// The level in plain words, made from its settings (core/search/level_words.cpp): a name
// and what it sees and misses, e.g. "Novice: looks up to 2 half-moves ahead. Always
// misses captures from one level to another; often looks only at its own move and plays
// a weaker move." The page's strength selector.
std::string level_words(int level);

class Search {
 public:
  explicit Search(size_t hash_mb = 16);
  ~Search();
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;

  void set_hash_mb(size_t mb);  // 1..1024
  void set_level(int level);    // 1..10 (10 = full strength, the default)
  // A level of one's own (the match runner's and the tests' experiments): plays like a
  // level below the top with these settings; level() is then 0.
  void set_level_settings(const LevelSettings& ls);
  int level() const;
  void set_options(const SearchOptions& o);
  const SearchOptions& options() const;
  void set_seed(uint64_t seed);  // randomness of levels < 10
  // Clears the transposition table, history and killers, a chunk at a time: false when
  // `stop` was set before it was done (the next new_game() clears them whole). The tables
  // of a new Search come empty (their memory is zeroed by the system as it is first used).
  bool new_game(const std::atomic<bool>* stop = nullptr);

  using InfoFn = std::function<void(const SearchInfo&)>;

  // Begins a search of pos (copied). The level's randomness (evaluation noise, whether
  // and which non-best move it plays) is drawn here, once per search. Clears any stop.
  // The node limit and the clock hold once depth 1 is complete (as Stockfish's), so that
  // every answer is a searched move; stop() holds at once. The clock runs from
  // `started` (when the command was read; by default now).
  void start(const Position& pos, const SearchLimits& limits);
  void start(const Position& pos, const SearchLimits& limits, std::chrono::steady_clock::time_point started);
  // Searches at most node_budget more nodes, never past the limits (stop, nodes, time,
  // depth); on_info is called for each completed iteration. Returns done(). A slice
  // may end anywhere, deep in the tree: the next call goes on from there, so the search
  // does not depend on its slices (the same limits give the same move, score and node
  // count at any budget, natively and in the browser).
  bool advance(uint64_t node_budget, const InfoFn& on_info = {});
  bool done() const;
  // The best move so far: a legal move whenever one exists, even before depth 1 is
  // complete (then the best root move searched, else the first in move order); once
  // done(), the final answer (a lower level's deliberate non-best move included).
  SearchResult result() const;
  SearchProgress progress() const;

  // start() + advance(SEARCH_SLICE_NODES) until done(); pos is left unchanged.
  SearchResult go(Position& pos, const SearchLimits& limits, const InfoFn& on_info = {});
  // Thread-safe: the running search (started and not done) ends within a few ms, at its
  // next advance() if none is under way, and done() becomes true. A stop while no search
  // runs is forgotten: it never reaches the next search.
  void stop();

  struct State;
  enum RunState : int { IDLE, RUNNING, STOPPING };

 private:
  std::unique_ptr<State> s_;
  std::atomic<int> run_state_{IDLE};
};

// The position with the other side to move (a pass), to search what the opponent threatens
// ("if it were their turn"). An error when the side to move is in check: after a pass
// its King could be captured, which is no position. The pass breaks the repetition chain.
Result<Position> threat_position(const Position& pos);

// Fixed-depth searches over a fixed set of positions; prints per-position nodes, the
// total ("signature") and nodes/second; returns the total nodes. Interruptible: given a
// search to use (a fresh one, 16 MB of hash) and a stop flag, it ends when the flag is set
// and that search's stop() is called (the positions printed so far are complete).
uint64_t search_bench(std::ostream& out, int depth = 0 /* 0 = default, 8: about 7 s natively */,
                      Search* search = nullptr, const std::atomic<bool>* stop = nullptr);

// A balanced, reproducible set of opening positions: `plies` pseudo-random legal plies
// from the start (captures avoided), deduplicated, none already over. A stop flag, when
// given, is looked at before each try: set, the positions made so far are returned.
std::vector<std::string> opening_positions(int count, int plies, uint64_t seed,
                                           const std::atomic<bool>* stop = nullptr);

}  // namespace dc
