// The computer's answer to a draw offer: one rule, judged from its own search of the
// position in which it is to move (the page asks on the computer's move, with the score of
// the search that chose it).
#pragma once

namespace dc {

// It accepts when it is clearly worse (at least DRAW_ACCEPT_BEHIND_CP below even, or it
// sees itself mated), or, once the game is DRAW_ACCEPT_MIN_PLIES plies long, when it is no
// better than DRAW_ACCEPT_EVEN_CP; it declines when it sees a mate of its own.
inline constexpr int DRAW_ACCEPT_BEHIND_CP = -150;
inline constexpr int DRAW_ACCEPT_EVEN_CP = 30;
inline constexpr int DRAW_ACCEPT_MIN_PLIES = 40;

// score_cp: centipawns for the computer (the side to move); mate_in: > 0 it mates in that
// many moves, < 0 it is mated, 0 no mate seen; plies: the game's length so far.
constexpr bool accepts_draw(int score_cp, int mate_in, int plies) {
  if (mate_in != 0) return mate_in < 0;
  if (score_cp <= DRAW_ACCEPT_BEHIND_CP) return true;
  return plies >= DRAW_ACCEPT_MIN_PLIES && score_cp <= DRAW_ACCEPT_EVEN_CP;
}

}  // namespace dc
