// Position strings (docs/rules.md §6.1): reading one, with a refusal that names what is
// wrong, and writing one. Apart from position.cpp so that the page's build compiles it
// for size: it is not on the search's path.
#include <charconv>

#include "movegen.h"
#include "position.h"

namespace dc {

namespace {

std::string rank_label(int index) {  // index 0..23 in string order
  int level = 3 - index / 8, rank = 8 - index % 8;
  return "level " + std::to_string(level) + " rank " + std::to_string(rank);
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) {
      out.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

std::string quoted(std::string_view s) { return "'" + printable(s) + "'"; }

// A refusal's arguments naming a rank (its level and rank, as rank_label says them) first.
ErrorArgs on_rank(int index, ErrorArgs args) {
  args.insert(args.begin(), {{"level", std::to_string(3 - index / 8)}, {"rank", std::to_string(8 - index % 8)}});
  return args;
}

Error too_many_squares(int index) {
  return make_error("position.tooManySquares", on_rank(index, {}), rank_label(index) + " has more than 12 squares");
}

bool parse_number(std::string_view s, int max, int& out) {
  if (s.empty() || s.size() > 6) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  auto r = std::from_chars(s.data(), s.data() + s.size(), out);
  return r.ec == std::errc() && out <= max;
}

}  // namespace

Result<Position> Position::from_string(std::string_view text, Rules rules) {
  if (text.size() > 2000)
    return make_error("position.tooLong", {{"length", std::to_string(text.size())}},
                      "position string too long (" + std::to_string(text.size()) + " characters)");
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r' || text.back() == '\t'))
    text.remove_suffix(1);
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  if (text.empty()) return make_error("position.empty", {}, "empty position string");

  auto fields = split(text, ' ');
  for (auto f : fields)
    if (f.empty())
      return make_error("position.spaces", {}, "fields of a position string are separated by exactly one space");
  if (fields.size() != 4)
    return make_error(
        "position.fields", {{"found", std::to_string(fields.size())}},
        "position string needs 4 fields (placement, side to move, quiet-move counter, move number), found " +
            std::to_string(fields.size()));

  Position pos;
  pos.rules_ = rules;
  pos.key_ = zobrist::rule_set(rules);
  auto ranks = split(fields[0], '/');
  if (ranks.size() != 24)
    return make_error("position.ranks", {{"found", std::to_string(ranks.size())}},
                      "placement needs 24 ranks separated by '/' (8 per level), found " + std::to_string(ranks.size()));

  int kings[COLOR_NB] = {0, 0};
  for (int i = 0; i < 24; ++i) {
    int level = 2 - i / 8, rank = 7 - i % 8;
    std::string_view r = ranks[i];
    int file = 0;
    for (size_t j = 0; j < r.size();) {
      char c = r[j];
      if (c >= '0' && c <= '9') {
        size_t k = j;
        while (k < r.size() && r[k] >= '0' && r[k] <= '9') ++k;
        int n = 0;
        if (!parse_number(r.substr(j, k - j), 99, n) || n < 1 || n > 12)
          return make_error(
              "position.emptyCount", on_rank(i, {{"count", printable(r.substr(j, k - j))}}),
              "bad count of empty squares " + quoted(r.substr(j, k - j)) + " on " + rank_label(i) + " (1 to 12)");
        file += n;
        j = k;
      } else {
        Piece p = piece_from_char(c);
        if (p == NO_PIECE)
          return make_error("position.unknownLetter", on_rank(i, {{"letter", printable(r.substr(j, 1))}}),
                            "unknown piece letter " + quoted(r.substr(j, 1)) + " on " + rank_label(i));
        if (file >= FILES) return too_many_squares(i);
        Square s = make_square(level, file, rank);
        PieceType t = type_of(p);
        if (!may_stand_on(t, Level(level)))
          return make_error("position.wrongLevel",
                            {{"side", color_id(color_of(p))},
                             {"piece", std::string(1, PIECE_LETTERS[t])},
                             {"square", square_name(s)},
                             {"level", std::to_string(level + 1)}},
                            std::string(color_name(color_of(p))) + " " + piece_type_name(t) + " on " + square_name(s) +
                                ": the " + piece_type_name(t) + " can never stand on level " +
                                std::to_string(level + 1));
        if (t == WARRIOR && rank == (color_of(p) == GOLD ? RANK_8 : RANK_1))
          return make_error("position.warriorLastRank", {{"side", color_id(color_of(p))}, {"square", square_name(s)}},
                            std::string(color_name(color_of(p))) + " Warrior on " + square_name(s) +
                                ": a Warrior on its last rank must already be a Hero");
        if (t == KING) ++kings[color_of(p)];
        if (pos.pcount_[color_of(p)] >= MAX_PIECES_PER_SIDE)
          return make_error("position.tooManyPieces",
                            {{"side", color_id(color_of(p))}, {"max", std::to_string(MAX_PIECES_PER_SIDE)}},
                            std::string(color_name(color_of(p))) + " has more than " +
                                std::to_string(MAX_PIECES_PER_SIDE) + " pieces");
        pos.put(s, p);
        ++file;
        ++j;
      }
      if (file > FILES) return too_many_squares(i);
    }
    if (file < FILES)
      return make_error("position.tooFewSquares", on_rank(i, {{"count", std::to_string(file)}}),
                        rank_label(i) + " has " + std::to_string(file) + " squares, expected 12");
  }
  for (Color c : {GOLD, SCARLET}) {
    if (kings[c] == 0)
      return make_error("position.noKing", {{"side", color_id(c)}}, std::string(color_name(c)) + " has no King");
    if (kings[c] > 1)
      return make_error(
          "position.kings", {{"side", color_id(c)}, {"count", std::to_string(kings[c])}},
          std::string(color_name(c)) + " has " + std::to_string(kings[c]) + " Kings (exactly one allowed)");
  }

  if (fields[1] == "g")
    pos.stm_ = GOLD;
  else if (fields[1] == "s")
    pos.stm_ = SCARLET;
  else
    return make_error("position.sideToMove", {{"found", printable(fields[1])}},
                      "side to move must be 'g' or 's', found " + quoted(fields[1]));
  if (pos.stm_ == SCARLET) pos.key_ ^= zobrist::side();

  if (!parse_number(fields[2], 100000, pos.quiet_))
    return make_error("position.quietMoves", {{"found", printable(fields[2])}},
                      "quiet-move counter must be a whole number from 0 to 100000, found " + quoted(fields[2]));
  if (!parse_number(fields[3], 100000, pos.move_number_) || pos.move_number_ < 1)
    return make_error("position.moveNumber", {{"found", printable(fields[3])}},
                      "move number must be a whole number from 1 to 100000, found " + quoted(fields[3]));

  Color them = ~pos.stm_;
  if (attacked(pos, pos.king_[them], pos.stm_))
    return make_error(
        "position.notToMoveInCheck", {{"side", color_id(them)}, {"toMove", color_id(pos.stm_)}},
        std::string(color_name(them)) + " is in check but it is " + color_name(pos.stm_) + "'s turn to move");
  return pos;
}

Position Position::start(Rules rules) { return std::move(from_string(START_POSITION, rules).value()); }

namespace {
// The placement field of a position string; at(square) is a piece letter or '.'.
template <typename At>
std::string placement_text(At at) {
  std::string out;
  for (int i = 0; i < 24; ++i) {
    int level = 2 - i / 8, rank = 7 - i % 8;
    if (i) out += '/';
    int run = 0;
    for (int f = 0; f < FILES; ++f) {
      const char c = at(make_square(level, f, rank));
      if (c == '.') {
        ++run;
        continue;
      }
      if (run) out += std::to_string(run);
      run = 0;
      out += c;
    }
    if (run) out += std::to_string(run);
  }
  return out;
}
}  // namespace

Result<Position> Position::from_board(std::string_view board, Color side_to_move, Rules rules) {
  if (board.size() != size_t(SQUARE_NB))
    return make_error("position.boardSize",
                      {{"squares", std::to_string(SQUARE_NB)}, {"found", std::to_string(board.size())}},
                      "a board has " + std::to_string(SQUARE_NB) + " squares, found " + std::to_string(board.size()));
  for (int s = 0; s < SQUARE_NB; ++s)
    if (board[size_t(s)] != '.' && piece_from_char(board[size_t(s)]) == NO_PIECE)
      return make_error("position.unknownLetterOn",
                        {{"letter", printable(board.substr(size_t(s), 1))}, {"square", square_name(Square(s))}},
                        "unknown piece letter " + quoted(board.substr(size_t(s), 1)) + " on " + square_name(Square(s)));
  return from_string(
      placement_text([&](Square s) { return board[size_t(s)]; }) + (side_to_move == GOLD ? " g 0 1" : " s 0 1"), rules);
}

std::string Position::to_string() const {
  std::string out = placement_text([&](Square s) { return piece_char(board_[s]); });
  out += stm_ == GOLD ? " g " : " s ";
  out += std::to_string(quiet_) + " " + std::to_string(move_number_);
  return out;
}

}  // namespace dc
