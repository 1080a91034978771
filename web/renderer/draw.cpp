// One frame of the board view: the boards with their coordinates and titles, the marks,
// the pieces, the slides, the arrows and the dragged piece.
#include <emscripten/html5.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "view.h"

namespace dcui {

namespace {

// The look: each level's square colours, the marks' colours, a slide's duration.
struct Palette {
  Rgba light, dark;
  const char* name;  // core's name of the level
};
// index = level - 1
const Palette kPalettes[3] = {
    {rgba(0xd2ad9c), rgba(0x98584a), dc::level_name(dc::LEVEL_1)},
    {rgba(0xeedb9f), rgba(0x78a15a), dc::level_name(dc::LEVEL_2)},
    {rgba(0xf1f7fb), rgba(0x8dbfe3), dc::level_name(dc::LEVEL_3)},
};
const Rgba kLastMove = rgba(0xf5d742, 0.50f);
// Selection and destination marks are two-toned, a dark green with a light edge, so that
// they read on every square colour of every level (cream, sky blue and white are light;
// green, blue and brown are mid-dark): tests/browser/marks.test.mjs measures them.
const Rgba kSelected = rgba(0x14551e, 0.30f);  // the selected square's tint, under its frame
const Rgba kMarkDark = rgba(0x0b3a12, 0.95f);
const Rgba kMarkLight = rgba(0xffffff, 0.92f);
const Rgba kAfar = rgba(0xd7261e, 0.92f);
const Rgba kCheckLine = rgba(0xd7261e, 0.85f);  // from a checking piece to the King
const Rgba kPremove = rgba(0x3c5a9a, 0.42f);    // a queued move's two squares
const Rgba kFrozenTint = rgba(0x9fd6ff, 0.55f);
constexpr double kAnimMs = 150.0;
// A change of the level in focus: the new level slides in from above (a level up) or from
// below (a level down) over this time; none when the player asks for reduced motion.
constexpr double kFocusMs = 180.0;

// The layout this frame draws: the view's, or during a change of focus a copy with the level
// in focus shifted along its slide.
const Layout* drawn = &V.layout;

struct DevRect {
  float x, y, s;
};
DevRect devSquare(int sq) {
  const RectF r = squareRect(*drawn, V.flipped, sq);
  return {r.x * V.dpr, r.y * V.dpr, r.w * V.dpr};
}

bool isGold(char p) { return p >= 'A' && p <= 'Z'; }

void drawSnowflake(Painter& p, float cx, float cy, float r) {
  const float w = std::max(1.2f, r * 0.16f);
  for (int pass = 0; pass < 2; ++pass) {
    const Rgba c = pass == 0 ? rgba(0x1d4f86, 0.85f) : rgba(0xffffff);
    const float lw = pass == 0 ? w + std::max(1.5f, r * 0.14f) : w;
    for (int k = 0; k < 3; ++k) {
      const float a = 3.14159265f / 2 + k * 3.14159265f / 3;
      const float dx = std::cos(a) * r, dy = std::sin(a) * r;
      p.line(cx - dx, cy - dy, cx + dx, cy + dy, lw, c);
      for (int sgn = -1; sgn <= 1; sgn += 2) {
        const float bx = cx + sgn * dx * 0.55f, by = cy + sgn * dy * 0.55f;
        for (int side = -1; side <= 1; side += 2) {
          const float b = a + side * 0.75f;
          p.line(bx, by, bx + sgn * std::cos(b) * r * 0.42f, by + sgn * std::sin(b) * r * 0.42f, lw, c);
        }
      }
    }
  }
}

void drawPiece(Painter& p, char piece, float cx, float cy, float s, float alpha = 1.f) {
  const unsigned idx = static_cast<unsigned char>(piece);
  const Texture& t = idx < 128 ? V.pieces[idx] : V.pieces[0];
  const float size = std::round(s * kPieceScale);
  if (t.tex) {
    const SDL_FRect dst{std::round(cx - size / 2), std::round(cy - size / 2), size, size};
    SDL_SetTextureAlphaMod(t.tex, static_cast<Uint8>(alpha * 255));
    SDL_RenderCopyF(V.renderer, t.tex, nullptr, &dst);
    return;
  }
  // Fallback until images arrive: a token with the letter.
  const bool gold = isGold(piece);
  const Rgba fill = gold ? rgba(0xf4c84a, alpha) : rgba(0xc62a22, alpha);
  const Rgba edge = gold ? rgba(0x3b2a06, alpha) : rgba(0x2a0606, alpha);
  p.disc(cx, cy, size * 0.42f, edge);
  p.disc(cx, cy, size * 0.42f - std::max(1.5f, size * 0.05f), fill);
  const char letter[2] = {static_cast<char>(gold ? piece : piece - 32), 0};
  drawText(letter, size * 0.5f / V.dpr, 700, cx, cy, gold ? rgba(0x3b2a06, alpha) : rgba(0xfff0e0, alpha), 0);
}

Rgba mix(Rgba a, Rgba b, float t) {
  auto m = [t](Uint8 x, Uint8 y) { return static_cast<Uint8>(x + (y - x) * t + 0.5f); };
  return {m(a.r, b.r), m(a.g, b.g), m(a.b, b.b), m(a.a, b.a)};
}

// Relative luminance (WCAG) of an opaque colour: 0 black .. 1 white.
float luminance(Rgba c) {
  auto lin = [](Uint8 v) {
    const float x = v / 255.f;
    return x <= 0.04045f ? x / 12.92f : std::pow((x + 0.055f) / 1.055f, 2.4f);
  };
  return 0.2126f * lin(c.r) + 0.7152f * lin(c.g) + 0.0722f * lin(c.b);
}

// What every part of a frame's drawing shares: the painter, the layout, device pixels,
// and the pointer's and animations' state at this frame.
struct Frame {
  Painter& p;
  const Layout& L;
  float d, s;  // device pixels per CSS px; a square's side in device px
  double now;
  std::vector<char> animating;  // squares whose piece is sliding in
  int dragFrom, dragOver, focusSq;
};

// A square with its marks: colour, last move, frozen, premove, selection, check, hover and
// drag, and the frames of the same square on the other levels.
void drawSquare(Frame& F, int sq, const Palette& pal) {
  Painter& p = F.p;
  auto sameSquare = [](int a, int b) {
    return a >= 0 && b >= 0 && a != b && a % kSquaresPerLevel == b % kSquaresPerLevel;
  };
  const DevRect q = devSquare(sq);
  const float s = q.s;
  const bool light = isLightSquare(sq);
  p.rect(q.x, q.y, q.s, q.s, light ? pal.light : pal.dark);
  const unsigned char b = V.marks.bits[sq];
  if (b & Marks::kLast) p.rect(q.x, q.y, q.s, q.s, kLastMove);
  if (b & Marks::kFrozen) p.rect(q.x, q.y, q.s, q.s, kFrozenTint);
  if (sq == V.premoveFrom || sq == V.premoveTo) p.rect(q.x, q.y, q.s, q.s, kPremove);
  if (b & Marks::kSel) p.rect(q.x, q.y, q.s, q.s, kSelected);
  if (b & Marks::kCheck) {
    static const float stops[] = {0.f, 0.25f, 0.89f, 1.f};
    static const float alphas[] = {1.f, 1.f, 0.f, 0.f};
    p.radialInSquare(q.x, q.y, q.s, q.s * 0.7071f, rgba(0xe70000), stops, alphas, 4);
  }
  if (sq == F.dragOver && F.dragOver != F.dragFrom) p.rect(q.x, q.y, q.s, q.s, rgba(0x14551e, 0.30f));
  if (sq == V.hover && !V.dragging) p.rect(q.x, q.y, q.s, q.s, light ? rgba(0x000000, 0.07f) : rgba(0xffffff, 0.16f));
  if (sq == F.dragOver) p.rectOutline(q.x, q.y, q.s, q.s, std::max(2.f, s * 0.045f), rgba(0xffffff, 0.75f));
  if (b & Marks::kSel) {  // a dark frame with a light line inside it
    const float wd = std::max(2.f, std::round(s * 0.07f)), wl = std::max(1.f, std::round(s * 0.045f));
    p.rectOutline(q.x, q.y, q.s, q.s, wd, kMarkDark);
    p.rectOutline(q.x + wd, q.y + wd, q.s - 2 * wd, q.s - 2 * wd, wl, kMarkLight);
  }
  if (sameSquare(sq, V.marks.sel)) {  // the same square on the other levels: a thinner frame
    const float wd = std::max(2.f, std::round(s * 0.05f)), wl = std::max(1.f, std::round(s * 0.025f));
    p.rectOutline(q.x, q.y, q.s, q.s, wd, kMarkDark);
    p.rectOutline(q.x + wd, q.y + wd, q.s - 2 * wd, q.s - 2 * wd, wl, kMarkLight);
  }
  if (sameSquare(sq, F.focusSq)) p.rectOutline(q.x, q.y, q.s, q.s, std::max(2.f, s * 0.05f), rgba(0x1a3d8f, 0.70f));
}

// A level's coordinates: on the page background beside the board; sideways and on the level
// in focus, inside the edge squares; none on a mini-map.
void drawCoordinates(Frame& F, int lv, const Palette& pal, Rgba coord) {
  const Layout& L = F.L;
  const float d = F.d;
  if (L.isMini(lv + 1)) return;
  if (L.inner) {
    // sideways: file letters in the left column's squares (bottom left), rank numbers in the
    // bottom row's (bottom right); in focus: rank numbers in the left column's (bottom left),
    // file letters in the bottom row's (bottom right); in the square's contrasting colour;
    // none on squares too small to hold them beside a piece
    LabelBox lastFile{}, lastRank{};
    auto inner = [&](int sq, const std::string& text, bool right) {
      const DevRect q = devSquare(sq);
      const Rgba c = isLightSquare(sq) ? mix(pal.dark, rgba(0x000000), 0.25f) : mix(pal.light, rgba(0xffffff), 0.3f);
      const float m = std::max(1.f, q.s * 0.06f), cy = q.y + q.s - m - L.coordFont * 0.55f * d;
      coordText(text, L.coordFont, 600, right ? q.x + q.s - m : q.x + m, cy, c, right ? 1 : -1,
                right ? lastRank : lastFile);
    };
    const bool t = L.turned;
    for (int f = 0; f < kFiles && L.sq >= 14.f; ++f)
      inner(squareOn(lv + 1, f, V.flipped ? kRanks - 1 : 0), std::string(1, static_cast<char>('a' + f)), !t);
    for (int rk = 0; rk < kRanks && L.sq >= 14.f; ++rk)
      inner(squareOn(lv + 1, t != V.flipped ? kFiles - 1 : 0, rk), std::string(1, static_cast<char>('1' + rk)), t);
    return;
  }
  const RectF& g = L.grid[lv];
  const float gx = g.x * d, gy = g.y * d, gh = g.h * d;
  LabelBox lastRank{}, lastFile{};
  for (int rk = 0; rk < kRanks; ++rk) {
    const DevRect q = devSquare(squareOn(lv + 1, V.flipped ? kFiles - 1 : 0, rk));
    coordText(std::string(1, static_cast<char>('1' + rk)), L.coordFont, 500, gx - (L.gutterL * 0.5f - 0.5f) * d,
              q.y + q.s / 2, coord, 0, lastRank);
  }
  for (int f = 0; f < kFiles; ++f) {
    const DevRect q = devSquare(squareOn(lv + 1, f, V.flipped ? kRanks - 1 : 0));
    coordText(std::string(1, static_cast<char>('a' + f)), L.coordFont, 500, q.x + q.s / 2,
              gy + gh + L.gutterB * 0.5f * d, coord, 0, lastFile);
  }
}

// The level's label: as much of "Sky level 3" as fits its band or tab (never clipped):
// the name and the level, the name alone, or the level's number alone. The words are the
// page's (setState's levelLabels, in the reader's language) or else core's name and "level N".
void drawLevelTitle(Frame& F, int lv, const Palette& pal, Rgba coord) {
  Painter& p = F.p;
  const Layout& L = F.L;
  const float d = F.d;
  const RectF& t = L.title[lv];
  if (!(t.w > 0)) return;  // the level in focus without room for its tab
  const Rgba onDark = lv == 2 ? rgba(0x12324f) : rgba(0xffffff);
  const std::string name = V.levelName[lv].empty() ? std::string(pal.name) : V.levelName[lv];
  const std::string sub = V.levelSub[lv].empty() ? "level " + std::to_string(lv + 1) : V.levelSub[lv];
  const std::string digit(1, static_cast<char>('1' + lv));
  if (t.h > t.w) {  // a tab
    // vertical tab in the board's colour: "Sky · level 3" reading upwards
    const float tx = t.x * d, ty = t.y * d, tw = t.w * d, th = t.h * d;
    p.rect(tx, ty, tw, th, pal.dark);
    p.rectOutline(tx, ty, tw, th, std::max(1.f, d), rgba(0x000000, 0.15f));
    const float f2 = L.titleFont * 0.8f, space = L.titleFont * 0.45f * d, room = th - 2 * std::max(2.f, 0.1f * tw);
    const float l1 = textLength(name, L.titleFont, 650), l2 = textLength(sub, f2, 400);
    const float cx = tx + tw / 2, mid = ty + th / 2;
    if (l1 + space + l2 <= room) {
      const float base = mid + (l1 + space + l2) / 2;
      labelTextUp(name, L.titleFont, 650, cx, base - l1 / 2, onDark);
      labelTextUp(sub, f2, 400, cx + 0.5f * d, base - l1 - space - l2 / 2, {onDark.r, onDark.g, onDark.b, 200});
    } else if (l1 <= room) {
      labelTextUp(name, L.titleFont, 650, cx, mid, onDark);
    } else {
      labelText(digit, L.titleFont, 700, cx, mid, onDark, 0);
    }
    return;
  }
  const float tcy = (t.y + t.h * 0.45f) * d;
  // level badge: small square in the board's dark colour with the level number
  const float bs = std::round(L.titleFont * 1.2f * d);
  const float bx = t.x * d, room = t.w * d, space = L.titleFont * 0.45f * d;
  p.rect(bx, std::round(tcy - bs / 2), bs, bs, pal.dark);
  p.rectOutline(bx, std::round(tcy - bs / 2), bs, bs, std::max(1.f, d), rgba(0x000000, 0.18f));
  labelText(digit, L.titleFont * 0.82f, 700, bx + bs / 2, tcy, onDark, 0);
  const float nameW = textLength(name, L.titleFont, 650), subW = textLength(sub, L.titleFont * 0.8f, 400);
  if (bs + space + nameW <= room) labelText(name, L.titleFont, 650, bx + bs + space, tcy, V.text);
  if (bs + space + nameW + space + subW <= room)
    labelText(sub, L.titleFont * 0.8f, 400, bx + bs + space + nameW + space, tcy + 0.5f * d, coord);
}

// The shown levels: each board's shadow, squares, coordinates and title.
void drawBoards(Frame& F) {
  const Layout& L = F.L;
  const float d = F.d;
  const Rgba coord = {V.text.r, V.text.g, V.text.b, static_cast<Uint8>(V.text.a * 0.72f)};
  for (int lv = 0; lv < kLevels; ++lv) {
    if (!L.shown(lv + 1)) continue;
    const RectF& g = L.grid[lv];
    F.p.softShadow(g.x * d, g.y * d + 1.5f * d, g.w * d, g.h * d, 5.f * d, rgba(0x000000, 0.22f));
    const Palette& pal = kPalettes[lv];
    for (int rk = 0; rk < kRanks; ++rk)
      for (int f = 0; f < kFiles; ++f) drawSquare(F, squareOn(lv + 1, f, rk), pal);
    drawCoordinates(F, lv, pal, coord);
    drawLevelTitle(F, lv, pal, coord);
  }
}

// Capture rings (under the piece): dark, with light edges.
void drawCaptureRings(Frame& F) {
  for (int sq : V.marks.cap) {
    if (!F.L.shown(levelOf(sq))) continue;
    const DevRect q = devSquare(sq);
    const float cx = q.x + q.s / 2, cy = q.y + q.s / 2, e = std::max(1.2f, q.s * 0.03f);
    // the dark band at least 1.5 device px wide (a mini-map's small squares: it grows inwards)
    const float outer = q.s * 0.49f - e, inner = std::min(q.s * 0.40f, outer - 1.5f);
    F.p.ring(cx, cy, std::max(0.f, inner - e), q.s * 0.49f, kMarkLight);
    F.p.ring(cx, cy, inner, outer, kMarkDark);
  }
}

// The pieces standing still, frozen ones under a snowflake, with their letters when the
// squares are large enough; the snowflake on frozen squares without a piece too.
void drawPieces(Frame& F) {
  Painter& p = F.p;
  const Layout& L = F.L;
  const float d = F.d;
  for (int sq = 0; sq < kSquares; ++sq) {
    const char pc = V.board[sq];
    if (pc == '.' || F.animating[sq] || !L.shown(levelOf(sq))) continue;
    const DevRect q = devSquare(sq);
    const float cx = q.x + q.s / 2, cy = q.y + q.s / 2;
    drawPiece(p, pc, cx, cy, q.s, sq == F.dragFrom ? 0.3f : 1.f);
    if (V.marks.bits[sq] & Marks::kFrozen) {
      p.rect(q.x, q.y, q.s, q.s, rgba(0xdff3ff, 0.28f));
      drawSnowflake(p, q.x + q.s * 0.80f, q.y + q.s * 0.80f, q.s * 0.15f);
    }
    if (q.s >= 30.f * d && sq != F.dragFrom) {
      // The piece's letter in the corner: near-black or white, whichever contrasts more
      // with the square, with a thin halo of the other so marks and icons never hide it.
      const Palette& pal = kPalettes[levelOf(sq) - 1];
      const bool darkInk = luminance(isLightSquare(sq) ? pal.light : pal.dark) > 0.18f;
      const Rgba ink = darkInk ? rgba(0x15130f, 0.92f) : rgba(0xffffff, 0.96f);
      const Rgba halo = darkInk ? rgba(0xffffff, 0.5f) : rgba(0x000000, 0.45f);
      const std::string up(1, isGold(pc) ? pc : static_cast<char>(pc - 32));
      const float size = std::max(8.f, q.s / d * 0.22f), x = q.x + q.s * 0.05f, y = q.y + q.s * 0.14f;
      const float o = std::max(0.75f, d * 0.6f);
      for (const auto& [dx, dy] : {std::pair{-o, 0.f}, {o, 0.f}, {0.f, -o}, {0.f, o}})
        drawText(up, size, 700, x + dx, y + dy, halo);
      drawText(up, size, 700, x, y, ink);
    }
  }
  for (int sq : V.marks.frozen)
    if (V.board[sq] == '.' && L.shown(levelOf(sq))) {
      const DevRect q = devSquare(sq);
      drawSnowflake(p, q.x + q.s / 2, q.y + q.s / 2, q.s * 0.22f);
    }
}

// Move dots (on the square; over a piece they become a small corner dot): dark, with a
// light rim. Capture from afar: a red gun-sight (ring near the edge, ticks pointing in),
// centre clear.
void drawDestinations(Frame& F) {
  Painter& p = F.p;
  for (int sq : V.marks.move) {
    if (!F.L.shown(levelOf(sq))) continue;
    const DevRect q = devSquare(sq);
    const bool empty = V.board[sq] == '.' || F.animating[sq];
    const float cx = q.x + q.s * (empty ? 0.5f : 0.84f), cy = q.y + q.s * (empty ? 0.5f : 0.16f);
    const float r = q.s * (empty ? 0.16f : 0.1f), rim = std::max(1.5f, q.s * 0.05f);
    p.disc(cx, cy, r + rim, kMarkLight);
    p.disc(cx, cy, r, kMarkDark);
  }
  for (int sq : V.marks.afar) {
    if (!F.L.shown(levelOf(sq))) continue;
    const DevRect q = devSquare(sq);
    const float cx = q.x + q.s / 2, cy = q.y + q.s / 2;
    const float w = std::max(1.5f, q.s * 0.05f), R = q.s * 0.41f, halo = std::max(1.f, 0.8f * F.d);
    for (int pass = 0; pass < 2; ++pass) {
      const Rgba c = pass == 0 ? rgba(0xffffff, 0.6f) : kAfar;
      const float e = pass == 0 ? halo : 0.f;
      p.ring(cx, cy, R - w / 2 - e, R + w / 2 + e, c);
      for (int k = 0; k < 4; ++k) {
        const float dx = static_cast<float>((k == 0) - (k == 1)), dy = static_cast<float>((k == 2) - (k == 3));
        p.line(cx + dx * q.s * 0.28f, cy + dy * q.s * 0.28f, cx + dx * (q.s * 0.5f - w / 2),
               cy + dy * (q.s * 0.5f - w / 2), w + 2 * e, c);
      }
    }
  }
}

// The sliding pieces; true while a slide is still under way.
bool drawSlides(Frame& F) {
  bool more = false;
  for (const Anim& a : V.anims) {
    const char pc = V.board[a.to];
    if (pc == '.' || !F.L.shown(levelOf(a.from)) || !F.L.shown(levelOf(a.to))) continue;
    const DevRect f = devSquare(a.from), t = devSquare(a.to);
    double k = std::clamp((F.now - a.start) / kAnimMs, 0.0, 1.0);
    k = 1 - (1 - k) * (1 - k) * (1 - k);  // ease out
    drawPiece(F.p, pc, static_cast<float>(f.x + (t.x - f.x) * k + t.s / 2),
              static_cast<float>(f.y + (t.y - f.y) * k + t.s / 2), t.s);
    more = true;
  }
  return more;
}

// Arrows. On one level: a shaft and a head, centre to centre. A move to another level is
// drawn as a hop, never as a line across the boards (a line between two levels lies over
// the squares in between, a third board or the files of its own, and reads as a move on
// them): a ring on the piece with a badge naming the level it goes to, and on that level
// the landing square marked with a badge naming the level it comes from. When the landing
// is not the square straight above or below (the piece's echo: the same file and rank,
// which hovering and selection frame too), the arrow on that level goes from a faint ring
// on the echo to it. An arrow from a square to itself is a circle on it (as in
// chessground: the tutorial marks its targets so).
class ArrowPainter {
 public:
  explicit ArrowPainter(Frame& F) : F(F), p(F.p) {}

