// Game records and results off the board, for the page: reading record texts
// (core/record.h) into plain JS values, which the page then plays through its Game (the
// page owns the current game; writing is Game.record() in engine.cpp: a game writes
// itself); a list of a large text's games made a few at a time, from which one game is
// read without reading the others (RecordListCore: the games listed stay in the module, the
// page takes those of the rows in view); and the computer's
// answer to a draw offer (core/search/draw_offer.h).
//
// Errors: see facade.h ({error, code: 'bad-record', line} here, a thrown Error with .code
// and .line in JS).
#include <emscripten/bind.h>

#include <algorithm>
#include <string>

#include "facade.h"
#include "record.h"
#include "search/draw_offer.h"

using namespace dc;
using namespace dcw;

namespace {

// A string for JS. Embind reads a std::string byte by byte in JS (looking for NULs), which
// costs about 30 ms a megabyte: a long one (a record's comment can be megabytes) is decoded
// by the browser's TextDecoder instead, straight from the module's memory (bad UTF-8 becomes
// U+FFFD either way).
val js_string(const std::string& s) {
  if (s.size() < 4096) return val(s);
  static const val decoder = val::global("TextDecoder").new_(std::string("utf-8"));
  return decoder.call<val>(
      "decode", val(emscripten::typed_memory_view(s.size(), reinterpret_cast<const unsigned char*>(s.data()))));
}

val strings(const std::vector<std::string>& list) {
  val a = val::array();
  for (const std::string& s : list) a.call<void>("push", js_string(s));
  return a;
}

val tags_obj(const Tags& tags) {
  val o = val::object();
  for (const Tag& t : tags.list()) o.set(t.name, t.value);
  return o;
}

// A game of a list: {line, tags: {the roster}, result, moves}.
val info_obj(const RecordInfo& info) {
  val o = val::object();
  o.set("line", info.line);
  val tags = val::object();
  for (const char* name : {"Event", "Site", "Date", "Round", "Gold", "Scarlet"}) tags.set(name, info.tag(name));
  o.set("tags", tags);
  o.set("result", info.result);
  o.set("moves", info.moves);
  return o;
}

// A game read: {startFen, rules (from its Variant tag: 'gygax' | 'bga'), moves
// (coordinate), algebraic, status, tags, comments, glyphs, clocks (milliseconds left after
// each ply, null when not known)}. Its time control is
// tags.TimeControl (M.parseTimeControl reads it).
val game_obj(const GameRecord& r) {
  const Game& g = r.game;
  val o = val::object();
  o.set("startFen", g.start_position());
  o.set("rules", std::string(rules_id(g.rules())));
  o.set("moves", strings(g.coordinate_moves()));
  o.set("algebraic", strings(g.algebraic_moves()));
  o.set("status", status_obj(g.status(), g.position().side_to_move()));
  o.set("tags", tags_obj(r.tags));
  o.set("comments", strings(r.comments));
  o.set("glyphs", strings(r.glyphs));
  val clocks = val::array();
  for (int64_t ms : r.clocks) clocks.call<void>("push", ms < 0 ? val::null() : val(double(ms)));
  o.set("clocks", clocks);
  return o;
}

// [{line, tags: {the roster}, result, moves}] without playing the moves.
val list_records_core(std::string text) {
  auto r = list_records(text);
  if (!r) return game_error_obj(r);
  val a = val::array();
  for (const RecordInfo& info : *r) a.call<void>("push", info_obj(info));
  return a;
}

// Game `index` of a record text (game_obj). status is core's for the game as recorded: a
// resignation or an agreed draw is status.state 'resignation' / 'draw-agreed' (the page
// replays it with Game.resign / Game.agreeDraw).
val read_record_core(std::string text, int index) {
  if (index < 0) return error_obj("bad-argument", "the game index must be 0 or more");
  auto r = read_record(text, size_t(index));
  if (!r) return game_error_obj(r);
  return game_obj(*r);
}

// A large record text held once, its games listed a few at a time (the page shows the
// progress and stays responsive) and read one at a time, each from its own text:
//   const l = new RecordListCore(bytes.length);  l.buffer().set(bytes);
//   while (!(r = l.next(500)).done) progress(r.listed / r.total);
//   l.games(from, to);  // the rows in view
//   l.read(i);  l.delete();
class RecordListCore {
 public:
  // A text of `size` bytes, written by JS into buffer() before the first next(): a file's
  // bytes or a string's UTF-8, copied at memcpy speed (Embind copies a std::string argument
  // a byte at a time in JS, which costs about 10 ms a megabyte).
  explicit RecordListCore(int size) : text_(size_t(std::max(size, 0)), '\0') {}
  // The text's bytes in the module's memory: to be written at once (the view lapses when
  // the memory grows).
  val buffer() {
    return val(emscripten::typed_memory_view(text_.size(), reinterpret_cast<unsigned char*>(text_.data())));
  }

