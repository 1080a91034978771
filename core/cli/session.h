// The command-line engine's session: reads commands line by line (in the spirit of
// UCI) and answers on an output stream. Any bad line answers "error: <what is wrong>"
// and leaves the state unchanged.
//
// Searches, perft/divide, bench, load and games run on a worker thread ("a job"), so
// that "stop", "quit" and the end of input are answered while they run (each job polls
// the stop flag at least every few milliseconds). Every other line read while a job
// runs waits its turn: the worker runs the waiting lines in order once the job has
// printed its last line ("bestmove ...", the perft total, "loaded ...", an error), so
// that a piped script works as typed. During a search "isready" and "uci" are answered
// at once, as UCI asks. "stop" when idle does nothing.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
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

  using Clock = std::chrono::steady_clock;

  // Handles one line, read at `read_at` (a search's clock starts there); returns false
  // after "quit".
  bool handle(std::string_view line, Clock::time_point read_at = Clock::now());
  // Answers the error for a line over MAX_LINE_LENGTH (the reader discarded it).
  void line_too_long();
  // One-shot use: waits for a running job and the lines waiting behind it to finish; an
  // infinite search is stopped.
  void wait();
  // The input has ended: a running or waiting search, count or bench is stopped at once,
  // and a load or a game list unless lines wait behind it (they may need the game it
  // loads; it ends within a second or so); the lines waiting are run in order; returns
  // when the last has.
  void end_of_input();
  const Position& position() const { return record_.game.position(); }
  const Game& game() const { return record_.game; }
  const GameRecord& record() const { return record_; }
  // How many lines answered "error: ...".
  int errors() const { return errors_; }
  // Whether a job (search, perft, divide, bench, load, games), or a line waiting behind
  // one, is still to finish.
  bool busy();

 private:
  // The kinds of job: what a line read while one runs does, what the end of input does.
  enum class Job { Search, Count, Read };

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
  void cmd_go(std::string_view args, Clock::time_point read_at);
  // go's words as limits (the clock's through core's time manager); false after an error.
  bool go_limits(std::string_view args, SearchLimits& limits, std::string& clock_line);
  void run_search(const SearchLimits& limits);  // the worker's part of a search
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
  void execute(std::string_view cmd, std::string_view args, Clock::time_point read_at);

  // The worker thread. body runs there and ends with finish(last line); then the lines
  // that waited run there in order, until one starts a job (run next) or none is left:
  // the session is idle from the last line on. `prepare` runs first, under the lock the
  // stop takes (a search is started there, so that no stop can fall between).
  void start_job(Job kind, std::function<void()> body, const std::function<void()>& prepare = {});
  void worker(std::function<void()> body);
  void finish(const std::string& last_line);
  // Asks the running job to end and waits for its last line (the waiting lines go on).
  void stop_job();
  void stop_locked();  // the same request, the lock held (no wait)
  void quit();         // drops the waiting lines, stops the running job, waits for its last line
  void join_job();

  std::ostream& out_;
  std::atomic<int> errors_{0};  // jobs count theirs on the worker thread
  std::mutex out_mutex_;
  GameRecord record_;    // the game, its tags, comments and glyphs
  size_t hash_mb_ = 16;  // (before search_, which is built with it)
  // Built with the session, so that the first "go" loses no time building it.
  std::unique_ptr<Search> search_;
  int multipv_ = 1;                                  // setoption MultiPV: lines reported per depth
  int move_overhead_ms_ = DEFAULT_MOVE_OVERHEAD_MS;  // setoption Move Overhead

  std::thread job_;
  std::function<void()> next_job_;  // a job started by a waiting line, run next by the worker
  // The state shared with the worker, guarded by state_mutex_; state_cv_ is told of
  // every change (a stop, a job's last line, idle).
  std::mutex state_mutex_;
  std::condition_variable state_cv_;
  struct Waiting {
    std::string line;
    Clock::time_point read_at;
  };
  std::deque<Waiting> waiting_;  // lines read while the worker runs, in order
  bool working_ = false;         // the worker runs a job or the lines waiting behind it
  bool job_running_ = false;     // a job is between its start and its last line
  Job job_kind_ = Job::Search;
  bool infinite_ = false;       // the running search is "go infinite"
  uint64_t jobs_finished_ = 0;  // last lines printed
  bool input_ended_ = false;
  bool quitting_ = false;  // quit: every job is stopped as it starts
  // Set by stop/quit/end of input; counts and loads poll it, "go infinite" waits for it
  // (as in UCI it holds its bestmove until "stop", even when the search itself has ended).
  std::atomic<bool> stop_flag_{false};
  bool search_running_ = false;     // inside the search's advance loop
  Search* bench_search_ = nullptr;  // the search of a running "bench"
  Position job_pos_;                // the job works on its own copy
};

// Prints the perft bench (legal leaf nodes per second on fixed positions) and returns
// the node-count signature. A stop flag, when given and set, ends it early (the lines
// printed so far are complete).
uint64_t perft_bench(std::ostream& out, int runs, const std::atomic<bool>* stop = nullptr);

}  // namespace dc
