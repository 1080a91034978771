// The Embind facade of the Dragonchess engine: one class, Game, in the spirit of
// Fairy-Stockfish's ffishjs.cpp. Only strings, numbers, booleans and plain JS arrays /
// objects cross the boundary (no Embind vector handles). No rule is decided here: every
// question is answered by core/.
//
// Errors: C++ exceptions are disabled, so a failing method returns {error: "<core
// message>"} and leaves the state unchanged; the small wrapper in wasm/post.js turns that
// into a thrown JavaScript Error. The raw class is exported as GameCore, the throwing
// wrapper as Game.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "diagram.h"
#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "status.h"
#include "types.h"

#include "search/search.h"

using emscripten::val;

namespace {

using namespace dc;

val error_obj(const std::string& message) {
  val o = val::object();
  o.set("error", message);
  return o;
}

const char* kind_name(Move m) {
  switch (m.kind()) {
    case MoveKind::Normal: return "move";
    case MoveKind::Capture: return "capture";
    case MoveKind::Afar: return "afar";
  }
  return "move";
}

const char* color_id(Color c) { return c == GOLD ? "gold" : "scarlet"; }

// A plain JS description of a legal move of `pos` (pos is scratch, restored).
val move_obj(Position& pos, Move m) {
  val o = val::object();
  o.set("from", square_name(m.from()));
  o.set("to", square_name(m.to()));
  o.set("level", int(level_of(m.to())) + 1);
  o.set("kind", std::string(kind_name(m)));
  o.set("promotion", m.is_promotion());
  o.set("coordinate", to_coordinate(m));
  o.set("algebraic", to_algebraic(pos, m));
  return o;
}

// Reads an optional non-negative integer field of a JS object. Returns false (and sets
// err) if the field is present but not a non-negative integer.
bool read_count(const val& obj, const char* key, double max, double& out, std::string& err) {
  val v = obj[key];
  if (v.isUndefined() || v.isNull()) return true;
  if (!v.isNumber()) {
    err = std::string("search limit '") + key + "' must be a number";
    return false;
  }
  double d = v.as<double>();
  if (!(d >= 0) || d != std::floor(d) || d > max) {
    err = std::string("search limit '") + key + "' must be a whole number from 0 to " +
          std::to_string(uint64_t(max));
    return false;
  }
  out = d;
  return true;
}

struct Played {
  Move move;
  std::string coordinate;
  std::string algebraic;
};

class Game {
 public:
  Game() : pos_(Position::start()), start_fen_(pos_.to_string())
  {}

  // --- Setting up -----------------------------------------------------------------
  void new_game() {
    pos_ = Position::start();
    start_fen_ = pos_.to_string();
    played_.clear();
    if (search_) search_->new_game();
  }

  // fen: a position string, or "" / "startpos" for the start position. moves: optional
  // JS array of moves in coordinate or algebraic notation. All or nothing.
  val set_position(std::string fen, val moves) {
    Result<Position> r = (fen.empty() || fen == "startpos") ? Result<Position>(Position::start())
                                                            : Position::from_string(fen);
    if (!r) return error_obj(r.error());
    Position p = std::move(r.value());
    std::string start = p.to_string();
    std::vector<Played> played;
    if (!moves.isUndefined() && !moves.isNull()) {
      if (!val::global("Array").call<bool>("isArray", moves))
        return error_obj("the moves must be an array of strings");
      const int n = moves["length"].as<int>();
      for (int i = 0; i < n; ++i) {
        val mv = moves[i];
        if (!mv.isString()) return error_obj("move " + std::to_string(i + 1) + " is not a string");
        std::string text = mv.as<std::string>();
        Status st = game_status(p);
        if (st.over())
          return error_obj("move " + std::to_string(i + 1) + " '" + text + "': the game is over (" + st.reason() + ")");
        Result<Move> m = parse_move(p, text);
        if (!m) return error_obj("move " + std::to_string(i + 1) + ": " + m.error());
        Played pl{*m, to_coordinate(*m), to_algebraic(p, *m)};
        p.make_move(*m);
        played.push_back(std::move(pl));
      }
    }
    start_fen_ = std::move(start);
    pos_ = std::move(p);
    played_ = std::move(played);
    return val::undefined();
  }

