// The two rule sets (types.h: Rules; docs/rules.md §7). Gygax's article as docs/rules.md
// reads it is the default. Board Game Arena's rules page departs from it in two places,
// both in the legal moves:
//   - its Griffon on the Ground steps one square in any of the eight directions (Gygax's
//     only diagonally): movement table entries of that rule set alone (movement.cpp);
//   - its Basilisk freezes an enemy piece "on or passing through" the square directly
//     above it: a slide, or a move through an intermediate square (the Mage going from
//     the Sky to the Underworld), may stop short of that square or end on it (and be
//     frozen there), never pass over it (Position::gaze, and the paths of movegen.cpp,
//     the evaluation and the move diagrams that ask it). Leaps pass over nothing.
// Everything else is the same (where the two texts differ in wording only, docs/rules.md's
// reading holds for both: §7.4). Here: their names for programs, people and game records,
// and the words that explain a move legal under one set and not under the other.
#pragma once

#include <string>
#include <string_view>

#include "position.h"
#include "result.h"

namespace dc {

// "gygax", "bga": the option values (CLI, wasm facade, links).
const char* rules_id(Rules r);
// "Gygax (Dragon #100)", "Board Game Arena": for people.
const char* rules_name(Rules r);
// "Gygax", "BGA": the name where there is room for a word (a narrow panel's header).
const char* rules_short_name(Rules r);
// "Gygax's rules", "Board Game Arena's rules": for sentences ("under Gygax's rules ...").
const char* rules_owner(Rules r);
// "Dragonchess", "Dragonchess (BGA)": the Variant tag of a game record.
std::string_view rules_variant(Rules r);
// What the rule set is, in one or two sentences for people (a new-game dialog).
const char* rules_summary(Rules r);

// An option value (any case): "gygax" or "bga"; the error names the two.
Result<Rules> parse_rules(std::string_view id);

// A record's Variant tag: "Dragonchess" (any case, also with a qualifier naming Gygax such
// as "Dragonchess (Gygax 1985)") is Gygax's rules, "Dragonchess (BGA)" or "Dragonchess
// (Board Game Arena)" Board Game Arena's; anything else is refused with a message that
// names it.
Result<Rules> rules_of_variant(std::string_view variant);

// Why the piece on `from` may not go to `to` under pos's rule set when it may under the
// other one, in words naming both rules ("under Gygax's rules a Griffon on the Ground
// moves only diagonally"), keyed "move.under<Why>" (core/result.h; the move's refusal
// adds the move); an empty Error (no message) when the other rule set does not allow it
// either.
Error other_rules_allow(const Position& pos, Square from, Square to);

}  // namespace dc
