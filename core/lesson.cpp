#include "lesson.h"

#include <algorithm>
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

std::string square_list(const std::vector<Square>& squares) {
  std::string s;
  for (size_t i = 0; i < squares.size(); ++i) s += (i ? ", " : "") + square_name(squares[i]);
  return s;
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

// Why the position (after the learner's move; the other side to move) does not meet the goal.
std::string not_yet(const Goal& g, Position& pos, Color learner, const std::vector<Square>& left, Square piece,
                    bool gives_check) {
  const Color other = ~learner;
  switch (g.kind) {
    case GoalKind::Capture:
      if (g.max_moves == 1)
        return std::string("That move does not take the ") + (left.size() == 1 ? "target on " : "targets on ") +
               square_list(left) + ".";
      return std::to_string(left.size()) + (left.size() == 1 ? " target left: " : " targets left: ") +
             square_list(left) + ".";
    case GoalKind::Reach:
      if (piece != SQ_NONE)
        return std::string("Your ") + piece_type_name(type_of(pos.at(piece))) + " is on " + square_name(piece) +
               "; the goal is " + (g.squares.size() == 1 ? "" : "one of ") + square_list(g.squares) + ".";
      return "Not there yet: the goal is " + square_list(g.squares) + ".";
    case GoalKind::Unfreeze: {
      for (int i = 0; i < SQUARE_NB; ++i) {
        const Square s = Square(i);
        if (!pos.empty(s) && color_of(pos.at(s)) == learner && pos.frozen(s))
          return std::string("Your ") + piece_type_name(type_of(pos.at(s))) + " on " + square_name(s) +
                 " is still frozen by the " + piece_words(pos.at(below(s))) + " directly below it on " +
                 square_name(below(s)) + ".";
      }
      return "";
    }
    case GoalKind::Freeze: {
      const Square s = g.squares[0];
      if (pos.empty(s)) return "";
      return "The " + piece_words(pos.at(s)) + " on " + square_name(s) + " is not frozen: your Basilisk must stand " +
             "directly below it, on " + square_name(below(s)) + ".";
    }
    case GoalKind::Check: return "That move gives no check.";
    case GoalKind::Mate: {
      const Square k = pos.king_square(other);
      if (!gives_check)
        return "That move gives no check: the " + std::string(color_name(other)) + " King on " + square_name(k) +
               " is not attacked.";
      MoveList l = legal_moves(pos);
      std::string s = std::string("Check, but not mate: ") + color_name(other) + " can answer ";
      const int shown = std::min(l.size, 3);
      for (int i = 0; i < shown; ++i) s += (i ? ", " : "") + to_algebraic(pos, l[i]);
      if (l.size > shown)
        s += " (or " + std::to_string(l.size - shown) + " other move" + (l.size - shown > 1 ? "s" : "") + ")";
      return s + ".";
    }
    case GoalKind::Promote: return "No promotion yet: a Warrior becomes a Hero on the far rank.";
  }
  return "";
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

// Why the goal can no longer be reached with `moves_left` moves (can_reach said no).
std::string out_of_reach(const Goal& g, const Position& pos, const std::vector<Square>& left, Square piece,
                         int moves_left) {
  const std::string in =
      " in the " + (moves_left == 1 ? std::string("1 move") : std::to_string(moves_left) + " moves") + " left.";
  const std::string who = piece != SQ_NONE ? std::string("from ") + square_name(piece) + " your " +
                                                 piece_type_name(type_of(pos.at(piece))) + " cannot "
                                           : std::string("no piece of yours can ");
  switch (g.kind) {
    case GoalKind::Capture:
      if (int(left.size()) > moves_left)
        return std::to_string(left.size()) + " targets are left (" + square_list(left) + ") and only " +
               (moves_left == 1 ? std::string("1 move") : std::to_string(moves_left) + " moves") +
               ": a move takes one piece.";
      return who + "take the " + (left.size() == 1 ? "target on " : "targets on ") + square_list(left) + in;
    case GoalKind::Reach:
      return who + "reach " + (g.squares.size() == 1 ? "" : "any of ") + square_list(g.squares) + in;
    case GoalKind::Unfreeze: return who + "free your frozen pieces" + in;
    case GoalKind::Freeze: return who + "freeze the piece on " + square_list(g.squares) + in;
    case GoalKind::Check: return who + "give check" + in;
    case GoalKind::Mate: return who + "give checkmate" + in;
    case GoalKind::Promote: return who + "promote a Warrior" + in;
  }
  return "";
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
    std::string said;
    if (g.kind == GoalKind::Capture && victim != NO_PIECE) {
      if (contains(st.left, m.to())) {
        st.left.erase(std::find(st.left.begin(), st.left.end(), m.to()));
        said = "Captured the " + piece_words(victim) + " on " + square_name(m.to()) + ". ";
      } else {
        said = "That took the " + piece_words(victim) + " on " + square_name(m.to()) + ", which is not a target. ";
      }
    }
    const bool gives_check = in_check(pos);
    if (reached(g, pos, learner, st.left, st.piece, m, gives_check)) {
      st.done = true;
      st.message = said;
      continue;  // the next move, if any, is an error
    }
    st.message = said + not_yet(g, pos, learner, st.left, st.piece, gives_check);
    if (gives_check && g.kind != GoalKind::Check && g.kind != GoalKind::Mate) {
      st.failed = true;
      st.message = "That move gives check to the " + std::string(color_name(~learner)) +
                   " King. In a lesson the other side does not move, so leave its King alone.";
      continue;  // the next move, if any, is an error
    }
    if (int(st.moves.size()) >= g.max_moves) {
      st.failed = true;
      if (g.max_moves > 1) st.message = "Out of moves. " + st.message;
      continue;  // the next move, if any, is an error
    }
    Result<Position> next = pass_turn(pos);
    if (!next) return make_error(which + "the turn cannot pass back: " + next.error());
    pos = std::move(next.value());
    // A move after which the goal is out of reach is said at once, with why (not moves later).
    const int moves_left = g.max_moves - int(st.moves.size());
    long budget = kReachBudget;
    if (can_reach(g, pos, learner, st.left, st.piece, moves_left, budget) == 0) {
      st.failed = true;
      st.message = said + "That move cannot reach the goal: " + out_of_reach(g, pos, st.left, st.piece, moves_left);
    }
  }
  return st;
}

}  // namespace dc
