// Game records: the text format of saved games, in the spirit of PGN (docs/notation.md,
// "Game records", documents it with an example). One reader and one writer for the
// command-line engine, the wasm facade and the page.
//
//   [Event "Casual game"]            tag pairs: the roster (Event, Site, Date, Round, Gold,
//   [Site "?"]                       Scarlet), then Result, Variant, SetUp and FEN (when the
//   [Date "2025.03.14"]              start is not the standard one), Termination (when the
//   [Round "?"]                      game is over), then any other tags (TimeControl among
//   [Gold "Ann"]                     them: 300+3, - for none, 1/86400 a day a move, as
//   [Scarlet "Computer, level 3"]    core/clock.h reads a time control)
//   [Result "0-1"]
//   [Variant "Dragonchess"]
//   [TimeControl "300+3"]
//
//   1. W2h3 { [%clk 0:04:58] } w2e6 { [%clk 0:05:01] a comment } 2. W2e3 w2d6?! 0-1
//
// Result, Variant, SetUp, FEN and Termination are written from the game, not kept as
// tags. A decisive result on a board where the game goes on is a resignation, a drawn
// one a draw by agreement. The reader takes every move form of core/notation (Gygax's
// algebraic notation, coordinates, the historic "Wh3M"), comments in { } or ( ) or after
// ';', the glyphs ! ? !! ?? !? ?! (and PGN's $0..$255, of which $1..$6 are those six),
// the clock left after a move as PGN's [%clk H:MM:SS] in a { } comment, a line starting
// with '%' (an escape: ignored), and several games one after the other.
// A record that cannot be read is rejected with its line, the move and the reason: keyed
// for the page (core/result.h) "record.line" with the line, wrapping the reason
// ("record.*", a tag's "tag.*", a move's or the FEN tag's refusal inside "record.move" and
// "record.fen").
//
// Every read is linear in the text: a file's games are listed without reading their
// moves (and can be listed a few at a time, for a progress bar), and one game of a
// large file is read from its own text alone.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "clock.h"
#include "game.h"

namespace dc {

// The Variant tag names the rule set (core/rule_set.h: "Dragonchess" for Gygax's rules,
// "Dragonchess (BGA)" for Board Game Arena's); a record naming another variant is
// refused.
// The longest record text read at all (a file of many games).
inline constexpr size_t MAX_RECORD_TEXT = 16u << 20;
// The most games a record text may hold, and the most tags a game may have (the roster
// included): beyond these a text is refused, with a message that says so.
inline constexpr size_t MAX_RECORD_GAMES = 100000;
inline constexpr size_t MAX_TAGS = 1000;

struct Tag {
  std::string name, value;
  bool operator==(const Tag&) const = default;
};

// The tags of a game: always the roster Event, Site, Date, Round, Gold, Scarlet (in that
// order; "?" and "????.??.??" when unknown), then any others in the order they were set.
class Tags {
 public:
  Tags();
  // The value, or "" when there is no such tag.
  const std::string& get(std::string_view name) const;
  // Sets a tag (adds it at the end when new); "" removes one that is not in the roster
  // (a roster tag goes back to unknown). Refused (bad-tag): a name that is not a letter
  // followed by letters, digits or '_' (at most 40), a value with a line break or
  // another control character or longer than 1000 bytes, a Date not written YYYY.MM.DD
  // ('?' for unknown digits), a TimeControl other than "?", "-" or a time control that
  // core/clock.h's parse_time_control reads ("300+3", "40/7200", "1/86400"), a new tag
  // beyond MAX_TAGS, and the tags written from the game (Result, Variant, SetUp, FEN,
  // Termination). Constant time (a table of the names).
  GameResult<Tag> set(std::string_view name, std::string_view value);
  const std::vector<Tag>& list() const { return tags_; }
  bool operator==(const Tags& o) const { return tags_ == o.tags_; }

 private:
  const Tag* find(std::string_view name) const;
  std::vector<Tag> tags_;
  std::unordered_map<std::string, size_t> index_;  // the tags after the roster: name -> place in tags_
};

// A clock's time as [%clk] writes it: H:MM:SS, and up to three decimals when the
// milliseconds are not 0 ("0:04:57", "1:00:00.5"). parse_clock reads that form (hours
// up to 99999), -1 if it is not.
std::string clock_text(int64_t ms);
int64_t parse_clock(std::string_view text);

// One game of a record: its tags, the game (start, moves, result), and the comments and
// glyphs around its moves.
struct GameRecord {
  Tags tags;
  Game game;
  // comments[0]: before the first move; comments[i + 1]: after ply i. glyphs[i]: the
  // glyph of ply i ("", "!", "?", "!!", "??", "!?", "?!"). clocks[i]: the time left on
  // the clock of the side that made ply i, after it, in milliseconds ([%clk]); -1 when
  // not known. fit() sizes the three to the game.
  std::vector<std::string> comments, glyphs;
  std::vector<int64_t> clocks;

