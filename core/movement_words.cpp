// The movement rules in plain words (docs/rules.md §4): which sentence tells how a piece
// moves on a level, under a rule set, named by its key in the page's message catalogues
// (public/i18n/<code>.json, "move.<piece>.<level>", ".bga" added where Board Game Arena's
// rule set words it otherwise, core/rule_set.h). The sentences themselves, in every
// language, are the catalogues'; each entry cites the section it words. The page's piece
// cards and the rules page show them; tests/test_learn.cpp checks every piece has a key
// exactly on the levels it may stand on, under both rule sets, and
// tests/node/catalogues.test.mjs that every key core names is in every catalogue.
#include "movement.h"

namespace dc {

namespace {

struct Words {
  PieceType piece;
  const char* level[LEVELS];  // level 1 (Underworld), 2 (Ground), 3 (Sky); nullptr: never there
};

constexpr Words WORDS[] = {
    {SYLPH, {nullptr, "move.sylph.ground", "move.sylph.sky"}},                          // §4.2
    {GRIFFON, {nullptr, "move.griffon.ground", "move.griffon.sky"}},                    // §4.3
    {DRAGON, {nullptr, nullptr, "move.dragon.sky"}},                                    // §4.4, §4.18
    {WARRIOR, {nullptr, "move.warrior.ground", nullptr}},                               // §4.5, §4.20
    {OLIPHANT, {nullptr, "move.oliphant.ground", nullptr}},                             // §4.6
    {UNICORN, {nullptr, "move.unicorn.ground", nullptr}},                               // §4.7
    {HERO, {"move.hero.underworld", "move.hero.ground", "move.hero.sky"}},              // §4.8
    {THIEF, {nullptr, "move.thief.ground", nullptr}},                                   // §4.9
    {CLERIC, {"move.cleric.underworld", "move.cleric.ground", "move.cleric.sky"}},      // §4.10
    {MAGE, {"move.mage.underworld", "move.mage.ground", "move.mage.sky"}},              // §4.11
    {KING, {"move.king.underworld", "move.king.ground", "move.king.sky"}},              // §4.12
    {PALADIN, {"move.paladin.underworld", "move.paladin.ground", "move.paladin.sky"}},  // §4.13
    {DWARF, {"move.dwarf.underworld", "move.dwarf.ground", nullptr}},                   // §4.14
    {BASILISK, {"move.basilisk.underworld", nullptr, nullptr}},                         // §4.15, §4.19
    {ELEMENTAL, {"move.elemental.underworld", "move.elemental.ground", nullptr}},       // §4.16
};

// Board Game Arena's rule set: the entries that differ from the list above (nullptr: the
// same words).
constexpr Words BGA_WORDS[] = {
    {GRIFFON, {nullptr, "move.griffon.ground.bga", nullptr}},        // §7.2
    {BASILISK, {"move.basilisk.underworld.bga", nullptr, nullptr}},  // §7.3
};

const char* words_of(std::span<const Words> list, PieceType t, Level l) {
  for (const Words& w : list)
    if (w.piece == t) return l >= LEVEL_1 && l <= LEVEL_3 ? w.level[l] : nullptr;
  return nullptr;
}

}  // namespace

const char* movement_words_key(PieceType t, Level l, Rules rules) {
  if (rules == Rules::Bga)
    if (const char* w = words_of(BGA_WORDS, t, l)) return w;
  return words_of(WORDS, t, l);
}

}  // namespace dc
