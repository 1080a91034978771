#include "lesson.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

#include "movegen.h"
#include "notation.h"

namespace dc {

namespace {

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string piece_words(Piece p) { return std::string(color_name(color_of(p))) + " " + piece_type_name(type_of(p)); }

// A piece's letter (the page's key for its name) and a side's id.
std::string letter(Piece p) { return std::string(1, char(std::toupper(static_cast<unsigned char>(piece_char(p))))); }
std::string side(Piece p) { return color_id(color_of(p)); }

std::vector<std::string> names(const std::vector<Square>& squares) {
  std::vector<std::string> v;
  for (Square s : squares) v.push_back(square_name(s));
  return v;
}

// A list as English says it (as the page's Intl.ListFormat does): "a", "a and b", "a, b, and c";
// `word` "or" for one of them.
std::string english_list(const std::vector<std::string>& v, const char* word = "and") {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i > 0) s += v.size() == 2 ? " " : ", ";
    if (i > 0 && i + 1 == v.size()) s += std::string(word) + " ";
    s += v[i];
  }
  return s;
}

std::string moves_words(int n) { return n == 1 ? std::string("1 move") : std::to_string(n) + " moves"; }

LessonPart part(std::string key, std::vector<LessonArg> args, std::string text) {
  return LessonPart{"lesson." + std::move(key), std::move(args), std::move(text)};
}

bool contains(const std::vector<Square>& v, Square s) { return std::find(v.begin(), v.end(), s) != v.end(); }

// The same placement with the other side to move (the opponent passes).
Result<Position> pass_turn(const Position& pos) {
  std::string s = pos.to_string();
  const size_t sp = s.find(' ');
  if (sp == std::string::npos || sp + 1 >= s.size()) return make_error("bad position string");
  s[sp + 1] = s[sp + 1] == 'g' ? 's' : 'g';
  return Position::from_string(s, pos.rules());
}

bool reached(const Goal& g, Position& pos, Color learner, const std::vector<Square>& left, Square piece, Move last,
             bool gives_check) {
  switch (g.kind) {
    case GoalKind::Capture: return left.empty();
    case GoalKind::Reach:
      for (Square s : g.squares) {
        if (piece != SQ_NONE ? s == piece : (!pos.empty(s) && color_of(pos.at(s)) == learner)) return true;
      }
      return false;
    case GoalKind::Unfreeze: return !pos.frozen_pieces(learner).any();
    case GoalKind::Freeze: return pos.frozen(g.squares[0]);
    case GoalKind::Check: return gives_check;
    case GoalKind::Mate: return gives_check && legal_moves(pos).size == 0;
    case GoalKind::Promote: return !last.is_none() && last.is_promotion();
  }
  return false;
}

// Why the position (after the learner's move; the other side to move) does not meet the goal
// (nothing when there is nothing to say).
std::vector<LessonPart> not_yet(const Goal& g, Position& pos, Color learner, const std::vector<Square>& left,
                                Square piece, bool gives_check) {
  const Color other = ~learner;
  const int count = int(left.size());
  switch (g.kind) {
    case GoalKind::Capture:
      if (g.max_moves == 1)
        return {part("missed", {{"count", count}, {"targets", names(left)}},
                     std::string("That move does not take the ") + (count == 1 ? "target on " : "targets on ") +
                         english_list(names(left)) + ".")};
      return {part("targetsLeft", {{"count", count}, {"targets", names(left)}},
                   std::to_string(count) + (count == 1 ? " target left: " : " targets left: ") +
                       english_list(names(left)) + ".")};
    case GoalKind::Reach:
      if (piece != SQ_NONE)
        return {part("reach.piece",
                     {{"piece", letter(pos.at(piece))}, {"square", square_name(piece)}, {"goals", names(g.squares)}},
                     std::string("Your ") + piece_type_name(type_of(pos.at(piece))) + " is on " + square_name(piece) +
                         "; the goal is " + english_list(names(g.squares), "or") + ".")};
      return {part("reach.any", {{"goals", names(g.squares)}},
                   "Not there yet: the goal is " + english_list(names(g.squares), "or") + ".")};
    case GoalKind::Unfreeze: {
      for (int i = 0; i < SQUARE_NB; ++i) {
        const Square s = Square(i);
        if (!pos.empty(s) && color_of(pos.at(s)) == learner && pos.frozen(s)) {
          const Piece by = pos.at(below(s));
          return {part("stillFrozen",
                       {{"piece", letter(pos.at(s))},
                        {"square", square_name(s)},
                        {"side", side(by)},
                        {"by", letter(by)},
                        {"below", square_name(below(s))}},
                       std::string("Your ") + piece_type_name(type_of(pos.at(s))) + " on " + square_name(s) +
                           " is still frozen by the " + piece_words(by) + " directly below it on " +
                           square_name(below(s)) + ".")};
        }
      }
      return {};
    }
    case GoalKind::Freeze: {
      const Square s = g.squares[0];
      if (pos.empty(s)) return {};
      return {part("notFrozen",
                   {{"side", side(pos.at(s))},
                    {"piece", letter(pos.at(s))},
                    {"square", square_name(s)},
                    {"below", square_name(below(s))}},
                   "The " + piece_words(pos.at(s)) + " on " + square_name(s) +
                       " is not frozen: your Basilisk must stand directly below it, on " + square_name(below(s)) +
                       ".")};
    }
    case GoalKind::Check: return {part("noCheck", {}, "That move gives no check.")};
    case GoalKind::Mate: {
      const Square k = pos.king_square(other);
      if (!gives_check)
        return {part("noMateNoCheck", {{"side", std::string(color_id(other))}, {"square", square_name(k)}},
                     "That move gives no check: the " + std::string(color_name(other)) + " King on " + square_name(k) +
                         " is not attacked.")};
      MoveList l = legal_moves(pos);
      const int shown = std::min(l.size, 3), more = l.size - shown;
      std::vector<std::string> answers;
      for (int i = 0; i < shown; ++i) answers.push_back(to_algebraic(pos, l[i]));
      std::string s =
          std::string("Check, but not mate: ") + color_name(other) + " can answer " + english_list(answers, "or");
      if (more > 0) s += " (or " + std::to_string(more) + " other move" + (more > 1 ? "s" : "") + ")";
      return {
          part("checkNotMate", {{"side", std::string(color_id(other))}, {"moves", answers}, {"more", more}}, s + ".")};
    }
    case GoalKind::Promote:
      return {part("noPromotion", {}, "No promotion yet: a Warrior becomes a Hero on the far rank.")};
  }
  return {};
}

