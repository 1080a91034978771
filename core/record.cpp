#include "record.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <unordered_set>

#include "rule_set.h"

namespace dc {

namespace {

constexpr size_t MAX_TAG_NAME = 40, MAX_TAG_VALUE = 1000, LINE_WIDTH = 80;
// The longest word read as a move, a move number or a result (a move is at most 40
// characters; with its number glued on and marks, well under this).
constexpr size_t MAX_WORD = 100;
// The stop flag is polled every POLL_BYTES bytes scanned and every POLL_ITEMS moves read.
constexpr size_t POLL_BYTES = 1u << 16, POLL_ITEMS = 64;
constexpr std::string_view ROSTER[] = {"Event", "Site", "Date", "Round", "Gold", "Scarlet"};
// Tags the writer makes from the game; the reader reads them, they are not kept.
constexpr std::string_view DERIVED[] = {"Result", "Variant", "SetUp", "FEN", "Termination"};
constexpr std::string_view GLYPHS[] = {"!", "?", "!!", "??", "!?", "?!"};  // $1..$6
constexpr std::string_view BOM = "\xEF\xBB\xBF";                           // a UTF-8 byte order mark
constexpr std::string_view CLOCK = "[%clk";                                // PGN's clock command
constexpr int64_t MAX_CLOCK_MS = (99999LL * 3600 + 59 * 60 + 59) * 1000 + 999;

// A Termination tag that says a flag fell: the writer's "...'s time is up, ..." or PGN's
// "time forfeit" (any case).
bool time_forfeit(std::string_view termination) {
  std::string t(termination);
  std::transform(t.begin(), t.end(), t.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return t.find("time is up") != std::string::npos || t == "time forfeit";
}

size_t roster_index(std::string_view name) {  // its place in ROSTER, or the size of ROSTER
  return size_t(std::find(std::begin(ROSTER), std::end(ROSTER), name) - std::begin(ROSTER));
}

bool is_one_of(std::string_view s, const auto& list) {
  return std::find(std::begin(list), std::end(list), s) != std::end(list);
}

std::string unknown_value(std::string_view name) { return name == "Date" ? "????.??.??" : "?"; }

bool is_digit(char c) { return c >= '0' && c <= '9'; }
long number(std::string_view digits) {  // at most 9 digits, checked by the caller
  long n = 0;
  for (char c : digits) n = n * 10 + (c - '0');
  return n;
}
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
// The bytes that end a word: spaces, control characters and { } ( ) [ ] ; " $.
constexpr auto WORD_END = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 32; ++c) t[size_t(c)] = true;
  for (unsigned char c : std::string_view(" {}()[];\"$")) t[c] = true;
  return t;
}();
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// "YYYY.MM.DD", any digit may be '?'.
bool valid_date(std::string_view d) {
  if (d.size() != 10 || d[4] != '.' || d[7] != '.') return false;
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9})
    if (!is_digit(d[i]) && d[i] != '?') return false;
  return true;
}

