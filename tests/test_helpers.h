// Shared helpers of the rules tests (header-only). Positions are built from small
// piece lists, move sets are compared as sorted strings so that a failing test prints
// exactly which moves are missing or extra.
#pragma once

#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "refgen.h"
#include "search/search.h"
#include "status.h"

namespace th {

/// The games a long random run plays: all of them natively, a third under the sanitizers
/// (their stage of scripts/test runs every test case again, several times slower; the
/// native stages play every game, and a third still covers every code path the run reaches).
constexpr int games_to_play(int games) {
#ifdef DRAGONCHESS_SANITIZED
  return games / 3 > 0 ? games / 3 : 1;
#else
  return games;
#endif
}

// Positions for search tests: openings (dc::opening_positions), then up to 40 random,
// mostly capturing plies, so that tactics and checks are common; none already over.
inline std::vector<std::string> varied_positions(int count, uint64_t seed) {
  std::vector<std::string> out;
  std::mt19937_64 rng(seed);
  for (const std::string& f : dc::opening_positions(count, 10, seed)) {
    auto r = dc::Position::from_string(f);
    REQUIRE(r.ok());
    dc::Position pos = std::move(r).value();
    const int plies = int(rng() % 40);
    for (int p = 0; p < plies; ++p) {
      dc::MoveList l = dc::legal_moves(pos);
      if (l.size == 0 || dc::game_status(pos).over()) break;
      dc::Move m = l[int(rng() % uint64_t(l.size))];
      for (int k = 0; k < 4 && !m.is_capture(); ++k) m = l[int(rng() % uint64_t(l.size))];
      pos.make_move(m);
    }
    if (!dc::game_status(pos).over()) out.push_back(pos.to_string());
  }
  return out;
}

// A position string from a list of (square, letter) placements, e.g.
//   fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3c4", 'S'}})
inline std::string fen_of(std::initializer_list<std::pair<const char*, char>> pieces, char side = 'g', int quiet = 0,
                          int move_number = 1) {
  char board[3][8][12];
  std::memset(board, '.', sizeof board);
  for (auto& [sq, c] : pieces) {
    std::string_view s(sq);
    REQUIRE(s.size() == 3);
    int l = s[0] - '1', f = s[1] - 'a', r = s[2] - '1';
    REQUIRE((l >= 0 && l < 3 && f >= 0 && f < 12 && r >= 0 && r < 8));
    board[l][r][f] = c;
  }
  std::string out;
  for (int i = 0; i < 24; ++i) {
    int l = 2 - i / 8, r = 7 - i % 8;
    if (i) out += '/';
    int run = 0;
    for (int f = 0; f < 12; ++f) {
      char c = board[l][r][f];
      if (c == '.') {
        ++run;
        continue;
      }
      if (run) out += std::to_string(run);
      run = 0;
      out += c;
    }
    if (run) out += std::to_string(run);
  }
  out += ' ';
  out += side;
  out += ' ' + std::to_string(quiet) + ' ' + std::to_string(move_number);
  return out;
}

// Reads a position string; the test fails (with the error text) if it is rejected.
inline dc::Position pos_of(std::string_view text, dc::Rules rules = dc::Rules::Gygax) {
  auto r = dc::Position::from_string(text, rules);
  INFO("position: " << text << (r.ok() ? std::string() : " -> error: " + r.error()));
  REQUIRE(r.ok());
  return std::move(r).value();
}

inline dc::Square sq(std::string_view s) {
  dc::Square q = dc::parse_square(s);
  REQUIRE(q != dc::SQ_NONE);
  return q;
}

// All legal moves as sorted coordinate strings.
inline std::vector<std::string> legal_strings(dc::Position& pos) {
  std::vector<std::string> v;
  for (dc::Move m : dc::legal_moves(pos)) v.push_back(dc::to_coordinate(m));
  std::sort(v.begin(), v.end());
  return v;
}

// The legal moves of the piece on `from`, each written as its destination with a
// prefix telling the kind: "3b5" a plain move, "x3c5" a capture, "afar2c4" a capture
// from afar. Sorted.
inline std::vector<std::string> moves_from(dc::Position& pos, std::string_view from) {
  dc::Square f = sq(from);
  std::vector<std::string> v;
  for (dc::Move m : dc::legal_moves(pos)) {
    if (m.from() != f) continue;
    std::string s = m.is_afar() ? "afar" : m.is_capture() ? "x" : "";
    v.push_back(s + dc::square_name(m.to()));
  }
  std::sort(v.begin(), v.end());
  return v;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Prefix every square with "x" (expected captures).
inline std::vector<std::string> caps(std::vector<std::string> v) {
  for (auto& s : v) s = "x" + s;
  return v;
}

inline std::vector<std::string> concat(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The reference generator's legal moves of a position string.
inline std::vector<std::string> ref_moves(const std::string& fen) {
  ref::Pos p;
  std::string err;
  INFO("ref parse: " << fen);
  REQUIRE(ref::parse(fen, p, err));
  return ref::legal_moves(p);
}

// Both generators agree on the complete legal move list of the position.
inline void check_against_ref(const std::string& fen) {
  dc::Position pos = pos_of(fen);
  INFO("position: " << fen);
  CHECK(legal_strings(pos) == ref_moves(fen));
}

// Plays a legal move given as coordinates; REQUIREs that it is legal.
inline dc::Move play(dc::Position& pos, std::string_view coord) {
  auto r = dc::parse_coordinate(pos, coord);
  INFO("move " << coord << " in " << pos.to_string() << (r.ok() ? std::string() : " -> error: " + r.error()));
  REQUIRE(r.ok());
  pos.make_move(*r);
  return *r;
}

// Random play. `bias_captures` makes the game bloodier (a capture is chosen with
// that probability when one exists) so that positions with few pieces, promoted
// Heroes and pieces off their home levels are reached.
inline dc::Move random_move(dc::Position& pos, std::mt19937& rng, double bias_captures = 0.0) {
  dc::MoveList l = dc::legal_moves(pos);
  if (l.size == 0) return dc::Move::none();
  if (bias_captures > 0 && std::uniform_real_distribution<double>(0, 1)(rng) < bias_captures) {
    std::vector<dc::Move> c;
    for (dc::Move m : l)
      if (m.is_capture()) c.push_back(m);
    if (!c.empty()) return c[std::uniform_int_distribution<size_t>(0, c.size() - 1)(rng)];
  }
  return l[std::uniform_int_distribution<int>(0, l.size - 1)(rng)];
}

// Position strings along `games` random games of up to `plies` plies each (the start
// position is not included). Deterministic for a given seed.
inline std::vector<std::string> random_positions(uint32_t seed, int games, int plies, double bias_captures = 0.5) {
  std::mt19937 rng(seed);
  std::vector<std::string> out;
  for (int g = 0; g < games; ++g) {
    dc::Position pos = dc::Position::start();
    for (int p = 0; p < plies; ++p) {
      dc::Move m = random_move(pos, rng, bias_captures);
      if (m.is_none()) break;
      pos.make_move(m);
      out.push_back(pos.to_string());
      if (dc::bare_kings(pos)) break;
    }
  }
  return out;
}

// Kings parked where the small example positions of the rules tests do not reach.
constexpr std::pair<const char*, char> GK{"2l1", 'K'};
constexpr std::pair<const char*, char> SK{"2l8", 'k'};

// The legal moves of the piece on `from` (see moves_from), after checking the whole
// position against the reference generator.
inline std::vector<std::string> moves_of(const std::string& fen, const char* from) {
  dc::Position pos = pos_of(fen);
  check_against_ref(fen);
  return moves_from(pos, from);
}

}  // namespace th
