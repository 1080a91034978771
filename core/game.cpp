#include "game.h"

#include "clock.h"

#include "movegen.h"
#include "notation.h"
#include "rule_set.h"

namespace dc {

const char* error_code_name(GameErrorCode code) {
  switch (code) {
    case GameErrorCode::BadPosition: return "bad-position";
    case GameErrorCode::BadMove: return "bad-move";
    case GameErrorCode::GameOver: return "game-over";
    case GameErrorCode::NoUndo: return "no-undo";
    case GameErrorCode::NoRedo: return "no-redo";
    case GameErrorCode::BadRecord: return "bad-record";
    case GameErrorCode::BadTag: return "bad-tag";
  }
  return "bad-move";
}

Error game_over(const Status& st) { return keyed_error("game.over", "the game is over ({reason})", st.refusal()); }

namespace {

// A failure of `code` saying the refusal `e` (its key and arguments with it).
GameError game_error(GameErrorCode code, Error e) {
  return GameError{code, std::move(e.message), 0, std::move(e.key), std::move(e.args)};
}

GameError over_error(const Status& st) { return game_error(GameErrorCode::GameOver, game_over(st)); }

// A game's failure as a refusal (to wrap in another).
template <typename T>
Error refusal_of(const GameResult<T>& r) {
  return make_error(r.key(), r.args(), r.error());
}

// "the game cannot be played under Gygax's rules: <why>", keyed "game.notUnder".
GameError not_under(Rules rules, GameErrorCode code, Error why) {
  std::string message = "the game cannot be played under " + std::string(rules_owner(rules)) + ": " + why.message;
  return game_error(code,
                    wrap_error("game.notUnder", {{"rules", rules_id(rules)}}, std::move(message), std::move(why)));
}

}  // namespace

Game::Game(Rules rules) : pos_(Position::start(rules)), start_(pos_.to_string()) { update_status(); }

GameResult<Game> Game::from(std::string_view start, const std::vector<std::string>& moves, Rules rules) {
  Result<Position> p = Position::from_string(start, rules);
  if (!p)
    return game_error(GameErrorCode::BadPosition,
                      wrap_error("game.badPosition", {}, "bad position string: " + p.error(), p.failure()));
  Game g(rules);
  g.pos_ = std::move(p.value());
  g.start_ = g.pos_.to_string();
  g.start_side_ = g.pos_.side_to_move();
  g.start_number_ = g.pos_.move_number();
  g.update_status();
  auto r = g.play_all(moves);
  if (!r) return r.failure();
  return g;
}

GameResult<Game> Game::under(Rules rules) const {
  if (rules == this->rules()) return *this;
  auto g = from(start_, coordinate_moves(), rules);
  if (!g) return not_under(rules, g.code(), refusal_of(g));
  if (status_.state == GameState::Resignation || status_.state == GameState::DrawAgreed) {
    auto r = g.value().end_off_board(status_.state, status_.winner);
    if (!r) return not_under(rules, r.code(), refusal_of(r));
  }
  return g;
}

GameResult<MoveText> Game::play_one(std::string_view text, int number) {
  const std::string which = number ? "move " + std::to_string(number) + ": " : "";
  if (status_.over() && !number) return over_error(status_);
  if (status_.over())
    return game_error(GameErrorCode::GameOver, keyed_error("game.move", "move {number}: {reason}", game_over(status_),
                                                           "number", std::to_string(number)));
  Result<Move> m = parse_move(pos_, text);
  if (!m && !number) return game_error(GameErrorCode::BadMove, m.failure());
  if (!m)
    return game_error(GameErrorCode::BadMove,
                      wrap_error("game.move", {{"number", std::to_string(number)}}, which + m.error(), m.failure()));
  MoveText played{*m, to_coordinate(*m), to_algebraic(pos_, *m)};
  pos_.make_move(*m);
  played_.push_back(played);
  if (!redo_.empty() && redo_.back().move == *m)
    redo_.pop_back();
  else
    redo_.clear();
  update_status();
  return played;
}

GameResult<MoveText> Game::play(std::string_view text) { return play_one(text, 0); }

GameResult<MoveText> Game::play_all(const std::vector<std::string>& moves) {
  Game copy = *this;  // all or nothing: play on a copy, keep it only if every move is legal
  MoveText last{Move::none(), "", ""};
  for (size_t i = 0; i < moves.size(); ++i) {
    auto r = copy.play_one(moves[i], int(i) + 1);
    if (!r) return r;
    last = std::move(r.value());
  }
  *this = std::move(copy);
  return last;
}

GameResult<MoveText> Game::undo() {
  if (played_.empty()) return GameError{GameErrorCode::NoUndo, "no move to undo"};
  MoveText m = played_.back();
  played_.pop_back();
  pos_.unmake_move();
  redo_.push_back(m);
  update_status();
  return m;
}

GameResult<MoveText> Game::redo() {
  if (redo_.empty()) return GameError{GameErrorCode::NoRedo, "no move to redo"};
  if (status_.over()) return over_error(status_);
  MoveText m = redo_.back();
  redo_.pop_back();
  pos_.make_move(m.move);
  played_.push_back(m);
  update_status();
  return m;
}

std::vector<std::string> Game::coordinate_moves() const {
  std::vector<std::string> out;
  for (const MoveText& m : played_) out.push_back(m.coordinate);
  return out;
}

std::vector<std::string> Game::algebraic_moves() const {
  std::vector<std::string> out;
  for (const MoveText& m : played_) out.push_back(m.algebraic);
  return out;
}

GameResult<Status> Game::end_off_board(GameState state, Color winner) {
  if (status_.over()) return over_error(status_);
  status_.state = state;
  status_.winner = winner;
  return status_;
}

GameResult<Status> Game::resign(Color side) { return end_off_board(GameState::Resignation, ~side); }

GameResult<Status> Game::agree_draw() { return end_off_board(GameState::DrawAgreed, GOLD); }

GameResult<Status> Game::flag() {
  const FlagOutcome f = flag_outcome(pos_, pos_.side_to_move());
  return end_off_board(f.draw ? GameState::TimeoutDraw : GameState::Timeout, f.winner);
}

std::string Game::move_label(int ply) const {
  const int index = ply + (start_side_ == GOLD ? 0 : 1);  // half-moves since a Gold move
  const int number = start_number_ + index / 2;
  return std::to_string(number) + (index % 2 == 0 ? "." : "\u2026");
}

std::string Game::record() const {
  std::string out;
  for (int i = 0; i < plies(); ++i) {
    const bool gold = (i + (start_side_ == GOLD ? 0 : 1)) % 2 == 0;
    if (gold || i == 0) {
      if (!out.empty()) out += ' ';
      out += move_label(i);
    }
    out += ' ';
    out += played_[size_t(i)].algebraic;
  }
  return out;
}

std::vector<MoveText> Game::legal_moves() {
  std::vector<MoveText> out;
  for (Move m : dc::legal_moves(pos_)) out.push_back({m, to_coordinate(m), to_algebraic(pos_, m)});
  return out;
}

}  // namespace dc
