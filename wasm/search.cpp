// The search half of the facade, for the engine worker: a position record (start
// position + moves, the common prefix kept between requests) and the resumable search of
// core/search (start / advance / result / progress / stop). Plain numbers and strings in,
// plain JS values out; every search rule (limits, levels, "done") is core's.
#include <emscripten/bind.h>

#include <chrono>
#include <optional>

#include "facade.h"
#include "game.h"
#include "search/search.h"
#include "search/timeman.h"
#include "status.h"

using namespace dc;
using namespace dcw;

namespace {

// A seed from JS: a whole number from 0 to 2^53-1, or null/undefined (none). False if bad.
bool read_seed(const val& seed, std::optional<uint64_t>& out) {
  if (seed.isUndefined() || seed.isNull()) return true;
  if (!seed.isNumber() || !whole_in(seed.as<double>(), 0, 9007199254740991.0)) return false;
  out = uint64_t(seed.as<double>());
  return true;
}

class SearchFacade {
 public:
  explicit SearchFacade(double hash_mb) : search_(whole_in(hash_mb, 1, 1024) ? size_t(hash_mb) : 16) {}

  val set_hash(double mb) {
    if (!whole_in(mb, 1, 1024))
      return error_obj("bad-argument", "hash size must be a whole number of MB from 1 to 1024");
    search_.set_hash_mb(size_t(mb));
    return val::undefined();
  }

  // The position to search: `fen` (a position string, '' = the standard start), the first
  // `keep` moves of the record already held, then `moves` (a JS array of coordinate or
  // algebraic moves), under `rules` ('gygax' | 'bga'; '' = Gygax's). keep = 0 replaces the
  // record and resets the search's tables (a new game); moves kept must be of a record
  // under the same rules. All or nothing; after an error the record is forgotten (the
  // next request must send keep = 0). Returns {reset, kept, added}.
  val set_position(std::string fen, double keep, val moves, std::string rules) {
    val r = apply_position(fen, keep, moves, rules);
    if (is_error(r)) record_.reset();
    return r;
  }

  // Starts a search of the current record's position. depth/nodes/movetime: 0 = no limit
  // of that kind; all three 0 and not infinite = the level's own limits. level 1..10;
  // seed: a whole number, or null to keep the level's random stream going. multipv: the
  // best lines reported (1..64); threat: search the position after a pass (what the
  // opponent threatens); ply: the position after the record's first `ply` moves (-1: the
  // last one; a review goes through them all); fresh: clear the search's tables (hash,
  // history, killers) first, so that the answer depends on the position and the limits
  // alone (a hint and a review's search of the same position agree move for move).
  val start(double depth, double nodes, double movetime, bool infinite, double level, val seed, double multipv,
            bool threat, double ply, bool fresh) {
    if (!record_) return error_obj("no-position", "no position to search: send the position first");
    if (!whole_in(multipv, 1, MAX_MULTIPV))
      return error_obj("bad-argument",
                       "multipv must be a whole number of lines from 1 to " + std::to_string(MAX_MULTIPV));
    if (!whole_in(ply, -1, record_->game.plies()))
      return error_obj("bad-argument", "ply must be a whole number from 0 to the " +
                                           std::to_string(record_->game.plies()) + " moves held");
    if (!whole_in(depth, 0, 64))
      return error_obj("bad-limits", "search limit 'depth' must be a whole number from 0 to 64");
    if (!whole_in(nodes, 0, 9e15)) return error_obj("bad-limits", "search limit 'nodes' must be a whole number from 0");
    if (!whole_in(movetime, 0, 2147483647.0))
      return error_obj("bad-limits", "search limit 'movetime' must be a whole number of ms from 0");
    if (!whole_in(level, 1, 10)) return error_obj("bad-level", "level must be a whole number from 1 to 10");
    std::optional<uint64_t> seed_value;
    if (!read_seed(seed, seed_value)) return error_obj("bad-argument", "seed must be a whole number from 0 to 2^53-1");
    const dc::Game at = game_at(int(ply));
    const Status st = at.status();
    if (st.over()) return keyed_error_obj("game-over", game_over(st));
    Position pos = at.position();
    if (threat) {
      auto passed = threat_position(pos);
      if (!passed) return error_obj("in-check", passed.error());
      pos = std::move(passed.value());
    }
    SearchLimits lim;
    if (depth == 0 && nodes == 0 && movetime == 0 && !infinite) {
      lim = level_limits(int(level));
    } else {
      lim.depth = int(depth);
      lim.nodes = uint64_t(nodes);
      lim.movetime_ms = int(movetime);
      lim.infinite = infinite;
    }
    lim.multipv = int(multipv);
    search_.set_level(int(level));
    if (seed_value) search_.set_seed(*seed_value);
    if (fresh) search_.new_game();
    begin(pos, lim);
    return val::undefined();
  }

