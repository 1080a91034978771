// The movement rules in plain words (docs/rules.md §4), one entry per piece and level,
// beside the movement table (movement.cpp) they describe, and the entries Board Game
// Arena's rule set words otherwise (core/rule_set.h). The page's piece cards and tutorial
// show them; tests/test_learn.cpp checks every piece has words exactly on the levels it
// may stand on, under both rule sets.
#include "movement.h"

namespace dc {

namespace {

struct Words {
  PieceType piece;
  const char* level[LEVELS];  // level 1 (Underworld), 2 (Ground), 3 (Sky); nullptr: never there
};

constexpr Words WORDS[] = {
    {SYLPH,
     {nullptr,
      "On the Ground it cannot capture. It moves straight up to the empty square directly above, "
      "or flies home to any empty one of its side's six starting squares in the Sky.",
      "Moves one square diagonally forward. Captures one square straight forward, or the piece "
      "directly below it on the Ground."}},
    {GRIFFON,
     {nullptr,
      "Steps one square diagonally, moving or capturing. Or leaps up to the Sky onto one of the "
      "four squares diagonally next to the square directly above.",
      "Leaps three squares one way and two the other, jumping over pieces, moving or capturing. "
      "Or leaps down to the Ground onto one of the four squares diagonally next to the square "
      "directly below."}},
    {DRAGON,
     {nullptr, nullptr,
      "Slides any distance diagonally, like a chess bishop, or steps one square straight. "
      "Without moving, it can capture a piece on the Ground directly below it or on one of the "
      "four squares straight next to that one: a capture from afar."}},
    {WARRIOR,
     {nullptr,
      "Moves one square straight forward and captures one square diagonally forward, like a "
      "chess pawn without the double step. On the far rank it becomes a Hero.",
      nullptr}},
    {OLIPHANT, {nullptr, "Slides any distance straight along a rank or file, like a chess rook.", nullptr}},
    {UNICORN, {nullptr, "Leaps like a chess knight: two squares one way and one the other, over any pieces.", nullptr}},
    {HERO,
     {"Can only leap back up to the Ground, onto one of the four squares diagonally next to the "
      "square directly above.",
      "Leaps one or two squares diagonally, over any piece. Or leaps up to the Sky or down to the "
      "Underworld onto one of the four squares diagonally next to the square directly above or below.",
      "Can only leap back down to the Ground, onto one of the four squares diagonally next to the "
      "square directly below."}},
    {THIEF, {nullptr, "Slides any distance diagonally, like a chess bishop.", nullptr}},
    {CLERIC,
     {"Steps one square in any direction, or straight up one level.",
      "Steps one square in any direction, or straight up or down one level.",
      "Steps one square in any direction, or straight down one level."}},
    {MAGE,
     {"Steps one square straight (not diagonally). Or moves straight up one level, or two (to the "
      "Sky) if the square in between on the Ground is empty.",
      "Slides any distance straight or diagonally, like a chess queen. Or moves straight up or down "
      "one level.",
      "Steps one square straight (not diagonally). Or moves straight down one level, or two (to the "
      "Underworld) if the square in between on the Ground is empty."}},
    {KING,
     {"Can only step straight back up to the Ground.",
      "Steps one square in any direction, or straight up or down one level.",
      "Can only step straight back down to the Ground."}},
    {PALADIN,
     {"Steps one square in any direction. Or jumps to another level: one level up and two squares "
      "straight, or two levels up and one square straight.",
      "Steps one square in any direction or leaps like a chess knight. Or jumps one level up or down "
      "and two squares straight.",
      "Steps one square in any direction. Or jumps to another level: one level down and two squares "
      "straight, or two levels down and one square straight."}},
    {DWARF,
     {"Moves one square straight forward or sideways; captures one square diagonally forward, or "
      "the piece directly above it on the Ground.",
      "Moves one square straight forward or sideways; captures one square diagonally forward. It "
      "may also move (never capture) straight down to the Underworld.",
      nullptr}},
    {BASILISK,
     {"Moves or captures one square straight or diagonally forward; moves one square straight back. "
      "An enemy piece directly above it on the Ground is frozen: it cannot move, capture or give check.",
      nullptr, nullptr}},
    {ELEMENTAL,
     {"Moves or captures one square straight, or two straight over an empty square; moves (never "
      "captures) one square diagonally. It also captures upward: one square straight to an empty "
      "square, then up onto an enemy on the Ground.",
      "Can only go back down: straight down onto an empty square, then one square straight, moving "
      "or capturing.",
      nullptr}},
};

// Board Game Arena's rule set: the entries that differ from the list above (nullptr: the
// same words).
constexpr Words BGA_WORDS[] = {
    {GRIFFON,
     {nullptr,
      "Steps one square in any direction, straight or diagonally, moving or capturing. Or leaps up "
      "to the Sky onto one of the four squares diagonally next to the square directly above.",
      nullptr}},
    {BASILISK,
     {"Moves or captures one square straight or diagonally forward; moves one square straight back. "
      "An enemy piece directly above it on the Ground is frozen: it cannot move, capture or give check. "
      "No enemy piece may pass over that square either: a slide, or a Mage going down from the Sky, "
      "stops before it or on it (and is frozen there).",
      nullptr, nullptr}},
};

const char* words_of(std::span<const Words> list, PieceType t, Level l) {
  for (const Words& w : list)
    if (w.piece == t) return l >= LEVEL_1 && l <= LEVEL_3 ? w.level[l] : nullptr;
  return nullptr;
}

}  // namespace

const char* movement_words(PieceType t, Level l, Rules rules) {
  if (rules == Rules::Bga)
    if (const char* w = words_of(BGA_WORDS, t, l)) return w;
  return words_of(WORDS, t, l);
}

}  // namespace dc
