#include "record.h"

#include <algorithm>
#include <cctype>

#include "rule_set.h"

namespace dc {

namespace {

constexpr size_t MAX_TAG_NAME = 40, MAX_TAG_VALUE = 1000, LINE_WIDTH = 80;
constexpr std::string_view ROSTER[] = {"Event", "Site", "Date", "Round", "Gold", "Scarlet"};
// Tags the writer makes from the game; the reader reads them, they are not kept.
constexpr std::string_view DERIVED[] = {"Result", "Variant", "SetUp", "FEN", "Termination"};
constexpr std::string_view GLYPHS[] = {"!", "?", "!!", "??", "!?", "?!"};  // $1..$6

bool is_one_of(std::string_view s, const auto& list) { return std::find(std::begin(list), std::end(list), s) != std::end(list); }

std::string unknown_value(std::string_view name) { return name == "Date" ? "????.??.??" : "?"; }

bool is_digit(char c) { return c >= '0' && c <= '9'; }
long number(std::string_view digits) {  // at most 6 digits, checked by the caller
  long n = 0;
  for (char c : digits) n = n * 10 + (c - '0');
  return n;
}
bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

std::string shown(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 40)) out += (c >= 32 && c < 127) ? c : '?';
  return "'" + out + (s.size() > 40 ? "...'" : "'");
}

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

// The length of "(H)" or "(Hero)" (any case) at the start of `s`, else 0.
size_t promotion_mark(std::string_view s) {
  for (std::string_view mark : {"(h)", "(hero)"}) {
    if (s.size() < mark.size()) continue;
    bool same = true;
    for (size_t k = 0; k < mark.size(); ++k) same = same && std::tolower((unsigned char)s[k]) == mark[k];
    if (same) return mark.size();
  }
  return 0;
}

