// Reference Dragonchess move generator (tests only). See refgen.h.
// Every rule below follows a piece's table in docs/rules.md §4.2 to §4.16, and the two
// places where Board Game Arena's page differs (§7.2, §7.3) quote that page ("BGA:");
// "L" is the level index 0..2 (level 1..3), "r" the rank index 0..7, "f" the file
// index 0..11.
#include "refgen.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

namespace ref {

const char* const kStartFen =
    "2g3r3g1/s1s1s1s1s1s1/12/12/12/12/S1S1S1S1S1S1/2G3R3G1/"
    "ouhtcmkpthuo/wwwwwwwwwwww/12/12/12/12/WWWWWWWWWWWW/OUHTCMKPTHUO/"
    "2b3e3b1/1d1d1d1d1d1d/12/12/12/12/1D1D1D1D1D1D/2B3E3B1 g 0 1";

namespace {

struct Sq {
  int l, r, f;
};

struct Move {
  Sq from, to;
  bool afar;  // Dragon capture from afar: the Dragon stays, the piece on `to` goes
};

bool on_board(int l, int r, int f) { return l >= 0 && l < 3 && r >= 0 && r < 8 && f >= 0 && f < 12; }

bool is_gold(char c) { return c >= 'A' && c <= 'Z'; }
bool is_scarlet(char c) { return c >= 'a' && c <= 'z'; }
bool is_empty(char c) { return c == '.'; }
// true when piece c belongs to colour `gold`
bool belongs(char c, bool gold) { return gold ? is_gold(c) : is_scarlet(c); }

// Generates the pseudo-legal moves of one piece. Everything is literal; nothing
// is table driven on purpose.
class PieceGen {
 public:
  PieceGen(const Pos& p, int l, int r, int f, std::vector<Move>& out) : p_(p), l_(l), r_(r), f_(f), out_(out) {
    piece_ = p.board[l][r][f];
    gold_ = is_gold(piece_);
    fwd_ = gold_ ? 1 : -1;
  }

  void run() {
    switch (std::toupper(static_cast<unsigned char>(piece_))) {
      case 'S': sylph(); break;
      case 'G': griffon(); break;
      case 'R': dragon(); break;
      case 'W': warrior(); break;
      case 'O': oliphant(); break;
      case 'U': unicorn(); break;
      case 'H': hero(); break;
      case 'T': thief(); break;
      case 'C': cleric(); break;
      case 'M': mage(); break;
      case 'K': king(); break;
      case 'P': paladin(); break;
      case 'D': dwarf(); break;
      case 'B': basilisk(); break;
      case 'E': elemental(); break;
      default: break;
    }
  }

 private:
  const Pos& p_;
  int l_, r_, f_;
  std::vector<Move>& out_;
  char piece_;
  bool gold_;
  int fwd_;

  char at(int l, int r, int f) const { return p_.board[l][r][f]; }
  bool enemy(char c) const { return !is_empty(c) && !belongs(c, gold_); }
  bool bga() const { return p_.rules == Rules::Bga; }
  // BGA: the Basilisk "freezes any enemy on or passing through the square directly
  // above it". True when (l, r, f) is such a square for this piece: on level 2 with
  // an enemy Basilisk directly below.
  bool gazed(int l, int r, int f) const {
    if (!bga() || l != 1) return false;
    char below = at(0, r, f);
    return std::toupper(static_cast<unsigned char>(below)) == 'B' && enemy(below);
  }

  void push(int l, int r, int f) { out_.push_back(Move{{l_, r_, f_}, {l, r, f}, false}); }

