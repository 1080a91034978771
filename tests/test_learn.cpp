// Learning the game: the movement words of the piece cards, the tutorial's lesson judge
// (core/lesson.h) and every lesson of public/learn/lessons.json: each parses, its
// solution reaches its goal, every wrong first move is explained.
#include <catch2/catch_test_macros.hpp>

#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "lesson.h"
#include "movement.h"
#include "rule_set.h"
#include "test_data.h"
#include "test_helpers.h"

using td::json;
using td::read_json;
using td::strings;

namespace {

dc::LessonState lesson(const std::string& fen, const std::string& goal, const std::vector<std::string>& moves) {
  auto r = dc::lesson_state(fen, goal, moves);
  INFO(goal << " after " << moves.size() << " moves");
  if (!r) FAIL(r.error());
  return std::move(r.value());
}

}  // namespace

// The key of a piece's words on a level: "move.<piece>.<level>" in lower case, ".bga" added
// when Board Game Arena's rule set words it otherwise.
std::string words_key(dc::PieceType t, dc::Level l, const char* rules_suffix) {
  std::string k = std::string("move.") + dc::piece_type_name(t) + "." + dc::level_name(l) + rules_suffix;
  for (char& c : k) c = char(std::tolower(static_cast<unsigned char>(c)));
  return k;
}

TEST_CASE("every piece has words exactly on the levels it may stand on, under both rule sets", "[learn]") {
  std::set<std::string> keys;
  int standing = 0;  // the pieces' levels, counted once
  for (dc::Rules rules : {dc::Rules::Gygax, dc::Rules::Bga})
    for (int t = dc::SYLPH; t <= dc::ELEMENTAL; ++t)
      for (int l = 0; l < dc::LEVELS; ++l) {
        const auto pt = dc::PieceType(t);
        const auto lv = dc::Level(l);
        INFO(dc::piece_type_name(pt) << " on level " << l + 1 << " under " << dc::rules_id(rules));
        const char* w = dc::movement_words_key(pt, lv, rules);
        CHECK((w != nullptr) == dc::may_stand_on(pt, lv));
        if (!w) continue;
        if (rules == dc::Rules::Gygax) ++standing;
        // The catalogues' key names the piece and the level; Board Game Arena's own words
        // say so, and every other key is Gygax's, shared by both rule sets.
        const std::string gygax = words_key(pt, lv, "");
        CHECK((w == gygax || w == words_key(pt, lv, ".bga")));
        if (w != gygax) CHECK(rules == dc::Rules::Bga);
        keys.insert(w);
      }
  CHECK(keys.size() == size_t(standing) + 2);  // a sentence per piece and level, and Board Game Arena's two
}

TEST_CASE("lesson goals are read or rejected with a reason", "[learn]") {
  CHECK(dc::parse_goal("capture 2e4 2g4 with 3f5 in 2").ok());
  CHECK(dc::parse_goal("mate").value().max_moves == 1);
  CHECK(dc::parse_goal("capture 2e4").value().max_moves == 20);
  CHECK(dc::parse_goal("reach 3c2 in 3").value().squares.size() == 1);
  CHECK(dc::parse_goal("").error().find("empty goal") != std::string::npos);
  CHECK(dc::parse_goal("win").error().find("unknown goal 'win'") != std::string::npos);
  CHECK(dc::parse_goal("capture").error().find("needs squares") != std::string::npos);
  CHECK(dc::parse_goal("mate 2e4").error().find("takes no squares") != std::string::npos);
  CHECK(dc::parse_goal("capture 2z9").error().find("bad square '2z9'") != std::string::npos);
  CHECK(dc::parse_goal("capture 2e4 in 0").error().find("from 1 to 20") != std::string::npos);
  CHECK(dc::parse_goal("capture 2e4 in").error().find("unexpected 'in'") != std::string::npos);
  CHECK(dc::parse_goal("freeze 2e4 2e5").error().find("one square") != std::string::npos);
}

