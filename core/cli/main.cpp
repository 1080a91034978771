// dragonchess: the command-line engine.
//   dragonchess                       read commands from standard input (see 'help')
//   dragonchess perft 4 --fen "..."   one-shot: run one command (after an optional
//                                     --fen <position string>, --moves "<m1 m2 ...>"
//                                     and --rules gygax|bga)
#include <iostream>
#include <string>

#include "line_reader.h"
#include "session.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  dc::Session session(std::cout);
  if (argc > 1) {
    std::string fen, moves, rules, command;
    bool have_fen = false;
    for (int i = 1; i < argc; ++i) {
      std::string a = argv[i];
      if (a == "--fen" || a == "--moves" || a == "--rules") {
        if (i + 1 >= argc) {
          std::cout << "error: " << a << " needs a value" << std::endl;
          return 1;
        }
        if (a == "--fen") have_fen = true;
        (a == "--fen" ? fen : a == "--moves" ? moves : rules) = argv[++i];
      } else {
        command += (command.empty() ? "" : " ") + a;
      }
    }
    if (have_fen && fen.find_first_not_of(" \t") == std::string::npos) {
      std::cout << "error: --fen needs a position string (it was empty)" << std::endl;
      return 1;
    }
    if (!rules.empty()) {
      session.handle("setoption name Rules value " + rules);
      if (session.errors()) return 1;
    }
    if (have_fen || !moves.empty()) {
      std::string pos = have_fen ? "position fen " + fen : "position startpos";
      if (!moves.empty()) pos += " moves " + moves;
      session.handle(pos);
      if (session.errors()) return 1;
    }
    if (!command.empty()) session.handle(command);
    session.wait();
    return session.errors() ? 1 : 0;
  }
  dc::LineReader reader(std::cin, dc::Session::MAX_LINE_LENGTH);
  std::string line;
  for (;;) {
    const auto r = reader.next(line);
    if (r == dc::LineReader::Read::End) break;
    if (r == dc::LineReader::Read::TooLong) {
      session.line_too_long();
      continue;
    }
    if (!session.handle(line)) return 0;
  }
  session.end_of_input();
  return 0;
}