// Whether the goal can still be reached from `pos` (the learner to move) in `moves_left` moves,
// the other side passing after each: a search over the learner's moves alone (a lesson is a
// small position and a few moves). A move that gives check ends the lesson unless checking is
// the goal. 1: yes, 0: no, -1: not known within the budget (a make_move each).
constexpr long kReachBudget = 20000;

int can_reach(const Goal& g, Position& pos, Color learner, const std::vector<Square>& left, Square piece,
              int moves_left, long& budget) {
  if (g.kind == GoalKind::Capture && int(left.size()) > moves_left) return 0;  // one capture a move
  bool unknown = false;
  const MoveList moves = legal_moves(pos);
  for (int i = 0; i < moves.size; ++i) {
    const Move m = moves[i];
    if (piece != SQ_NONE && m.from() != piece) continue;
    if (--budget < 0) return -1;
    std::vector<Square> now = left;
    if (g.kind == GoalKind::Capture && m.is_capture() && contains(now, m.to()))
      now.erase(std::find(now.begin(), now.end(), m.to()));
    const Square next = piece == SQ_NONE ? SQ_NONE : m.is_afar() ? m.from() : m.to();
    pos.make_move(m);
    const bool check = in_check(pos);
    int r = 0;
    if (reached(g, pos, learner, now, next, m, check)) {
      r = 1;
    } else if (moves_left > 1 && !(check && g.kind != GoalKind::Check && g.kind != GoalKind::Mate)) {
      pos.make_null();
      r = can_reach(g, pos, learner, now, next, moves_left - 1, budget);
      pos.unmake_null();
    }
    pos.unmake_move();
    if (r == 1) return 1;
    if (r < 0) unknown = true;
  }
  return unknown ? -1 : 0;
}

const char* goal_name(GoalKind k) {
  switch (k) {
    case GoalKind::Capture: return "capture";
    case GoalKind::Reach: return "reach";
    case GoalKind::Unfreeze: return "unfreeze";
    case GoalKind::Freeze: return "freeze";
    case GoalKind::Check: return "check";
    case GoalKind::Mate: return "mate";
    case GoalKind::Promote: return "promote";
  }
  return "";
}

