// Reads a stream line by line with bounded memory: a line longer than the limit is not
// kept; the rest of it is read and discarded up to its newline (or the end of the
// stream), and the caller is told, so that a huge line costs no more memory than the
// limit (std::getline would first read all of it).
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace dc {

class LineReader {
 public:
  enum class Read { Line, TooLong, End };

  LineReader(std::istream& in, size_t max_length) : in_(in), max_(max_length) {}

  // Line: `line` holds the next line without its "\n" (a last line without newline
  // counts). TooLong: the line had more than max_length characters and was discarded
  // (`line` is empty). End: nothing left.
  Read next(std::string& line);

  size_t max_length() const { return max_; }

 private:
  std::istream& in_;
  size_t max_;
};

}  // namespace dc
