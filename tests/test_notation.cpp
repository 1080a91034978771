// Move notation (docs/rules.md §6.2, §6.3): coordinate and algebraic writing/reading, and
// every form of Gygax's article.
#include <catch2/catch_test_macros.hpp>

#include "game.h"
#include "test_helpers.h"

using th::fen_of;

namespace {

dc::Move read(dc::Position& pos, std::string_view text) {
  auto r = dc::parse_move(pos, text);
  INFO("reading '" << text << "' in " << pos.to_string() << (r.ok() ? std::string() : " -> " + r.error()));
  REQUIRE(r.ok());
  return *r;
}

std::string read_error(dc::Position& pos, std::string_view text) {
  auto r = dc::parse_move(pos, text);
  INFO("reading '" << text << "' in " << pos.to_string());
  REQUIRE_FALSE(r.ok());
  return r.error();
}

std::string coord_error(dc::Position& pos, std::string_view text) {
  auto r = dc::parse_coordinate(pos, text);
  INFO("reading '" << text << "'");
  REQUIRE_FALSE(r.ok());
  return r.error();
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("notation round trip over every legal move of random positions", "[notation]") {
  auto fens = th::random_positions(77, 12, 100, 0.5);
  fens.insert(fens.begin(), std::string(dc::START_POSITION));
  size_t checked = 0;
  for (size_t i = 0; i < fens.size(); i += 3) {
    dc::Position pos = th::pos_of(fens[i]);
    for (dc::Move m : dc::legal_moves(pos)) {
      std::string alg = dc::to_algebraic(pos, m);
      std::string coord = dc::to_coordinate(m);
      INFO(fens[i] << " move " << coord << " written " << alg);
      auto back = dc::parse_move(pos, alg);
      REQUIRE(back.ok());
      CHECK(*back == m);
      auto c = dc::parse_coordinate(pos, coord);
      REQUIRE(c.ok());
      CHECK(*c == m);
      auto c2 = dc::parse_move(pos, coord);
      REQUIRE(c2.ok());
      CHECK(*c2 == m);
      CHECK(coord.size() == 6);
      // Captures carry an x, other moves do not; promotions end in (H).
      CHECK(contains(alg, "x") == m.is_capture());
      CHECK(contains(alg, "(H)") == m.is_promotion());
      ++checked;
    }
    CHECK(pos.to_string() == fens[i]);  // writing and reading do not change the position
  }
  CHECK(checked > 20000);
}

TEST_CASE("Gygax's notation: plain move and origin with '/'", "[notation][article]") {
  dc::Position pos = dc::Position::start();
  dc::Move w = read(pos, "W2f3");
  CHECK(dc::to_coordinate(w) == "2f22f3");
  CHECK(read(pos, "w2f3") == w);  // the article prints it in lower case
  CHECK(dc::to_algebraic(pos, w) == "W2f3");
  // Both Sylphs 3c2 and 3e2 can reach 3d3.
  CHECK(contains(read_error(pos, "S3d3"), "ambiguous"));
  dc::Move s = read(pos, "S/3e2-3d3");
  CHECK(dc::to_coordinate(s) == "3e23d3");
  CHECK(dc::to_algebraic(pos, s) == "S/3e2-3d3");
  CHECK(dc::to_coordinate(read(pos, "S/3c2-3d3")) == "3c23d3");
  CHECK(dc::to_coordinate(read(pos, "S3e2-3d3")) == "3e23d3");
  CHECK(dc::to_coordinate(read(pos, "3e23d3")) == "3e23d3");
  // Sylph 3k2 -> 3l3 is unique; 3a2 -> 3b3 is not (3c2 -> 3b3).
  CHECK(dc::to_algebraic(pos, read(pos, "3k23l3")) == "S3l3");
  CHECK(dc::to_algebraic(pos, read(pos, "3a23b3")) == "S/3a2-3b3");
}

TEST_CASE("Gygax's notation: the five ways of writing a capture", "[notation][article]") {
  // One Warrior can take the Unicorn on 2e3.
  dc::Position one = th::pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2d2", 'W'}, {"2e3", 'u'}, {"2h2", 'W'}}));
  dc::Move m = read(one, "W2e3");  // 3) a capture without x
  CHECK(dc::to_coordinate(m) == "2d22e3");
  CHECK(m.is_capture());
  CHECK(read(one, "WX2e3") == m);  // 4)
  CHECK(read(one, "Wx2e3") == m);
  CHECK(read(one, "W/2d2x2e3") == m);  // 5)
  CHECK(read(one, "WxU2e3") == m);     // 6)
  CHECK(read(one, "WxU") == m);        // 7)
  CHECK(dc::to_algebraic(one, m) == "Wx2e3");
  // A wrong captured piece or a capture mark on an empty square is refused.
  CHECK(contains(read_error(one, "WxO2e3"), "no Oliphant on 2e3"));
  CHECK(contains(read_error(one, "Wx2d3"), "no enemy piece to capture on 2d3"));
  CHECK(contains(read_error(one, "WxC"), "Cleric"));

  // Two Warriors can take it: the origin is needed.
  dc::Position two = th::pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2d2", 'W'}, {"2e3", 'u'}, {"2f2", 'W'}}));
  CHECK(contains(read_error(two, "Wx2e3"), "ambiguous"));
  CHECK(contains(read_error(two, "W2e3"), "ambiguous"));
  CHECK(contains(read_error(two, "WxU"), "ambiguous"));
  CHECK(contains(read_error(two, "WxU2e3"), "ambiguous"));
  dc::Move d = read(two, "W/2d2x2e3");
  CHECK(dc::to_coordinate(d) == "2d22e3");
  CHECK(dc::to_coordinate(read(two, "W/2f2x2e3")) == "2f22e3");
  CHECK(dc::to_algebraic(two, d) == "W/2d2x2e3");
}

TEST_CASE("Gygax's notation: promotion", "[notation][article]") {
  dc::Position pos = th::pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2f7", 'W'}}));
  dc::Move m = read(pos, "W2f8(H)");
  CHECK(m.is_promotion());
  CHECK(dc::to_coordinate(m) == "2f72f8");
  CHECK(read(pos, "W2f8") == m);
  CHECK(read(pos, "W2f8=H") == m);
  CHECK(dc::to_algebraic(pos, m) == "W2f8(H)");
  // A promotion mark on a move that does not promote is refused.
  dc::Position p2 = th::pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2f6", 'W'}}));
  CHECK(contains(read_error(p2, "W2f7(H)"), "promotion"));
}

TEST_CASE("Gygax's notation: Dragon capture from afar, 'Dr'", "[notation][article]") {
  // The Dragon on 3c4 and the Dwarf on 1c4 can both take the Warrior on 2c4.
  dc::Position pos = th::pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3c4", 'R'}, {"1c4", 'D'}, {"2c4", 'w'}}));
  dc::Move afar = read(pos, "Drx2c4");
  CHECK(afar.is_afar());
  CHECK(dc::to_coordinate(afar) == "3c42c4");
  CHECK(read(pos, "Dr2c4") == afar);
  CHECK(read(pos, "Rx2c4") == afar);
  CHECK(read(pos, "DrxW") == afar);
  CHECK(dc::to_algebraic(pos, afar) == "Rx2c4");
  dc::Move dwarf = read(pos, "Dx2c4");
  CHECK(dc::to_coordinate(dwarf) == "1c42c4");
  CHECK_FALSE(dwarf.is_afar());
  CHECK(dc::to_algebraic(pos, dwarf) == "Dx2c4");
  // Without a piece letter the two are ambiguous.
  CHECK(contains(read_error(pos, "2c4"), "ambiguous"));
}

TEST_CASE("Gygax's notation: check and mate marks", "[notation][article]") {
  // Unicorn takes Oliphant with check.
  dc::Position pos = th::pos_of(fen_of({{"2a1", 'K'}, {"2e7", 'k'}, {"2c3", 'U'}, {"2d5", 'o'}}));
  dc::Move m = read(pos, "UxOch");
  CHECK(dc::to_coordinate(m) == "2c32d5");
  CHECK(dc::to_algebraic(pos, m) == "Ux2d5+");
  for (const char* t : {"UxO", "UxO+", "Ux2d5 ch", "UxO dbl ch", "UxOdis ch", "Ux2d5+", "UxO2d5ch"}) {
    INFO(t);
    CHECK(read(pos, t) == m);
  }
  // Mate.
  dc::Position mp = th::pos_of(fen_of({{"2l1", 'K'}, {"2a8", 'k'}, {"3c7", 'R'}, {"2c5", 'T'}, {"1b7", 'D'}}));
  dc::Move mate = read(mp, "Dr3b8 mate");
  CHECK(dc::to_coordinate(mate) == "3c73b8");
  CHECK(read(mp, "R3b8mate") == mate);
  CHECK(read(mp, "R3b8#") == mate);
  CHECK(dc::to_algebraic(mp, mate) == "R3b8#");
}

TEST_CASE("illegal and malformed move text is rejected with a reason", "[notation]") {
  dc::Position pos = dc::Position::start();
  CHECK(contains(read_error(pos, ""), "empty"));
  CHECK(contains(read_error(pos, "Q2f3"), "not a piece letter"));
  CHECK(contains(read_error(pos, "W2f4"), "illegal move"));
  CHECK(contains(read_error(pos, "hello"), "hello"));
  CHECK(contains(read_error(pos, "W/"), "origin square"));
  CHECK(contains(read_error(pos, "W2f3junk"), "expected the end of the move after the destination 2f3"));
}

TEST_CASE("unreadable move text says what was expected there, in words", "[notation]") {
  dc::Position pos = dc::Position::start();
  // A stray letter before the move (the typed-move box once kept a 't' this way).
  CHECK(read_error(pos, "tW2c5") ==
        "cannot read 'tW2c5': expected a square such as 2c3 after the piece letter 't' (Thief), not 'W2c5'");
  CHECK(read_error(pos, "W") ==
        "cannot read 'W': expected a square such as 2c3 after the piece letter 'W' (Warrior), but the move ends there");
  CHECK(
      read_error(pos, "Dr") ==
      "cannot read 'Dr': expected a square such as 2c3 after the piece letter 'Dr' (Dragon), but the move ends there");
  CHECK(read_error(pos, "W4c3") ==
        "cannot read 'W4c3': expected a square such as 2c3 after the piece letter 'W' (Warrior), not '4c3' "
        "('4c3' is not a square: the level is 1-3, the file a-l, the rank 1-8)");
  CHECK(
      contains(read_error(pos, "9c22c3"), "expected a piece letter such as W, or a square such as 2c3, not '9c22c3'"));
  CHECK(contains(read_error(pos, "W/2c2?3"),
                 "expected '-' or 'x' and then a destination square such as 2c3 after the origin 2c2"));
  CHECK(contains(read_error(pos, "Wx"),
                 "expected a destination square such as 2c3, or the letter of the piece taken, after 'x', but the move "
                 "ends there"));
  CHECK(contains(read_error(pos, "W/"), "expected an origin square such as 2c3 after '/', but the move ends there"));
  CHECK(contains(read_error(pos, "Q2f3"), "the piece letters are S, G, R, W, O, U, H, T, C, M, K, P, D, B and E"));
  CHECK(contains(read_error(pos, "WxU2e3z"), "expected the end of the move after the destination 2e3"));
  CHECK(contains(read_error(pos, "W/2c3-2c4"), "no piece on 2c3"));
  CHECK(contains(read_error(pos, "W/2c7-2c6"), "not Gold's"));
  CHECK(contains(read_error(pos, "U/2c1-2d3"), "is the Hero, not the Unicorn"));
  // Coordinate moves.
  CHECK(contains(coord_error(pos, "2c22c"), "6 characters"));
  CHECK(contains(coord_error(pos, "9c22c3"), "bad from-square"));
  CHECK(contains(coord_error(pos, "2c22z3"), "bad to-square"));
  CHECK(contains(coord_error(pos, "2c32c4"), "no piece on 2c3"));
  CHECK(contains(coord_error(pos, "2c72c6"), "not Gold's"));
  CHECK(contains(coord_error(pos, "2c22c4"), "cannot go to 2c4"));
  // Leaving the King in check.
  dc::Position pin = th::pos_of(fen_of({{"2e1", 'K'}, {"2l8", 'k'}, {"2e3", 'O'}, {"2e7", 'o'}}));
  CHECK(contains(coord_error(pin, "2e32f3"), "King in check"));
  CHECK(contains(read_error(pin, "O2f3"), "King in check"));
  // A frozen piece.
  dc::Position fr = th::pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2e4", 'O'}, {"1e4", 'b'}}));
  CHECK(contains(coord_error(fr, "2e42e5"), "frozen"));
  CHECK(contains(read_error(fr, "O/2e4-2e5"), "frozen"));
}

TEST_CASE("the historic notation names the board by letter: Wh3M, Wfxg4M, Hxg4M", "[notation][historic]") {
  dc::Position pos = dc::Position::start();
  // U/M/L = levels 3/2/1; the piece letter is read from the front.
  CHECK(dc::to_coordinate(read(pos, "Wh3M")) == "2h22h3");
  CHECK(dc::to_coordinate(read(pos, "wh3m")) == "2h22h3");
  CHECK(dc::to_coordinate(read(pos, "Sl3U")) == "3k23l3");
  CHECK(dc::to_coordinate(read(pos, "Ua3M")) == "2b12a3");  // a Unicorn, on the middle board
  CHECK(dc::to_coordinate(read(pos, "Db3L")) == "1b21b3");
  CHECK(contains(read_error(pos, "Dc2L"), "ambiguous"));     // 1b2 or 1d2, sideways
  CHECK(dc::to_coordinate(read(pos, "Drf2U")) == "3g13f2");  // "Dr" is the Dragon here too
  CHECK(dc::to_coordinate(read(pos, "Rf2U")) == "3g13f2");
  CHECK(contains(read_error(pos, "Wh4M"), "no Gold Warrior can go to 2h4"));
  CHECK(contains(read_error(pos, "Sd3U"), "ambiguous"));
  CHECK(dc::to_coordinate(read(pos, "Scd3U")) == "3c23d3");  // the origin file settles it
  CHECK(contains(read_error(pos, "Sfd3U"), "no Gold Sylph on file f can go to 3d3"));
  CHECK(contains(read_error(pos, "Wxh3M"), "no enemy piece to capture on 2h3"));
  // Two Warriors can take on 2h5: "Wxh5M" is ambiguous, "Wixh5M" is not.
  dc::Position two = th::pos_of(fen_of({th::GK, th::SK, {"2g4", 'W'}, {"2i4", 'W'}, {"2h5", 'u'}}));
  CHECK(contains(read_error(two, "Wxh5M"), "ambiguous"));
  CHECK(dc::to_coordinate(read(two, "Wixh5M")) == "2i42h5");
  CHECK(dc::to_coordinate(read(two, "Wgxh5M?!")) == "2g42h5");
  // Check marks and the promotion mark work as in the other forms.
  dc::Position promo = th::pos_of(fen_of({th::GK, th::SK, {"2c7", 'W'}}));
  CHECK(read(promo, "Wc8M(H)").is_promotion());
  CHECK(read(promo, "Wc8M").is_promotion());
}

TEST_CASE("a refused move names its reason by a key and arguments the page words", "[notation]") {
  dc::Position pos = dc::Position::start();
  auto r = dc::parse_move(pos, "2c22c5");
  REQUIRE_FALSE(r.ok());
  CHECK(r.key() == "move.cannotGo");
  CHECK(r.args() == dc::ErrorArgs{{"move", "2c22c5"}, {"piece", "W"}, {"from", "2c2"}, {"to", "2c5"}});
  CHECK(r.error() == "illegal move '2c22c5': the Warrior on 2c2 cannot go to 2c5");
  auto g = dc::Game::from(dc::START_POSITION, {"2c22c3", "2c22c5"});  // a game's refusal wraps it
  REQUIRE_FALSE(g.ok());
  CHECK(g.error() == "move 2: illegal move '2c22c5': no piece on 2c2");
  CHECK(g.key() == "game.move");
  const dc::Error inner =
      dc::make_error("move.noPiece", {{"move", "2c22c5"}, {"square", "2c2"}}, "illegal move '2c22c5': no piece on 2c2");
  CHECK(g.args() == dc::ErrorArgs{{"number", "2"}, dc::nested("reason", inner)});
  auto unread = dc::parse_move(pos, "W");  // what the reader expected: a refusal of its own
  REQUIRE_FALSE(unread.ok());
  CHECK(unread.key() == "move.unreadableEnd");
  CHECK(unread.args() ==
        dc::ErrorArgs{
            {"move", "W"},
            dc::nested("expected", dc::make_error("expected.squareAfterPiece", {{"letter", "W"}, {"piece", "W"}},
                                                  "a square such as 2c3 after the piece letter 'W' (Warrior)"))});
}

TEST_CASE("a wrapper with an unkeyed reason has no key either", "[notation]") {
  const dc::Error e = dc::wrap_error("game.move", {{"number", "1"}}, "move 1: x", dc::make_error("x"));
  CHECK(e.key.empty());
  CHECK(e.args.empty());
  CHECK(e.message == "move 1: x");
}
