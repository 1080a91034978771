// Draw rules through dc::game_status (docs/rules.md §5.5 to §5.7): threefold repetition,
// the quiet-move rule (100 plies, reset by captures and Warrior moves), bare Kings.
#include <catch2/catch_test_macros.hpp>

#include "test_helpers.h"

using th::fen_of;

TEST_CASE("threefold repetition by playing moves back and forth", "[rules][status][draw]") {
  dc::Position pos = dc::Position::start();
  const char* cycle[] = {"2b12c3", "2b82c6", "2c32b1", "2c62b8"};
  CHECK(pos.repetitions() == 0);
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < 4; ++i) {
      INFO("round " << round << " ply " << i);
      CHECK(dc::game_status(pos).state == dc::GameState::Ongoing);
      th::play(pos, cycle[i]);
      CHECK(pos.quiet_plies() == round * 4 + i + 1);
    }
  // The start placement with Gold to move occurs for the third time.
  CHECK(pos.repetitions() == 2);
  dc::Status st = dc::game_status(pos);
  CHECK(st.state == dc::GameState::Repetition);
  CHECK(std::string(st.name()) == "repetition");
  CHECK(st.reason().find("repetition") != std::string::npos);
  // One ply earlier it had occurred only twice.
  pos.unmake_move();
  CHECK(dc::game_status(pos).state == dc::GameState::Ongoing);
  CHECK(pos.repetitions() == 1);
  // The same squares with the other side to move are a different position.
  dc::Position p2 = dc::Position::start();
  th::play(p2, "2b12c3");
  th::play(p2, "2b82c6");
  th::play(p2, "2c32b1");
  CHECK(p2.repetitions() == 0);
}

TEST_CASE("repetition is broken by an irreversible move", "[rules][status][draw]") {
  dc::Position pos = dc::Position::start();
  for (const char* m : {"2b12c3", "2b82c6", "2c32b1", "2c62b8", "2a22a3", "2a72a6"}) th::play(pos, m);
  for (int i = 0; i < 2; ++i)
    for (const char* m : {"2b12c3", "2b82c6", "2c32b1", "2c62b8"}) th::play(pos, m);
  CHECK(pos.repetitions() == 2);  // counted since the Warrior moves only
  CHECK(dc::game_status(pos).state == dc::GameState::Repetition);
}

TEST_CASE("quiet-move rule: 100 plies without capture or Warrior move", "[rules][status][draw]") {
  // Counter 98 loaded from the string; two quiet King moves reach 100.
  std::string fen = fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2f4", 'O'}, {"2g6", 'w'}, {"2c4", 'W'}}, 'g', 98, 60);
  dc::Position pos = th::pos_of(fen);
  th::play(pos, "2a12b1");
  CHECK(pos.quiet_plies() == 99);
  CHECK(dc::game_status(pos).state == dc::GameState::Ongoing);
  th::play(pos, "2l82k8");
  CHECK(pos.quiet_plies() == 100);
  dc::Status st = dc::game_status(pos);
  CHECK(st.state == dc::GameState::QuietMoves);
  CHECK(std::string(st.name()) == "quiet-moves");
  pos.unmake_move();
  CHECK(pos.quiet_plies() == 99);

  // A capture resets the counter ...
  dc::Position c =
      th::pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2f4", 'O'}, {"2f6", 'w'}, {"2c4", 'W'}}, 'g', 99, 60));
  th::play(c, "2f42f6");
  CHECK(c.quiet_plies() == 0);
  CHECK(dc::game_status(c).state == dc::GameState::Ongoing);
  // ... and so does a Warrior move (a quiet one) ...
  dc::Position w =
      th::pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2f4", 'O'}, {"2g6", 'w'}, {"2c4", 'W'}}, 'g', 99, 60));
  th::play(w, "2c42c5");
  CHECK(w.quiet_plies() == 0);
  CHECK(dc::game_status(w).state == dc::GameState::Ongoing);
  // ... and a Scarlet Warrior's move.
  dc::Position s =
      th::pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2f4", 'O'}, {"2g6", 'w'}, {"2c4", 'W'}}, 's', 99, 60));
  th::play(s, "2g62g5");
  CHECK(s.quiet_plies() == 0);
  CHECK(s.move_number() == 61);
  // A loaded counter of 100 is already a draw; checkmate takes precedence.
  dc::Position full = th::pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2f4", 'O'}}, 'g', 100, 80));
  CHECK(dc::game_status(full).state == dc::GameState::QuietMoves);
  dc::Position mate =
      th::pos_of(fen_of({{"2l1", 'K'}, {"2a8", 'k'}, {"3c7", 'R'}, {"2c5", 'T'}, {"1b7", 'D'}}, 'g', 99, 80));
  th::play(mate, "3c73b8");
  CHECK(mate.quiet_plies() == 100);
  CHECK(dc::game_status(mate).state == dc::GameState::Checkmate);
}

TEST_CASE("quiet-move counter counts real play from the start", "[rules][status][draw]") {
  std::mt19937 rng(12345);
  dc::Position pos = dc::Position::start();
  for (int ply = 1; ply <= 100; ++ply) {
    std::vector<dc::Move> quiet;
    for (dc::Move m : dc::legal_moves(pos))
      if (!m.is_capture() && type_of(pos.at(m.from())) != dc::WARRIOR) quiet.push_back(m);
    REQUIRE(!quiet.empty());
    pos.make_move(quiet[std::uniform_int_distribution<size_t>(0, quiet.size() - 1)(rng)]);
    REQUIRE(pos.quiet_plies() == ply);
    dc::Status st = dc::game_status(pos);
    if (st.state == dc::GameState::Repetition || st.state == dc::GameState::Checkmate) break;
    if (ply < 100)
      CHECK(st.state == dc::GameState::Ongoing);
    else
      CHECK(st.state == dc::GameState::QuietMoves);
  }
}

TEST_CASE("bare Kings", "[rules][status][draw]") {
  dc::Position pos = th::pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}}));
  CHECK(dc::bare_kings(pos));
  CHECK(dc::game_status(pos).state == dc::GameState::BareKings);
  CHECK(std::string(dc::game_status(pos).name()) == "bare-kings");
  // Reached by capturing the last other piece.
  dc::Position p2 = th::pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"2a2", 'w'}}));
  CHECK_FALSE(dc::bare_kings(p2));
  CHECK(dc::game_status(p2).state == dc::GameState::Ongoing);
  th::play(p2, "2a12a2");
  CHECK(dc::bare_kings(p2));
  CHECK(dc::game_status(p2).state == dc::GameState::BareKings);
  // A King and a lone Sylph is not a draw by this rule.
  dc::Position p3 = th::pos_of(fen_of({{"2a1", 'K'}, {"2l8", 'k'}, {"3a2", 'S'}}));
  CHECK(dc::game_status(p3).state == dc::GameState::Ongoing);
}

TEST_CASE("checkmate status names the winner", "[rules][status]") {
  // The Gold King on 3a1 may only go down to 2a1, which the Scarlet Oliphant on 2a8
  // covers; the Scarlet Cleric on 3b2 gives check.
  dc::Position pos = th::pos_of(fen_of({{"3a1", 'K'}, {"2l8", 'k'}, {"2a8", 'o'}, {"3b2", 'c'}}));
  CHECK(dc::in_check(pos));
  dc::Status st = dc::game_status(pos);
  CHECK(st.state == dc::GameState::Checkmate);
  CHECK(st.winner == dc::SCARLET);
  CHECK(st.check);
  CHECK(st.reason().find("Scarlet wins") != std::string::npos);
  th::check_against_ref(pos.to_string());
}
