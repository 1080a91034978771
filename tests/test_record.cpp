// Game records (core/record.h): the written form, round trips over many random games
// (tags, comments, glyphs and every kind of ending included), several games in one text,
// hostile records (each error names its line), and the historic notation of the game
// published on the Chess Variants site in 1997.
#include <catch2/catch_test_macros.hpp>

#include <algorithm>
#include <atomic>
#include <random>
#include <string>
#include <vector>

#include "record.h"
#include "rule_set.h"
#include "test_helpers.h"

using dc::GameErrorCode;
using dc::GameRecord;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

GameRecord read_ok(const std::string& text, size_t index = 0) {
  auto r = dc::read_record(text, index);
  INFO("record:\n" << text << (r ? std::string() : "\n-> " + r.error()));
  REQUIRE(r);
  return std::move(r.value());
}

// The game and everything around it are the same.
void check_same(const GameRecord& a, const GameRecord& b) {
  CHECK(a.tags == b.tags);
  CHECK(a.game.start_position() == b.game.start_position());
  CHECK(a.game.coordinate_moves() == b.game.coordinate_moves());
  CHECK(a.game.position().to_string() == b.game.position().to_string());
  CHECK(a.game.status().state == b.game.status().state);
  CHECK(a.game.status().reason() == b.game.status().reason());
  CHECK(std::string(a.game.result()) == b.game.result());
  CHECK(a.comments == b.comments);
  CHECK(a.glyphs == b.glyphs);
  CHECK(a.clocks == b.clocks);
}

const char* const WORDS[] = {"a",
                             "good",
                             "move",
                             "{",
                             "(",
                             ")",
                             "}",
                             "[x]",
                             ";",
                             "%",
                             "1-0",
                             "*",
                             "12.",
                             "W2c3",
                             "$5",
                             "\"",
                             "Zo\xC3\xAB",
                             "?!",
                             "\\",
                             "0-1",
                             "[%clk",
                             "0:01:00]",
                             "[%clk 0:00:07]",
                             "[%eval 0.3]"};

// Words of WORDS; `breaks`: sometimes a line break and a tab between them.
std::string random_text(std::mt19937& rng, int max_words, bool breaks) {
  std::string out;
  const int n = int(rng() % unsigned(max_words + 1));
  for (int i = 0; i < n; ++i)
    out += (i ? (rng() % 9 || !breaks ? " " : "\n\t ") : "") + std::string(WORDS[rng() % std::size(WORDS)]);
  return out;
}

// A random game record: random play with captures favoured (afar captures, promotions,
// long games), random tags, comments, glyphs and ending.
GameRecord random_record(std::mt19937& rng, const std::string& start, int plies) {
  GameRecord rec;
  auto g = dc::Game::from(start);
  REQUIRE(g);
  rec.game = std::move(g.value());
  dc::Position pos = rec.game.position();
  for (int i = 0; i < plies && !rec.game.status().over(); ++i) {
    dc::Move m = th::random_move(pos, rng, 0.6);
    REQUIRE(rec.game.play(dc::to_coordinate(m)));
    pos.make_move(m);
  }
  REQUIRE(rec.tags.set("Event", "Random \"game\" \\ " + std::to_string(rng() % 1000)));
  REQUIRE(rec.tags.set("Site", rng() % 2 ? "Zo\xC3\xAB's kitchen" : ""));
  char date[16];
  std::snprintf(date, sizeof date, "%04u.%02u.%02u", unsigned(1985 + rng() % 40), unsigned(1 + rng() % 12),
                unsigned(1 + rng() % 28));
  REQUIRE(rec.tags.set("Date", rng() % 4 ? date : "1997.??.??"));
  REQUIRE(rec.tags.set("Gold", random_text(rng, 3, false)));
  if (rng() % 2) REQUIRE(rec.tags.set("Annotator", "{not a comment}; [nor a tag]"));
  const char* controls[] = {"-", "300+3", "1/86400", "40/7200", "10+0.1", "0+1", "?"};
  if (rng() % 2) REQUIRE(rec.tags.set("TimeControl", controls[rng() % std::size(controls)]));
  rec.fit();
  if (rng() % 3 == 0)  // a clock after some moves: whole seconds, tenths, hours
    for (int i = 1; i <= rec.game.plies(); ++i)
      if (rng() % 4) REQUIRE(rec.set_clock(i, int64_t(rng() % 4 == 0 ? rng() % 400000000 : rng() % 300) * 100));
  for (int i = 0; i <= rec.game.plies(); ++i)
    if (rng() % 6 == 0) REQUIRE(rec.set_comment(i, random_text(rng, 12, true)));
  const char* glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
  for (int i = 1; i <= rec.game.plies(); ++i)
    if (rng() % 10 == 0) REQUIRE(rec.set_glyph(i, glyphs[rng() % 6]));
  if (!rec.game.status().over()) {
    switch (rng() % 5) {
      case 0: REQUIRE(rec.game.resign(dc::GOLD)); break;
      case 1: REQUIRE(rec.game.resign(dc::SCARLET)); break;
      case 2: REQUIRE(rec.game.agree_draw()); break;
      default: break;  // goes on
    }
  }
  return rec;
}

}  // namespace

TEST_CASE("a record is written in the documented form", "[record]") {
  GameRecord rec;
  REQUIRE(rec.game.play_all({"2h22h3", "2e72e6", "2e22e3"}));
  REQUIRE(rec.tags.set("Event", "Club \"night\""));
  REQUIRE(rec.tags.set("Date", "2025.03.14"));
  REQUIRE(rec.tags.set("Gold", "Ann"));
  REQUIRE(rec.tags.set("Annotator", "Bo"));
  rec.fit();
  REQUIRE(rec.set_comment(0, "  the   usual\nstart "));
  REQUIRE(rec.set_comment(1, "a quiet move}"));
  REQUIRE(rec.set_glyph(2, "?!"));
  REQUIRE(rec.game.resign(dc::SCARLET));
  CHECK(dc::write_record(rec) ==
        "[Event \"Club \\\"night\\\"\"]\n"
        "[Site \"?\"]\n"
        "[Date \"2025.03.14\"]\n"
        "[Round \"?\"]\n"
        "[Gold \"Ann\"]\n"
        "[Scarlet \"?\"]\n"
        "[Result \"1-0\"]\n"
        "[Variant \"Dragonchess\"]\n"
        "[Termination \"Scarlet resigns, Gold wins\"]\n"
        "[Annotator \"Bo\"]\n"
        "\n"
        "{ the usual start } 1. W2h3 { a quiet move) } 1... W2e6?! 2. W2e3 1-0\n"
        "\n");
  // Another start: SetUp and FEN; Scarlet to move first writes "N...".
  auto g = dc::Game::from(rec.game.position().to_string());
  REQUIRE(g);
  GameRecord other;
  other.game = std::move(g.value());
  REQUIRE(other.game.play("2d72d6"));
  const std::string text = dc::write_record(other);
  CHECK(contains(text, "[SetUp \"1\"]\n[FEN \"" + rec.game.position().to_string() + "\"]\n"));
  CHECK(contains(text, "\n2... W2d6 *\n"));
  CHECK_FALSE(contains(text, "Termination"));
}

