#include "status.h"

#include "movegen.h"

namespace dc {

bool bare_kings(const Position& pos) { return pos.piece_count(GOLD) == 1 && pos.piece_count(SCARLET) == 1; }

Status game_status(Position& pos) {
  Status st;
  st.check = in_check(pos);
  Move buf[MAX_MOVES];
  if (generate_legal(pos, buf) == 0) {
    st.state = st.check ? GameState::Checkmate : GameState::Stalemate;
    st.winner = ~pos.side_to_move();
  } else if (bare_kings(pos)) {
    st.state = GameState::BareKings;
  } else if (pos.repetitions() >= 2) {
    st.state = GameState::Repetition;
  } else if (pos.quiet_plies() >= QUIET_MOVE_LIMIT) {
    st.state = GameState::QuietMoves;
  }
  return st;
}

const char* Status::name() const {
  switch (state) {
    case GameState::Ongoing: return "ongoing";
    case GameState::Checkmate: return "checkmate";
    case GameState::Stalemate: return "stalemate";
    case GameState::Repetition: return "repetition";
    case GameState::QuietMoves: return "quiet-moves";
    case GameState::BareKings: return "bare-kings";
    case GameState::Resignation: return "resignation";
    case GameState::DrawAgreed: return "draw-agreed";
    case GameState::Timeout: return "timeout";
    case GameState::TimeoutDraw: return "timeout-draw";
  }
  return "ongoing";
}

std::string Status::reason() const {
  switch (state) {
    case GameState::Ongoing: return check ? "check" : "game in progress";
    case GameState::Checkmate: return std::string("checkmate, ") + color_name(winner) + " wins";
    case GameState::Stalemate: return "draw by stalemate";
    case GameState::Repetition: return "draw by threefold repetition";
    case GameState::QuietMoves: return "draw by the quiet-move rule (100 plies without capture or Warrior move)";
    case GameState::BareKings: return "draw: only the two Kings are left";
    case GameState::Resignation: return std::string(color_name(~winner)) + " resigns, " + color_name(winner) + " wins";
    case GameState::DrawAgreed: return "draw by agreement";
    case GameState::Timeout: return std::string(color_name(~winner)) + "'s time is up, " + color_name(winner) + " wins";
    case GameState::TimeoutDraw:
      return std::string(color_name(~winner)) + "'s time is up, " + color_name(winner) + " has only its King: a draw";
  }
  return "";
}

Error Status::refusal() const {
  ErrorArgs args;
  if (decisive() || state == GameState::TimeoutDraw)
    args = {{"winner", color_id(winner)}, {"loser", color_id(~winner)}};
  return make_error(std::string("status.") + name(), std::move(args), reason());
}

const char* Status::result() const {
  if (!over()) return "*";
  if (!decisive()) return "1/2-1/2";
  return winner == GOLD ? "1-0" : "0-1";
}

}  // namespace dc
