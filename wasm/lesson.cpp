// The tutorial's half of the facade: lessonState(fen, goal, moves), core's lesson judge
// (core/lesson.h) for the page's Learn mode. Stateless: the page passes the lesson's
// position, goal and the learner's moves so far and gets back where the lesson stands.
// Errors: {error, code: 'bad-lesson' | 'bad-move'} (post.js throws them).
#include <emscripten/bind.h>

#include <string>
#include <variant>
#include <vector>

#include "facade.h"
#include "lesson.h"
#include "movegen.h"

using namespace dc;
using namespace dcw;

namespace {

val squares(const std::vector<Square>& v) {
  val a = val::array();
  for (Square s : v) a.call<void>("push", square_name(s));
  return a;
}

// A lesson's feedback named part by part: [{key, args}] (core/lesson.h LessonPart), each
// argument a string, a number or an array of strings.
val parts_obj(const std::vector<LessonPart>& parts) {
  val a = val::array();
  for (const LessonPart& p : parts) {
    val args = val::object();
    for (const LessonArg& arg : p.args) {
      if (const auto* s = std::get_if<std::string>(&arg.value))
        args.set(arg.name, *s);
      else if (const auto* n = std::get_if<int>(&arg.value))
        args.set(arg.name, *n);
      else {
        val list = val::array();
        for (const std::string& w : std::get<std::vector<std::string>>(arg.value)) list.call<void>("push", w);
        args.set(arg.name, list);
      }
    }
    val o = val::object();
    o.set("key", p.key);
    o.set("args", args);
    a.call<void>("push", o);
  }
  return a;
}

// rules: 'gygax' | 'bga' ('' = Gygax's), the rule set the lesson is about.
val lesson_state_js(std::string fen, std::string goal, val moves, std::string rules) {
  Rules rule_set;
  val err = val::undefined();
  if (!rules_arg(rules, Rules::Gygax, rule_set, err)) return err;
  std::vector<std::string> list;
  const int n = moves["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    if (!moves[i].isString()) return error_obj("bad-move", "move " + std::to_string(i + 1) + " is not a string");
    list.push_back(moves[i].as<std::string>());
  }
  if (Result<Goal> g = parse_goal(goal); !g) return error_obj("bad-lesson", "bad goal: " + g.error());
  Result<LessonState> r = lesson_state(fen, goal, list, rule_set);
  if (!r) {
    const bool move_error = r.error().rfind("move ", 0) == 0;
    return error_obj(move_error ? "bad-move" : "bad-lesson", r.error());
  }
  LessonState& st = r.value();
  Position& pos = st.position;
  val o = val::object();
  o.set("fen", pos.to_string());
  std::string board(SQUARE_NB, '.');
  std::vector<Square> frozen;
  for (int i = 0; i < SQUARE_NB; ++i) {
    board[size_t(i)] = piece_char(pos.at(Square(i)));
    if (pos.frozen(Square(i))) frozen.push_back(Square(i));
  }
  o.set("board", board);
  o.set("frozen", squares(frozen));
  o.set("learner", std::string(color_id(st.learner)));
  o.set("sideToMove", std::string(color_id(pos.side_to_move())));
  o.set("check", in_check(pos) ? val(square_name(pos.king_square(pos.side_to_move()))) : val::null());
  o.set("done", st.done);
  o.set("failed", st.failed);
  o.set("message", st.message);
  o.set("parts", parts_obj(st.parts));
  o.set("left", squares(st.left));
  o.set("piece", st.piece == SQ_NONE ? val::null() : val(square_name(st.piece)));
  o.set("maxMoves", st.max_moves);
  val played = val::array();
  for (const MoveText& m : st.moves) played.call<void>("push", move_text_obj(m));
  o.set("moves", played);
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(dragonchess_lesson) { emscripten::function("lessonStateCore", &lesson_state_js); }