TEST_CASE("write then read gives the same game over many random games", "[record]") {
  std::mt19937 rng(1985);
  const auto starts = th::random_positions(7, 4, 60, 0.5);
  const std::string promoting = th::fen_of({th::GK,
                                            th::SK,
                                            {"2a7", 'W'},
                                            {"2c6", 'W'},
                                            {"2e7", 'W'},
                                            {"2b2", 'w'},
                                            {"2d3", 'w'},
                                            {"2f2", 'w'},
                                            {"3g1", 'R'},
                                            {"3f8", 'r'},
                                            {"1c1", 'B'}});
  std::vector<GameRecord> all;
  std::string file;
  int long_games = 0, afar = 0, promotions = 0, resigned = 0, agreed = 0, board_ends = 0, set_up = 0;
  for (int i = 0; i < 48; ++i) {
    const bool from_start = i % 4 != 3 && i % 8 != 5;
    const std::string start = from_start   ? std::string(dc::START_POSITION)
                              : i % 8 == 5 ? promoting  // Warriors a step or two from their last rank
                                           : starts[size_t(i) % starts.size()];
    GameRecord rec = random_record(rng, start, i % 8 == 0 ? 420 : 150);
    const std::string text = dc::write_record(rec);
    GameRecord back = read_ok(text);
    INFO("game " << i << ":\n" << text);
    check_same(rec, back);
    CHECK(dc::write_record(back) == text);
    size_t from = 0, to;
    while ((to = text.find('\n', from)) != std::string::npos) {
      if (text[from] != '[') CHECK(to - from <= 80);  // the movetext's lines (the words here are short)
      from = to + 1;
    }
    long_games += rec.game.plies() >= 300;
    for (const dc::MoveText& m : rec.game.moves()) afar += m.move.is_afar(), promotions += m.move.is_promotion();
    const auto state = rec.game.status().state;
    resigned += state == dc::GameState::Resignation;
    agreed += state == dc::GameState::DrawAgreed;
    board_ends += rec.game.status().over() && state != dc::GameState::Resignation && state != dc::GameState::DrawAgreed;
    set_up += !from_start;
    file += text;
    all.push_back(std::move(rec));
  }
  // The sample holds what it should.
  CHECK(long_games >= 3);
  CHECK(afar >= 5);
  CHECK(promotions >= 5);
  CHECK(resigned >= 3);
  CHECK(agreed >= 2);
  CHECK(board_ends >= 1);
  CHECK(set_up >= 10);

  // All of them in one text.
  auto many = dc::read_records(file);
  REQUIRE(many);
  REQUIRE(many->size() == all.size());
  for (size_t i = 0; i < all.size(); ++i) check_same(all[i], (*many)[i]);
  auto list = dc::list_records(file);
  REQUIRE(list);
  REQUIRE(list->size() == all.size());
  int line = 1;
  for (size_t i = 0; i < all.size(); ++i) {
    const dc::RecordInfo& info = (*list)[i];
    for (const char* name : {"Event", "Site", "Date", "Round", "Gold", "Scarlet"})
      CHECK(info.tag(name) == all[i].tags.get(name));
    CHECK(info.moves == all[i].game.plies());
    CHECK(info.result == all[i].game.result());
    CHECK(info.line == line);
    const std::string text = dc::write_record(all[i]);
    line += int(std::count(text.begin(), text.end(), '\n'));
  }
  check_same(read_ok(file, 17), all[17]);
  auto none = dc::read_record(file, all.size());
  REQUIRE_FALSE(none);
  CHECK(contains(none.error(), "there is no game 49: the text holds 48"));
}

TEST_CASE("the reader takes PGN's other forms and every move notation", "[record]") {
  // Coordinates, Gygax's forms, the historic form, numbers glued to moves, "N..." and "…",
  // ( ) and ; comments, $ glyphs, check words apart, CRLF line ends, a byte order mark.
  const std::string text =
      "\xEF\xBB\xBF[Event \"mixed\"]\r\n[Variant \"dragonchess (Gygax 1985)\"]\r\n\r\n"
      "1.2h22h3 {one} 1...W2e6 $6 2. We3M ; to the end of the line\r\n"
      "2\xE2\x80\xA6 wd6M ! 3 W/2d2-2d3 (a (nested) comment) 3. ... w2e5 ch\n"
      "% an escaped line 4. W2a3\n"
      "4. Wi3M ?? 1/2-1/2\n";
  GameRecord rec = read_ok(text);
  CHECK(rec.tags.get("Event") == "mixed");
  CHECK(rec.game.coordinate_moves() ==
        std::vector<std::string>{"2h22h3", "2e72e6", "2e22e3", "2d72d6", "2d22d3", "2e62e5", "2i22i3"});
  CHECK(rec.comments ==
        std::vector<std::string>{"", "one", "", "to the end of the line", "", "a (nested) comment", "", ""});
  CHECK(rec.glyphs == std::vector<std::string>{"", "?!", "", "!", "", "", "??"});
  CHECK(rec.game.status().state == dc::GameState::DrawAgreed);
  // A bare list of moves is a game too; so is a game with tags and no moves.
  CHECK(read_ok("W2h3 W2e6").game.plies() == 2);
  CHECK(read_ok("[Event \"x\"]").game.plies() == 0);
  // Two games: a result ends one; tags after moves start the next.
  auto two = dc::read_records("1. W2h3 *\n1. W2e3 [Event \"next\"] 1. W2d3");
  REQUIRE(two);
  REQUIRE(two->size() == 3);
  CHECK((*two)[2].tags.get("Event") == "next");
  CHECK((*two)[2].game.coordinate_moves() == std::vector<std::string>{"2d22d3"});
}

