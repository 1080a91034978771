// Mines puzzles from engine self-play: positions where the side to move has a forced
// mate in 1-3 or wins material, with a unique first move verified by search; grades
// their difficulty, tags the special rules they involve and writes them as the JSON data
// file the site ships (public/puzzles.json; format in docs/learning.md).
//
//   puzzles --games 160 --seed 1 --out public/puzzles.json
//
// Everything is bounded by node counts and seeded, so the same arguments write the same
// file on any machine (one thread). How a position becomes a puzzle:
//   1. Self-play: a quarter of the games start from opening_positions() (a few random
//      quiet plies from the start), the others from a random sparse position where the
//      special rules come into play (themed_position: Warriors near the far rank, Sylphs
//      on the Ground, Mages off the Ground, Basilisks, Elementals); both sides play at a random level 1..5 (their
//      noise and occasional weaker moves make the mistakes puzzles are made of),
//      --move-nodes per move.
//   2. Scan: a full-strength search of every position (--scan-nodes) keeps those where it
//      sees a mate in 1-3 or a line that wins material (below).
//   3. Verify (core/puzzle.h, verify_unique): a deeper search (--verify-nodes) gives the
//      best move and its line; the same search restricted to the other moves gives the
//      second best. The first move is unique when the best is a mate in n that no other
//      move matches, or when the second best scores PUZZLE_UNIQUE_GAP less. Mates in one
//      are also checked exactly (exactly one legal move mates). Each later move of the
//      solver is checked the same way, except a mating move (any mate is accepted).
//   4. The line: mates are played out to the mate; material lines end with the solver's
//      move after which (and after the reply the line gives) the solver is at least
//      WIN_GAIN up on the start. A plain recapture of the piece just taken is no puzzle.
//   5. Difficulty: the search depth from which iterative deepening keeps choosing the
//      first move, the number of solver moves, whether the first move is quiet and how
//      many legal moves there are give a rating; tags (core/puzzle.h, tag_line) name the
//      special rules the line uses.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "puzzle.h"
#include "search/search.h"
#include "status.h"

using namespace dc;

