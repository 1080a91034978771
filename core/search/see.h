// Static exchange evaluation (SEE): what a move wins or loses on its destination
// square when both sides keep capturing there with their least valuable piece and
// either may stop. Dragonchess's special rules are played out, not approximated (on
// square sets, without making the moves): a capture from afar leaves the capturer where it is
// (and the square empty: the exchange ends, the capturer risks nothing), a Basilisk
// that arrives or is taken freezes or thaws the piece above it, a frozen piece never
// joins in, a promotion counts as the Hero it becomes, and pieces behind a capturer
// (sliders, steps through a square, other levels) join when they are uncovered.
// A King joins only when no enemy piece could take it back.
#pragma once

#include "../position.h"

namespace dc {

// The material balance for the side to move after the move m (any pseudo-legal move:
// a capture, or a quiet move whose piece may be taken on its square) and the best
// sequence of captures on that square, in the units of `value` (by piece type).
int see(const Position& pos, Move m, const int* value);

// The capture on s that the exchange takes next for colour `by` among its attackers
// `att` (standing where pos has them): the least valuable one, except that one that
// captures from afar comes before all others (it wins the piece and ends the exchange),
// and the King last; ties go to the lower square. Move::none() if `att` is empty.
Move least_valuable_capture(const Position& pos, Square s, Color by, const Bitboard& att, const int* value);

// Whether see(pos, m, value) >= threshold.
bool see_ge(const Position& pos, Move m, const int* value, int threshold);

}  // namespace dc