TEST_CASE("the result must agree with the board; off the board it is a resignation or an agreed draw", "[record]") {
  // Gold mates (the position of the game tests).
  const std::string fen = "4c4k2/12/12/12/12/12/7R4/12/12/12/12/12/3T4U3/12/12/12/12/12/9K2/12/12/12/12/12 g 0 1";
  auto g0 = dc::Game::from(fen, {"2d42e3", "3e82e8"});
  REQUIRE(g0);
  std::string mate;
  for (const dc::MoveText& m : g0.value().legal_moves()) {
    dc::Game copy = g0.value();
    REQUIRE(copy.play(m.coordinate));
    if (copy.status().state == dc::GameState::Checkmate) mate = m.coordinate;
  }
  REQUIRE_FALSE(mate.empty());
  const std::string head = "[FEN \"" + fen + "\"]\n\n1. 2d42e3 3e82e8 2. " + mate + " ";
  CHECK(read_ok(head + "1-0").game.status().state == dc::GameState::Checkmate);
  CHECK(read_ok(head).game.status().state == dc::GameState::Checkmate);  // no result written: the board's
  for (const char* wrong : {"0-1", "1/2-1/2", "*"}) {
    auto r = dc::read_record(head + "\n" + wrong);
    REQUIRE_FALSE(r);
    CHECK(r.code() == GameErrorCode::BadRecord);
    CHECK(r.line() == 4);
    CHECK(contains(r.error(), std::string("line 4: the result ") + wrong +
                                  " is wrong: the game is over, checkmate, Gold wins (1-0)"));
  }
  // On a board where the game goes on: 1-0 = Scarlet resigned, 0-1 = Gold, ½ = agreed.
  GameRecord s = read_ok("1. W2h3 1-0");
  CHECK(s.game.status().reason() == "Scarlet resigns, Gold wins");
  CHECK(read_ok("[Result \"0-1\"] 1. W2h3").game.status().reason() == "Gold resigns, Scarlet wins");
  CHECK(read_ok("1. W2h3 1/2-1/2").game.status().state == dc::GameState::DrawAgreed);
  CHECK(read_ok("1. W2h3 *").game.status().state == dc::GameState::Ongoing);
  // A Termination tag that says a flag fell: the side to move lost on time (as the writer
  // writes it, and PGN's "time forfeit"); a result the flag does not give is refused.
  for (const char* term : {"Scarlet's time is up, Gold wins", "time forfeit", "Time forfeit"}) {
    GameRecord t = read_ok(std::string("[Termination \"") + term + "\"]\n\n1. W2h3 1-0");  // Scarlet to move
    CHECK(t.game.status().state == dc::GameState::Timeout);
    CHECK(t.game.status().winner == dc::GOLD);
  }
  auto wrong_flag = dc::read_record("[Termination \"time forfeit\"]\n\n1. W2h3 0-1");
  REQUIRE_FALSE(wrong_flag);
  CHECK(contains(
      wrong_flag.error(),
      "the result 0-1 is wrong: the Termination tag says a flag fell, and Scarlet's time is up, Gold wins (1-0)"));
  {
    dc::Game flagged;
    REQUIRE(flagged.play_all({"2c22c3", "2c72c6", "2d22d3"}));
    REQUIRE(flagged.flag());
    GameRecord out;
    out.game = flagged;
    GameRecord back = read_ok(dc::write_record(out));
    CHECK(back.game.status().state == dc::GameState::Timeout);
    CHECK(back.game.status().reason() == "Scarlet's time is up, Gold wins");
  }
  auto clash = dc::read_record("[Result \"1-0\"]\n\n1. W2h3 0-1");
  REQUIRE_FALSE(clash);
  CHECK(clash.line() == 3);
  CHECK(contains(clash.error(), "the result 0-1 is not the Result tag's 1-0"));
  // A move after the end.
  auto after = dc::read_record(head + "W2a7");
  REQUIRE_FALSE(after);
  CHECK(contains(after.error(), "line 3: move 2... 'W2a7': the game is over (checkmate, Gold wins)"));
}

TEST_CASE("hostile records are refused with the line, the move and the reason", "[record]") {
  struct Case {
    std::string text;
    int line;
    std::string message;
  };
  const std::string big(dc::MAX_RECORD_TEXT + 1, ' ');
  const std::vector<Case> cases = {
      {"", 1, "there is no game in this text"},
      {"\n\n  \n", 4, "there is no game in this text"},
      {"{ only a comment }", 1, "there is no game"},
      {"hello world", 1, "move 1. 'hello': cannot read 'hello'"},
      {std::string("1. W2h3\n\x01\x02garbage"), 2, "a control character (byte 0x01) has no place in a record"},
      {std::string("1. W2h3 W2e6\0\0", 15), 1, "a control character (byte 0x00)"},
      {"[Event \"x\"]\n\n1. W2h3 { never closed\n2. W2e3", 3,
       "the comment opened with '{' on this line has no closing '}'"},
      {"1. W2h3\n(a (nested) comment\n", 2, "the comment opened with '(' on this line has no closing ')'"},
      {"1. W2h3 }", 1, "unexpected '}'"},
      {"[Event \"x\"]\n[Site \"no end\n", 2, "the value of the tag 'Site' has no closing '\"' on its line"},
      {"[Event x]", 1, "the tag 'Event' has no value in double quotes"},
      {"[ \"x\"]", 1, "the name is missing"},
      {"[Event \"x\"", 1, "the tag 'Event' has no closing ']'"},
      {"[Event \"x\"]\n[Event \"y\"]", 2, "the tag Event is given twice"},
      {"[Date \"31 August 1997\"]", 1, "the Date tag is written YYYY.MM.DD"},
      {"[Result \"2-0\"]", 1, "the Result tag must be 1-0, 0-1, 1/2-1/2 or *, not '2-0'"},
      {"[Variant \"Chess\"]\n1. W2h3", 1, "this record is for 'Chess', not Dragonchess"},
      {"[SetUp \"1\"]\n1. W2h3", 1, "the SetUp tag is 1 but there is no FEN tag"},
      {"[Event \"x\"]\n[FEN \"12/12 g 0 1\"]", 2, "the FEN tag: bad position string"},
      {"[Round \"1\"]\n[Gold \"a\tb\"]", 2, "control character"},
      {"1. W2h3 W2e6\n2. W2e3 W2d6\n3. W2c4", 3, "move 3. 'W2c4': illegal move 'W2c4': no Gold Warrior can go to 2c4"},
      {"1. W2h3 W2e6\n3. W2e3", 2, "move number 3 where 2 was expected"},
      {"1. W2h3 W2e6 2. S3d3", 1, "move 2. 'S3d3': ambiguous move 'S3d3'"},
      {"! 1. W2h3", 1, "the glyph ! comes before any move"},
      {"1. W2h3 $", 1, "'$' must be followed by a number"},
      {"1. W2h3 \"x\"", 1, "unexpected '\"'"},
      {"1. W2h3 1234567890. W2e6", 1, "the move number '1234567890' is too large"},
      {big, 1, "the text is too long"},
  };
  for (const Case& c : cases) {
    INFO("record: " << c.text.substr(0, 200));
    auto r = dc::read_record(c.text);
    REQUIRE_FALSE(r);
    CHECK(r.code() == GameErrorCode::BadRecord);
    CHECK(r.line() == c.line);
    CHECK(r.error().rfind("line " + std::to_string(c.line) + ": ", 0) == 0);
    CHECK(contains(r.error(), c.message));
    auto all = dc::read_records(c.text);
    REQUIRE_FALSE(all);
    CHECK(all.error() == r.error());
  }
  // A bad game among good ones: the list still shows every game, reading it names its line.
  const std::string file = "1. W2h3 *\n\n[Event \"bad\"]\n1. W2h3 W2h6 2. W2h4 W2h5 3. W2h5 *\n\n1. W2e3 *\n";
  auto list = dc::list_records(file);
  REQUIRE(list);
  REQUIRE(list->size() == 3);
  CHECK((*list)[1].tag("Event") == "bad");
  CHECK((*list)[1].line == 3);
  auto bad = dc::read_record(file, 1);
  REQUIRE_FALSE(bad);
  CHECK(contains(bad.error(), "line 4: move 3. 'W2h5': illegal move"));
  CHECK(read_ok(file, 2).game.plies() == 1);
  // Garbage of every byte never crashes and always says where.
  std::mt19937 rng(42);
  for (int i = 0; i < 300; ++i) {
    std::string junk;
    const int n = int(rng() % 300);
    for (int k = 0; k < n; ++k) junk += char(rng() % 4 ? "1. W2h3{}()[]\";$*-/ \n"[rng() % 22] : char(rng()));
    auto r = dc::read_record(junk);
    if (!r) {
      CHECK(r.line() >= 1);
      CHECK(r.error().rfind("line ", 0) == 0);
    }
  }
}

