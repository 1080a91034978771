// Fuzzes a command-line session with random command lines: no crash, no sanitizer
// report, and every "error:" answer says what is wrong. Searches and deep perft are
// kept short so each input runs quickly.
#include <cstdlib>
#include <sstream>
#include <string>

#include "session.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  std::ostringstream out;
  {
    dc::Session session(out);
    std::istringstream in(text);
    std::string line;
    int lines = 0;
    while (std::getline(in, line) && ++lines < 64) {
      std::string cmd = line.substr(0, line.find(' '));
      if (cmd == "bench") continue;
      if (cmd == "perft" || cmd == "divide") {
        if (line.size() > cmd.size() + 1 && line.find_first_not_of("012 ", cmd.size()) != std::string::npos) continue;
      }
      if (cmd == "go") line = "go depth 1";
      if (!session.handle(line)) break;
      session.wait();
    }
  }
  std::istringstream answers(out.str());
  std::string a;
  while (std::getline(answers, a))
    if (a.rfind("error:", 0) == 0 && a.size() < 10) std::abort();
  return 0;
}
