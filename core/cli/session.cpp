#include "session.h"

#include <algorithm>
#include <chrono>
#include <charconv>
#include <cstdlib>
#include <ostream>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "rule_set.h"
#include "numbers.h"
#include "search/timeman.h"

namespace dc {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string shown(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 60)) out += (c >= 32 && c < 127) ? c : '?';
  if (s.size() > 60) out += "...";
  return "'" + out + "'";
}

bool parse_int(std::string_view s, long long lo, long long hi, long long& out) { return parse_whole(s, lo, hi, out); }

constexpr long long MAX_SEED = (1LL << 53) - 1;
// go's clock: at most 100 days left, a day of increment.
constexpr long long MAX_CLOCK_MS = 100LL * 86400000, MAX_INCREMENT_MS = 86400000;

std::string board_text(const Position& pos) {
  std::ostringstream o;
  for (int level = 2; level >= 0; --level) {
    o << "Level " << level + 1 << " (" << level_name(Level(level)) << ")\n";
    for (int rank = 7; rank >= 0; --rank) {
      o << "  " << rank + 1 << " ";
      for (int f = 0; f < FILES; ++f) {
        Square s = make_square(level, f, rank);
        char c = piece_char(pos.at(s));
        o << ' ' << c << (pos.frozen(s) ? '*' : ' ');
      }
      o << "\n";
    }
    o << "     ";
    for (int f = 0; f < FILES; ++f) o << ' ' << char('a' + f) << ' ';
    o << "\n";
  }
  o << "(* = frozen)\n";
  return o.str();
}

std::string plies_text(int n) { return std::to_string(n) + (n == 1 ? " ply" : " plies"); }

// A whole file (at most MAX_RECORD_TEXT bytes), or an error message. Only a regular file
// is read (a pipe or a device could block or never end); `stop` is polled between blocks.
Result<std::string> read_file(const std::string& path, const std::atomic<bool>& stop) {
  std::error_code ec;
  const auto st = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(st) && !std::filesystem::is_regular_file(st))
    return make_error(shown(path) + " is not a file (" +
                      (std::filesystem::is_directory(st) ? "a folder" : "a device, a pipe or a socket") +
                      "): only a file is read as a game record");
  std::ifstream in(path, std::ios::binary);
  if (!in) return make_error("cannot open " + shown(path) + ": " + std::strerror(errno));
  std::string text;
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec && size <= MAX_RECORD_TEXT) text.reserve(size_t(size));
  char buf[65536];
  while (!stop && (in.read(buf, sizeof buf) || in.gcount() > 0)) {
    text.append(buf, size_t(in.gcount()));
    if (text.size() > MAX_RECORD_TEXT)
      return make_error(shown(path) + " is too large for a game record (more than " +
                        std::to_string(MAX_RECORD_TEXT >> 20) + " MB)");
  }
  if (in.bad()) return make_error("cannot read " + shown(path) + ": " + std::strerror(errno));
  return text;
}

// "load games.dgn 3": the file and the game's number (1-based; 0 when not given). A last
// word that looks like a number (digits, maybe signed) is the game's number when there
// is a file name before it. The error, or "".
std::string file_and_index(std::string_view args, std::string& path, long long& index) {
  path = std::string(args);
  index = 0;
  if (path.empty()) return "load needs a file name: load <file> [game number]";
  const size_t sp = args.find_last_of(" \t");
  if (sp == std::string_view::npos) return "";
  const std::string_view last = args.substr(sp + 1);
  const std::string_view digits = last.substr(last[0] == '-' || last[0] == '+' ? 1 : 0);
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) return "";
  if (!parse_int(last, 1, 1000000000, index))
    return "the game number must be a whole number from 1 to 1000000000, got " + shown(last);
  path = std::string(trim(args.substr(0, sp)));
  return "";
}

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

std::string score_text(int score_cp, bool is_mate, int mate_in) {
  return is_mate ? "mate " + std::to_string(mate_in) : "cp " + std::to_string(score_cp);
}

}  // namespace

Session::Session(std::ostream& out)
    : out_(out), search_(std::make_unique<Search>(hash_mb_)), job_pos_(Position::start()) {}

Session::~Session() { quit(); }

void Session::quit() {
  {
    std::lock_guard<std::mutex> lock(state_mutex_);
    waiting_.clear();
    quitting_ = true;
    if (job_running_) stop_locked();
  }
  wait();
}

void Session::say(const std::string& text) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_ << text << '\n';
  out_.flush();
}

// --- the worker thread ----------------------------------------------------------------

namespace {
thread_local bool on_worker = false;  // this thread is a session's worker
}  // namespace

void Session::start_job(Job kind, std::function<void()> body, const std::function<void()>& prepare) {
  if (!on_worker) join_job();  // an idle worker's thread has ended, or is ending
  {
    std::lock_guard<std::mutex> lock(state_mutex_);
    // After the end of input a search, a count or a bench is stopped as it starts, and a
    // load or a game list with no line waiting behind it.
    stop_flag_ = quitting_ || (input_ended_ && (kind != Job::Read || waiting_.empty()));
    job_kind_ = kind;
    job_running_ = true;
    working_ = true;
    if (prepare) prepare();
    if (stop_flag_) stop_locked();
  }
  if (on_worker)
    next_job_ = std::move(body);  // a waiting line's job: the worker runs it next
  else
    job_ = std::thread([this, body = std::move(body)]() mutable { worker(std::move(body)); });
}