  std::string fen() const { return pos_.to_string(); }
  std::string start_fen() const { return start_fen_; }
  std::string side_to_move() const { return color_id(pos_.side_to_move()); }
  int move_number() const { return pos_.move_number(); }
  int quiet_plies() const { return pos_.quiet_plies(); }

  // --- Board view -----------------------------------------------------------------
  // 288 characters, index = square number = (level-1)*96 + rank*12 + file; '.' empty.
  std::string board() const {
    std::string s(SQUARE_NB, '.');
    for (int i = 0; i < SQUARE_NB; ++i) s[i] = piece_char(pos_.at(Square(i)));
    return s;
  }

  val frozen() const {
    val a = val::array();
    for (int i = 0; i < SQUARE_NB; ++i)
      if (pos_.frozen(Square(i))) a.call<void>("push", square_name(Square(i)));
    return a;
  }

  // The square of the side to move's King when it is in check, else null.
  val checked_king() {
    if (!in_check(pos_)) return val::null();
    return val(square_name(pos_.king_square(pos_.side_to_move())));
  }

  val last_move() const {
    if (played_.empty()) return val::null();
    return played_obj(played_.back());
  }

  // --- Legal moves ------------------------------------------------------------------
  val legal_moves() {
    MoveList l = legal_moves_of(pos_);
    val a = val::array();
    for (Move m : l) a.call<void>("push", to_coordinate(m));
    return a;
  }

  val legal_moves_algebraic() {
    MoveList l = legal_moves_of(pos_);
    val a = val::array();
    for (Move m : l) a.call<void>("push", to_algebraic(pos_, m));
    return a;
  }

  // Every legal move as {from, to, level, kind, promotion, coordinate, algebraic}.
  val legal_moves_detailed() {
    MoveList l = legal_moves_of(pos_);
    val a = val::array();
    for (Move m : l) a.call<void>("push", move_obj(pos_, m));
    return a;
  }

  // The squares (names) of the pieces that have at least one legal move.
  val movable() {
    MoveList l = legal_moves_of(pos_);
    bool seen[SQUARE_NB] = {};
    for (Move m : l) seen[m.from()] = true;
    val a = val::array();
    for (int i = 0; i < SQUARE_NB; ++i)
      if (seen[i]) a.call<void>("push", square_name(Square(i)));
    return a;
  }

  // The legal destinations of the piece on `from`, ordered by level (1, 2, 3) then square:
  // [{to, level, kind: 'move'|'capture'|'afar', promotion, coordinate, algebraic}].
  // For a capture from afar `to` is the captured square (the Dragon stays).
  // The move diagram of the piece on a square (core/diagram.h), for embeds:
  // {square, piece, frozen, move: [...], capture: [...], both: [...], afar: [...]}.
  val move_diagram(std::string square) {
    Square s = parse_square(square);
    if (s == SQ_NONE) return error_obj("bad square '" + square + "' (a square is like 2c3)");
    if (pos_.empty(s)) return error_obj("no piece on " + square + " to draw a diagram for");
    MoveDiagram d = dc::move_diagram(pos_, s);
    val out = val::object();
    val move = val::array(), capture = val::array(), both = val::array(), afar = val::array();
    for (const DiagramSquare& q : d.squares) {
      val& list = q.afar ? afar : q.mode == MOVE_ONLY ? move : q.mode == CAPTURE_ONLY ? capture : both;
      list.call<void>("push", square_name(q.square));
    }
    out.set("square", square_name(s));
    out.set("piece", std::string(1, piece_char(pos_.at(s))));
    out.set("frozen", d.frozen);
    out.set("move", move);
    out.set("capture", capture);
    out.set("both", both);
    out.set("afar", afar);
    return out;
  }