TEST_CASE("tags: the roster is always there; bad names and values are refused", "[record]") {
  dc::Tags t;
  std::vector<std::string> names;
  for (const dc::Tag& tag : t.list()) names.push_back(tag.name);
  CHECK(names == std::vector<std::string>{"Event", "Site", "Date", "Round", "Gold", "Scarlet"});
  CHECK(t.get("Date") == "????.??.??");
  CHECK(t.get("Nothing").empty());
  REQUIRE(t.set("Opening", "Sylph rush"));
  REQUIRE(t.set("Gold", "Ann"));
  CHECK(t.list().back().name == "Opening");
  REQUIRE(t.set("Opening", ""));  // removed
  CHECK(t.list().size() == 6);
  REQUIRE(t.set("Gold", ""));  // unknown again
  CHECK(t.get("Gold") == "?");
  for (const char* bad : {"", "1x", "a b", "Result", "FEN", "SetUp", "Variant", "Termination", "x-y"})
    CHECK(t.set(bad, "v").code() == GameErrorCode::BadTag);
  CHECK(t.set("Event", "two\nlines").code() == GameErrorCode::BadTag);
  CHECK(t.set("Event", std::string(1001, 'x')).code() == GameErrorCode::BadTag);
  CHECK(t.set("Date", "1997-08-31").code() == GameErrorCode::BadTag);
  CHECK(t.set("Date", "1997.08.??"));
}

TEST_CASE("the historic notation reads the opening of the game published in 1997", "[record][historic]") {
  // "Game One, 31 August 1997, DragonChess Algorithm v2.2 v. David Lichtenstein", as the
  // Chess Variants site's Dragonchess games page prints it (moves 1-22, with its notes;
  // the text we could find ends at 22. Mf3M??).
  const std::string published =
      "1. Wh3M We6M\n2. We3M Wd6M\n3. Wd3M We5M\n4. Wi3M He3M\n5. Wg3M Wh6M\n6. Wg4M Uc6M\n7. Wf3M Wi6M\n"
      "8. Wf4M Wh5M\n9. We4M Hh6M\n10. He3M Uj6M\n11. Wh4M Ud4M?!\n"
      "(This overly aggressive foray could easily be thwarted by 12. Wc3M, but the human's 11th move does not "
      "meet the Algorithm's conditions for breaking out of book.)\n"
      "12. Hh3M Wf6M\n13. Ui2M Wg6M\n14. Ud2M Wf5M\n15. Pg3M?\n"
      "(The Algorithm has exhausted its fourteen move book and has calculated that it is ahead by 0.35 pts. "
      "[about 1/3 of a Warrior]. Version 2.0 had no opening book and would have faltered long ago. Version 2.1 "
      "would take the highest value piece it could with 15. Hxd4M? Version 2.2 can see that it will lose any "
      "available exchange at this point, so it bolsters the center with the text move. Only a vastly more "
      "powerful algorithm would see the imminent exchange on g4M and void the threat by 15. Wg5M!)\n"
      "15. ... Wfxg4M\n16. Txg4M?\n(Matters are only made worse by retaking; better may be 16. Hg2M.)\n"
      "16. ... Wxg4M\n17. Hxg4M Cd7M\n18. Wi4M Uh5M\n19. Wxh5M Wixh5M\n20. Hxh5M? Wxh5M\n21. Pxh5M?! Tg6M\n"
      "22. Mf3M??\n";
  // As printed, Scarlet's 4th move cannot be played: no Scarlet Hero reaches 2e3 (they
  // stand on 2c8 and 2j8). The reader says so, with the line.
  auto r = dc::read_record(published);
  REQUIRE_FALSE(r);
  CHECK(r.line() == 4);
  CHECK(r.error() == "line 4: move 4... 'He3M': illegal move 'He3M': no Scarlet Hero can go to 2e3");
  // With He6M (the Hero 2c8-2e6, which Hh6M and the later moves fit) the whole text reads,
  // every move legal and unambiguous. The coordinates were found by matching each move's
  // piece, file and destination against the legal moves (not with the reader under test).
  std::string fixed = published;
  fixed.replace(fixed.find("He3M"), 4, "He6M");
  GameRecord g = read_ok(fixed);
  const std::vector<std::string> expected = {
      "2h22h3", "2e72e6", "2e22e3", "2d72d6", "2d22d3", "2e62e5", "2i22i3", "2c82e6", "2g22g3", "2h72h6", "2g32g4",
      "2b82c6", "2f22f3", "2i72i6", "2f32f4", "2h62h5", "2e32e4", "2j82h6", "2c12e3", "2k82j6", "2h32h4", "2c62d4",
      "2j12h3", "2f72f6", "2k12i2", "2g72g6", "2b12d2", "2f62f5", "2h12g3", "2f52g4", "2d12g4", "2h52g4", "2h32g4",
      "2e82d7", "2i32i4", "2j62h5", "2i42h5", "2i62h5", "2g42h5", "2g62h5", "2g32h5", "2i82g6", "2f12f3"};
  CHECK(g.game.coordinate_moves() == expected);
  CHECK(g.glyphs[21] == "?!");  // 11... Ud4M?!
  CHECK(g.glyphs[28] == "?");   // 15. Pg3M?
  CHECK(g.glyphs[42] == "??");  // 22. Mf3M??
  CHECK(contains(g.comments[22], "overly aggressive foray"));
  CHECK(contains(g.comments[29], "[about 1/3 of a Warrior]"));
  CHECK(g.game.status().state == dc::GameState::Ongoing);
  // Written in today's notation, it reads back the same.
  check_same(g, read_ok(dc::write_record(g)));
}