void Session::worker(std::function<void()> body) {
  on_worker = true;
  while (body) {
    body();
    body = nullptr;
    // The lines that waited, in order, until one starts a job or none is left.
    for (;;) {
      Waiting w;
      {
        std::lock_guard<std::mutex> lock(state_mutex_);
        if (waiting_.empty()) {
          if (working_) {  // (finish() found none waiting and is already idle otherwise)
            working_ = false;
            state_cv_.notify_all();
          }
          break;
        }
        w = std::move(waiting_.front());
        waiting_.pop_front();
      }
      handle(w.line, w.read_at);
      if (next_job_) {
        body = std::move(next_job_);
        next_job_ = nullptr;
        break;
      }
    }
  }
}

void Session::finish(const std::string& last_line) {
  {
    std::lock_guard<std::mutex> lock(state_mutex_);
    job_running_ = false;
    search_running_ = false;
    // Idle before the line is out when no line waits: whoever reads it may send the next
    // command at once.
    if (waiting_.empty()) working_ = false;
  }
  say(last_line);
  {
    std::lock_guard<std::mutex> lock(state_mutex_);
    ++jobs_finished_;  // a stop waits for the line
  }
  state_cv_.notify_all();
}

void Session::join_job() {
  if (job_.joinable()) job_.join();
}

bool Session::busy() {
  std::lock_guard<std::mutex> lock(state_mutex_);
  return working_;
}

void Session::stop_locked() {
  stop_flag_ = true;
  // Only a search still running is told to stop: a stop request that reaches the search
  // after it has ended would be kept for its next run.
  if (search_running_) search_->stop();
  if (bench_search_) bench_search_->stop();
  state_cv_.notify_all();
}

void Session::stop_job() {
  std::unique_lock<std::mutex> lock(state_mutex_);
  if (!job_running_) return;  // no job: nothing to stop, no flag left behind
  stop_locked();
  const uint64_t job = jobs_finished_;
  state_cv_.wait(lock, [&] { return jobs_finished_ != job; });
}

void Session::wait() {
  std::unique_lock<std::mutex> lock(state_mutex_);
  while (working_) {
    if (job_running_ && job_kind_ == Job::Search && infinite_) stop_locked();
    state_cv_.wait(lock);
  }
  lock.unlock();
  join_job();
}

void Session::end_of_input() {
  {
    std::lock_guard<std::mutex> lock(state_mutex_);
    input_ended_ = true;
    // A load or a game list with lines waiting behind it is finished: they may need it.
    if (job_running_ && (job_kind_ != Job::Read || waiting_.empty())) stop_locked();
  }
  wait();
}

void Session::line_too_long() {
  error("line too long (the limit is " + std::to_string(MAX_LINE_LENGTH) + " characters); ignored");
}

bool Session::handle(std::string_view line, Clock::time_point read_at) {
  if (line.size() > MAX_LINE_LENGTH) {
    line_too_long();
    return true;
  }
  line = trim(line);
  if (line.empty() || line.front() == '#') return true;
  size_t sp = line.find_first_of(" \t");
  std::string_view cmd = line.substr(0, sp);
  std::string_view args = sp == std::string_view::npos ? std::string_view() : trim(line.substr(sp));

  if (!on_worker) {
    if (cmd == "quit" || cmd == "exit") {
      quit();
      return false;
    }
    if (cmd == "stop") {
      stop_job();
      return true;
    }
    std::lock_guard<std::mutex> lock(state_mutex_);
    if (working_) {
      const bool searching = job_running_ && job_kind_ == Job::Search;
      if (searching && cmd == "isready")
        say("readyok");
      else if (searching && cmd == "uci")
        cmd_uci();
      else
        waiting_.push_back({std::string(line), read_at});  // its turn comes after the job
      return true;
    }
  }
  execute(cmd, args, read_at);
  return true;
}

