// The command-line engine's session: reads commands line by line (in the spirit of
// UCI) and answers on an output stream. Any bad line answers "error: <what is wrong>"
// and leaves the state unchanged.
#pragma once

#include <condition_variable>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "position.h"
#include "search/search.h"

namespace dc {

class Session {
 public:
  explicit Session(std::ostream& out);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Handles one line; returns false after "quit".
  bool handle(std::string_view line);
  // Waits for a running search to finish (end of input); an infinite one is stopped.
  void wait();
  const Position& position() const { return pos_; }
  // How many lines answered "error: ...".
  int errors() const { return errors_; }

 private:
  void say(const std::string& text);  // one line, thread-safe
  void error(const std::string& text) {
    ++errors_;
    say("error: " + text);
  }

  void cmd_position(std::string_view args);
  void cmd_display();
  void cmd_moves();
  void cmd_status();
  void cmd_perft(std::string_view args, bool divide);
  void cmd_bench(std::string_view args);
  void cmd_go(std::string_view args);
  void cmd_stop();
  void cmd_setoption(std::string_view args);
  void cmd_play(std::string_view args);
  void cmd_undo();
  void cmd_help();
  bool searching() const { return search_thread_.joinable(); }
  Search& search();  // created on first use: a session that never searches needs no table
  void join_search();
  void request_stop();  // ends a running search; an infinite one then sends bestmove

  std::ostream& out_;
  int errors_ = 0;
  std::mutex out_mutex_;
  Position pos_;
  std::unique_ptr<Search> search_;
  size_t hash_mb_ = 16;
  std::thread search_thread_;
  // As in UCI, "go infinite" holds its bestmove until "stop", even when the search
  // itself has ended (a proven mate, the depth limit).
  std::mutex stop_mutex_;
  std::condition_variable stop_cv_;
  bool stop_requested_ = false;
  bool infinite_ = false;
  Position search_pos_;  // the search works on its own copy
};

// Prints the perft bench (legal leaf nodes per second on fixed positions) and returns
// the node-count signature.
uint64_t perft_bench(std::ostream& out, int runs);

}  // namespace dc