// Why the goal can no longer be reached with `moves_left` moves (can_reach said no).
LessonPart out_of_reach(const Goal& g, const Position& pos, const std::vector<Square>& left, Square piece,
                        int moves_left) {
  const std::string why = "That move cannot reach the goal: ";
  const int count = int(left.size());
  if (g.kind == GoalKind::Capture && count > moves_left)
    return part("unreachable.tooMany", {{"count", count}, {"targets", names(left)}, {"n", moves_left}},
                why + std::to_string(count) + " targets are left (" + english_list(names(left)) + ") and only " +
                    moves_words(moves_left) + ": a move takes one piece.");
  std::vector<LessonArg> args{{"n", moves_left}};
  std::string who = "no piece of yours can ";
  if (piece != SQ_NONE) {
    args.push_back({"who", std::string("piece")});
    args.push_back({"piece", letter(pos.at(piece))});
    args.push_back({"from", square_name(piece)});
    who = std::string("from ") + square_name(piece) + " your " + piece_type_name(type_of(pos.at(piece))) + " cannot ";
  } else {
    args.push_back({"who", std::string("any")});
  }
  std::string what;
  switch (g.kind) {
    case GoalKind::Capture:
      args.push_back({"count", count});
      args.push_back({"targets", names(left)});
      what = std::string("take the ") + (count == 1 ? "target on " : "targets on ") + english_list(names(left));
      break;
    case GoalKind::Reach:
      args.push_back({"goals", names(g.squares)});
      what = "reach " + english_list(names(g.squares), "or");
      break;
    case GoalKind::Unfreeze: what = "free your frozen pieces"; break;
    case GoalKind::Freeze:
      args.push_back({"target", square_name(g.squares[0])});
      what = "freeze the piece on " + square_name(g.squares[0]);
      break;
    case GoalKind::Check: what = "give check"; break;
    case GoalKind::Mate: what = "give checkmate"; break;
    case GoalKind::Promote: what = "promote a Warrior"; break;
  }
  return part(std::string("unreachable.") + goal_name(g.kind), std::move(args),
              why + who + what + " in the " + moves_words(moves_left) + " left.");
}

// The parts said as one message.
std::string message_of(const std::vector<LessonPart>& parts) {
  std::string s;
  for (const LessonPart& p : parts) s += (s.empty() ? "" : " ") + p.text;
  return s;
}

}  // namespace

Result<Goal> parse_goal(std::string_view text) {
  const std::vector<std::string_view> w = words(text);
  if (w.empty()) return make_error("empty goal (capture, reach, unfreeze, freeze, check, mate or promote)");
  Goal g;
  const std::string_view k = w[0];
  if (k == "capture")
    g.kind = GoalKind::Capture;
  else if (k == "reach")
    g.kind = GoalKind::Reach;
  else if (k == "unfreeze")
    g.kind = GoalKind::Unfreeze;
  else if (k == "freeze")
    g.kind = GoalKind::Freeze;
  else if (k == "check")
    g.kind = GoalKind::Check;
  else if (k == "mate")
    g.kind = GoalKind::Mate;
  else if (k == "promote")
    g.kind = GoalKind::Promote;
  else
    return make_error("unknown goal '" + std::string(k) +
                      "' (capture, reach, unfreeze, freeze, check, mate or promote)");
  const bool one_move = g.kind == GoalKind::Unfreeze || g.kind == GoalKind::Freeze || g.kind == GoalKind::Check ||
                        g.kind == GoalKind::Mate;
  g.max_moves = one_move ? 1 : 20;
  size_t i = 1;
  for (; i < w.size() && w[i] != "in" && w[i] != "with"; ++i) {
    const Square s = parse_square(w[i]);
    if (s == SQ_NONE) return make_error("bad square '" + std::string(w[i]) + "' in the goal (a square is like 2c3)");
    if (!contains(g.squares, s)) g.squares.push_back(s);
  }
  const bool needs_squares = g.kind == GoalKind::Capture || g.kind == GoalKind::Reach || g.kind == GoalKind::Freeze;
  if (needs_squares && g.squares.empty()) return make_error("the goal '" + std::string(k) + "' needs squares");
  if (!needs_squares && !g.squares.empty()) return make_error("the goal '" + std::string(k) + "' takes no squares");
  if (g.kind == GoalKind::Freeze && g.squares.size() != 1) return make_error("the goal 'freeze' takes one square");
  bool seen_in = false, seen_with = false;
  while (i < w.size()) {
    if (w[i] == "in" && !seen_in && i + 1 < w.size()) {
      int n = 0;
      const auto r = std::from_chars(w[i + 1].data(), w[i + 1].data() + w[i + 1].size(), n);
      if (r.ec != std::errc() || r.ptr != w[i + 1].data() + w[i + 1].size() || n < 1 || n > 20)
        return make_error("'in' needs a number of moves from 1 to 20");
      g.max_moves = n;
      seen_in = true;
    } else if (w[i] == "with" && !seen_with && i + 1 < w.size()) {
      g.with = parse_square(w[i + 1]);
      if (g.with == SQ_NONE) return make_error("bad square '" + std::string(w[i + 1]) + "' after 'with'");
      seen_with = true;
    } else {
      return make_error("unexpected '" + std::string(w[i]) + "' in the goal");
    }
    i += 2;
  }
  return g;
}

