// Fuzzes the game record reader (core/record.h): no crash, no sanitizer report; every
// refusal names a line of the text; a game that reads is written and read back the same
// (moves, tags, comments, glyphs, result), and its written form is stable.
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
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const size_t lines = size_t(std::count(text.begin(), text.end(), '\n')) + size_t(std::count(text.begin(), text.end(), '\r'));
  auto list = dc::list_records(text);
  if (!list) {
    check_refusal(dc::GameError{list.code(), list.error(), list.line()}, lines);
    return 0;
  }
  for (size_t i = 0; i < list->size() && i < 4; ++i) {
    auto r = dc::read_record(text, i);
    if (!r) {
      check_refusal(dc::GameError{r.code(), r.error(), r.line()}, lines);
      continue;
    }
    const std::string written = dc::write_record(*r);
    auto back = dc::read_record(written);
    if (!back) {
      std::fprintf(stderr, "the written record does not read back: %s\n%s\n", back.error().c_str(), written.c_str());
      std::abort();
    }
    if (back->game.coordinate_moves() != r->game.coordinate_moves() || !(back->tags == r->tags) ||
        back->comments != r->comments || back->glyphs != r->glyphs ||
        std::string(back->game.result()) != r->game.result() ||
        back->game.start_position() != r->game.start_position() || dc::write_record(*back) != written)
      std::abort();
  }
  return 0;
}