  // move/capture: empty or enemy square
  void mc(int l, int r, int f) {
    if (!on_board(l, r, f)) return;
    char c = at(l, r, f);
    if (is_empty(c) || enemy(c)) push(l, r, f);
  }
  // move only: empty square
  void m(int l, int r, int f) {
    if (!on_board(l, r, f)) return;
    if (is_empty(at(l, r, f))) push(l, r, f);
  }
  // capture only: enemy square
  void c(int l, int r, int f) {
    if (!on_board(l, r, f)) return;
    if (enemy(at(l, r, f))) push(l, r, f);
  }
  // slide on the current level in direction (df, dr)
  void slide(int df, int dr) {
    int r = r_ + dr, f = f_ + df;
    while (on_board(l_, r, f)) {
      char c = at(l_, r, f);
      if (is_empty(c)) {
        push(l_, r, f);
        if (gazed(l_, r, f)) break;  // BGA: it may stop here, not pass through
      } else {
        if (enemy(c)) push(l_, r, f);
        break;
      }
      r += dr;
      f += df;
    }
  }
  void rook_slides() {
    slide(1, 0);
    slide(-1, 0);
    slide(0, 1);
    slide(0, -1);
  }
  void bishop_slides() {
    slide(1, 1);
    slide(1, -1);
    slide(-1, 1);
    slide(-1, -1);
  }
  void king_steps_mc(int l) {  // 8 one-square steps on level l around (f_, r_)
    for (int dr = -1; dr <= 1; ++dr)
      for (int df = -1; df <= 1; ++df)
        if (dr != 0 || df != 0) mc(l, r_ + dr, f_ + df);
  }
  void knight_leaps_mc() {  // on the current level
    mc(l_, r_ + 2, f_ + 1);
    mc(l_, r_ + 2, f_ - 1);
    mc(l_, r_ - 2, f_ + 1);
    mc(l_, r_ - 2, f_ - 1);
    mc(l_, r_ + 1, f_ + 2);
    mc(l_, r_ + 1, f_ - 2);
    mc(l_, r_ - 1, f_ + 2);
    mc(l_, r_ - 1, f_ - 2);
  }
  void diag_around_mc(int l) {  // (+-1,+-1) around the same file/rank on level l
    mc(l, r_ + 1, f_ + 1);
    mc(l, r_ + 1, f_ - 1);
    mc(l, r_ - 1, f_ + 1);
    mc(l, r_ - 1, f_ - 1);
  }

  // ---- Sylph: docs/rules.md §4.2 ----
  void sylph() {
    if (l_ == 2) {
      // move one step diagonally forward
      m(2, r_ + fwd_, f_ - 1);
      m(2, r_ + fwd_, f_ + 1);
      // capture one step straight forward
      c(2, r_ + fwd_, f_);
      // capture the square directly below
      c(1, r_, f_);
    } else if (l_ == 1) {
      // move (never capture) directly above
      m(2, r_, f_);
      // or to any empty own Sylph start square on level 3
      int startRank = gold_ ? 1 : 6;
      for (int sf = 0; sf < 12; sf += 2) {
        if (startRank == r_ && sf == f_) continue;  // same as "directly above"
        m(2, startRank, sf);
      }
    }
  }

  // ---- Griffon: docs/rules.md §4.3 ----
  void griffon() {
    if (l_ == 2) {
      // leap (3,2) in both orientations
      mc(2, r_ + 2, f_ + 3);
      mc(2, r_ + 2, f_ - 3);
      mc(2, r_ - 2, f_ + 3);
      mc(2, r_ - 2, f_ - 3);
      mc(2, r_ + 3, f_ + 2);
      mc(2, r_ + 3, f_ - 2);
      mc(2, r_ - 3, f_ + 2);
      mc(2, r_ - 3, f_ - 2);
      // leap down onto (+-1,+-1) around the square directly below
      diag_around_mc(1);
    } else if (l_ == 1) {
      if (bga()) {
        // BGA, Earth: "MOVES / CAPTURES like a chess king"
        king_steps_mc(1);
      } else {
        // step one square diagonally
        diag_around_mc(1);
      }
      // leap up onto (+-1,+-1) around the square directly above
      diag_around_mc(2);
    }
  }

  // ---- Dragon: docs/rules.md §4.4 ----
  void dragon() {
    if (l_ != 2) return;
    bishop_slides();
    mc(2, r_ + 1, f_);
    mc(2, r_ - 1, f_);
    mc(2, r_, f_ + 1);
    mc(2, r_, f_ - 1);
    // capture from afar: directly below, or orthogonally adjacent to it
    afar(r_, f_);
    afar(r_ + 1, f_);
    afar(r_ - 1, f_);
    afar(r_, f_ + 1);
    afar(r_, f_ - 1);
  }
  void afar(int r, int f) {
    if (!on_board(1, r, f)) return;
    if (enemy(at(1, r, f))) out_.push_back(Move{{l_, r_, f_}, {1, r, f}, true});
  }

  // ---- Warrior: docs/rules.md §4.5 ----
  void warrior() {
    if (l_ != 1) return;
    m(1, r_ + fwd_, f_);
    c(1, r_ + fwd_, f_ - 1);
    c(1, r_ + fwd_, f_ + 1);
  }

  // ---- Oliphant / Unicorn / Thief (level 2 only): docs/rules.md §4.6, §4.7, §4.9 ----
  void oliphant() {
    if (l_ == 1) rook_slides();
  }
  void unicorn() {
    if (l_ == 1) knight_leaps_mc();
  }
  void thief() {
    if (l_ == 1) bishop_slides();
  }

