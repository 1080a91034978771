// dragonchess: the command-line engine.
//   dragonchess                       read commands from standard input (see 'help')
//   dragonchess perft 4 --fen "..."   one-shot: run one command (after an optional
//                                     --fen <position string> and --moves "<m1 m2 ...>")
#include <iostream>
#include <string>

#include "session.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  dc::Session session(std::cout);
  if (argc > 1) {
    std::string fen, moves, command;
    for (int i = 1; i < argc; ++i) {
      std::string a = argv[i];
      if ((a == "--fen" || a == "--moves") && i + 1 < argc) {
        (a == "--fen" ? fen : moves) = argv[++i];
      } else {
        command += (command.empty() ? "" : " ") + a;
      }
    }
    if (!fen.empty() || !moves.empty()) {
      std::string pos = fen.empty() ? "position startpos" : "position fen " + fen;
      if (!moves.empty()) pos += " moves " + moves;
      session.handle(pos);
      if (session.errors()) return 1;
    }
    if (!command.empty()) session.handle(command);
    session.wait();
    return session.errors() ? 1 : 0;
  }
  std::string line;
  while (std::getline(std::cin, line))
    if (!session.handle(line)) return 0;
  session.wait();
  return 0;
}
