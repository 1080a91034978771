// The piece tables of docs/rules.md (§4.2 to §4.16, and Board Game Arena's Griffon in
// §7.2) say exactly what the movement table of core/movement.cpp holds: each row's
// levels, kind (move, capture, both), vectors with their signs and "both ways", slides,
// moves through a square and captures from afar are expanded into single moves for Gold
// and compared, as sets, with the table's lines expanded the same way. A rule changed in
// one place and not the other fails here, naming the moves that differ.
#include <catch2/catch_test_macros.hpp>

#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "movement.h"

namespace {

using dc::Mode;
using dc::Vec;

struct V3 {
  int l, f, r;
};

V3 plus(V3 a, V3 b) { return {a.l + b.l, a.f + b.f, a.r + b.r}; }
V3 swapped(V3 v) { return {v.l, v.r, v.f}; }

// One expanded move: "Griffon on 3: leap move-or-capture to (-1,1,1)", with " through
// (l,f,r)" for a move through a square.
std::string entry(dc::PieceType t, int level, const char* kind, Mode mode, V3 to, std::optional<V3> via = {}) {
  static const char* modes[] = {"", "move", "capture", "move-or-capture"};
  std::ostringstream s;
  s << dc::piece_type_name(t) << " on " << level << ": " << kind << ' ' << modes[mode] << " to (" << to.l << ',' << to.f
    << ',' << to.r << ')';
  if (via) s << " through (" << via->l << ',' << via->f << ',' << via->r << ')';
  return s.str();
}

bool on_levels(int level, V3 v) { return level + v.l >= 1 && level + v.l <= 3; }

// --- The docs' side ----------------------------------------------------------------------

std::string read_rules() {
  const std::string path = std::string(DRAGONCHESS_TEST_DATA) + "/../docs/rules.md";
  std::ifstream f(path);
  INFO(path);
  REQUIRE(f.good());
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// A vector as written: "(0, ±1, +1)"; each component a number, with "±" for either sign.
struct Written {
  int mag[3];
  bool either[3];
};

std::vector<Written> vectors_in(const std::string& text) {
  std::vector<Written> out;
  static const std::regex paren(R"(\(([^()]*)\))");
  for (std::sregex_iterator i(text.begin(), text.end(), paren), e; i != e; ++i) {
    std::string body = (*i)[1];
    Written w{};
    std::stringstream parts(body);
    std::string tok;
    for (int k = 0; k < 3 && std::getline(parts, tok, ','); ++k) {
      tok.erase(0, tok.find_first_not_of(' '));
      int sign = 1;
      if (tok.rfind("±", 0) == 0)
        w.either[k] = true, tok.erase(0, std::string("±").size());
      else if (tok.rfind("−", 0) == 0)
        sign = -1, tok.erase(0, std::string("−").size());
      else if (tok.rfind("+", 0) == 0)
        tok.erase(0, 1);
      w.mag[k] = sign * std::stoi(tok);
    }
    out.push_back(w);
  }
  return out;
}

// Every sign choice of the "±" components of a and b: the same choice for a component of
// both when `tied` (a move through a square: "(±2, 0, 0) through (±1, 0, 0)").
std::vector<std::pair<V3, V3>> signs(const Written& a, const Written& b, bool tied) {
  std::vector<std::pair<V3, V3>> out;
  const int n = tied ? 3 : 6;
  for (int bits = 0; bits < (1 << n); ++bits) {
    auto pick = [&](const Written& w, int base) {
      int c[3];
      for (int k = 0; k < 3; ++k) c[k] = w.either[k] && (bits >> (tied ? k : base + k) & 1) ? -w.mag[k] : w.mag[k];
      return V3{c[0], c[1], c[2]};
    };
    out.push_back({pick(a, 0), pick(b, 3)});
  }
  return out;
}

std::vector<int> levels_named(const std::string& cell) {
  if (cell == "any level") return {1, 2, 3};
  std::vector<int> out;
  for (int l = 0; l < dc::LEVELS; ++l)
    if (cell.find(dc::level_name(dc::Level(l))) != std::string::npos) out.push_back(l + 1);
  return out;
}

Mode mode_named(const std::string& cell) {
  if (cell == "move") return dc::MOVE_ONLY;
  if (cell == "capture") return dc::CAPTURE_ONLY;
  REQUIRE(cell == "move or capture");
  return dc::MOVE_OR_CAPTURE;
}

std::vector<std::string> cells_of(const std::string& row) {
  std::vector<std::string> out;
  std::stringstream s(row.substr(1, row.size() - 2));
  for (std::string c; std::getline(s, c, '|');) {
    c.erase(0, c.find_first_not_of(' '));
    c.erase(c.find_last_not_of(' ') + 1);
    out.push_back(c);
  }
  return out;
}

// The moves one table row gives: columns on | to | vector | kind.
void expand_row(dc::PieceType t, const std::vector<std::string>& cells, std::set<std::string>& out) {
  REQUIRE(cells.size() == 4);
  const std::string &on = cells[0], &to = cells[1], &vec = cells[2];
  const Mode mode = mode_named(cells[3]);
  const std::vector<int> levels = levels_named(on);
  REQUIRE_FALSE(levels.empty());
  for (int level : levels) {
    if (vec.empty()) {  // the Sylph's start squares
      out.insert(entry(t, level, "home", mode, {0, 0, 0}));
      continue;
    }
    const size_t through = vec.find("through"), then = vec.find("then");
    if (through != std::string::npos || then != std::string::npos) {
      const std::vector<Written> w = vectors_in(vec);
      REQUIRE(w.size() == 2);
      const bool both = vec.find("both ways") != std::string::npos;
      for (auto [a, b] : signs(w[0], w[1], through != std::string::npos))
        for (bool sw : {false, true}) {
          if (sw && !both) continue;
          const V3 x = sw ? swapped(a) : a, y = sw ? swapped(b) : b;
          const V3 dest = through != std::string::npos ? x : plus(x, y);
          const V3 via = through != std::string::npos ? y : x;
          if (on_levels(level, dest)) out.insert(entry(t, level, "via", mode, dest, via));
        }
      continue;
    }
    const char* kind = vec.rfind("slide", 0) == 0                  ? "slide"
                       : to.find("from afar") != std::string::npos ? "afar"
                                                                   : "leap";
    // Each vector, with "both ways" belonging to the vector before it.
    static const std::regex chunk(R"(\([^()]*\)( both ways)?)");
    for (std::sregex_iterator i(vec.begin(), vec.end(), chunk), e; i != e; ++i) {
      const std::string c = (*i)[0];
      const Written w = vectors_in(c).at(0);
      for (auto [v, unused] : signs(w, Written{}, false))
        for (V3 u : {v, swapped(v)}) {
          if (on_levels(level, u)) out.insert(entry(t, level, kind, mode, u));
          if ((*i)[1].length() == 0) break;
        }
    }
  }
}

// The rows of every piece's table, §4.2 to §4.16; each heading's letter checked too.
std::set<std::string> doc_moves(const std::string& doc) {
  std::set<std::string> out;
  static const std::regex heading(R"(### §4\.\d+ (\w+) \((\w)\)\n)");
  int pieces = 0;
  for (std::sregex_iterator i(doc.begin(), doc.end(), heading), e; i != e; ++i) {
    const std::string name = (*i)[1], letter = (*i)[2];
    dc::PieceType t = dc::type_from_letter(letter[0]);
    INFO(name << " (" << letter << ")");
    REQUIRE(t != dc::NO_PIECE_TYPE);
    CHECK(name == dc::piece_type_name(t));
    ++pieces;
    const size_t start = size_t(i->position() + i->length()), end = doc.find("<a id", start);
    std::stringstream body(doc.substr(start, end - start));
    for (std::string line; std::getline(body, line);) {
      if (line.rfind("| ", 0) != 0 || line.rfind("| on |", 0) == 0) continue;
      expand_row(t, cells_of(line), out);
    }
  }
  CHECK(pieces == 15);
  return out;
}

// Board Game Arena's Griffon on the Ground (§7.2): the vector after "also steps".
std::set<std::string> doc_bga_griffon(const std::string& doc) {
  const size_t s = doc.find("### §7.2"), e = doc.find("<a id", s);
  REQUIRE(s != std::string::npos);
  const std::string text = doc.substr(s, e - s);
  const size_t at = text.find("also steps");
  REQUIRE(at != std::string::npos);
  const std::string rest = text.substr(at, text.find("moving or capturing", at) - at);
  std::set<std::string> out;
  expand_row(dc::GRIFFON, {"Ground", "a step", rest.substr(rest.find('(')), "move or capture"}, out);
  return out;
}

// --- The table's side ----------------------------------------------------------------------

std::set<std::string> table_moves(uint8_t rule_sets) {
  std::set<std::string> out;
  for (const dc::MoveRule& r : dc::movement_rules()) {
    if (r.rule_sets != rule_sets) continue;
    std::vector<std::pair<int, int>> fr;  // sign of file, sign of rank, then swapped
    std::vector<bool> swaps;
    auto add = [&](int sf, int sr, bool sw) { fr.push_back({sf, sr}), swaps.push_back(sw); };
    switch (r.sym) {
      case dc::Sym::One: add(1, 1, false); break;
      case dc::Sym::MirrorF: add(1, 1, false), add(-1, 1, false); break;
      case dc::Sym::Signs:
      case dc::Sym::Octo:
        for (int sf : {1, -1})
          for (int sr : {1, -1}) {
            add(sf, sr, false);
            if (r.sym == dc::Sym::Octo) add(sf, sr, true);
          }
        break;
    }
    for (int level = 1; level <= 3; ++level) {
      if (!(r.levels >> (level - 1) & 1)) continue;
      for (size_t k = 0; k < fr.size(); ++k) {
        auto tr = [&](Vec v) {  // as movement.cpp expands a rule: exchange, then the signs
          int f = v.df, rk = v.dr;
          if (swaps[k]) std::swap(f, rk);
          return V3{v.dl, f * fr[k].first, rk * fr[k].second};
        };
        const V3 a = tr(r.v);
        switch (r.motion) {
          case dc::Motion::SylphHome: out.insert(entry(r.piece, level, "home", r.mode, {0, 0, 0})); break;
          case dc::Motion::Via: {
            const V3 dest = plus(a, tr(r.v2));
            if (on_levels(level, dest)) out.insert(entry(r.piece, level, "via", r.mode, dest, a));
            break;
          }
          default: {
            const char* kind = r.motion == dc::Motion::Slide ? "slide" : r.motion == dc::Motion::Afar ? "afar" : "leap";
            if (on_levels(level, a)) out.insert(entry(r.piece, level, kind, r.mode, a));
          }
        }
      }
    }
  }
  return out;
}

std::vector<std::string> minus(const std::set<std::string>& a, const std::set<std::string>& b) {
  std::vector<std::string> out;
  for (const std::string& x : a)
    if (!b.count(x)) out.push_back(x);
  return out;
}

}  // namespace

TEST_CASE("docs/rules.md's piece tables are the movement table", "[rules][doc]") {
  const std::string doc = read_rules();
  const std::set<std::string> docs = doc_moves(doc), table = table_moves(dc::ALL_RULE_SETS);
  CHECK(docs.size() > 200);
  CHECK(minus(docs, table) == std::vector<std::string>{});  // in docs/rules.md only
  CHECK(minus(table, docs) == std::vector<std::string>{});  // in core/movement.cpp only

  // The lines of Board Game Arena's rule set only: its Griffon's steps on the Ground.
  const std::set<std::string> bga = doc_bga_griffon(doc), bga_table = table_moves(dc::rule_set_bit(dc::Rules::Bga));
  CHECK(bga.size() == 4);
  CHECK(bga == bga_table);
  CHECK(table_moves(dc::rule_set_bit(dc::Rules::Gygax)).empty());  // no line is Gygax's alone
}
