// Fuzzes the position-string reader: no crash, no sanitizer report, every rejection
// has a message, and every accepted string round-trips exactly.
#include <cstdlib>
#include <string>

#include "fuzz_common.h"
#include "position.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto r = dc::Position::from_string(text);
  require_message(r.ok(), r.ok() ? "" : r.error(), "Position::from_string");
  if (r) {
    std::string out = r->to_string();
    auto again = dc::Position::from_string(out);
    if (!again || again->to_string() != out || again->key() != r->key()) std::abort();
  }
  return 0;
}
