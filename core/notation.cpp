#include "notation.h"

#include <cctype>
#include <vector>

#include "movegen.h"
#include "rule_set.h"

namespace dc {

namespace {

std::string shown(std::string_view s) { return "'" + printable(s) + "'"; }

// The identifier a refusal's arguments name a piece by (its letter; a side by color_id).
std::string letter(PieceType t) { return std::string(1, PIECE_LETTERS[t]); }

// A refused move: why's key, the move text first among its arguments, and the English
// "illegal move '<text>': <why>".
Error illegal(std::string_view text, Error why) {
  why.args.insert(why.args.begin(), {"move", printable(text)});
  return make_error(std::move(why.key), std::move(why.args), "illegal move " + shown(text) + ": " + why.message);
}
// ... keyed "move.<id>".
Error illegal(std::string_view text, const char* id, ErrorArgs args, const std::string& why) {
  return illegal(text, make_error(std::string("move.") + id, std::move(args), why));
}

// "a or b", "a, b, or c": a list of options as English says it.
std::string either(const std::vector<std::string>& options) {
  std::string out;
  for (size_t k = 0; k < options.size(); ++k)
    out += (k == 0 ? "" : k + 1 < options.size() ? ", " : options.size() > 2 ? ", or " : " or ") + options[k];
  return out;
}

bool starts_with_square(std::string_view s, size_t i) {
  return i + 3 <= s.size() && parse_square(s.substr(i, 3)) != SQ_NONE;
}

bool ends_with(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  for (size_t i = 0; i < suffix.size(); ++i)
    if (std::tolower((unsigned char)s[s.size() - suffix.size() + i]) != suffix[i]) return false;
  return true;
}

// A piece letter at text[i] (either case; Gygax's "Dr" for the Dragon); advances i past
// it. NO_PIECE_TYPE (i unchanged) if it is not one.
PieceType read_piece_letter(std::string_view text, size_t& i) {
  if ((text[i] == 'D' || text[i] == 'd') && i + 1 < text.size() && (text[i + 1] == 'r' || text[i + 1] == 'R')) {
    i += 2;
    return DRAGON;
  }
  PieceType t = type_from_letter(text[i]);
  if (t != NO_PIECE_TYPE) ++i;
  return t;
}

// "'Q' is not a piece letter in 'Q2f3' (the piece letters are S, G, R, ... and E; Dr is
// also the Dragon)", keyed "move.notPieceLetter".
Error not_piece_letter(std::string_view letter, std::string_view original) {
  std::string out = shown(letter) + " is not a piece letter in " + shown(original) + " (the piece letters are ";
  for (size_t k = 1; k < PIECE_LETTERS.size(); ++k) {
    out += PIECE_LETTERS[k];
    out += k + 2 < PIECE_LETTERS.size() ? ", " : k + 1 < PIECE_LETTERS.size() ? " and " : "";
  }
  return make_error("move.notPieceLetter", {{"move", printable(original)}, {"letter", printable(letter)}},
                    out + "; Dr is also the Dragon)");
}

// What the reader expected next: "expected.<id>" of a small fixed set, its English words.
Error expected(const char* id, ErrorArgs args, std::string words) {
  return make_error(std::string("expected.") + id, std::move(args), std::move(words));
}

// Why `rest` (the unread end of the move text) could not be read, in words: what the
// reader expected there (the argument "expected", a refusal of its own). A square-shaped
// part that is not a square says which part is out of range.
Error unreadable(std::string_view original, std::string_view rest, const Error& wanted) {
  std::string why = "cannot read " + shown(original) + ": expected " + wanted.message;
  ErrorArgs args = {{"move", printable(original)}, nested("expected", wanted)};
  if (rest.empty()) return make_error("move.unreadableEnd", std::move(args), why + ", but the move ends there");
  why += ", not " + shown(rest);
  args.push_back({"rest", printable(rest)});
  if (rest.size() >= 3 && std::isdigit((unsigned char)rest[0]) && std::isalpha((unsigned char)rest[1]) &&
      std::isdigit((unsigned char)rest[2]) && parse_square(rest.substr(0, 3)) == SQ_NONE) {
    args.push_back({"square", printable(rest.substr(0, 3))});
    return make_error(
        "move.unreadableSquare", std::move(args),
        why + " (" + shown(rest.substr(0, 3)) + " is not a square: the level is 1-3, the file a-l, the rank 1-8)");
  }
  return make_error("move.unreadable", std::move(args), why);
}

}  // namespace

std::string to_coordinate(Move m) { return square_name(m.from()) + square_name(m.to()); }

Result<Move> parse_coordinate(Position& pos, std::string_view text) {
  // (the page's moves reach here well formed: parse_move checks their shape first, so
  // these shape refusals reach only the command line's tools and have no key)
  if (text.size() != 6) return make_error("a coordinate move has 6 characters like 2c22c3, got " + shown(text));
  Square from = parse_square(text.substr(0, 3)), to = parse_square(text.substr(3, 3));
  if (from == SQ_NONE) return make_error("bad from-square " + shown(text.substr(0, 3)) + " in " + shown(text));
  if (to == SQ_NONE) return make_error("bad to-square " + shown(text.substr(3, 3)) + " in " + shown(text));
  Piece p = pos.at(from);
  const Color us = pos.side_to_move();
  if (p == NO_PIECE)
    return illegal(text, "noPiece", {{"square", square_name(from)}}, "no piece on " + square_name(from));
  if (color_of(p) != us)
    return illegal(text, "notYours", {{"square", square_name(from)}, {"side", color_id(us)}},
                   "the piece on " + square_name(from) + " is not " + color_name(us) + "'s");
  Move m = find_legal(pos, from, to);
  if (!m.is_none()) return m;
  if (Error why = other_rules_allow(pos, from, to); !why.message.empty())  // the rule sets differ here
    return illegal(text, std::move(why));
  const PieceType t = type_of(p);
  if (pos.frozen(from))
    return illegal(text, "frozen", {{"piece", letter(t)}, {"square", square_name(from)}},
                   std::string("the ") + piece_type_name(t) + " on " + square_name(from) + " is frozen by a Basilisk");
  Move pseudo[MAX_MOVES];
  int n = generate_pseudo(pos, pseudo);
  for (int i = 0; i < n; ++i)
    if (pseudo[i].from() == from && pseudo[i].to() == to)
      return illegal(text, "leavesCheck", {{"side", color_id(us)}},
                     std::string("it would leave the ") + color_name(us) + " King in check");
  return illegal(
      text, "cannotGo", {{"piece", letter(t)}, {"from", square_name(from)}, {"to", square_name(to)}},
      std::string("the ") + piece_type_name(t) + " on " + square_name(from) + " cannot go to " + square_name(to));
}

std::string to_algebraic(Position& pos, Move m) {
  const PieceType t = type_of(pos.at(m.from()));
  std::string out(1, PIECE_LETTERS[t]);
  MoveList l = legal_moves(pos);
  bool ambiguous = false;
  for (Move o : l)
    if (o.to() == m.to() && o.from() != m.from() && type_of(pos.at(o.from())) == t) ambiguous = true;
  if (ambiguous) {
    out += '/';
    out += square_name(m.from());
    out += m.is_capture() ? 'x' : '-';
  } else if (m.is_capture())
    out += "x";
  out += square_name(m.to());
  if (m.is_promotion()) out += "(H)";
  pos.make_move(m);
  if (in_check(pos)) {
    Move buf[MAX_MOVES];
    out += generate_legal(pos, buf) == 0 ? "#" : "+";
  }
  pos.unmake_move();
  return out;
}

namespace {

// What a move text says, whatever its form: every field is optional (none / false).
struct MoveSpec {
  PieceType piece = NO_PIECE_TYPE;
  Square origin = SQ_NONE;
  int origin_file = -1;  // the historic form's "Wfxg4M": only the origin's file
  bool capture_mark = false;
  PieceType captured = NO_PIECE_TYPE;
  Square dest = SQ_NONE;
  bool promotion = false;
};

bool is_board_letter(char c) { return c == 'U' || c == 'M' || c == 'L' || c == 'u' || c == 'm' || c == 'l'; }

// The historic form of the games David Lichtenstein published on the Chess Variants site
// (1997): piece letter, optional origin file, optional "x", destination file and rank,
// then the board: U(pper) = 3, M(iddle) = 2, L(ower) = 1 ("Wh3M", "Wfxg4M", "Hxg4M").
// The piece letter is read from the front, so "Ud4M" is a Unicorn on the middle board.
// False if `text` does not have that shape.
bool read_historic(std::string_view text, MoveSpec& spec) {
  const size_t n = text.size();
  if (n < 4 || !is_board_letter(text[n - 1])) return false;
  const char file = char(std::tolower((unsigned char)text[n - 3])), rank = text[n - 2];
  if (file < 'a' || file >= 'a' + FILES || rank < '1' || rank >= '1' + RANKS) return false;
  size_t i = 0;
  if (!std::isalpha((unsigned char)text[0])) return false;
  const PieceType piece = read_piece_letter(text, i);
  if (piece == NO_PIECE_TYPE) return false;
  int origin_file = -1;
  if (i + 3 < n && text[i] >= 'a' && text[i] < 'a' + FILES) origin_file = text[i++] - 'a';
  bool capture = false;
  if (i + 3 < n && (text[i] == 'x' || text[i] == 'X' || text[i] == ':' || text[i] == '-')) capture = text[i++] != '-';
  if (i + 3 != n) return false;
  const char board = char(std::toupper((unsigned char)text[n - 1]));
  const int level = board == 'U' ? 2 : board == 'M' ? 1 : 0;
  spec.piece = piece;
  spec.origin_file = origin_file;
  spec.capture_mark = capture;
  spec.dest = make_square(level, file - 'a', rank - '1');
  return true;
}

// Gygax's forms (docs/rules.md §6.3): optional piece letter, optional origin ("/3e2" or a
// bare square), "-" or "x", an optional captured-piece letter, the destination. The
// refusal, or an empty Error (no message) when `spec` is filled.
Error read_gygax(std::string_view text, std::string_view original, MoveSpec& spec) {
  // What is expected next after each part read (for "cannot read" errors).
  Error wanted = expected("pieceOrSquare", {}, "a piece letter such as W, or a square such as 2c3");
  size_t i = 0;
  if (i < text.size() && std::isalpha((unsigned char)text[i])) {
    const size_t at = i;
    spec.piece = read_piece_letter(text, i);
    if (spec.piece == NO_PIECE_TYPE) return not_piece_letter(text.substr(i, 1), original);
    wanted =
        expected("squareAfterPiece", {{"letter", printable(text.substr(at, i - at))}, {"piece", letter(spec.piece)}},
                 "a square such as 2c3 after the piece letter " + shown(text.substr(at, i - at)) + " (" +
                     piece_type_name(spec.piece) + ")");
  }
  if (i < text.size() && text[i] == '/') {
    ++i;
    if (!starts_with_square(text, i))
      return unreadable(original, text.substr(i),
                        expected("originAfterSlash", {}, "an origin square such as 2c3 after '/'"));
    spec.origin = parse_square(text.substr(i, 3));
    i += 3;
  } else if (starts_with_square(text, i) && i + 3 < text.size() &&
             (starts_with_square(text, i + 3) ||
              std::string_view("-xX:").find(text[i + 3]) != std::string_view::npos)) {
    spec.origin = parse_square(text.substr(i, 3));  // "S3e2-3d3" or "3e23d3" style
    i += 3;
  }
  if (spec.origin != SQ_NONE)
    wanted =
        expected("markAfterOrigin", {{"origin", square_name(spec.origin)}},
                 "'-' or 'x' and then a destination square such as 2c3 after the origin " + square_name(spec.origin));
  if (i < text.size() && (text[i] == '-' || text[i] == 'x' || text[i] == 'X' || text[i] == ':')) {
    spec.capture_mark = text[i] != '-';
    wanted = spec.capture_mark ? expected("squareOrTaken", {{"mark", printable(text.substr(i, 1))}},
                                          "a destination square such as 2c3, or the letter of the piece taken, after " +
                                              shown(text.substr(i, 1)))
                               : expected("squareAfterDash", {}, "a destination square such as 2c3 after '-'");
    ++i;
  }
  if (spec.capture_mark && i < text.size() && std::isalpha((unsigned char)text[i])) {
    spec.captured = read_piece_letter(text, i);
    if (spec.captured == NO_PIECE_TYPE) return not_piece_letter(text.substr(i, 1), original);
    wanted = expected("squareAfterTaken", {{"captured", letter(spec.captured)}},
                      std::string("a destination square such as 2c3 after the piece taken (") +
                          piece_type_name(spec.captured) + "), or nothing");
  }
  if (starts_with_square(text, i)) {
    spec.dest = parse_square(text.substr(i, 3));
    i += 3;
    wanted = expected("end", {{"dest", square_name(spec.dest)}},
                      "the end of the move after the destination " + square_name(spec.dest) +
                          " (only a check mark such as + or #, or the promotion mark (H), may follow)");
  }
  if (i != text.size()) return unreadable(original, text.substr(i), wanted);
  if (spec.dest == SQ_NONE && spec.captured == NO_PIECE_TYPE) return unreadable(original, "", wanted);
  return Error{};
}

// The one legal move `spec` describes, or why there is none or more than one.
Result<Move> resolve(Position& pos, const MoveSpec& spec, std::string_view original) {
  MoveList legal = legal_moves(pos);
  std::vector<Move> found;
  for (Move m : legal) {
    if (spec.piece != NO_PIECE_TYPE && type_of(pos.at(m.from())) != spec.piece) continue;
    if (spec.origin != SQ_NONE && m.from() != spec.origin) continue;
    if (spec.origin_file >= 0 && file_of(m.from()) != spec.origin_file) continue;
    if (spec.dest != SQ_NONE && m.to() != spec.dest) continue;
    if (spec.capture_mark && !m.is_capture()) continue;
    if (spec.captured != NO_PIECE_TYPE && type_of(pos.at(m.to())) != spec.captured) continue;
    if (spec.promotion && !m.is_promotion()) continue;
    found.push_back(m);
  }
  if (found.size() == 1) return found[0];
  const Color us = pos.side_to_move();
  const std::string side = color_name(us);
  if (found.size() > 1) {
    std::vector<std::string> options;
    for (size_t k = 0; k < found.size() && k < 4; ++k) options.push_back(to_coordinate(found[k]));
    std::string listed;
    for (const std::string& o : options) listed += (listed.empty() ? "" : " ") + o;
    return make_error(
        "move.ambiguous", {{"move", printable(original)}, {"options", listed}},
        "ambiguous move " + shown(original) + ": it could be " + either(options) + "; name the origin square");
  }
  // Explain why nothing matched.
  const PieceType piece = spec.piece;
  std::string what =
      piece != NO_PIECE_TYPE ? std::string("no ") + side + " " + piece_type_name(piece) : "no " + side + " piece";
  if (spec.origin_file >= 0) what += std::string(" on file ") + char('a' + spec.origin_file);
  // what's arguments: the side, the piece (none: a key of its own), the origin's file ("any")
  ErrorArgs whose = {{"side", color_id(us)},
                     {"file", spec.origin_file >= 0 ? std::string(1, char('a' + spec.origin_file)) : "any"}};
  if (piece != NO_PIECE_TYPE) whose.push_back({"piece", letter(piece)});
  const bool typed = piece != NO_PIECE_TYPE;
  if (spec.origin != SQ_NONE) {
    const Square origin = spec.origin;
    Piece p = pos.at(origin);
    if (p == NO_PIECE)
      return illegal(original, "noPiece", {{"square", square_name(origin)}}, "no piece on " + square_name(origin));
    if (color_of(p) != us)
      return illegal(original, "notYours", {{"square", square_name(origin)}, {"side", color_id(us)}},
                     "the piece on " + square_name(origin) + " is not " + side + "'s");
    if (piece != NO_PIECE_TYPE && type_of(p) != piece)
      return illegal(original, "notThatPiece",
                     {{"square", square_name(origin)}, {"piece", letter(type_of(p))}, {"named", letter(piece)}},
                     "the piece on " + square_name(origin) + " is the " + piece_type_name(type_of(p)) + ", not the " +
                         piece_type_name(piece));
    if (pos.frozen(origin))
      return illegal(original, "frozen", {{"piece", letter(type_of(p))}, {"square", square_name(origin)}},
                     std::string("the ") + piece_type_name(type_of(p)) + " on " + square_name(origin) +
                         " is frozen by a Basilisk");
  }
  const Square dest = spec.dest;
  if (dest != SQ_NONE) {
    if (spec.capture_mark && (pos.at(dest) == NO_PIECE || color_of(pos.at(dest)) == us))
      return illegal(original, "nothingToCapture", {{"square", square_name(dest)}},
                     "there is no enemy piece to capture on " + square_name(dest));
    if (spec.captured != NO_PIECE_TYPE && type_of(pos.at(dest)) != spec.captured)
      return illegal(original, "notThere", {{"piece", letter(spec.captured)}, {"square", square_name(dest)}},
                     std::string("there is no ") + piece_type_name(spec.captured) + " on " + square_name(dest));
    if (spec.promotion)
      return illegal(original, "noPromotion", {{"square", square_name(dest)}}, "no promotion on " + square_name(dest));
    for (Square s : pos.pieces(pos.side_to_move())) {  // a move the other rule set allows
      if ((spec.origin != SQ_NONE && s != spec.origin) || (spec.origin_file >= 0 && file_of(s) != spec.origin_file) ||
          (piece != NO_PIECE_TYPE && type_of(pos.at(s)) != piece))
        continue;
      if (Error why = other_rules_allow(pos, s, dest); !why.message.empty()) return illegal(original, std::move(why));
    }
    Move pseudo[MAX_MOVES];
    int n = generate_pseudo(pos, pseudo);
    for (int k = 0; k < n; ++k) {
      Move m = pseudo[k];
      if (m.to() == dest && (spec.origin == SQ_NONE || m.from() == spec.origin) &&
          (spec.origin_file < 0 || file_of(m.from()) == spec.origin_file) &&
          (piece == NO_PIECE_TYPE || type_of(pos.at(m.from())) == piece))
        return illegal(original, "leavesCheck", {{"side", color_id(us)}},
                       "it would leave the " + side + " King in check");
    }
    ErrorArgs args = whose;
    args.push_back({"to", square_name(dest)});
    return illegal(original, typed ? "noneGoes" : "noPieceGoes", args, what + " can go to " + square_name(dest));
  }
  ErrorArgs args = whose;
  args.push_back({"captured", letter(spec.captured)});
  return illegal(original, typed ? "noneCaptures" : "noPieceCaptures", args,
                 what + " can capture the " + piece_type_name(spec.captured));
}

}  // namespace

Result<Move> parse_move(Position& pos, std::string_view text) {
  const std::string_view original = text;
  while (!text.empty() && std::isspace((unsigned char)text.front())) text.remove_prefix(1);
  while (!text.empty() && std::isspace((unsigned char)text.back())) text.remove_suffix(1);
  if (text.empty()) return make_error("move.empty", {}, "empty move");
  if (text.size() > 40)
    return make_error("move.tooLong", {{"move", printable(original)}}, "move text too long: " + shown(original));

  // Check and comment marks carry no information we need: strip them.
  for (bool again = true; again;) {
    again = false;
    for (std::string_view mark : {"dbl ch", "dis ch", "mate", "ch", "+", "#", "!", "?"})
      if (ends_with(text, mark) && text.size() > mark.size()) {
        text.remove_suffix(mark.size());
        while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
        again = true;
      }
  }
  MoveSpec spec;
  for (std::string_view mark : {"(h)", "=h", "(hero)"})
    if (ends_with(text, mark)) {
      text.remove_suffix(mark.size());
      spec.promotion = true;
      break;
    }

  // A plain coordinate move.
  if (text.size() == 6 && starts_with_square(text, 0) && starts_with_square(text, 3)) {
    auto r = parse_coordinate(pos, text);
    if (r && spec.promotion && !r->is_promotion())
      return make_error("move.notPromotion", {{"move", printable(original)}}, shown(original) + " is not a promotion");
    return r;
  }
  if (!read_historic(text, spec)) {
    Error bad = read_gygax(text, original, spec);
    if (!bad.message.empty()) return bad;
  }
  return resolve(pos, spec, original);
}

}  // namespace dc