Result<LessonState> lesson_state(std::string_view fen, std::string_view goal_text,
                                 const std::vector<std::string>& moves, Rules rules) {
  Result<Goal> gr = parse_goal(goal_text);
  if (!gr) return make_error("bad goal: " + gr.error());
  const Goal& g = *gr;
  Result<Position> pr = Position::from_string(fen, rules);
  if (!pr) return make_error("bad position string: " + pr.error());
  LessonState st;
  st.position = std::move(pr.value());
  Position& pos = st.position;
  const Color learner = pos.side_to_move();
  st.learner = learner;
  st.max_moves = g.max_moves;
  st.piece = g.with;
  auto mine = [&](Square s) { return !pos.empty(s) && color_of(pos.at(s)) == learner; };
  if (g.with != SQ_NONE && !mine(g.with))
    return make_error("bad goal: no piece of the side to move on " + square_name(g.with));
  if (g.kind == GoalKind::Capture) {
    for (Square s : g.squares)
      if (pos.empty(s) || mine(s)) return make_error("bad goal: no enemy piece to capture on " + square_name(s));
    st.left = g.squares;
  } else if (g.kind == GoalKind::Freeze) {
    const Square s = g.squares[0];
    if (pos.empty(s) || mine(s) || level_of(s) != LEVEL_2)
      return make_error("bad goal: no enemy piece on the Ground to freeze on " + square_name(s));
    st.left = g.squares;
  } else if (g.kind == GoalKind::Reach) {
    st.left = g.squares;
  }
  if (legal_moves(pos).size == 0) return make_error("bad lesson: the side to move has no legal move");
  if (reached(g, pos, learner, st.left, st.piece, Move::none(), false))
    return make_error("bad lesson: the goal is reached before any move");

  for (size_t i = 0; i < moves.size(); ++i) {
    const std::string which = "move " + std::to_string(i + 1) + ": ";
    if (st.done || st.failed) return make_error(which + "the lesson is over");
    Result<Move> mr = parse_move(pos, moves[i]);
    if (!mr) return make_error(which + mr.error());
    const Move m = *mr;
    if (st.piece != SQ_NONE && m.from() != st.piece)
      return make_error(which + "in this lesson only the " + piece_type_name(type_of(pos.at(st.piece))) + " on " +
                        square_name(st.piece) + " moves");
    MoveText mt{m, to_coordinate(m), to_algebraic(pos, m)};
    const Piece victim = m.is_capture() ? pos.at(m.to()) : NO_PIECE;
    pos.make_move(m);
    st.moves.push_back(mt);
    if (st.piece != SQ_NONE) st.piece = m.is_afar() ? m.from() : m.to();
    std::vector<LessonPart> said;
    if (g.kind == GoalKind::Capture && victim != NO_PIECE) {
      const std::vector<LessonArg> args{
          {"side", side(victim)}, {"piece", letter(victim)}, {"square", square_name(m.to())}};
      if (contains(st.left, m.to())) {
        st.left.erase(std::find(st.left.begin(), st.left.end(), m.to()));
        said.push_back(
            part("captured", args, "Captured the " + piece_words(victim) + " on " + square_name(m.to()) + "."));
      } else {
        said.push_back(
            part("notTarget", args,
                 "That took the " + piece_words(victim) + " on " + square_name(m.to()) + ", which is not a target."));
      }
    }
    auto say = [&](std::vector<LessonPart> parts) {
      st.parts = std::move(parts);
      st.message = message_of(st.parts);
    };
    const bool gives_check = in_check(pos);
    if (reached(g, pos, learner, st.left, st.piece, m, gives_check)) {
      st.done = true;
      say(said);
      continue;  // the next move, if any, is an error
    }
    std::vector<LessonPart> now = said;
    for (LessonPart& p : not_yet(g, pos, learner, st.left, st.piece, gives_check)) now.push_back(std::move(p));
    if (gives_check && g.kind != GoalKind::Check && g.kind != GoalKind::Mate) {
      st.failed = true;
      say({part("givesCheck", {{"side", std::string(color_id(~learner))}},
                "That move gives check to the " + std::string(color_name(~learner)) +
                    " King. In a lesson the other side does not move, so leave its King alone.")});
      continue;  // the next move, if any, is an error
    }
    if (int(st.moves.size()) >= g.max_moves) {
      st.failed = true;
      if (g.max_moves > 1) now.insert(now.begin(), part("outOfMoves", {}, "Out of moves."));
      say(now);
      continue;  // the next move, if any, is an error
    }
    say(now);
    Result<Position> next = pass_turn(pos);
    if (!next) return make_error(which + "the turn cannot pass back: " + next.error());
    pos = std::move(next.value());
    // A move after which the goal is out of reach is said at once, with why (not moves later).
    const int moves_left = g.max_moves - int(st.moves.size());
    long budget = kReachBudget;
    if (can_reach(g, pos, learner, st.left, st.piece, moves_left, budget) == 0) {
      st.failed = true;
      said.push_back(out_of_reach(g, pos, st.left, st.piece, moves_left));
      say(said);
    }
  }
  return st;
}

}  // namespace dc