std::string result_token(std::string_view w) {
  if (w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*") return std::string(w);
  if (w == "\xC2\xBD-\xC2\xBD") return "1/2-1/2";  // ½-½
  return "";
}

GameError record_error(int line, const std::string& message) {
  return GameError{GameErrorCode::BadRecord, "line " + std::to_string(line) + ": " + message, line};
}

// --- splitting a text into games -----------------------------------------------------------

enum class ItemKind { Move, Number, Comment, Glyph };
struct Item {
  ItemKind kind;
  std::string text;
  int line;
  long number = 0;
};
struct RawGame {
  int line = 0;
  std::vector<std::pair<Tag, int>> tags;  // with their lines
  std::vector<Item> items;
  std::string result;
  int result_line = 0;
  bool started = false;  // movetext seen (a move, number, glyph or result)
  int moves = 0;
};

class Splitter {
 public:
  explicit Splitter(std::string_view text) : s_(text) {}

  // The games, or the first error that stops the text from being split.
  GameResult<std::vector<RawGame>> run() {
    if (s_.size() > MAX_RECORD_TEXT)
      return record_error(1, "the text is too long (" + std::to_string(s_.size()) + " bytes; at most " +
                                 std::to_string(MAX_RECORD_TEXT) + " are read)");
    if (s_.substr(0, 3) == "\xEF\xBB\xBF") i_ = 3;  // a UTF-8 byte order mark
    while (error_.empty()) {
      skip_space();
      if (i_ >= s_.size()) break;
      step();
    }
    if (!error_.empty()) return record_error(error_line_, error_);
    if (!cur_.started && cur_.tags.empty()) {
      // Comments after the last game belong to it.
      if (!games_.empty())
        for (Item& it : cur_.items) games_.back().items.push_back(std::move(it));
    } else {
      games_.push_back(std::move(cur_));
    }
    if (games_.empty()) return record_error(line_, "there is no game in this text");
    return std::move(games_);
  }

 private:
  void fail(int line, std::string message) {
    if (error_.empty()) error_line_ = line, error_ = std::move(message);
  }
  char peek(size_t k = 0) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }
  // Advances one byte, counting lines ("\n", "\r\n" and "\r" end a line).
  void advance() {
    const char c = s_[i_++];
    if (c == '\n' || (c == '\r' && peek() != '\n')) ++line_, line_start_ = true;
    else if (!is_space(c)) line_start_ = false;
  }
  void skip_space() {
    while (i_ < s_.size() && is_space(s_[i_])) advance();
  }
  void begin_game() {
    if (cur_.started || !cur_.tags.empty()) games_.push_back(std::move(cur_));
    else if (!cur_.items.empty()) {  // comments before a game's tags stay with that game
      RawGame next;
      next.items = std::move(cur_.items);
      cur_ = std::move(next);
      return;
    }
    cur_ = RawGame();
  }
  void note_start() {
    if (!cur_.line) cur_.line = line_;
  }

  void step() {
    const char c = peek();
    const int line = line_;
    if (c == '%' && line_start_) {  // PGN's escape: the rest of the line is ignored
      while (i_ < s_.size() && s_[i_] != '\n' && s_[i_] != '\r') advance();
    } else if (c == '[') {
      if (cur_.started) begin_game();
      note_start();
      read_tag();
    } else if (c == '{' || c == '(') {
      note_start();
      read_comment(c == '{' ? '}' : ')');
    } else if (c == ';') {
      size_t from = ++i_;
      while (i_ < s_.size() && s_[i_] != '\n' && s_[i_] != '\r') ++i_;
      add({ItemKind::Comment, clean_comment(s_.substr(from, i_ - from)), line});
    } else if (c == '$') {
      ++i_;
      size_t from = i_;
      while (i_ < s_.size() && is_digit(s_[i_]) && i_ - from < 4) ++i_;
      if (i_ == from) return fail(line, "'$' must be followed by a number (a glyph such as $2)");
      const int n = int(number(s_.substr(from, i_ - from)));
      if (n >= 1 && n <= 6) add({ItemKind::Glyph, std::string(GLYPHS[n - 1]), line});  // other $n: ignored
    } else if (c == '}' || c == ')' || c == ']' || c == '"') {
      fail(line, std::string("unexpected '") + c + "'");
    } else if ((unsigned char)c < 32) {
      const char* digits = "0123456789ABCDEF";
      const std::string hex = {'0', 'x', digits[(unsigned char)c >> 4], digits[c & 15]};
      fail(line, "a control character (byte " + hex + ") has no place in a record");
    } else {
      size_t from = i_;
      for (;;) {
        while (i_ < s_.size() && !is_space(s_[i_]) && (unsigned char)s_[i_] >= 32 &&
               std::string_view("{}()[];\"$").find(s_[i_]) == std::string_view::npos)
          ++i_;
        // The promotion mark "(H)" right after a move is part of it, not a comment.
        const size_t mark = promotion_mark(s_.substr(i_));
        if (i_ == from || !mark) break;
        i_ += mark;
      }
      note_start();
      word(s_.substr(from, i_ - from), line);
    }
  }

  void add(Item item) {
    if (item.kind != ItemKind::Comment) cur_.started = true;
    if (item.kind == ItemKind::Comment && item.text.empty()) return;
    if (item.kind == ItemKind::Move) ++cur_.moves;
    cur_.items.push_back(std::move(item));
  }

  // [Name "value"] on one line.
  void read_tag() {
    const int line = line_;
    ++i_;
    while (peek() == ' ' || peek() == '\t') ++i_;
    size_t from = i_;
    while (i_ < s_.size() && (is_letter(s_[i_]) || is_digit(s_[i_]) || s_[i_] == '_')) ++i_;
    std::string name(s_.substr(from, i_ - from));
    if (name.empty()) return fail(line, "a tag is written [Name \"value\"]: the name is missing");
    while (peek() == ' ' || peek() == '\t') ++i_;
    if (peek() != '"') return fail(line, "the tag " + shown(name) + " has no value in double quotes");
    ++i_;
    std::string value;
    for (;;) {
      if (i_ >= s_.size() || s_[i_] == '\n' || s_[i_] == '\r')
        return fail(line, "the value of the tag " + shown(name) + " has no closing '\"' on its line");
      char ch = s_[i_++];
      if (ch == '"') break;
      if (ch == '\\' && (peek() == '"' || peek() == '\\')) ch = s_[i_++];
      value += ch;
    }
    while (peek() == ' ' || peek() == '\t') ++i_;
    if (peek() != ']') return fail(line, "the tag " + shown(name) + " has no closing ']'");
    ++i_;
    cur_.tags.push_back({Tag{name, value}, line});
  }

  void read_comment(char close) {
    const int line = line_;
    const char open = s_[i_];
    ++i_;
    size_t from = i_;
    int depth = 1;
    while (i_ < s_.size()) {
      const char ch = s_[i_];
      if (close == ')' && ch == '(') ++depth;
      if (ch == close && --depth == 0) break;
      advance();
    }
    if (i_ >= s_.size())
      return fail(line, std::string("the comment opened with '") + open + "' on this line has no closing '" + close + "'");
    add({ItemKind::Comment, clean_comment(s_.substr(from, i_ - from)), line});
    ++i_;
  }

  void word(std::string_view w, int line) {
    if (std::string r = result_token(w); !r.empty()) {
      cur_.result = r;
      cur_.result_line = line;
      cur_.started = true;
      begin_game();
      return;
    }
    // A move number: "12." "12..." "12…" (a move may follow without a space: "1.W2h3").
    size_t k = 0;
    while (k < w.size() && is_digit(w[k])) ++k;
    if (k > 0 && (k == w.size() || w[k] == '.' || w.substr(k, 3) == "\xE2\x80\xA6")) {
      if (k > 6) return fail(line, "the move number " + shown(w.substr(0, k)) + " is too large");
      add({ItemKind::Number, "", line, number(w.substr(0, k))});
      while (k < w.size() && (w[k] == '.' || w.substr(k, 3) == "\xE2\x80\xA6")) k += w[k] == '.' ? 1 : 3;
      w.remove_prefix(k);
      if (w.empty()) return;
    }
    if (w == "..." || w == "\xE2\x80\xA6") return;
    if (is_one_of(w, GLYPHS)) return add({ItemKind::Glyph, std::string(w), line});
    // Check marks written apart ("dbl ch", "mate"): nothing to read.
    std::string lower;
    for (char ch : w) lower += char(std::tolower((unsigned char)ch));
    if (lower == "ch" || lower == "dbl" || lower == "dis" || lower == "mate" || lower == "+" || lower == "#") return;
    add({ItemKind::Move, std::string(w), line});
  }

  std::string_view s_;
  size_t i_ = 0;
  int line_ = 1;
  bool line_start_ = true;
  std::vector<RawGame> games_;
  RawGame cur_;
  std::string error_;
  int error_line_ = 0;
};