// Whitespace runs become one space, '}' becomes ')' (so that it can be written in { }).
std::string clean_comment(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (is_space(c) || (unsigned char)c < 32) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c == '}' ? ')' : c;
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// A comment kept as text: cleaned, and "[%clk" made "[ %clk" so that it is never read
// back as a clock (clocks are GameRecord::clocks).
std::string comment_text(std::string_view text) {
  const std::string clean = clean_comment(text);
  std::string out;
  size_t from = 0;
  for (size_t at = clean.find(CLOCK); at != std::string::npos; at = clean.find(CLOCK, at + 1)) {
    out.append(clean, from, at + 1 - from).append(" ");
    from = at + 1;
  }
  return out.append(clean, from, std::string::npos);
}

// The length of "(H)" or "(Hero)" (any case) at the start of `s`, else 0.
size_t promotion_mark(std::string_view s) {
  if (s.empty() || s[0] != '(') return 0;
  for (std::string_view mark : {"(h)", "(hero)"}) {
    if (s.size() < mark.size()) continue;
    bool same = true;
    for (size_t k = 0; k < mark.size(); ++k) same = same && std::tolower((unsigned char)s[k]) == mark[k];
    if (same) return mark.size();
  }
  return 0;
}

std::string result_token(std::string_view w) {
  if (w.empty() || (w[0] != '0' && w[0] != '1' && w[0] != '*' && w[0] != '\xC2')) return "";
  if (w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*") return std::string(w);
  if (w == "\xC2\xBD-\xC2\xBD") return "1/2-1/2";  // ½-½
  return "";
}

// The reader's refusals are many and rare, and this file is compiled for speed: each is
// made out of line (core/result.h keyed_error), its call site passing its words and a few
// pointers, so that no call site builds or destroys a refusal of its own.
using View = std::string_view;

// A refusal of a tag (bad-tag).
[[gnu::noinline, gnu::cold]] GameError tag_error(const Error& e) {
  return GameError{GameErrorCode::BadTag, e.message, 0, e.key, e.args};
}
[[gnu::noinline, gnu::cold]] GameError tag_error(const char* key, View words, const char* n1, View v1) {
  return tag_error(keyed_error(key, words, n1, v1));
}
[[gnu::noinline, gnu::cold]] GameError tag_error(const char* key, View words, const Error& reason, const char* n1,
                                                 View v1) {
  return tag_error(keyed_error(key, words, reason, n1, v1));
}

// A refusal of the record's line `line`: "line 12: <why>", keyed "record.line" with the
// line and the refusal `why` (bad-record; keyed when `why` is).
[[gnu::noinline, gnu::cold]] GameError line_error(int line, const Error& why) {
  Error e = keyed_error("record.line", "line {line}: {reason}", why, "line", std::to_string(line));
  return GameError{GameErrorCode::BadRecord, std::move(e.message), line, std::move(e.key), std::move(e.args)};
}
[[gnu::noinline, gnu::cold]] GameError line_error(int line, const char* key, View words, const char* n1 = nullptr,
                                                  View v1 = {}, const char* n2 = nullptr, View v2 = {}) {
  return line_error(line, keyed_error(key, words, n1, v1, n2, v2));
}
[[gnu::noinline, gnu::cold]] GameError line_error(int line, const char* key, View words, const Error& reason,
                                                  const char* n1 = nullptr, View v1 = {}, const char* n2 = nullptr,
                                                  View v2 = {}) {
  return line_error(line, keyed_error(key, words, reason, n1, v1, n2, v2));
}

// A game's refusal as a refusal (to wrap in another).
template <typename T>
[[gnu::noinline, gnu::cold]] Error refusal_of(const GameResult<T>& r) {
  return make_error(r.key(), r.args(), r.error());
}

// What reads a record and goes on after a refusal (to its end, or to the game's) keeps the
// first one: the earliest line is the one to fix first. fail() returns false, so that a
// step can end with `return fail(...)`.
class FirstRefusal {
 protected:
  std::optional<GameError> error_;
  [[gnu::noinline, gnu::cold]] bool fail(int line, const Error& why) {
    if (!error_) error_ = line_error(line, why);
    return false;
  }
  [[gnu::noinline, gnu::cold]] bool fail(int line, const char* key, View words, const char* n1 = nullptr, View v1 = {},
                                         const char* n2 = nullptr, View v2 = {}) {
    if (!error_) error_ = line_error(line, key, words, n1, v1, n2, v2);
    return false;
  }
  [[gnu::noinline, gnu::cold]] bool fail(int line, const char* key, View words, const Error& reason,
                                         const char* n1 = nullptr, View v1 = {}, const char* n2 = nullptr,
                                         View v2 = {}) {
    if (!error_) error_ = line_error(line, key, words, reason, n1, v1, n2, v2);
    return false;
  }
};

// The value Tags::set keeps for name=value, or why it refuses it.
GameResult<std::string> tag_value(std::string_view name, std::string_view value) {
  if (name.empty() || name.size() > MAX_TAG_NAME || !is_letter(name[0]) ||
      !std::all_of(name.begin(), name.end(), [](char c) { return is_letter(c) || is_digit(c) || c == '_'; }))
    return tag_error("tag.name", "a tag name is a letter followed by letters, digits or '_' (at most 40), not '{name}'",
                     "name", name);
  if (is_one_of(name, DERIVED))
    return tag_error("tag.derived", "the {tag} tag is written from the game, not set", "tag", name);
  if (value.size() > MAX_TAG_VALUE)
    return tag_error("tag.tooLong", "the value of the tag {tag} is too long (at most 1000 bytes)", "tag", name);
  for (char c : value)
    if ((unsigned char)c < 32 || c == 127)
      return tag_error("tag.control", "the value of the tag {tag} has a line break or control character", "tag", name);
  const bool roster = is_one_of(name, ROSTER);
  std::string v = value.empty() && roster ? unknown_value(name) : std::string(value);
  if (name == "Date" && !valid_date(v))
    return tag_error("tag.date", "the Date tag is written YYYY.MM.DD (? for unknown digits), not '{value}'", "value",
                     value);
  if (name == "TimeControl" && !value.empty() && v != "?" && v != "-")
    if (auto tc = parse_time_control(v); !tc)
      return tag_error("tag.timeControl",
                       "the TimeControl tag '{value}' cannot be read: {reason}; or - for no clock, ? for unknown",
                       tc.failure(), "value", v);
  return v;
}

// --- splitting a text into games -----------------------------------------------------------
//
// The splitter walks the text once and tells a sink what it finds, in the order of the
// text: comments and movetext (items), tags, where a game begins and where it ends. The
// lister (game lists) keeps the tags and counts the moves; the replayer (one game) plays
// the moves as they come. Nothing is kept by the splitter itself.

enum class ItemKind { Move, Number, Glyph, Comment, BraceComment };
struct Item {
  ItemKind kind;
  std::string_view text;  // the raw text (a comment's without its brackets)
  int line;
  long number = 0;
};

class SplitSink {
 public:
  virtual ~SplitSink() = default;
  // Each returns false to end the split (an error of the sink's, or enough games).
  // A game begins (its first tag or movetext); offset and line: where its text begins
  // (its first comment when comments come before its tags).
  virtual bool begin(size_t offset, int line) = 0;
  // A tag (name and value each cut to one more character than the longest allowed).
  virtual bool tag(const Tag& tag, int line) = 0;
  virtual bool item(const Item& item) = 0;
  // The game ends: at its result (`result` the token) or, with "", where the next game's
  // tags begin or where the text ends.
  virtual bool end(std::string_view result, int line) = 0;
};

class Splitter : FirstRefusal {
 public:
  // Splits text[from, to); `line` is the line of `from`.
  Splitter(std::string_view text, size_t from, size_t to, int line, SplitSink& sink, RecordWork* work)
      : s_(text),
        i_(from),
        from_(from),
        end_(to),
        line_(line),
        sink_(sink),
        work_(work),
        next_poll_(from + POLL_BYTES) {}

  enum class Outcome { Done, Stopped /* by the sink */, Failed };
  Outcome run() {
    if (i_ == 0 && s_.substr(0, 3) == BOM) i_ = 3;
    if (i_ == 0 && (s_.substr(0, 2) == "\xFF\xFE" || s_.substr(0, 2) == "\xFE\xFF")) {
      fail(
          1, "record.utf16",
          "this text is UTF-16 (it begins with UTF-16's byte order mark): records are read as UTF-8; save it as UTF-8");
      return Outcome::Failed;
    }
    Outcome out = Outcome::Done;
    while (out == Outcome::Done) {
      skip_space();
      if (i_ >= end_) break;
      if (i_ >= next_poll_) {
        next_poll_ = i_ + POLL_BYTES;
        // (not keyed: the page's reads are not stopped)
        if (work_ && work_->stop && work_->stop->load(std::memory_order_relaxed)) fail(line_, make_error("stopped"));
      }
      if (!error_ && !step()) out = Outcome::Stopped;
      if (error_) out = Outcome::Failed;
    }
    if (out == Outcome::Done && open_ && !sink_.end("", line_)) out = Outcome::Stopped;
    if (work_) work_->units += i_ - from_;
    return out;
  }
  int line() const { return line_; }
  const GameError& error() const { return *error_; }

 private:
  bool at_bom() const { return end_ - i_ >= 3 && s_[i_] == BOM[0] && s_[i_ + 1] == BOM[1] && s_[i_ + 2] == BOM[2]; }
  // Advances one byte, counting lines ("\n", "\r\n" and "\r" end a line).
  void advance() {
    const char c = s_[i_++];
    if (c == '\n' || (c == '\r' && (i_ >= end_ || s_[i_] != '\n'))) ++line_;
  }
  // Spaces, line ends and byte order marks (files joined end to end keep theirs).
  void skip_space() {
    for (;;) {
      while (i_ < end_ && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
      if (i_ < end_ && is_space(s_[i_]))
        advance();
      else if (at_bom())
        i_ += 3;
      else
        return;
    }
  }
  // Whether i_ is at the start of a line (after byte order marks there).
  bool at_line_start() const {
    size_t j = i_;
    while (j >= 3 && s_.substr(j - 3, 3) == BOM) j -= 3;
    return j == 0 || s_[j - 1] == '\n' || s_[j - 1] == '\r';
  }

  // A game's first tag or movetext: the game begins (with the comments before it).
  bool open_game(int line) {
    if (open_) return true;
    open_ = true;
    started_ = false;
    const bool pending = pending_ != std::string_view::npos;
    const size_t offset = pending ? pending_ : item_from_;
    const int first_line = pending ? pending_line_ : line;
    pending_ = std::string_view::npos;
    return sink_.begin(offset, first_line);
  }
  bool movetext(const Item& item) {
    if (!open_game(item.line)) return false;
    started_ = true;
    return sink_.item(item);
  }
  bool comment(const Item& item) {
    if (!open_ && pending_ == std::string_view::npos) pending_ = item_from_, pending_line_ = item.line;
    return sink_.item(item);
  }

  // One tag, comment or word; false when the sink ends the split.
  bool step() {
    const char c = s_[i_];
    const int line = line_;
    item_from_ = i_;
    if (c == '%') {
      // PGN's escape: a line starting with '%' is ignored. Anywhere else it is an error.
      if (!at_line_start()) {
        fail(line, "record.percent",
             "'%' has no place here: it starts an escape (a line that is ignored) only as the first character of a "
             "line");
        return true;
      }
      while (i_ < end_ && s_[i_] != '\n' && s_[i_] != '\r') ++i_;
      return true;
    }
    if (c == '[') {
      if (open_ && started_) {  // tags after movetext: the next game
        open_ = false;
        if (!sink_.end("", line)) return false;
      }
      if (!open_game(line)) return false;
      return read_tag();
    }
    if (c == '{' || c == '(') return read_comment(c == '{' ? '}' : ')');
    if (c == ';') {
      const size_t from = ++i_;
      while (i_ < end_ && s_[i_] != '\n' && s_[i_] != '\r') ++i_;
      return comment({ItemKind::Comment, s_.substr(from, i_ - from), line});
    }
    if (c == '$') {  // PGN's numeric glyphs: $1..$6 are ! ? !! ?? !? ?!, $0 and $7..$255 are ignored
      const size_t from = ++i_;
      while (i_ < end_ && is_digit(s_[i_])) ++i_;
      const std::string_view digits = s_.substr(from, i_ - from);
      if (digits.empty()) {
        fail(line, "record.dollar", "'$' must be followed by a number (a glyph such as $2)");
        return true;
      }
      if (digits.size() > 3 || number(digits) > 255) {
        fail(line, "record.glyph",
             "'{glyph}' is not a glyph: PGN's glyphs are $0 to $255 ($1 to $6 are ! ? !! ?? !? ?!)", "glyph",
             "$" + std::string(digits.substr(0, 41)));
        return true;
      }
      const long n = number(digits);
      if (n >= 1 && n <= 6) return movetext({ItemKind::Glyph, GLYPHS[n - 1], line});
      return true;
    }
    if (c == '}' || c == ')' || c == ']' || c == '"') {
      fail(line, "record.unexpected", "unexpected '{char}'", "char", std::string_view(&c, 1));
      return true;
    }
    if ((unsigned char)c < 32) {
      const char* digits = "0123456789ABCDEF";
      const std::string hex = {'0', 'x', digits[(unsigned char)c >> 4], digits[c & 15]};
      fail(line, "record.control", "a control character (byte {byte}) has no place in a record", "byte", hex);
      return true;
    }
    return read_word(line);
  }

  // [Name "value"] on one line.
  bool read_tag() {
    const int line = line_;
    ++i_;
    while (i_ < end_ && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
    const size_t from = i_;
    while (i_ < end_ && (is_letter(s_[i_]) || is_digit(s_[i_]) || s_[i_] == '_')) ++i_;
    const std::string_view name = s_.substr(from, i_ - from);
    if (name.empty())
      return fail(line, "record.tagName", "a tag is written [Name \"value\"]: the name is missing"), true;
    while (i_ < end_ && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
    if (i_ >= end_ || s_[i_] != '"')
      return fail(line, "record.tagValue", "the tag '{tag}' has no value in double quotes", "tag", name), true;
    ++i_;
    std::string value;
    for (;;) {
      if (i_ >= end_ || s_[i_] == '\n' || s_[i_] == '\r')
        return fail(line, "record.tagQuote", "the value of the tag '{tag}' has no closing '\"' on its line", "tag",
                    name),
               true;
      char ch = s_[i_++];
      if (ch == '"') break;
      if (ch == '\\' && i_ < end_ && (s_[i_] == '"' || s_[i_] == '\\')) ch = s_[i_++];
      if (value.size() <= MAX_TAG_VALUE) value += ch;  // longer is refused when the game is read
    }
    while (i_ < end_ && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
    if (i_ >= end_ || s_[i_] != ']')
      return fail(line, "record.tagBracket", "the tag '{tag}' has no closing ']'", "tag", name), true;
    ++i_;
    return sink_.tag(Tag{std::string(name.substr(0, MAX_TAG_NAME + 1)), std::move(value)}, line);
  }

  bool read_comment(char close) {
    const int line = line_;
    const char open = s_[i_];
    ++i_;
    const size_t from = i_;
    size_t depth = 1;
    while (i_ < end_) {
      const char ch = s_[i_];
      if (close == ')' && ch == '(') ++depth;
      if (ch == close && --depth == 0) break;
      if (ch == '\n' || ch == '\r')
        advance();
      else
        ++i_;
    }
    if (i_ >= end_)
      return fail(line, "record.comment", "the comment opened with '{open}' on this line has no closing '{close}'",
                  "open", std::string_view(&open, 1), "close", std::string_view(&close, 1)),
             true;
    const std::string_view text = s_.substr(from, i_ - from);
    ++i_;
    return comment({open == '{' ? ItemKind::BraceComment : ItemKind::Comment, text, line});
  }

  bool is_word_char(size_t k) const {
    const char c = s_[k];
    return !WORD_END[(unsigned char)c] && !(c == BOM[0] && end_ - k >= 3 && s_[k + 1] == BOM[1] && s_[k + 2] == BOM[2]);
  }

  bool read_word(int line) {
    const size_t from = i_;
    for (;;) {
      while (i_ < end_ && i_ - from <= MAX_WORD && is_word_char(i_)) ++i_;
      // The promotion mark "(H)" right after a move is part of it, not a comment.
      const size_t mark = i_ - from <= MAX_WORD ? promotion_mark(s_.substr(i_, std::min<size_t>(6, end_ - i_))) : 0;
      if (i_ == from || !mark) break;
      i_ += mark;
    }
    std::string_view w = s_.substr(from, i_ - from);
    if (w.size() > MAX_WORD)
      return fail(line, "record.longWord", "the word '{word}' is too long to be a move (at most 100 characters)",
                  "word", w),
             true;
    if (std::string r = result_token(w); !r.empty()) {
      if (!open_game(line)) return false;
      open_ = false;
      return sink_.end(w, line);
    }
    // A move number: "12." "12..." "12…" (a move may follow without a space: "1.W2h3").
    size_t k = 0;
    while (k < w.size() && is_digit(w[k])) ++k;
    if (k > 0 && (k == w.size() || w[k] == '.' || w.substr(k, 3) == "\xE2\x80\xA6")) {
      if (k > 6)
        return fail(line, "record.bigNumber", "the move number '{number}' is too large", "number", w.substr(0, k)),
               true;
      if (!movetext({ItemKind::Number, "", line, number(w.substr(0, k))})) return false;
      while (k < w.size() && (w[k] == '.' || w.substr(k, 3) == "\xE2\x80\xA6")) k += w[k] == '.' ? 1 : 3;
      w.remove_prefix(k);
      if (w.empty()) return true;
    }
    if (w == "..." || w == "\xE2\x80\xA6") return true;
    if ((w[0] == '!' || w[0] == '?') && is_one_of(w, GLYPHS)) return movetext({ItemKind::Glyph, w, line});
    // Check marks written apart ("dbl ch", "mate"): nothing to read.
    if (w.size() <= 4) {
      std::string lower;
      for (char ch : w) lower += char(std::tolower((unsigned char)ch));
      if (lower == "ch" || lower == "dbl" || lower == "dis" || lower == "mate" || lower == "+" || lower == "#")
        return true;
    }
    return movetext({ItemKind::Move, w, line});
  }

  std::string_view s_;
  size_t i_, from_, end_;
  int line_;
  SplitSink& sink_;
  RecordWork* work_;
  size_t next_poll_;
  bool open_ = false;                        // a game has begun and not ended
  bool started_ = false;                     // it has movetext
  size_t pending_ = std::string_view::npos;  // where comments before the next game begin
  int pending_line_ = 0;
  size_t item_from_ = 0;  // where the current tag, comment or word began
};

// --- listing -----------------------------------------------------------------------------

class Lister : public SplitSink, FirstRefusal {
 public:
  // Keeps the games from number `keep_from` (0-based, counted from the cursor's) on, at most
  // `max_games` of them; the ones before are only counted, and so are the ones after them
  // with `count_all` (else the split ends there).
  // With `stop_at`, the split also ends at the first game (after one) that begins at or
  // past that offset: a count a bounded stretch of text at a time.
  Lister(RecordCursor& cursor, size_t max_games, size_t keep_from, bool count_all,
         size_t stop_at = std::string_view::npos)
      : cursor_(cursor), max_(max_games), keep_from_(keep_from), stop_at_(stop_at), count_all_(count_all) {}

  bool begin(size_t offset, int line) override {
    if (have_last_) last_length(offset);
    const bool room = kept_.size() < max_;
    if ((!room && !count_all_) || (seen_ > 0 && offset >= stop_at_)) {
      next_offset_ = offset, next_line_ = line, full_ = true;
      return false;
    }
    if (cursor_.games + seen_ >= MAX_RECORD_GAMES) {
      return fail(line, "record.tooManyGames",
                  "the text holds more than {max} games (at most that many are read from one text: split it)", "max",
                  std::to_string(MAX_RECORD_GAMES));
    }
    ++seen_;
    have_last_ = room && seen_ > keep_from_;
    if (have_last_) {
      kept_.emplace_back();
      RecordInfo& info = kept_.back();
      info.line = line;
      info.offset = offset;
      for (size_t i = 0; i < std::size(ROSTER); ++i) info.roster[i] = unknown_value(ROSTER[i]);
      result_tag_.clear();
    }
    return true;
  }
  bool tag(const Tag& tag, int) override {
    if (!have_last_) return true;
    if (tag.name == "Result") {
      result_tag_ = result_token(tag.value);
    } else if (const size_t k = roster_index(tag.name); k < std::size(ROSTER)) {
      // As Tags::set takes it; a bad value is reported when the game is read.
      if (auto v = tag_value(tag.name, tag.value)) kept_.back().roster[k] = std::move(v.value());
    }
    return true;
  }
  bool item(const Item& item) override {
    if (have_last_ && item.kind == ItemKind::Move) ++kept_.back().moves;
    return true;
  }
  bool end(std::string_view result, int) override {
    if (have_last_) {
      RecordInfo& info = kept_.back();
      info.result = !result.empty() ? result_token(result) : !result_tag_.empty() ? result_tag_ : "*";
    }
    return true;
  }

  // After the split: the cursor moved on; the games kept.
  GameResult<std::vector<RecordInfo>> finish(Splitter::Outcome outcome, const Splitter& split, size_t text_end) {
    if (error_) return *error_;
    if (outcome == Splitter::Outcome::Failed) return split.error();
    if (full_) {
      cursor_.offset = next_offset_;
      cursor_.line = next_line_;
    } else {
      if (have_last_) last_length(text_end);
      if (cursor_.games + seen_ == 0) return line_error(split.line(), "record.noGame", "there is no game in this text");
      cursor_.offset = text_end;
      cursor_.line = split.line();
      cursor_.done = true;
    }
    cursor_.games += seen_;
    return std::move(kept_);
  }

 private:
  void last_length(size_t to) { kept_.back().length = to - kept_.back().offset; }
  RecordCursor& cursor_;
  size_t max_, keep_from_, stop_at_, seen_ = 0;
  bool count_all_;
  std::vector<RecordInfo> kept_;
  bool have_last_ = false;  // the last game begun is kept
  std::string result_tag_;
  bool full_ = false;
  size_t next_offset_ = 0;
  int next_line_ = 0;
};

GameResult<std::vector<RecordInfo>> list_from(std::string_view text, RecordCursor& cursor, size_t max_games,
                                              size_t keep_from, bool count_all, RecordWork* work,
                                              size_t stop_at = std::string_view::npos) {
  if (text.size() > MAX_RECORD_TEXT) {
    return line_error(1, "record.tooLong", "the text is too long ({bytes} bytes; at most {max} are read)", "bytes",
                      std::to_string(text.size()), "max", std::to_string(MAX_RECORD_TEXT));
  }
  if (cursor.done || cursor.offset > text.size()) return std::vector<RecordInfo>();
  Lister lister(cursor, std::max<size_t>(max_games, 1), keep_from, count_all, stop_at);
  Splitter split(text, cursor.offset, text.size(), cursor.line, lister, work);
  const auto outcome = split.run();
  return lister.finish(outcome, split, text.size());
}

// --- reading one game: its moves played as they come -------------------------------------

class Replayer : public SplitSink, FirstRefusal {
 public:
  explicit Replayer(RecordWork* work) : work_(work) { rec_.comments.assign(1, ""); }

  bool begin(size_t, int line) override {
    if (begun_) return false;  // a second game: this one has ended
    begun_ = true;
    line_ = line;
    return true;
  }

  bool tag(const Tag& tag, int line) override {
    count();
    const auto [at, fresh] = seen_.insert(tag.name);
    if (work_) work_->units += seen_.bucket_size(seen_.bucket(*at));  // the names compared
    if (!fresh) return fail(line, "record.tagTwice", "the tag {tag} is given twice", "tag", tag.name);
    if (tag.name == "Result") {
      result_tag_ = result_token(tag.value);
      result_tag_line_ = line;
      if (result_tag_.empty())
        return fail(line, "record.resultTag", "the Result tag must be 1-0, 0-1, 1/2-1/2 or *, not '{value}'", "value",
                    tag.value);
    } else if (tag.name == "FEN") {
      fen_ = tag.value;
      fen_line_ = line;
    } else if (tag.name == "SetUp") {
      setup_ = tag.value;
      if (setup_ != "0" && setup_ != "1")
        return fail(line, "record.setUpTag", "the SetUp tag must be 0 or 1, not '{value}'", "value", tag.value);
    } else if (tag.name == "Variant") {
      const Result<Rules> r = rules_of_variant(tag.value);  // the rule set
      if (!r) return fail(line, r.failure());
      rules_ = *r;
    } else if (tag.name == "Termination") {
      termination_ = tag.value;
    } else {
      auto r = rec_.tags.set(tag.name, tag.value);
      if (!r) return fail(line, refusal_of(r));
    }
    return true;
  }

  bool item(const Item& it) override {
    count();
    Game& game = rec_.game;
    switch (it.kind) {
      case ItemKind::Comment: add_comment(comment_text(it.text)); return true;
      case ItemKind::BraceComment: return brace_comment(it);
      case ItemKind::Glyph:
        if (!start()) return false;
        if (!game.plies())
          return fail(it.line, "record.glyphFirst", "the glyph {glyph} comes before any move", "glyph", it.text);
        rec_.glyphs[size_t(game.plies() - 1)] = std::string(it.text);
        return true;
      case ItemKind::Number:
        if (!start()) return false;
        if (it.number != game.position().move_number())
          return fail(it.line, "record.moveNumber", "move number {number} where {expected} was expected", "number",
                      std::to_string(it.number), "expected", std::to_string(game.position().move_number()));
        return true;
      case ItemKind::Move: {
        if (!start()) return false;
        if (++moves_ % POLL_ITEMS == 0 && work_ && work_->stop && work_->stop->load(std::memory_order_relaxed))
          return fail(it.line, make_error("stopped"));
        std::string label = game.move_label(game.plies());
        if (label.back() != '.') label = label.substr(0, label.size() - 3) + "...";  // "12…" in ASCII
        std::string_view text = it.text;
        std::string glyph;
        const size_t marks = text.find_last_not_of("!?") + 1;
        if (marks > 0 && is_one_of(text.substr(marks), GLYPHS)) {
          glyph = text.substr(marks);
          text = text.substr(0, marks);
        }
        auto r = game.play(text);
        if (!r)
          return fail(it.line, "record.move", "move {number} '{move}': {reason}", refusal_of(r), "number", label,
                      "move", it.text);
        rec_.comments.emplace_back();
        rec_.glyphs.push_back(glyph);
        rec_.clocks.push_back(-1);
        return true;
      }
    }
    return true;
  }

  bool end(std::string_view result, int line) override {
    if (!result.empty()) result_ = result_token(result), result_line_ = line;
    return true;
  }

  // After the split: the game, or the first error.
  GameResult<GameRecord> finish(Splitter::Outcome outcome, const Splitter& split) {
    if (error_) return *error_;
    if (outcome == Splitter::Outcome::Failed) return split.error();
    if (!begun_) return line_error(split.line(), "record.noGame", "there is no game in this text");
    if (!start()) return *error_;
    // The result: in the movetext and/or the Result tag; it must agree with the board.
    Game& game = rec_.game;
    const std::string written = result_.empty() ? result_tag_ : result_;
    const int line = result_.empty() ? result_tag_line_ : result_line_;
    if (!result_.empty() && !result_tag_.empty() && result_ != result_tag_)
      return line_error(result_line_, "record.resultNotTag", "the result {result} is not the Result tag's {tag}",
                        "result", result_, "tag", result_tag_);
    const Status st = game.status();
    if (st.over()) {
      if (!written.empty() && written != st.result())
        return line_error(line, "record.resultOver",
                          "the result {result} is wrong: the game is over, {reason} ({board})", st.refusal(), "result",
                          written, "board", st.result());
    } else if (!written.empty() && written != "*" && time_forfeit(termination_)) {
      // The Termination tag says a flag fell: the side to move's (its clock ran).
      (void)game.flag();
      if (written != game.status().result())
        return line_error(line, "record.resultFlag",
                          "the result {result} is wrong: the Termination tag says a flag fell, and {reason} ({board})",
                          game.status().refusal(), "result", written, "board", game.status().result());
    } else if (written == "1-0" || written == "0-1") {
      (void)game.resign(written == "1-0" ? SCARLET : GOLD);  // not on the board: a resignation
    } else if (written == "1/2-1/2") {
      (void)game.agree_draw();
    }
    rec_.fit();
    return std::move(rec_);
  }

 private:
  void count() {
    if (work_) ++work_->units;
  }
  // The tags are all read once the movetext begins: the start position.
  bool start() {
    if (started_) return true;
    started_ = true;
    if (setup_ == "1" && fen_.empty())
      return fail(line_, "record.setUpNoFen", "the SetUp tag is 1 but there is no FEN tag");
    if (setup_ == "0" && !fen_.empty())
      return fail(fen_line_, "record.fenNoSetUp", "the SetUp tag is 0 but there is a FEN tag");
    rec_.game = Game(rules_);
    if (!fen_.empty()) {
      auto g = Game::from(fen_, {}, rules_);
      if (!g) return fail(fen_line_, "record.fen", "the FEN tag: {reason}", refusal_of(g));
      rec_.game = std::move(g.value());
    }
    return true;
  }
  void add_comment(const std::string& text) {
    if (text.empty()) return;
    std::string& c = rec_.comments[size_t(rec_.game.plies())];
    if (!c.empty()) c += ' ';
    c += text;
  }
  // A { } comment: PGN's clock command [%clk H:MM:SS] in it is the clock after the move.
  bool brace_comment(const Item& it) {
    std::string text = clean_comment(it.text);
    bool found = false;
    for (size_t at = text.find(CLOCK); at != std::string::npos; at = text.find(CLOCK, at)) {
      const size_t after = at + CLOCK.size();
      if (after < text.size() && text[after] != ' ' && text[after] != ']') {  // "[%clkx": not a clock
        ++at;
        continue;
      }
      const size_t close = text.find(']', after);
      if (close == std::string::npos)
        return fail(it.line, "record.clockBracket", "the clock '{clock}' has no closing ']'", "clock", text.substr(at));
      std::string_view value = std::string_view(text).substr(after, close - after);
      while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
      while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
      const int64_t ms = parse_clock(value);
      const View clock = View(text).substr(at, close + 1 - at);
      if (ms < 0)
        return fail(it.line, "record.clockForm",
                    "the clock '{clock}' is not written H:MM:SS (hours, minutes and seconds, such as 0:04:57)", "clock",
                    clock);
      const int plies = rec_.game.plies();
      if (!plies)
        return fail(it.line, "record.clockFirst", "the clock '{clock}' comes before any move", "clock", clock);
      if (found || rec_.clocks[size_t(plies - 1)] >= 0)
        return fail(it.line, "record.clockTwice", "a second clock for the same move: '{clock}'", "clock", clock);
      rec_.clocks[size_t(plies - 1)] = ms;
      found = true;
      text.erase(at, close + 1 - at);
    }
    add_comment(found ? clean_comment(text) : text);
    return true;
  }

  RecordWork* work_;
  GameRecord rec_;
  std::unordered_set<std::string> seen_;
  std::string fen_, setup_, result_tag_, result_, termination_;
  int fen_line_ = 0, result_tag_line_ = 0, result_line_ = 0, line_ = 0;
  bool begun_ = false, started_ = false;
  Rules rules_ = Rules::Gygax;  // the Variant tag's
  uint64_t moves_ = 0;
};

// --- writing -------------------------------------------------------------------------------

std::string quoted(std::string_view value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// Words joined by spaces into lines of at most LINE_WIDTH characters.
class Wrapper {
 public:
  void add(std::string_view word) {
    if (!line_.empty() && line_.size() + 1 + word.size() > LINE_WIDTH) flush();
    if (!line_.empty()) line_ += ' ';
    line_ += word;
  }
  // { [%clk H:MM:SS] text }: the clock (when known, ms >= 0) kept whole on its line.
  void comment(std::string_view text, int64_t clock_ms) {
    add("{");
    if (clock_ms >= 0) add(std::string(CLOCK) + " " + clock_text(clock_ms) + "]");
    size_t i = 0;
    while (i < text.size()) {
      size_t j = text.find(' ', i);
      if (j == std::string_view::npos) j = text.size();
      add(text.substr(i, j - i));
      i = j + 1;
    }
    add("}");
  }
  std::string done() {
    flush();
    return std::move(out_);
  }

 private:
  void flush() {
    if (!line_.empty()) out_ += line_ + "\n";
    line_.clear();
  }
  std::string out_, line_;
};

}  // namespace

// --- clocks --------------------------------------------------------------------------------------

std::string clock_text(int64_t ms) {
  if (ms < 0) ms = 0;
  const int64_t s = ms / 1000;
  auto two = [](int64_t n) { return std::string(n < 10 ? "0" : "") + std::to_string(n); };
  std::string out = std::to_string(s / 3600) + ":" + two(s / 60 % 60) + ":" + two(s % 60);
  const std::string secs = seconds_text(double(ms % 1000));  // "0" or "0.5", "0.25", "0.001"
  return out + secs.substr(1);
}

int64_t parse_clock(std::string_view t) {
  const size_t c1 = t.find(':');
  if (c1 == std::string_view::npos || c1 == 0 || c1 > 5 || t.size() < c1 + 6 || t[c1 + 3] != ':') return -1;
  const std::string_view h = t.substr(0, c1), m = t.substr(c1 + 1, 2), s = t.substr(c1 + 4);
  if (!std::all_of(h.begin(), h.end(), is_digit) || !std::all_of(m.begin(), m.end(), is_digit)) return -1;
  if (s.size() < 2 || !is_digit(s[0]) || !is_digit(s[1]) || s[0] > '5' || m[0] > '5') return -1;
  if (s.size() > 2 && s[2] != '.') return -1;
  const int64_t sec_ms = seconds_ms(s);  // "SS" or "SS.f" .. "SS.fff"
  if (sec_ms < 0) return -1;
  return (int64_t(number(h)) * 3600 + number(m) * 60) * 1000 + sec_ms;
}

// --- Tags ------------------------------------------------------------------------------------

Tags::Tags() {
  for (std::string_view name : ROSTER) tags_.push_back({std::string(name), unknown_value(name)});
}

const Tag* Tags::find(std::string_view name) const {
  for (size_t i = 0; i < std::size(ROSTER); ++i)
    if (ROSTER[i] == name) return &tags_[i];
  const auto it = index_.find(std::string(name));
  return it == index_.end() ? nullptr : &tags_[it->second];
}

const std::string& Tags::get(std::string_view name) const {
  static const std::string none;
  const Tag* t = find(name);
  return t ? t->value : none;
}

GameResult<Tag> Tags::set(std::string_view name, std::string_view value) {
  auto checked = tag_value(name, value);
  if (!checked) return checked.failure();
  std::string& v = checked.value();
  const bool roster = is_one_of(name, ROSTER);
  Tag* t = const_cast<Tag*>(find(name));
  if (value.empty() && !roster) {
    if (t) {  // removed: the tags after it move up one place
      const size_t at = size_t(t - tags_.data());
      index_.erase(t->name);
      tags_.erase(tags_.begin() + long(at));
      for (size_t i = at; i < tags_.size(); ++i) index_[tags_[i].name] = i;
    }
    return Tag{std::string(name), ""};
  }
  if (t) {
    t->value = v;
  } else {
    if (tags_.size() >= MAX_TAGS) {
      return tag_error("tag.tooMany", "a game has at most 1000 tags; {tag} is one too many", "tag", name);
    }
    index_.emplace(std::string(name), tags_.size());
    tags_.push_back({std::string(name), v});
  }
  return Tag{std::string(name), v};
}

// --- GameRecord ------------------------------------------------------------------------------

void GameRecord::fit() {
  comments.resize(size_t(game.plies()) + 1);
  glyphs.resize(size_t(game.plies()));
  clocks.resize(size_t(game.plies()), -1);
}

bool GameRecord::set_comment(int ply, std::string_view text) {
  fit();
  if (ply < 0 || ply > game.plies()) return false;
  comments[size_t(ply)] = comment_text(text);
  return true;
}

bool GameRecord::set_glyph(int ply, std::string_view glyph) {
  fit();
  if (ply < 1 || ply > game.plies() || (!glyph.empty() && !is_one_of(glyph, GLYPHS))) return false;
  glyphs[size_t(ply - 1)] = std::string(glyph);
  return true;
}

bool GameRecord::set_clock(int ply, int64_t ms) {
  fit();
  if (ply < 1 || ply > game.plies() || ms < -1 || ms > MAX_CLOCK_MS) return false;
  clocks[size_t(ply - 1)] = ms;
  return true;
}

std::optional<TimeControl> GameRecord::time_control() const {
  const std::string& text = tags.get("TimeControl");
  if (text.empty() || text == "?" || text == "-") return std::nullopt;
  auto tc = parse_time_control(text);
  if (!tc) return std::nullopt;
  return tc.value();
}

// --- reading and writing --------------------------------------------------------------------

const std::string& RecordInfo::tag(std::string_view name) const {
  static const std::string none;
  const size_t k = roster_index(name);
  return k < roster.size() ? roster[k] : none;
}

GameResult<size_t> count_records(std::string_view text, RecordWork* work) {
  RecordCursor cursor;
  auto r = list_from(text, cursor, 1, MAX_RECORD_GAMES + 1, true, work);
  if (!r) return r.failure();
  return cursor.games;
}

namespace {
// Where a call given `max_bytes` from the cursor on ends (at the first game that begins there or past it).
size_t stop_offset(std::string_view text, const RecordCursor& cursor, size_t max_bytes) {
  max_bytes = std::max<size_t>(max_bytes, 1);
  return max_bytes > text.size() ? std::string_view::npos : cursor.offset + max_bytes;
}
}  // namespace

GameResult<size_t> count_records(std::string_view text, RecordCursor& cursor, size_t max_bytes, RecordWork* work) {
  auto r = list_from(text, cursor, 1, MAX_RECORD_GAMES + 1, true, work, stop_offset(text, cursor, max_bytes));
  if (!r) return r.failure();
  return cursor.games;
}

GameResult<FoundRecord> find_record(std::string_view text, size_t index, RecordWork* work) {
  RecordCursor cursor;
  auto r = list_from(text, cursor, 1, index, true, work);
  if (!r) return r.failure();
  FoundRecord found;
  if (!r->empty()) found.info = std::move(r->front());
  found.games = cursor.games;
  return found;
}

GameResult<std::vector<RecordInfo>> list_records(std::string_view text, RecordCursor& cursor, size_t max_games,
                                                 RecordWork* work, size_t max_bytes) {
  return list_from(text, cursor, max_games, 0, false, work, stop_offset(text, cursor, max_bytes));
}

GameResult<std::vector<RecordInfo>> list_records(std::string_view text, RecordWork* work) {
  RecordCursor cursor;
  return list_from(text, cursor, MAX_RECORD_GAMES + 1, 0, false, work);
}

GameResult<GameRecord> read_record(std::string_view text, const RecordInfo& info, RecordWork* work) {
  if (text.size() > MAX_RECORD_TEXT || info.offset > text.size() || info.length > text.size() - info.offset)
    // (not keyed: the page reads the games of its own listing)
    return line_error(std::max(info.line, 1), make_error("there is no game there: the listing is not of this text"));
  Replayer replayer(work);
  Splitter split(text, info.offset, info.offset + info.length, std::max(info.line, 1), replayer, work);
  const auto outcome = split.run();
  return replayer.finish(outcome, split);
}

GameResult<GameRecord> read_record(std::string_view text, size_t index, RecordWork* work) {
  RecordCursor cursor;
  // The games before it are counted, not kept; the split ends where the next one begins.
  auto list = list_from(text, cursor, 1, index, false, work);
  if (!list) return list.failure();
  if (list->empty()) {
    Error e = keyed_error("record.noSuchGame", "there is no game {number}: the text holds {games}", "number",
                          std::to_string(index + 1), "games", std::to_string(cursor.games));
    return GameError{GameErrorCode::BadRecord, std::move(e.message), 0, std::move(e.key), std::move(e.args)};
  }
  return read_record(text, list->front(), work);
}

GameResult<std::vector<GameRecord>> read_records(std::string_view text) {
  auto list = list_records(text);
  if (!list) return list.failure();
  std::vector<GameRecord> out;
  for (const RecordInfo& info : *list) {
    auto r = read_record(text, info);
    if (!r) return r.failure();
    out.push_back(std::move(r.value()));
  }
  return out;
}

std::string write_record(const GameRecord& record) {
  const Game& game = record.game;
  const Status& st = game.status();
  std::string out;
  auto tag = [&](std::string_view name, std::string_view value) {
    out += "[" + std::string(name) + " " + quoted(value) + "]\n";
  };
  const auto& tags = record.tags.list();
  for (size_t i = 0; i < std::size(ROSTER); ++i) tag(tags[i].name, tags[i].value);
  tag("Result", st.result());
  tag("Variant", rules_variant(game.rules()));
  if (game.start_position() != START_POSITION) {
    tag("SetUp", "1");
    tag("FEN", game.start_position());
  }
  if (st.over()) tag("Termination", st.reason());
  for (size_t i = std::size(ROSTER); i < tags.size(); ++i) tag(tags[i].name, tags[i].value);
  out += "\n";

  Wrapper w;
  // The comment after ply i (0: before the first move), with the clock of ply i.
  auto comment = [&](size_t i) {
    const std::string none;
    const std::string& text = i < record.comments.size() ? record.comments[i] : none;
    const int64_t clock = i > 0 && i - 1 < record.clocks.size() ? record.clocks[i - 1] : -1;
    if (text.empty() && clock < 0) return false;
    w.comment(text, clock);
    return true;
  };
  bool after_comment = comment(0);
  for (int i = 0; i < game.plies(); ++i) {
    // The number stays on the line of its move: "12. W2c3", "12... W2c6" (Scarlet's
    // number only first and after a comment).
    std::string label = game.move_label(i);  // "12." for Gold, "12…" for Scarlet
    std::string text = label.back() == '.'       ? label + " "
                       : i == 0 || after_comment ? label.substr(0, label.size() - 3) + "... "
                                                 : "";
    text += game.moves()[size_t(i)].algebraic;
    if (size_t(i) < record.glyphs.size()) text += record.glyphs[size_t(i)];
    w.add(text);
    after_comment = comment(size_t(i) + 1);
  }
  w.add(st.result());
  return out + w.done() + "\n";
}

}  // namespace dc
