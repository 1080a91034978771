// Properties over thousands of positions reached by deterministic random play, under
// both rule sets: make/unmake restores everything, the incremental key is right, no
// legal move leaves the King in check (checked by the reference generator as an
// independent oracle), the legal move set equals the reference generator's, every
// pseudo-legal move that is safe is generated, and the square-set fast paths agree with
// the plain definitions.
#include <catch2/catch_test_macros.hpp>

#include <random>
#include <set>

#include "movement.h"
#include "rule_set.h"
#include "test_helpers.h"

namespace {

// attacked() by the definition, from the movement tables' lists: some unfrozen piece
// of `by` on a reverse entry (its via square empty, and under Board Game Arena's rules
// not gazed at) or first on a reverse ray (which such a square ends). The engine answers
// from square sets instead; the two must agree everywhere.
bool attacked_by_lists(const dc::Position& pos, dc::Square s, dc::Color by) {
  const dc::Tables& T = dc::tables(pos.rules());
  const dc::Bitboard gaze = pos.gaze(by);
  for (const dc::AttackEntry& e : T.attack_entries(by, s)) {
    const dc::Piece p = pos.at(e.from);
    if (p == dc::NO_PIECE || dc::color_of(p) != by || !(e.types >> dc::type_of(p) & 1)) continue;
    if (e.via != dc::SQ_NONE && (!pos.empty(e.via) || gaze.test(e.via))) continue;
    if (!pos.frozen(e.from)) return true;
  }
  for (const dc::ReverseRay& rr : T.reverse_rays(by, s))
    for (dc::Square q : T.ray_squares(rr.ray)) {
      const dc::Piece p = pos.at(q);
      if (p == dc::NO_PIECE && gaze.test(q)) break;
      if (p == dc::NO_PIECE) continue;
      if (dc::color_of(p) == by && (rr.types >> dc::type_of(p) & 1) && !pos.frozen(q)) return true;
      break;
    }
  return false;
}

// The square sets, the quiet/capture split of generation, pseudo_legal() and
// attacked() agree with the board and with the plain definitions.
void check_fast_paths(dc::Position& pos, const dc::Move* pseudo, int n) {
  // (One assertion per position: the first square that disagrees, if any.)
  std::string wrong_sets, wrong_attack;
  for (int si = 0; si < dc::SQUARE_NB; ++si) {
    const dc::Square s = dc::Square(si);
    const dc::Piece p = pos.at(s);
    bool ok = pos.occupied().test(s) == (p != dc::NO_PIECE) && (p == dc::NO_PIECE || pos.pieces_of(p).test(s));
    for (dc::Color c : {dc::GOLD, dc::SCARLET}) {
      ok = ok && pos.occupied(c).test(s) == (p != dc::NO_PIECE && dc::color_of(p) == c);
      if (wrong_attack.empty() && dc::attacked(pos, s, c) != attacked_by_lists(pos, s, c))
        wrong_attack = dc::square_name(s) + " by " + dc::color_name(c);
    }
    if (!ok && wrong_sets.empty()) wrong_sets = dc::square_name(s);
  }
  CHECK(wrong_sets == "");
  CHECK(wrong_attack == "");
  CHECK(pos.occupied().count() == pos.piece_count(dc::GOLD) + pos.piece_count(dc::SCARLET));

  dc::Move split[dc::MAX_MOVES];
  int k = dc::generate_pseudo_quiets(pos, split);
  for (int i = 0; i < k; ++i) CHECK_FALSE(split[i].is_capture());
  k += dc::generate_pseudo_captures(pos, split + k);
  std::multiset<uint32_t> all, parts;
  for (int i = 0; i < n; ++i) all.insert(pseudo[i].raw());
  for (int i = 0; i < k; ++i) parts.insert(split[i].raw());
  CHECK(all == parts);

  // pseudo_legal: every generated move; no move between other squares of the mover,
  // nor the same squares with another kind.
  std::string wrong_pseudo;
  for (int i = 0; i < n && wrong_pseudo.empty(); ++i) {
    const dc::Move m = pseudo[i];
    if (!dc::pseudo_legal(pos, m)) wrong_pseudo = "rejected " + dc::to_coordinate(m);
    const dc::MoveKind other = m.is_capture() ? dc::MoveKind::Normal : dc::MoveKind::Capture;
    if (dc::pseudo_legal(pos, dc::Move(m.from(), m.to(), other, m.is_promotion())))
      wrong_pseudo = "accepted another kind of " + dc::to_coordinate(m);
    const dc::Square elsewhere = dc::Square((m.to() + 37) % dc::SQUARE_NB);
    for (dc::MoveKind kind : {dc::MoveKind::Normal, dc::MoveKind::Capture, dc::MoveKind::Afar}) {
      const dc::Move x(m.from(), elsewhere, kind);
      if (!all.count(x.raw()) && dc::pseudo_legal(pos, x)) wrong_pseudo = "accepted " + dc::to_coordinate(x);
    }
  }
  CHECK(wrong_pseudo == "");
  CHECK_FALSE(dc::pseudo_legal(pos, dc::Move::none()));
}

struct Counts {
  size_t positions = 0, moves = 0, captures = 0, afar = 0, promotions = 0, frozen_positions = 0, checks = 0;
  size_t rules_differ = 0;  // positions whose legal moves the other rule set changes
  // Quiet moves that may give check or not, and promotions that cannot give check.
  size_t quiet_checking = 0, quiet_not_checking = 0, promotions_no_check = 0;
};

// Checks every property on one position. `ref_every` > 0: full reference comparison
// (legal set and oracle check) on every ref_every-th position.
void check_position(dc::Position& pos, bool with_ref, Counts& c) {
  const std::string fen = pos.to_string();
  const uint64_t key = pos.key();
  INFO("position: " << fen);
  REQUIRE(key == pos.compute_key());
  ++c.positions;
  if (dc::in_check(pos)) ++c.checks;
  for (dc::Square s : pos.pieces(pos.side_to_move()))
    if (pos.frozen(s)) {
      ++c.frozen_positions;
      break;
    }

  dc::MoveList legal = dc::legal_moves(pos);
  REQUIRE(pos.to_string() == fen);  // generation leaves the position untouched
  std::set<std::string> legal_set;
  ref::Pos rp;
  std::string err;
  const ref::Rules ref_rules = pos.rules() == dc::Rules::Bga ? ref::Rules::Bga : ref::Rules::Gygax;
  if (with_ref) REQUIRE(ref::parse(fen, rp, err, ref_rules));
  for (dc::Move m : legal) {
    std::string coord = dc::to_coordinate(m);
    INFO("move " << coord);
    CHECK(legal_set.insert(coord).second);  // generated once
    ++c.moves;
    if (m.is_capture()) ++c.captures;
    if (m.is_afar()) ++c.afar;
    if (m.is_promotion()) ++c.promotions;
    // Capture flag agrees with the board.
    dc::Piece target = pos.at(m.to());
    CHECK(m.is_capture() == (target != dc::NO_PIECE));
    if (m.is_capture()) CHECK(dc::color_of(target) != pos.side_to_move());
    CHECK_FALSE(pos.frozen(m.from()));
    const bool may_check = dc::may_give_check(pos, m);
    pos.make_move(m);
    CHECK(pos.key() == pos.compute_key());
    CHECK(dc::in_check_after_move(pos) == dc::in_check(pos));
    if (!may_check) CHECK_FALSE(dc::in_check(pos));  // (the search skips such futile moves unmade)
    // Re-reading the string gives the same key: it depends on placement, side and rules only.
    auto again = dc::Position::from_string(pos.to_string(), pos.rules());
    REQUIRE(again.ok());
    CHECK(again->key() == pos.key());
    if (with_ref) {
      ref::Pos after = ref::apply(rp, coord);
      CHECK(ref::to_fen(after) == pos.to_string());
      // The mover's King is not capturable: flip the side and ask the oracle.
      ref::Pos flipped = after;
      flipped.side = flipped.side == 'g' ? 's' : 'g';
      CHECK_FALSE(ref::in_check(flipped));
    }
    pos.unmake_move();
    REQUIRE(pos.to_string() == fen);
    REQUIRE(pos.key() == key);
  }
  // Every safe pseudo-legal move is generated, no unsafe one is (safe by the definition:
  // make the move, ask whether the King is attacked); leaves_king_safe, which decides on
  // square sets without making the move, agrees; perft's count is the number of legal
  // moves.
  dc::Move pseudo[dc::MAX_MOVES];
  int n = dc::generate_pseudo(pos, pseudo);
  std::set<std::string> safe;
  std::string wrong_verdict;
  const dc::Color us = pos.side_to_move();
  for (int i = 0; i < n; ++i) {
    pos.make_move(pseudo[i]);
    const bool ok = !dc::attacked(pos, pos.king_square(us), ~us);
    pos.unmake_move();
    if (ok) safe.insert(dc::to_coordinate(pseudo[i]));
    if (dc::leaves_king_safe(pos, pseudo[i]) != ok && wrong_verdict.empty())
      wrong_verdict = dc::to_coordinate(pseudo[i]);
  }
  CHECK(safe == legal_set);
  CHECK(wrong_verdict == "");
  CHECK(dc::count_legal(pos) == legal.size);
  // Captures-only generation is the capture subset of the pseudo-legal moves.
  dc::Move capt[dc::MAX_MOVES];
  int nc = dc::generate_pseudo_captures(pos, capt);
  std::multiset<std::string> a, b;
  for (int i = 0; i < nc; ++i) a.insert(dc::to_coordinate(capt[i]));
  for (int i = 0; i < n; ++i)
    if (pseudo[i].is_capture()) b.insert(dc::to_coordinate(pseudo[i]));
  CHECK(a == b);
  // Quiet generation (on square sets) is the other subset; the futile nodes' quiet
  // generation, its promotions and the moves that may give check.
  dc::Move quiet[dc::MAX_MOVES];
  const int nq = dc::generate_pseudo_quiets(pos, quiet);
  std::multiset<std::string> qa, qb, ca, cb;
  for (int i = 0; i < nq; ++i) qa.insert(dc::to_coordinate(quiet[i]));
  for (int i = 0; i < n; ++i)
    if (!pseudo[i].is_capture()) {
      qb.insert(dc::to_coordinate(pseudo[i]));
      if (pseudo[i].is_promotion() || dc::may_give_check(pos, pseudo[i])) cb.insert(dc::to_coordinate(pseudo[i]));
      c.promotions_no_check += pseudo[i].is_promotion() && !dc::may_give_check(pos, pseudo[i]);
    }
  CHECK(qa == qb);
  const int nk = dc::generate_pseudo_quiets_checking(pos, quiet);
  for (int i = 0; i < nk; ++i) ca.insert(dc::to_coordinate(quiet[i]));
  CHECK(ca == cb);
  c.quiet_checking += cb.size();
  c.quiet_not_checking += qb.size() - cb.size();
  check_fast_paths(pos, pseudo, n);
  if (with_ref) {
    std::vector<std::string> mine(legal_set.begin(), legal_set.end());
    CHECK(mine == ref::legal_moves(rp));
    CHECK(dc::in_check(pos) == ref::in_check(rp));
  }
  // The same placement under the other rule set: where the legal moves differ.
  const dc::Rules other = pos.rules() == dc::Rules::Gygax ? dc::Rules::Bga : dc::Rules::Gygax;
  if (auto o = dc::Position::from_string(fen, other); o.ok() && th::legal_strings(*o) != th::legal_strings(pos))
    ++c.rules_differ;
  REQUIRE(pos.to_string() == fen);
}

void run(uint32_t seed, int games, int plies, int ref_every, Counts& c, dc::Rules rules = dc::Rules::Gygax) {
  std::mt19937 rng(seed);
  int idx = 0;
  for (int g = 0; g < games; ++g) {
    dc::Position pos = dc::Position::start(rules);
    // Alternate between quiet and bloody games to reach varied material.
    double bias = (g % 3) * 0.4;
    std::vector<std::string> trail{pos.to_string()};
    for (int p = 0; p < plies; ++p) {
      check_position(pos, ref_every > 0 && idx++ % ref_every == 0, c);
      dc::Move m = th::random_move(pos, rng, bias);
      if (m.is_none() || dc::bare_kings(pos)) break;
      pos.make_move(m);
      trail.push_back(pos.to_string());
    }
    // Unmaking the whole game restores every intermediate position.
    for (int i = int(trail.size()) - 1; i > 0; --i) {
      REQUIRE(pos.to_string() == trail[i]);
      pos.unmake_move();
    }
    REQUIRE(pos.to_string() == trail[0]);
    REQUIRE(pos.key() == pos.compute_key());
  }
}

}  // namespace

