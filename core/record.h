// Game records: the text format of saved games, in the spirit of PGN (docs/notation.md, "Game
// records", documents it with an example). One reader and one writer for the
// command-line engine, the wasm facade and the page.
//
//   [Event "Casual game"]            tag pairs: the roster (Event, Site, Date, Round, Gold,
//   [Site "?"]                       Scarlet), then Result, Variant, SetUp and FEN (when the
//   [Date "2025.03.14"]              start is not the standard one), Termination (when the
//   [Round "?"]                      game is over), then any other tags
//   [Gold "Ann"]
//   [Scarlet "Computer, level 3"]
//   [Result "0-1"]
//   [Variant "Dragonchess"]
//   [Termination "Gold resigns, Scarlet wins"]
//
//   1. W2h3 w2e6 2. W2e3 { a comment } 2... w2d6?! 0-1
//
// Result, Variant, SetUp, FEN and Termination are written from the game, not kept as
// tags. A decisive result on a board where the game goes on is a resignation, a drawn
// one a draw by agreement. The reader takes every move form of core/notation (Gygax's
// algebraic notation, coordinates, the historic "Wh3M"), comments in { } or ( ) or after
// ';', the glyphs ! ? !! ?? !? ?! (and $1..$6), and several games one after the other.
// A record that cannot be read is rejected with its line, the move and the reason.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "game.h"

namespace dc {

// The Variant tag names the rule set (core/rule_set.h: "Dragonchess" for Gygax's rules,
// "Dragonchess (BGA)" for Board Game Arena's); a record naming another variant is
// refused.
// The longest record text read at all (a file of many games).
inline constexpr size_t MAX_RECORD_TEXT = 16u << 20;

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
  // ('?' for unknown digits), and the tags written from the game (Result, Variant,
  // SetUp, FEN, Termination).
  GameResult<Tag> set(std::string_view name, std::string_view value);
  const std::vector<Tag>& list() const { return tags_; }
  bool operator==(const Tags&) const = default;

 private:
  std::vector<Tag> tags_;
};

// One game of a record: its tags, the game (start, moves, result), and the comments and
// glyphs around its moves.
struct GameRecord {
  Tags tags;
  Game game;
  // comments[0]: before the first move; comments[i + 1]: after ply i. glyphs[i]: the
  // glyph of ply i ("", "!", "?", "!!", "??", "!?", "?!"). fit() sizes both to the game.
  std::vector<std::string> comments, glyphs;

  // Sizes comments and glyphs to the game's plies (drops those of moves taken back).
  void fit();
  // Sets the comment after ply `ply` (0: before the first move): whitespace runs become
  // one space, '}' becomes ')'. False if there is no such ply.
  bool set_comment(int ply, std::string_view text);
  // Sets the glyph of ply `ply` (1 = the first move): "", or one of the six glyphs.
  bool set_glyph(int ply, std::string_view glyph);
};

// What a record file holds, read without playing the moves: for a game list.
struct RecordInfo {
  int line = 0;     // the line its text starts on
  Tags tags;        // its tags (unknown ones as written; Result etc. not among them)
  std::string result;  // the result written ("*" when none is)
  int moves = 0;    // how many moves it writes (plies)
};

// The games of a record text, without playing their moves. Refused (bad-record, with the
// line): text that cannot be split into games (an unterminated comment, a broken tag,
// a character with no place in a record, more than MAX_RECORD_TEXT bytes), or no game.
GameResult<std::vector<RecordInfo>> list_records(std::string_view text);

// Reads game `index` (0 = the first) of a record text, playing its moves: all or nothing.
// Refused (bad-record) with "line N: ..." naming the move and the reason.
GameResult<GameRecord> read_record(std::string_view text, size_t index = 0);

// Every game of a record text.
GameResult<std::vector<GameRecord>> read_records(std::string_view text);

// The record text of a game, lines of at most 80 characters, ending with a blank line
// (so that records can be joined into one file).
std::string write_record(const GameRecord& record);

}  // namespace dc
