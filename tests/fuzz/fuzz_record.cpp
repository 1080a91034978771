// Fuzzes the game record reader (core/record.h): no crash, no sanitizer report; every
// refusal names a line of the text; a listing made a few games at a time, and a count
// made a few bytes at a time (as the page spreads them over its turns), are the listing
// and the count made at once, refusals included; a game read through its listing is the game read by its number; a game
// that reads is written and read back the same (moves, tags, comments, glyphs, clocks,
// result), and its written form is stable; and the reader's work stays linear in the text
// (RecordWork::units: a slow input is found as a crash, not only as a time-out).
#include <algorithm>
#include <cstdlib>
#include <string>

#include "fuzz_common.h"
#include "record.h"

namespace {
void check_refusal(const dc::GameError& e, size_t lines) {
  if (e.code != dc::GameErrorCode::BadRecord || e.message.empty()) std::abort();
  // "line N: ..." with N a line of the text (there is no line 0).
  if (e.line < 1 || size_t(e.line) > lines + 1) std::abort();
  if (e.message.rfind("line " + std::to_string(e.line) + ": ", 0) != 0) std::abort();
}

// The work of one read: a few passes over the text and one unit for each tag and move.
void check_linear(const dc::RecordWork& w, size_t size, const char* what) {
  if (w.units > 4 * size + 64) {
    std::fprintf(stderr, "%s: %llu units of work for %zu bytes\n", what, (unsigned long long)w.units, size);
    std::abort();
  }
}

bool same(const dc::GameRecord& a, const dc::GameRecord& b) {
  return a.game.coordinate_moves() == b.game.coordinate_moves() && a.tags == b.tags && a.comments == b.comments &&
         a.glyphs == b.glyphs && a.clocks == b.clocks && std::string(a.game.result()) == b.game.result() &&
         a.game.start_position() == b.game.start_position();
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const size_t lines =
      size_t(std::count(text.begin(), text.end(), '\n')) + size_t(std::count(text.begin(), text.end(), '\r'));
  dc::RecordWork work;
  auto list = dc::list_records(text, &work);
  check_linear(work, size, "list_records");
  // The same count, a budget of bytes at a time (from 1 byte to the whole text): the
  // calls move on, and end where the one-call count does, with its number or its refusal.
  {
    const size_t budget = 1 + (size ? size_t(data[size - 1]) * size / 256 : 0);
    auto whole = dc::count_records(text);
    dc::RecordCursor c;
    dc::GameResult<size_t> part = size_t(0);
    while (!c.done) {
      const size_t from = c.offset;
      part = dc::count_records(text, c, budget);
      if (!part) break;
      if (*part != c.games || (!c.done && c.offset <= from)) std::abort();
    }
    if (bool(whole) != bool(part) || (whole ? *whole != *part : whole.error() != part.error())) std::abort();
  }
  // The same list, three games at a time.
  dc::RecordCursor cursor;
  std::vector<dc::RecordInfo> chunks;
  std::string chunk_error;
  while (!cursor.done) {
    auto part = dc::list_records(text, cursor, 3);
    if (!part) {
      chunk_error = part.error();
      break;
    }
    if (part->empty() || part->size() > 3) std::abort();
    chunks.insert(chunks.end(), part->begin(), part->end());
  }
  if (!list) {
    check_refusal(dc::GameError{list.code(), list.error(), list.line()}, lines);
    if (chunk_error != list.error()) std::abort();
    return 0;
  }
  if (!chunk_error.empty() || chunks.size() != list->size() || cursor.games != list->size()) std::abort();
  for (size_t i = 0; i < chunks.size(); ++i) {
    const dc::RecordInfo &a = chunks[i], &b = (*list)[i];
    if (a.offset != b.offset || a.length != b.length || a.line != b.line || a.roster != b.roster ||
        a.result != b.result || a.moves != b.moves)
      std::abort();
  }
  // Up to four games, until 600 plies have been read: long games (hundreds of plies, read
  // three times each here) are as welcome as short ones, within the time of one input.
  int plies = 0;
  for (size_t i = 0; i < list->size() && i < 4 && plies < 600; ++i) {
    dc::RecordWork w;
    auto r = dc::read_record(text, i, &w);
    check_linear(w, size, "read_record");
    auto through_list = dc::read_record(text, (*list)[i]);
    if (bool(r) != bool(through_list)) std::abort();
    if (!r) {
      check_refusal(dc::GameError{r.code(), r.error(), r.line()}, lines);
      if (through_list.error() != r.error()) std::abort();
      continue;
    }
    if (!same(*r, *through_list)) std::abort();
    plies += r->game.plies();
    const std::string written = dc::write_record(*r);
    auto back = dc::read_record(written);
    if (!back) {
      std::fprintf(stderr, "the written record does not read back: %s\n%s\n", back.error().c_str(), written.c_str());
      std::abort();
    }
    if (!same(*back, *r) || dc::write_record(*back) != written) std::abort();
  }
  return 0;
}