TEST_CASE("properties over random play", "[properties]") {
  Counts c;
  const int games = th::games_to_play(36);
  run(20240601, games, 150, 3, c);
  // Plus hand-built positions with Warriors about to promote, frozen pieces, pins.
  for (const char* fen :
       {"12/12/3S8/12/12/12/12/6K5/3u6H1/2W2W2C3/12/12/12/12/4w4w2/h2O8/6k5/1D10/12/12/12/12/12/12 g 0 1",
        "12/12/3S8/12/12/12/12/6K5/3u6H1/2W2W2C3/12/12/12/12/4w4w2/h2O8/6k5/1D10/12/12/12/12/12/12 s 5 40",
        "s11/9g2/12/12/12/2R9/12/12/12/12/12/4k7/2ww3o4/4K7/5P6/12/12/12/12/4B7/7B4/12/3E8/12 g 0 1"}) {
    dc::Position pos = th::pos_of(fen);
    check_position(pos, true, c);
  }
  INFO("positions " << c.positions << " moves " << c.moves);
  CHECK(c.positions > 3000 * games / 36);
  // The sample must actually exercise the special rules.
  CHECK(c.afar > 0);
  CHECK(c.promotions > 0);
  CHECK(c.frozen_positions > 0);
  CHECK(c.checks > 0);
  INFO("quiet moves that may give check " << c.quiet_checking << ", not " << c.quiet_not_checking
                                          << ", promotions that cannot " << c.promotions_no_check);
  CHECK(c.quiet_checking > 10000 * games / 36);
  CHECK(c.quiet_not_checking > 10000 * games / 36);
  CHECK(c.promotions_no_check > 0);
}

