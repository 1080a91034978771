// Small strong types of Dragonchess: levels, files, ranks, squares, colours, pieces
// and moves. Everything else in core/ is built on this header.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace dc {

// --- Board geometry ---------------------------------------------------------------
// Three boards of 12 files x 8 ranks. A square is numbered
//   sq = level_index * 96 + rank_index * 12 + file_index
// with level_index 0 = level 1 (Underworld), 1 = level 2 (Ground), 2 = level 3 (Sky).
constexpr int FILES = 12;
constexpr int RANKS = 8;
constexpr int LEVELS = 3;
constexpr int SQUARES_PER_LEVEL = FILES * RANKS;       // 96
constexpr int SQUARE_NB = LEVELS * SQUARES_PER_LEVEL;  // 288

enum Level : int8_t { LEVEL_1 = 0, LEVEL_2 = 1, LEVEL_3 = 2 };
// The boards' names (docs/rules.md §1.1), by level: the Underworld, the Ground, the Sky.
constexpr const char* level_name(Level l) {
  constexpr const char* names[LEVELS] = {"Underworld", "Ground", "Sky"};
  return names[l];
}
enum File : int8_t { FILE_A = 0, FILE_L = 11 };
enum Rank : int8_t { RANK_1 = 0, RANK_8 = 7 };

enum Square : int16_t { SQ_NONE = -1 };

constexpr Square make_square(int level, int file, int rank) {
  return Square(level * SQUARES_PER_LEVEL + rank * FILES + file);
}
constexpr Level level_of(Square s) { return Level(s / SQUARES_PER_LEVEL); }
constexpr int file_of(Square s) { return s % FILES; }
constexpr int rank_of(Square s) { return (s / FILES) % RANKS; }
constexpr bool is_ok(Square s) { return s >= 0 && s < SQUARE_NB; }
constexpr bool on_board(int level, int file, int rank) {
  return level >= 0 && level < LEVELS && file >= 0 && file < FILES && rank >= 0 && rank < RANKS;
}
// The square directly above/below (same file and rank on the adjacent level).
constexpr Square above(Square s) { return Square(s + SQUARES_PER_LEVEL); }
constexpr Square below(Square s) { return Square(s - SQUARES_PER_LEVEL); }
// Light squares: (file + rank) odd, 0-based.
constexpr bool is_light(Square s) { return ((file_of(s) + rank_of(s)) & 1) != 0; }

// --- Colours and pieces -------------------------------------------------------------
enum Color : uint8_t { GOLD = 0, SCARLET = 1, COLOR_NB = 2 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : uint8_t {
  NO_PIECE_TYPE = 0,
  SYLPH,
  GRIFFON,
  DRAGON,
  WARRIOR,
  OLIPHANT,
  UNICORN,
  HERO,
  THIEF,
  CLERIC,
  MAGE,
  KING,
  PALADIN,
  DWARF,
  BASILISK,
  ELEMENTAL,
  PIECE_TYPE_NB = 16
};

// A piece is its type in the low 4 bits and its colour in bit 4.
enum Piece : uint8_t { NO_PIECE = 0, PIECE_NB = 32 };
constexpr Piece make_piece(Color c, PieceType t) { return Piece(t | (c << 4)); }
constexpr PieceType type_of(Piece p) { return PieceType(p & 15); }
constexpr Color color_of(Piece p) { return Color(p >> 4); }

// Letters of docs/rules.md §2.1 (upper case; Scarlet pieces are written lower case).
constexpr std::string_view PIECE_LETTERS = " SGRWOUHTCMKPDBE";
char piece_char(Piece p);                  // 'S', 's', ... ; '.' for NO_PIECE
Piece piece_from_char(char c);             // NO_PIECE if not a piece letter
PieceType type_from_letter(char c);        // case-insensitive; NO_PIECE_TYPE if unknown
const char* piece_type_name(PieceType t);  // "Sylph", ...
const char* color_name(Color c);           // "Gold" / "Scarlet"
const char* color_id(Color c);             // "gold" / "scarlet": the id the page and the facade use

// Gygax's values in centipawns (King 0), docs/rules.md §2.2.
constexpr int GYGAX_VALUE_CP[PIECE_TYPE_NB] = {0,   100, 500,  800, 100,  500, 250, 450,
                                               400, 900, 1100, 0,   1000, 200, 300, 400};

// Whether a piece of this type may ever stand on this level (docs/rules.md §2.3).
bool may_stand_on(PieceType t, Level l);

// --- Rule sets ----------------------------------------------------------------------
// The rule set a game is played under, a property of its position (core/rule_set.h has
// the names and what the two sets differ in): Gygax's article as docs/rules.md reads it
// (the default), or Board Game Arena's reading (docs/rules.md §7).
enum class Rules : uint8_t { Gygax = 0, Bga = 1 };
constexpr int RULES_NB = 2;

// --- Moves --------------------------------------------------------------------------
// A move is 32 bits:
//   bits  0- 8  from square (0..287)
//   bits  9-17  to square (0..287); for a capture from afar, the captured square
//   bits 18-19  kind: 0 normal (to an empty square), 1 capture, 2 capture from afar
//   bit  20     promotion (a Warrior becoming a Hero)
// The value 0 is "no move" (from == to never happens in a real move).
enum class MoveKind : uint8_t { Normal = 0, Capture = 1, Afar = 2 };

class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal, bool promo = false)
      : data_(uint32_t(from) | uint32_t(to) << 9 | uint32_t(kind) << 18 | uint32_t(promo) << 20) {}
  static constexpr Move none() { return Move(); }
  static constexpr Move from_raw(uint32_t raw) {
    Move m;
    m.data_ = raw;
    return m;
  }

  constexpr Square from() const { return Square(data_ & 511); }
  constexpr Square to() const { return Square((data_ >> 9) & 511); }
  constexpr MoveKind kind() const { return MoveKind((data_ >> 18) & 3); }
  constexpr bool is_capture() const { return kind() != MoveKind::Normal; }
  constexpr bool is_afar() const { return kind() == MoveKind::Afar; }
  constexpr bool is_promotion() const { return (data_ >> 20) & 1; }
  constexpr uint32_t raw() const { return data_; }
  constexpr bool is_none() const { return data_ == 0; }
  // Moves are identified by their two squares (docs/rules.md §4.1).
  constexpr bool same_squares(Move o) const { return ((data_ ^ o.data_) & 0x3FFFF) == 0; }
  constexpr bool operator==(const Move&) const = default;

 private:
  uint32_t data_ = 0;
};

// An upper bound on the legal moves of a position with at most 42 pieces a side.
constexpr int MAX_PIECES_PER_SIDE = 42;
constexpr int MAX_MOVES = 1536;

// --- Text of squares ------------------------------------------------------------------
std::string square_name(Square s);  // "3a1"
// Parses exactly three characters "<level><file><rank>"; SQ_NONE when malformed.
Square parse_square(std::string_view text);

}  // namespace dc
