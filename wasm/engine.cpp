// The rules half of the Embind facade: one class, Game (a game record and the questions
// the page asks about it), in the spirit of Fairy-Stockfish's ffishjs.cpp. Only strings,
// numbers, booleans and plain JS arrays / objects cross the boundary. No rule is decided
// here: every question is answered by core/. The search lives in search.cpp (the worker's
// half), the exported facts in facts.cpp.
//
// Errors: see facade.h ({error, code} here, a thrown Error with .code in JS).
#include <emscripten/bind.h>

#include <algorithm>
#include <string>
#include <vector>

#include "diagram.h"
#include "facade.h"
#include "game.h"
#include "record.h"
#include "status.h"

using namespace dc;
using namespace dcw;

namespace {

// A JS array of strings as a vector; false (and err set) if it is not one. `what`: "moves"
// (an item that is not a string is a bad-move) or another list's name.
bool string_list(const val& moves, std::vector<std::string>& out, val& err, const std::string& what = "moves") {
  if (moves.isUndefined() || moves.isNull()) return true;
  if (!val::global("Array").call<bool>("isArray", moves)) {
    err = error_obj("bad-argument", "the " + what + " must be an array of strings");
    return false;
  }
  const int n = moves["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    val mv = moves[i];
    if (!mv.isString()) {
      if (what == "moves")
        err = error_obj("bad-move", "move " + std::to_string(i + 1) + " is not a string");
      else
        err = error_obj("bad-argument", what + " item " + std::to_string(i + 1) + " is not a string");
      return false;
    }
    out.push_back(mv.as<std::string>());
  }
  return true;
}

// The game record is core's dc::Game (one owner of "game over? read, play, notate");
// this class only translates.
class GameFacade {
 public:
  GameFacade() : pos_(game_.position()) {}

  // --- Setting up -----------------------------------------------------------------
  // rules: 'gygax' | 'bga', or '' for the game's rule set so far (core/rule_set.h).
  val new_game(std::string rules) {
    Rules r;
    val err = val::undefined();
    if (!rules_arg(rules, game_.rules(), r, err)) return err;
    game_ = dc::Game(r);
    sync();
    return val::undefined();
  }

  // fen: a position string, or "" / "startpos" for the start position. moves: optional
  // JS array of moves in coordinate or algebraic notation. rules: as for new_game. All
  // or nothing.
  val set_position(std::string fen, val moves, std::string rules) {
    std::vector<std::string> list;
    val err = val::undefined();
    Rules r;
    if (!rules_arg(rules, game_.rules(), r, err)) return err;
    if (!string_list(moves, list, err)) return err;
    auto g = dc::Game::from(fen.empty() || fen == "startpos" ? START_POSITION : std::string_view(fen), list, r);
    if (!g) return game_error_obj(g);
    game_ = std::move(g.value());
    sync();
    return val::undefined();
  }

  // The rule set: 'gygax' | 'bga'.
  std::string rules() const { return rules_id(game_.rules()); }

  // The same game under another rule set (its moves played again, all or nothing: an
  // error names the first move that is not legal there).
  val set_rules(std::string rules) {
    Rules r;
    val err = val::undefined();
    if (rules.empty()) return error_obj("bad-argument", "the rule set is 'gygax' or 'bga'");
    if (!rules_arg(rules, game_.rules(), r, err)) return err;
    auto g = game_.under(r);
    if (!g) return game_error_obj(g);
    game_ = std::move(g.value());
    sync();
    return val::undefined();
  }

  std::string fen() const { return pos_.to_string(); }
  std::string start_fen() const { return game_.start_position(); }
  std::string side_to_move() const { return color_id(pos_.side_to_move()); }
  int move_number() const { return pos_.move_number(); }

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

  // The squares (names) of the pieces that give check to the side to move's King: core's
  // attackers of its square by every rule (a slide, a leap, through a square, a Dragon's
  // capture from afar); [] when it is not in check.
  val checkers() {
    val a = val::array();
    if (!in_check(pos_)) return a;
    const Color us = pos_.side_to_move();
    attackers(pos_, pos_.king_square(us), ~us).for_each([&a](Square q) { a.call<void>("push", square_name(q)); });
    return a;
  }

  // Every piece attacked by an enemy piece standing on another level (docs/rules.md §4.17:
  // attacks across levels are what a reader of one board misses): [{square, by: [squares]}],
  // both sides, the attackers by core's attackers() (frozen pieces attack nothing).
  val cross_level_threats() {
    val out = val::array();
    for (Color c : {GOLD, SCARLET}) {
      pos_.occupied(c).for_each([&](Square s) {
        val by = val::array();
        bool any = false;
        attackers(pos_, s, ~c).for_each([&](Square q) {
          if (level_of(q) == level_of(s)) return;
          by.call<void>("push", square_name(q));
          any = true;
        });
        if (!any) return;
        val t = val::object();
        t.set("square", square_name(s));
        t.set("by", by);
        out.call<void>("push", t);
      });
    }
    return out;
  }

