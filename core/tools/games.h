// One game between two players, with adjudication (the match runner and the tuner's
// self-play): the game record, the scores the players report, and the rules that end
// a game early (core/tools/match.cpp documents them).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "clock.h"
#include "movegen.h"
#include "search/see.h"
#include "notation.h"
#include "position.h"
#include "status.h"

namespace dc {

// What a player answers: its move and, when it has one, its score (mover's view; a
// mate as +-30000).
struct Choice {
  Move move;
  bool has_score = false;
  int score_cp = 0;
  bool out_of_time = false;  // on a clock: the move came after the player's flag fell
};

// A player: the position and the game's coordinate moves so far -> its choice.
using Chooser = std::function<Choice(Position&, const std::vector<std::string>&)>;

struct Adjudication {
  int resign_cp = 0, resign_moves = 0;            // 0: off
  int draw_ply = 0, draw_cp = 0, draw_moves = 0;  // draw_moves 0: off
};

struct GameOutcome {
  int result = 0;  // Gold's view: 1 win, 0 draw, -1 loss
  std::string how;
  int plies = 0;
  // The resign rule's verdict the first time it would have fired (checked even when
  // adjudication is off): 0 never, else Gold's view and the ply.
  int resign_would = 0, resign_ply = 0;
  // On a clock: the side whose flag fell (ended the game), if one did.
  bool flag = false;
  Color flagged = GOLD;
};

// A player on a clock: each choice is timed by now_ms (a clock in ms; the runner's is
// the wall clock) and charged to the side's time; the choice of a side whose time ran
// out is marked out_of_time, which ends the game (play_game: flag_outcome).
inline Chooser on_clock(Chooser player, GameClock& clock, std::function<double()> now_ms) {
  return [player = std::move(player), &clock, now_ms = std::move(now_ms)](Position& pos,
                                                                          const std::vector<std::string>& moves) {
    const Color us = pos.side_to_move();
    const double t0 = now_ms();
    Choice c = player(pos, moves);
    if (!clock.spend(us, now_ms() - t0)) c.out_of_time = true;
    return c;
  };
}

// Plays one game from `fen` to its end, the ply limit (a draw), an adjudication or a
// fallen flag (on_clock).
// on_move (optional) sees each position before its move is made, with the choice.
inline GameOutcome play_game(const std::string& fen, const Chooser& gold, const Chooser& scarlet, int max_plies,
                             const Adjudication& adj,
                             const std::function<void(const Position&, const Choice&)>& on_move = {}) {
  Position pos = Position::from_string(fen).value();
  std::vector<std::string> moves;
  // Scores by ply, from Gold's point of view; has_score false for players without.
  std::vector<int> gold_view;
  std::vector<bool> scored;
  GameOutcome out;
  // Whether each of the last `n` plies satisfies pred (every one scored).
  auto last_plies = [&](int n, auto pred) {
    if (int(gold_view.size()) < n) return false;
    for (int i = int(gold_view.size()) - n; i < int(gold_view.size()); ++i)
      if (!scored[size_t(i)] || !pred(i, gold_view[size_t(i)])) return false;
    return true;
  };
  const int check_cp = adj.resign_moves ? adj.resign_cp : 800, check_moves = adj.resign_moves ? adj.resign_moves : 5;
  for (int ply = 0; ply < max_plies; ++ply) {
    Status st = game_status(pos);
    if (st.over()) {
      out.how = st.name();
      out.plies = ply;
      out.result = st.state == GameState::Checkmate ? (st.winner == GOLD ? 1 : -1) : 0;
      return out;
    }
    // The resign rule: Gold winning (every score >= +cp from Gold's view) or losing.
    for (int sign : {1, -1}) {
      if (!out.resign_would && last_plies(2 * check_moves, [&](int, int v) { return sign * v >= check_cp; })) {
        out.resign_would = sign;
        out.resign_ply = ply;
      }
    }
    if (adj.resign_moves && out.resign_would) {
      out.how = "adjudication (resign)";
      out.plies = ply;
      out.result = out.resign_would;
      return out;
    }
    if (adj.draw_moves && ply >= adj.draw_ply &&
        last_plies(2 * adj.draw_moves, [&](int, int v) { return std::abs(v) <= adj.draw_cp; })) {
      out.how = "adjudication (draw)";
      out.plies = ply;
      out.result = 0;
      return out;
    }
    const Chooser& p = pos.side_to_move() == GOLD ? gold : scarlet;
    const Choice c = p(pos, moves);
    if (c.out_of_time) {  // its flag fell: it loses, or draws when the other side has only its King
      const FlagOutcome f = flag_outcome(pos, pos.side_to_move());
      out.how = f.draw ? "time forfeit (King only: a draw)" : "time forfeit";
      out.plies = ply;
      out.result = f.draw ? 0 : f.winner == GOLD ? 1 : -1;
      out.flag = true;
      out.flagged = pos.side_to_move();
      return out;
    }
    if (c.move.is_none() || find_legal(pos, c.move.from(), c.move.to()).is_none()) {
      std::fprintf(stderr, "illegal move from the %s player in %s\n", pos.side_to_move() == GOLD ? "Gold" : "Scarlet",
                   pos.to_string().c_str());
      std::exit(2);
    }
    if (on_move) on_move(pos, c);
    gold_view.push_back(pos.side_to_move() == GOLD ? c.score_cp : -c.score_cp);
    scored.push_back(c.has_score);
    moves.push_back(to_coordinate(c.move));
    pos.make_move(c.move);
  }
  Status st = game_status(pos);
  out.plies = max_plies;
  if (st.state == GameState::Checkmate) {
    out.how = "checkmate";
    out.result = st.winner == GOLD ? 1 : -1;
  } else {
    out.how = st.over() ? st.name() : "max-plies";
  }
  return out;
}

// The tuner's positions (core/tools/tune.cpp) from one game: those quiet enough for the
// static evaluation to stand for them (not in check, the move played neither a capture
// nor a promotion, no capture that wins material by SEE, no mate score), after the
// first `skip` plies; written with the game's result once it is known, one line each:
// position|result for Gold (1, 0.5, 0)|search score (cp, Gold's view)|game number.
class QuietPositions {
 public:
  explicit QuietPositions(int skip) : skip_(skip) {}
  void see(const Position& p, const Choice& c) {
    if (ply_++ < skip_ || !c.has_score || std::abs(c.score_cp) >= 3000) return;
    if (c.move.is_capture() || c.move.is_promotion()) return;
    if (in_check(p)) return;
    Move caps[MAX_MOVES];
    const int n = generate_pseudo_captures(p, caps);
    for (int i = 0; i < n; ++i)
      if (see_ge(p, caps[i], GYGAX_VALUE_CP, 1) && leaves_king_safe(p, caps[i])) return;
    kept_.push_back({p.to_string(), p.side_to_move() == GOLD ? c.score_cp : -c.score_cp});
  }
  // result: Gold's view, 1, 0 or -1.
  void write(std::ostream& out, int result, long game) const {
    const char* r = result > 0 ? "1" : result < 0 ? "0" : "0.5";
    for (const auto& [fen, score] : kept_) out << fen << '|' << r << '|' << score << '|' << game << '\n';
  }
  size_t size() const { return kept_.size(); }

 private:
  int skip_, ply_ = 0;
  std::vector<std::pair<std::string, int>> kept_;
};

}  // namespace dc