TEST_CASE("a lesson: the other side passes, targets count down, mistakes are explained", "[learn]") {
  const std::string fen = th::fen_of({{"1a1", 'K'}, {"1l8", 'k'}, {"2b2", 'O'}, {"2b7", 'w'}, {"2h7", 't'}});
  const std::string goal = "capture 2b7 2h7 with 2b2 in 2";
  dc::LessonState s = lesson(fen, goal, {});
  CHECK(s.left.size() == 2);
  s = lesson(fen, goal, {"2b22b7"});
  CHECK(!s.done);
  CHECK(!s.failed);
  CHECK(s.position.side_to_move() == dc::GOLD);  // Scarlet passed
  CHECK(s.message == "Captured the Scarlet Warrior on 2b7. 1 target left: 2h7.");
  // the same words named part by part, for the page to say in the reader's language
  REQUIRE(s.parts.size() == 2);
  CHECK(s.parts[0].key == "lesson.captured");
  CHECK(s.parts[0].text == "Captured the Scarlet Warrior on 2b7.");
  CHECK(std::get<std::string>(s.parts[0].args[1].value) == "W");
  CHECK(s.parts[1].key == "lesson.targetsLeft");
  CHECK(dc::square_name(s.piece) == "2b7");
  s = lesson(fen, goal, {"2b22b7", "2b72h7"});
  CHECK(s.done);
  // a move after which the goal is out of reach is said at once, with why
  s = lesson(fen, goal, {"2b22b5"});
  CHECK(s.failed);
  CHECK(s.message ==
        "That move cannot reach the goal: 2 targets are left (2b7 and 2h7) and only 1 move: a move takes one piece.");
  s = lesson(fen, goal, {"2b22b7", "2b72c7"});
  CHECK(s.failed);
  CHECK(s.message == "Out of moves. 1 target left: 2h7.");
  // another piece than the lesson's, an illegal move, a move after the end
  CHECK(dc::lesson_state(fen, goal, {"1a12a1"}).error() == "move 1: in this lesson only the Oliphant on 2b2 moves");
  CHECK(dc::lesson_state(fen, goal, {"2b23c3"}).error().rfind("move 1: ", 0) == 0);
  CHECK(dc::lesson_state(fen, goal, {"2b22b7", "2b72h7", "2h72h6"}).error() == "move 3: the lesson is over");
  CHECK(dc::lesson_state(fen, goal, {"2b22b5", "2b52b7"}).error() == "move 2: the lesson is over");
  // bad lessons
  CHECK(dc::lesson_state(fen, "capture 2c7", {}).error() == "bad goal: no enemy piece to capture on 2c7");
  CHECK(dc::lesson_state(fen, "capture 2b7 with 2c2", {}).error() == "bad goal: no piece of the side to move on 2c2");
  CHECK(dc::lesson_state("nonsense", "mate", {}).error().rfind("bad position string: ", 0) == 0);
}

TEST_CASE("a lesson: a move that puts the goal out of reach fails at once and says why", "[learn]") {
  // An Oliphant (a rook on the Ground) on 2b2, targets on 2b7 and 2h7, three moves.
  const std::string fen = th::fen_of({{"1a1", 'K'}, {"1l8", 'k'}, {"2b2", 'O'}, {"2b7", 'w'}, {"2h7", 't'}});
  const std::string goal = "capture 2b7 2h7 with 2b2 in 3";
  dc::LessonState s = lesson(fen, goal, {"2b22b3"});  // then 2b3x2b7 and 2b7x2h7
  CHECK(!s.failed);
  CHECK(s.message == "2 targets left: 2b7 and 2h7.");
  s = lesson(fen, goal, {"2b22c2"});  // from 2c2 neither target is on a line: two moves cannot take both
  CHECK(s.failed);
  CHECK(s.message ==
        "That move cannot reach the goal: from 2c2 your Oliphant cannot take the targets on 2b7 and 2h7 in the 2 moves "
        "left.");
  s = lesson(fen, goal, {"2b22b7", "2b72b6"});  // 2h7 is no longer on the Oliphant's lines
  CHECK(s.failed);
  CHECK(s.message ==
        "That move cannot reach the goal: from 2b6 your Oliphant cannot take the target on 2h7 in the 1 move left.");
  // any piece may move: the words name none
  const std::string fen2 = th::fen_of({{"1a1", 'K'}, {"1l8", 'k'}, {"2a3", 'O'}});
  CHECK(!lesson(fen2, "reach 2h8 in 2", {"2a32h3"}).failed);
  s = lesson(fen2, "reach 2h8 in 2", {"2a32a4"});
  CHECK(s.failed);
  CHECK(s.message == "That move cannot reach the goal: no piece of yours can reach 2h8 in the 1 move left.");
}

