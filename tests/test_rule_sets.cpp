// The two rule sets (core/rule_set.h, docs/rules.md §7): Gygax's (the default) and Board
// Game Arena's, which differ in the Griffon on the Ground (a step in any direction, §7.2)
// and the Basilisk's gaze (no slide or move through a square passes over the square
// directly above an enemy Basilisk, §7.3). Movement tables, positions and keys, check and legality,
// refusals naming the rule set (both ways), games and records, the command-line engine,
// the search, the evaluation and SEE, move diagrams, piece words and lessons.
#include <catch2/catch_test_macros.hpp>

#include <sstream>

#include "diagram.h"
#include "lesson.h"
#include "movement.h"
#include "record.h"
#include "rule_set.h"
#include "search/eval.h"
#include "search/see.h"
#include "session.h"
#include "test_helpers.h"

using namespace dc;
using th::fen_of;

namespace {

// tests/perft/rules.txt, first position: a Gold Griffon on the Ground (2g3), an Oliphant
// (2b6) whose slide east passes 2f6 above the Scarlet Basilisk on 1f6, a Mage (3j6) over
// 2j6 above the Scarlet Basilisk on 1j6.
const std::string P1 = "12/12/9M2/12/12/12/12/12/11k/12/1O8h1/12/6w5/6G5/12/K11/12/12/5b3b2/12/12/12/12/2B9 g 0 1";

std::vector<std::string> legal_under(const std::string& fen, Rules r) {
  Position pos = th::pos_of(fen, r);
  return th::legal_strings(pos);
}

// The moves of `a` that `b` lacks.
std::vector<std::string> only_in(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> out;
  for (const std::string& m : a)
    if (std::find(b.begin(), b.end(), m) == b.end()) out.push_back(m);
  return out;
}

std::string refusal(const std::string& fen, Rules r, const char* move) {
  Position pos = th::pos_of(fen, r);
  auto m = parse_move(pos, move);
  INFO(move);
  REQUIRE_FALSE(m.ok());
  return m.error();
}

// A session fed lines one by one; its answers so far.
struct Cli {
  std::ostringstream out;
  Session s{out};
  std::string operator()(const std::string& line) {
    out.str("");
    s.handle(line);
    s.wait();
    return out.str();
  }
};

}  // namespace

TEST_CASE("rule sets: names, option values and record variants", "[rules]") {
  CHECK(std::string(rules_id(Rules::Gygax)) == "gygax");
  CHECK(std::string(rules_id(Rules::Bga)) == "bga");
  CHECK(parse_rules("BGA").value() == Rules::Bga);
  CHECK(parse_rules("gygax").value() == Rules::Gygax);
  CHECK(parse_rules("zillions").error() ==
        "unknown rule set 'zillions' (gygax: Gygax's, the default; bga: Board Game Arena's)");
  CHECK(rules_variant(Rules::Bga) == "Dragonchess (BGA)");
  for (const char* v :
       {"Dragonchess", "dragonchess", " Dragonchess ", "dragonchess (Gygax 1985)", "Dragonchess (Gygax)"})
    CHECK(rules_of_variant(v).value() == Rules::Gygax);
  for (const char* v : {"Dragonchess (BGA)", "DRAGONCHESS (bga)", "Dragonchess (Board Game Arena)"})
    CHECK(rules_of_variant(v).value() == Rules::Bga);
  for (const char* v : {"Chess", "Dragonchess (Zillions)", "Dragonchess BGA", "", "Dragonchess3D"}) {
    INFO(v);
    CHECK(rules_of_variant(v).error().rfind("this record is for '", 0) == 0);
  }
}