  // {listed (the games listed so far), done, read (bytes listed so far), size (bytes),
  // total (the games of the whole text; 0 until known), counting, counted}; an error if
  // the text cannot be listed (from the call that meets it). When the first call does not
  // reach the end, the text is counted before more games are listed (core stops at game
  // MAX_RECORD_GAMES + 1): a text of too many games, or one that cannot be split further
  // on, is refused before a long list is made. The count goes COUNT_BYTES of text a call
  // (counting: true, counted: its bytes so far), and a list call lists at most that much
  // text too (however few games), so that the page keeps its turns.
  static constexpr size_t COUNT_BYTES = 128 * 1024;
  val next(int max_games) {
    if (max_games < 1) return error_obj("bad-argument", "the number of games must be 1 or more");
    if (counting_) {
      auto n = count_records(text_, count_, COUNT_BYTES);
      if (!n) return game_error_obj(n);
      if (count_.done) {
        counting_ = false;
        total_ = count_.games;
        infos_.reserve(total_);
      }
      return progress();
    }
    const bool first = cursor_.offset == 0 && !cursor_.done && infos_.empty();
    auto r = list_records(text_, cursor_, size_t(max_games), nullptr, COUNT_BYTES);
    if (!r) return game_error_obj(r);
    for (RecordInfo& info : r.value()) infos_.push_back(std::move(info));
    if (cursor_.done)
      total_ = cursor_.games;
    else if (first)
      count_ = cursor_, counting_ = true;  // counted on from where the list stopped
    return progress();
  }
  int count() const { return int(infos_.size()); }
  // Games `from` to `to` (not included) of those listed so far: [info_obj...] (a list shows
  // the rows in view: the games stay here, however many).
  val games(int from, int to) const {
    val a = val::array();
    const size_t end = std::min(infos_.size(), size_t(std::max(to, 0)));
    for (size_t i = size_t(std::max(from, 0)); i < end; ++i) a.call<void>("push", info_obj(infos_[i]));
    return a;
  }
  // Game `index` of those listed so far (game_obj), read from its own text.
  val read(int index) {
    if (index < 0 || size_t(index) >= infos_.size())
      return error_obj("bad-argument", "there is no game " + std::to_string(index + 1) + " in the list (it has " +
                                           std::to_string(infos_.size()) + " so far)");
    auto r = read_record(text_, infos_[size_t(index)]);
    if (!r) return game_error_obj(r);
    return game_obj(*r);
  }

 private:
  val progress() const {
    val o = val::object();
    o.set("listed", double(infos_.size()));
    o.set("done", cursor_.done);
    o.set("read", double(cursor_.offset));
    o.set("size", double(text_.size()));
    o.set("total", double(total_));
    o.set("counting", counting_);
    o.set("counted", double(count_.offset));
    return o;
  }

  std::string text_;
  RecordCursor cursor_, count_;
  bool counting_ = false;
  std::vector<RecordInfo> infos_;
  size_t total_ = 0;
};

// Whether the computer accepts a draw offer, from the search of its move: score
// (centipawns for it, the side to move), mate (moves, negative when it is mated; 0 none)
// and the game's length in plies.
bool accepts_draw_core(int score, int mate, int plies) { return accepts_draw(score, mate, plies); }

}  // namespace

EMSCRIPTEN_BINDINGS(dragonchess_record) {
  emscripten::function("acceptsDrawCore", &accepts_draw_core);
  emscripten::function("listRecordsCore", &list_records_core);
  emscripten::function("readRecordCore", &read_record_core);
  emscripten::class_<RecordListCore>("RecordListCore")
      .constructor<int>()
      .function("buffer", &RecordListCore::buffer)
      .function("next", &RecordListCore::next)
      .function("count", &RecordListCore::count)
      .function("games", &RecordListCore::games)
      .function("read", &RecordListCore::read);
}