void Session::execute(std::string_view cmd, std::string_view args, Clock::time_point read_at) {
  if (cmd == "quit" || cmd == "exit" || cmd == "stop") return;  // (waited behind a job that has ended)
  if (cmd == "isready")
    say("readyok");
  else if (cmd == "position")
    cmd_position(args);
  else if (cmd == "d" || cmd == "display")
    cmd_display();
  else if (cmd == "moves")
    cmd_moves();
  else if (cmd == "status")
    cmd_status();
  else if (cmd == "perft")
    cmd_perft(args, false);
  else if (cmd == "divide")
    cmd_perft(args, true);
  else if (cmd == "bench")
    cmd_bench(args);
  else if (cmd == "go")
    cmd_go(args, read_at);
  else if (cmd == "setoption")
    cmd_setoption(args);
  else if (cmd == "play" || cmd == "move")
    cmd_play(args);
  else if (cmd == "undo")
    cmd_undo(false);
  else if (cmd == "redo")
    cmd_undo(true);
  else if (cmd == "history")
    cmd_history();
  else if (cmd == "load")
    cmd_load(args);
  else if (cmd == "games")
    cmd_games(args);
  else if (cmd == "save")
    cmd_save(args, false);
  else if (cmd == "append")
    cmd_save(args, true);
  else if (cmd == "tag")
    cmd_tag(args);
  else if (cmd == "resign")
    cmd_end(args, true);
  else if (cmd == "draw")
    cmd_end(args, false);
  else if (cmd == "ucinewgame" || cmd == "newgame")
    search_->new_game();
  else if (cmd == "uci")
    cmd_uci();
  else if (cmd == "help")
    cmd_help();
  else
    error("unknown command " + shown(cmd) + " (try 'help')");
}

void Session::cmd_help() {
  say("commands:");
  say("  position startpos [moves m1 m2 ...] | position fen <string> [moves ...]");
  say("  play <move>      play one move (coordinate or algebraic)");
  say("  undo | redo      take back the last move | play it again");
  say("  history          the start position, the moves, the record with move numbers, the result");
  say("  load <file> [N]  read game N (default 1) of a game record file; games <file> lists them");
  say("  save <file>      write the game as a record (append <file>: add it to the end of a file)");
  say("  tag [<Name> [value]]  list the tags, or set one (no value: remove it)");
  say("  resign [gold|scarlet] | draw   end the game: a side resigns (default: the side to move), an agreed draw");
  say("  d                draw the boards, the position string and the status");
  say("  moves            list the legal moves (coordinate and algebraic)");
  say("  status           the game state and its reason");
  say("  perft N | divide N");
  say("  go [depth N (1..64)] [nodes N (1..10^12)] [movetime MS (1..86400000)] [infinite]");
  say("     [wtime MS btime MS [winc MS] [binc MS] [movestogo N]]   on a clock (UCI's)");
  say("                   then 'stop'; 'go' alone: the level's own limits");
  say("  setoption name Hash value MB (1..1024) | name Clear Hash | name Level value 1..10");
  say("                   | name Seed value N (empty: none)");
  say("                   | name MultiPV value 1..64 (best lines per depth: 'info ... multipv k ...')");
  say("                   | name Rules value gygax|bga (the rule set: Gygax's, the default, or Board Game Arena's;");
  say("                     the game goes on under it when its moves are legal there)");
  say("                   | name Move Overhead value MS (0..5000, default 30: time lost per move outside the search)");
  say("  uci | ucinewgame  the engine's name and options | a new game (clears the hash and history)");
  say("  bench [perft | search [depth 1..30]]   (then 'stop' to end it early)");
  say("  quit");
}

void Session::cmd_uci() {
  say("id name Dragonchess\nid author the Dragonchess developers\n"
      "option name Hash type spin default 16 min 1 max 1024\n"
      "option name Clear Hash type button\n"
      "option name Level type spin default 10 min 1 max 10\n"
      "option name Seed type string default <empty>\n"
      "option name MultiPV type spin default 1 min 1 max " +
      std::to_string(MAX_MULTIPV) +
      "\n"
      "option name Move Overhead type spin default " +
      std::to_string(DEFAULT_MOVE_OVERHEAD_MS) + " min 0 max " + std::to_string(MAX_MOVE_OVERHEAD_MS) +
      "\n"
      "option name Rules type combo default gygax var gygax var bga\nuciok");
}

void Session::cmd_position(std::string_view args) {
  auto w = words(args);
  if (w.empty()) return error("position needs 'startpos' or 'fen <string>'");
  size_t i = 0;
  std::string start;
  if (w[0] == "startpos") {
    start = START_POSITION;
    i = 1;
  } else if (w[0] == "fen") {
    size_t j = 1;
    while (j < w.size() && w[j] != "moves") ++j;
    if (j == 1) return error("position fen needs a position string");
    for (size_t k = 1; k < j; ++k) start += (k > 1 ? " " : "") + std::string(w[k]);
    i = j;
  } else {
    return error("position needs 'startpos' or 'fen <string>', got " + shown(w[0]));
  }
  std::vector<std::string> moves;
  if (i < w.size()) {
    if (w[i] != "moves") return error("expected 'moves' after the position, got " + shown(w[i]));
    moves.assign(w.begin() + long(i) + 1, w.end());
  }
  auto g = Game::from(start, moves, record_.game.rules());  // the Rules option's
  if (!g) return error(g.error());
  record_ = GameRecord();               // a new game: no tags, comments or glyphs
  record_.game = std::move(g.value());  // all or nothing
}

void Session::cmd_display() {
  const Position& pos = record_.game.position();
  std::string text = board_text(pos);
  const Status& st = record_.game.status();
  text += "position " + pos.to_string() + "\n";
  text += std::string("side to move: ") + color_name(pos.side_to_move()) + "\n";
  text += std::string("rules: ") + rules_name(pos.rules()) + " (" + rules_id(pos.rules()) + ")\n";
  if (record_.game.plies()) text += "moves: " + record_.game.record() + "\n";
  text += std::string("status: ") + st.name() + " (" + st.reason() + ")";
  say(text);
}

