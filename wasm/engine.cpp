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
#include "game.h"
#include "facade.h"
#include "status.h"

using namespace dc;
using namespace dcw;

namespace {

// A JS array of strings as a vector; false (and err set) if it is not one.
bool string_list(const val& moves, std::vector<std::string>& out, val& err) {
  if (moves.isUndefined() || moves.isNull()) return true;
  if (!val::global("Array").call<bool>("isArray", moves)) {
    err = error_obj("bad-argument", "the moves must be an array of strings");
    return false;
  }
  const int n = moves["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    val mv = moves[i];
    if (!mv.isString()) {
      err = error_obj("bad-move", "move " + std::to_string(i + 1) + " is not a string");
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
  void new_game() {
    game_ = dc::Game();
    sync();
  }

  // fen: a position string, or "" / "startpos" for the start position. moves: optional
  // JS array of moves in coordinate or algebraic notation. All or nothing.
  val set_position(std::string fen, val moves) {
    std::vector<std::string> list;
    val err = val::undefined();
    if (!string_list(moves, list, err)) return err;
    auto g = dc::Game::from(fen.empty() || fen == "startpos" ? START_POSITION : std::string_view(fen), list);
    if (!g) return error_obj(error_code_name(g.code()), g.error());
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

  val status() {
    const Status& st = game_.status();
    val o = val::object();
    o.set("state", std::string(st.name()));
    o.set("reason", st.reason());
    o.set("over", st.over());
    o.set("check", st.check);
    o.set("winner", st.decisive() ? val(std::string(color_id(st.winner))) : val::null());
    o.set("sideToMove", std::string(color_id(pos_.side_to_move())));
    return o;
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

  // --- Perft ------------------------------------------------------------------------
  val perft(int depth) {
    if (depth < 0 || depth > 12) return error_obj("bad-argument", "perft depth must be from 0 to 12");
    Position p = pos_;
    return val(double(dc::perft(p, depth)));
  }


 private:
  static MoveList legal_moves_of(Position& pos) { return dc::legal_moves(pos); }

  void sync() { pos_ = game_.position(); }

  // `ply`: the index of the move in the game (its move number comes from core).
  val answer(const GameResult<MoveText>& r, int ply) {
    if (!r) return error_obj(error_code_name(r.code()), r.error());
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
      .function("fen", &GameFacade::fen)
      .function("startFen", &GameFacade::start_fen)
      .function("sideToMove", &GameFacade::side_to_move)
      .function("moveNumber", &GameFacade::move_number)
      .function("board", &GameFacade::board)
      .function("frozen", &GameFacade::frozen)
      .function("checkedKing", &GameFacade::checked_king)
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
      .function("history", &GameFacade::history)
      .function("perft", &GameFacade::perft);

}
