#include "rule_set.h"

#include <algorithm>
#include <cctype>

#include "movegen.h"

namespace dc {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

// The first square directly above an enemy Basilisk (of the mover, colour c) that the
// piece's route from `from` to `to` passes over: the squares strictly between them on a
// line of one level, or the square in between of a two-level move; SQ_NONE if none.
Square gazed_on_route(const Position& pos, Color c, Square from, Square to) {
  const Bitboard gaze = pos.gaze(c);
  const int dl = level_of(to) - level_of(from), df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  if (dl != 0) {
    if ((dl == 2 || dl == -2) && df == 0 && dr == 0) {
      const Square via = Square((from + to) / 2);
      return gaze.test(via) ? via : SQ_NONE;
    }
    return SQ_NONE;
  }
  if (!(df == 0 || dr == 0 || df == dr || df == -dr)) return SQ_NONE;
  const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
  for (int f = file_of(from) + sf, r = rank_of(from) + sr; f != file_of(to) || r != rank_of(to); f += sf, r += sr) {
    const Square q = make_square(level_of(from), f, r);
    if (gaze.test(q)) return q;
  }
  return SQ_NONE;
}

}  // namespace

const char* rules_id(Rules r) { return r == Rules::Bga ? "bga" : "gygax"; }
const char* rules_name(Rules r) { return r == Rules::Bga ? "Board Game Arena" : "Gygax (Dragon #100)"; }
const char* rules_short_name(Rules r) { return r == Rules::Bga ? "BGA" : "Gygax"; }
const char* rules_owner(Rules r) { return r == Rules::Bga ? "Board Game Arena's rules" : "Gygax's rules"; }
std::string_view rules_variant(Rules r) { return r == Rules::Bga ? "Dragonchess (BGA)" : "Dragonchess"; }

const char* rules_summary(Rules r) {
  return r == Rules::Bga ? "Board Game Arena's reading of the rules: a Griffon on the Ground steps one square in any "
                           "direction, and no piece may pass over the square directly above an enemy Basilisk (it may "
                           "stop there, frozen). Everything else as in Gygax's rules."
                         : "Gary Gygax's rules from Dragon #100 (1985), with the errata of Dragon #101/#102.";
}

Result<Rules> parse_rules(std::string_view id) {
  const std::string s = lower(id);
  if (s == "gygax") return Rules::Gygax;
  if (s == "bga") return Rules::Bga;
  return keyed_error("rules.unknown",
                     "unknown rule set '{name}' (gygax: Gygax's, the default; bga: Board Game Arena's)", "name", id);
}

Result<Rules> rules_of_variant(std::string_view variant) {
  std::string v = lower(variant);
  while (!v.empty() && v.back() == ' ') v.pop_back();
  const size_t start = v.find_first_not_of(' ');
  v = start == std::string::npos ? "" : v.substr(start);
  const std::string first = v.substr(0, v.find(' '));
  std::string rest = v.substr(first.size());
  rest.erase(0, std::min(rest.find_first_not_of(' '), rest.size()));
  if (first == "dragonchess") {
    if (rest.empty() || (rest.front() == '(' && rest.back() == ')' && rest.find("gygax") != std::string::npos))
      return Rules::Gygax;
    if (rest == "(bga)" || rest == "(board game arena)") return Rules::Bga;
  }
  // (rules_variant's names: Dragonchess, Dragonchess (BGA))
  return keyed_error("record.variant",
                     "this record is for '{variant}', not Dragonchess (Gygax's rules) or Dragonchess (BGA) (Board Game "
                     "Arena's)",
                     "variant", variant);
}

Error other_rules_allow(const Position& pos, Square from, Square to) {
  const Piece p = pos.at(from);
  if (!is_ok(from) || !is_ok(to) || p == NO_PIECE || color_of(p) != pos.side_to_move()) return Error{};
  const Rules here = pos.rules(), there = here == Rules::Gygax ? Rules::Bga : Rules::Gygax;
  Result<Position> other = Position::from_string(pos.to_string(), there);
  if (!other || find_legal(*other, from, to).is_none()) return Error{};
  const std::string under = std::string("under ") + rules_owner(here) + " ";
  const PieceType t = type_of(p);
  const std::string piece = std::string(1, PIECE_LETTERS[t]), rules = rules_id(here);
  Move pseudo[MAX_MOVES];
  const int n = generate_pseudo(pos, pseudo);
  if (std::any_of(pseudo, pseudo + n, [&](Move m) { return m.from() == from && m.to() == to; }))
    return make_error("move.underLeavesCheck", {{"rules", rules}, {"side", color_id(pos.side_to_move())}},
                      under + "it would leave the " + color_name(pos.side_to_move()) + " King in check (" +
                          rules_owner(there) + " allow it)");
  if (here == Rules::Gygax && t == GRIFFON && level_of(from) == LEVEL_2 && level_of(to) == LEVEL_2)
    return make_error(
        "move.underGriffon", {},
        under + "a Griffon on the Ground moves only diagonally (Board Game Arena's Griffon steps in any direction)");
  const Square gazed = gazed_on_route(pos, color_of(p), from, to);
  if (here == Rules::Bga && gazed != SQ_NONE) {
    const bool over = level_of(from) == level_of(to);
    return make_error("move.underGaze",
                      {{"piece", piece},
                       {"pass", over ? "over" : "through"},
                       {"square", square_name(gazed)},
                       {"side", color_id(~color_of(p))},
                       {"basilisk", square_name(below(gazed))}},
                      under + "the " + piece_type_name(t) + " may not pass " + (over ? "over " : "through ") +
                          square_name(gazed) + ", the square directly above the " + color_name(~color_of(p)) +
                          " Basilisk on " + square_name(below(gazed)) + " (Gygax's rules allow it)");
  }
  return make_error("move.underCannotGo",
                    {{"rules", rules}, {"piece", piece}, {"from", square_name(from)}, {"to", square_name(to)}},
                    under + "the " + piece_type_name(t) + " on " + square_name(from) + " cannot go to " +
                        square_name(to) + " (" + rules_owner(there) + " allow it)");
}

}  // namespace dc