TEST_CASE("properties over random play, Board Game Arena's rules", "[properties]") {
  Counts c;
  const int games = th::games_to_play(24);
  run(20250301, games, 150, 3, c, dc::Rules::Bga);
  // Hand-built positions where the two rule sets differ (tests/perft/rules.txt).
  for (const char* fen : {"12/12/12/12/12/12/12/12/7o4/12/12/1O2G4P2/12/12/12/K11/12/12/12/4b7/12/12/12/7k4 g 0 1",
                          "12/12/12/12/12/12/12/12/7o4/12/12/1O2G4P2/12/12/12/K11/12/12/12/4b7/12/12/12/7k4 s 0 1"}) {
    dc::Position pos = th::pos_of(fen, dc::Rules::Bga);
    check_position(pos, true, c);
  }
  INFO("positions " << c.positions << " moves " << c.moves << " differing " << c.rules_differ);
  CHECK(c.positions > 2000 * games / 24);
  CHECK(c.frozen_positions > 0);
  CHECK(c.checks > 0);
  // The sample must exercise the rules that differ: at least one position in fifty.
  CHECK(c.rules_differ * 50 > c.positions);
}

TEST_CASE("properties over random play, long", "[properties][slow]") {
  Counts c;
  run(777, 120, 200, 1, c);
  CHECK(c.positions > 15000);
  CHECK(c.afar > 0);
  CHECK(c.promotions > 0);
  Counts b;
  run(778, 60, 200, 1, b, dc::Rules::Bga);
  CHECK(b.positions > 7000);
  CHECK(b.rules_differ * 50 > b.positions);
}