  // Starts the computer's move on its clock: the last position of the record searched
  // with core's time manager (clock_limits: the soft and hard limits from the side's time
  // left, its increment, the moves to the next control, the game's ply and the move
  // overhead; below level 10 never longer than the level's own limits). time, inc,
  // overhead in ms; movestogo 0 = none. Returns {soft, hard, panic}.
  val start_clock(double time, double inc, double movestogo, double overhead, double level, val seed) {
    if (!record_) return error_obj("no-position", "no position to search: send the position first");
    if (!whole_in(time, 0, 8.64e9))
      return error_obj("bad-clock", "the clock's time left must be a whole number of ms from 0");
    if (!whole_in(inc, 0, 86400000))
      return error_obj("bad-clock", "the clock's increment must be a whole number of ms from 0 to 86400000");
    if (!whole_in(movestogo, 0, 1000))
      return error_obj("bad-clock", "the clock's movestogo must be a whole number from 0 (none) to 1000");
    if (!whole_in(overhead, 0, MAX_MOVE_OVERHEAD_MS))
      return error_obj("bad-clock", "the clock's overhead must be a whole number of ms from 0 to " +
                                        std::to_string(MAX_MOVE_OVERHEAD_MS));
    if (!whole_in(level, 1, 10)) return error_obj("bad-level", "level must be a whole number from 1 to 10");
    std::optional<uint64_t> seed_value;
    if (!read_seed(seed, seed_value)) return error_obj("bad-argument", "seed must be a whole number from 0 to 2^53-1");
    const Status st = record_->game.status();
    if (st.over()) return keyed_error_obj("game-over", game_over(st));
    const Position& pos = record_->game.position();
    MoveClock c;
    c.time_ms = int64_t(time);
    c.inc_ms = int64_t(inc);
    c.movestogo = int(movestogo);
    c.ply = 2 * (pos.move_number() - 1) + (pos.side_to_move() == GOLD ? 0 : 1);
    c.overhead_ms = int(overhead);
    const SearchLimits lim = clock_limits(c, int(level));
    search_.set_level(int(level));
    if (seed_value) search_.set_seed(*seed_value);
    begin(pos, lim);
    val o = val::object();
    o.set("soft", lim.soft_ms);
    o.set("hard", lim.movetime_ms);
    o.set("panic", time_budget(c).panic);
    return o;
  }

  // Searches at most `budget` more nodes (never past the limits); on_info (a function or
  // null) receives {depth, seldepth, score, mate, nodes, nps, time, pv, pvCoordinate} for
  // every newly completed depth. Returns done().
  bool advance(double budget, val on_info) {
    std::function<void(const SearchInfo&)> cb;
    if (on_info.typeOf().as<std::string>() == "function") {
      cb = [this, &on_info](const SearchInfo& info) { on_info(info_obj(info)); };
    }
    return step(budget < 1 ? 1 : uint64_t(budget), cb);
  }

  bool done() const { return !root_ || search_.done(); }

  // {best, bestAlgebraic, score, mate, depth, nodes, time, pv, pvCoordinate}; null when no
  // search was started.
  val result() const {
    if (!root_) return val::null();
    const SearchResult r = search_.result();
    val o = val::object();
    o.set("best", r.best.is_none() ? val::null() : val(to_coordinate(r.best)));
    Position p = *root_;
    o.set("bestAlgebraic", r.best.is_none() ? val::null() : val(to_algebraic(p, r.best)));
    o.set("score", r.score_cp);
    o.set("mate", r.is_mate ? val(r.mate_in) : val::null());
    o.set("depth", r.depth);
    o.set("nodes", double(r.nodes));
    o.set("time", elapsed_ms());
    set_pv(o, *root_, r.pv);
    o.set("lines", lines_arr(r.lines));
    return o;
  }

  // {depth, seldepth, nodes, elapsed, done}
  val progress() const {
    const SearchProgress p = search_.progress();
    val o = val::object();
    o.set("depth", p.depth);
    o.set("seldepth", p.seldepth);
    o.set("nodes", double(p.nodes));
    o.set("elapsed", p.elapsed_ms);
    o.set("done", done());
    return o;
  }

  void stop() { finish_now(); }

  // The status of the position after the record's first `ply` moves (-1: the last):
  // {state, reason, over, check, winner, sideToMove}, by the rules of the board (a review
  // asks before searching each position).
  val status_at(double ply) const {
    if (!record_) return error_obj("no-position", "no position: send the position first");
    if (!whole_in(ply, -1, record_->game.plies()))
      return error_obj("bad-argument", "ply must be a whole number from 0 to the " +
                                           std::to_string(record_->game.plies()) + " moves held");
    const dc::Game g = game_at(int(ply));
    return status_obj(g.status(), g.position().side_to_move());
  }