namespace {

constexpr int WIN_GAIN = 200;  // cp of material won by a material line (Gygax's values)
constexpr int MAX_LINE = 5;    // plies (three moves of the solver)

struct Options {
  int games = 160;
  uint64_t seed = 1;
  std::string out;
  uint64_t move_nodes = 3000;
  uint64_t scan_nodes = 4000;
  uint64_t verify_nodes = 60000;
  int max_plies = 200;
  int per_game = 5;  // at most this many puzzles from one game
};

uint64_t splitmix(uint64_t& s) {
  uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// The shortest prefix of pv ending with a move of the side to move of pos after which
// (and after the reply pv gives, if any) that side is at least WIN_GAIN up on the
// material of pos: its length (0: none within MAX_LINE plies) and the gain. pos restored.
int material_line(Position& pos, const std::vector<Move>& pv, int& gain) {
  const Color solver = pos.side_to_move();
  const int mat0 = material(pos, solver);
  const int n = std::min<int>(int(pv.size()), MAX_LINE);
  int end = 0, made = 0;
  for (int k = 0; k < n && !end; ++k) {
    pos.make_move(pv[size_t(k)]);
    ++made;
    if (k % 2) continue;
    int g = material(pos, solver) - mat0;
    if (k + 1 < int(pv.size())) {
      pos.make_move(pv[size_t(k + 1)]);
      g = std::min(g, material(pos, solver) - mat0);
      pos.unmake_move();
    }
    if (g >= WIN_GAIN) end = k + 1, gain = g;
  }
  for (int i = 0; i < made; ++i) pos.unmake_move();
  return end;
}

// A random sparse position with Gold to move in which the special rules come into play.
// For each side: the King (mostly at home on the Ground, sometimes in the Sky or the
// Underworld anywhere), a few Warriors, Sylphs (often on the Ground), a Basilisk, an
// Elemental, a Mage (often off the Ground), Dwarves and a random selection of the other
// pieces. Theme 1 (the Sylph's return): Gold's Sylphs all on the Ground and Scarlet's King
// in the Sky on Gold's side; theme 2 (promotion): the Warriors one or two steps from the
// far rank.
std::string themed_position(uint64_t& rng, int theme) {
  auto rnd = [&](int n) { return int(splitmix(rng) % uint64_t(n)); };
  for (;;) {
    char board[SQUARE_NB];
    std::memset(board, '.', sizeof board);
    auto place = [&](Color c, PieceType t, int level, int rank_lo, int rank_hi) {
      for (int tries = 0; tries < 50; ++tries) {
        const int l = level >= 0 ? level : rnd(LEVELS);
        if (!may_stand_on(t, Level(l))) continue;
        int r = rank_lo + rnd(rank_hi - rank_lo + 1);
        if (c == SCARLET) r = RANKS - 1 - r;  // ranks counted from the own side
        const Square s = make_square(l, rnd(FILES), r);
        if (board[s] != '.') continue;
        board[s] = piece_char(make_piece(c, t));
        return;
      }
    };
    for (Color c : {GOLD, SCARLET}) {
      const int k = rnd(10);
      if (theme == 1 && c == SCARLET)
        place(c, KING, 2, 5, 5);  // in the Sky, where a Sylph flying home checks
      else if (k < 7)
        place(c, KING, 1, 0, 2);
      else
        place(c, KING, k == 7 ? 0 : 2, 0, 7);
      for (int i = 0, n = 2 + rnd(4); i < n; ++i) place(c, WARRIOR, 1, theme == 2 ? 5 : 1, 6);
      for (int i = 0, n = 1 + rnd(3); i < n; ++i) place(c, SYLPH, (theme == 1 && c == GOLD) || rnd(3) ? 1 : 2, 1, 7);
      place(c, BASILISK, 0, 0, 6);
      place(c, ELEMENTAL, -1, 0, 7);
      place(c, MAGE, rnd(3) ? 2 * rnd(2) : 1, 0, 7);
      for (int i = 0, n = 1 + rnd(2); i < n; ++i) place(c, DWARF, -1, 1, 7);
      for (PieceType t : {GRIFFON, DRAGON, OLIPHANT, UNICORN, HERO, THIEF, CLERIC, PALADIN})
        if (rnd(2)) place(c, t, -1, 0, 7);
    }
    Result<Position> p = Position::from_board(std::string_view(board, SQUARE_NB), GOLD);
    if (!p) continue;  // e.g. Scarlet in check, a Warrior on its last rank
    if (in_check(p.value()) || game_status(p.value()).over()) continue;
    return p.value().to_string();
  }
}

struct Puzzle {
  std::string fen, last;
  std::vector<Move> line;
  std::vector<std::string> algebraic;
  bool mate = false;
  int mate_in = 0;
  int gain = 0;  // material won (cp), material puzzles
  int find_depth = 0;
  int rating = 0;
  std::set<std::string> tags;
  int game = 0, ply = 0;
};

class Miner {
 public:
  explicit Miner(const Options& o) : o_(o), scan_(32), verify_(PUZZLE_VERIFY_HASH_MB), grade_(16) {}

  // Mines; after each game calls checkpoint(puzzles so far), so a stopped run keeps what
  // it found.
  std::vector<Puzzle> run(const std::function<void(const std::vector<Puzzle>&)>& checkpoint);

  std::map<std::string, int> stats;  // how many positions reached each stage

 private:
  bool try_position(Position& pos, Move last, int game, int ply, Puzzle& pz);
  int find_depth(Position& pos, Move best);

  Options o_;
  Search scan_, verify_, grade_;
  uint64_t nodes_ = 0;
};

// The depth from which iterative deepening keeps choosing `best` (one more than the last
// completed depth when it never settles on it within the budget).
int Miner::find_depth(Position& pos, Move best) {
  grade_.new_game();
  SearchLimits lim;
  lim.depth = 7;
  lim.nodes = o_.verify_nodes;
  std::vector<Move> by_depth;
  SearchResult r =
      grade_.go(pos, lim, [&](const SearchInfo& i) { by_depth.push_back(i.pv.empty() ? Move::none() : i.pv[0]); });
  nodes_ += r.nodes;
  int d = int(by_depth.size()) + 1;
  for (int k = int(by_depth.size()) - 1; k >= 0 && by_depth[size_t(k)].same_squares(best); --k) d = k + 1;
  return d;
}

bool Miner::try_position(Position& pos, Move last, int game, int ply, Puzzle& pz) {
  // 2. scan
  SearchLimits lim;
  lim.nodes = o_.scan_nodes;
  const SearchResult s = scan_.go(pos, lim);
  nodes_ += s.nodes;
  if (s.best.is_none()) return false;
  ++stats["scanned"];
  const bool scan_mate = s.is_mate && s.mate_in > 0 && s.mate_in <= 3;
  if (!scan_mate) {
    int g = 0;
    if (s.is_mate || !material_line(pos, s.pv, g)) return false;
    const Square taker = last.is_none() || !last.is_capture() ? SQ_NONE : last.is_afar() ? last.from() : last.to();
    if (s.best.is_capture() && s.best.to() == taker) {
      ++stats["recapture"];
      return false;
    }
  }
  ++stats[scan_mate ? "scan: mate" : "scan: material"];
  // 3. verify, from an empty hash table: the verdict depends on the position only (the
  // tests repeat it)
  verify_.new_game();
  const UniqueVerdict v = verify_unique(verify_, pos, o_.verify_nodes);
  nodes_ += v.nodes;
  if (!v.unique) {
    ++stats["not unique"];
    return false;
  }
  const SearchResult& r = v.best;
  const bool mate = r.is_mate && r.mate_in > 0;
  if (mate && r.mate_in > 3) return false;
  // 4. the line
  std::vector<Move> line;
  int gain = 0;
  if (mate) {
    if (int(r.pv.size()) < 2 * r.mate_in - 1) return false;
    line.assign(r.pv.begin(), r.pv.begin() + (2 * r.mate_in - 1));
    for (Move m : line) pos.make_move(m);
    const bool ok = is_checkmate(pos);
    for (size_t i = 0; i < line.size(); ++i) pos.unmake_move();
    if (!ok) return false;
    if (r.mate_in == 1 && mating_moves(pos).size() != 1) return false;
  } else {
    const int end = material_line(pos, r.pv, gain);
    if (!end) {
      ++stats["no material line"];
      return false;
    }
    line.assign(r.pv.begin(), r.pv.begin() + end);
  }
  int made = 0;
  bool ok = true;
  for (size_t k = 0; k < line.size(); ++k) {
    if (k > 0 && k % 2 == 0 && !(mate && k + 1 == line.size())) {
      const UniqueVerdict later = verify_unique(verify_, pos, o_.verify_nodes, line[k]);
      nodes_ += later.nodes;
      if (!later.unique) {
        ok = false;
        break;
      }
    }
    pos.make_move(line[k]);
    ++made;
  }
  for (int i = 0; i < made; ++i) pos.unmake_move();
  if (!ok) {
    ++stats["later move not unique"];
    return false;
  }
  // 5. grade and tag
  pz = Puzzle{};
  pz.fen = pos.to_string();
  pz.last = last.is_none() ? "" : to_coordinate(last);
  pz.line = line;
  pz.mate = mate;
  pz.mate_in = mate ? r.mate_in : 0;
  pz.gain = gain;
  for (Move m : line) {
    pz.algebraic.push_back(to_algebraic(pos, m));
    pos.make_move(m);
  }
  for (size_t i = 0; i < line.size(); ++i) pos.unmake_move();
  pz.tags = tag_line(pos, line, mate);
  pz.find_depth = find_depth(pos, line[0]);
  const int legal = legal_moves(pos).size;
  pos.make_move(line[0]);
  const bool quiet = !line[0].is_capture() && !in_check(pos);
  pos.unmake_move();
  const int solver_moves = int(line.size() + 1) / 2;
  pz.rating = 600 + 140 * (pz.find_depth - 1) + 220 * (solver_moves - 1) + (quiet ? 220 : 0) + std::min(150, legal);
  pz.game = game;
  pz.ply = ply;
  return true;
}

std::vector<Puzzle> Miner::run(const std::function<void(const std::vector<Puzzle>&)>& checkpoint) {
  std::vector<Puzzle> out;
  std::set<uint64_t> seen;
  uint64_t rng = o_.seed * 0x2545F4914F6CDD1Dull + 1;
  const std::vector<std::string> openings = opening_positions((o_.games + 3) / 4, 8, o_.seed);
  const auto t0 = std::chrono::steady_clock::now();
  for (int g = 0; g < o_.games; ++g) {
    const bool themed = g % 4 != 0;
    const int theme = g % 4 - 1;  // -1: an opening; 0, 1, 2: themed_position's themes
    const std::string start = themed ? themed_position(rng, theme) : openings[size_t(g / 4) % openings.size()];
    Position pos = Position::from_string(start).value();
    Search gold(16), scarlet(16);
    const int lg = 1 + int(splitmix(rng) % 5), ls = 1 + int(splitmix(rng) % 5);
    gold.set_level(lg);
    scarlet.set_level(ls);
    gold.set_seed(splitmix(rng));
    scarlet.set_seed(splitmix(rng));
    scan_.new_game();
    int found = 0, skip_until = 0;
    for (int ply = 0; ply < o_.max_plies; ++ply) {
      if (game_status(pos).over()) break;
      if (ply >= (themed ? 0 : 4) && ply >= skip_until && found < o_.per_game) {
        Position p = Position::from_string(pos.to_string()).value();  // the puzzle as shipped: no history
        Puzzle pz;
        if (try_position(p, pos.last_move(), g, ply, pz) && seen.insert(p.key()).second) {
          out.push_back(pz);
          ++found;
          skip_until = ply + 6;
        }
      }
      Search& side = pos.side_to_move() == GOLD ? gold : scarlet;
      SearchLimits lim;
      lim.nodes = o_.move_nodes;
      const SearchResult r = side.go(pos, lim);
      nodes_ += r.nodes;
      if (r.best.is_none()) break;
      pos.make_move(r.best);
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr, "game %d/%d (%s, levels %d/%d): %d puzzles, %zu in all, %.0f s, %.1f M nodes\n", g + 1,
                 o_.games,
                 themed ? (theme == 1   ? "themed: Sylphs"
                           : theme == 2 ? "themed: Warriors"
                                        : "themed")
                        : "opening",
                 lg, ls, found, out.size(), secs, double(nodes_) / 1e6);
    if (checkpoint) checkpoint(out);
  }
  return out;
}

std::string quote(const std::string& s) {
  std::string o = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    o += c;
  }
  return o + "\"";
}

const char* difficulty(int rating) { return rating < 1100 ? "easy" : rating < 1500 ? "medium" : "hard"; }

void write_json(std::ostream& os, const std::vector<Puzzle>& ps, const std::string& command) {
  os << "{\n\"format\": \"dragonchess-puzzles 1\",\n\"generator\": " << quote(command) << ",\n";
  os << "\"count\": " << ps.size() << ",\n\"puzzles\": [\n";
  for (size_t i = 0; i < ps.size(); ++i) {
    const Puzzle& p = ps[i];
    os << "{\"id\": \"p"
       << (i + 1 < 10     ? "000"
           : i + 1 < 100  ? "00"
           : i + 1 < 1000 ? "0"
                          : "")
       << i + 1 << "\", \"fen\": " << quote(p.fen);
    if (!p.last.empty()) os << ", \"last\": \"" << p.last << "\"";
    os << ", \"moves\": [";
    for (size_t k = 0; k < p.line.size(); ++k) os << (k ? ", " : "") << quote(to_coordinate(p.line[k]));
    os << "], \"line\": [";
    for (size_t k = 0; k < p.algebraic.size(); ++k) os << (k ? ", " : "") << quote(p.algebraic[k]);
    os << "], \"goal\": \"" << (p.mate ? "mate" : "material") << "\"";
    if (p.mate)
      os << ", \"mateIn\": " << p.mate_in;
    else
      os << ", \"gain\": " << p.gain;
    os << ", \"unique\": true, \"rating\": " << p.rating << ", \"difficulty\": \"" << difficulty(p.rating)
       << "\", \"depth\": " << p.find_depth << ", \"tags\": [";
    bool first = true;
    for (const std::string& t : p.tags) {
      os << (first ? "" : ", ") << quote(t);
      first = false;
    }
    os << "], \"source\": \"game " << p.game + 1 << ", ply " << p.ply << "\"}" << (i + 1 < ps.size() ? "," : "")
       << "\n";
  }
  os << "]\n}\n";
}

bool parse_u64(const char* s, uint64_t& v) {
  char* end = nullptr;
  v = std::strtoull(s, &end, 10);
  return end && *end == 0 && end != s;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    uint64_t v = 0;
    auto need = [&](uint64_t lo, uint64_t hi) {
      if (i + 1 >= argc || !parse_u64(argv[i + 1], v) || v < lo || v > hi) {
        std::cerr << "puzzles: " << a << " needs a number from " << lo << " to " << hi << "\n";
        std::exit(2);
      }
      ++i;
    };
    if (a == "--games") {
      need(1, 100000);
      o.games = int(v);
    } else if (a == "--seed") {
      need(0, ~0ull);
      o.seed = v;
    } else if (a == "--move-nodes") {
      need(100, 100000000);
      o.move_nodes = v;
    } else if (a == "--scan-nodes") {
      need(100, 100000000);
      o.scan_nodes = v;
    } else if (a == "--verify-nodes") {
      need(1000, 1000000000);
      o.verify_nodes = v;
    } else if (a == "--max-plies") {
      need(10, 2000);
      o.max_plies = int(v);
    } else if (a == "--per-game") {
      need(1, 1000);
      o.per_game = int(v);
    } else if (a == "--out" && i + 1 < argc) {
      o.out = argv[++i];
    } else {
      std::cerr << "usage: puzzles [--games N] [--seed N] [--move-nodes N] [--scan-nodes N] [--verify-nodes N]\n"
                   "               [--max-plies N] [--per-game N] [--out FILE]\n";
      return 2;
    }
  }
  // the file records every setting, so that the command in it makes the same file
  const std::string command = "puzzles --games " + std::to_string(o.games) + " --seed " + std::to_string(o.seed) +
                              " --move-nodes " + std::to_string(o.move_nodes) + " --scan-nodes " +
                              std::to_string(o.scan_nodes) + " --verify-nodes " + std::to_string(o.verify_nodes) +
                              " --max-plies " + std::to_string(o.max_plies) + " --per-game " +
                              std::to_string(o.per_game);
  Miner miner(o);
  bool write_failed = false;
  auto save = [&](const std::vector<Puzzle>& ps) {
    if (o.out.empty()) return;
    const std::string tmp = o.out + ".part";
    {
      std::ofstream f(tmp);
      write_json(f, ps, command);
      if (!f) {
        write_failed = true;
        return;
      }
    }
    if (std::rename(tmp.c_str(), o.out.c_str()) != 0) write_failed = true;
  };
  const std::vector<Puzzle> ps = miner.run(save);
  if (o.out.empty())
    write_json(std::cout, ps, command);
  else
    save(ps);
  if (write_failed) {
    std::cerr << "puzzles: cannot write " << o.out << "\n";
    return 1;
  }
  for (auto& [k, n] : miner.stats) std::fprintf(stderr, "%s: %d\n", k.c_str(), n);
  std::map<std::string, int> counts;
  for (const Puzzle& p : ps)
    for (const std::string& t : p.tags) ++counts[t];
  std::fprintf(stderr, "%zu puzzles;", ps.size());
  for (auto& [t, n] : counts) std::fprintf(stderr, " %s %d", t.c_str(), n);
  std::fprintf(stderr, "\n");
  return 0;
}
