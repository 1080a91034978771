// Position::from_board: the position editor's board (288 characters) and side to move,
// read through the position-string reader: the same position, or the reader's reason.
#include <catch2/catch_test_macros.hpp>

#include <string>

#include "position.h"
#include "test_helpers.h"

using namespace dc;

namespace {
std::string board_of(const Position& p) {
  std::string b(SQUARE_NB, '.');
  for (int s = 0; s < SQUARE_NB; ++s) b[size_t(s)] = piece_char(p.at(Square(s)));
  return b;
}
std::string error_of(const std::string& board, Color side = GOLD) {
  auto r = Position::from_board(board, side);
  REQUIRE_FALSE(r.ok());
  return r.error();
}
}  // namespace

TEST_CASE("from_board gives the position of the board and side", "[position][editor]") {
  const Position start = Position::start();
  auto r = Position::from_board(board_of(start), GOLD);
  REQUIRE(r.ok());
  CHECK(r->to_string() == std::string(START_POSITION));
  const std::string few = th::fen_of({{"2a1", 'K'}, {"3c4", 'S'}, {"1e5", 'b'}, {"2l8", 'k'}}, 's');
  auto f = Position::from_board(board_of(th::pos_of(few)), SCARLET);
  REQUIRE(f.ok());
  CHECK(f->to_string() == few);
}

TEST_CASE("from_board rejects a bad board with the reader's reason", "[position][editor]") {
  std::string b(SQUARE_NB, '.');
  CHECK(error_of(b) == "Gold has no King");
  b[size_t(parse_square("2a1"))] = 'K';
  b[size_t(parse_square("2l8"))] = 'k';
  REQUIRE(Position::from_board(b, GOLD).ok());
  std::string dragon = b;
  dragon[size_t(parse_square("2c4"))] = 'R';
  CHECK(error_of(dragon) == "Gold Dragon on 2c4: the Dragon can never stand on level 2");
  std::string warrior = b;
  warrior[size_t(parse_square("2c8"))] = 'W';
  CHECK(error_of(warrior) == "Gold Warrior on 2c8: a Warrior on its last rank must already be a Hero");
  std::string kings = b;
  kings[size_t(parse_square("2c3"))] = 'k';
  CHECK(error_of(kings) == "Scarlet has 2 Kings (exactly one allowed)");
  std::string check = b;
  check[size_t(parse_square("2a8"))] = 'O';  // a Gold Oliphant gives check along rank 8
  CHECK(error_of(check) == "Scarlet is in check but it is Gold's turn to move");
  CHECK(Position::from_board(check, SCARLET).ok());
  std::string junk = b;
  junk[size_t(parse_square("1b2"))] = '7';
  CHECK(error_of(junk) == "unknown piece letter '7' on 1b2");
  CHECK(error_of(b.substr(1)) == "a board has 288 squares, found 287");
}
