// Game status (docs/rules.md §5): checkmate, stalemate and the draw rules; and the
// endings that are not on the board, which only a game record (core/game.h) holds: a
// resignation, a draw by agreement and a fallen flag (core/clock.h, §8: a loss on time,
// or a draw when the other side has only its King).
#pragma once

#include <string>

#include "position.h"

namespace dc {

enum class GameState {
  Ongoing,
  Checkmate,
  Stalemate,
  Repetition,
  QuietMoves,
  BareKings,
  Resignation,
  DrawAgreed,
  Timeout,
  TimeoutDraw
};

struct Status {
  GameState state = GameState::Ongoing;
  Color winner = GOLD;  // meaningful when decisive() only
  bool check = false;   // the side to move is in check
  bool over() const { return state != GameState::Ongoing; }
  bool decisive() const {
    return state == GameState::Checkmate || state == GameState::Resignation || state == GameState::Timeout;
  }
  std::string reason() const;  // "checkmate, Gold wins", "Scarlet resigns, Gold wins", "draw by agreement", ...
  // An ended game's reason as a refusal's argument the page words (core/result.h): keyed
  // "status.<name()>", with the sides {winner, loser} when they have one; its message is
  // reason().
  Error refusal() const;
  // "ongoing", "checkmate", "stalemate", "repetition", "quiet-moves", "bare-kings",
  // "resignation", "draw-agreed", "timeout", "timeout-draw"
  const char* name() const;
  // "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
  const char* result() const;
};

constexpr int QUIET_MOVE_LIMIT = 100;  // plies without capture or Warrior move

// Only the two Kings are left.
bool bare_kings(const Position& pos);

Status game_status(Position& pos);

}  // namespace dc