void Session::cmd_moves() {
  std::string line;
  const auto legal = record_.game.legal_moves();
  for (const MoveText& m : legal) line += m.coordinate + " " + m.algebraic + "\n";
  line += "total " + std::to_string(legal.size());
  say(line);
}

void Session::cmd_status() {
  const Status& st = record_.game.status();
  say(std::string("status ") + st.name() + (st.check ? " check" : "") + " : " + st.reason());
}

void Session::cmd_history() {
  std::string coords;
  for (const std::string& m : record_.game.coordinate_moves()) coords += " " + m;
  say("start " + record_.game.start_position() + "\nmoves" + coords + "\nrecord " + record_.game.record() +
      "\nresult " + record_.game.result());
}

void Session::cmd_perft(std::string_view args, bool div) {
  long long depth = 0;
  if (!parse_int(trim(args), div ? 1 : 0, 12, depth))
    return error(std::string(div ? "divide needs a depth from 1" : "perft needs a depth from 0") + " to 12, got " +
                 shown(args));
  job_pos_ = record_.game.position();
  start_job(Job::Count, [this, div, depth = int(depth)] {
    const auto t0 = std::chrono::steady_clock::now();
    auto ms = [&] {
      return std::to_string(int(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() * 1000));
    };
    if (div) {
      auto counts = divide(job_pos_, depth, &stop_flag_);
      uint64_t total = 0;
      std::string text;
      for (auto& [m, n] : counts) {
        text += to_coordinate(m) + ": " + std::to_string(n) + "\n";
        total += n;
      }
      const size_t all = size_t(legal_moves(job_pos_).size);
      if (counts.size() < all) {
        finish(text + "divide " + std::to_string(depth) + " stopped after " + ms() +
               " ms: " + std::to_string(counts.size()) + " of " + std::to_string(all) +
               " moves counted, total so far " + std::to_string(total) + " (incomplete)");
      } else {
        finish(text + "total " + std::to_string(total));
      }
      return;
    }
    const PerftCount count = perft(job_pos_, depth, stop_flag_);
    const uint64_t total = count.nodes;
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!count.complete)
      finish("perft " + std::to_string(depth) + " stopped after " + ms() + " ms: " + std::to_string(total) +
             " leaf nodes counted so far (incomplete)");
    else
      finish("perft " + std::to_string(depth) + " " + std::to_string(total) + " time_ms " +
             std::to_string(int(s * 1000)) + " nps " + std::to_string(uint64_t(total / std::max(s, 1e-9))));
  });
}