  // ---- Hero: docs/rules.md §4.8 ----
  void hero() {
    if (l_ == 1) {
      // leap one or two squares diagonally
      diag_around_mc(1);
      mc(1, r_ + 2, f_ + 2);
      mc(1, r_ + 2, f_ - 2);
      mc(1, r_ - 2, f_ + 2);
      mc(1, r_ - 2, f_ - 2);
      // to level 3 or level 1, (+-1,+-1) around directly above / below
      diag_around_mc(2);
      diag_around_mc(0);
    } else {
      // level 1 or 3: only back to level 2, (+-1,+-1) around the square
      diag_around_mc(1);
    }
  }

  // ---- Cleric: docs/rules.md §4.10 ----
  void cleric() {
    king_steps_mc(l_);
    mc(l_ + 1, r_, f_);
    mc(l_ - 1, r_, f_);
  }

  // ---- Mage: docs/rules.md §4.11 ----
  void mage() {
    if (l_ == 1) {
      rook_slides();
      bishop_slides();
    } else {
      mc(l_, r_ + 1, f_);
      mc(l_, r_ - 1, f_);
      mc(l_, r_, f_ + 1);
      mc(l_, r_, f_ - 1);
    }
    // straight up or down one level
    mc(l_ + 1, r_, f_);
    mc(l_ - 1, r_, f_);
    // two levels: passes level 2, which must be empty (BGA: and not above an
    // enemy Basilisk, which freezes a piece passing through)
    if (l_ == 0 && is_empty(at(1, r_, f_)) && !gazed(1, r_, f_)) mc(2, r_, f_);
    if (l_ == 2 && is_empty(at(1, r_, f_)) && !gazed(1, r_, f_)) mc(0, r_, f_);
  }

  // ---- King: docs/rules.md §4.12 ----
  void king() {
    if (l_ == 1) {
      king_steps_mc(1);
      mc(2, r_, f_);
      mc(0, r_, f_);
    } else {
      mc(1, r_, f_);
    }
  }

  // ---- Paladin: docs/rules.md §4.13 ----
  void paladin() {
    king_steps_mc(l_);
    if (l_ == 1) knight_leaps_mc();
    // 3D knight: one level and two squares orthogonally
    for (int dl : {-1, 1}) {
      mc(l_ + dl, r_ + 2, f_);
      mc(l_ + dl, r_ - 2, f_);
      mc(l_ + dl, r_, f_ + 2);
      mc(l_ + dl, r_, f_ - 2);
    }
    // two levels and one square orthogonally
    for (int dl : {-2, 2}) {
      mc(l_ + dl, r_ + 1, f_);
      mc(l_ + dl, r_ - 1, f_);
      mc(l_ + dl, r_, f_ + 1);
      mc(l_ + dl, r_, f_ - 1);
    }
  }

  // ---- Dwarf: docs/rules.md §4.14 ----
  void dwarf() {
    if (l_ != 0 && l_ != 1) return;
    m(l_, r_ + fwd_, f_);  // one step straight forward
    m(l_, r_, f_ - 1);     // one step sideways
    m(l_, r_, f_ + 1);
    c(l_, r_ + fwd_, f_ - 1);  // capture diagonally forward
    c(l_, r_ + fwd_, f_ + 1);
    if (l_ == 0) c(1, r_, f_);  // capture directly above
    if (l_ == 1) m(0, r_, f_);  // move directly below
  }

  // ---- Basilisk: docs/rules.md §4.15 ----
  void basilisk() {
    if (l_ != 0) return;
    mc(0, r_ + fwd_, f_);
    mc(0, r_ + fwd_, f_ - 1);
    mc(0, r_ + fwd_, f_ + 1);
    m(0, r_ - fwd_, f_);
  }