  val destinations(std::string from) {
    Square s = parse_square(from);
    if (s == SQ_NONE) return error_obj("bad square '" + from + "' (a square is like 2c3)");
    MoveList l = legal_moves_of(pos_);
    std::vector<Move> mine;
    for (Move m : l)
      if (m.from() == s) mine.push_back(m);
    std::sort(mine.begin(), mine.end(), [](Move a, Move b) { return a.to() < b.to(); });
    val a = val::array();
    for (Move m : mine) a.call<void>("push", move_obj(pos_, m));
    return a;
  }

  // The same, grouped by level: [[level 1...], [level 2...], [level 3...]].
  val destinations_by_level(std::string from) {
    val flat = destinations(from);
    if (!flat["error"].isUndefined()) return flat;
    val out = val::array();
    for (int lv = 1; lv <= 3; ++lv) out.call<void>("push", val::array());
    const int n = flat["length"].as<int>();
    for (int i = 0; i < n; ++i) {
      val d = flat[i];
      out[d["level"].as<int>() - 1].call<void>("push", d);
    }
    return out;
  }

  // --- Playing ----------------------------------------------------------------------
  val play(std::string text) {
    Status st = game_status(pos_);
    if (st.over()) return error_obj("the game is over (" + st.reason() + ")");
    Result<Move> m = parse_move(pos_, text);
    if (!m) return error_obj(m.error());
    Played pl{*m, to_coordinate(*m), to_algebraic(pos_, *m)};
    pos_.make_move(*m);
    played_.push_back(pl);
    return played_obj(pl);
  }

  val undo() {
    if (played_.empty()) return error_obj("no move to undo");
    Played pl = played_.back();
    played_.pop_back();
    pos_.unmake_move();
    return played_obj(pl);
  }

  val status() {
    Status st = game_status(pos_);
    val o = val::object();
    o.set("state", std::string(st.name()));
    o.set("reason", st.reason());
    o.set("over", st.over());
    o.set("check", st.check);
    o.set("winner", st.state == GameState::Checkmate ? val(std::string(color_id(st.winner))) : val::null());
    o.set("sideToMove", std::string(color_id(pos_.side_to_move())));
    return o;
  }

  val history() const {
    val alg = val::array(), coord = val::array();
    for (const Played& p : played_) {
      alg.call<void>("push", p.algebraic);
      coord.call<void>("push", p.coordinate);
    }
    val o = val::object();
    o.set("startFen", start_fen_);
    o.set("algebraic", alg);
    o.set("coordinate", coord);
    return o;
  }

  // --- Perft ------------------------------------------------------------------------
  val perft(int depth) {
    if (depth < 0 || depth > 12) return error_obj("perft depth must be from 0 to 12");
    Position p = pos_;
    return val(double(dc::perft(p, depth)));
  }

  val divide(int depth) {
    if (depth < 1 || depth > 12) return error_obj("divide depth must be from 1 to 12");
    Position p = pos_;
    auto d = dc::divide(p, depth);
    val o = val::object();
    for (auto& [m, n] : d) o.set(to_coordinate(m), double(n));
    return o;
  }

