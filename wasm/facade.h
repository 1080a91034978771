// Small helpers shared by the facade's translation units (engine.cpp, search.cpp,
// facts.cpp, lesson.cpp): the error value, and the plain JS shapes of moves and principal variations.
//
// Errors: C++ exceptions are disabled, so a failing method returns {error: <message>,
// code: <stable code>} and changes nothing; wasm/post.js turns that into a thrown Error
// with .code (the codes are listed in docs/worker-protocol.md).
#pragma once

#include <emscripten/val.h>

#include <cmath>
#include <string>
#include <vector>

#include "game.h"
#include "movegen.h"
#include "notation.h"
#include "position.h"
#include "rule_set.h"
#include "status.h"
#include "types.h"

namespace dcw {

using emscripten::val;

inline val error_obj(const char* code, const std::string& message) {
  val o = val::object();
  o.set("error", message);
  o.set("code", std::string(code));
  return o;
}

// A refusal's arguments as an object: identifiers as strings, a nested refusal as
// {key, args}.
inline val error_args(const dc::ErrorArgs& list) {
  val args = val::object();
  for (const dc::ErrorArg& a : list) {
    if (!a.said) {
      args.set(a.name, a.value);
      continue;
    }
    val inner = val::object();
    inner.set("key", a.said->key);
    inner.set("args", error_args(a.said->args));
    args.set(a.name, inner);
  }
  return args;
}

// {error, code, key, args}: a failure with core's key and arguments when it has a key.
inline val keyed_error_obj(const char* code, const dc::Error& e) {
  val o = error_obj(code, e.message);
  if (!e.key.empty()) {
    o.set("key", e.key);
    o.set("args", error_args(e.args));
  }
  return o;
}

// A refused game or record call (a dc::GameResult): {error, code, line?, key?, args?}
// (line: a record's line, when known; key and args: the refusal as core names it).
template <typename R>
val game_error_obj(const R& r) {
  val o = keyed_error_obj(dc::error_code_name(r.code()), dc::Error{r.error(), r.key(), r.args()});
  if (r.line() > 0) o.set("line", r.line());
  return o;
}

inline bool is_error(const val& v) {
  return v.typeOf().as<std::string>() == "object" && !v.isNull() && !v["error"].isUndefined();
}

inline const char* kind_name(dc::Move m) {
  switch (m.kind()) {
    case dc::MoveKind::Normal: return "move";
    case dc::MoveKind::Capture: return "capture";
    case dc::MoveKind::Afar: return "afar";
  }
  return "move";
}

// {state, reason, over, check, winner ('gold'|'scarlet'|null), result ('1-0'|'0-1'|'1/2-1/2'|'*'), sideToMove}
inline val status_obj(const dc::Status& st, dc::Color side_to_move) {
  val o = val::object();
  o.set("state", std::string(st.name()));
  o.set("reason", st.reason());
  o.set("over", st.over());
  o.set("check", st.check);
  o.set("winner", st.decisive() ? val(std::string(color_id(st.winner))) : val::null());
  o.set("result", std::string(st.result()));
  o.set("sideToMove", std::string(color_id(side_to_move)));
  return o;
}

// A plain JS description of a legal move of `pos` (pos is scratch, restored).
inline val move_obj(dc::Position& pos, dc::Move m) {
  val o = val::object();
  o.set("from", dc::square_name(m.from()));
  o.set("to", dc::square_name(m.to()));
  o.set("level", int(dc::level_of(m.to())) + 1);
  o.set("kind", std::string(kind_name(m)));
  o.set("promotion", m.is_promotion());
  o.set("coordinate", dc::to_coordinate(m));
  o.set("algebraic", dc::to_algebraic(pos, m));
  return o;
}

// A played move with its notations (core's MoveText) as {from, to, kind, promotion,
// coordinate, algebraic}.
inline val move_text_obj(const dc::MoveText& m) {
  val o = val::object();
  o.set("from", dc::square_name(m.move.from()));
  o.set("to", dc::square_name(m.move.to()));
  o.set("kind", std::string(kind_name(m.move)));
  o.set("promotion", m.move.is_promotion());
  o.set("coordinate", m.coordinate);
  o.set("algebraic", m.algebraic);
  return o;
}

// Sets o.pv (algebraic) and o.pvCoordinate from `pv` played from `root`, stopping at the
// first move that is not legal there.
inline void set_pv(val& o, const dc::Position& root, const std::vector<dc::Move>& pv) {
  dc::Position p = root;
  val alg = val::array(), coord = val::array();
  for (dc::Move m : pv) {
    dc::Move legal = dc::find_legal(p, m.from(), m.to());
    if (legal.is_none()) break;
    alg.call<void>("push", dc::to_algebraic(p, legal));
    coord.call<void>("push", dc::to_coordinate(legal));
    p.make_move(legal);
  }
  o.set("pv", alg);
  o.set("pvCoordinate", coord);
}

// A rule set named by the page ('gygax' | 'bga'; '' = `current`). False (and err set to a
// bad-argument error naming the two) for any other name.
inline bool rules_arg(const std::string& id, dc::Rules current, dc::Rules& out, val& err) {
  if (id.empty()) {
    out = current;
    return true;
  }
  const dc::Result<dc::Rules> r = dc::parse_rules(id);
  if (!r) {
    err = keyed_error_obj("bad-argument", r.failure());
    return false;
  }
  out = *r;
  return true;
}

// A whole number in [lo, hi] (a double from JS).
inline bool whole_in(double d, double lo, double hi) { return d >= lo && d <= hi && d == std::floor(d); }

}  // namespace dcw
