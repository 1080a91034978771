// The game record (core/game.h): moves with both notations, all-or-nothing play,
// undo/redo, status, move numbering, error codes.
#include <catch2/catch_test_macros.hpp>

#include <random>
#include <string>
#include <vector>

#include "game.h"
#include "test_helpers.h"

using dc::Game;
using dc::GameErrorCode;

TEST_CASE("a game records each move with both notations and the status", "[game]") {
  Game g;
  CHECK(g.start_position() == dc::START_POSITION);
  CHECK(g.plies() == 0);
  CHECK_FALSE(g.can_undo());
  CHECK_FALSE(g.can_redo());
  CHECK(g.status().state == dc::GameState::Ongoing);
  CHECK(std::string(g.result()) == "*");

  auto a = g.play("2c22c3");  // coordinate
  REQUIRE(a);
  CHECK(a->coordinate == "2c22c3");
  CHECK(a->algebraic == "W2c3");
  auto b = g.play("W2c6");  // algebraic (a Scarlet Warrior: the reader takes the letter either way)
  REQUIRE(b);
  CHECK(b->coordinate == "2c72c6");
  auto c = g.play("S/3e2-3d3");
  REQUIRE(c);
  CHECK(c->coordinate == "3e23d3");
  CHECK(g.coordinate_moves() == std::vector<std::string>{"2c22c3", "2c72c6", "3e23d3"});
  CHECK(g.algebraic_moves() == std::vector<std::string>{a->algebraic, b->algebraic, c->algebraic});
  CHECK(g.record() == "1. " + a->algebraic + " " + b->algebraic + " 2. " + c->algebraic);
  CHECK(g.move_label(0) == "1.");
  CHECK(g.move_label(1) == "1\u2026");
  CHECK(g.move_label(2) == "2.");
  // The same game replayed from the coordinate list gives the same position.
  auto again = Game::from(dc::START_POSITION, g.coordinate_moves());
  REQUIRE(again);
  CHECK(again->position().to_string() == g.position().to_string());
  auto alg = Game::from(dc::START_POSITION, g.algebraic_moves());
  REQUIRE(alg);
  CHECK(alg->position().to_string() == g.position().to_string());
}

TEST_CASE("bad input gives a stable code and a message, and changes nothing", "[game]") {
  auto bad = Game::from("12/12 g 0 1");
  REQUIRE_FALSE(bad);
  CHECK(bad.code() == GameErrorCode::BadPosition);
  CHECK(bad.error().find("bad position string") == 0);
  CHECK_FALSE(Game::from(""));

  Game g;
  REQUIRE(g.play("2c22c3"));
  const std::string before = g.position().to_string();
  auto r = g.play("W2c4");  // a Warrior cannot go two squares
  REQUIRE_FALSE(r);
  CHECK(r.code() == GameErrorCode::BadMove);
  CHECK(r.error().find("illegal move") != std::string::npos);
  CHECK(g.play("zz").code() == GameErrorCode::BadMove);
  CHECK(g.position().to_string() == before);
  CHECK(g.plies() == 1);

  // play_all: all or nothing, the error names the move.
  auto m = g.play_all({"2c72c6", "2d22d3", "W2c4"});
  REQUIRE_FALSE(m);
  CHECK(m.error().rfind("move 3: ", 0) == 0);
  CHECK(g.position().to_string() == before);
  CHECK(g.plies() == 1);
  auto f = Game::from(dc::START_POSITION, {"2c22c3", "nonsense"});
  REQUIRE_FALSE(f);
  CHECK(f.code() == GameErrorCode::BadMove);
  CHECK(f.error().rfind("move 2: ", 0) == 0);

  Game fresh;
  CHECK(fresh.undo().code() == GameErrorCode::NoUndo);
  CHECK(fresh.redo().code() == GameErrorCode::NoRedo);
  CHECK(std::string(dc::error_code_name(GameErrorCode::GameOver)) == "game-over");
}