  // ---- Elemental: docs/rules.md §4.16 ----
  void elemental() {
    const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};  // (df, dr)
    if (l_ == 0) {
      for (const auto& d : dirs) {
        int f1 = f_ + d[0], r1 = r_ + d[1];
        // step one square orthogonally
        mc(0, r1, f1);
        // two squares in a straight line, the square between empty (BGA:
        // and not gazed at, which never happens in the Underworld)
        if (on_board(0, r1, f1) && is_empty(at(0, r1, f1)) && !gazed(0, r1, f1)) {
          mc(0, r_ + 2 * d[1], f_ + 2 * d[0]);
          // capture only: via the empty square, then directly up
          c(1, r1, f1);
        }
      }
      // step one square diagonally, move only
      m(0, r_ + 1, f_ + 1);
      m(0, r_ + 1, f_ - 1);
      m(0, r_ - 1, f_ + 1);
      m(0, r_ - 1, f_ - 1);
    } else if (l_ == 1) {
      // directly down onto an empty square, then one orthogonal step on level 1
      // (BGA: the square in between is in the Underworld, never gazed at)
      if (is_empty(at(0, r_, f_)) && !gazed(0, r_, f_)) {
        for (const auto& d : dirs) mc(0, r_ + d[1], f_ + d[0]);
      }
    }
  }
};

// A piece on level 2 is frozen when an enemy Basilisk stands directly below it.
bool frozen(const Pos& p, int l, int r, int f) {
  if (l != 1) return false;
  char pc = p.board[1][r][f];
  char below = p.board[0][r][f];
  if (is_empty(pc)) return false;
  if (std::toupper(static_cast<unsigned char>(below)) != 'B') return false;
  return is_gold(pc) != is_gold(below);
}

std::vector<Move> pseudo_moves(const Pos& p, bool gold) {
  std::vector<Move> out;
  for (int l = 0; l < 3; ++l)
    for (int r = 0; r < 8; ++r)
      for (int f = 0; f < 12; ++f) {
        char c = p.board[l][r][f];
        if (is_empty(c) || !belongs(c, gold)) continue;
        if (frozen(p, l, r, f)) continue;
        PieceGen(p, l, r, f, out).run();
      }
  return out;
}

Pos make(const Pos& p, const Move& mv) {
  Pos n = p;
  char mover = p.board[mv.from.l][mv.from.r][mv.from.f];
  char target = p.board[mv.to.l][mv.to.r][mv.to.f];
  bool capture = !is_empty(target);
  if (mv.afar) {
    n.board[mv.to.l][mv.to.r][mv.to.f] = '.';
  } else {
    char placed = mover;
    if (mover == 'W' && mv.to.r == 7) placed = 'H';
    if (mover == 'w' && mv.to.r == 0) placed = 'h';
    n.board[mv.from.l][mv.from.r][mv.from.f] = '.';
    n.board[mv.to.l][mv.to.r][mv.to.f] = placed;
  }
  if (capture || mover == 'W' || mover == 'w')
    n.quiet = 0;
  else
    n.quiet = p.quiet + 1;
  if (p.side == 's') n.moveno = p.moveno + 1;
  n.side = (p.side == 'g') ? 's' : 'g';
  return n;
}

// Is any King of colour `gold` capturable by the other colour in position p?
bool king_attacked(const Pos& p, bool gold) {
  char k = gold ? 'K' : 'k';
  std::vector<Move> opp = pseudo_moves(p, !gold);
  for (const Move& mv : opp)
    if (p.board[mv.to.l][mv.to.r][mv.to.f] == k) return true;
  return false;
}

std::vector<Move> legal(const Pos& p) {
  bool gold = (p.side == 'g');
  std::vector<Move> out;
  for (const Move& mv : pseudo_moves(p, gold)) {
    Pos n = make(p, mv);
    if (!king_attacked(n, gold)) out.push_back(mv);
  }
  return out;
}

std::string sq_str(const Sq& s) {
  std::string out;
  out += static_cast<char>('1' + s.l);
  out += static_cast<char>('a' + s.f);
  out += static_cast<char>('1' + s.r);
  return out;
}

bool parse_sq(const std::string& s, size_t at, Sq& out) {
  if (at + 3 > s.size()) return false;
  char lc = s[at], fc = s[at + 1], rc = s[at + 2];
  if (lc < '1' || lc > '3' || fc < 'a' || fc > 'l' || rc < '1' || rc > '8') return false;
  out = Sq{lc - '1', rc - '1', fc - 'a'};
  return true;
}

bool known_letter(char c) {
  const std::string letters = "SGRWOUHTCMKPDBE";
  return letters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c)))) != std::string::npos;
}

bool parse_int(const std::string& s, int& v) {
  if (s.empty() || s.size() > 9) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  v = std::stoi(s);
  return true;
}

}  // namespace

