// Piece movement as data (docs/rules.md §4), turned into per-square tables once per
// rule set (core/rule_set.h: Board Game Arena's Griffon has table entries of its own).
//
// Each piece type has a list of MoveRules, the rows of its table in docs/rules.md §4.2 to
// §4.16 (a row with two kinds of vector takes two lines). A rule says on which levels it
// applies, what kind of motion it is, whether it may move, capture or both, and the
// vector(s) with a symmetry. build_tables() expands the rules for both colours and every
// square into:
//   - targets: single destinations (steps and leaps, possibly through an intermediate
//     square that must be empty, or captures from afar),
//   - rays: slide lines, walked until the first occupied square,
// and the reverse (attack) tables used by attacked().
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <vector>

#include "bitboard.h"
#include "types.h"

namespace dc {

// What a rule allows on its destination square.
enum Mode : uint8_t { MOVE_ONLY = 1, CAPTURE_ONLY = 2, MOVE_OR_CAPTURE = 3 };

enum class Motion : uint8_t {
  Leap,       // to from+v; nothing in between matters (a step is a leap of one)
  Slide,      // repeat v until the first occupied square
  Via,        // to from+v then +v2; the square from+v must be empty
  Afar,       // capture on from+v without moving (the Dragon)
  SylphHome,  // to any of the own side's six Sylph start squares on level 3
};

// How one vector (df, dr) expands into several (dl is never mirrored).
enum class Sym : uint8_t {
  One,      // exactly (df, dr)
  MirrorF,  // (df, dr) and (-df, dr): "diagonally forward"
  Signs,    // (+-df, +-dr)
  Octo,     // (+-df, +-dr) and (+-dr, +-df): orthogonal, diagonal, knight
};

struct Vec {
  int8_t dl, df, dr;  // level, file and rank change; dr is "forward" for Gold
};

// The rule sets a rule belongs to: bit r for Rules r.
constexpr uint8_t rule_set_bit(Rules r) { return uint8_t(1u << int(r)); }
constexpr uint8_t ALL_RULE_SETS = uint8_t((1u << RULES_NB) - 1);

struct MoveRule {
  PieceType piece;
  uint8_t levels;  // bit i: applies on level index i
  Motion motion;
  Mode mode;
  Vec v;
  Sym sym;
  Vec v2{0, 0, 0};                    // second leg of a Via motion, transformed with the same symmetry
  uint8_t rule_sets = ALL_RULE_SETS;  // the rule sets it belongs to (rule_set_bit)
};

// The tables of docs/rules.md §4, with the lines of one rule set only (§7.2) marked so
// (defined in movement.cpp).
std::span<const MoveRule> movement_rules();

// The same rules in plain words for people: the message catalogue's key
// ("move.griffon.ground", "move.griffon.ground.bga") of the sentence or two that tell how a
// piece moves on one level under a rule set (movement_words.cpp; the sentences are in
// public/i18n/<code>.json); nullptr on a level the piece can never stand on.
const char* movement_words_key(PieceType t, Level l, Rules rules = Rules::Gygax);

// --- Expanded tables ------------------------------------------------------------------
// An upper bound on the pseudo-legal moves of one piece (a Mage on level 2 has 34).
constexpr int MAX_PIECE_MOVES = 64;

struct Target {
  Square to;
  Square via;  // SQ_NONE or a square that must be empty
  Mode mode;
  bool afar;          // capture from afar: the mover stays put
  bool leap = false;  // given by a leap rule's vector (from any square, the same delta)
};

struct Ray {
  uint16_t first, length;  // squares ray_squares()[first .. first+length)
  Mode mode;
  RayMask bits;  // the same squares as a mask (ray_blocker finds the first piece)
};

// A piece's targets list those that may capture first. The targets with a condition or
// a special kind (through an intermediate square, capturing from afar) are also listed
// apart (special_targets); the plain ones are also sets (capture_mask, move_mask).
struct SquareMoves {
  uint32_t target_first;
  uint8_t target_count;
  uint8_t up_ray_count;  // rays that run up: the first ray masks
  uint16_t ray_first;
  uint8_t ray_count;
  uint8_t special_count;
  uint8_t capture_target_count;  // the first targets are those that may capture
  uint8_t via_count;             // the special targets through a square come first
  uint32_t special_first;
  uint8_t plain_word, plain_words;  // the words of move_mask, capture_mask and afar_mask that hold targets
};

// The plain targets (a leap or step: no intermediate square, not from afar) of all
// pieces of one type along one vector at once: the pieces on the squares of `from` (a
// mask of the two words of one level) reach the squares left - right places further in
// the level and `to_word - from_word` words up or down, that is the square square_delta
// above their own number, with `mode` (moving there, capturing there, or both).
struct TargetShift {
  uint64_t from_lo, from_hi;
  uint8_t from_word, to_word;
  uint8_t left, right;   // the shift within the level: left - right, one of them 0
  int16_t square_delta;  // to - from in square numbers
  Mode mode;
};

// A reverse entry: a piece whose type is in `types` standing on `from` (of the
// attacking colour) can capture on the square, provided `via` (if any) is empty.
struct AttackEntry {
  Square from;
  Square via;
  uint16_t types;  // bit t set: a piece of type t attacks this way
};

struct ReverseRay {
  Ray ray;
  uint16_t types;
};

// A few piece types, in type order (the kinds of pieces a generation pass visits).
class TypeList {
 public:
  void add(PieceType t) { types_[count_++] = t; }
  bool contains(PieceType t) const {
    for (size_t i = 0; i < count_; ++i)
      if (types_[i] == t) return true;
    return false;
  }
  operator std::span<const PieceType>() const { return {types_, count_}; }
  const PieceType* begin() const { return types_; }
  const PieceType* end() const { return types_ + count_; }

