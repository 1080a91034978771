#include "result.h"

namespace dc {

std::string printable(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 40)) out += (c >= 32 && c < 127) ? c : '?';
  if (s.size() > 40) out += "...";
  return out;
}

namespace {

using Given = std::pair<const char*, std::string_view>;

Error said(const char* key, std::string_view words, const Error* reason, const Given (&given)[3]) {
  std::string shown[3];
  for (size_t k = 0; k < 3; ++k)
    if (given[k].first) shown[k] = printable(given[k].second);
  std::string message;
  for (size_t i = 0; i < words.size(); ++i) {
    const size_t close = words[i] == '{' ? words.find('}', i) : std::string_view::npos;
    if (close == std::string_view::npos) {
      message += words[i];
      continue;
    }
    const std::string_view name = words.substr(i + 1, close - i - 1);
    if (reason && name == "reason") message += reason->message;
    for (size_t k = 0; k < 3; ++k)
      if (given[k].first && name == given[k].first) message += shown[k];
    i = close;
  }
  if (reason && reason->key.empty()) return make_error(std::move(message));
  ErrorArgs args;
  for (size_t k = 0; k < 3; ++k)
    if (given[k].first) args.push_back({given[k].first, std::move(shown[k])});
  if (reason) args.push_back(nested("reason", *reason));
  return make_error(key, std::move(args), std::move(message));
}

}  // namespace

Error keyed_error(const char* key, std::string_view words, const char* n1, std::string_view v1, const char* n2,
                  std::string_view v2, const char* n3, std::string_view v3) {
  return said(key, words, nullptr, {{n1, v1}, {n2, v2}, {n3, v3}});
}

Error keyed_error(const char* key, std::string_view words, const Error& reason, const char* n1, std::string_view v1,
                  const char* n2, std::string_view v2) {
  return said(key, words, &reason, {{n1, v1}, {n2, v2}, {nullptr, {}}});
}

}  // namespace dc