namespace {

// The work of a read (RecordWork::units: bytes scanned, tags and moves read, names compared).
struct Cost {
  uint64_t units = 0;
  bool ok = false;
};
Cost list_cost(const std::string& text) {
  dc::RecordWork w;
  const bool ok = bool(dc::list_records(text, &w));
  return {w.units, ok};
}
Cost read_cost(const std::string& text, size_t index = 0) {
  dc::RecordWork w;
  const bool ok = bool(dc::read_record(text, index, &w));
  return {w.units, ok};
}
std::string repeat(const std::string& unit, size_t n) {
  std::string out;
  out.reserve(unit.size() * n);
  for (size_t i = 0; i < n; ++i) out += unit;
  return out;
}
std::string numbered(const std::string& before, size_t n, const std::string& after) {
  std::string out;
  for (size_t i = 0; i < n; ++i) out += before + std::to_string(i) + after;
  return out;
}
// Four times the text costs at most 4.5 times the work, and the work is at most `per_byte`
// units a byte: linear, whatever the shape.
void check_linear(const char* what, const Cost& small, const Cost& large, size_t small_bytes, double per_byte = 3) {
  INFO(what << ": " << small.units << " units for " << small_bytes << " bytes, " << large.units << " for 4 times that");
  CHECK(small.units > 0);
  CHECK(double(large.units) <= 4.5 * double(small.units));
  CHECK(double(small.units) <= per_byte * double(small_bytes));
}

}  // namespace

// Each shape of text that was (or could be) read in time growing with its square: a
// repeated-tag check by search (many tags), a listing that kept every game's moves, one
// game read after splitting all the others, long lines, many comments. The work is the
// reader's own count (RecordWork::units), not the clock.
TEST_CASE("reading is linear in the text, whatever its shape", "[record]") {
  const std::string move = "\n1. W2h3 *\n";
  SECTION("many tags") {
    for (size_t n : {200u, 800u}) {  // under the cap of MAX_TAGS
      const std::string text = numbered("[T", n, " \"v\"]\n") + move;
      REQUIRE(read_cost(text).ok);
    }
    const std::string a = numbered("[T", 200, " \"v\"]\n") + move, b = numbered("[T", 800, " \"v\"]\n") + move;
    check_linear("read, many tags", read_cost(a), read_cost(b), a.size());
    check_linear("list, many tags", list_cost(a), list_cost(b), a.size());
    // Beyond the cap: refused at the first tag too many, having looked at no more.
    const std::string over = numbered("[T", 400000, " \"v\"]\n") + move;
    dc::RecordWork w;
    auto r = dc::read_record(over, 0, &w);
    REQUIRE_FALSE(r);
    CHECK(r.error() == "line 995: a game has at most 1000 tags; T994 is one too many");
    CHECK(w.units < over.size() + 20000);  // one split of the text, then 995 tags
  }
  SECTION("many games: the list, the last game, every game through the list") {
    const std::string game = "[Event \"e\"]\n[Gold \"Ann\"]\n\n1. W2h3 W2e6 2. W2e3 { a note } W2d6 *\n\n";
    const std::string a = repeat(game, 1000), b = repeat(game, 4000);
    check_linear("list", list_cost(a), list_cost(b), a.size());
    check_linear("the last game", read_cost(a, 999), read_cost(b, 3999), a.size());
    // The first game: the split ends where the second begins, whatever follows.
    CHECK(read_cost(b, 0).units < 2 * game.size() + 100);
    // Every game read from its own text, after one listing: the text is scanned twice.
    auto list = dc::list_records(b);
    REQUIRE(list);
    dc::RecordWork w;
    for (const dc::RecordInfo& info : *list) REQUIRE(dc::read_record(b, info, &w));
    CHECK(w.units < 2 * b.size());
  }
  SECTION("a listing a few games at a time costs what one listing costs, and lists the same") {
    std::string text;
    for (int i = 0; i < 500; ++i)
      text += (i % 3 ? "" : "{ before } ") + std::string("[Event \"") + std::to_string(i) + "\"]\n1. W2h3 " +
              (i % 2 ? "*" : "") + "\n\n";
    text += "{ after the last game }\n";
    dc::RecordWork all_work, chunk_work;
    auto all = dc::list_records(text, &all_work);
    REQUIRE(all);
    REQUIRE(all->size() == 500);
    dc::RecordCursor cursor;
    std::vector<dc::RecordInfo> chunks;
    int calls = 0;
    while (!cursor.done) {
      auto part = dc::list_records(text, cursor, 7, &chunk_work);
      REQUIRE(part);
      CHECK(part->size() <= 7);
      chunks.insert(chunks.end(), part->begin(), part->end());
      ++calls;
    }
    CHECK(calls == 72);  // 71 full chunks and the last 3 games
    CHECK(cursor.games == 500);
    CHECK(cursor.offset == text.size());
    REQUIRE(chunks.size() == all->size());
    for (size_t i = 0; i < chunks.size(); ++i) {
      INFO("game " << i);
      CHECK(chunks[i].offset == (*all)[i].offset);
      CHECK(chunks[i].length == (*all)[i].length);
      CHECK(chunks[i].line == (*all)[i].line);
      CHECK(chunks[i].roster == (*all)[i].roster);
      CHECK(chunks[i].result == (*all)[i].result);
      CHECK(chunks[i].moves == (*all)[i].moves);
      // Read through its listing or by its number: the same game, comments included.
      auto by_info = dc::read_record(text, chunks[i]);
      auto by_index = dc::read_record(text, i);
      REQUIRE(by_info);
      REQUIRE(by_index);
      check_same(*by_info, *by_index);
    }
    CHECK(chunk_work.units <= all_work.units + 72 * 40);  // each chunk re-reads at most the game it stopped at
    // The games cover the text: each begins where the one before it ends.
    for (size_t i = 1; i < chunks.size(); ++i) CHECK(chunks[i].offset == chunks[i - 1].offset + chunks[i - 1].length);
    CHECK(chunks.back().offset + chunks.back().length == text.size());
    auto last = dc::read_record(text, chunks.back());
    REQUIRE(last);
    CHECK(last->comments.back() == "after the last game");
    CHECK(dc::read_record(text, 6)->comments[0] == "before");  // game 5 ended with its result
    CHECK(dc::read_record(text, 2)->comments[1] == "before");  // game 2 had none: its comment
  }
  SECTION("long lines, many comments, move numbers, glyphs, nesting, line ends") {
    const std::string game = "1. W2h3 W2e6 2. W2e3 W2d6 *\n";
    const std::string a = repeat(game, 500), b = repeat(game, 2000);
    auto one_line = [](std::string t) {
      std::replace(t.begin(), t.end(), '\n', ' ');
      return t;
    };
    auto crlf = [](const std::string& t) {
      std::string out;
      for (char c : t) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
      return out;
    };
    check_linear("one line", list_cost(one_line(a)), list_cost(one_line(b)), a.size());
    check_linear("CRLF", list_cost(crlf(a)), list_cost(crlf(b)), a.size());
    check_linear("many comments", read_cost("1. W2h3 " + repeat("{c} ", 20000)),
                 read_cost("1. W2h3 " + repeat("{c} ", 80000)), 8 + 4 * 20000);
    check_linear("many ; comments", read_cost("1. W2h3\n" + repeat(";c\n", 20000)),
                 read_cost("1. W2h3\n" + repeat(";c\n", 80000)), 8 + 3 * 20000);
    check_linear("many move numbers", read_cost(repeat("1. ", 20000) + "W2h3"),
                 read_cost(repeat("1. ", 80000) + "W2h3"), 3 * 20000 + 4);
    check_linear("many glyphs", read_cost("1. W2h3 " + repeat("$1 ", 20000)),
                 read_cost("1. W2h3 " + repeat("$1 ", 80000)), 8 + 3 * 20000);
    check_linear("nested ( )", read_cost("1. W2h3 " + std::string(20000, '(') + std::string(20000, ')')),
                 read_cost("1. W2h3 " + std::string(80000, '(') + std::string(80000, ')')), 8 + 40000);
    check_linear("byte order marks between files", list_cost(repeat("\xEF\xBB\xBF" + game, 500)),
                 list_cost(repeat("\xEF\xBB\xBF" + game, 2000)), 500 * (game.size() + 3));
    // What the comments hold is what was written: nothing lost, nothing doubled.
    auto r = dc::read_record("1. W2h3 " + repeat("{c} ", 80000));
    REQUIRE(r);
    CHECK(r->comments[1].size() == 2 * 80000 - 1);
  }
  SECTION("a token of megabytes is refused having looked at no more than a move's length of it") {
    for (const std::string& token :
         {std::string(1 << 20, 'x'), std::string(1 << 20, '7'), "W2h3" + repeat("(H)", 300000)}) {
      dc::RecordWork w;
      auto r = dc::list_records(token, &w);
      REQUIRE_FALSE(r);
      CHECK(r.error().find("is too long to be a move (at most 100 characters)") != std::string::npos);
      CHECK(w.units <= 110);
    }
    // An unclosed comment or tag value is scanned once, to the end of the text (or the line).
    const std::string unclosed = "1. W2h3 {" + std::string(1 << 20, 'x');
    dc::RecordWork w;
    REQUIRE_FALSE(dc::list_records(unclosed, &w));
    CHECK(w.units <= unclosed.size());
  }
  SECTION("a stop flag ends a read at once") {
    std::atomic<bool> stop{true};
    dc::RecordWork w{&stop};
    const std::string text = repeat("1. W2h3 W2e6 *\n", 100000);
    auto r = dc::list_records(text, &w);
    REQUIRE_FALSE(r);
    CHECK(r.error().find(": stopped") != std::string::npos);
    CHECK(w.units <= 70000);  // the first 64 KB
  }
}

