#include "movement.h"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <tuple>

namespace dc {

namespace {

constexpr uint8_t L1 = 1, L2 = 2, L3 = 4, ANY = 7;
constexpr uint8_t BGA = rule_set_bit(Rules::Bga);  // a line of Board Game Arena's rules only

using enum Motion;

// docs/rules.md §4.2 to §4.16, the rows of each piece's table (a row with two kinds of
// vector takes two lines). Vectors are (level, file, rank); rank is "forward" for Gold
// and mirrored for Scarlet. A line marked BGA belongs to Board Game Arena's rule set only
// (core/rule_set.h, docs/rules.md §7.2); every other line to both.
constexpr MoveRule RULES[] = {
    // Sylph
    {SYLPH, L3, Leap, MOVE_ONLY, {0, 1, 1}, Sym::MirrorF},   // diagonally forward
    {SYLPH, L3, Leap, CAPTURE_ONLY, {0, 0, 1}, Sym::One},    // straight forward
    {SYLPH, L3, Leap, CAPTURE_ONLY, {-1, 0, 0}, Sym::One},   // directly below
    {SYLPH, L2, Leap, MOVE_ONLY, {1, 0, 0}, Sym::One},       // directly above
    {SYLPH, L2, SylphHome, MOVE_ONLY, {0, 0, 0}, Sym::One},  // any own start square
    // Griffon
    {GRIFFON, L3, Leap, MOVE_OR_CAPTURE, {0, 3, 2}, Sym::Octo},
    {GRIFFON, L3, Leap, MOVE_OR_CAPTURE, {-1, 1, 1}, Sym::Signs},
    {GRIFFON, L2, Leap, MOVE_OR_CAPTURE, {0, 1, 1}, Sym::Signs},
    {GRIFFON, L2, Leap, MOVE_OR_CAPTURE, {0, 1, 0}, Sym::Octo, {}, BGA},  // Board Game Arena: a King step
    {GRIFFON, L2, Leap, MOVE_OR_CAPTURE, {1, 1, 1}, Sym::Signs},
    // Dragon
    {DRAGON, L3, Slide, MOVE_OR_CAPTURE, {0, 1, 1}, Sym::Signs},
    {DRAGON, L3, Leap, MOVE_OR_CAPTURE, {0, 1, 0}, Sym::Octo},
    {DRAGON, L3, Afar, CAPTURE_ONLY, {-1, 0, 0}, Sym::One},
    {DRAGON, L3, Afar, CAPTURE_ONLY, {-1, 1, 0}, Sym::Octo},
    // Warrior (promotion is a named rule in make_move / movegen)
    {WARRIOR, L2, Leap, MOVE_ONLY, {0, 0, 1}, Sym::One},
    {WARRIOR, L2, Leap, CAPTURE_ONLY, {0, 1, 1}, Sym::MirrorF},
    // Oliphant, Unicorn, Thief
    {OLIPHANT, L2, Slide, MOVE_OR_CAPTURE, {0, 1, 0}, Sym::Octo},
    {UNICORN, L2, Leap, MOVE_OR_CAPTURE, {0, 2, 1}, Sym::Octo},
    {THIEF, L2, Slide, MOVE_OR_CAPTURE, {0, 1, 1}, Sym::Signs},
    // Hero
    {HERO, L2, Leap, MOVE_OR_CAPTURE, {0, 1, 1}, Sym::Signs},
    {HERO, L2, Leap, MOVE_OR_CAPTURE, {0, 2, 2}, Sym::Signs},
    {HERO, L2, Leap, MOVE_OR_CAPTURE, {1, 1, 1}, Sym::Signs},
    {HERO, L2, Leap, MOVE_OR_CAPTURE, {-1, 1, 1}, Sym::Signs},
    {HERO, L3, Leap, MOVE_OR_CAPTURE, {-1, 1, 1}, Sym::Signs},
    {HERO, L1, Leap, MOVE_OR_CAPTURE, {1, 1, 1}, Sym::Signs},
    // Cleric
    {CLERIC, ANY, Leap, MOVE_OR_CAPTURE, {0, 1, 0}, Sym::Octo},
    {CLERIC, ANY, Leap, MOVE_OR_CAPTURE, {0, 1, 1}, Sym::Signs},
    {CLERIC, ANY, Leap, MOVE_OR_CAPTURE, {1, 0, 0}, Sym::One},
    {CLERIC, ANY, Leap, MOVE_OR_CAPTURE, {-1, 0, 0}, Sym::One},
    // Mage
    {MAGE, L2, Slide, MOVE_OR_CAPTURE, {0, 1, 0}, Sym::Octo},
    {MAGE, L2, Slide, MOVE_OR_CAPTURE, {0, 1, 1}, Sym::Signs},
    {MAGE, L1 | L3, Leap, MOVE_OR_CAPTURE, {0, 1, 0}, Sym::Octo},
    {MAGE, ANY, Leap, MOVE_OR_CAPTURE, {1, 0, 0}, Sym::One},
    {MAGE, ANY, Leap, MOVE_OR_CAPTURE, {-1, 0, 0}, Sym::One},
    {MAGE, ANY, Via, MOVE_OR_CAPTURE, {1, 0, 0}, Sym::One, {1, 0, 0}},    // 1 -> 3 via 2
    {MAGE, ANY, Via, MOVE_OR_CAPTURE, {-1, 0, 0}, Sym::One, {-1, 0, 0}},  // 3 -> 1 via 2
    // King
    {KING, L2, Leap, MOVE_OR_CAPTURE, {0, 1, 0}, Sym::Octo},
    {KING, L2, Leap, MOVE_OR_CAPTURE, {0, 1, 1}, Sym::Signs},
    {KING, L2, Leap, MOVE_OR_CAPTURE, {1, 0, 0}, Sym::One},
    {KING, L2, Leap, MOVE_OR_CAPTURE, {-1, 0, 0}, Sym::One},
    {KING, L1, Leap, MOVE_OR_CAPTURE, {1, 0, 0}, Sym::One},
    {KING, L3, Leap, MOVE_OR_CAPTURE, {-1, 0, 0}, Sym::One},
    // Paladin
    {PALADIN, ANY, Leap, MOVE_OR_CAPTURE, {0, 1, 0}, Sym::Octo},
    {PALADIN, ANY, Leap, MOVE_OR_CAPTURE, {0, 1, 1}, Sym::Signs},
    {PALADIN, L2, Leap, MOVE_OR_CAPTURE, {0, 2, 1}, Sym::Octo},
    {PALADIN, ANY, Leap, MOVE_OR_CAPTURE, {1, 2, 0}, Sym::Octo},
    {PALADIN, ANY, Leap, MOVE_OR_CAPTURE, {-1, 2, 0}, Sym::Octo},
    {PALADIN, ANY, Leap, MOVE_OR_CAPTURE, {2, 1, 0}, Sym::Octo},
    {PALADIN, ANY, Leap, MOVE_OR_CAPTURE, {-2, 1, 0}, Sym::Octo},
    // Dwarf
    {DWARF, L1 | L2, Leap, MOVE_ONLY, {0, 0, 1}, Sym::One},
    {DWARF, L1 | L2, Leap, MOVE_ONLY, {0, 1, 0}, Sym::Signs},
    {DWARF, L1 | L2, Leap, CAPTURE_ONLY, {0, 1, 1}, Sym::MirrorF},
    {DWARF, L1, Leap, CAPTURE_ONLY, {1, 0, 0}, Sym::One},
    {DWARF, L2, Leap, MOVE_ONLY, {-1, 0, 0}, Sym::One},
    // Basilisk (freezing is a named rule: Position::frozen)
    {BASILISK, L1, Leap, MOVE_OR_CAPTURE, {0, 0, 1}, Sym::One},
    {BASILISK, L1, Leap, MOVE_OR_CAPTURE, {0, 1, 1}, Sym::MirrorF},
    {BASILISK, L1, Leap, MOVE_ONLY, {0, 0, -1}, Sym::One},
    // Elemental
    {ELEMENTAL, L1, Leap, MOVE_OR_CAPTURE, {0, 1, 0}, Sym::Octo},
    {ELEMENTAL, L1, Via, MOVE_OR_CAPTURE, {0, 1, 0}, Sym::Octo, {0, 1, 0}},  // two straight
    {ELEMENTAL, L1, Leap, MOVE_ONLY, {0, 1, 1}, Sym::Signs},
    {ELEMENTAL, L1, Via, CAPTURE_ONLY, {0, 1, 0}, Sym::Octo, {1, 0, 0}},      // over, then up
    {ELEMENTAL, L2, Via, MOVE_OR_CAPTURE, {-1, 0, 0}, Sym::Octo, {0, 1, 0}},  // down, then over
};

struct VecPair {
  Vec a, b;
  bool operator<(const VecPair& o) const {
    return std::tie(a.dl, a.df, a.dr, b.dl, b.df, b.dr) < std::tie(o.a.dl, o.a.df, o.a.dr, o.b.dl, o.b.df, o.b.dr);
  }
};

// Every orientation of a rule's vectors, for one colour, without duplicates.
std::vector<VecPair> expand(const MoveRule& r, Color c) {
  std::vector<VecPair> out;
  auto add = [&](int sf, int sr, bool swap) {
    auto tr = [&](Vec v) {
      int f = v.df, rk = v.dr;
      if (swap) std::swap(f, rk);
      f *= sf;
      rk *= sr;
      if (c == SCARLET) rk = -rk;
      return Vec{v.dl, int8_t(f), int8_t(rk)};
    };
    VecPair p{tr(r.v), tr(r.v2)};
    for (auto& q : out)
      if (!(q < p) && !(p < q)) return;
    out.push_back(p);
  };
  switch (r.sym) {
    case Sym::One: add(1, 1, false); break;
    case Sym::MirrorF:
      add(1, 1, false);
      add(-1, 1, false);
      break;
    case Sym::Signs:
    case Sym::Octo:
      for (int sf : {1, -1})
        for (int sr : {1, -1}) {
          add(sf, sr, false);
          if (r.sym == Sym::Octo) add(sf, sr, true);
        }
      break;
  }
  return out;
}

Square shift(Square s, Vec v) {
  int l = level_of(s) + v.dl, f = file_of(s) + v.df, r = rank_of(s) + v.dr;
  return on_board(l, f, r) ? make_square(l, f, r) : SQ_NONE;
}

[[noreturn]] void table_bug(const char* what, Square s) {
  std::fprintf(stderr, "dragonchess: movement table bug: %s at %s\n", what, square_name(s).c_str());
  std::abort();
}

// The squares of a slide line (from s outward, all on s's level) as a RayMask.
RayMask ray_mask(Square s, std::span<const Square> squares) {
  RayMask m;
  m.word = uint8_t(2 * level_of(s));
  m.up = squares.empty() || squares.front() > s;
  for (Square q : squares) {
    if (level_of(q) != level_of(s) || (q > s) != m.up) table_bug("ray leaves its level", s);
    (Bitboard::word_of(q) == m.word ? m.lo : m.hi) |= Bitboard::bit_of(q);
  }
  return m;
}

}  // namespace

std::span<const MoveRule> movement_rules() { return RULES; }

Tables::Tables(Rules rule_set) {
  // The lines of this rule set.
  std::vector<MoveRule> rules;
  for (const MoveRule& r : RULES)
    if (r.rule_sets & rule_set_bit(rule_set)) rules.push_back(r);
  std::vector<Bitboard> afar_all(size_t(COLOR_NB) * PIECE_TYPE_NB * SQUARE_NB);  // by colour, type, square
  auto afar = [&afar_all](int c, int t, int s) -> Bitboard& {
    return afar_all[(size_t(c) * PIECE_TYPE_NB + t) * SQUARE_NB + s];
  };
  std::vector<std::vector<AttackEntry>> rev(COLOR_NB * SQUARE_NB);   // plain leaps and afar
  std::vector<std::vector<AttackEntry>> srev(COLOR_NB * SQUARE_NB);  // through a square
  std::vector<std::vector<ReverseRay>> rrev(COLOR_NB * SQUARE_NB);
  std::vector<Bitboard> afar_from(COLOR_NB * SQUARE_NB);  // afar_attackers_, gathered
  // Each rule's orientations for each colour, made once rather than once a square: the
  // tables are built when a page or the engine first needs them, on its critical path.
  std::vector<std::vector<VecPair>> oriented[COLOR_NB];
  for (Color c : {GOLD, SCARLET})
    for (const MoveRule& r : rules) oriented[c].push_back(expand(r, c));

  for (Color c : {GOLD, SCARLET})
    for (int t = 1; t < PIECE_TYPE_NB; ++t)
      for (int si = 0; si < SQUARE_NB; ++si) {
        Square s = Square(si);
        SquareMoves& sm = square_moves_[c][t][s];
        if (!may_stand_on(PieceType(t), level_of(s))) continue;
        std::vector<Target> tg;
        std::vector<Ray> ry;
        auto add_target = [&](Target nt) {
          for (auto& o : tg)
            if (o.to == nt.to) {
              if (o.via != nt.via || o.afar != nt.afar) table_bug("two routes to one square", s);
              o.mode = Mode(o.mode | nt.mode);  // one move, generated once
              o.leap = o.leap || nt.leap;
              return;
            }
          tg.push_back(nt);
        };
        for (size_t ri = 0; ri < rules.size(); ++ri) {
          const MoveRule& r = rules[ri];
          if (r.piece != t || !(r.levels >> level_of(s) & 1)) continue;
          if (r.motion == SylphHome) {
            int rank = c == GOLD ? 1 : 6;
            for (int f = 0; f < FILES; f += 2) add_target({make_square(LEVEL_3, f, rank), SQ_NONE, r.mode, false});
            continue;
          }
          for (const VecPair& vp : oriented[c][ri]) {
            Square to = shift(s, vp.a);
            if (to == SQ_NONE) continue;
            switch (r.motion) {
              case Leap: add_target({to, SQ_NONE, r.mode, false, true}); break;
              case Afar: add_target({to, SQ_NONE, r.mode, true}); break;
              case Via: {
                Square to2 = shift(to, vp.b);
                if (to2 != SQ_NONE) add_target({to2, to, r.mode, false});
                break;
              }
              case Slide: {
                if (vp.a.dl != 0) table_bug("slide between levels", s);
                Ray ray{uint16_t(0), 0, r.mode, {}};
                std::vector<Square> sq;
                for (Square q = to; q != SQ_NONE; q = shift(q, vp.a)) sq.push_back(q);
                ray.first = uint16_t(ray_squares_.size());
                ray.length = uint16_t(sq.size());
                ray.bits = ray_mask(s, sq);
                ray_squares_.insert(ray_squares_.end(), sq.begin(), sq.end());
                ry.push_back(ray);
                break;
              }
              case SylphHome: break;
            }
          }
        }
        for (auto& x : tg)
          if (x.mode & CAPTURE_ONLY) {
            const bool special = x.via != SQ_NONE || x.afar;
            auto& list = (x.via != SQ_NONE ? srev : rev)[c * SQUARE_NB + x.to];
            if (x.afar) afar_from[c * SQUARE_NB + x.to].set(s);
            bool merged = false;
            for (auto& e : list)
              if (e.from == s && e.via == x.via) {
                e.types |= uint16_t(1u << t);
                merged = true;
              }
            if (!merged) list.push_back({s, x.via, uint16_t(1u << t)});
            if (!special) {
              capture_mask_[c][t][s].set(x.to);
              leap_attackers_[c][x.to].set(s);
            }
          }
        // Targets that may capture first, so that capture generation can stop early.
        const auto movers =
            std::stable_partition(tg.begin(), tg.end(), [](const Target& x) { return (x.mode & CAPTURE_ONLY) != 0; });
        sm.target_first = uint32_t(targets_.size());
        if (tg.size() > 255) table_bug("too many targets", s);
        sm.target_count = uint8_t(tg.size());
        if (movers - tg.begin() > 255) table_bug("too many capture targets", s);
        sm.capture_target_count = uint8_t(movers - tg.begin());
        sm.special_first = uint32_t(special_targets_.size());
        for (const Target& x : tg)  // every target through a square, capturing or not
          if (x.via != SQ_NONE) special_targets_.push_back(x);
        sm.via_count = uint8_t(special_targets_.size() - sm.special_first);
        for (auto x = tg.begin(); x != movers; ++x)
          if (x->afar) special_targets_.push_back(*x);
        sm.special_count = uint8_t(special_targets_.size() - sm.special_first);
        for (const Target& x : tg) {
          if (x.afar) afar(c, t, s).set(x.to);
          if (x.via == SQ_NONE && !x.afar && (x.mode & MOVE_ONLY)) move_mask_[c][t][s].set(x.to);
        }
        const Bitboard plain = move_mask_[c][t][s] | capture_mask_[c][t][s] | afar(c, t, s);
        int first = Bitboard::WORDS, last = -1;
        for (int w = 0; w < Bitboard::WORDS; ++w)
          if (plain.w[w]) first = std::min(first, w), last = w;
        sm.plain_word = uint8_t(last < 0 ? 0 : first);
        sm.plain_words = uint8_t(last < 0 ? 0 : last - first + 1);
        targets_.insert(targets_.end(), tg.begin(), tg.end());
        size_t moves = tg.size();
        for (const Ray& r : ry) moves += r.length;
        if (moves > MAX_PIECE_MOVES) table_bug("more than MAX_PIECE_MOVES moves", s);
        if (rays_.size() + ry.size() > 0xFFFF) table_bug("too many rays", s);
        sm.ray_first = uint16_t(rays_.size());
        sm.ray_count = uint8_t(ry.size());
        rays_.insert(rays_.end(), ry.begin(), ry.end());
        // The same rays as masks, those that run up first (capture generation and the
        // evaluation walk them with no branch on the direction).
        for (bool up : {true, false})
          for (const Ray& r : ry)
            if (r.bits.up == up && (r.mode & CAPTURE_ONLY)) ray_masks_.push_back(r.bits);
        if (ray_masks_.size() != rays_.size()) table_bug("a slide that cannot capture", s);
        sm.up_ray_count = uint8_t(std::count_if(ry.begin(), ry.end(), [](const Ray& r) { return r.bits.up; }));
      }

  // The squares a capture from afar comes from, on one level (the Dragon's, above).
  for (int c = 0; c < COLOR_NB; ++c)
    for (int s = 0; s < SQUARE_NB; ++s) {
      const Bitboard& from = afar_from[c * SQUARE_NB + s];
      int level = -1;
      for (int w = 0; w < Bitboard::WORDS; ++w)
        if (from.w[w]) {
          if (level >= 0 && level != w / 2) table_bug("captures from afar from two levels", Square(s));
          level = w / 2;
        }
      if (level >= 0) afar_attackers_[c][s] = {from.w[2 * level], from.w[2 * level + 1], uint8_t(2 * level)};
    }

  // Afar masks, kept for the types that capture from afar.
  for (int t = 0; t < PIECE_TYPE_NB; ++t) {
    afar_slot_[t] = -1;
    bool any = false;
    for (int c = 0; c < COLOR_NB; ++c)
      for (int s = 0; s < SQUARE_NB; ++s) any = any || afar(c, t, s).any();
    if (!any) continue;
    afar_slot_[t] = int8_t(afar_masks_.size() / (COLOR_NB * SQUARE_NB));
    for (int c = 0; c < COLOR_NB; ++c)
      for (int s = 0; s < SQUARE_NB; ++s) afar_masks_.push_back(afar(c, t, s));
  }

  // Reverse slide rays: for a slide rule of type t on level L in direction d, the
  // attackers of a square s on L stand along -d from s.
  for (Color c : {GOLD, SCARLET})
    for (const MoveRule& r : rules) {
      if (r.motion != Slide || !(r.mode & CAPTURE_ONLY)) continue;
      for (const VecPair& vp : expand(r, c)) {
        Vec back{int8_t(-vp.a.dl), int8_t(-vp.a.df), int8_t(-vp.a.dr)};
        for (int si = 0; si < SQUARE_NB; ++si) {
          Square s = Square(si);
          if (!(r.levels >> level_of(s) & 1)) continue;
          auto& list = rrev[c * SQUARE_NB + s];
          Square first = shift(s, back);
          if (first == SQ_NONE) continue;
          bool merged = false;
          for (auto& e : list)
            if (ray_squares_[e.ray.first] == first) {
              e.types |= uint16_t(1u << r.piece);
              merged = true;
            }
          if (merged) continue;
          ReverseRay rr{{uint16_t(0), 0, CAPTURE_ONLY, {}}, uint16_t(1u << r.piece)};
          size_t start = ray_squares_.size();
          for (Square q = first; q != SQ_NONE; q = shift(q, back)) ray_squares_.push_back(q);
          if (ray_squares_.size() > 0xFFFF) table_bug("ray pool overflow", s);
          rr.ray.first = uint16_t(start);
          rr.ray.length = uint16_t(ray_squares_.size() - start);
          rr.ray.bits = ray_mask(s, std::span<const Square>(ray_squares_.data() + start, ray_squares_.size() - start));
          list.push_back(rr);
        }
      }
    }

  for (int t = 1; t < PIECE_TYPE_NB; ++t)
    if (std::any_of(rules.begin(), rules.end(), [&](const MoveRule& r) { return r.piece == t && r.motion == Slide; }))
      slider_types_.add(PieceType(t));

  // The targets of the types captured by shifts as shifts, from the per-square targets;
  // the other types' kinds of captures.
  for (PieceType t : {SYLPH, WARRIOR, DWARF, BASILISK}) shift_types_.add(t);
  for (int t = 1; t < PIECE_TYPE_NB; ++t) {
    bool plain = false, special = false;
    for (int c = 0; c < COLOR_NB; ++c)
      for (int s = 0; s < SQUARE_NB; ++s) {
        plain = plain || capture_mask_[c][t][s].any();
        special = special || square_moves_[c][t][s].special_count > 0;
      }
    const bool slides = slider_types_.contains(PieceType(t));
    if (!shift_types_.contains(PieceType(t)))
      capture_kinds_[t] =
          uint8_t((plain ? CAPTURE_PLAIN : 0) | (slides ? CAPTURE_SLIDE : 0) | (special ? CAPTURE_SPECIAL : 0));
  }
  // (Only their plain captures are generated, as shifts.)
  for (PieceType t : shift_types_)
    for (int c = 0; c < COLOR_NB; ++c)
      for (int s = 0; s < SQUARE_NB; ++s) {
        const SquareMoves& m = square_moves_[c][t][s];
        const auto specials = special_targets(m);
        const auto captures = [](const Target& x) { return (x.mode & CAPTURE_ONLY) != 0; };
        if (m.ray_count || std::any_of(specials.begin(), specials.end(), captures))
          table_bug("a shift type captures by sliding or through a special target", Square(s));
      }
  for (Color c : {GOLD, SCARLET})
    for (int t = 0; t < PIECE_TYPE_NB; ++t) {
      capture_shift_first_[c][t] = uint32_t(capture_shifts_.size());
      target_shift_first_[c][t] = uint32_t(target_shifts_.size());
      if (!shift_types_.contains(PieceType(t))) continue;
      // Keyed by (from word, square delta) and, for the targets, the mode too.
      std::map<std::tuple<int, int>, TargetShift> by_capture;
      std::map<std::tuple<int, int, int>, TargetShift> by_target;
      auto add = [](TargetShift& ts, Square s, Square to, Mode mode) {
        const int from_word = 2 * level_of(s), to_word = 2 * level_of(to);
        const int shift = (to % SQUARES_PER_LEVEL) - (s % SQUARES_PER_LEVEL);
        const TargetShift want{0,
                               0,
                               uint8_t(from_word),
                               uint8_t(to_word),
                               uint8_t(std::max(shift, 0)),
                               uint8_t(std::max(-shift, 0)),
                               int16_t(to - s),
                               mode};
        if ((ts.from_lo | ts.from_hi) && (ts.to_word != want.to_word || ts.left != want.left || ts.right != want.right))
          table_bug("one square delta, two shifts", s);
        const uint64_t lo = ts.from_lo, hi = ts.from_hi;
        ts = want;
        ts.from_lo = lo;
        ts.from_hi = hi;
        (Bitboard::word_of(s) == from_word ? ts.from_lo : ts.from_hi) |= Bitboard::bit_of(s);
      };
      for (int si = 0; si < SQUARE_NB; ++si) {
        const Square s = Square(si);
        const SquareMoves& sm = square_moves_[c][t][s];
        if (sm.special_count || sm.ray_count) table_bug("a type captured by shifts has special captures", s);
        bool all_shift = true;
        for (const Target& x : targets(sm)) {
          const int shift = (x.to % SQUARES_PER_LEVEL) - (s % SQUARES_PER_LEVEL);
          const bool fits = x.leap && shift > -64 && shift < 64;
          if (x.mode & CAPTURE_ONLY) {
            if (!fits) table_bug("capture shift out of range", s);
            add(by_capture[{2 * level_of(s), x.to - s}], s, x.to, x.mode);
          }
          if (fits)
            add(by_target[{2 * level_of(s), x.to - s, x.mode}], s, x.to, x.mode);
          else
            all_shift = false;
        }
        if (all_shift && may_stand_on(PieceType(t), level_of(s))) shift_squares_[c][t].set(s);
      }
      for (auto& [k, ts] : by_capture) capture_shifts_.push_back(ts);
      for (auto& [k, ts] : by_target) target_shifts_.push_back(ts);
    }
  for (Color c : {GOLD, SCARLET}) {
    capture_shift_first_[c][PIECE_TYPE_NB] = uint32_t(capture_shifts_.size());
    target_shift_first_[c][PIECE_TYPE_NB] = uint32_t(target_shifts_.size());
  }

  for (Color c : {GOLD, SCARLET}) {
    for (int s = 0; s < SQUARE_NB; ++s) {
      attack_first_[c][s] = uint32_t(attacks_.size());
      auto& l = rev[c * SQUARE_NB + s];
      attacks_.insert(attacks_.end(), l.begin(), l.end());
      rev_ray_first_[c][s] = uint32_t(rev_rays_.size());
      auto& rl = rrev[c * SQUARE_NB + s];
      const auto down = std::stable_partition(rl.begin(), rl.end(), [](const ReverseRay& r) { return r.ray.bits.up; });
      rev_up_count_[c][s] = uint8_t(down - rl.begin());
      rev_rays_.insert(rev_rays_.end(), rl.begin(), rl.end());
      // attack_entries lists every attacker; via_attack_entries only those through
      // an intermediate square.
      via_first_[c][s] = uint32_t(via_attacks_.size());
      auto& sl = srev[c * SQUARE_NB + s];
      via_attacks_.insert(via_attacks_.end(), sl.begin(), sl.end());
      attacks_.insert(attacks_.end(), sl.begin(), sl.end());
    }
    via_first_[c][SQUARE_NB] = uint32_t(via_attacks_.size());
    attack_first_[c][SQUARE_NB] = uint32_t(attacks_.size());
    rev_ray_first_[c][SQUARE_NB] = uint32_t(rev_rays_.size());
    for (int s = 0; s < SQUARE_NB; ++s) {
      Bitboard& region = attack_region_[c][s];
      for (const AttackEntry& e : attack_entries(c, Square(s))) {
        region.set(e.from);
        if (e.via != SQ_NONE) region.set(e.via);
      }
      for (const ReverseRay& rr : reverse_rays(c, Square(s)))
        for (Square q : ray_squares(rr.ray)) region.set(q);
    }
  }
}

template <Rules R>
const Tables* build_tables() {
  static const Tables* const t = new Tables(R);  // thread-safe on first use
  detail::tables_built[int(R)].store(t, std::memory_order_release);
  return t;
}
template const Tables* build_tables<Rules::Gygax>();
template const Tables* build_tables<Rules::Bga>();

}  // namespace dc