uint64_t perft_bench(std::ostream& out, int runs, const std::atomic<bool>* stop) {
  // Fixed positions: the start and three varied positions (pieces on all levels,
  // frozen pieces, afar captures, promotions, Kings off level 2).
  static const std::pair<const char*, int> positions[] = {
      {START_POSITION.data(), 4},
      {"10r1/8c3/3s5H2/4K7/2R9/12/1g10/12/t11/1W10/5M6/2o9/10S1/3hU7/6wP1G2/12/12/4D7/5b6/7k4/6e5/2d9/3B8/E11 g 0 1",
       4},
      {"5P6/8c3/10h1/12/12/4r7/4S7/12/4k7/W11/4o1u3d1/7E4/12/7T4/3GK7/12/12/12/4B7/9e2/2H9/12/4b5D1/C11 g 0 1", 5},
      {"1r3k6/12/2s9/2M9/6R2G2/4p7/12/7C4/8u2o/t9W1/3d4g3/5c1w4/3H8/1S10/2U9/O11/9e2/D11/10b1/2m8P/7E4/4B7/1h10/5K6 g "
       "0 1",
       4},
  };
  uint64_t signature = 0, all_nodes = 0;
  double all_seconds = 0;
  for (auto [fen, depth] : positions) {
    Position p = std::move(Position::from_string(fen).value());
    std::vector<double> times;
    uint64_t nodes = 0;
    for (int r = 0; r < runs; ++r) {
      auto t0 = std::chrono::steady_clock::now();
      if (stop) {
        const PerftCount c = perft(p, depth, *stop);
        if (!c.complete) return signature;
        nodes = c.nodes;
      } else {
        nodes = perft(p, depth);
      }
      times.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(times.begin(), times.end());
    double med = times[times.size() / 2];
    signature += nodes;
    all_nodes += nodes;
    all_seconds += med;
    out << "perft " << depth << " nodes " << nodes << " median_ms " << int(med * 1000) << " Mnps "
        << (nodes / med / 1e6) << "  " << fen << "\n";
  }
  out << "perft bench: " << all_nodes << " leaf nodes, " << (all_nodes / all_seconds / 1e6)
      << " million legal leaf nodes per second (median of " << runs << " runs each)\n";
  out << "perft signature " << signature << "\n";
  return signature;
}

void Session::cmd_bench(std::string_view args) {
  auto w = words(args);
  const bool do_perft = w.empty() || w[0] == "perft";
  const bool do_search = w.empty() || w[0] == "search";
  long long depth = 0;  // "bench search N": a fixed depth other than the default
  if ((!do_perft && !do_search) || w.size() > 2 || (w.size() == 2 && do_perft))
    return error("bench takes nothing, 'perft', 'search' or 'search <depth>', got " + shown(args));
  if (w.size() == 2 && !parse_int(w[1], 1, 30, depth))
    return error("bench search needs a depth from 1 to 30, got " + shown(w[1]));
  start_job(Job::Count, [this, do_perft, do_search, depth = int(depth)] {
    const auto t0 = std::chrono::steady_clock::now();
    std::ostringstream o;
    if (do_perft) perft_bench(o, 5, &stop_flag_);
    if (do_search && !stop_flag_) {
      Search bench(16);  // its own: the session's search keeps its tables
      auto publish = [this](Search* s) {
        std::lock_guard<std::mutex> lock(state_mutex_);
        bench_search_ = s;
      };
      publish(&bench);
      search_bench(o, depth, &bench, &stop_flag_);
      publish(nullptr);
    }
    std::string text = o.str();
    if (stop_flag_) text += "bench stopped after " + std::to_string(int(ms_since(t0))) + " ms (incomplete)";
    if (!text.empty() && text.back() == '\n') text.pop_back();
    finish(text);
  });
}

// go's words: the limits, and the clock through core's time manager (clock_line says
// its limits). False after an error.
bool Session::go_limits(std::string_view args, SearchLimits& limits, std::string& clock_line) {
  auto w = words(args);
  // The clock, UCI's: wtime btime winc binc (ms) movestogo.
  static constexpr std::string_view CLOCK_WORDS[5] = {"wtime", "btime", "winc", "binc", "movestogo"};
  std::optional<long long> clock[5];
  std::vector<std::string_view> seen;
  auto fail = [&](const std::string& text) {
    error(text);
    return false;
  };
  for (size_t i = 0; i < w.size(); ++i) {
    long long v = 0;
    auto need = [&](long long lo, long long hi) {
      if (i + 1 >= w.size()) return false;
      return parse_int(w[++i], lo, hi, v);
    };
    if (std::find(seen.begin(), seen.end(), w[i]) != seen.end()) return fail("go " + shown(w[i]) + " is given twice");
    seen.push_back(w[i]);
    const auto k = std::find(std::begin(CLOCK_WORDS), std::end(CLOCK_WORDS), w[i]) - std::begin(CLOCK_WORDS);
    if (k < 5) {
      // A time or an increment below 0, however far, counts as 0, as Stockfish reads it: a
      // match runner that subtracts the last move's time may send one, and the engine must
      // still move.
      const bool moves = k == 4;
      const long long hi = moves ? 1000 : k < 2 ? MAX_CLOCK_MS : MAX_INCREMENT_MS;
      const std::string_view got = i + 1 < w.size() ? w[i + 1] : std::string_view();
      if (!need(moves ? 1 : std::numeric_limits<long long>::min(), hi))
        return fail("go " + std::string(CLOCK_WORDS[k]) + " needs " +
                    (moves ? "a number of moves from 1 to 1000"
                           : "a whole number of milliseconds up to " + std::to_string(hi) + " (below 0 counts as 0)") +
                    ", got " + (got.empty() ? std::string("nothing") : shown(got)));
      clock[k] = std::max(0LL, v);
    } else if (w[i] == "infinite")
      limits.infinite = true;
    else if (w[i] == "depth") {
      if (!need(1, MAX_DEPTH)) return fail("go depth needs a number from 1 to " + std::to_string(MAX_DEPTH));
      limits.depth = int(v);
    } else if (w[i] == "nodes") {
      if (!need(1, 1000000000000LL)) return fail("go nodes needs a number from 1 to 1000000000000");
      limits.nodes = uint64_t(v);
    } else if (w[i] == "movetime") {
      if (!need(1, 86400000)) return fail("go movetime needs milliseconds from 1 to 86400000");
      limits.movetime_ms = int(v);
    } else
      return fail("unknown go option " + shown(w[i]) +
                  " (depth N, nodes N, movetime MS, infinite, wtime MS, btime MS, winc MS, binc MS, movestogo N)");
  }
  if (std::any_of(std::begin(clock), std::end(clock), [](const auto& c) { return c.has_value(); })) {
    // On a clock: core's time manager, within the level's own limits below the top
    // level; depth, nodes and movetime given beside it cap it further.
    const Position& pos = record_.game.position();
    const int us = pos.side_to_move() == GOLD ? 0 : 1;
    if (!clock[us])
      return fail(std::string("go on a clock needs the time of the side to move: ") + color_name(pos.side_to_move()) +
                  " is to move and there is no " + std::string(CLOCK_WORDS[us]));
    MoveClock mc;
    mc.time_ms = *clock[us];
    mc.inc_ms = clock[2 + us].value_or(0);
    mc.movestogo = int(clock[4].value_or(0));
    mc.ply = 2 * (pos.move_number() - 1) + us;
    mc.overhead_ms = move_overhead_ms_;
    SearchLimits cl = clock_limits(mc, search_->level());
    if (limits.movetime_ms) {
      cl.soft_ms = std::min(cl.soft_ms, std::max(1, limits.movetime_ms / 2));
      cl.movetime_ms = std::min(cl.movetime_ms, limits.movetime_ms);
    }
    if (limits.nodes) cl.nodes = cl.nodes ? std::min(cl.nodes, limits.nodes) : limits.nodes;
    cl.depth = limits.depth;
    cl.infinite = limits.infinite;
    limits = cl;
    if (!limits.infinite)
      clock_line = "info string clock soft " + std::to_string(limits.soft_ms) + " hard " +
                   std::to_string(limits.movetime_ms) + (time_budget(mc).panic ? " panic" : "");
  }
  // No limit given: what the level searches for one move of the computer (the page's).
  if (!limits.infinite && !limits.depth && !limits.nodes && !limits.movetime_ms)
    limits = level_limits(search_->level());
  limits.multipv = multipv_;
  return true;
}

void Session::cmd_go(std::string_view args, Clock::time_point read_at) {
  SearchLimits limits;
  std::string clock_line;
  if (!go_limits(args, limits, clock_line)) return;
  if (!clock_line.empty()) say(clock_line);
  // The search starts under the stop's lock, its clock from when the line was read: a
  // "stop" right after "go" reaches a started search, and no time is lost before it.
  start_job(
      Job::Search, [this, limits] { run_search(limits); },
      [&] {
        search_->start(record_.game.position(), limits, read_at);
        search_running_ = true;
        infinite_ = limits.infinite;
      });
}

namespace {

struct InfoLine {
  int depth = 0, seldepth = 0;
  int multipv = 0;  // 0: not said (one line a depth)
  bool has_score = true;
  int score_cp = 0;
  bool is_mate = false;
  int mate_in = 0;
  uint64_t nodes = 0;
  int time_ms = 0;
  const std::vector<Move>* pv = nullptr;
};

std::string info_text(const InfoLine& l) {
  std::ostringstream text;
  text << "info depth " << l.depth << " seldepth " << l.seldepth;
  if (l.multipv) text << " multipv " << l.multipv;
  if (l.has_score) text << " score " << score_text(l.score_cp, l.is_mate, l.mate_in);
  text << " nodes " << l.nodes << " nps " << nodes_per_second(l.nodes, l.time_ms) << " time " << l.time_ms << " pv";
  for (Move m : *l.pv) text << ' ' << to_coordinate(m);
  return text.str();
}

}  // namespace

void Session::run_search(const SearchLimits& limits) {
  const bool multipv = limits.multipv > 1;
  Move last_move;  // the first move of the last line said, and its node count
  uint64_t last_nodes = 0;
  auto on_info = [&](const SearchInfo& info) {
    // One line per depth; with MultiPV above 1, one per best line ("multipv k", as UCI).
    std::string text;
    for (size_t k = 0; k < (multipv ? info.lines.size() : 1); ++k) {
      const SearchLine* line = multipv ? &info.lines[k] : nullptr;
      InfoLine l{info.depth,
                 info.seldepth,
                 multipv ? int(k) + 1 : 0,
                 true,
                 line ? line->score_cp : info.score_cp,
                 line ? line->is_mate : info.is_mate,
                 line ? line->mate_in : info.mate_in,
                 info.nodes,
                 info.time_ms,
                 line ? &line->pv : &info.pv};
      if (k) text += '\n';
      text += info_text(l);
    }
    say(text);
    last_move = info.pv.empty() ? Move::none() : info.pv[0];
    last_nodes = info.nodes;
  };
  // The same slices as the match runner and the browser worker.
  while (!search_->advance(SEARCH_SLICE_NODES, on_info)) {
  }
  const SearchResult r = search_->result();
  const SearchProgress p = search_->progress();
  if (r.best.is_none()) {
    // No legal move: mated (mate 0) or stalemated (cp 0), as Stockfish says it.
    say("info depth 0 score " + score_text(r.score_cp, r.is_mate, r.mate_in));
  } else if (r.best != last_move || p.nodes != last_nodes) {
    // The last line counts every node searched (an unfinished iteration's too) and shows
    // the move played: the interrupted iteration's best move, as Stockfish plays and
    // shows it, or a lower level's deliberate other move.
    say(info_text({r.score_depth, p.seldepth, multipv ? 1 : 0, r.score_depth > 0, r.score_cp, r.is_mate, r.mate_in,
                   p.nodes, p.elapsed_ms, &r.pv}));
  }
  std::unique_lock<std::mutex> lock(state_mutex_);
  search_running_ = false;
  if (limits.infinite) state_cv_.wait(lock, [this] { return bool(stop_flag_); });
  lock.unlock();
  finish("bestmove " + (r.best.is_none() ? std::string("(none)") : to_coordinate(r.best)));
}

void Session::cmd_setoption(std::string_view args) {
  // UCI's "setoption name <name> [value <value>]" (a name may have spaces: "Move
  // Overhead", "Clear Hash"), or the short "setoption hash 64". Names are read without
  // regard to case or spaces, so "MoveOverhead" is "Move Overhead".
  auto w = words(args);
  std::string name, value;
  auto join = [&](size_t from, size_t to) {
    std::string out;
    for (size_t i = from; i < to; ++i) {
      if (i > from) out += ' ';
      out += w[i];
    }
    return out;
  };
  if (!w.empty() && w[0] == "name") {
    const size_t v = size_t(std::find(w.begin() + 1, w.end(), "value") - w.begin());
    name = join(1, v);
    value = v < w.size() ? join(v + 1, w.size()) : "";
  } else if (w.size() == 2) {
    name = w[0];
    value = w[1];
  }
  std::string key;
  for (char c : name)
    if (c != ' ') key += char(std::tolower(static_cast<unsigned char>(c)));
  if (key.empty())
    return error("setoption needs 'name <Hash|Clear Hash|Level|Seed|MultiPV|Move Overhead|Rules> value <v>'");
  long long v = 0;
  if (key == "hash") {
    if (!parse_int(value, 1, 1024, v))
      return error("Hash must be a number of megabytes from 1 to 1024, got " + shown(value));
    hash_mb_ = size_t(v);
    search_->set_hash_mb(hash_mb_);
  } else if (key == "clearhash") {
    if (!value.empty()) return error("Clear Hash is a button: it takes no value, got " + shown(value));
    search_->new_game();
  } else if (key == "level") {
    if (!parse_int(value, 1, 10, v)) return error("Level must be a number from 1 to 10, got " + shown(value));
    search_->set_level(int(v));
  } else if (key == "seed") {
    // Empty (the default, "<empty>" as UCI writes it): no seed is set, the levels'
    // randomness goes on from where it is. Up to 2^53 - 1: every seed the browser can
    // pass exactly (a JavaScript number).
    if (value.empty() || value == "<empty>") return;
    if (!parse_int(value, 0, MAX_SEED, v))
      return error("Seed must be empty or a whole number from 0 to " + std::to_string(MAX_SEED) + ", got " +
                   shown(value));
    search_->set_seed(uint64_t(v));
  } else if (key == "moveoverhead") {
    if (!parse_int(value, 0, MAX_MOVE_OVERHEAD_MS, v))
      return error("Move Overhead must be a number of milliseconds from 0 to " + std::to_string(MAX_MOVE_OVERHEAD_MS) +
                   ", got " + shown(value));
    move_overhead_ms_ = int(v);
  } else if (key == "multipv") {
    if (!parse_int(value, 1, MAX_MULTIPV, v))
      return error("MultiPV must be a number of lines from 1 to " + std::to_string(MAX_MULTIPV) + ", got " +
                   shown(value));
    multipv_ = int(v);
  } else if (key == "rules") {
    const Result<Rules> r = parse_rules(value);
    if (!r) return error(r.error());
    auto g = record_.game.under(*r);  // all or nothing
    if (!g) return error(g.error());
    record_.game = std::move(g.value());
  } else {
    return error("unknown option " + shown(name) + " (Hash, Clear Hash, Level, Seed, MultiPV, Move Overhead, Rules)");
  }
}

void Session::cmd_play(std::string_view args) {
  auto w = words(args);
  if (w.empty()) return error("play needs a move");
  const int before = record_.game.plies();
  // One move, or several: all or nothing (an error then names the move by number).
  auto r =
      w.size() == 1 ? record_.game.play(w[0]) : record_.game.play_all(std::vector<std::string>(w.begin(), w.end()));
  if (!r) return error(r.error());
  std::string text;
  for (int i = before; i < record_.game.plies(); ++i) {
    const MoveText& m = record_.game.moves()[size_t(i)];
    text += (text.empty() ? "" : "\n") + ("played " + m.coordinate + " " + m.algebraic);
  }
  say(text);
}

// Reading a record file runs as a job: a file of the largest size takes a good part of a
// second, and "stop" must be answered at once. A stopped load changes nothing.
void Session::cmd_load(std::string_view args) {
  std::string path;
  long long n = 0;
  if (std::string bad = file_and_index(args, path, n); !bad.empty()) return error(bad);
  start_job(Job::Read, [this, path, n] {
    const auto t0 = std::chrono::steady_clock::now();
    RecordWork work{&stop_flag_};
    auto stopped = [&] {
      finish("load stopped after " + std::to_string(int(ms_since(t0))) + " ms: nothing loaded (the game is unchanged)");
    };
    auto text = read_file(path, stop_flag_);
    if (stop_flag_) return stopped();
    if (!text) return fail_job(text.error());
    const size_t index = n ? size_t(n - 1) : 0;
    auto found = find_record(*text, index, &work);  // and how many games there are
    if (stop_flag_) return stopped();
    if (!found) return fail_job(shown(path) + ", " + found.error());
    const size_t games = found->games;
    if (!found->info)
      return fail_job(shown(path) + " holds " + std::to_string(games) + " game" + (games == 1 ? "" : "s") + ", not " +
                      std::to_string(n));
    auto r = read_record(*text, *found->info, &work);
    if (stop_flag_) return stopped();
    if (!r) return fail_job(shown(path) + ", game " + std::to_string(index + 1) + ", " + r.error());
    record_ = std::move(r.value());  // all or nothing
    const Game& g = record_.game;
    std::string line = "loaded game " + std::to_string(index + 1) + " of " + std::to_string(games) + ": " +
                       plies_text(g.plies()) + ", result " + g.result() + " (" + g.status().reason() + ")";
    if (games > 1 && !n) line += "; 'load <file> N' loads game N, 'games <file>' lists them";
    finish(line);
  });
}

void Session::cmd_games(std::string_view args) {
  const std::string path(args);
  if (path.empty()) return error("games needs a file name: games <file>");
  start_job(Job::Read, [this, path] {
    const auto t0 = std::chrono::steady_clock::now();
    auto stopped = [&] { finish("games stopped after " + std::to_string(int(ms_since(t0))) + " ms (incomplete)"); };
    RecordWork work{&stop_flag_};
    auto text = read_file(path, stop_flag_);
    if (stop_flag_) return stopped();
    if (!text) return fail_job(text.error());
    auto list = list_records(*text, &work);
    if (stop_flag_) return stopped();
    if (!list) return fail_job(shown(path) + ", " + list.error());
    std::string out;
    for (size_t i = 0; i < list->size(); ++i) {
      if (i % 1024 == 0 && stop_flag_) return stopped();
      const RecordInfo& info = (*list)[i];
      out += "game " + std::to_string(i + 1) + " line " + std::to_string(info.line) + ": " + info.tag("Gold") + " - " +
             info.tag("Scarlet") + ", " + info.tag("Event") + ", " + info.tag("Date") + ", " + plies_text(info.moves) +
             ", " + info.result + "\n";
    }
    finish(out + "total " + std::to_string(list->size()));
  });
}

void Session::cmd_save(std::string_view args, bool append) {
  const std::string path(args);
  const char* verb = append ? "append" : "save";
  if (path.empty()) return error(std::string(verb) + " needs a file name: " + verb + " <file>");
  record_.fit();
  std::string text = write_record(record_);
  if (append) {  // a blank line between the file's last game and this one
    std::ifstream old(path, std::ios::binary | std::ios::ate);
    const std::streamoff size = old ? std::streamoff(old.tellg()) : 0;
    std::string tail(size_t(std::min<std::streamoff>(size, 2)), '\0');
    if (size > 0) old.seekg(size - std::streamoff(tail.size())).read(tail.data(), std::streamsize(tail.size()));
    if (size > 0 && tail.back() != '\n')
      text.insert(0, "\n\n");
    else if (size > 1 && tail != "\n\n")
      text.insert(0, "\n");
  }
  std::ofstream out(path, std::ios::binary | (append ? std::ios::app : std::ios::trunc));
  if (!out) return error("cannot open " + shown(path) + " for writing: " + std::strerror(errno));
  out << text;
  out.close();
  if (!out) return error("cannot write " + shown(path) + ": " + std::strerror(errno));
  say(std::string(append ? "appended to " : "saved ") + path + ": " + plies_text(record_.game.plies()) + ", result " +
      record_.game.result());
}

void Session::cmd_tag(std::string_view args) {
  if (args.empty()) {
    std::string out;
    for (const Tag& t : record_.tags.list()) out += "tag " + t.name + " " + t.value + "\n";
    out.pop_back();
    return say(out);
  }
  const size_t sp = args.find_first_of(" \t");
  const std::string_view name = args.substr(0, sp);
  const std::string_view value = sp == std::string_view::npos ? std::string_view() : trim(args.substr(sp));
  auto r = record_.tags.set(name, value);
  if (!r) return error(r.error());
  say("tag " + r->name + (r->value.empty() ? " removed" : " " + r->value));
}

void Session::cmd_end(std::string_view args, bool resign) {
  Color side = record_.game.position().side_to_move();
  if (!resign && !args.empty()) return error("draw takes no argument (it is a draw by agreement)");
  std::string which(args);
  std::transform(which.begin(), which.end(), which.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (which == "gold")
    side = GOLD;
  else if (which == "scarlet")
    side = SCARLET;
  else if (!args.empty())
    return error("resign takes 'gold', 'scarlet' or nothing (the side to move), not " + shown(args));
  auto r = resign ? record_.game.resign(side) : record_.game.agree_draw();
  if (!r) return error(r.error());
  say(std::string("result ") + record_.game.result() + " : " + r->reason());
}

void Session::cmd_undo(bool redo) {
  auto r = redo ? record_.game.redo() : record_.game.undo();
  if (!r) return error(r.error());
  record_.fit();  // an undone move's comment and glyph go with it
  say((redo ? "redone " : "undone ") + r->coordinate + " " + r->algebraic);
}

}  // namespace dc
