// Shared by the libFuzzer targets: fail loudly when a rejection carries no message.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

inline void require_message(bool ok, const std::string& message, const char* what) {
  if (!ok && message.empty()) {
    std::fprintf(stderr, "%s rejected its input without a message\n", what);
    std::abort();
  }
}