  // Check: a line from every checking piece to the King (across levels as a hop), in red;
  // then the arrows the page asked for.
  void draw() {
    if (V.check >= 0)
      for (int q : V.checkers) move(q, V.check, kCheckLine, 0.55f, 0.36f);
    for (const Arrow& a : V.arrows) {
      if (a.from == a.to) {
        if (!F.L.shown(levelOf(a.to))) continue;
        float x1, y1;
        centre(a.to, x1, y1);
        sizeFor(a.to);
        p.ring(x1, y1, s * 0.40f, s * 0.48f, a.color);
        continue;
      }
      move(a.from, a.to, a.color, 1.f, 0.f);
    }
  }

 private:
  Frame& F;
  Painter& p;
  float s = 0, w = 0;  // a square's side; an arrow's shaft (on the level being drawn: a mini-map's are smaller)
  void sizeFor(int sq) {
    s = devSquare(sq).s;
    w = std::max(F.L.isMini(levelOf(sq)) ? 1.f : 2.f, s * 0.14f);
  }

  void arrow(float x0, float y0, float x1, float y1, Rgba c, float width) {
    const float len = std::hypot(x1 - x0, y1 - y0);
    if (len < 1) return;
    const float ux = (x1 - x0) / len, uy = (y1 - y0) / len;
    const float head = std::min(len * 0.6f, s * 0.42f * width / w), hx = x1 - ux * head, hy = y1 - uy * head;
    p.line(x0, y0, hx, hy, width, c);
    for (int side = -1; side <= 1; side += 2) {
      const float bx = hx - side * uy * head * 0.55f, by = hy + side * ux * head * 0.55f;
      p.line(bx, by, x1 - ux * width * 0.3f, y1 - uy * width * 0.3f, width * 0.8f, c);
    }
    p.disc(hx, hy, width * 0.5f, c);
  }
  static void centre(int sq, float& x, float& y) {
    const DevRect q = devSquare(sq);
    x = q.x + q.s / 2, y = q.y + q.s / 2;
  }
  // A level's number in a small disc of the arrow's colour with a light rim, at (x, y).
  void badge(float x, float y, int level, Rgba c) {
    const float r = std::max(3.f * F.d, s * 0.17f);
    p.disc(x, y, r + std::max(1.f, 0.8f * F.d), kMarkLight);
    p.disc(x, y, r, {c.r, c.g, c.b, 255});
    drawText(std::string(1, static_cast<char>('0' + level)), r * 1.45f / F.d, 800, x, y, rgba(0xffffff), 0);
  }
  // from -> to in colour c, shaft `shaft` times an arrow's; `tipSq` squares stop the arrow
  // short of the destination's centre (a check line ends at the King's edge).
  void move(int from, int to, Rgba c, float shaft, float tipSq) {
    const int lf = levelOf(from), lt = levelOf(to);
    float x1, y1;
    centre(to, x1, y1);
    sizeFor(from);
    float width = shaft < 1 ? std::max(1.f, w * shaft) : w, tip = tipSq * s;
    float r0 = s * 0.40f, r1 = r0 + width * 0.55f, corner = r0 * 0.72f;
    if (lf == lt) {
      if (!F.L.shown(lt)) return;
      float x0, y0;
      centre(from, x0, y0);
      const float len = std::hypot(x1 - x0, y1 - y0), ux = (x1 - x0) / len, uy = (y1 - y0) / len;
      const float start = tip > 0 ? s * 0.3f : 0.f;  // a check line leaves the piece's edge
      if (len > tip + start) arrow(x0 + ux * start, y0 + uy * start, x1 - ux * tip, y1 - uy * tip, c, width);
      return;
    }
    if (F.L.shown(lf)) {  // the piece: a ring, and the level it goes to
      float x0, y0;
      centre(from, x0, y0);
      p.ring(x0, y0, r0, r1, c);
      badge(x0 + corner, y0 - corner, lt, c);
    }
    if (!F.L.shown(lt)) return;
    sizeFor(to);  // the landing level's sizes
    width = shaft < 1 ? std::max(1.f, w * shaft) : w, tip = tipSq * s;
    r0 = s * 0.40f, r1 = r0 + width * 0.55f, corner = r0 * 0.72f;
    const int echo = (lt - 1) * kSquaresPerLevel + from % kSquaresPerLevel;
    float ex, ey;
    centre(echo, ex, ey);
    if (echo == to) {
      if (tip <= 0) p.disc(x1, y1, width * 0.9f, c);  // straight up or down: the landing square
    } else {
      const Rgba faint = {c.r, c.g, c.b, static_cast<Uint8>(c.a * 0.7f)};
      p.ring(ex, ey, r0, r1, faint);
      const float len = std::hypot(x1 - ex, y1 - ey), ux = (x1 - ex) / len, uy = (y1 - ey) / len;
      arrow(ex + ux * r0, ey + uy * r0, x1 - ux * tip, y1 - uy * tip, c, width);
    }
    badge(ex - corner, ey - corner, lf, c);  // where it lands from: the level it comes from
  }
};

EM_BOOL onAnimationFrame(double, void*) {
  V.frameQueued = false;
  SDL_Event e;
  while (SDL_PollEvent(&e)) {
  }  // window events for the renderer's own bookkeeping
  render();
  return EM_FALSE;
}

}  // namespace

// One frame: boards, capture rings, pieces, destinations, slides, arrows, the dragged piece.
void render() {
  if (!V.renderer) return;
  SDL_Renderer* r = V.renderer;
  // WebGL: transparent, the page shows through. Software: its canvas is opaque.
  const Rgba bg = V.software ? V.background : Rgba{0, 0, 0, 0};
  SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
  SDL_SetRenderDrawColor(r, bg.r, bg.g, bg.b, bg.a);
  SDL_RenderClear(r);
  const Layout& L = V.layout;
  if (!L.valid()) {
    SDL_RenderPresent(r);
    return;
  }
  Painter p(r, V.software);
  clearLabels();
  const float d = V.dpr;
  const double now = nowMs();
  V.anims.erase(std::remove_if(V.anims.begin(), V.anims.end(), [&](const Anim& a) { return now - a.start >= kAnimMs; }),
                V.anims.end());
  const int dragFrom = V.dragging ? V.pressSq : -1;
  const int dragOver = V.dragging ? squareAt(L, V.flipped, V.ptrX, V.ptrY) : -1;
  // A change of focus under way: the level in focus slides in, drawn clipped to its part of
  // the box, the mini-maps (unmoved) in a second pass clipped to theirs.
  const double k = V.focusDir != 0 ? std::clamp((now - V.focusStart) / kFocusMs, 0.0, 1.0) : 1.0;
  if (k >= 1) V.focusDir = 0;
  Layout moved;
  const bool sliding = V.focusDir != 0 && L.arrangement == Arrangement::Focus;
  if (sliding) {
    moved = L;
    const float e = static_cast<float>((1 - k) * (1 - k) * (1 - k));  // ease out
    const float dy = std::round(e * V.focusDir * L.grid[L.focus - 1].h * 0.5f * d) / d;
    moved.grid[L.focus - 1].y += dy, moved.title[L.focus - 1].y += dy;
  }
  bool more = false;
  for (int pass = 0; pass < (sliding ? 2 : 1); ++pass) {
    if (sliding) {
      const RectF& a = pass == 0 ? L.focusArea : L.miniArea;
      const SDL_Rect clip{static_cast<int>(std::lround(a.x * d)), static_cast<int>(std::lround(a.y * d)),
                          static_cast<int>(std::lround(a.w * d)), static_cast<int>(std::lround(a.h * d))};
      SDL_RenderSetClipRect(r, &clip);
    }
    drawn = sliding && pass == 0 ? &moved : &L;
    // the same square on the other levels as the hovered (or dragged-over) one is framed
    Frame F{p,        *drawn,   d,
            L.sq * d, now,      std::vector<char>(kSquares, 0),
            dragFrom, dragOver, dragOver >= 0 ? dragOver : V.hover};
    for (const Anim& a : V.anims) F.animating[a.to] = 1;

    drawBoards(F);
    drawCaptureRings(F);
    drawPieces(F);
    drawDestinations(F);
    more = drawSlides(F) || more;
    ArrowPainter(F).draw();
  }
  drawn = &L;
  if (sliding) SDL_RenderSetClipRect(r, nullptr);
  // the dragged piece follows the pointer
  const float ds = L.sq * d;
  if (dragFrom >= 0 && V.board[dragFrom] != '.')
    drawPiece(p, V.board[dragFrom], V.ptrX * d, V.ptrY * d - (V.pressTouch ? ds * 0.35f : 0.f), ds * 1.08f);

  SDL_RenderPresent(r);
  if (more || sliding) requestFrame();
}

void requestFrame() {
  if (V.frameQueued || !V.renderer) return;
  V.frameQueued = true;
  emscripten_request_animation_frame(onAnimationFrame, nullptr);
}

}  // namespace dcui
