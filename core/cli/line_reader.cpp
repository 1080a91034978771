#include "line_reader.h"

#include <streambuf>

namespace dc {

LineReader::Read LineReader::next(std::string& line) {
  line.clear();
  std::streambuf* buf = in_.rdbuf();
  if (!buf) return Read::End;
  using Traits = std::streambuf::traits_type;
  bool any = false, too_long = false;
  for (;;) {
    const int c = buf->sbumpc();
    if (Traits::eq_int_type(c, Traits::eof())) {
      in_.setstate(std::ios::eofbit);
      if (too_long) return Read::TooLong;
      return any ? Read::Line : Read::End;
    }
    any = true;
    if (c == '\n') return too_long ? Read::TooLong : Read::Line;
    if (too_long) continue;
    if (line.size() == max_) {
      too_long = true;
      std::string().swap(line);  // give the memory back at once
      continue;
    }
    line.push_back(Traits::to_char_type(c));
  }
}

}  // namespace dc
