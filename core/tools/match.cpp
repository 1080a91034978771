// Plays two engine configurations against each other from a balanced opening set
// (each opening once with each colour) and prints W/D/L, score and Elo difference.
//
//   match --a level=10,eval=full --b level=10,eval=material --nodes 100000 --games 200
//   match --a level=10 --b greedy --movetime 100
//   match --a level=3 --b level=2 --level-limits      (the browser's settings of each level)
//
// A configuration is `random`, `greedy` (best immediate capture by value, else random)
// or comma-separated key=value pairs: level=1..10, eval=full|material, null=0|1,
// lmr=0|1, futility=0|1, checkext=0|1, qprune=0|1, qbound=0|1, mobility=0|1, pst=0|1, kingsafety=0|1,
// frozen=0|1, kinglevel=0|1, warriors=0|1, name=TEXT.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "movegen.h"
#include "position.h"
#include "search/search.h"
#include "status.h"

using namespace dc;

namespace {

struct Config {
  std::string text;
  enum Kind { Engine, Random, Greedy } kind = Engine;
  int level = 10;
  SearchOptions opt;
};

bool parse_config(const std::string& text, Config& c) {
  c.text = text;
  if (text == "random") { c.kind = Config::Random; return true; }
  if (text == "greedy") { c.kind = Config::Greedy; return true; }
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item.empty()) continue;
    auto eq = item.find('=');
    if (eq == std::string::npos) { std::cerr << "bad config item " << item << "\n"; return false; }
    std::string k = item.substr(0, eq), v = item.substr(eq + 1);
    const bool on = v != "0" && v != "off" && v != "false";
    if (k == "level") c.level = std::atoi(v.c_str());
    else if (k == "eval") {
      if (v == "material") c.opt.eval = EvalWeights::material();
      else if (v == "full") c.opt.eval = EvalWeights::defaults();
      else { std::cerr << "eval must be full or material\n"; return false; }
    }
    else if (k == "null") c.opt.null_move = on;
    else if (k == "lmr") c.opt.lmr = on;
    else if (k == "futility") c.opt.futility = on;
    else if (k == "checkext") c.opt.check_extension = on;
    else if (k == "qprune") c.opt.qsearch_prune = on;
    else if (k == "qbound") c.opt.qsearch_bound = on;
    else if (k == "mobility") c.opt.eval.use_mobility = on;
    else if (k == "pst") c.opt.eval.use_pst = on;
    else if (k == "kingsafety") c.opt.eval.use_king_safety = on;
    else if (k == "frozen") c.opt.eval.use_frozen = on;
    else if (k == "kinglevel") c.opt.eval.use_king_level = on;
    else if (k == "warriors") c.opt.eval.use_warriors = on;
    else if (k == "name") {}
    else { std::cerr << "unknown config key " << k << "\n"; return false; }
  }
  return true;
}

struct Player {
  Config cfg;
  bool own_limits = false;  // each side searches its level's own limits (the browser's)
  std::unique_ptr<Search> search;
  uint64_t rng;
  Player(const Config& c, uint64_t seed) : cfg(c), rng(seed * 2654435761u + 7) {
    if (c.kind == Config::Engine) {
      search = std::make_unique<Search>(16);
      search->set_level(c.level);
      search->set_options(c.opt);
      search->set_seed(seed);
    }
  }
  uint64_t rand() {
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng;
  }
  Move choose(Position& pos, const SearchLimits& lim, uint64_t& nodes) {
    MoveList l = legal_moves(pos);
    if (l.size == 0) return Move::none();
    if (cfg.kind == Config::Random) return l[int(rand() % uint64_t(l.size))];
    if (cfg.kind == Config::Greedy) {
      int best = -1;
      std::vector<Move> bests;
      for (Move m : l) {
        if (!m.is_capture()) continue;
        int v = GYGAX_VALUE_CP[type_of(pos.at(m.to()))];
        if (v > best) { best = v; bests.clear(); }
        if (v == best) bests.push_back(m);
      }
      if (!bests.empty()) return bests[rand() % bests.size()];
      return l[int(rand() % uint64_t(l.size))];
    }
    SearchResult r = search->go(pos, own_limits ? level_limits(cfg.level) : lim);
    nodes += r.nodes;
    return r.best;
  }
};

// Result from Gold's point of view: 1 win, 0 draw, -1 loss.
int play_game(const std::string& fen, Player& gold, Player& scarlet, const SearchLimits& lim,
              int max_plies, std::string& how, uint64_t& nodes) {
  Position pos = Position::from_string(fen).value();
  if (gold.search) gold.search->new_game();
  if (scarlet.search) scarlet.search->new_game();
  for (int ply = 0; ply < max_plies; ++ply) {
    Status st = game_status(pos);
    if (st.over()) {
      how = st.name();
      if (st.state == GameState::Checkmate) return st.winner == GOLD ? 1 : -1;
      return 0;
    }
    Player& p = pos.side_to_move() == GOLD ? gold : scarlet;
    Move m = p.choose(pos, lim, nodes);
    if (m.is_none() || find_legal(pos, m.from(), m.to()).is_none()) {
      std::cerr << "illegal move from " << p.cfg.text << " in " << pos.to_string() << "\n";
      std::exit(2);
    }
    pos.make_move(m);
  }
  Status st = game_status(pos);
  if (st.state == GameState::Checkmate) { how = "checkmate"; return st.winner == GOLD ? 1 : -1; }
  how = st.over() ? st.name() : "max-plies";
  return 0;
}