TEST_CASE("games beyond MAX_RECORD_GAMES are refused at the first one too many", "[record]") {
  const std::string text = repeat("*\n", dc::MAX_RECORD_GAMES + 5);
  dc::RecordWork w;
  auto r = dc::list_records(text, &w);
  REQUIRE_FALSE(r);
  CHECK(r.error() ==
        "line 100001: the text holds more than 100000 games (at most that many are read from one text: "
        "split it)");
  CHECK(w.units <= 2 * dc::MAX_RECORD_GAMES + 2);
  CHECK(dc::list_records(repeat("*\n", dc::MAX_RECORD_GAMES))->size() == dc::MAX_RECORD_GAMES);
  auto found = dc::find_record(repeat("*\n", 5), 7);
  REQUIRE(found);
  CHECK_FALSE(found->info);
  CHECK(found->games == 5);
}

namespace {
// A text counted `max_bytes` at a time (count_records with a cursor, resumed to the end or
// the first refusal): the count, or "line N: reason"; the offsets each call stopped at.
std::string counted_in_steps(const std::string& text, size_t max_bytes, std::vector<std::pair<size_t, int>>* stops) {
  dc::RecordCursor cursor;
  for (;;) {
    const size_t from = cursor.offset;
    auto r = dc::count_records(text, cursor, max_bytes);
    if (!r) return r.error();
    if (cursor.done) return std::to_string(*r);
    REQUIRE(cursor.offset > from);  // each call moves on
    REQUIRE(*r == cursor.games);
    if (stops) stops->push_back({cursor.offset, cursor.line});
  }
}
std::string counted_at_once(const std::string& text) {
  auto r = dc::count_records(text);
  return r ? std::to_string(*r) : r.error();
}
}  // namespace

TEST_CASE("a count resumed a stretch of text at a time: the count and the refusal of one count", "[record]") {
  std::string games =
      "\xEF\xBB\xBF% an escape line\n{ before the first game }\n[Event \"One\"]\n[Gold \"Ann\"]\n\n"
      "1. W2h3 {a comment\nof two lines} W2e6 (a (nested) variation) 2. W2e3 1-0\n\n"
      "{ between games } ; a line comment\n[Event \"Two\"]\n1. W2h3 $1 W2e6\n"  // no result: the tags end it
      "[Event \"Three\"]\n\n1. W2h3 *\n1. W2h3 W2e6 0-1 2. W2e3 *\n{ after the last game }\n";
  auto crlf = [](const std::string& t) {
    std::string out;
    for (char c : t) out += c == '\n' ? std::string("\r\n") : std::string(1, c);
    return out;
  };
  const std::vector<std::pair<std::string, std::string>> texts = {
      {"games, comments, escapes", games},
      {"CRLF", crlf(games)},
      {"an unclosed comment in the last game", games + "[Event \"Four\"]\n1. W2h3 {never closed\n"},
      {"a stray '%' in the third game", crlf(games) + "1. W2h3 %junk *\n"},
      {"a broken tag after many games", repeat("[Event \"x\"]\n1. W2h3 *\n", 40) + "[Event \"y\n1. W2h3 *\n"},
      {"no game", "{ only a comment }\r\n; and another\n"},
  };
  for (const auto& [name, text] : texts) {
    INFO(name);
    const std::string once = counted_at_once(text);
    auto list = dc::list_records(text);
    for (size_t max_bytes = 1; max_bytes <= text.size() + 1; ++max_bytes) {
      INFO("max_bytes " << max_bytes);
      std::vector<std::pair<size_t, int>> stops;
      CHECK(counted_in_steps(text, max_bytes, &stops) == once);
      // Each call stops where a game of the listing begins, on its line.
      if (!list) continue;
      for (const auto& stop : stops) {
        auto at =
            std::find_if(list->begin(), list->end(), [&](const dc::RecordInfo& i) { return i.offset == stop.first; });
        REQUIRE(at != list->end());
        CHECK(at->line == stop.second);
      }
    }
  }
  CHECK(counted_at_once(games) == "5");
  CHECK(counted_at_once(texts[2].second).find("line 18: the comment opened with '{' on this line has no closing '}'") ==
        0);
  CHECK(counted_at_once(texts[5].second) == "line 3: there is no game in this text");
  SECTION("more than MAX_RECORD_GAMES: refused at the first one too many, whatever the stretch") {
    const std::string many = repeat("*\r\n", dc::MAX_RECORD_GAMES + 5);
    const std::string refusal =
        "line 100001: the text holds more than 100000 games (at most that many are read from "
        "one text: split it)";
    CHECK(counted_at_once(many) == refusal);
    for (size_t max_bytes : {size_t(1), size_t(7), size_t(4096), size_t(65536), many.size()})
      CHECK(counted_in_steps(many, max_bytes, nullptr) == refusal);
    const std::string most = repeat("*\r\n", dc::MAX_RECORD_GAMES);
    CHECK(counted_in_steps(most, 4096, nullptr) == "100000");
  }
  SECTION("a bounded stretch: a call splits its bytes and at most the game it stopped in") {
    const std::string text = repeat("[Event \"x\"]\n1. W2h3 W2e6 *\n\n", 1000);
    dc::RecordCursor cursor;
    int calls = 0;
    while (!cursor.done) {
      dc::RecordWork w;
      REQUIRE(dc::count_records(text, cursor, 1000, &w));
      CHECK(w.units <= 1000 + 2 * 30);
      ++calls;
    }
    CHECK(cursor.games == 1000);
    CHECK(calls == 28);  // 27 stretches of 36 games (1,008 bytes) and the rest
    // A listing given as many bytes stops at the same games, and lists what one listing does.
    dc::RecordCursor list_cursor;
    std::vector<dc::RecordInfo> listed;
    for (calls = 0; !list_cursor.done; ++calls) {
      auto part = dc::list_records(text, list_cursor, 500, nullptr, 1000);
      REQUIRE(part);
      CHECK(part->size() == (calls < 27 ? 36u : 28u));
      listed.insert(listed.end(), part->begin(), part->end());
    }
    CHECK(calls == 28);
    auto all = dc::list_records(text);
    REQUIRE(all);
    REQUIRE(listed.size() == all->size());
    for (size_t i = 0; i < listed.size(); ++i) CHECK(listed[i].offset == (*all)[i].offset);
  }
}

