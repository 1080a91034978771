// The command-line engine's session: bad lines answer "error: ..." and change nothing;
// searches answer "bestmove"; "go infinite" holds its bestmove until "stop".
#include <catch2/catch_test_macros.hpp>

#include <chrono>
#include <sstream>
#include <string>
#include <thread>

#include "session.h"
#include "test_helpers.h"

namespace {

int count_lines_starting(const std::string& text, const std::string& prefix) {
  std::istringstream in(text);
  std::string line;
  int n = 0;
  while (std::getline(in, line)) n += line.rfind(prefix, 0) == 0;
  return n;
}

}  // namespace

TEST_CASE("bad lines answer an error and leave the position unchanged", "[session]") {
  std::ostringstream out;
  dc::Session s(out);
  REQUIRE(s.handle("position startpos moves 2c22c3 2c72c6"));
  const std::string before = s.position().to_string();
  const char* bad[] = {
      "position fen 12/12 g 0 1",                       // malformed position string
      "position startpos moves 2d22d3 W2c4",            // second move illegal: nothing applied
      "position startpos moves 2c22c3 zz",              // not a move
      "position",                                       // missing argument
      "position sideways",                              // unknown form
      "play 2c32c5",                                    // illegal move
      "play",                                           // no move
      "perft x", "perft 99", "divide -1",               // bad depths
      "go depth 0", "go nodes", "go sideways",          // bad limits
      "setoption name Level value 11", "setoption name Hash value 0", "setoption name Colour value 3",
      "bench everything", "frobnicate",
  };
  for (const char* line : bad) {
    INFO(line);
    const auto errors = s.errors();
    REQUIRE(s.handle(line));
    CHECK(s.errors() == errors + 1);
    CHECK(s.position().to_string() == before);
  }
  // Every error line names the problem (more than the bare prefix).
  std::istringstream in(out.str());
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("error:", 0) == 0) CHECK(line.size() > 12);
  CHECK(count_lines_starting(out.str(), "error:") == int(std::size(bad)));
}

TEST_CASE("position with moves, play and undo", "[session]") {
  std::ostringstream out;
  dc::Session s(out);
  REQUIRE(s.handle("position startpos moves 2c22c3 W2c6"));  // coordinate and algebraic
  CHECK(s.position().side_to_move() == dc::GOLD);
  REQUIRE(s.handle("play S/3e2-3d3"));
  CHECK(out.str().find("played 3e23d3") != std::string::npos);
  REQUIRE(s.handle("undo"));
  CHECK(s.position().plies_played() == 2);
  CHECK(s.errors() == 0);
  CHECK_FALSE(s.handle("quit"));
}

TEST_CASE("go answers a legal bestmove; go infinite waits for stop", "[session]") {
  std::ostringstream out;
  dc::Session s(out);
  s.handle("go depth 2");
  s.wait();
  CHECK(count_lines_starting(out.str(), "bestmove ") == 1);
  CHECK(count_lines_starting(out.str(), "info depth 2") == 1);

  // A mate in one: the search proves it at once, yet "go infinite" must not answer
  // before "stop".
  std::ostringstream out2;
  dc::Session t(out2);
  t.handle("position fen 4c4k2/12/12/12/12/12/7R4/12/12/12/12/12/3T4U3/12/12/12/12/12/9K2/12/12/12/12/12 g 0 1");
  t.handle("go infinite");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  t.handle("isready");  // answered while the search runs
  CHECK(out2.str().find("readyok") != std::string::npos);
  CHECK(count_lines_starting(out2.str(), "bestmove") == 0);
  t.handle("stop");
  CHECK(count_lines_starting(out2.str(), "bestmove ") == 1);
  CHECK(t.errors() == 0);
}