TEST_CASE("a lesson: a check that is not the goal ends it; a mate lesson says why a move is no mate", "[learn]") {
  const std::string fen = th::fen_of({{"2a1", 'K'}, {"2h8", 'k'}, {"2b2", 'O'}, {"2c7", 'w'}});
  dc::LessonState s = lesson(fen, "capture 2c7 with 2b2 in 3", {"2b22b8"});
  CHECK(s.failed);
  CHECK(s.message.find("gives check to the Scarlet King") != std::string::npos);
  s = lesson(fen, "mate", {"2b22b3"});
  CHECK(s.failed);
  CHECK(s.message == "That move gives no check: the Scarlet King on 2h8 is not attacked.");
  s = lesson(fen, "mate", {"2b22b8"});
  CHECK(s.failed);
  CHECK(s.message.rfind("Check, but not mate: Scarlet can answer ", 0) == 0);
}

TEST_CASE("every lesson of the tutorial: solved by its solution, every first move explained", "[learn]") {
  const json data = read_json("public/learn/lessons.json");
  REQUIRE(data.at("format") == "dragonchess-lessons 1");
  std::set<std::string> ids, pieces, rules;
  int steps = 0;
  for (const json& l : data.at("lessons")) {
    const std::string id = l.at("id");
    INFO("lesson " << id);
    CHECK(ids.insert(id).second);
    // its words (title, introduction, each step's task, hint, success) are the learn catalogue's,
    // public/i18n/learn/<code>.json: tests/node/catalogues.test.mjs checks each lesson has them
    if (l.at("kind") == "piece") {
      const std::string p = l.at("piece");
      REQUIRE(p.size() == 1);
      CHECK(dc::type_from_letter(p[0]) != dc::NO_PIECE_TYPE);
      pieces.insert(p);
    } else {
      CHECK(l.at("kind") == "rule");
      rules.insert(id);
    }
    REQUIRE(!l.at("steps").empty());
    int k = 0;
    for (const json& st : l.at("steps")) {
      ++k, ++steps;
      INFO("step " << k);
      const std::string fen = st.at("fen"), goal = st.at("goal");
      const std::vector<std::string> sol = strings(st.at("solution"));
      const dc::LessonState s0 = lesson(fen, goal, {});
      CHECK(int(sol.size()) <= s0.max_moves);
      for (size_t n = 1; n <= sol.size(); ++n) {
        const dc::LessonState s = lesson(fen, goal, std::vector<std::string>(sol.begin(), sol.begin() + long(n)));
        CHECK(s.done == (n == sol.size()));
        CHECK(!s.failed);
      }
      // every legal first move (of the lesson's piece) is the way or is explained
      dc::Position p = th::pos_of(fen);
      for (dc::Move m : dc::legal_moves(p)) {
        if (s0.piece != dc::SQ_NONE && m.from() != s0.piece) continue;
        const dc::LessonState s = lesson(fen, goal, {dc::to_coordinate(m)});
        INFO(dc::to_coordinate(m));
        CHECK((s.done || !s.message.empty()));
        // a move that does not fail the lesson leaves a next move that does not fail it either
        if (!s.done && !s.failed) {
          dc::Position q = s.position;
          bool way = false;
          for (dc::Move m2 : dc::legal_moves(q)) {
            if (s.piece != dc::SQ_NONE && m2.from() != s.piece) continue;
            const dc::LessonState s2 = lesson(fen, goal, {dc::to_coordinate(m), dc::to_coordinate(m2)});
            if (s2.done || !s2.failed) {
              way = true;
              break;
            }
          }
          CHECK(way);
        }
      }
    }
  }
  CHECK(pieces.size() == 15);  // one lesson per piece type
  for (const char* r : {"afar", "freezing", "via", "sylph-return", "promotion", "check-levels", "mate"}) {
    INFO(r);
    CHECK(rules.count(r) == 1);
  }
  CHECK(steps >= 30);
}