TEST_CASE("undo and redo walk the record; a new move clears what is ahead", "[game]") {
  Game g;
  REQUIRE(g.play_all({"2c22c3", "2c72c6", "2d22d3"}));
  const std::string after3 = g.position().to_string();
  auto u = g.undo();
  REQUIRE(u);
  CHECK(u->coordinate == "2d22d3");
  REQUIRE(g.undo());
  CHECK(g.plies() == 1);
  CHECK(g.can_redo());
  CHECK(g.redo_moves().size() == 2);
  auto r = g.redo();
  REQUIRE(r);
  CHECK(r->coordinate == "2c72c6");
  // Playing the move redo would play keeps the rest of the redo stack.
  REQUIRE(g.play("2d22d3"));
  CHECK(g.position().to_string() == after3);
  CHECK_FALSE(g.can_redo());
  REQUIRE(g.undo());
  REQUIRE(g.play("2e22e3"));  // another move: the redo stack goes
  CHECK_FALSE(g.can_redo());
  CHECK(g.coordinate_moves() == std::vector<std::string>{"2c22c3", "2c72c6", "2e22e3"});
  // Undo back to the start restores the start position exactly.
  while (g.can_undo()) REQUIRE(g.undo());
  CHECK(g.position().to_string() == dc::START_POSITION);
}

TEST_CASE("a finished game refuses moves with game-over; undo reopens it", "[game]") {
  // A mate in two (from the session tests): after its first two plies Gold has a
  // mating move, found here by trying every legal move.
  auto g0 = Game::from("4c4k2/12/12/12/12/12/7R4/12/12/12/12/12/3T4U3/12/12/12/12/12/9K2/12/12/12/12/12 g 0 1",
                       {"2d42e3", "3e82e8"});
  REQUIRE(g0);
  Game g = std::move(g0.value());
  std::string mate;
  for (const dc::MoveText& m : g.legal_moves()) {
    Game copy = g;
    REQUIRE(copy.play(m.coordinate));
    if (copy.status().state == dc::GameState::Checkmate) {
      mate = m.coordinate;
      CHECK(m.algebraic.back() == '#');
      break;
    }
  }
  REQUIRE_FALSE(mate.empty());
  REQUIRE(g.play(mate));
  CHECK(g.status().over());
  CHECK(std::string(g.result()) == "1-0");
  const auto legal = g.legal_moves();
  CHECK(legal.empty());
  auto r = g.play("2a12a2");
  REQUIRE_FALSE(r);
  CHECK(r.code() == GameErrorCode::GameOver);
  CHECK(r.error().find("checkmate, Gold wins") != std::string::npos);
  CHECK(g.resign(dc::SCARLET).code() == GameErrorCode::GameOver);  // the board has ended it
  CHECK(g.status().state == dc::GameState::Checkmate);
  REQUIRE(g.undo());
  CHECK_FALSE(g.status().over());
}

TEST_CASE("resignation and a draw by agreement end the game off the board", "[game]") {
  Game g;
  REQUIRE(g.play_all({"2c22c3", "2c72c6"}));
  Game draw = g;
  auto r = g.resign(dc::GOLD);  // Gold resigns though it is Gold's move
  REQUIRE(r);
  CHECK(r->state == dc::GameState::Resignation);
  CHECK(g.status().over());
  CHECK(g.status().decisive());
  CHECK(g.status().winner == dc::SCARLET);
  CHECK(g.status().reason() == "Gold resigns, Scarlet wins");
  CHECK(std::string(g.status().name()) == "resignation");
  CHECK(std::string(g.result()) == "0-1");
  // Over: no move, no second ending, no redo.
  auto m = g.play("2d22d3");
  REQUIRE_FALSE(m);
  CHECK(m.code() == GameErrorCode::GameOver);
  CHECK(m.error().find("Gold resigns") != std::string::npos);
  CHECK(g.resign(dc::SCARLET).code() == GameErrorCode::GameOver);
  CHECK(g.agree_draw().code() == GameErrorCode::GameOver);
  // Undo takes the last move back and the resignation with it.
  REQUIRE(g.undo());
  CHECK_FALSE(g.status().over());
  CHECK(std::string(g.result()) == "*");
  CHECK(g.resign(dc::SCARLET));
  CHECK(std::string(g.result()) == "1-0");
  CHECK(g.status().reason() == "Scarlet resigns, Gold wins");
  CHECK(g.redo().code() == GameErrorCode::GameOver);

  REQUIRE(draw.agree_draw());
  CHECK(draw.status().state == dc::GameState::DrawAgreed);
  CHECK_FALSE(draw.status().decisive());
  CHECK(draw.status().reason() == "draw by agreement");
  CHECK(std::string(draw.result()) == "1/2-1/2");
  CHECK(draw.play("2d22d3").code() == GameErrorCode::GameOver);
}