namespace {

// A position of both Kings and `extra` other pieces of random colours on random squares
// where their type may stand, as a position string; "" when it is not a legal
// position (the side not to move in check, ...).
std::string sparse_position(std::mt19937& rng, int extra, dc::Rules rules) {
  std::vector<dc::Piece> board(dc::SQUARE_NB, dc::NO_PIECE);
  auto place = [&](dc::Piece p) {
    for (int tries = 0; tries < 100; ++tries) {
      const auto s = dc::Square(std::uniform_int_distribution<int>(0, dc::SQUARE_NB - 1)(rng));
      if (board[s] == dc::NO_PIECE && dc::may_stand_on(dc::type_of(p), dc::level_of(s))) {
        board[s] = p;
        return;
      }
    }
  };
  place(dc::make_piece(dc::GOLD, dc::KING));
  place(dc::make_piece(dc::SCARLET, dc::KING));
  // Half of them of the types with lines (and captures from afar, the Dragon's).
  constexpr dc::PieceType LINES[] = {dc::OLIPHANT, dc::THIEF, dc::MAGE, dc::DRAGON};
  for (int i = 0; i < extra; ++i) {
    const auto t =
        i % 2 ? LINES[rng() % 4] : dc::PieceType(std::uniform_int_distribution<int>(dc::SYLPH, dc::ELEMENTAL)(rng));
    if (t != dc::KING) place(dc::make_piece(dc::Color(rng() % 2), t));
  }
  std::string fen;
  for (int i = 0; i < 24; ++i) {  // level 3 rank 8 first, as position strings are written
    const int level = 2 - i / 8, rank = 7 - i % 8;
    if (i) fen += '/';
    int run = 0;
    for (int f = 0; f < 12; ++f) {
      const dc::Piece p = board[size_t(level * 96 + rank * 12 + f)];
      if (p == dc::NO_PIECE) {
        ++run;
        continue;
      }
      if (run) fen += std::to_string(run);
      run = 0;
      fen += dc::piece_char(p);
    }
    if (run) fen += std::to_string(run);
  }
  fen += rng() % 2 ? " g 0 1" : " s 0 1";
  return dc::Position::from_string(fen, rules).ok() ? fen : "";
}

}  // namespace