  // --- Search -----------------------------------------------------------------------
  // limits: {depth, nodes, movetime, infinite}; level: 1..10 or undefined (keep);
  // onInfo: optional function receiving {depth, seldepth, score, mate, nodes, nps, time,
  // pv (algebraic), pvCoordinate}. Returns {best, bestAlgebraic, score, mate, depth,
  // nodes, pv, pvCoordinate, time}.
  val search(val limits, val level, val on_info) {
    SearchLimits lim{};
    if (!limits.isUndefined() && !limits.isNull()) {
      if (limits.typeOf().as<std::string>() != "object") return error_obj("search limits must be an object");
      double depth = 0, nodes = 0, movetime = 0;
      std::string err;
      if (!read_count(limits, "depth", 100, depth, err) || !read_count(limits, "nodes", 9e15, nodes, err) ||
          !read_count(limits, "movetime", 2147483647.0, movetime, err))
        return error_obj(err);
      lim.depth = int(depth);
      lim.nodes = uint64_t(nodes);
      lim.movetime_ms = int(movetime);
      val inf = limits["infinite"];
      lim.infinite = !inf.isUndefined() && !inf.isNull() && inf.as<bool>();
    }
    if (!level.isUndefined() && !level.isNull()) {
      if (!level.isNumber()) return error_obj("level must be a whole number from 1 to 10");
      double lv = level.as<double>();
      if (!(lv >= 1 && lv <= 10) || lv != std::floor(lv)) return error_obj("level must be a whole number from 1 to 10");
      set_level_value(int(lv));
    }
    if (!on_info.isUndefined() && !on_info.isNull() && on_info.typeOf().as<std::string>() != "function")
      return error_obj("the progress callback must be a function");
    Status st = game_status(pos_);
    if (st.over()) return error_obj("the game is over (" + st.reason() + ")");

    const auto t0 = std::chrono::steady_clock::now();
    Position root = pos_;  // the search gets its own copy
    std::function<void(const SearchInfo&)> cb;
    if (!on_info.isUndefined() && !on_info.isNull()) {
      cb = [this, &on_info](const SearchInfo& info) {
        val o = val::object();
        o.set("depth", info.depth);
        o.set("seldepth", info.seldepth);
        o.set("score", info.score_cp);
        o.set("mate", info.is_mate ? val(info.mate_in) : val::null());
        o.set("nodes", double(info.nodes));
        o.set("nps", double(info.nps));
        o.set("time", info.time_ms);
        set_pv(o, info.pv);
        on_info(o);
      };
    }
    const int n_legal = legal_moves_of(pos_).size;
    SearchResult r = searcher().go(root, lim, cb);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    val o = val::object();
    if (r.best.is_none()) return error_obj("the search found no move");
    o.set("best", to_coordinate(r.best));
    o.set("bestAlgebraic", to_algebraic(pos_, r.best));
    o.set("score", r.score_cp);
    o.set("mate", r.is_mate ? val(r.mate_in) : val::null());
    o.set("depth", r.depth);
    o.set("nodes", double(r.nodes));
    o.set("time", double(ms));
    set_pv(o, r.pv);
    // Whether the search ran to its natural end (depth limit, level's depth, proven
    // mate, single reply) rather than being cut by nodes/time/stop: the worker's time
    // slicing uses this to know when to stop re-launching.
    const LevelSettings ls = level_settings(level_);
    int max_depth = lim.depth > 0 && !lim.infinite ? std::min(lim.depth, 64) : 64;
    max_depth = std::min(max_depth, ls.max_depth);
    const bool complete = n_legal == 1 || r.depth >= max_depth ||
                          (!lim.infinite && r.is_mate && lim.depth == 0 && r.depth >= 2 * std::abs(r.mate_in) + 2);
    o.set("complete", complete);
    return o;
  }

  void stop() {
    if (search_) search_->stop();
  }

  val set_level(val level) {
    if (!level.isNumber()) return error_obj("level must be a whole number from 1 to 10");
    double lv = level.as<double>();
    if (!(lv >= 1 && lv <= 10) || lv != std::floor(lv)) return error_obj("level must be a whole number from 1 to 10");
    set_level_value(int(lv));
    return val::undefined();
  }

  int level() const {
    return level_;
  }

  val set_hash(val mb) {
    if (!mb.isNumber()) return error_obj("hash size must be a whole number of MB from 1 to 1024");
    double d = mb.as<double>();
    if (!(d >= 1 && d <= 1024) || d != std::floor(d)) return error_obj("hash size must be a whole number of MB from 1 to 1024");
    hash_mb_ = size_t(d);
    if (search_) search_->set_hash_mb(hash_mb_);
    return val::undefined();
  }

  void clear_hash() {
    if (search_) search_->new_game();
  }