TEST_CASE("a fallen flag: the side to move loses on time, or draws against a lone King", "[game][clock]") {
  Game g;
  REQUIRE(g.play_all({"2c22c3", "2c72c6", "2d22d3"}));  // Scarlet to move
  auto r = g.flag();
  REQUIRE(r);
  CHECK(r->state == dc::GameState::Timeout);
  CHECK(g.status().decisive());
  CHECK(g.status().winner == dc::GOLD);
  CHECK(std::string(g.status().name()) == "timeout");
  CHECK(g.status().reason() == "Scarlet's time is up, Gold wins");
  CHECK(std::string(g.result()) == "1-0");
  CHECK(g.play("2d72d6").code() == GameErrorCode::GameOver);
  CHECK(g.flag().code() == GameErrorCode::GameOver);
  CHECK(g.resign(dc::GOLD).code() == GameErrorCode::GameOver);
  // Undo takes the flag back with the last move.
  REQUIRE(g.undo());
  CHECK_FALSE(g.status().over());
  REQUIRE(g.flag());
  CHECK(std::string(g.result()) == "0-1");

  // Gold's flag falls while Scarlet has only its King: a draw.
  auto from = Game::from("9k2/12/12/12/12/12/7R4/12/12/12/12/12/3T4U3/12/12/12/12/12/9K2/12/12/12/12/12 g 0 1");
  REQUIRE(from);
  Game lone = *from;
  REQUIRE(lone.flag());
  CHECK(lone.status().state == dc::GameState::TimeoutDraw);
  CHECK_FALSE(lone.status().decisive());
  CHECK(std::string(lone.status().name()) == "timeout-draw");
  CHECK(lone.status().reason() == "Gold's time is up, Scarlet has only its King: a draw");
  CHECK(std::string(lone.result()) == "1/2-1/2");
}

TEST_CASE("move labels count from the start position's number and side", "[game]") {
  // Scarlet to move at move 7.
  Game start;
  REQUIRE(start.play("2c22c3"));
  std::string fen = start.position().to_string();
  fen.replace(fen.rfind(" 1"), 2, " 7");
  auto g0 = Game::from(fen, {"2c72c6", "2d22d3", "2d72d6"});
  REQUIRE(g0);
  const Game& g = g0.value();
  CHECK(g.move_label(0) == "7\u2026");
  CHECK(g.move_label(1) == "8.");
  CHECK(g.move_label(2) == "8\u2026");
  CHECK(g.record().rfind("7\u2026 ", 0) == 0);
  CHECK(g.record().find(" 8. ") != std::string::npos);
}

TEST_CASE("random games: the record replays to the same position and status", "[game]") {
  std::mt19937 rng(20261122);
  for (int game = 0; game < 20; ++game) {
    Game g;
    for (int ply = 0; ply < 120 && !g.status().over(); ++ply) {
      auto legal = g.legal_moves();
      REQUIRE_FALSE(legal.empty());
      const auto& m = legal[rng() % legal.size()];
      // Half the moves typed in algebraic, half in coordinates.
      auto r = g.play(ply % 2 ? m.algebraic : m.coordinate);
      REQUIRE(r);
      CHECK(r->move == m.move);
    }
    auto replay = Game::from(dc::START_POSITION, g.algebraic_moves());
    REQUIRE(replay);
    CHECK(replay->position().to_string() == g.position().to_string());
    CHECK(replay->status().state == g.status().state);
    CHECK(replay->record() == g.record());
  }
}
