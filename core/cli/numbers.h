// Numbers read from commands and options, strictly: the whole token is the number (no
// spaces, no trailing letters, no '+'), within the range asked for; a decimal is written
// "0.1" or "-2.5" (no exponent, no "inf"). Anything else is refused, never read as 0.
#pragma once

#include <charconv>
#include <string_view>

namespace dc {

inline bool parse_whole(std::string_view s, long long lo, long long hi, long long& out) {
  if (s.empty() || s.size() > 20) return false;
  long long v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size() || v < lo || v > hi) return false;
  out = v;
  return true;
}

inline bool parse_decimal(std::string_view s, double lo, double hi, double& out) {
  const std::string_view digits = !s.empty() && s[0] == '-' ? s.substr(1) : s;
  if (digits.empty() || digits.size() > 30 || digits.front() == '.' || digits.back() == '.' ||
      digits.find_first_not_of("0123456789.") != std::string_view::npos || digits.find('.') != digits.rfind('.'))
    return false;
  double v = 0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v, std::chars_format::fixed);
  if (r.ec != std::errc() || r.ptr != s.data() + s.size() || v < lo || v > hi) return false;
  out = v;
  return true;
}

}  // namespace dc
