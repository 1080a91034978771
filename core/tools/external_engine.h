// An engine binary spoken to over the command-line protocol of core/cli (the match
// runner's external players): started once, then for each move
//   position fen <start> moves <m1> <m2> ...
//   go nodes N | go movetime MS | go wtime W btime B winc I binc I [movestogo N]
// and the answer read up to "bestmove <move>"; the score of the last "info" line is
// kept for adjudication, and on a clock the limits the engine said it took
// ("info string clock soft S hard H"). "newgame" starts each game; "isready" waits for "readyok".
#pragma once

#include <sys/types.h>
#include <sys/wait.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace dc {

class ExternalEngine {
 public:
  struct Answer {
    std::string bestmove;
    bool has_score = false;
    int score_cp = 0;  // the mover's view; mate scores as +-(30000 - plies)
    uint64_t nodes = 0;
    int soft_ms = 0, hard_ms = 0;  // on a clock, when the engine says them
  };

  // Starts `path` (no shell); throws nothing: ok() tells whether it answered isready.
  explicit ExternalEngine(const std::string& path, std::vector<std::string> setup = {}) : path_(path) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      setpgid(0, 0);  // its own process group: a Ctrl-C at the terminal stops the match, not its engines
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      close(to_child[1]);
      close(from_child[0]);
      execl(path.c_str(), path.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
    for (const std::string& line : setup) send(line);
    ok_ = ready(10000);
  }
  ~ExternalEngine() {
    if (pid_ > 0) {
      send("quit");
      close(in_);
      int status = 0;
      for (int i = 0; i < 100 && waitpid(pid_, &status, WNOHANG) == 0; ++i) usleep(10000);
      if (waitpid(pid_, &status, WNOHANG) == 0) {
        kill(pid_, SIGKILL);
        waitpid(pid_, &status, 0);
      }
      close(out_);
    }
  }
  ExternalEngine(const ExternalEngine&) = delete;
  ExternalEngine& operator=(const ExternalEngine&) = delete;

  bool ok() const { return ok_; }
  const std::string& path() const { return path_; }

  void send(const std::string& line) {
    const std::string s = line + "\n";
    size_t done = 0;
    while (done < s.size()) {
      const ssize_t w = write(in_, s.data() + done, s.size() - done);
      if (w <= 0) return;
      done += size_t(w);
    }
  }

  // Reads one line; nullopt after timeout_ms or at end of output.
  std::optional<std::string> read_line(int timeout_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      const size_t nl = buf_.find('\n');
      if (nl != std::string::npos) {
        std::string line = buf_.substr(0, nl);
        buf_.erase(0, nl + 1);
        return line;
      }
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) return std::nullopt;
      pollfd p{out_, POLLIN, 0};
      if (poll(&p, 1, int(left)) <= 0) continue;
      char chunk[4096];
      const ssize_t r = read(out_, chunk, sizeof chunk);
      if (r <= 0) return std::nullopt;
      buf_.append(chunk, size_t(r));
    }
  }

  bool ready(int timeout_ms) {
    send("isready");
    for (;;) {
      auto line = read_line(timeout_ms);
      if (!line) return false;
      if (*line == "readyok") return true;
    }
  }

  // One search: `go_args` is "nodes N", "movetime MS" or the clock's "wtime ...". Empty
  // bestmove on failure.
  Answer search(const std::string& start_fen, const std::vector<std::string>& moves, const std::string& go_args,
                int timeout_ms) {
    std::string pos = "position fen " + start_fen;
    if (!moves.empty()) {
      pos += " moves";
      for (const std::string& m : moves) pos += " " + m;
    }
    send(pos);
    send("go " + go_args);
    Answer a;
    for (;;) {
      auto line = read_line(timeout_ms);
      if (!line) return a;
      std::istringstream ss(*line);
      std::string w;
      ss >> w;
      if (w == "bestmove") {
        ss >> a.bestmove;
        return a;
      }
      if (w == "error:") {
        std::fprintf(stderr, "%s: %s\n", path_.c_str(), line->c_str());
        continue;
      }
      if (w != "info") continue;
      if (line->rfind("info string clock ", 0) == 0) {
        std::string key;
        int v = 0;
        ss >> w >> w;  // "string clock"
        while (ss >> key >> v) {
          if (key == "soft") a.soft_ms = v;
          if (key == "hard") a.hard_ms = v;
        }
        continue;
      }
      while (ss >> w) {
        if (w == "score") {
          std::string kind;
          long v = 0;
          ss >> kind >> v;
          a.has_score = true;
          if (kind == "cp")
            a.score_cp = int(v);
          else if (kind == "mate")
            a.score_cp = v > 0 ? 30000 - int(2 * v) : -30000 - int(2 * v);
        } else if (w == "nodes") {
          ss >> a.nodes;
        }
      }
    }
  }

 private:
  std::string path_;
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  bool ok_ = false;
  std::string buf_;
};

}  // namespace dc