 private:
  PieceType types_[PIECE_TYPE_NB]{};
  size_t count_ = 0;
};

class Tables {
 public:
  const SquareMoves& moves(Color c, PieceType t, Square s) const { return square_moves_[c][t][s]; }
  std::span<const Target> targets(const SquareMoves& m) const {
    return {targets_.data() + m.target_first, m.target_count};
  }
  // The targets that may capture (mode includes CAPTURE_ONLY).
  std::span<const Target> capture_targets(const SquareMoves& m) const {
    return {targets_.data() + m.target_first, m.capture_target_count};
  }
  std::span<const Ray> rays(const SquareMoves& m) const { return {rays_.data() + m.ray_first, m.ray_count}; }
  // The rays' masks (every slide may capture): up_ray_count running up, then the rest.
  std::span<const RayMask> ray_masks(const SquareMoves& m) const {
    return {ray_masks_.data() + m.ray_first, m.ray_count};
  }
  std::span<const Square> ray_squares(const Ray& r) const { return {ray_squares_.data() + r.first, r.length}; }
  // The squares a piece captures on by a plain leap or step (no intermediate square,
  // not from afar), as a set.
  const Bitboard& capture_mask(Color c, PieceType t, Square s) const { return capture_mask_[c][t][s]; }
  // Types whose plain captures are generated for all pieces at once (the numerous,
  // short-range pieces; they have no captures through a square, from afar or by
  // sliding), and their capture vectors.
  const TypeList& shift_types() const { return shift_types_; }
  // The kinds of captures of each other type, each generated apart: plain (capture_mask
  // not always empty), along rays (a slider), special (special_targets not always empty).
  // None for the shift types.
  enum CaptureKind : uint8_t { CAPTURE_PLAIN = 1, CAPTURE_SLIDE = 2, CAPTURE_SPECIAL = 4 };
  uint8_t capture_kinds(PieceType t) const { return capture_kinds_[t]; }
  std::span<const TargetShift> capture_shifts(Color c, PieceType t) const {
    return {capture_shifts_.data() + capture_shift_first_[c][t],
            size_t(capture_shift_first_[c][t + 1] - capture_shift_first_[c][t])};
  }
  // Every plain target of those types as shifts, for the pieces on shift_squares(c, t)
  // (a piece elsewhere, such as a Sylph on level 2 with its start squares to go back
  // to, has targets too far for a shift: ask its move and capture masks).
  std::span<const TargetShift> target_shifts(Color c, PieceType t) const {
    return {target_shifts_.data() + target_shift_first_[c][t],
            size_t(target_shift_first_[c][t + 1] - target_shift_first_[c][t])};
  }
  const Bitboard& shift_squares(Color c, PieceType t) const { return shift_squares_[c][t]; }
  // The types that slide.
  const TypeList& slider_types() const { return slider_types_; }
  // The squares a piece moves to (without capturing) by a plain leap or step.
  const Bitboard& move_mask(Color c, PieceType t, Square s) const { return move_mask_[c][t][s]; }
  // The squares a piece captures on from afar (empty for the types that cannot).
  const Bitboard& afar_mask(Color c, PieceType t, Square s) const {
    return afar_slot_[t] < 0 ? EMPTY_ : afar_masks_[(size_t(afar_slot_[t]) * COLOR_NB + c) * SQUARE_NB + s];
  }
  // The targets through an intermediate square (capturing or not), then the captures
  // from afar: the targets that have a condition or a special kind.
  std::span<const Target> via_targets(const SquareMoves& m) const {
    return {special_targets_.data() + m.special_first, m.via_count};
  }
  std::span<const Target> special_targets(const SquareMoves& m) const {
    return {special_targets_.data() + m.special_first, m.special_count};
  }
  // Every square from which some piece of colour c could capture on s by a plain leap
  // (which piece: capture_mask of the piece standing there).
  const Bitboard& leap_attackers(Color c, Square s) const { return leap_attackers_[c][s]; }
  // Every square whose content can matter to whether colour c attacks s: where an
  // attacker could stand (by any rule), the intermediate squares, and every square of
  // the lines through s.
  const Bitboard& attack_region(Color c, Square s) const { return attack_region_[c][s]; }
  // Every square from which some piece of colour c could capture on s from afar
  // (which piece: afar_mask of the piece standing there).
  const LevelSet& afar_attackers(Color c, Square s) const { return afar_attackers_[c][s]; }
  // The attackers of square s by colour c through an intermediate square.
  std::span<const AttackEntry> via_attack_entries(Color c, Square s) const {
    return {via_attacks_.data() + via_first_[c][s], size_t(via_first_[c][s + 1] - via_first_[c][s])};
  }
  // Leap, via and afar attackers of square s by colour c.
  std::span<const AttackEntry> attack_entries(Color c, Square s) const {
    return {attacks_.data() + attack_first_[c][s], size_t(attack_first_[c][s + 1] - attack_first_[c][s])};
  }
  // Slide attackers of square s by colour c: rays from s outward; the first piece on
  // a ray attacks s when it is of colour c and its type is in the ray's `types`.
  // (Those that run up first: reverse_up_count of them.)
  size_t reverse_up_count(Color c, Square s) const { return rev_up_count_[c][s]; }
  std::span<const ReverseRay> reverse_rays(Color c, Square s) const {
    return {rev_rays_.data() + rev_ray_first_[c][s], size_t(rev_ray_first_[c][s + 1] - rev_ray_first_[c][s])};
  }

