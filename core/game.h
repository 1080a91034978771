// A game record: the start position, the moves played (each with its coordinate and
// algebraic text), the moves taken back (redo), and the status derived from them. One
// owner of "is the game over? read the move, play it, write its notation" for the
// command-line engine and the wasm facade.
//
// Errors are values with a stable code (for programs) and a message naming the
// problem (for people). A failing call changes nothing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "position.h"
#include "status.h"

namespace dc {

enum class GameErrorCode : uint8_t {
  BadPosition,  // the start position string is malformed
  BadMove,      // the text is not a legal move here (unreadable, illegal, ambiguous)
  GameOver,     // a move after the end of the game
  NoUndo,       // nothing to take back
  NoRedo,       // nothing to play again
  BadRecord,    // a game record (core/record.h) that cannot be read
  BadTag,       // a tag name or value that cannot be written in a record
};
// "bad-position", "bad-move", "game-over", "no-undo", "no-redo", "bad-record", "bad-tag":
// stable names.
const char* error_code_name(GameErrorCode code);

struct GameError {
  GameErrorCode code;
  std::string message;
  int line = 0;          // bad-record: the line of the record (1 = the first), 0 when none
  std::string key = {};  // a refusal the page words: its key and arguments (core/result.h), else ""
  ErrorArgs args = {};
};

// "the game is over (<the status's reason>)", keyed "game.over" with the reason (a
// Status::refusal) as its argument "reason": a move, a redo or a search after the end.
Error game_over(const Status& status);

template <typename T>
class [[nodiscard]] GameResult {
 public:
  GameResult(T value) : v_(std::move(value)) {}
  GameResult(GameError e) : v_(std::move(e)) {}
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const T* operator->() const { return &value(); }
  const T& operator*() const& { return value(); }
  GameErrorCode code() const { return std::get<1>(v_).code; }
  const std::string& error() const { return std::get<1>(v_).message; }
  int line() const { return std::get<1>(v_).line; }
  const std::string& key() const { return std::get<1>(v_).key; }
  const ErrorArgs& args() const { return std::get<1>(v_).args; }
  const GameError& failure() const { return std::get<1>(v_); }

 private:
  std::variant<T, GameError> v_;
};

// A move with its two notations (algebraic as written in the position it was played in).
struct MoveText {
  Move move;
  std::string coordinate;  // "2c22c3"
  std::string algebraic;   // "W2c3"
};

class Game {
 public:
  explicit Game(Rules rules = Rules::Gygax);  // the standard start, no moves

  // A game from a position string ("" is not the start: use Game() or START_POSITION)
  // and moves in coordinate or algebraic notation, all or nothing, under a rule set
  // (core/rule_set.h). An error names the move ("move 3: illegal move ...").
  static GameResult<Game> from(std::string_view start, const std::vector<std::string>& moves = {},
                               Rules rules = Rules::Gygax);

  // The rule set the game is played under.
  Rules rules() const { return pos_.rules(); }
  // The same game under another rule set: its start position and moves played again
  // (and a resignation or an agreed draw kept; the moves to redo are dropped), all or
  // nothing. An error names the first move that is not legal under it.
  GameResult<Game> under(Rules rules) const;

  // Plays one move (coordinate or algebraic); clears the redo stack unless the move is
  // the one redo() would play.
  GameResult<MoveText> play(std::string_view text);
  // Several moves, all or nothing; returns the last one played (none if `moves` is empty).
  GameResult<MoveText> play_all(const std::vector<std::string>& moves);
  // The move taken back. A resignation or an agreed draw belongs to the position after
  // the last move: undo takes it back with that move.
  GameResult<MoveText> undo();
  GameResult<MoveText> redo();  // the move played again (game-over after a resignation or agreed draw)

  // The endings that are not on the board: `side` resigns (either side, whoever is to
  // move), or the players agree a draw. Refused with game-over once the game is over.
  GameResult<Status> resign(Color side);
  GameResult<Status> agree_draw();
  // The side to move's flag fell (its clock runs only on its turn): it loses on time, or
  // the game is drawn when the other side has only its King (flag_outcome, core/clock.h).
  // Status::winner is then the other side in both cases.
  GameResult<Status> flag();
  bool can_undo() const { return !played_.empty(); }
  bool can_redo() const { return !redo_.empty(); }

  const Position& position() const { return pos_; }
  const std::string& start_position() const { return start_; }
  const std::vector<MoveText>& moves() const { return played_; }
  const std::vector<MoveText>& redo_moves() const { return redo_; }  // the next redo() last
  std::vector<std::string> coordinate_moves() const;
  std::vector<std::string> algebraic_moves() const;
  int plies() const { return int(played_.size()); }
  // The status of the game: the board's (checkmate, the draw rules) or, when the players
  // ended it, the resignation or the agreed draw.
  const Status& status() const { return status_; }
  // "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
  const char* result() const { return status_.result(); }

  // The number written before the move at index `ply` of moves() (0 = the first):
  // "12." for a Gold move, "12…" for a Scarlet move (counted from the start position's
  // move number and side to move).
  std::string move_label(int ply) const;
  // The whole record in algebraic notation with move numbers: "1. W2c3 w2c6 2. ...".
  std::string record() const;

  // The legal moves of the current position with their notations.
  std::vector<MoveText> legal_moves();

 private:
  GameResult<MoveText> play_one(std::string_view text, int number /* 0 = single */);
  GameResult<Status> end_off_board(GameState state, Color winner);
  void update_status() { status_ = game_status(pos_); }

  Position pos_;
  std::string start_;
  Color start_side_ = GOLD;
  int start_number_ = 1;
  std::vector<MoveText> played_, redo_;
  Status status_;
};

}  // namespace dc