TEST_CASE("rule sets: the movement tables differ in the Griffon on the Ground only", "[rules]") {
  const Tables &G = tables(Rules::Gygax), &B = tables(Rules::Bga);
  for (Color c : {GOLD, SCARLET})
    for (int t = SYLPH; t <= ELEMENTAL; ++t)
      for (int s = 0; s < SQUARE_NB; ++s) {
        const Square sq = Square(s);
        const bool same = G.capture_mask(c, PieceType(t), sq).minus(B.capture_mask(c, PieceType(t), sq)).any() ||
                          B.capture_mask(c, PieceType(t), sq).minus(G.capture_mask(c, PieceType(t), sq)).any();
        if (t == GRIFFON && level_of(sq) == LEVEL_2) continue;
        INFO(piece_type_name(PieceType(t)) << " on " << square_name(sq));
        CHECK_FALSE(same);
      }
  // Board Game Arena's Griffon on 2e3: the four diagonal steps and the four straight ones.
  const Bitboard b = B.capture_mask(GOLD, GRIFFON, th::sq("2e3")), g = G.capture_mask(GOLD, GRIFFON, th::sq("2e3"));
  CHECK(b.count() == g.count() + 4);
  for (const char* s : {"2e4", "2e2", "2d3", "2f3"}) {
    CHECK(b.test(th::sq(s)));
    CHECK_FALSE(g.test(th::sq(s)));
  }
}

TEST_CASE("rule sets: a position carries its rule set, in its key too", "[rules]") {
  const Position g = th::pos_of(P1), b = th::pos_of(P1, Rules::Bga);
  CHECK(g.rules() == Rules::Gygax);
  CHECK(b.rules() == Rules::Bga);
  CHECK(g.to_string() == b.to_string());  // the position string names no rule set
  CHECK(g.key() != b.key());
  CHECK(b.key() == b.compute_key());
  CHECK(Position::start().key() == Position::start().compute_key());
  Position p = Position::start(Rules::Bga);
  th::play(p, "2c22c3");
  CHECK(p.rules() == Rules::Bga);
  CHECK(p.key() == p.compute_key());
  // The gaze: the squares above the enemy Basilisks, under Board Game Arena's rules only.
  CHECK_FALSE(g.gaze(GOLD).any());
  CHECK(b.gaze(GOLD).count() == 2);
  CHECK(b.gaze(GOLD).test(th::sq("2f6")));
  CHECK(b.gaze(SCARLET).test(th::sq("2c1")));
}

TEST_CASE("rule sets: the legal moves, move by move", "[rules]") {
  const auto g = legal_under(P1, Rules::Gygax), b = legal_under(P1, Rules::Bga);
  CHECK(only_in(b, g) == std::vector<std::string>{"2g32f3", "2g32g2", "2g32g4", "2g32h3"});
  CHECK(only_in(g, b) == std::vector<std::string>{"2b62g6", "2b62h6", "2b62i6", "2b62j6", "2b62k6", "3j61j6"});
  // The slide may end on the gazed square (and is frozen there); leaps pass over it.
  CHECK(std::find(b.begin(), b.end(), "2b62f6") != b.end());
  const std::string leaps =
      fen_of({th::GK, th::SK, {"2c3", 'H'}, {"1d4", 'b'}, {"2e5", 'w'}, {"2e1", 'U'}, {"1f2", 'b'}});
  CHECK(legal_under(leaps, Rules::Bga) == legal_under(leaps, Rules::Gygax));
  // Both agree with the reference generator, under each rule set.
  for (Rules r : {Rules::Gygax, Rules::Bga}) {
    ref::Pos rp;
    std::string err;
    REQUIRE(ref::parse(P1, rp, err, r == Rules::Bga ? ref::Rules::Bga : ref::Rules::Gygax));
    CHECK(legal_under(P1, r) == ref::legal_moves(rp));
  }
}

