#include "eval.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "../movegen.h"
#include "../movement.h"

namespace dc {

EvalWeights EvalWeights::defaults() {
  EvalWeights w{};
  // One line per weight: DC_WEIGHT(name, values...), every value of the weight in
  // the order of its array (checked here at compile time).
#define DC_WEIGHT(name, ...)                                                                \
  {                                                                                         \
    static constexpr int v[] = {__VA_ARGS__};                                               \
    static_assert(sizeof v == sizeof(EvalWeights::name), #name ": wrong number of values"); \
    std::memcpy(&w.name, v, sizeof v);                                                      \
  }
#include "eval_weights.inc"
#undef DC_WEIGHT
  return w;
}

EvalWeights EvalWeights::material() {
  EvalWeights w = defaults();
  w.material_only = true;
  return w;
}

int material_of(const Position& pos, Color c) {
  int m = 0;
  for (Square s : pos.pieces(c)) m += GYGAX_VALUE_CP[type_of(pos.at(s))];
  return m;
}

namespace {

inline int rel_rank(Color c, Square s) { return c == GOLD ? rank_of(s) : 7 - rank_of(s); }
inline int edge_distance(Square s) { return std::min(file_of(s), FILES - 1 - file_of(s)); }  // 0..5

// A side's sliders' terms, without the unused entries.
void copy_side(const Evaluator::SliderTerms::Side& from, Evaluator::SliderTerms::Side& to) {
  to.reach = from.reach;
  to.score = from.score;
  to.units = from.units;
  to.count = from.count;
  to.kept = from.kept;
  std::copy_n(from.each, std::max(from.kept, 0), to.each);
}

}  // namespace

Evaluator::Evaluator(const EvalWeights& w) : w_(w) {
  for (int t = 0; t < PIECE_TYPE_NB; ++t) slider_[t] = false;
  for (PieceType t : tables(Rules::Gygax).slider_types()) slider_[t] = true;
  fill_psq(Rules::Gygax, psq_);
  for (int p = 0; p < PIECE_NB; ++p)
    for (int s = 0; s < SQUARE_NB; ++s) gold_psq_[p][s] = color_of(Piece(p)) == GOLD ? psq_[p][s] : -psq_[p][s];
  for (int c = 0; c < COLOR_NB; ++c)
    for (int t = 1; t < PIECE_TYPE_NB; ++t) {
      const int fp = w.use_frozen && !w.material_only ? w.frozen[t] : 0;
      gold_frozen_[make_piece(Color(c), PieceType(t))] = c == GOLD ? -fp : fp;  // the frozen piece's side loses
    }
  const Tables& T = tables(Rules::Gygax);  // the King moves alike under both rule sets
  for (int c = 0; c < COLOR_NB; ++c)
    for (int k = 0; k < SQUARE_NB; ++k) {
      Bitboard& zone = zone_[c][k];
      zone = Bitboard{};
      if (!may_stand_on(KING, level_of(Square(k)))) continue;
      zone.set(Square(k));
      for (const Target& tg : T.targets(T.moves(Color(c), KING, Square(k)))) zone.set(tg.to);
    }
  fill_zone_attackers(Rules::Gygax, zone_attackers_);
}

void Evaluator::fill_psq(Rules rules, int (&psq)[PIECE_NB][SQUARE_NB]) const {
  const EvalWeights& w = w_;
  const Tables& T = tables(rules);
  for (int p = 0; p < PIECE_NB; ++p)
    for (int s = 0; s < SQUARE_NB; ++s) psq[p][s] = 0;
  for (int c = 0; c < COLOR_NB; ++c)
    for (int t = 1; t < PIECE_TYPE_NB; ++t) {
      const Piece pc = make_piece(Color(c), PieceType(t));
      for (int si = 0; si < SQUARE_NB; ++si) {
        const Square s = Square(si);
        const Level l = level_of(s);
        if (!may_stand_on(PieceType(t), l)) continue;
        int v = w.value[t];
        if (!w.material_only) {
          const Color col = Color(c);
          if (w.use_pst)
            v += w.level_bonus[t][l] + w.file_bonus[t][l][edge_distance(s)] + w.rank_bonus[t][l][rel_rank(col, s)];
          if (t == WARRIOR && w.use_warriors) v += w.warrior_rank[rel_rank(col, s)];
          if (t == KING && w.use_king_level && l != LEVEL_2) v -= w.king_off_level2;
          if (w.use_mobility) {
            // Pieces that only leap: mobility counted on the empty board.
            const SquareMoves& sm = T.moves(col, PieceType(t), s);
            if (sm.ray_count == 0 || !slider_[t]) {
              int mob = 0;
              for (const Target& tg : T.targets(sm)) mob += tg.afar ? 0 : 1;
              v += w.mobility[t][l] * mob / 10;
            }
          }
        }
        psq[pc][s] = v;
      }
    }
}

void Evaluator::fill_zone_attackers(Rules rules, Bitboard (&out)[COLOR_NB][SQUARE_NB]) const {
  const Tables& T = tables(rules);
  for (int c = 0; c < COLOR_NB; ++c)
    for (int k = 0; k < SQUARE_NB; ++k) {
      Bitboard& cand = out[c][k];
      cand = Bitboard{};
      zone_[c][k].for_each([&](Square z) {
        for (const AttackEntry& e : T.attack_entries(~Color(c), z)) cand.set(e.from);
      });
    }
}

std::unique_ptr<Evaluator::BgaTerms> Evaluator::make_bga_terms() const {
  auto b = std::make_unique<BgaTerms>();
  struct Psq {
    int v[PIECE_NB][SQUARE_NB];
  };
  const auto bga_psq = std::make_unique<Psq>();
  fill_psq(Rules::Bga, bga_psq->v);
  for (bool& d : b->differs) d = false;
  for (int p = 0; p < PIECE_NB; ++p)
    for (int s = 0; s < SQUARE_NB; ++s) {
      const int d = bga_psq->v[p][s] - psq_[p][s];
      b->gold_delta[p][s] = color_of(Piece(p)) == GOLD ? d : -d;
      if (d) b->differs[type_of(Piece(p))] = true;
    }
  fill_zone_attackers(Rules::Bga, b->zone_attackers);
  return b;
}

int Evaluator::frozen_term(const Position& pos, Square s) const { return pos.frozen(s) ? gold_frozen_[pos.at(s)] : 0; }

int Evaluator::gold_terms(const Position& pos) const {
  const bool frozen_terms = w_.use_frozen && !w_.material_only;
  int score[COLOR_NB] = {0, 0};
  for (int ci = 0; ci < COLOR_NB; ++ci) {
    const Color c = Color(ci);
    for (Square s : pos.pieces(c)) {
      const Piece p = pos.at(s);
      score[c] += psq_[p][s];
      // A Basilisk freezes the enemy piece directly above it: that piece's side loses.
      if (type_of(p) == BASILISK && frozen_terms) {
        const Piece f = pos.at(above(s));
        if (f != NO_PIECE && color_of(f) != c) score[~c] -= w_.frozen[type_of(f)];
      }
    }
  }
  return score[GOLD] - score[SCARLET];
}

int Evaluator::local_terms(const Position& pos, Square a, Square b) const {
  // (Table look-ups rather than branches: this runs for every move the search makes.)
  int v = gold_psq_[pos.at(a)][a] + gold_psq_[pos.at(b)][b];
  // The level-2 squares whose freezing may depend on a or b (a square of level 1
  // stands for the one above it; level 3 for none).
  const int fa = LEVEL2_OF[a], fb = LEVEL2_OF[b];
  if (fa >= 0) v += frozen_term(pos, Square(fa));
  if (fb >= 0 && fb != fa) v += frozen_term(pos, Square(fb));
  return v;
}

int Evaluator::fast(const Position& pos) const {
  const int g = gold_terms(pos);
  return (pos.side_to_move() == GOLD ? g : -g) + tempo();
}

// One slider's share of its side's terms: its mobility, the squares of the enemy King's
// zone it attacks, the afar threats, and every square those depend on.
template <Rules R>
inline void Evaluator::one_slider(const Position& pos, Color c, PieceType t, Square s, const Bitboard& ez,
                                  const Passage<R>& P, SliderTerms::Slider& out) const {
  const Tables& T = tables(R);
  const bool ks = w_.use_king_safety;
  const Bitboard& occupied = pos.occupied();
  const SquareMoves& sm = T.moves(c, t, s);
  Bitboard reach;
  reach.set(s);
  int score = 0, mob = 0, katt = 0;
  // Steps and leaps (the Dragon's and the Mage's), captures from afar, then the moves
  // through an intermediate square. (Only the words that hold its targets are looked at.)
  if (sm.target_count) {
    const Bitboard &afar = T.afar_mask(c, t, s), &captures = T.capture_mask(c, t, s), &moves = T.move_mask(c, t, s);
    const Bitboard& enemy = pos.occupied(~c);
    for (int w = sm.plain_word, end = w + sm.plain_words; w < end; ++w) {
      const uint64_t attacks = captures.w[w] | afar.w[w];
      reach.w[w] |= attacks | moves.w[w];
      mob += std::popcount(moves.w[w] & ~occupied.w[w]) + std::popcount(attacks & enemy.w[w]);
      if (ks) katt += std::popcount(attacks & ez.w[w]);
      if (w_.use_afar)
        for (uint64_t x = afar.w[w] & enemy.w[w]; x; x &= x - 1)
          score += w_.afar_threat[type_of(pos.at(Bitboard::square_at(w, std::countr_zero(x))))];
    }
  }
  for (const Target& tg : T.via_targets(sm)) {
    reach.set(tg.via);
    reach.set(tg.to);
    if (!pos.empty(tg.via) || P.gazed(tg.via)) continue;
    const Piece q = pos.at(tg.to);
    if (q == NO_PIECE ? (tg.mode & MOVE_ONLY) : (color_of(q) != c && (tg.mode & CAPTURE_ONLY))) ++mob;
    if (ks && (tg.mode & CAPTURE_ONLY) && ez.test(tg.to)) ++katt;
  }
  // The rays: every square up to and including the first piece (or gazed square). A
  // slide never leaves its level and rays do not overlap, so their union is two words;
  // the only pieces in it are the first ones, and an own piece there is no move.
  const int word = 2 * level_of(s);
  const auto [lo, hi] = rays_reach(T.ray_masks(sm), sm.up_ray_count, P.blocked);
  reach.w[word] |= lo;
  reach.w[word + 1] |= hi;
  const Bitboard& own = pos.occupied(c);
  mob += std::popcount(lo & ~own.w[word]) + std::popcount(hi & ~own.w[word + 1]);
  if (ks) katt += std::popcount(lo & ez.w[word]) + std::popcount(hi & ez.w[word + 1]);
  if (w_.use_mobility) score += w_.mobility[t][level_of(s)] * mob / 10;
  out.reach = reach;
  out.square = s;
  out.attacks_zone = katt != 0;
  out.score = score;
  out.units = katt * w_.king_attack_weight[t];
}

// The sliders' terms of colour c: each slider's share taken from `base` (the same side's
// terms in a position that differs only on the squares `changed`, nullptr: none) when
// none of those squares is in its reach, computed otherwise.
// (Everything it calls inlined into it, itself not inlined: it runs for every evaluation.)
template <Rules R>
[[gnu::noinline, gnu::flatten]] void Evaluator::slider_terms(const Position& pos, Color c, const Bitboard& ez,
                                                             const SliderTerms::Side* base, const Bitboard& changed,
                                                             SliderTerms::Side& out) const {
  const Tables& T = tables(R);
  const Passage<R> P(pos, c);  // what stops a slide (Board Game Arena's: the gazed squares too)
  const Bitboard sliders = pos.pieces_of(c, T.slider_types());
  const int base_kept = base ? base->kept : 0;
  int score = 0, units = 0, count = 0, kept = 0, b = 0;
  Bitboard reach = sliders;
  // (A loop rather than for_each and a lambda: the WebAssembly build kept the lambda a
  // function of its own, with its captures in memory.)
  for (int sw = 0; sw < Bitboard::WORDS; ++sw)
    for (uint64_t sx = sliders.w[sw]; sx; sx &= sx - 1) {
      const Square s = Bitboard::square_at(sw, std::countr_zero(sx));
      if (pos.frozen(s) && w_.use_frozen) continue;  // a frozen piece attacks nothing
      SliderTerms::Slider spare;
      SliderTerms::Slider& e = kept < SliderTerms::MAX_KEPT ? out.each[kept] : spare;
      while (b < base_kept && base->each[b].square < s) ++b;
      if (b < base_kept && base->each[b].square == s && !(base->each[b].reach & changed).any())
        e = base->each[b];
      else
        one_slider<R>(pos, c, type_of(pos.at(s)), s, ez, P, e);
      reach = reach | e.reach;
      score += e.score;
      units += e.units;
      count += e.attacks_zone;
      ++kept;
    }
  out.reach = reach;
  out.score = score;
  out.units = units;
  out.count = count;
  out.kept = kept <= SliderTerms::MAX_KEPT ? kept : -1;
}

int Evaluator::dynamic(const Position& pos) const {
  SliderTerms terms;
  return dynamic(pos, nullptr, {}, terms);
}

int Evaluator::dynamic(const Position& pos, const SliderTerms* base, std::span<const Square> changed,
                       SliderTerms& out) const {
  const EvalWeights& w = w_;
  out.ok = false;
  if (w.material_only || (!w.use_mobility && !w.use_king_safety && !w.use_afar)) return 0;
  out.ok = true;
  if (base && !base->ok) base = nullptr;
  return pos.rules() == Rules::Gygax ? dynamic_terms<Rules::Gygax>(pos, base, changed, out)
                                     : dynamic_terms<Rules::Bga>(pos, base, changed, out);
}

template <Rules R>
int Evaluator::dynamic_terms(const Position& pos, const SliderTerms* base, std::span<const Square> changed,
                             SliderTerms& out) const {
  const EvalWeights& w = w_;
  const Tables& T = tables(R);
  const Bitboard(&zone_attackers)[COLOR_NB][SQUARE_NB] = R == Rules::Gygax ? zone_attackers_ : bga().zone_attackers;
  int score[COLOR_NB] = {0, 0};
  // The changed squares, and whether a slider of each colour stands on one (it may be
  // one that base does not have: a position reused may be a sibling, not an ancestor).
  Bitboard touched;
  bool slider_on[COLOR_NB] = {false, false};
  for (Square x : changed) {
    touched.set(x);
    const Piece p = pos.at(x);
    if (p != NO_PIECE && slider_[type_of(p)]) slider_on[color_of(p)] = true;
  }
  for (int ci = 0; ci < COLOR_NB; ++ci) {
    const Color c = Color(ci), them = ~c;
    const Square ek = pos.king_square(them);
    const Bitboard& ez = zone_[them][ek];
    // The sliders' terms: those of base when no changed square is in their reach.
    SliderTerms::Side& sliders = out.side[c];
    const SliderTerms::Side* kept = base && base->side[c].kept >= 0 ? &base->side[c] : nullptr;
    if (!base || slider_on[c] || (base->side[c].reach & touched).any())
      slider_terms<R>(pos, c, ez, kept, touched, sliders);
    else
      copy_side(base->side[c], sliders);
    int units = sliders.units, count = sliders.count;
    score[c] += sliders.score;
    if (w.use_king_safety) {
      // Pieces that only step and leap, among those that might reach the enemy King's
      // zone: the zone squares they attack.
      const Passage<R> P(pos, c);
      (zone_attackers[them][ek] & pos.occupied(c)).for_each([&](Square s) {
        const PieceType t = type_of(pos.at(s));
        if (slider_[t] || (pos.frozen(s) && w_.use_frozen)) return;
        int katt = (T.capture_mask(c, t, s) & ez).count();
        for (const Target& tg : T.special_targets(T.moves(c, t, s)))
          if ((tg.mode & CAPTURE_ONLY) && ez.test(tg.to) &&
              (tg.via == SQ_NONE || (pos.empty(tg.via) && !P.gazed(tg.via))))
            ++katt;
        if (katt) {
          units += katt * w.king_attack_weight[t];
          ++count;
        }
      });
    }
    score[them] -= units * w.king_attackers_pct[std::min(count, 7)] / 100;
  }
  const Color us = pos.side_to_move();
  int v = score[us] - score[~us];
  if constexpr (R == Rules::Bga) {  // the table terms' difference from Gygax's (the Griffon's mobility)
    const BgaTerms& b = bga();
    int gold = 0;
    for (int t = 1; t < PIECE_TYPE_NB; ++t)
      if (b.differs[t])
        for (Color c : {GOLD, SCARLET}) {
          const Piece p = make_piece(c, PieceType(t));
          pos.pieces_of(p).for_each([&](Square s) { gold += b.gold_delta[p][s]; });
        }
    v += us == GOLD ? gold : -gold;
  }
  return v;
}

int evaluate(const Position& pos, const EvalWeights& w) {
  Evaluator e(w);
  return e(pos);
}

}  // namespace dc