  val last_move() const {
    if (!game_.can_undo()) return val::null();
    return move_text_obj(game_.moves().back());
  }

  // --- Legal moves ------------------------------------------------------------------
  val legal_moves() {
    MoveList l = legal_moves_of(pos_);
    val a = val::array();
    for (Move m : l) a.call<void>("push", to_coordinate(m));
    return a;
  }

  // Every legal move as {from, to, level, kind, promotion, coordinate, algebraic}.
  val legal_moves_detailed() {
    MoveList l = legal_moves_of(pos_);
    val a = val::array();
    for (Move m : l) a.call<void>("push", move_obj(pos_, m));
    return a;
  }

  // Premoves: the moves the side NOT to move could play if it were its turn now (the
  // position after a pass), as legal_moves_detailed gives them; [] when the side to move
  // is in check (a pass would leave its King to be captured). Whether a premove is legal
  // when its turn comes is the ordinary legal-move question then.
  val premoves() {
    val a = val::array();
    if (in_check(pos_)) return a;
    Position passed = pos_;
    passed.make_null();
    MoveList l = legal_moves_of(passed);
    for (Move m : l) a.call<void>("push", move_obj(passed, m));
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
    if (s == SQ_NONE) return error_obj("bad-square", "bad square '" + square + "' (a square is like 2c3)");
    if (pos_.empty(s)) return error_obj("no-piece", "no piece on " + square + " to draw a diagram for");
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
    if (s == SQ_NONE) return error_obj("bad-square", "bad square '" + from + "' (a square is like 2c3)");
    MoveList l = legal_moves_of(pos_);
    std::vector<Move> mine;
    for (Move m : l)
      if (m.from() == s) mine.push_back(m);
    std::sort(mine.begin(), mine.end(), [](Move a, Move b) { return a.to() < b.to(); });
    val a = val::array();
    for (Move m : mine) a.call<void>("push", move_obj(pos_, m));
    return a;
  }

  // --- Playing ----------------------------------------------------------------------
  // The move played (taken back) with its notations and core's move number ("12." for a
  // Gold move, "12…" for a Scarlet one) as `label`.
  val play(std::string text) { return answer(game_.play(text), game_.plies() - 1); }
  val undo() { return answer(game_.undo(), game_.plies()); }
  val redo() { return answer(game_.redo(), game_.plies() - 1); }

  val status() { return status_obj(game_.status(), pos_.side_to_move()); }

  // --- Results off the board, the game as a record ------------------------------------
  // side: 'gold' | 'scarlet' resigns (whoever is to move). -> the status.
  val resign(std::string side) {
    if (side != "gold" && side != "scarlet")
      return error_obj("bad-argument", "the side that resigns is 'gold' or 'scarlet'");
    return ended(game_.resign(side == "gold" ? GOLD : SCARLET));
  }
  val agree_draw() { return ended(game_.agree_draw()); }
  // The side to move's flag fell: a loss on time, or a draw against a lone King. -> the status.
  val flag() { return ended(game_.flag()); }
  std::string result() const { return game_.result(); }

  // The game as a record text (core/record.h). tags: {Name: value} (Result, Variant,
  // SetUp, FEN and Termination come from the game; a TimeControl is checked); comments[i]:
  // after ply i (0: before the first move); glyphs[i]: of ply i + 1; clocks[i]: the
  // milliseconds left after ply i + 1 (written as [%clk H:MM:SS]), null when not known.
  // Each may be undefined.
  val record(val tags, val comments, val glyphs, val clocks) {
    GameRecord rec;
    rec.game = game_;
    rec.fit();
    if (!tags.isUndefined() && !tags.isNull()) {
      if (tags.typeOf().as<std::string>() != "object" || val::global("Array").call<bool>("isArray", tags))
        return error_obj("bad-argument", "the tags must be an object {Name: value}");
      val names = val::global("Object").call<val>("keys", tags);
      for (int i = 0, n = names["length"].as<int>(); i < n; ++i) {
        const std::string name = names[i].as<std::string>();
        val v = tags[name];
        if (!v.isString()) return error_obj("bad-tag", "the value of the tag " + name + " must be a string");
        auto r = rec.tags.set(name, v.as<std::string>());
        if (!r) return game_error_obj(r);
      }
    }
    std::vector<std::string> list;
    val err = val::undefined();
    if (!string_list(comments, list, err, "comments")) return err;
    if (list.size() > size_t(game_.plies()) + 1) return error_obj("bad-argument", "more comments than plies + 1");
    for (size_t i = 0; i < list.size(); ++i) (void)rec.set_comment(int(i), list[i]);
    list.clear();
    if (!string_list(glyphs, list, err, "glyphs")) return err;
    if (list.size() > size_t(game_.plies())) return error_obj("bad-argument", "more glyphs than plies");
    for (size_t i = 0; i < list.size(); ++i)
      if (!rec.set_glyph(int(i) + 1, list[i]))
        return error_obj("bad-argument", "glyph " + std::to_string(i + 1) + " is not one of ! ? !! ?? !? ?! or ''");
    if (!clocks.isUndefined() && !clocks.isNull()) {
      if (!val::global("Array").call<bool>("isArray", clocks))
        return error_obj("bad-argument", "the clocks must be an array");
      const int n = clocks["length"].as<int>();
      if (n > game_.plies()) return error_obj("bad-argument", "more clocks than plies");
      for (int i = 0; i < n; ++i) {
        val c = clocks[i];
        if (c.isNull() || c.isUndefined()) continue;
        const double ms = c.isNumber() ? c.as<double>() : -2;
        if (!(ms >= 0 && ms <= 9e15 && ms == std::floor(ms)) || !rec.set_clock(i + 1, int64_t(ms)))
          return error_obj("bad-argument", "clock " + std::to_string(i + 1) +
                                               " must be null or whole milliseconds from 0 to 99999:59:59.999");
      }
    }
    return val(write_record(rec));
  }

