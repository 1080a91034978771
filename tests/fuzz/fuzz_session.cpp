// Fuzzes a command-line session with random command lines: no crash, no sanitizer
// report, and every "error:" answer says what is wrong. Searches and deep perft are
// kept short so each input runs quickly.
#include <cstdlib>
#include <sstream>
#include <string>

#include "line_reader.h"
#include "session.h"

namespace {
// Perft deeper than 2 would take seconds per input; the depth parser's error paths
// (non-numbers, out of range) are still fuzzed.
bool too_deep(const std::string& args) {
  std::string digits;
  for (char c : args) {
    if (c == ' ' || c == '\t' || c == '\r') continue;
    if (c < '0' || c > '9') return false;
    digits += c;
  }
  if (digits.empty() || digits.size() > 6) return false;
  long depth = std::strtol(digits.c_str(), nullptr, 10);
  return depth > 2 && depth <= 12;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::ostringstream out;
  {
    dc::Session session(out);
    session.handle("setoption name Hash value 1");  // a small table: fast inputs
    // Lines come through the engine's own reader, with a small limit so that the
    // long-line path is reached too.
    std::istringstream in(text);
    dc::LineReader reader(in, 200);
    std::string line;
    int lines = 0;
    for (;;) {
      const auto r = reader.next(line);
      if (r == dc::LineReader::Read::End || ++lines >= 64) break;
      if (r == dc::LineReader::Read::TooLong) {
        session.line_too_long();
        continue;
      }
      // The command word as the session reads it (after spaces and tabs).
      const size_t from = line.find_first_not_of(" \t");
      const std::string rest = from == std::string::npos ? "" : line.substr(from);
      const std::string cmd = rest.substr(0, rest.find_first_of(" \t"));
      if (cmd == "bench") continue;
      // Files are not for fuzzing here (a random name could block or write anywhere):
      // the record reader has its own target, fuzz_record.
      if (cmd == "load" || cmd == "games" || cmd == "save" || cmd == "append") continue;
      if ((cmd == "perft" || cmd == "divide") && too_deep(rest.substr(cmd.size()))) continue;
      if (cmd == "go") line = "go depth 1";
      if (!session.handle(line)) break;
      session.wait();
    }
    session.end_of_input();
  }
  std::istringstream answers(out.str());
  std::string a;
  while (std::getline(answers, a))
    if (a.rfind("error:", 0) == 0 && a.size() < 10) std::abort();
  return 0;
}