TEST_CASE("rule sets: check, pins and the Basilisk's gaze", "[rules]") {
  // The Scarlet Thief on 2e5 and the Gold King on 2a1: the line passes 2c3, above the
  // Gold Basilisk on 1c3.
  const std::string line = fen_of({{"2a1", 'K'}, {"1c3", 'B'}, {"2l8", 'k'}, {"2e5", 't'}});
  Position g = th::pos_of(line), b = th::pos_of(line, Rules::Bga);
  CHECK(in_check(g));
  CHECK_FALSE(in_check(b));
  // Under Board Game Arena's rules the Basilisk may move only where its gaze still
  // stops the line (1d4, above 2d4 on it); elsewhere it would lift it and expose the King.
  CHECK(th::moves_from(b, "1c3") == std::vector<std::string>{"1d4"});
  CHECK(refusal(line, Rules::Bga, "1c31c4") == "illegal move '1c31c4': it would leave the Gold King in check");
  // A Griffon a straight step from the King gives check under Board Game Arena's rules only.
  const std::string step = fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2b1", 'g'}}, 's');
  CHECK(Position::from_string(step).ok());
  CHECK(Position::from_string(step, Rules::Bga).error() == "Gold is in check but it is Scarlet's turn to move");
  // A pinned Cleric (Gygax) moves freely when the gaze stops the line (Board Game Arena).
  const std::string pin = fen_of({{"2a1", 'K'}, {"2b2", 'C'}, {"1c3", 'B'}, {"2l8", 'k'}, {"2e5", 't'}});
  Position pg = th::pos_of(pin), pb = th::pos_of(pin, Rules::Bga);
  CHECK(th::moves_from(pg, "2b2") == std::vector<std::string>{"2c3"});
  CHECK(th::moves_from(pb, "2b2").size() == 9);
  CHECK(refusal(pin, Rules::Gygax, "2b22b3") ==
        "illegal move '2b22b3': under Gygax's rules it would leave the Gold King in check (Board Game Arena's rules "
        "allow it)");
}

TEST_CASE("rule sets: a move legal under one set and not the other is refused naming the set", "[rules]") {
  for (const char* m : {"2g32g4", "Gx2g4", "G2f3", "G/2g3-2h3"})
    CHECK(refusal(P1, Rules::Gygax, m) == "illegal move '" + std::string(m) +
                                              "': under Gygax's rules a Griffon on the Ground moves only diagonally "
                                              "(Board Game Arena's Griffon steps in any direction)");
  CHECK(refusal(P1, Rules::Bga, "2b62k6") ==
        "illegal move '2b62k6': under Board Game Arena's rules the Oliphant may not pass over 2f6, the square directly "
        "above the Scarlet Basilisk on 1f6 (Gygax's rules allow it)");
  CHECK(refusal(P1, Rules::Bga, "O2h6") ==
        "illegal move 'O2h6': under Board Game Arena's rules the Oliphant may not pass over 2f6, the square directly "
        "above the Scarlet Basilisk on 1f6 (Gygax's rules allow it)");
  CHECK(refusal(P1, Rules::Bga, "Mx1j6") ==
        "illegal move 'Mx1j6': under Board Game Arena's rules the Mage may not pass through 2j6, the square directly "
        "above the Scarlet Basilisk on 1j6 (Gygax's rules allow it)");
  // A move neither allows keeps its usual words.
  CHECK(refusal(P1, Rules::Bga, "2g32g6") == "illegal move '2g32g6': the Griffon on 2g3 cannot go to 2g6");
}

TEST_CASE("rule sets: games, and records with the Variant tag", "[rules]") {
  auto g = Game::from(P1, {"2g32g4"}, Rules::Bga);
  REQUIRE(g.ok());
  CHECK(g->rules() == Rules::Bga);
  CHECK(Game::from(P1, {"2g32g4"}).error() ==
        "move 1: illegal move '2g32g4': under Gygax's rules a Griffon on the Ground moves only diagonally "
        "(Board Game Arena's Griffon steps in any direction)");
  // Under another rule set: all or nothing.
  auto back = g->under(Rules::Gygax);
  CHECK(back.code() == GameErrorCode::BadMove);
  CHECK(back.error().rfind("the game cannot be played under Gygax's rules: move 1: illegal move '2g32g4'", 0) == 0);
  auto common = Game::from(P1, {"2g32f4", "2k62i4"}, Rules::Gygax);
  REQUIRE(common.ok());
  REQUIRE(common.value().resign(GOLD).ok());
  auto moved = common->under(Rules::Bga);
  REQUIRE(moved.ok());
  CHECK(moved->rules() == Rules::Bga);
  CHECK(moved->plies() == 2);
  CHECK(moved->status().state == GameState::Resignation);

  GameRecord rec;
  rec.game = std::move(g.value());
  rec.fit();
  const std::string text = write_record(rec);
  CHECK(text.find("[Variant \"Dragonchess (BGA)\"]") != std::string::npos);
  auto read = read_record(text);
  REQUIRE(read.ok());
  CHECK(read->game.rules() == Rules::Bga);
  CHECK(read->game.coordinate_moves() == std::vector<std::string>{"2g32g4"});
  CHECK(write_record(*read) == text);
  std::string as_gygax = text;
  as_gygax.replace(as_gygax.find("Dragonchess (BGA)"), 17, "Dragonchess");
  auto refused = read_record(as_gygax);
  CHECK(refused.code() == GameErrorCode::BadRecord);
  CHECK(refused.error().find("under Gygax's rules a Griffon on the Ground moves only diagonally") != std::string::npos);
  std::string unknown = text;
  unknown.replace(unknown.find("Dragonchess (BGA)"), 17, "Dragonchess (Zillions)");
  CHECK(read_record(unknown).error().find("this record is for 'Dragonchess (Zillions)'") != std::string::npos);
}