  // Sizes comments, glyphs and clocks to the game's plies (drops those of moves taken
  // back).
  void fit();
  // Sets the comment after ply `ply` (0: before the first move): whitespace runs become
  // one space, '}' becomes ')', and "[%clk" becomes "[ %clk" (a clock is set_clock's).
  // False if there is no such ply.
  bool set_comment(int ply, std::string_view text);
  // Sets the glyph of ply `ply` (1 = the first move): "", or one of the six glyphs.
  bool set_glyph(int ply, std::string_view glyph);
  // Sets the clock after ply `ply` (1 = the first move): milliseconds from 0 to
  // 99999:59:59.999, or -1 (not known). False if there is no such ply or time.
  bool set_clock(int ply, int64_t ms);
  // The TimeControl tag's time control (core/clock.h); none when the tag is absent, "?"
  // (unknown) or "-" (no clock).
  std::optional<TimeControl> time_control() const;
};

// What a record file holds, read without playing the moves: for a game list.
struct RecordInfo {
  int line = 0;       // the line its text starts on
  size_t offset = 0;  // where its text starts (bytes into the record text) ...
  size_t length = 0;  // ... and how long it is: read_record(text, info) reads it alone
  // Its roster tags as written (Event, Site, Date, Round, Gold, Scarlet: "?" or
  // "????.??.??" when not given or refused by Tags::set); the others are read with the game.
  std::array<std::string, 6> roster;
  std::string result;  // the result written ("*" when none is)
  int moves = 0;       // how many moves it writes (plies)
  // A roster tag's value by name ("" for any other name).
  const std::string& tag(std::string_view name) const;
};

// A long read followed and stopped: `stop` (when not null) is polled as the text is read,
// and once it is set the read ends, refused with "line N: stopped". `units` grows with
// the work done: a byte of text scanned, a tag or a move read is one unit each (every
// read is linear: a text of n bytes costs O(n) units).
struct RecordWork {
  const std::atomic<bool>* stop = nullptr;
  uint64_t units = 0;
};

// The games of a record text, without playing their moves. Refused (bad-record, with the
// line): text that cannot be split into games (an unterminated comment, a broken tag,
// a character with no place in a record, more than MAX_RECORD_TEXT bytes or
// MAX_RECORD_GAMES games), or no game.
GameResult<std::vector<RecordInfo>> list_records(std::string_view text, RecordWork* work = nullptr);

// How many games a record text holds, split but not kept (refused as list_records is).
GameResult<size_t> count_records(std::string_view text, RecordWork* work = nullptr);

// Game `index`'s place in a record text (none when the text holds fewer games), and how
// many games the text holds, in one pass that keeps nothing else ("load N" answers
// "game N of M"). Refused as list_records is.
struct FoundRecord {
  std::optional<RecordInfo> info;
  size_t games = 0;
};
GameResult<FoundRecord> find_record(std::string_view text, size_t index, RecordWork* work = nullptr);

// Where a listing a few games at a time stands (start with a default cursor).
struct RecordCursor {
  size_t offset = 0;  // where the next game's text starts
  int line = 1;       // its line
  size_t games = 0;   // the games listed so far
  bool done = false;  // the text is listed to its end
};
// Lists at most `max_games` (at least 1) more games from the cursor on and moves it past
// them: the page's list with progress (cursor.offset of the text's size). With
// `max_bytes`, the call also ends at the first game (after one) that begins that far past
// the cursor, as the count with a cursor does. The calls together list what list_records
// does, refused as it is (the "no game" refusal comes with the call that reaches the end).
GameResult<std::vector<RecordInfo>> list_records(std::string_view text, RecordCursor& cursor, size_t max_games,
                                                 RecordWork* work = nullptr, size_t max_bytes = std::string_view::npos);

// Counts the games from the cursor on, about `max_bytes` of text at a time: the split ends
// at the first game (after one) that begins `max_bytes` or more past the cursor, which
// moves there; cursor.games is the count so far (returned), cursor.done once the text is
// counted to its end. The calls together count what count_records does, refused as it is
// (from the call that meets the refusal): a count that a page spreads over its turns.
GameResult<size_t> count_records(std::string_view text, RecordCursor& cursor, size_t max_bytes,
                                 RecordWork* work = nullptr);

// Reads game `index` (0 = the first) of a record text, playing its moves: all or nothing.
// Refused (bad-record) with "line N: ..." naming the move and the reason. The games
// before it are only split (not read), those after it not looked at.
GameResult<GameRecord> read_record(std::string_view text, size_t index = 0, RecordWork* work = nullptr);
// Reads the game a listing of the same text found, from its own text alone.
GameResult<GameRecord> read_record(std::string_view text, const RecordInfo& info, RecordWork* work = nullptr);

// Every game of a record text.
GameResult<std::vector<GameRecord>> read_records(std::string_view text);

// The record text of a game, lines of at most 80 characters, ending with a blank line
// (so that records can be joined into one file).
std::string write_record(const GameRecord& record);

}  // namespace dc