 private:
  struct Record {
    std::string fen;  // as sent (compared as text)
    dc::Game game;    // core's game record: "game over? read, play" has one owner
  };

  // The record after its first `ply` moves (-1: all of them).
  dc::Game game_at(int ply) const {
    dc::Game g = record_->game;
    if (ply >= 0)
      while (g.plies() > ply) (void)g.undo();
    return g;
  }

  val apply_position(const std::string& fen, double keep, const val& moves, const std::string& rules_id) {
    if (!whole_in(keep, 0, 1e9)) return error_obj("bad-argument", "keep must be a whole number of moves");
    if (!val::global("Array").call<bool>("isArray", moves))
      return error_obj("bad-argument", "the moves must be an array of strings");
    Rules rules;
    val err = val::undefined();
    if (!rules_arg(rules_id, Rules::Gygax, rules, err)) return err;
    const int kept = int(keep);
    std::optional<dc::Game> g;
    if (kept == 0) {
      auto r = dc::Game::from(fen.empty() ? START_POSITION : std::string_view(fen), {}, rules);
      if (!r) return error_obj(error_code_name(r.code()), r.error());
      g = std::move(r.value());
    } else {
      if (!record_ || record_->fen != fen || record_->game.rules() != rules || record_->game.plies() < kept)
        return error_obj("out-of-sync", "the engine does not hold the moves to keep: send the whole position");
      g = record_->game;
      while (g->plies() > kept) (void)g->undo();
    }
    const int n = moves["length"].as<int>();
    for (int i = 0; i < n; ++i) {
      val mv = moves[i];
      const std::string where = "move " + std::to_string(kept + i + 1);
      if (!mv.isString()) return error_obj("bad-move", where + " is not a string");
      auto r = g->play(mv.as<std::string>());
      if (!r) return error_obj(error_code_name(r.code()), where + ": " + r.error());
    }
    if (kept == 0) search_.new_game();
    record_ = Record{fen, std::move(*g)};
    val o = val::object();
    o.set("reset", kept == 0);
    o.set("kept", kept);
    o.set("added", n);
    return o;
  }

  val info_obj(const SearchInfo& info) const {
    val o = val::object();
    o.set("depth", info.depth);
    o.set("seldepth", info.seldepth);
    o.set("score", info.score_cp);
    o.set("mate", info.is_mate ? val(info.mate_in) : val::null());
    o.set("nodes", double(info.nodes));
    o.set("time", info.time_ms);
    o.set("nps", double(info.nps));
    set_pv(o, *root_, info.pv);
    o.set("lines", lines_arr(info.lines));
    return o;
  }

  // [{move, moveAlgebraic, score, mate, pv, pvCoordinate}], best first.
  val lines_arr(const std::vector<SearchLine>& lines) const {
    val a = val::array();
    for (const SearchLine& l : lines) {
      val o = val::object();
      Position p = *root_;
      o.set("move", to_coordinate(l.move));
      o.set("moveAlgebraic", to_algebraic(p, l.move));
      o.set("score", l.score_cp);
      o.set("mate", l.is_mate ? val(l.mate_in) : val::null());
      set_pv(o, *root_, l.pv);
      a.call<void>("push", o);
    }
    return a;
  }

  int elapsed_ms() const { return root_ ? search_.progress().elapsed_ms : 0; }

  void begin(const Position& pos, const SearchLimits& lim) {
    root_ = pos;
    search_.start(pos, lim);
  }
  bool step(uint64_t budget, const std::function<void(const SearchInfo&)>& cb) {
    if (!root_) return true;
    return search_.advance(budget, cb);
  }
  void finish_now() {
    if (!root_ || search_.done()) return;
    search_.stop();
    search_.advance(1);  // ends at once, with the best move known so far
  }
  std::optional<Position> root_;

  Search search_;
  std::optional<Record> record_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(dragonchess_search) {
  emscripten::constant("SEARCH_SLICE_NODES", double(SEARCH_SLICE_NODES));
  emscripten::class_<SearchFacade>("SearchCore")
      .constructor<double>()
      .function("setHash", &SearchFacade::set_hash)
      .function("setPosition", &SearchFacade::set_position)
      .function("start", &SearchFacade::start)
      .function("startClock", &SearchFacade::start_clock)
      .function("advance", &SearchFacade::advance)
      .function("done", &SearchFacade::done)
      .function("result", &SearchFacade::result)
      .function("progress", &SearchFacade::progress)
      .function("stop", &SearchFacade::stop)
      .function("statusAt", &SearchFacade::status_at);
}
