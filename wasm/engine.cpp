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
#include "status.h"

using namespace dc;
using namespace dcw;

namespace {

struct Played {
  Move move;
  int number;   // the move number it was played at (Position::move_number before it)
  Color side;   // who played it
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
  }

  // fen: a position string, or "" / "startpos" for the start position. moves: optional
  // JS array of moves in coordinate or algebraic notation. All or nothing.
  val set_position(std::string fen, val moves) {
    Result<Position> r = (fen.empty() || fen == "startpos") ? Result<Position>(Position::start())
                                                            : Position::from_string(fen);
    if (!r) return error_obj("bad-position", r.error());
    Position p = std::move(r.value());
    std::string start = p.to_string();
    std::vector<Played> played;
    if (!moves.isUndefined() && !moves.isNull()) {
      if (!val::global("Array").call<bool>("isArray", moves))
        return error_obj("bad-argument", "the moves must be an array of strings");
      const int n = moves["length"].as<int>();
      for (int i = 0; i < n; ++i) {
        val mv = moves[i];
        if (!mv.isString()) return error_obj("bad-move", "move " + std::to_string(i + 1) + " is not a string");
        std::string text = mv.as<std::string>();
        Status st = game_status(p);
        if (st.over())
          return error_obj("game-over", "move " + std::to_string(i + 1) + " '" + text + "': the game is over (" + st.reason() + ")");
        Result<Move> m = parse_move(p, text);
        if (!m) return error_obj("bad-move", "move " + std::to_string(i + 1) + ": " + m.error());
        Played pl{*m, p.move_number(), p.side_to_move(), to_coordinate(*m), to_algebraic(p, *m)};
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
  val play(std::string text) {
    Status st = game_status(pos_);
    if (st.over()) return error_obj("game-over", "the game is over (" + st.reason() + ")");
    Result<Move> m = parse_move(pos_, text);
    if (!m) return error_obj("bad-move", m.error());
    Played pl{*m, pos_.move_number(), pos_.side_to_move(), to_coordinate(*m), to_algebraic(pos_, *m)};
    pos_.make_move(*m);
    played_.push_back(pl);
    return played_obj(pl);
  }

  val undo() {
    if (played_.empty()) return error_obj("nothing-to-undo", "no move to undo");
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
    val alg = val::array(), coord = val::array(), numbers = val::array(), sides = val::array();
    for (const Played& p : played_) {
      alg.call<void>("push", p.algebraic);
      coord.call<void>("push", p.coordinate);
      numbers.call<void>("push", p.number);
      sides.call<void>("push", std::string(color_id(p.side)));
    }
    val o = val::object();
    o.set("startFen", start_fen_);
    o.set("algebraic", alg);
    o.set("coordinate", coord);
    o.set("numbers", numbers);  // the move number of each ply (core's numbering)
    o.set("sides", sides);      // who played each ply
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

  static val played_obj(const Played& p) {
    val o = val::object();
    o.set("from", square_name(p.move.from()));
    o.set("to", square_name(p.move.to()));
    o.set("kind", std::string(kind_name(p.move)));
    o.set("promotion", p.move.is_promotion());
    o.set("coordinate", p.coordinate);
    o.set("algebraic", p.algebraic);
    o.set("number", p.number);
    o.set("side", std::string(color_id(p.side)));
    return o;
  }

  Position pos_;
  std::string start_fen_;
  std::vector<Played> played_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(dragonchess_game) {
  emscripten::class_<Game>("GameCore")
      .constructor<>()
      .function("newGame", &Game::new_game)
      .function("setPosition", &Game::set_position)
      .function("fen", &Game::fen)
      .function("startFen", &Game::start_fen)
      .function("sideToMove", &Game::side_to_move)
      .function("moveNumber", &Game::move_number)
      .function("board", &Game::board)
      .function("frozen", &Game::frozen)
      .function("checkedKing", &Game::checked_king)
      .function("lastMove", &Game::last_move)
      .function("legalMoves", &Game::legal_moves)
      .function("legalMovesDetailed", &Game::legal_moves_detailed)
      .function("movable", &Game::movable)
      .function("destinations", &Game::destinations)
      .function("moveDiagram", &Game::move_diagram)
      .function("play", &Game::play)
      .function("undo", &Game::undo)
      .function("status", &Game::status)
      .function("history", &Game::history)
      .function("perft", &Game::perft);

}
