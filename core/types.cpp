#include "types.h"

namespace dc {

char piece_char(Piece p) {
  if (p == NO_PIECE) return '.';
  char c = PIECE_LETTERS[type_of(p)];
  return color_of(p) == GOLD ? c : char(c - 'A' + 'a');
}

Piece piece_from_char(char c) {
  if (c >= 'A' && c <= 'Z') {
    auto i = PIECE_LETTERS.find(c);
    if (i != std::string_view::npos && i > 0) return make_piece(GOLD, PieceType(i));
  } else if (c >= 'a' && c <= 'z') {
    auto i = PIECE_LETTERS.find(char(c - 'a' + 'A'));
    if (i != std::string_view::npos && i > 0) return make_piece(SCARLET, PieceType(i));
  }
  return NO_PIECE;
}

PieceType type_from_letter(char c) {
  Piece p = piece_from_char(c);
  return p == NO_PIECE ? NO_PIECE_TYPE : type_of(p);
}

const char* piece_type_name(PieceType t) {
  static const char* const names[PIECE_TYPE_NB] = {"none",    "Sylph", "Griffon",  "Dragon",   "Warrior", "Oliphant",
                                                   "Unicorn", "Hero",  "Thief",    "Cleric",   "Mage",    "King",
                                                   "Paladin", "Dwarf", "Basilisk", "Elemental"};
  return t < PIECE_TYPE_NB ? names[t] : "none";
}

const char* color_name(Color c) { return c == GOLD ? "Gold" : "Scarlet"; }
const char* color_id(Color c) { return c == GOLD ? "gold" : "scarlet"; }

bool may_stand_on(PieceType t, Level l) {
  switch (t) {
    case DRAGON: return l == LEVEL_3;
    case OLIPHANT:
    case UNICORN:
    case THIEF:
    case WARRIOR: return l == LEVEL_2;
    case BASILISK: return l == LEVEL_1;
    case SYLPH:
    case GRIFFON: return l != LEVEL_1;
    case DWARF:
    case ELEMENTAL: return l != LEVEL_3;
    case NO_PIECE_TYPE:
    case PIECE_TYPE_NB: return false;
    default: return true;
  }
}

std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return std::string{char('1' + level_of(s)), char('a' + file_of(s)), char('1' + rank_of(s))};
}

Square parse_square(std::string_view t) {
  if (t.size() != 3) return SQ_NONE;
  int l = t[0] - '1', f = t[1] - 'a', r = t[2] - '1';
  if (!on_board(l, f, r)) return SQ_NONE;
  return make_square(l, f, r);
}

}  // namespace dc
