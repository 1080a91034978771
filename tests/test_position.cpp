// Position strings (docs/rules.md §6.1, §2.3): round trips and rejection of malformed
// input with a message that names the problem.
#include <catch2/catch_test_macros.hpp>

#include "test_helpers.h"

using th::fen_of;

TEST_CASE("start position string round trip and contents", "[position]") {
  dc::Position pos = dc::Position::start();
  CHECK(pos.to_string() == dc::START_POSITION);
  CHECK(th::pos_of(dc::START_POSITION).to_string() == dc::START_POSITION);
  CHECK(pos.piece_count(dc::GOLD) == 42);
  CHECK(pos.piece_count(dc::SCARLET) == 42);
  CHECK(pos.king_square(dc::GOLD) == th::sq("2g1"));
  CHECK(pos.king_square(dc::SCARLET) == th::sq("2g8"));
  CHECK(pos.side_to_move() == dc::GOLD);
  CHECK(pos.quiet_plies() == 0);
  CHECK(pos.move_number() == 1);
  CHECK(pos.at(th::sq("3g1")) == dc::make_piece(dc::GOLD, dc::DRAGON));
  CHECK(pos.at(th::sq("1g8")) == dc::make_piece(dc::SCARLET, dc::ELEMENTAL));
  CHECK(pos.at(th::sq("3a7")) == dc::make_piece(dc::SCARLET, dc::SYLPH));
  CHECK(pos.at(th::sq("1b2")) == dc::make_piece(dc::GOLD, dc::DWARF));
  CHECK(pos.empty(th::sq("3b2")));
  CHECK(pos.key() == pos.compute_key());
  CHECK(std::string(ref::kStartFen) == std::string(dc::START_POSITION));
  CHECK_FALSE(dc::in_check(pos));
}

TEST_CASE("round trip of positions from random play", "[position]") {
  auto fens = th::random_positions(2024, 40, 120, 0.6);
  REQUIRE(fens.size() > 2000);
  for (const auto& f : fens) {
    INFO(f);
    auto r = dc::Position::from_string(f);
    REQUIRE(r.ok());
    CHECK(r->to_string() == f);
    CHECK(r->key() == r->compute_key());
    ref::Pos rp;
    std::string err;
    REQUIRE(ref::parse(f, rp, err));
    CHECK(ref::to_fen(rp) == f);
  }
}

TEST_CASE("the key depends on placement and side only", "[position]") {
  // Reached by play and read from its string: same key.
  dc::Position pos = dc::Position::start();
  th::play(pos, "2b12c3");
  th::play(pos, "2b82c6");
  dc::Position read = th::pos_of(pos.to_string());
  CHECK(read.key() == pos.key());
  // Side to move changes the key; counters do not.
  std::string g = fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2e4", 'O'}});
  std::string s = fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2e4", 'O'}}, 's');
  std::string g2 = fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2e4", 'O'}}, 'g', 17, 40);
  CHECK(th::pos_of(g).key() != th::pos_of(s).key());
  CHECK(th::pos_of(g).key() == th::pos_of(g2).key());
  CHECK(th::pos_of(g2).quiet_plies() == 17);
  CHECK(th::pos_of(g2).move_number() == 40);
}

namespace {

const std::string START(dc::START_POSITION);

std::string replace_field(std::string fen, int field, const std::string& with) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t i = 0; i <= fen.size(); ++i)
    if (i == fen.size() || fen[i] == ' ') {
      parts.push_back(fen.substr(start, i - start));
      start = i + 1;
    }
  parts[field] = with;
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? " " : "") + parts[i];
  return out;
}

// Placement of `rank_index` (0 = level 3 rank 8 ... 23 = level 1 rank 1) replaced.
std::string replace_rank(std::string fen, int rank_index, const std::string& with) {
  size_t sp = fen.find(' ');
  std::string placement = fen.substr(0, sp), rest = fen.substr(sp);
  std::vector<std::string> ranks;
  size_t start = 0;
  for (size_t i = 0; i <= placement.size(); ++i)
    if (i == placement.size() || placement[i] == '/') {
      ranks.push_back(placement.substr(start, i - start));
      start = i + 1;
    }
  ranks[rank_index] = with;
  std::string out;
  for (size_t i = 0; i < ranks.size(); ++i) out += (i ? "/" : "") + ranks[i];
  return out + rest;
}

void rejected(const std::string& fen, const std::string& needle) {
  auto r = dc::Position::from_string(fen);
  INFO("input: " << fen);
  REQUIRE_FALSE(r.ok());
  INFO("error: " << r.error());
  CHECK(r.error().find(needle) != std::string::npos);
}

}  // namespace