TEST_CASE("rule sets: the command-line engine's Rules option", "[rules]") {
  Cli cli;
  CHECK(cli("d").find("rules: Gygax (Dragon #100) (gygax)") != std::string::npos);
  CHECK(cli("position fen " + P1 + " moves 2g32g4").find("error: move 1: illegal move '2g32g4': under Gygax's rules") ==
        0);
  CHECK(cli("setoption name Rules value bga").empty());
  CHECK(cli("d").find("rules: Board Game Arena (bga)") != std::string::npos);
  CHECK(cli("position fen " + P1).empty());  // under the option's rules
  CHECK(cli("perft 2").rfind("perft 2 984 ", 0) == 0);
  CHECK(cli("play 2b62k6") ==
        "error: illegal move '2b62k6': under Board Game Arena's rules the Oliphant may not pass over 2f6, the square "
        "directly above the Scarlet Basilisk on 1f6 (Gygax's rules allow it)\n");
  CHECK(cli("play 2g32g4") == "played 2g32g4 Gx2g4\n");
  // The game cannot go on under Gygax's rules: the option is refused and nothing changes.
  CHECK(cli("setoption name Rules value gygax")
            .rfind("error: the game cannot be played under Gygax's rules: move 1:", 0) == 0);
  CHECK(cli("d").find("rules: Board Game Arena (bga)") != std::string::npos);
  CHECK(cli("setoption name Rules value chess") ==
        "error: unknown rule set 'chess' (gygax: Gygax's, the default; bga: Board Game Arena's)\n");
  CHECK(cli("undo") == "undone 2g32g4 Gx2g4\n");
  CHECK(cli("setoption name Rules value gygax").empty());
  CHECK(cli("perft 2").rfind("perft 2 1013 ", 0) == 0);
}

TEST_CASE("rule sets: the search plays under the position's rule set", "[rules][search]") {
  // Mate in one by Board Game Arena's Griffon only: 2l6-2l7, a straight step.
  const std::string mate = "11s/10S1/12/12/12/12/12/12/10ok/10w1/9U1G/12/12/12/12/K11/11d/12/12/12/12/12/12/12 g 0 1";
  for (Rules r : {Rules::Bga, Rules::Gygax}) {
    Position pos = th::pos_of(mate, r);
    Search s(4);
    SearchLimits lim;
    lim.depth = 3;
    const SearchResult res = s.go(pos, lim);
    INFO(rules_id(r) << ": " << to_coordinate(res.best));
    CHECK((to_coordinate(res.best) == "2l62l7") == (r == Rules::Bga));
    CHECK(res.is_mate == (r == Rules::Bga));
  }
}

TEST_CASE("rule sets: evaluation and SEE follow the rule set", "[rules][search]") {
  // The Griffon on the Ground has four more steps under Board Game Arena's rules: more
  // mobility for Gold.
  const std::string griffon = fen_of({th::GK, th::SK, {"2e4", 'G'}});
  const Evaluator e;
  CHECK(e(th::pos_of(griffon, Rules::Bga)) > e(th::pos_of(griffon)));
  // A Thief takes a Warrior on 2f6 defended by an Oliphant on 2l6 whose slide passes 2h6,
  // above a Gold Basilisk: defended under Gygax's rules only.
  const std::string x = fen_of({{"2a1", 'K'}, {"2a8", 'k'}, {"2d4", 'T'}, {"2f6", 'w'}, {"2l6", 'o'}, {"1h6", 'B'}});
  for (Rules r : {Rules::Gygax, Rules::Bga}) {
    Position pos = th::pos_of(x, r);
    const Move m = find_legal(pos, th::sq("2d4"), th::sq("2f6"));
    REQUIRE_FALSE(m.is_none());
    CHECK(see(pos, m, GYGAX_VALUE_CP) == (r == Rules::Gygax ? 100 - 400 : 100));
  }
}

