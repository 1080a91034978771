// refperft: command-line front end of the reference move generator (tests only).
//   refperft <depth> "<position string>|startpos"        perft(1..depth)
//   refperft divide <depth> "<position string>|startpos" per-move counts + total
//   refperft moves "<position string>|startpos"          legal moves, one a line
// A first argument --bga plays Board Game Arena's rules (refgen.h).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "refgen.h"

namespace {

int usage() {
  std::fprintf(stderr,
               "usage: refperft [--bga] <depth> \"<position>\"\n"
               "       refperft [--bga] divide <depth> \"<position>\"\n"
               "       refperft [--bga] moves \"<position>\"\n"
               "<position> is a position string or startpos; --bga: Board Game Arena's rules\n");
  return 2;
}

bool parse_depth(const char* s, int& d) {
  char* end = nullptr;
  long v = std::strtol(s, &end, 10);
  if (end == s || *end != '\0' || v < 0 || v > 64) return false;
  d = static_cast<int>(v);
  return true;
}

ref::Rules rules = ref::Rules::Gygax;

bool load(const char* s, ref::Pos& p) {
  std::string err;
  if (!ref::parse(s, p, err, rules)) {
    std::fprintf(stderr, "bad position: %s\n", err.c_str());
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--bga") {
    rules = ref::Rules::Bga;
    --argc;
    ++argv;
  }
  if (argc < 2) return usage();
  std::string cmd = argv[1];
  ref::Pos p;
  if (cmd == "moves") {
    if (argc != 3) return usage();
    if (!load(argv[2], p)) return 1;
    for (const std::string& m : ref::legal_moves(p)) std::printf("%s\n", m.c_str());
    return 0;
  }
  if (cmd == "divide") {
    int depth = 0;
    if (argc != 4 || !parse_depth(argv[2], depth) || depth < 1) return usage();
    if (!load(argv[3], p)) return 1;
    uint64_t total = 0;
    for (const std::string& m : ref::legal_moves(p)) {
      uint64_t n = ref::perft(ref::apply(p, m), depth - 1);
      total += n;
      std::printf("%s: %llu\n", m.c_str(), static_cast<unsigned long long>(n));
    }
    std::printf("total: %llu\n", static_cast<unsigned long long>(total));
    return 0;
  }
  int depth = 0;
  if (argc != 3 || !parse_depth(argv[1], depth)) return usage();
  if (!load(argv[2], p)) return 1;
  for (int d = 1; d <= depth; ++d) {
    std::printf("perft %d = %llu\n", d, static_cast<unsigned long long>(ref::perft(p, d)));
    std::fflush(stdout);
  }
  return 0;
}
