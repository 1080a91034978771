// The command-line engine's session: reads commands line by line (in the spirit of
// UCI) and answers on an output stream. Any bad line answers "error: <what is wrong>"
// and leaves the state unchanged.
//
// Searches, perft/divide, bench, load and games run on a worker thread ("a job"), so
// that "stop", "quit", "isready" and the end of input are answered while they run (each
// job polls the stop flag at least every few milliseconds). Once a job has printed its
// last line ("bestmove ...", the perft total, "loaded ...", an error) the session is idle
// and takes any command; "stop" when idle does nothing.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

#include "game.h"
#include "position.h"
#include "record.h"
#include "search/search.h"
#include "search/timeman.h"

namespace dc {

class Session {
 public:
  // The longest command line accepted (characters, without the newline).
  static constexpr size_t MAX_LINE_LENGTH = 100000;

  explicit Session(std::ostream& out);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // Handles one line; returns false after "quit".
  bool handle(std::string_view line);
  // Answers the error for a line over MAX_LINE_LENGTH (the reader discarded it).
  void line_too_long();
  // One-shot use: waits for a running job to finish; an infinite search is stopped.
  void wait();
  // The input has ended: stops a running job (finite or not) and waits for its last line.
  void end_of_input();
  const Position& position() const { return record_.game.position(); }
  const Game& game() const { return record_.game; }
  const GameRecord& record() const { return record_; }
  // How many lines answered "error: ...".
  int errors() const { return errors_; }
  // Whether a job (search, perft, divide, bench, load, games) is running.
  bool busy();

 private:
  void say(const std::string& text);  // one line, thread-safe
  void error(const std::string& text) {
    ++errors_;
    say("error: " + text);
  }
  // A job's last line is an error.
  void fail_job(const std::string& text) {
    ++errors_;
    finish("error: " + text);
  }

  void cmd_position(std::string_view args);
  void cmd_display();
  void cmd_moves();
  void cmd_status();
  void cmd_perft(std::string_view args, bool divide);
  void cmd_bench(std::string_view args);
  void cmd_go(std::string_view args);
  void cmd_setoption(std::string_view args);
  void cmd_uci();
  void cmd_play(std::string_view args);
  void cmd_undo(bool redo);
  void cmd_history();
  // Game records (core/record.h): load/save/append/games, tags, resign/draw.
  void cmd_load(std::string_view args);
  void cmd_games(std::string_view args);
  void cmd_save(std::string_view args, bool append);
  void cmd_tag(std::string_view args);
  void cmd_end(std::string_view args, bool resign);
  void cmd_help();
  Search& search();  // created on first use: a session that never searches needs no table

  // The worker thread. body runs there and ends with finish(last line): the session
  // is idle from that line on.
  void start_job(std::function<void()> body);
  void finish(const std::string& last_line);
  void stop_job();  // asks a running job to end and waits for its last line
  void join_job();

  std::ostream& out_;
  std::atomic<int> errors_{0};  // jobs count theirs on the worker thread
  std::mutex out_mutex_;
  GameRecord record_;  // the game, its tags, comments and glyphs
  std::unique_ptr<Search> search_;
  size_t hash_mb_ = 16;
  int multipv_ = 1;  // setoption MultiPV: lines reported per depth
  int move_overhead_ms_ = DEFAULT_MOVE_OVERHEAD_MS;  // setoption MoveOverhead

  std::thread job_;
  std::atomic<bool> job_done_{true};
  std::atomic<bool> job_is_search_{false};
  std::string job_name_ = "a search";  // "a perft", "a load"...: what a refused command is told is running
  bool infinite_ = false;  // the running search is "go infinite"
  // Set by stop/quit/end of input; perft polls it, "go infinite" waits for it (as in
  // UCI it holds its bestmove until "stop", even when the search itself has ended).
  std::atomic<bool> stop_flag_{false};
  std::mutex stop_mutex_;
  std::condition_variable stop_cv_;
  bool search_running_ = false;  // inside Search::go (guarded by stop_mutex_)
  Search* bench_search_ = nullptr;  // the search of a running "bench" (guarded by stop_mutex_)
  Position job_pos_;  // the job works on its own copy
};

// Prints the perft bench (legal leaf nodes per second on fixed positions) and returns
// the node-count signature. A stop flag, when given and set, ends it early (the lines
// printed so far are complete).
uint64_t perft_bench(std::ostream& out, int runs, const std::atomic<bool>* stop = nullptr);

}  // namespace dc
