// The public Search class (search.h) over its state (search_state.h).
#include "../movegen.h"
#include "search_state.h"

namespace dc {

// --- The public class -----------------------------------------------------------------

Search::Search(size_t hash_mb) : s_(std::make_unique<State>(hash_mb)) {}
Search::~Search() = default;

void Search::set_hash_mb(size_t mb) { s_->tt.resize(mb); }
void Search::set_level(int level) {
  s_->level = std::clamp(level, 1, 10);
  s_->ls = level_settings(s_->level);
}
void Search::set_level_settings(const LevelSettings& ls) {
  s_->level = 0;
  s_->ls = ls;
}
int Search::level() const { return s_->level; }
void Search::set_options(const SearchOptions& o) {
  s_->opt = o;
  s_->order.use_countermove = o.countermove;
  s_->order.use_cont_history = o.cont_history;
  s_->evaluator = Evaluator(o.eval);
  s_->frozen_blind_evaluator = Evaluator(State::without_freezing(o.eval));
  s_->ecache.clear();
}
const SearchOptions& Search::options() const { return s_->opt; }
void Search::set_seed(uint64_t seed) { s_->rng = detail::splitmix(seed ^ 0x1234567ull); }
bool Search::new_game(const std::atomic<bool>* stop) { return s_->clear(stop); }
void Search::stop() {
  int running = RUNNING;
  run_state_.compare_exchange_strong(running, STOPPING);
}

void Search::start(const Position& pos, const SearchLimits& limits) {
  start(pos, limits, std::chrono::steady_clock::now());
}

void Search::start(const Position& pos, const SearchLimits& limits, std::chrono::steady_clock::time_point started) {
  run_state_.store(RUNNING);
  s_->run_state = &run_state_;
  s_->begin(pos, limits, started);
}

bool Search::advance(uint64_t node_budget, const InfoFn& on_info) {
  const bool over = s_->run(node_budget, on_info);
  if (over) run_state_.store(IDLE);  // a stop() from now on is forgotten
  return over;
}

bool Search::done() const { return s_->finished; }

SearchResult Search::result() const {
  SearchResult r = s_->res;
  r.nodes = s_->nodes;
  if (!r.best.is_none() && (r.pv.empty() || r.pv[0] != r.best)) r.pv.assign(1, r.best);
  // No iteration completed, or a lower level's deliberate other move: the answer alone.
  if (!r.best.is_none() && (r.lines.empty() || (s_->multipv == 1 && r.lines[0].move != r.best)))
    r.lines.assign(1, SearchLine{r.best, r.score_cp, r.is_mate, r.mate_in, r.pv});
  return r;
}

Result<Position> threat_position(const Position& pos) {
  if (in_check(pos))
    return make_error(std::string(color_name(pos.side_to_move())) +
                      " is in check: a pass would leave its King to be captured, so there is no threat to show");
  Position p = pos;
  p.make_null();
  return p;
}

SearchProgress Search::progress() const {
  SearchProgress p;
  p.depth = s_->res.depth;
  p.seldepth = s_->seldepth;
  p.nodes = s_->nodes;
  p.elapsed_ms = s_->elapsed_ms();
  p.done = s_->finished;
  return p;
}

SearchResult Search::go(Position& pos, const SearchLimits& limits, const InfoFn& on_info) {
  start(pos, limits);
  while (!advance(SEARCH_SLICE_NODES, on_info)) {
  }
  return result();
}

}  // namespace dc
