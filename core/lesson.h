// The tutorial's lessons: a small position, a goal, and the moves the learner plays.
// Lesson positions are set pieces, not games: after each move of the learner the other
// side passes and the learner moves again (a move that gives check ends a lesson unless
// checking is its goal). Whether the goal is reached, and why a move does not reach it,
// is decided here from the rules' own facts (captures, freezing, check, mate, promotion),
// so the page (through the wasm facade) and the tests judge a lesson the same way.
//
// A goal is one line of text:
//   capture <sq> [<sq> ...]   take every enemy piece standing on these squares at the start
//   reach <sq> [<sq> ...]     bring the piece (see `with`) or any piece onto one of these squares
//   unfreeze                  have no piece of the learner frozen by a Basilisk
//   freeze <sq>               freeze the enemy piece standing on <sq> (a Basilisk below it)
//   check                     give check
//   mate                      give checkmate
//   promote                   promote a Warrior to a Hero
// optionally followed by
//   in <n>                    within n moves of the learner (1..20; check, mate, freeze
//                             and unfreeze default to 1, the others to 20)
//   with <sq>                 only the piece standing on <sq> at the start may move
// e.g. "capture 2e4 2g4 with 3f5 in 2", "mate in 1", "reach 3c2 with 2e5".
#pragma once

#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "game.h"
#include "position.h"
#include "result.h"

namespace dc {

enum class GoalKind { Capture, Reach, Unfreeze, Freeze, Check, Mate, Promote };

struct Goal {
  GoalKind kind = GoalKind::Check;
  std::vector<Square> squares;  // capture, reach, freeze
  int max_moves = 1;
  Square with = SQ_NONE;  // the one piece that may move (its square at the start)
};

// Reads a goal; the error names what is wrong.
Result<Goal> parse_goal(std::string_view text);

// One argument of a part of a lesson's feedback: a word (a square, a side's id, a piece's
// letter), a number, or a list of squares or moves.
struct LessonArg {
  std::string name;
  std::variant<std::string, int, std::vector<std::string>> value;
};

// One sentence of a lesson's feedback, named for the page to say in the reader's language:
// a key of the learn catalogues ("lesson.captured", ...) with its arguments, and the
// sentence in English (the page's English catalogue says the same words). Arguments by
// name: piece, by (a piece's letter), side (a side's id), square, below, from, target (a
// square), targets (squares, all of them), goals, moves (squares or moves, one of them),
// n (moves left), count (targets), more (answers not named), who ("piece": the lesson's one
// piece, else "any").
struct LessonPart {
  std::string key;
  std::vector<LessonArg> args;
  std::string text;
};

struct LessonState {
  Position position = Position::start();  // now; the learner to move unless the lesson is over
  Color learner = GOLD;
  std::vector<MoveText> moves;    // the learner's moves so far
  bool done = false;              // the goal is reached
  bool failed = false;            // it can no longer be reached: start again
  std::string message;            // what the last move did toward the goal, in words (the parts' texts)
  std::vector<LessonPart> parts;  // the same, named part by part
  std::vector<Square> left;       // capture: targets still standing; reach: the squares; freeze: the square
  Square piece = SQ_NONE;         // where the `with` piece stands now (SQ_NONE: any piece may move)
  int max_moves = 1;
};

// The lesson after the learner's `moves` (coordinate or algebraic) from position `fen`
// with goal `goal`, played under `rules` (a lesson about a rule of one rule set names
// it: the lesson data's "rules"). Errors: a bad position or goal, a move that is not
// legal or not allowed (another piece than `with`), a move after the lesson ended, a
// position whose side to move has no legal move. A goal reached at the start is an
// error too.
Result<LessonState> lesson_state(std::string_view fen, std::string_view goal, const std::vector<std::string>& moves,
                                 Rules rules = Rules::Gygax);

}  // namespace dc