bool parse(const std::string& fenIn, Pos& out, std::string& err, Rules rules) {
  std::string fen = (fenIn == "startpos") ? std::string(kStartFen) : fenIn;
  std::vector<std::string> fields;
  {
    size_t i = 0;
    while (i < fen.size()) {
      while (i < fen.size() && fen[i] == ' ') ++i;
      size_t j = i;
      while (j < fen.size() && fen[j] != ' ') ++j;
      if (j > i) fields.push_back(fen.substr(i, j - i));
      i = j;
    }
  }
  if (fields.size() < 2 || fields.size() > 4) {
    err = "expected 2 to 4 space-separated fields";
    return false;
  }
  Pos p;
  p.rules = rules;
  std::vector<std::string> ranks;
  {
    size_t i = 0;
    const std::string& pl = fields[0];
    while (true) {
      size_t j = pl.find('/', i);
      if (j == std::string::npos) {
        ranks.push_back(pl.substr(i));
        break;
      }
      ranks.push_back(pl.substr(i, j - i));
      i = j + 1;
    }
  }
  if (ranks.size() != 24) {
    err = "placement must have 24 ranks, got " + std::to_string(ranks.size());
    return false;
  }
  for (int idx = 0; idx < 24; ++idx) {
    int l = 2 - idx / 8;
    int r = 7 - idx % 8;
    const std::string& rk = ranks[idx];
    int f = 0;
    size_t i = 0;
    while (i < rk.size()) {
      char c = rk[i];
      if (c >= '0' && c <= '9') {
        int n = 0;
        while (i < rk.size() && rk[i] >= '0' && rk[i] <= '9') n = n * 10 + (rk[i++] - '0');
        if (n < 1 || n > 12 || f + n > 12) {
          err = "bad empty-square count in rank " + std::to_string(idx + 1);
          return false;
        }
        for (int k = 0; k < n; ++k) p.board[l][r][f++] = '.';
      } else {
        if (!known_letter(c)) {
          err = std::string("unknown letter '") + c + "'";
          return false;
        }
        if (f >= 12) {
          err = "too many squares in rank " + std::to_string(idx + 1);
          return false;
        }
        p.board[l][r][f++] = c;
        ++i;
      }
    }
    if (f != 12) {
      err = "rank " + std::to_string(idx + 1) + " has " + std::to_string(f) + " squares, not 12";
      return false;
    }
  }
  if (fields[1] != "g" && fields[1] != "s") {
    err = "side to move must be g or s";
    return false;
  }
  p.side = fields[1][0];
  p.quiet = 0;
  p.moveno = 1;
  if (fields.size() > 2 && !parse_int(fields[2], p.quiet)) {
    err = "bad quiet-move counter";
    return false;
  }
  if (fields.size() > 3 && !parse_int(fields[3], p.moveno)) {
    err = "bad move number";
    return false;
  }
  out = p;
  return true;
}

std::string to_fen(const Pos& p) {
  std::string s;
  for (int idx = 0; idx < 24; ++idx) {
    int l = 2 - idx / 8;
    int r = 7 - idx % 8;
    if (idx > 0) s += '/';
    int run = 0;
    for (int f = 0; f < 12; ++f) {
      char c = p.board[l][r][f];
      if (c == '.') {
        ++run;
      } else {
        if (run) s += std::to_string(run);
        run = 0;
        s += c;
      }
    }
    if (run) s += std::to_string(run);
  }
  s += ' ';
  s += p.side;
  s += ' ' + std::to_string(p.quiet) + ' ' + std::to_string(p.moveno);
  return s;
}

std::vector<std::string> legal_moves(const Pos& p) {
  std::vector<std::string> out;
  for (const Move& mv : legal(p)) out.push_back(sq_str(mv.from) + sq_str(mv.to));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

Pos apply(const Pos& p, const std::string& cm) {
  Sq from, to;
  if (cm.size() != 6 || !parse_sq(cm, 0, from) || !parse_sq(cm, 3, to))
    throw std::invalid_argument("malformed coordinate move: " + cm);
  char mover = p.board[from.l][from.r][from.f];
  if (is_empty(mover)) throw std::invalid_argument("no piece on the from-square: " + cm);
  // A Dragon never leaves level 3, so a Dragon "move" to another level is a
  // capture from afar.
  bool afar = (std::toupper(static_cast<unsigned char>(mover)) == 'R') && from.l != to.l;
  return make(p, Move{from, to, afar});
}

uint64_t perft(const Pos& p, int depth) {
  if (depth <= 0) return 1;
  // Dedupe by (from, to): the same target reached by two rules is one move.
  std::vector<std::string> moves = legal_moves(p);
  if (depth == 1) return moves.size();
  uint64_t n = 0;
  for (const std::string& mv : moves) n += perft(apply(p, mv), depth - 1);
  return n;
}

bool in_check(const Pos& p) { return king_attacked(p, p.side == 'g'); }

}  // namespace ref
