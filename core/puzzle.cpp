#include "puzzle.h"

#include "diagram.h"
#include "movegen.h"
#include "movement.h"

namespace dc {

namespace {

// Whether a move reaches its square through an intermediate one (Motion::Via in the
// movement table: the Mage's 3<->1, the Elemental's two-step routes).
bool is_via(const Position& pos, Move m) {
  if (m.is_afar()) return false;
  const Piece p = pos.at(m.from());
  const Tables& T = tables(pos.rules());
  for (const Target& t : T.targets(T.moves(color_of(p), type_of(p), m.from())))
    if (t.to == m.to()) return t.via != SQ_NONE;
  return false;
}

// Whether the piece on s could capture on target (movement rules, freezing and blocking
// respected: core/diagram's move diagram).
bool hits(const Position& pos, Square s, Square target) {
  for (const DiagramSquare& d : move_diagram(pos, s).squares)
    if (d.square == target && (d.mode & CAPTURE_ONLY)) return true;
  return false;
}

Bitboard frozen_all(const Position& p) { return p.frozen_pieces(GOLD) | p.frozen_pieces(SCARLET); }

}  // namespace

int material(const Position& pos, Color c) {
  int s = 0;
  for (Square q : pos.pieces(c)) s += GYGAX_VALUE_CP[type_of(pos.at(q))];
  for (Square q : pos.pieces(~c)) s -= GYGAX_VALUE_CP[type_of(pos.at(q))];
  return s;
}

bool is_checkmate(Position& pos) { return in_check(pos) && legal_moves(pos).size == 0; }

std::vector<Move> mating_moves(Position& pos) {
  std::vector<Move> out;
  MoveList l = legal_moves(pos);
  for (Move m : l) {
    pos.make_move(m);
    if (is_checkmate(pos)) out.push_back(m);
    pos.unmake_move();
  }
  return out;
}

int puzzle_score(const SearchResult& r) {
  if (r.best.is_none()) return -1000000;
  if (r.is_mate) return r.mate_in > 0 ? 100000 - r.mate_in : -100000 - r.mate_in;
  return r.score_cp;
}

UniqueVerdict verify_unique(Search& search, Position& pos, uint64_t nodes, Move want) {
  UniqueVerdict v;
  SearchLimits lim;
  lim.nodes = nodes;
  v.best = search.go(pos, lim);
  v.nodes = v.best.nodes;
  if (v.best.best.is_none()) return v;
  if (!want.is_none() && !v.best.best.same_squares(want)) return v;
  v.best_score = puzzle_score(v.best);
  for (Move m : legal_moves(pos))
    if (!m.same_squares(v.best.best)) lim.root_moves.push_back(m);
  v.second_score = -1000000;
  if (!lim.root_moves.empty()) {
    const SearchResult second = search.go(pos, lim);
    v.nodes += second.nodes;
    v.second_score = puzzle_score(second);
  }
  if (v.best.is_mate && v.best.mate_in > 0)
    v.unique = v.second_score < 100000 - v.best.mate_in;
  else
    v.unique = v.best_score - v.second_score >= PUZZLE_UNIQUE_GAP;
  return v;
}

std::set<std::string> tag_line(Position& pos, const std::vector<Move>& line, bool mate) {
  std::set<std::string> tags;
  const Color solver = pos.side_to_move();
  for (const Move m : line) {
    const bool mine = pos.side_to_move() == solver;
    const Piece p = pos.at(m.from());
    const Piece victim = m.is_capture() ? pos.at(m.to()) : NO_PIECE;
    const Bitboard before = frozen_all(pos);
    if (mine) {
      if (m.is_afar()) tags.insert("afar");
      if (m.is_promotion()) tags.insert("promotion");
      if (is_via(pos, m)) tags.insert("via");
      if (!m.is_afar() && level_of(m.from()) != level_of(m.to())) tags.insert("level-change");
      if (type_of(p) == SYLPH && level_of(m.from()) == LEVEL_2 && level_of(m.to()) == LEVEL_3 &&
          m.to() != above(m.from()))
        tags.insert("sylph-return");
      if (type_of(p) == BASILISK || type_of(victim) == BASILISK || (victim != NO_PIECE && pos.frozen(m.to())))
        tags.insert("freezing");
    }
    pos.make_move(m);
    const Bitboard after = frozen_all(pos);
    if (before.minus(after).any() || after.minus(before).any()) tags.insert("freezing");
    if (mine && in_check(pos)) {
      tags.insert("check");
      const Square k = pos.king_square(pos.side_to_move());
      const Square checker = m.is_afar() ? m.from() : m.to();
      if (level_of(checker) != level_of(k) && hits(pos, checker, k)) tags.insert("check-levels");
    }
  }
  if (mate) {
    tags.insert("mate");
    if (pos.frozen(pos.king_square(pos.side_to_move()))) tags.insert("freezing");
  } else {
    tags.insert("material");
  }
  for (size_t i = 0; i < line.size(); ++i) pos.unmake_move();
  return tags;
}

}  // namespace dc