TEST_CASE("the check test after a move sees discovered checks", "[properties]") {
  // in_check_after_move() looks only at the piece that moved and at what the square it
  // left opens (a line through it, a move through it); in_check() looks at every piece.
  // Sparse positions of random pieces open lines to the Kings: every legal move of each,
  // made and tested both ways, under both rule sets.
  std::mt19937 rng(9090);
  for (dc::Rules rules : {dc::Rules::Gygax, dc::Rules::Bga}) {
    size_t positions = 0, checks = 0, discovered = 0, afar = 0;
    while (positions < 6000) {
      const std::string fen = sparse_position(rng, 6 + int(rng() % 14), rules);
      if (fen.empty()) continue;
      ++positions;
      dc::Position pos = th::pos_of(fen, rules);
      for (dc::Move m : dc::legal_moves(pos)) {
        pos.make_move(m);
        const bool check = dc::in_check(pos);
        INFO(fen << " move " << dc::to_coordinate(m));
        REQUIRE(dc::in_check_after_move(pos) == check);
        if (check) {
          ++checks;
          dc::Bitboard by = dc::attackers(pos, pos.king_square(pos.side_to_move()), ~pos.side_to_move());
          by.reset(m.is_afar() ? m.from() : m.to());
          if (by.any()) ++discovered, afar += m.is_afar();
        }
        pos.unmake_move();
      }
    }
    INFO(dc::rules_name(rules) << ": checking moves " << checks << ", discovered checks " << discovered
                               << " (by a capture from afar " << afar << ")");
    CHECK(checks > 5000);
    CHECK(discovered > 100);
    // And by hand, the rare one: the Dragon takes the Warrior that stood between the
    // Oliphant and the King from afar, staying where it is.
    dc::Position pos =
        th::pos_of(th::fen_of({{"2l1", 'K'}, {"2a1", 'O'}, {"3a5", 'R'}, {"2a4", 'w'}, {"2a8", 'k'}}), rules);
    auto m = dc::parse_coordinate(pos, "3a52a4");
    REQUIRE(m.ok());
    REQUIRE(m.value().is_afar());
    pos.make_move(m.value());
    CHECK(dc::in_check(pos));
    CHECK(dc::in_check_after_move(pos));
    // Taking the Basilisk that froze the Oliphant above it thaws it: check along its line.
    pos = th::pos_of(th::fen_of({{"2l1", 'K'}, {"2a1", 'O'}, {"1a1", 'b'}, {"1b1", 'E'}, {"1a2", 'E'}, {"2a8", 'k'}}),
                     rules);
    int thawing = 0;
    for (dc::Move c : dc::legal_moves(pos))
      if (c.to() == dc::parse_square("1a1")) {
        pos.make_move(c);
        CHECK(dc::in_check(pos));
        CHECK(dc::in_check_after_move(pos));
        pos.unmake_move();
        ++thawing;
      }
    CHECK(thawing > 0);
  }
}

TEST_CASE("null move keeps key and string consistent", "[properties]") {
  auto fens = th::random_positions(99, 10, 60);
  for (size_t i = 0; i < fens.size(); i += 7) {
    dc::Position pos = th::pos_of(fens[i]);
    if (dc::in_check(pos)) continue;
    uint64_t k = pos.key();
    pos.make_null();
    CHECK(pos.key() != k);
    CHECK(pos.key() == pos.compute_key());
    CHECK(pos.side_to_move() != th::pos_of(fens[i]).side_to_move());
    pos.unmake_null();
    CHECK(pos.key() == k);
    CHECK(pos.to_string() == fens[i]);
  }
}