TEST_CASE("rule sets: move diagrams, piece words and lessons", "[rules][learn]") {
  Position b = th::pos_of(P1, Rules::Bga), g = th::pos_of(P1);
  auto on_rank6 = [](const MoveDiagram& d) {
    std::vector<std::string> v;
    for (const DiagramSquare& q : d.squares)
      if (rank_of(q.square) == 5) v.push_back(square_name(q.square));
    std::sort(v.begin(), v.end());
    return v;
  };
  CHECK(on_rank6(move_diagram(b, th::sq("2b6"))) == std::vector<std::string>{"2a6", "2c6", "2d6", "2e6", "2f6"});
  CHECK(on_rank6(move_diagram(g, th::sq("2b6"))).size() == 10);
  CHECK(move_diagram(b, th::sq("2g3")).squares.size() == move_diagram(g, th::sq("2g3")).squares.size() + 4);
  // The piece words: the Griffon on the Ground and the Basilisk differ, nothing else.
  for (int t = SYLPH; t <= ELEMENTAL; ++t)
    for (int l = 0; l < LEVELS; ++l) {
      const char *wg = movement_words_key(PieceType(t), Level(l), Rules::Gygax),
                 *wb = movement_words_key(PieceType(t), Level(l), Rules::Bga);
      INFO(piece_type_name(PieceType(t)) << " on level " << l + 1);
      CHECK((wb != nullptr) == may_stand_on(PieceType(t), Level(l)));
      const bool differs = wg && wb && std::string(wg) != wb;
      CHECK(differs == ((t == GRIFFON && l == LEVEL_2) || (t == BASILISK && l == LEVEL_1)));
    }
  CHECK(std::string(movement_words_key(GRIFFON, LEVEL_2, Rules::Bga)) == "move.griffon.ground.bga");
  // A lesson under Board Game Arena's rules: the Griffon's straight step.
  auto l = lesson_state(P1, "capture 2g4 with 2g3 in 1", {"2g32g4"}, Rules::Bga);
  REQUIRE(l.ok());
  CHECK(l->done);
  CHECK(lesson_state(P1, "capture 2g4 with 2g3 in 1", {"2g32g4"})
            .error()
            .rfind("move 1: illegal move '2g32g4': under Gygax's rules", 0) == 0);
}

TEST_CASE("rule sets: the search plays whole games under Board Game Arena's rules", "[rules][search]") {
  // Both sides by the search (small node budgets, several seeds), every move checked
  // against the reference generator's legal moves under the same rules, to the end of
  // the game or 300 plies.
  size_t plies = 0, differing = 0;
  for (uint64_t seed : {1, 2, 3, 4, 5, 6}) {
    Game game(Rules::Bga);
    Search s(4);
    s.set_seed(seed);
    s.set_level(2 + int(seed % 3));
    for (int ply = 0; ply < 300 && !game.status().over(); ++ply) {
      Position pos = game.position();
      SearchLimits lim;
      lim.nodes = 3000;
      const SearchResult r = s.go(pos, lim);
      const std::string fen = pos.to_string();
      ref::Pos rp;
      std::string err;
      REQUIRE(ref::parse(fen, rp, err, ref::Rules::Bga));
      const std::vector<std::string> legal = ref::legal_moves(rp);
      INFO("seed " << seed << " ply " << ply << " " << fen << " " << to_coordinate(r.best));
      REQUIRE(std::find(legal.begin(), legal.end(), to_coordinate(r.best)) != legal.end());
      if (auto g = Position::from_string(fen); !g.ok() || th::legal_strings(*g) != legal) ++differing;
      REQUIRE(game.play(to_coordinate(r.best)).ok());
      ++plies;
    }
  }
  INFO(plies << " plies, " << differing << " where the rule sets part");
  CHECK(plies > 600);
  CHECK(differing > 0);  // positions where the rule sets part, reached in play
}