 private:
  static MoveList legal_moves_of(Position& pos) { return dc::legal_moves(pos); }

  static val played_obj(const Played& p) {
    val o = val::object();
    o.set("from", square_name(p.move.from()));
    o.set("to", square_name(p.move.to()));
    o.set("kind", std::string(kind_name(p.move)));
    o.set("promotion", p.move.is_promotion());
    o.set("coordinate", p.coordinate);
    o.set("algebraic", p.algebraic);
    return o;
  }

  // Sets pv (algebraic) and pvCoordinate, stopping at the first move that is not legal.
  void set_pv(val& o, const std::vector<Move>& pv) const {
    Position p = pos_;
    val alg = val::array(), coord = val::array();
    for (Move m : pv) {
      Move legal = find_legal(p, m.from(), m.to());
      if (legal.is_none()) break;
      alg.call<void>("push", to_algebraic(p, legal));
      coord.call<void>("push", to_coordinate(legal));
      p.make_move(legal);
    }
    o.set("pv", alg);
    o.set("pvCoordinate", coord);
  }

  Position pos_;
  std::string start_fen_;
  std::vector<Played> played_;
  // Created on the first search, so that an instance used only for rule queries (the
  // page's main-thread copy, embeds) does not allocate a transposition table.
  Search& searcher() {
    if (!search_) {
      search_ = std::make_unique<Search>(hash_mb_);
      search_->set_level(level_);
    }
    return *search_;
  }
  void set_level_value(int level) {
    level_ = level;
    if (search_) search_->set_level(level);
  }
  std::unique_ptr<Search> search_;
  int level_ = 10;
  size_t hash_mb_ = 16;
};

val level_info(int level) {
  if (level < 1 || level > 10) return error_obj("level must be a whole number from 1 to 10");
  LevelSettings ls = level_settings(level);
  val o = val::object();
  o.set("maxDepth", ls.max_depth);
  o.set("maxNodes", double(ls.max_nodes));
  o.set("noise", ls.noise_cp);
  o.set("blunderPct", ls.blunder_pct);
  o.set("blunderMargin", ls.blunder_margin);
  return o;
}

std::string version() { return "dragonchess-wasm 1"; }
bool has_search() { return true; }
std::string start_position() { return std::string(START_POSITION); }

}  // namespace

EMSCRIPTEN_BINDINGS(dragonchess) {
  emscripten::function("version", &version);
  emscripten::function("hasSearch", &has_search);
  emscripten::function("startPosition", &start_position);
  emscripten::function("levelInfoCore", &level_info);
  emscripten::class_<Game>("GameCore")
      .constructor<>()
      .function("newGame", &Game::new_game)
      .function("setPosition", &Game::set_position)
      .function("fen", &Game::fen)
      .function("startFen", &Game::start_fen)
      .function("sideToMove", &Game::side_to_move)
      .function("moveNumber", &Game::move_number)
      .function("quietPlies", &Game::quiet_plies)
      .function("board", &Game::board)
      .function("frozen", &Game::frozen)
      .function("checkedKing", &Game::checked_king)
      .function("lastMove", &Game::last_move)
      .function("legalMoves", &Game::legal_moves)
      .function("legalMovesAlgebraic", &Game::legal_moves_algebraic)
      .function("legalMovesDetailed", &Game::legal_moves_detailed)
      .function("movable", &Game::movable)
      .function("destinations", &Game::destinations)
      .function("moveDiagram", &Game::move_diagram)
      .function("destinationsByLevel", &Game::destinations_by_level)
      .function("play", &Game::play)
      .function("undo", &Game::undo)
      .function("status", &Game::status)
      .function("history", &Game::history)
      .function("perft", &Game::perft)
      .function("divide", &Game::divide)
      .function("search", &Game::search)
      .function("stop", &Game::stop)
      .function("setLevel", &Game::set_level)
      .function("level", &Game::level)
      .function("setHash", &Game::set_hash)
      .function("clearHash", &Game::clear_hash);
}
