// Game status (RULES.md section 5): checkmate, stalemate and the draw rules.
#pragma once

#include <string>

#include "position.h"

namespace dc {

enum class GameState { Ongoing, Checkmate, Stalemate, Repetition, QuietMoves, BareKings };

struct Status {
  GameState state = GameState::Ongoing;
  Color winner = GOLD;  // meaningful for Checkmate only
  bool check = false;   // the side to move is in check
  bool over() const { return state != GameState::Ongoing; }
  std::string reason() const;  // "checkmate, Gold wins", "draw by threefold repetition", ...
  const char* name() const;    // "ongoing", "checkmate", "stalemate", "repetition", "quiet-moves", "bare-kings"
};

constexpr int QUIET_MOVE_LIMIT = 100;  // plies without capture or Warrior move

// Only the two Kings are left.
bool bare_kings(const Position& pos);

Status game_status(Position& pos);

}  // namespace dc
