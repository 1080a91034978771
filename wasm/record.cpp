// Game records and results off the board, for the page: reading record texts
// (core/record.h) into plain JS values, which the page then plays through its Game (the
// page owns the current game; writing is Game.record() in engine.cpp: a game writes
// itself); and the computer's answer to a draw offer (core/search/draw_offer.h).
//
// Errors: see facade.h ({error, code: 'bad-record', line} here, a thrown Error with .code
// and .line in JS).
#include <emscripten/bind.h>

#include <string>

#include "facade.h"
#include "record.h"
#include "search/draw_offer.h"

using namespace dc;
using namespace dcw;

namespace {

val tags_obj(const Tags& tags) {
  val o = val::object();
  for (const Tag& t : tags.list()) o.set(t.name, t.value);
  return o;
}

val strings(const std::vector<std::string>& list) {
  val a = val::array();
  for (const std::string& s : list) a.call<void>("push", s);
  return a;
}

// [{line, tags: {Name: value}, result, moves}] without playing the moves.
val list_records_core(std::string text) {
  auto r = list_records(text);
  if (!r) return game_error_obj(r.code(), r.error(), r.line());
  val a = val::array();
  for (const RecordInfo& info : *r) {
    val o = val::object();
    o.set("line", info.line);
    o.set("tags", tags_obj(info.tags));
    o.set("result", info.result);
    o.set("moves", info.moves);
    a.call<void>("push", o);
  }
  return a;
}

// Game `index` of a record text: {startFen, rules, moves (coordinate), algebraic, status,
// tags, comments, glyphs}. status is core's for the game as recorded: a resignation or an agreed
// draw is status.state 'resignation' / 'draw-agreed' (the page replays it with
// Game.resign / Game.agreeDraw).
val read_record_core(std::string text, int index) {
  if (index < 0) return error_obj("bad-argument", "the game index must be 0 or more");
  auto r = read_record(text, size_t(index));
  if (!r) return game_error_obj(r.code(), r.error(), r.line());
  const Game& g = r->game;
  val o = val::object();
  o.set("startFen", g.start_position());
  o.set("rules", std::string(rules_id(g.rules())));  // from the Variant tag: 'gygax' | 'bga'
  o.set("moves", strings(g.coordinate_moves()));
  o.set("algebraic", strings(g.algebraic_moves()));
  o.set("status", status_obj(g.status(), g.position().side_to_move()));
  o.set("tags", tags_obj(r->tags));
  o.set("comments", strings(r->comments));
  o.set("glyphs", strings(r->glyphs));
  return o;
}

// Whether the computer accepts a draw offer, from the search of its move: score
// (centipawns for it, the side to move), mate (moves, negative when it is mated; 0 none)
// and the game's length in plies.
bool accepts_draw_core(int score, int mate, int plies) { return accepts_draw(score, mate, plies); }

}  // namespace

EMSCRIPTEN_BINDINGS(dragonchess_record) {
  emscripten::function("acceptsDrawCore", &accepts_draw_core);
  emscripten::function("listRecordsCore", &list_records_core);
  emscripten::function("readRecordCore", &read_record_core);
}