TEST_CASE("'%' is an escape only in a line's first column; $ glyphs are PGN's $0..$255", "[record]") {
  // A line that starts with '%' is ignored (after byte order marks too: files joined).
  GameRecord r = read_ok("%escaped W2a3\n1. W2h3 W2e6\n\xEF\xBB\xBF%escaped too\n2. W2e3 *");
  CHECK(r.game.plies() == 3);
  struct Bad {
    const char* text;
    int line;
    const char* message;
  };
  for (const Bad& b : std::initializer_list<Bad>{
           {"1. W2h3 %junk", 1, "line 1: '%' has no place here: it starts an escape"},
           {"1. W2h3\n  % indented", 2, "line 2: '%' has no place here"},
           {"1. W2h3 $12345", 1, "line 1: '$12345' is not a glyph: PGN's glyphs are $0 to $255"},
           {"1. W2h3 $256", 1, "line 1: '$256' is not a glyph"},
           {"1. W2h3 $99999999999999999999999", 1, "'$99999999999999999999999' is not a glyph"},
           {"\xFF\xFE[\0E\0", 1, "line 1: this text is UTF-16"},
       }) {
    INFO(b.text);
    auto e = dc::read_record(b.text);
    REQUIRE_FALSE(e);
    CHECK(e.line() == b.line);
    CHECK(e.error().find(b.message) != std::string::npos);
  }
  // $0 and $7..$255 carry nothing this reader keeps; $1..$6 are the six glyphs.
  GameRecord g = read_ok("1. W2h3 $0 $7 $255 W2e6 $4");
  CHECK(g.glyphs == std::vector<std::string>{"", "??"});
}

TEST_CASE("TimeControl: checked as the game clock reads it, or - or ?", "[record][clock]") {
  dc::Tags t;
  for (const char* good : {"?", "-", "300+3", "300", "10+0.1", "0+1", "1/86400", "1/259200", "40/7200", "40/60+1"}) {
    INFO(good);
    REQUIRE(t.set("TimeControl", good));
    CHECK(t.get("TimeControl") == good);
    GameRecord rec;
    rec.tags = t;
    const auto tc = rec.time_control();
    CHECK(bool(tc) == (std::string(good) != "?" && std::string(good) != "-"));
    if (tc) CHECK(dc::time_control_text(*tc) == good);
  }
  // PGN's other forms (periods after a ':', an hourglass) are not clocks the game plays.
  for (const char* bad : {"300+", "+3", "abc", "300+x", "-5", "5.", ".5", "5.1234", "0", "0+0", "300:", "40/7200:3600",
                          "*60", "99999999999999+1", "0/60", "/60", "3 00", "1/86400/2", "5 minutes"}) {
    INFO(bad);
    auto r = t.set("TimeControl", bad);
    REQUIRE_FALSE(r);
    CHECK(r.code() == GameErrorCode::BadTag);
    CHECK(r.error().rfind("the TimeControl tag '" + std::string(bad) + "' cannot be read: time control '", 0) == 0);
    CHECK(r.error().find("; or - for no clock, ? for unknown") != std::string::npos);
  }
  CHECK(GameRecord().time_control() == std::nullopt);
  // Read and written back as it is; a bad one refused with its line.
  CHECK(read_ok("[TimeControl \"1/259200\"]\n1. W2h3 *").tags.get("TimeControl") == "1/259200");
  auto r = dc::read_record("[Event \"x\"]\n[TimeControl \"1/x\"]\n1. W2h3 *");
  REQUIRE_FALSE(r);
  CHECK(r.line() == 2);
  CHECK(r.error().rfind("line 2: the TimeControl tag '1/x' cannot be read: time control '1/x': the base time must be "
                        "a number of seconds",
                        0) == 0);
}