TEST_CASE("malformed position strings are rejected with the right message", "[position]") {
  // Fields.
  rejected("", "empty");
  rejected(START.substr(0, START.size() - 4), "4 fields");  // no counters
  rejected(START + " 7", "4 fields");                       // trailing garbage field
  rejected(replace_field(START, 1, "g  0"), "exactly one space");
  rejected(replace_field(START, 3, "1x"), "move number");  // trailing garbage in a field
  // Ranks and squares.
  rejected("12/" + START, "24 ranks");
  rejected(START.substr(START.find('/') + 1), "24 ranks");
  rejected(replace_rank(START, 2, "13"), "bad count of empty squares");
  rejected(replace_rank(START, 2, "0"), "bad count of empty squares");
  rejected(replace_rank(START, 2, "6060"), "bad count of empty squares");
  rejected(replace_rank(START, 2, "11"), "11 squares, expected 12");
  rejected(replace_rank(START, 2, "6s6"), "more than 12 squares");
  rejected(replace_rank(START, 8, "ouhtcmkpthuoo"), "more than 12 squares");
  rejected(replace_rank(START, 2, "5x6"), "unknown piece letter 'x'");
  rejected(replace_rank(START, 2, "5Z6"), "unknown piece letter");
  // Kings.
  rejected(replace_rank(START, 15, "OUHTCMWPTHUO"), "Gold has no King");
  rejected(replace_rank(START, 8, "ouhtcm1pthuo"), "Scarlet has no King");
  rejected(fen_of({{"2a1", 'K'}, {"3c1", 'K'}, {"2l8", 'k'}}), "Gold has 2 Kings");
  rejected(fen_of({{"2a1", 'K'}, {"1c8", 'k'}, {"2l8", 'k'}, {"2h8", 'k'}}), "Scarlet has 3 Kings");
  rejected(replace_rank(START, 11, "5K6"), "more than 42 pieces");
  // Pieces on levels they can never stand on.
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2e4", 'R'}}), "Dragon on 2e4");
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"1e4", 'r'}}), "Dragon on 1e4");
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3e4", 'O'}}), "Oliphant on 3e4");
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"1e4", 'U'}}), "Unicorn on 1e4");
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3e4", 't'}}), "Thief on 3e4");
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"1e4", 'W'}}), "Warrior on 1e4");
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2e4", 'B'}}), "Basilisk on 2e4");
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"1e4", 's'}}), "Sylph on 1e4");
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"1e4", 'G'}}), "Griffon on 1e4");
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3e4", 'D'}}), "Dwarf on 3e4");
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3e4", 'e'}}), "Elemental on 3e4");
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3e4", 'e'}}), "can never stand on level 3");
  // Warriors on their last rank.
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2e8", 'W'}}), "Gold Warrior on 2e8");
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2e1", 'w'}}), "Scarlet Warrior on 2e1");
  // Side to move, counters.
  rejected(replace_field(START, 1, "x"), "side to move must be 'g' or 's'");
  rejected(replace_field(START, 1, "G"), "side to move");
  rejected(replace_field(START, 2, "-1"), "quiet-move counter");
  rejected(replace_field(START, 2, "abc"), "quiet-move counter");
  rejected(replace_field(START, 3, "0"), "move number");
  rejected(replace_field(START, 3, "99999999"), "move number");
  // The side not to move in check.
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2l1", 'O'}}), "Scarlet is in check but it is Gold's turn");
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2a6", 'o'}}, 's'), "Gold is in check but it is Scarlet's turn");
  // ... including from afar.
  rejected(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3l7", 'R'}}), "Scarlet is in check");
  // A frozen attacker does not count: accepted.
  CHECK(dc::Position::from_string(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2l1", 'O'}, {"1l1", 'b'}})).ok());
  // Legal edge cases that must be accepted.
  CHECK(dc::Position::from_string(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2e8", 'H'}, {"1e8", 'D'}})).ok());
  CHECK(dc::Position::from_string(fen_of({{"3a1", 'K'}, {"1l8", 'k'}, {"2e4", 'S'}, {"2f4", 'E'}})).ok());
}

TEST_CASE("nothing is half-applied: a rejected string leaves no position and the reference agrees", "[position]") {
  // A string whose only fault is in its last field must not yield a position.
  auto r = dc::Position::from_string(replace_field(START, 3, "zero"));
  CHECK_FALSE(r.ok());
  // Parsing the good string afterwards gives exactly the start position (no shared
  // state carried over from the failed parse).
  CHECK(th::pos_of(START).to_string() == START);
  CHECK(th::pos_of(START).key() == dc::Position::start().key());
}
