// Static evaluation of a Dragonchess position for the search (core/search).
// Every term is a named weight in EvalWeights so that it can be tuned or switched off
// (the match runner's ablations); material_only() gives the match baseline.
#pragma once

#include <array>
#include <cstdint>

#include "../position.h"

namespace dc {

struct EvalWeights {
  // Material in centipawns; defaults are Gygax's values (GYGAX_VALUE_CP).
  int value[PIECE_TYPE_NB];

  // Mobility: cp per reachable square (empty or enemy-occupied, by the movement rules),
  // per piece type, scaled by the level the piece stands on (percent).
  int mobility[PIECE_TYPE_NB];
  int mobility_level_pct[LEVELS];

  // Piece-square terms: a bonus for standing on a level, cp per step of centrality
  // (distance from the nearest edge file/rank), and cp per rank of advance.
  int level_bonus[PIECE_TYPE_NB][LEVELS];
  int center[PIECE_TYPE_NB];
  int advance[PIECE_TYPE_NB];

  // Warriors near promotion: bonus by relative rank (0 = own first rank).
  int warrior_rank[RANKS];

  // King safety: the King's zone is its square plus every square it could move to
  // (on level 2 that includes the squares directly above and below). For each enemy
  // piece attacking the zone, from any level, add king_attack_weight[type] per zone
  // square it attacks; the sum is scaled by king_attackers_pct[number of attackers].
  int king_attack_weight[PIECE_TYPE_NB];
  int king_attackers_pct[8];
  int king_off_level2;  // penalty for a King on level 1 or 3

  // Frozen pieces (a Basilisk directly below): percent of the piece's value lost,
  // and a flat penalty for a frozen King.
  int frozen_pct;
  int frozen_king;

  int tempo;  // bonus for the side to move

  // Switches (the match runner's ablations). material_only overrides all of them.
  bool material_only = false;
  bool use_mobility = true;
  bool use_pst = true;
  bool use_king_safety = true;
  bool use_frozen = true;
  bool use_king_level = true;
  bool use_warriors = true;

  static EvalWeights defaults();
  static EvalWeights material();  // material only (the match baseline)
};

// The weights expanded into per-piece, per-square tables (material, piece-square,
// Warrior advance, King level and the mobility of pieces that only leap, which does not
// depend on the other pieces), built once per weight set.
class Evaluator {
 public:
  explicit Evaluator(const EvalWeights& w = EvalWeights::defaults());
  const EvalWeights& weights() const { return w_; }
  int operator()(const Position& pos) const { return fast(pos) + dynamic(pos); }
  int fast(const Position& pos) const;     // table terms, frozen pieces, tempo

  // The table and frozen-piece terms of fast() from Gold's point of view (no tempo),
  // and the part of them that depends on squares a and b: the pieces on a and b and
  // the freezing of the level-2 squares at or above them. A move changes only its two
  // squares, so the difference of local_terms() before and after it updates
  // gold_terms() incrementally (the search does this); fast() = stm-relative + tempo.
  int gold_terms(const Position& pos) const;
  int local_terms(const Position& pos, Square a, Square b) const;
  int tempo() const { return w_.material_only ? 0 : w_.tempo; }
  int dynamic(const Position& pos) const;  // slider mobility, King safety

 private:
  EvalWeights w_;
  int psq_[PIECE_NB][SQUARE_NB];
  int gold_psq_[PIECE_NB][SQUARE_NB];  // the same from Gold's point of view (0 for no piece)
  int gold_frozen_[PIECE_NB]{};  // the frozen-piece term of a frozen piece, Gold's view
  // The level-2 square whose freezing depends on s: s itself on level 2, the square
  // above on level 1, none (-1) on level 3.
  static constexpr auto LEVEL2_OF = [] {
    std::array<int16_t, SQUARE_NB> a{};
    for (int s = 0; s < SQUARE_NB; ++s)
      a[s] = int16_t(s < SQUARES_PER_LEVEL ? s + SQUARES_PER_LEVEL : s < 2 * SQUARES_PER_LEVEL ? s : -1);
    return a;
  }();
  bool slider_[PIECE_TYPE_NB];

  // King safety, by colour and King square: the King's zone (its square and every
  // square it could move to), and every square from which a piece of the other colour
  // could capture somewhere in that zone by any rule (the candidates worth examining).
  Bitboard zone_[COLOR_NB][SQUARE_NB];
  Bitboard zone_attackers_[COLOR_NB][SQUARE_NB];

  // Mobility and King-zone attacks of the sliders of colour c (King safety: units and
  // count of attackers added in).
  int slider_terms(const Position& pos, Color c, const Bitboard& enemy_zone, int& units, int& count) const;
  int frozen_penalty(PieceType t) const;
  // The frozen-piece term of the level-2 square s (Gold's point of view).
  int frozen_term(const Position& pos, Square s) const;
};

// Score in centipawns from the point of view of the side to move.
int evaluate(const Position& pos, const EvalWeights& w);


// Material of one side excluding the King (cp, Gygax values).
int material_of(const Position& pos, Color c);

}  // namespace dc