double elo(double s) {
  s = std::min(std::max(s, 1e-6), 1 - 1e-6);
  return -400.0 * std::log10(1.0 / s - 1.0);
}

}  // namespace

int main(int argc, char** argv) {
  std::string a_text = "level=10", b_text = "greedy";
  int games = 100, movetime = 0, max_plies = 300, plies = 6, verbose = 0;
  uint64_t nodes = 0, seed = 1;
  bool level_limits_each = false;
  for (int i = 1; i < argc; ++i) {
    std::string k = argv[i];
    auto val = [&]() -> std::string {
      if (i + 1 >= argc) { std::cerr << k << " needs a value\n"; std::exit(1); }
      return argv[++i];
    };
    if (k == "--a") a_text = val();
    else if (k == "--b") b_text = val();
    else if (k == "--games") games = std::atoi(val().c_str());
    else if (k == "--nodes") nodes = std::strtoull(val().c_str(), nullptr, 10);
    else if (k == "--movetime") movetime = std::atoi(val().c_str());
    else if (k == "--max-plies") max_plies = std::atoi(val().c_str());
    else if (k == "--opening-plies") plies = std::atoi(val().c_str());
    else if (k == "--seed") seed = std::strtoull(val().c_str(), nullptr, 10);
    else if (k == "--verbose" || k == "-v") verbose = 1;
    else if (k == "--level-limits") level_limits_each = true;
    else {
      std::cerr << "usage: match --a CONFIG --b CONFIG [--nodes N | --movetime MS] [--games N]\n"
                   "             [--level-limits] [--max-plies N] [--opening-plies N] [--seed N] [--verbose]\n"
                   "  --level-limits: each side searches its level's own limits, as the browser does\n";
      return k == "--help" || k == "-h" ? 0 : 1;
    }
  }
  Config ca, cb;
  if (!parse_config(a_text, ca) || !parse_config(b_text, cb)) return 1;
  SearchLimits lim;
  lim.nodes = nodes;
  lim.movetime_ms = movetime;
  if (!nodes && !movetime) lim.nodes = 100000;
  const int pairs = (games + 1) / 2;
  std::vector<std::string> openings = opening_positions(pairs, plies, seed);
  int w = 0, d = 0, l = 0, played = 0;
  uint64_t total_nodes = 0;
  for (int g = 0; g < games; ++g) {
    const std::string& fen = openings[size_t(g / 2) % openings.size()];
    const bool a_gold = g % 2 == 0;
    Player pa(ca, seed * 1000 + uint64_t(g) * 2), pb(cb, seed * 1000 + uint64_t(g) * 2 + 1);
    pa.own_limits = pb.own_limits = level_limits_each;
    std::string how;
    int r = a_gold ? play_game(fen, pa, pb, lim, max_plies, how, total_nodes)
                   : -play_game(fen, pb, pa, lim, max_plies, how, total_nodes);
    if (r > 0) ++w; else if (r == 0) ++d; else ++l;
    ++played;
    if (verbose)
      std::fprintf(stderr, "game %d (%s as %s): %s by %s  [+%d =%d -%d]\n", g + 1, ca.text.c_str(),
                   a_gold ? "Gold" : "Scarlet", r > 0 ? "win" : r == 0 ? "draw" : "loss", how.c_str(), w, d, l);
  }
  const double n = played;
  const double s = (w + 0.5 * d) / n;
  const double var = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / n;
  const double se = std::sqrt(var / n);
  const double lo = elo(s - 1.96 * se), hi = elo(s + 1.96 * se);
  std::printf("A: %s\nB: %s\n", ca.text.c_str(), cb.text.c_str());
  // A clean sweep has no finite Elo: report the bound of half a game less instead.
  const bool sweep = w == played || l == played;
  const double s_elo = sweep ? (w == played ? (n - 0.5) / n : 0.5 / n) : s;
  const char* cmp = sweep ? (w == played ? ">" : "<") : "";
  std::printf("games %d  W %d  D %d  L %d  score %.1f%%  Elo %s%+.0f [%+.0f, %+.0f]  (A's view)\n", played, w,
              d, l, 100 * s, cmp, elo(s_elo), sweep ? elo(s_elo) : lo, sweep ? elo(s_elo) : hi);
  std::printf("RESULT|%s|%s|%d|%d|%d|%d|%.1f|%s%+.0f|%+.0f|%+.0f\n", ca.text.c_str(), cb.text.c_str(), played,
              w, d, l, 100 * s, cmp, elo(s_elo), sweep ? elo(s_elo) : lo, sweep ? elo(s_elo) : hi);
  return 0;
}