// --- playing a game's moves ------------------------------------------------------------------

GameResult<GameRecord> replay(const RawGame& raw) {
  GameRecord rec;
  std::vector<std::string> seen;
  std::string fen, setup, result_tag;
  int fen_line = 0, result_tag_line = 0;
  Rules rules = Rules::Gygax;
  for (const auto& [tag, line] : raw.tags) {
    if (std::find(seen.begin(), seen.end(), tag.name) != seen.end())
      return record_error(line, "the tag " + tag.name + " is given twice");
    seen.push_back(tag.name);
    if (tag.name == "Result") {
      result_tag = result_token(tag.value);
      result_tag_line = line;
      if (result_tag.empty())
        return record_error(line, "the Result tag must be 1-0, 0-1, 1/2-1/2 or *, not " + shown(tag.value));
    } else if (tag.name == "FEN") {
      fen = tag.value;
      fen_line = line;
    } else if (tag.name == "SetUp") {
      setup = tag.value;
      if (setup != "0" && setup != "1") return record_error(line, "the SetUp tag must be 0 or 1, not " + shown(tag.value));
    } else if (tag.name == "Variant") {
      const Result<Rules> r = rules_of_variant(tag.value);  // the rule set
      if (!r) return record_error(line, r.error());
      rules = *r;
    } else if (tag.name != "Termination") {
      auto r = rec.tags.set(tag.name, tag.value);
      if (!r) return record_error(line, r.error());
    }
  }
  if (setup == "1" && fen.empty()) return record_error(raw.line, "the SetUp tag is 1 but there is no FEN tag");
  if (setup == "0" && !fen.empty()) return record_error(fen_line, "the SetUp tag is 0 but there is a FEN tag");
  rec.game = Game(rules);
  if (!fen.empty()) {
    auto g = Game::from(fen, {}, rules);
    if (!g) return record_error(fen_line, "the FEN tag: " + g.error());
    rec.game = std::move(g.value());
  }
  Game& game = rec.game;
  rec.comments.assign(1, "");
  auto add_comment = [&](const std::string& text) {
    std::string& c = rec.comments[size_t(game.plies())];
    c += (c.empty() ? "" : " ") + text;
  };
  for (const Item& it : raw.items) {
    switch (it.kind) {
      case ItemKind::Comment: add_comment(it.text); break;
      case ItemKind::Glyph:
        if (!game.plies()) return record_error(it.line, "the glyph " + it.text + " comes before any move");
        rec.glyphs[size_t(game.plies() - 1)] = it.text;
        break;
      case ItemKind::Number:
        if (it.number != game.position().move_number())
          return record_error(it.line, "move number " + std::to_string(it.number) + " where " +
                                           std::to_string(game.position().move_number()) + " was expected");
        break;
      case ItemKind::Move: {
        std::string label = game.move_label(game.plies());
        if (label.back() != '.') label = label.substr(0, label.size() - 3) + "...";  // "12…" in ASCII
        std::string text = it.text, glyph;
        const size_t marks = text.find_last_not_of("!?") + 1;
        if (marks > 0 && is_one_of(std::string_view(text).substr(marks), GLYPHS)) {
          glyph = text.substr(marks);
          text.resize(marks);
        }
        auto r = game.play(text);
        if (!r) return record_error(it.line, "move " + label + " " + shown(it.text) + ": " + r.error());
        rec.comments.emplace_back();
        rec.glyphs.push_back(glyph);
        break;
      }
    }
  }
  // The result: in the movetext and/or the Result tag; it must agree with the board.
  std::string written = raw.result.empty() ? result_tag : raw.result;
  const int line = raw.result.empty() ? result_tag_line : raw.result_line;
  if (!raw.result.empty() && !result_tag.empty() && raw.result != result_tag)
    return record_error(raw.result_line, "the result " + raw.result + " is not the Result tag's " + result_tag);
  const Status st = game.status();
  if (st.over()) {
    if (!written.empty() && written != st.result())
      return record_error(line, "the result " + written + " is wrong: the game is over, " + st.reason() + " (" +
                                    st.result() + ")");
  } else if (written == "1-0" || written == "0-1") {
    (void)game.resign(written == "1-0" ? SCARLET : GOLD);  // not on the board: a resignation
  } else if (written == "1/2-1/2") {
    (void)game.agree_draw();
  }
  rec.fit();
  return rec;
}

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
  void comment(std::string_view text) {
    add("{");
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

// --- Tags ------------------------------------------------------------------------------------

Tags::Tags() {
  for (std::string_view name : ROSTER) tags_.push_back({std::string(name), unknown_value(name)});
}

const std::string& Tags::get(std::string_view name) const {
  static const std::string none;
  for (const Tag& t : tags_)
    if (t.name == name) return t.value;
  return none;
}

GameResult<Tag> Tags::set(std::string_view name, std::string_view value) {
  auto bad = [](std::string message) { return GameError{GameErrorCode::BadTag, std::move(message)}; };
  if (name.empty() || name.size() > MAX_TAG_NAME || !is_letter(name[0]) ||
      !std::all_of(name.begin(), name.end(), [](char c) { return is_letter(c) || is_digit(c) || c == '_'; }))
    return bad("a tag name is a letter followed by letters, digits or '_' (at most 40), not " + shown(name));
  if (is_one_of(name, DERIVED)) return bad("the " + std::string(name) + " tag is written from the game, not set");
  if (value.size() > MAX_TAG_VALUE)
    return bad("the value of the tag " + std::string(name) + " is too long (at most 1000 bytes)");
  for (char c : value)
    if ((unsigned char)c < 32 || c == 127) return bad("the value of the tag " + std::string(name) + " has a line break or control character");
  const bool roster = is_one_of(name, ROSTER);
  std::string v = value.empty() && roster ? unknown_value(name) : std::string(value);
  if (name == "Date" && !valid_date(v))
    return bad("the Date tag is written YYYY.MM.DD (? for unknown digits), not " + shown(value));
  auto it = std::find_if(tags_.begin(), tags_.end(), [&](const Tag& t) { return t.name == name; });
  if (value.empty() && !roster) {
    if (it != tags_.end()) tags_.erase(it);
    return Tag{std::string(name), ""};
  }
  if (it != tags_.end()) it->value = v;
  else tags_.push_back({std::string(name), v});
  return Tag{std::string(name), v};
}

// --- GameRecord ------------------------------------------------------------------------------

void GameRecord::fit() {
  comments.resize(size_t(game.plies()) + 1);
  glyphs.resize(size_t(game.plies()));
}

bool GameRecord::set_comment(int ply, std::string_view text) {
  fit();
  if (ply < 0 || ply > game.plies()) return false;
  comments[size_t(ply)] = clean_comment(text);
  return true;
}

bool GameRecord::set_glyph(int ply, std::string_view glyph) {
  fit();
  if (ply < 1 || ply > game.plies() || (!glyph.empty() && !is_one_of(glyph, GLYPHS))) return false;
  glyphs[size_t(ply - 1)] = std::string(glyph);
  return true;
}

// --- reading and writing --------------------------------------------------------------------

GameResult<std::vector<RecordInfo>> list_records(std::string_view text) {
  auto games = Splitter(text).run();
  if (!games) return GameError{games.code(), games.error(), games.line()};
  std::vector<RecordInfo> out;
  for (const RawGame& raw : *games) {
    RecordInfo info;
    info.line = raw.line;
    info.moves = raw.moves;
    info.result = raw.result;
    for (const auto& [tag, line] : raw.tags) {
      if (tag.name == "Result" && info.result.empty()) info.result = result_token(tag.value);
      else (void)info.tags.set(tag.name, tag.value);  // a bad tag is reported when the game is read
    }
    if (info.result.empty()) info.result = "*";
    out.push_back(std::move(info));
  }
  return out;
}

GameResult<GameRecord> read_record(std::string_view text, size_t index) {
  auto games = Splitter(text).run();
  if (!games) return GameError{games.code(), games.error(), games.line()};
  if (index >= games->size())
    return GameError{GameErrorCode::BadRecord, "there is no game " + std::to_string(index + 1) + ": the text holds " +
                                                   std::to_string(games->size())};
  return replay((*games)[index]);
}

GameResult<std::vector<GameRecord>> read_records(std::string_view text) {
  auto games = Splitter(text).run();
  if (!games) return GameError{games.code(), games.error(), games.line()};
  std::vector<GameRecord> out;
  for (const RawGame& raw : *games) {
    auto r = replay(raw);
    if (!r) return GameError{r.code(), r.error(), r.line()};
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
  auto comment = [&](size_t i) {
    if (i < record.comments.size() && !record.comments[i].empty()) {
      w.comment(record.comments[i]);
      return true;
    }
    return false;
  };
  bool after_comment = comment(0);
  for (int i = 0; i < game.plies(); ++i) {
    // The number stays on the line of its move: "12. W2c3", "12... W2c6" (Scarlet's
    // number only first and after a comment).
    std::string label = game.move_label(i);  // "12." for Gold, "12…" for Scarlet
    std::string text = label.back() == '.' ? label + " "
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