TEST_CASE("clocks: [%clk] after a move, read into the game and written back beside the comment", "[record][clock]") {
  for (auto [ms, text] : std::initializer_list<std::pair<int64_t, const char*>>{{297000, "0:04:57"},
                                                                                {0, "0:00:00"},
                                                                                {3600500, "1:00:00.5"},
                                                                                {86400000, "24:00:00"},
                                                                                {1209600000, "336:00:00"},
                                                                                {61250, "0:01:01.25"},
                                                                                {1, "0:00:00.001"}}) {
    CHECK(dc::clock_text(ms) == text);
    CHECK(dc::parse_clock(text) == ms);
  }
  for (const char* bad : {"", "4:57", "0:4:57", "0:04:5", "0:60:00", "0:00:60", "123456:00:00", "0:04:57.",
                          "0:04:57.1234", "-0:04:57", "0:04:57 ", "a:04:57", "0:04:57x"})
    CHECK(dc::parse_clock(bad) == -1);
  const std::string text =
      "[TimeControl \"300+3\"]\n\n1. W2h3 { [%clk 0:04:58] } 1... W2e6 { Bold. [%clk 0:05:01.5] A wing attack }\n"
      "2. W2e3 { [%eval 0.3] } { [%clk\n0:04:40] } *\n";
  GameRecord r = read_ok(text);
  CHECK(r.clocks == std::vector<int64_t>{298000, 301500, 280000});
  CHECK(r.comments == std::vector<std::string>{"", "", "Bold. A wing attack", "[%eval 0.3]"});
  const std::string written = dc::write_record(r);
  CHECK(written.find("\n1. W2h3 { [%clk 0:04:58] } 1... W2e6 { [%clk 0:05:01.5] Bold. A wing attack }\n"
                     "2. W2e3 { [%clk 0:04:40] [%eval 0.3] } *\n") != std::string::npos);
  check_same(r, read_ok(written));
  // A comment's own text never becomes a clock; a clock is set as one.
  REQUIRE(r.set_comment(1, "see [%clk 1:00:00] here"));
  CHECK(r.comments[1] == "see [ %clk 1:00:00] here");
  REQUIRE(r.set_clock(1, 5000));
  CHECK_FALSE(r.set_clock(0, 5000));
  CHECK_FALSE(r.set_clock(4, 5000));
  CHECK_FALSE(r.set_clock(1, -2));
  CHECK(r.set_clock(1, -1));  // not known
  check_same(r, read_ok(dc::write_record(r)));
  // ( ) and ; comments are text: a clock there stays text, never read back as one.
  GameRecord p = read_ok("1. W2h3 ([%clk 0:01:00] a line) ;[%clk 0:02:00]\n*");
  CHECK(p.clocks == std::vector<int64_t>{-1});
  CHECK(p.comments[1] == "[ %clk 0:01:00] a line [ %clk 0:02:00]");
  check_same(p, read_ok(dc::write_record(p)));
  struct Bad {
    const char* text;
    const char* message;
  };
  for (const Bad& b : std::initializer_list<Bad>{
           {"{ [%clk 0:04:57] } 1. W2h3", "line 1: the clock '[%clk 0:04:57]' comes before any move"},
           {"1. W2h3 { [%clk 0:4:57] }", "line 1: the clock '[%clk 0:4:57]' is not written H:MM:SS"},
           {"1. W2h3 { [%clk 0:04:57 }", "line 1: the clock '[%clk 0:04:57' has no closing ']'"},
           {"1. W2h3 { [%clk 0:01:00] [%clk 0:02:00] }", "line 1: a second clock for the same move"},
           {"1. W2h3\n{ [%clk 0:01:00] }\n{ [%clk 0:02:00] }", "line 3: a second clock for the same move"},
           {"1. W2h3 { [%clk 99999999:00:00] }", "is not written H:MM:SS"},
       }) {
    INFO(b.text);
    auto e = dc::read_record(b.text);
    REQUIRE_FALSE(e);
    CHECK(e.error().find(b.message) != std::string::npos);
  }
}

TEST_CASE("a refused record names its line and its reason by keys the page words", "[record]") {
  // The line wraps the reason; a move that cannot be played nests the game's refusal.
  auto r = dc::read_record("[Event \"x\"]\n\n1. W2h3 w2h6 2. W2c5");
  REQUIRE_FALSE(r);
  CHECK(r.line() == 3);
  CHECK(r.key() == "record.line");
  REQUIRE(r.args().size() == 2);
  CHECK(r.args()[0] == dc::ErrorArg{"line", "3"});
  const dc::Error& move = *r.args()[1].said;
  CHECK(move.key == "record.move");
  CHECK(move.message == "move 2. 'W2c5': illegal move 'W2c5': no Gold Warrior can go to 2c5");
  REQUIRE(move.args.size() == 3);
  CHECK(move.args[0] == dc::ErrorArg{"number", "2."});
  CHECK(move.args[1] == dc::ErrorArg{"move", "W2c5"});
  CHECK(move.args[2].said->key == "move.noneGoes");
  CHECK(r.error() == "line 3: " + move.message);
  // A tag's refusal nests the time control's; the result against the board nests the end.
  auto tc = dc::read_record("[TimeControl \"x\"]\n*");
  REQUIRE_FALSE(tc);
  const dc::Error& tag = *tc.args()[1].said;
  CHECK(tag.key == "tag.timeControl");
  CHECK(tag.args[0] == dc::ErrorArg{"value", "x"});
  CHECK(tag.args[1].said->key == "timeControl.bad");
  CHECK(tag.args[1].said->args[1].said->key == "timeControl.base");
  auto flag = dc::read_record("[Termination \"time forfeit\"]\n1. W2h3 0-1");
  REQUIRE_FALSE(flag);
  const dc::Error& wrong = *flag.args()[1].said;
  CHECK(wrong.key == "record.resultFlag");
  CHECK(wrong.args ==
        dc::ErrorArgs{{"result", "0-1"},
                      {"board", "1-0"},
                      dc::nested("reason", dc::make_error("status.timeout", {{"winner", "gold"}, {"loser", "scarlet"}},
                                                          "Scarlet's time is up, Gold wins"))});
  // Not of a line: the game asked for is not there.
  auto none = dc::read_record("*", 2);
  REQUIRE_FALSE(none);
  CHECK(none.key() == "record.noSuchGame");
  CHECK(none.args() == dc::ErrorArgs{{"number", "3"}, {"games", "1"}});
  CHECK(none.error() == "there is no game 3: the text holds 1");
  // The reads the page never stops are not keyed when stopped: no half-keyed refusal.
  std::atomic<bool> stop{true};
  dc::RecordWork work{&stop};
  std::string comments;
  for (int i = 0; i < 40000; ++i) comments += "{x} ";
  auto stopped = dc::read_record(comments + "*", 0, &work);
  REQUIRE_FALSE(stopped);
  CHECK(stopped.error() == "line 1: stopped");
  CHECK(stopped.key().empty());
}

TEST_CASE("a move after the end names the end by its state and sides", "[record][game]") {
  dc::Game g;
  REQUIRE(g.resign(dc::GOLD));
  auto r = g.play("2c22c3");
  REQUIRE_FALSE(r);
  CHECK(r.error() == "the game is over (Gold resigns, Scarlet wins)");
  CHECK(r.key() == "game.over");
  CHECK(r.args() == dc::ErrorArgs{dc::nested(
                        "reason", dc::make_error("status.resignation", {{"winner", "scarlet"}, {"loser", "gold"}},
                                                 "Gold resigns, Scarlet wins"))});
  CHECK(dc::game_over(g.status()).message == r.error());
  dc::Game d;
  REQUIRE(d.agree_draw());
  CHECK(d.status().refusal() == dc::make_error("status.draw-agreed", {}, "draw by agreement"));
  auto unknown = dc::parse_rules("chess");
  REQUIRE_FALSE(unknown);
  CHECK(unknown.key() == "rules.unknown");
  CHECK(unknown.args() == dc::ErrorArgs{{"name", "chess"}});
}