  template <Rules R>
  friend const Tables* build_tables();

 private:
  explicit Tables(Rules rules);  // from the movement rules of that rule set
  SquareMoves square_moves_[COLOR_NB][PIECE_TYPE_NB][SQUARE_NB]{};
  std::vector<Target> targets_;
  std::vector<Target> special_targets_;
  std::vector<Ray> rays_;
  std::vector<RayMask> ray_masks_;
  std::vector<Square> ray_squares_;
  std::vector<AttackEntry> attacks_;
  uint32_t attack_first_[COLOR_NB][SQUARE_NB + 1]{};
  std::vector<ReverseRay> rev_rays_;
  uint32_t rev_ray_first_[COLOR_NB][SQUARE_NB + 1]{};
  uint8_t rev_up_count_[COLOR_NB][SQUARE_NB]{};
  Bitboard capture_mask_[COLOR_NB][PIECE_TYPE_NB][SQUARE_NB]{};
  Bitboard move_mask_[COLOR_NB][PIECE_TYPE_NB][SQUARE_NB]{};
  int8_t afar_slot_[PIECE_TYPE_NB];
  std::vector<Bitboard> afar_masks_;
  static constexpr Bitboard EMPTY_{};
  Bitboard leap_attackers_[COLOR_NB][SQUARE_NB]{};
  LevelSet afar_attackers_[COLOR_NB][SQUARE_NB]{};
  Bitboard attack_region_[COLOR_NB][SQUARE_NB]{};
  TypeList shift_types_, slider_types_;
  uint8_t capture_kinds_[PIECE_TYPE_NB]{};
  std::vector<TargetShift> capture_shifts_, target_shifts_;
  uint32_t capture_shift_first_[COLOR_NB][PIECE_TYPE_NB + 1]{};
  uint32_t target_shift_first_[COLOR_NB][PIECE_TYPE_NB + 1]{};
  Bitboard shift_squares_[COLOR_NB][PIECE_TYPE_NB]{};
  std::vector<AttackEntry> via_attacks_;
  uint32_t via_first_[COLOR_NB][SQUARE_NB + 1]{};
};

// The tables of one rule set (they differ in the Griffon's steps on the Ground), each
// built on first use, then read-only. (tables() is on every hot path: after the first
// call it is one load, with no initialisation guard.)
// (The builder takes no argument: the hot paths pass no value to it.)
template <Rules R>
const Tables* build_tables();  // instantiated in movement.cpp for both rule sets
namespace detail {
inline std::atomic<const Tables*> tables_built[RULES_NB]{};  // set by build_tables()
}
inline const Tables& tables(Rules rules) {
  const Tables* t = detail::tables_built[int(rules)].load(std::memory_order_acquire);
  if (t) [[likely]]
    return *t;
  return rules == Rules::Bga ? *build_tables<Rules::Bga>() : *build_tables<Rules::Gygax>();
}

}  // namespace dc