  // {startFen, coordinate, algebraic, labels}: labels[i] is core's move number written
  // before ply i ("12." for Gold, "12…" for Scarlet); redo: the moves undo() took back,
  // the next redo() first (coordinate).
  val history() const {
    val alg = val::array(), coord = val::array(), labels = val::array(), redo = val::array();
    const auto& moves = game_.moves();
    for (size_t i = 0; i < moves.size(); ++i) {
      alg.call<void>("push", moves[i].algebraic);
      coord.call<void>("push", moves[i].coordinate);
      labels.call<void>("push", game_.move_label(int(i)));
    }
    const auto& r = game_.redo_moves();
    for (auto it = r.rbegin(); it != r.rend(); ++it) redo.call<void>("push", it->coordinate);
    val o = val::object();
    o.set("startFen", game_.start_position());
    o.set("algebraic", alg);
    o.set("coordinate", coord);
    o.set("labels", labels);
    o.set("redo", redo);
    return o;
  }

  // Core's move number written before ply `ply` of the game ("12." for a Gold move, "12…"
  // for a Scarlet one), for any ply from the start: also the moves of a line searched
  // after the game's moves (the page's engine and analysis lines).
  val move_label(int ply) const {
    if (ply < 0) return error_obj("bad-argument", "the ply of a move label must be 0 or more");
    return val(game_.move_label(ply));
  }

  // --- Perft ------------------------------------------------------------------------
  val perft(int depth) {
    if (depth < 0 || depth > 12) return error_obj("bad-argument", "perft depth must be from 0 to 12");
    Position p = pos_;
    return val(double(dc::perft(p, depth)));
  }

 private:
  static MoveList legal_moves_of(Position& pos) { return dc::legal_moves(pos); }

  void sync() { pos_ = game_.position(); }

  val ended(const GameResult<Status>& r) {
    if (!r) return game_error_obj(r);
    return status();
  }

  // `ply`: the index of the move in the game (its move number comes from core).
  val answer(const GameResult<MoveText>& r, int ply) {
    if (!r) return game_error_obj(r);
    sync();
    val o = move_text_obj(*r);
    o.set("label", game_.move_label(ply));
    return o;
  }

  dc::Game game_;
  Position pos_;  // a copy of game_.position() for the generators, which need scratch
};

}  // namespace

EMSCRIPTEN_BINDINGS(dragonchess_game) {
  emscripten::class_<GameFacade>("GameCore")
      .constructor<>()
      .function("newGame", &GameFacade::new_game)
      .function("setPosition", &GameFacade::set_position)
      .function("rules", &GameFacade::rules)
      .function("setRules", &GameFacade::set_rules)
      .function("fen", &GameFacade::fen)
      .function("startFen", &GameFacade::start_fen)
      .function("sideToMove", &GameFacade::side_to_move)
      .function("moveNumber", &GameFacade::move_number)
      .function("board", &GameFacade::board)
      .function("frozen", &GameFacade::frozen)
      .function("checkedKing", &GameFacade::checked_king)
      .function("checkers", &GameFacade::checkers)
      .function("crossLevelThreats", &GameFacade::cross_level_threats)
      .function("premoves", &GameFacade::premoves)
      .function("lastMove", &GameFacade::last_move)
      .function("legalMoves", &GameFacade::legal_moves)
      .function("legalMovesDetailed", &GameFacade::legal_moves_detailed)
      .function("movable", &GameFacade::movable)
      .function("destinations", &GameFacade::destinations)
      .function("moveDiagram", &GameFacade::move_diagram)
      .function("play", &GameFacade::play)
      .function("undo", &GameFacade::undo)
      .function("redo", &GameFacade::redo)
      .function("status", &GameFacade::status)
      .function("resign", &GameFacade::resign)
      .function("agreeDraw", &GameFacade::agree_draw)
      .function("flag", &GameFacade::flag)
      .function("result", &GameFacade::result)
      .function("record", &GameFacade::record)
      .function("history", &GameFacade::history)
      .function("moveLabel", &GameFacade::move_label)
      .function("perft", &GameFacade::perft);
}
