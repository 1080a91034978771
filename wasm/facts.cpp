// The facts of the game the page shows, exported from their owner (core/) so that no JS
// file writes them again: the start position, the pieces (letter, name, value, levels,
// the catalogue keys of how it moves in words), the colours, the boards' names, the playing levels (search
// settings and thinking time), the wording of every game state, the quiet-move limit,
// the rule sets, the longest record text read. wasm/post.js puts them on the module as plain, frozen JS values
// (START_POSITION, PIECES, RULE_SETS, COLORS, BOARDS, LEVELS, GAME_STATES, ...).
#include <emscripten/bind.h>

#include <string>

#include "facade.h"
#include "movement.h"
#include "record.h"
#include "search/search.h"
#include "status.h"

using namespace dc;
using namespace dcw;

namespace {

val pieces() {
  val a = val::array();
  for (int t = SYLPH; t <= ELEMENTAL; ++t) {
    const PieceType pt = PieceType(t);
    val o = val::object();
    o.set("letter", std::string(1, PIECE_LETTERS[t]));
    o.set("name", std::string(piece_type_name(pt)));
    o.set("value", GYGAX_VALUE_CP[t]);  // centipawns, Gygax's values (King 0)
    val levels = val::array();
    for (int l = 0; l < LEVELS; ++l)
      if (may_stand_on(pt, Level(l))) levels.call<void>("push", l + 1);
    o.set("levels", levels);  // the levels (1..3) it may ever stand on
    // How it moves on level 1, 2, 3 in plain words, as the message catalogues' keys of the
    // sentences ('' where it never stands; the page formats them in the reader's language),
    // under each rule set (RULE_SETS[].id); `movement` is the default rule set's.
    val by_rules = val::object();
    for (int r = 0; r < RULES_NB; ++r) {
      val words = val::array();
      for (int l = 0; l < LEVELS; ++l) {
        const char* w = movement_words_key(pt, Level(l), Rules(r));
        words.call<void>("push", std::string(w ? w : ""));
      }
      by_rules.set(rules_id(Rules(r)), words);
      if (Rules(r) == Rules::Gygax) o.set("movement", words);
    }
    o.set("movementByRules", by_rules);
    a.call<void>("push", o);
  }
  return a;
}

// The rule sets, the default first: {id ('gygax' | 'bga', the facade's rule-set
// argument and a link's rules=), name, variant (a record's Variant tag), summary}.
val rule_sets() {
  val a = val::array();
  for (Rules r : {Rules::Gygax, Rules::Bga}) {
    val o = val::object();
    o.set("id", std::string(rules_id(r)));
    o.set("name", std::string(rules_name(r)));
    o.set("short", std::string(rules_short_name(r)));
    o.set("variant", std::string(rules_variant(r)));
    o.set("summary", std::string(rules_summary(r)));
    a.call<void>("push", o);
  }
  return a;
}

val colors() {
  val a = val::array();
  for (Color c : {GOLD, SCARLET}) {
    val o = val::object();
    o.set("id", std::string(color_id(c)));
    o.set("name", std::string(color_name(c)));
    a.call<void>("push", o);
  }
  return a;
}

// The boards: [{level: 1..3, name}] (core's level_name).
val boards() {
  val a = val::array();
  for (int l = 0; l < LEVELS; ++l) {
    val o = val::object();
    o.set("level", l + 1);
    o.set("name", std::string(level_name(Level(l))));
    a.call<void>("push", o);
  }
  return a;
}

val levels() {
  val a = val::array();
  for (int level = 1; level <= 10; ++level) {
    const LevelSettings ls = level_settings(level);
    val o = val::object();
    o.set("level", level);
    o.set("maxDepth", ls.max_depth);
    o.set("maxNodes", double(ls.max_nodes));  // 0 = none
    o.set("noise", ls.noise_cp);
    o.set("blunderPct", ls.blunder_pct);
    o.set("blunderMargin", ls.blunder_margin);
    // The level's weaknesses (core/search/search.h): chances per search, quiescence plies.
    o.set("afarBlindPct", ls.afar_blind_pct);
    o.set("frozenBlindPct", ls.frozen_blind_pct);
    o.set("captureHorizon", ls.capture_horizon);  // -1 = the engine's own bound
    o.set("horizonPct", ls.horizon_pct);          // ... which holds in this share of searches
    o.set("levelBlindPct", ls.level_blind_pct);   // blind to every capture between levels
    o.set("carelessPct", ls.careless_pct);        // looks only at its own move
    o.set("exactRoot", ls.exact_root);            // every root move scored exactly (slower)
    o.set("movetime", ls.movetime_ms);            // the computer's thinking time per move
    // The top level's floor: at least minNodes, thinking up to maxMovetime ms for them (0: none).
    o.set("minNodes", double(ls.min_nodes));
    o.set("maxMovetime", ls.max_movetime_ms);
    o.set("text", level_words(level));  // the level in plain words (the strength selector)
    a.call<void>("push", o);
  }
  return a;
}

// One entry per distinct wording: {state, check, winner, over, reason}.
val game_states() {
  val a = val::array();
  auto add = [&](GameState s, bool check, Color winner, bool has_winner) {
    Status st;
    st.state = s;
    st.check = check;
    st.winner = winner;
    val o = val::object();
    o.set("state", std::string(st.name()));
    o.set("check", check);
    o.set("winner", has_winner ? val(std::string(color_id(winner))) : val::null());
    o.set("over", st.over());
    o.set("reason", st.reason());
    a.call<void>("push", o);
  };
  add(GameState::Ongoing, false, GOLD, false);
  add(GameState::Ongoing, true, GOLD, false);
  add(GameState::Checkmate, true, GOLD, true);
  add(GameState::Checkmate, true, SCARLET, true);
  add(GameState::Stalemate, false, GOLD, false);
  add(GameState::Repetition, false, GOLD, false);
  add(GameState::QuietMoves, false, GOLD, false);
  add(GameState::BareKings, false, GOLD, false);
  add(GameState::Resignation, false, GOLD, true);     // Scarlet resigns
  add(GameState::Resignation, false, SCARLET, true);  // Gold resigns
  add(GameState::DrawAgreed, false, GOLD, false);
  add(GameState::Timeout, false, GOLD, true);          // Scarlet's time is up
  add(GameState::Timeout, false, SCARLET, true);       // Gold's time is up
  add(GameState::TimeoutDraw, false, GOLD, false);     // Scarlet's time is up, Gold has only its King
  add(GameState::TimeoutDraw, false, SCARLET, false);  // Gold's time is up, Scarlet has only its King
  return a;
}

val facts() {
  val o = val::object();
  o.set("ENGINE_VERSION", std::string("dragonchess-wasm 2"));
  o.set("START_POSITION", std::string(START_POSITION));
  o.set("PIECES", pieces());
  o.set("RULE_SETS", rule_sets());
  o.set("COLORS", colors());
  o.set("LEVELS", levels());
  o.set("BOARDS", boards());
  o.set("GAME_STATES", game_states());
  o.set("QUIET_MOVE_LIMIT", QUIET_MOVE_LIMIT);
  o.set("MAX_RECORD_TEXT", double(MAX_RECORD_TEXT));  // the longest record text read (bytes)
  return o;
}

}  // namespace

EMSCRIPTEN_BINDINGS(dragonchess_facts) { emscripten::function("factsCore", &facts); }
