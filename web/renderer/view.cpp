// Dragonchess SDL2 board view: draws three 12x8 boards, pieces and marks, and reports
// pointer input to JavaScript. It knows no game rules.
#include <SDL.h>
#include <emscripten.h>
#include <emscripten/bind.h>
#include <emscripten/html5.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "layout.h"
#include "paint.h"

#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STBI_NO_HDR
#define STBI_NO_LINEAR
#include <stb_image.h>

using namespace dcui;

// ---------------------------------------------------------------------------------------
// JavaScript helpers
// ---------------------------------------------------------------------------------------

// Text is rasterised by the browser's 2D canvas (system UI font), white on transparent;
// the renderer tints it. Returns width | height << 16 of the image for `text`.
EM_JS(int, dc_text_measure, (const char* text, int px, int weight), {
  var c = Module.labelCanvas || (Module.labelCanvas = document.createElement('canvas'));
  var ctx = c.getContext('2d', {willReadFrequently: true});
  ctx.font = weight + ' ' + px + 'px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
  var w = Math.max(1, Math.ceil(ctx.measureText(UTF8ToString(text)).width) + 2);
  var h = Math.max(1, Math.ceil(px * 1.35));
  return Math.min(w, 32767) | (Math.min(h, 32767) << 16);
});
EM_JS(void, dc_text_render, (const char* text, int px, int weight, int w, int h, unsigned char* out), {
  var c = Module.labelCanvas;
  c.width = w; c.height = h;
  var ctx = c.getContext('2d', {willReadFrequently: true});
  ctx.clearRect(0, 0, w, h);
  ctx.font = weight + ' ' + px + 'px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
  ctx.fillStyle = '#fff';
  ctx.textBaseline = 'middle';
  ctx.fillText(UTF8ToString(text), 1, h / 2 + px * 0.04);
  HEAPU8.set(ctx.getImageData(0, 0, w, h).data, out);
});

// Points SDL's fixed "#canvas" target (used by SDL 2.26 for every DOM hook) at our element.
EM_JS(int, dc_bind_canvas, (const char* selector), {
  var sel = UTF8ToString(selector);
  var el = document.querySelector(sel);
  if (!el) return 0;
  Module.canvas = el;
  if (typeof specialHTMLTargets === 'undefined') return 0;
  specialHTMLTargets["#canvas"] = el;
  return 1;
});

EM_JS(double, dc_now, (), { return performance.now(); });

namespace {

// The typed API's events: Module.onBoardEvent('move'|'select'|'hover'|'click'|'drop', a, b).
void emitEvent(const char* name, int a, int b = -1) {
  EM_ASM({
    var f = Module.onBoardEvent;
    if (typeof f === 'function') { try { f(UTF8ToString($0), $1, $2); } catch (e) { console.error(e); } }
  }, name, a, b);
}

// ---------------------------------------------------------------------------------------
// Look
// ---------------------------------------------------------------------------------------

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
constexpr float kPieceScale = 0.90f;  // piece image size relative to the square
constexpr double kAnimMs = 150.0;

struct Texture {
  SDL_Texture* tex = nullptr;
  int w = 0, h = 0;
};

struct Anim {
  int from, to;
  double start;
};

struct Arrow {
  int from, to;
  Rgba color;
};

// ---------------------------------------------------------------------------------------
// State
// ---------------------------------------------------------------------------------------

struct View {
  SDL_Window* window = nullptr;
  SDL_Renderer* renderer = nullptr;
  std::string board = std::string(kSquares, '.');
  Marks marks;
  bool flipped = false;
  Layout layout;
  int outW = 0, outH = 0;  // drawable size, device px
  float dpr = 1;
  Texture pieces[128];
  // Piece images from the build-time atlas (straight RGBA, srcSize x srcSize), by letter;
  // resampled to the drawn size whenever it changes.
  std::vector<unsigned char> pieceSrc[128];
  int srcSize = 0, uploadedSize = 0;
  std::map<std::string, Texture> textCache;
  Rgba text = rgba(0x4a4540);
  Rgba background = rgba(0xffffff);  // only painted by the software renderer (no WebGL)
  bool software = false;
  std::vector<Anim> anims;
  bool frameQueued = false;
  // pointer
  int hover = -1;
  bool pressed = false, dragging = false, pressTouch = false;
  int pressSq = -1;
  float pressX = 0, pressY = 0, ptrX = 0, ptrY = 0;
  int lastDropFrom = -1, lastDropTo = -1;
  double lastDropTime = -1e9;
  // Typed state (setState).
  bool interactive = true;
  bool hasDests = false;
  // Free mode (a position editor): any piece may be dragged to any square or off the
  // boards; the drop is reported ("drop"), nothing is selected or played.
  bool free = false;
  std::map<int, std::vector<int>> dests;
  std::map<int, std::vector<int>> afarDests;  // of dests, the captures from afar (red sights)
  int selected = -1, lastFrom = -1, lastTo = -1, check = -1;
  std::vector<int> checkers;                   // the pieces giving check to `check`
  int premoveFrom = -1, premoveTo = -1;
  std::vector<int> frozen;
  std::vector<Arrow> arrows;
  std::vector<int> levels{3, 2, 1};
  Arrange arrange = Arrange::Auto;
  bool hasDiagram = false;
  std::vector<int> dMove, dCap, dAfar;
};
View V;

void render();

EM_BOOL onAnimationFrame(double, void*) {
  V.frameQueued = false;
  SDL_Event e;
  while (SDL_PollEvent(&e)) {
  }  // window events for the renderer's own bookkeeping
  render();
  return EM_FALSE;
}

void requestFrame() {
  if (V.frameQueued || !V.renderer) return;
  V.frameQueued = true;
  emscripten_request_animation_frame(onAnimationFrame, nullptr);
}

// ---------------------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------------------

const Texture& textTexture(const std::string& s, int px, int weight) {
  const std::string key = std::to_string(px) + ":" + std::to_string(weight) + ":" + s;
  auto it = V.textCache.find(key);
  if (it != V.textCache.end()) return it->second;
  Texture t;
  const int wh = dc_text_measure(s.c_str(), px, weight);
  t.w = wh & 0xffff, t.h = (wh >> 16) & 0xffff;
  std::vector<unsigned char> buf(static_cast<size_t>(t.w) * t.h * 4);
  dc_text_render(s.c_str(), px, weight, t.w, t.h, buf.data());
  t.tex = SDL_CreateTexture(V.renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, t.w, t.h);
  if (t.tex) {
    SDL_UpdateTexture(t.tex, nullptr, buf.data(), t.w * 4);
    SDL_SetTextureBlendMode(t.tex, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(t.tex, SDL_ScaleModeLinear);
  }
  return V.textCache.emplace(key, t).first->second;
}

void clearTextCache() {
  for (auto& [k, t] : V.textCache)
    if (t.tex) SDL_DestroyTexture(t.tex);
  V.textCache.clear();
}

// Draws text with its left edge at x (or centred when align=0 / right edge when align=1)
// and its vertical centre at cy; device px.
float drawText(const std::string& s, float cssPx, int weight, float x, float cy, Rgba c, int align = -1) {
  const int px = std::max(6, static_cast<int>(std::lround(cssPx * V.dpr)));
  const Texture& t = textTexture(s, px, weight);
  if (!t.tex) return 0;
  float left = x;
  const float inkW = t.w - 2.f;
  if (align == 0) left = x - inkW / 2 - 1;
  else if (align == 1) left = x - inkW - 1;
  SDL_SetTextureColorMod(t.tex, c.r, c.g, c.b);
  SDL_SetTextureAlphaMod(t.tex, c.a);
  const SDL_FRect dst{std::round(left), std::round(cy - t.h / 2.f), static_cast<float>(t.w),
                      static_cast<float>(t.h)};
  SDL_RenderCopyF(V.renderer, t.tex, nullptr, &dst);
  return inkW;
}

// Text reading bottom-to-top, centred on (cx, cy); device px. Returns its length.
float textLength(const std::string& s, float cssPx, int weight) {
  const int px = std::max(6, static_cast<int>(std::lround(cssPx * V.dpr)));
  return textTexture(s, px, weight).w - 2.f;
}
void drawTextUp(const std::string& s, float cssPx, int weight, float cx, float cy, Rgba c) {
  const int px = std::max(6, static_cast<int>(std::lround(cssPx * V.dpr)));
  const Texture& t = textTexture(s, px, weight);
  if (!t.tex) return;
  SDL_SetTextureColorMod(t.tex, c.r, c.g, c.b);
  SDL_SetTextureAlphaMod(t.tex, c.a);
  const SDL_FRect dst{std::round(cx - t.w / 2.f), std::round(cy - t.h / 2.f), static_cast<float>(t.w),
                      static_cast<float>(t.h)};
  SDL_RenderCopyExF(V.renderer, t.tex, nullptr, &dst, -90.0, nullptr, SDL_FLIP_NONE);
}

// The labels drawn in the last frame (level titles, coordinates), CSS px: labels() reports
// them, so that a test can see that none is cut off by the canvas or overlaps another.
struct LabelBox {
  std::string text;
  float x, y, w, h;
};
std::vector<LabelBox> drawnLabels;
void labelText(const std::string& s, float cssPx, int weight, float x, float cy, Rgba c, int align = -1) {
  const float w = drawText(s, cssPx, weight, x, cy, c, align);
  const float left = align == 0 ? x - w / 2 : align == 1 ? x - w : x;
  const float h = std::max(6, static_cast<int>(std::lround(cssPx * V.dpr))) * 1.0f;  // the glyphs' height, about the font size
  drawnLabels.push_back({s, left / V.dpr, (cy - h / 2) / V.dpr, w / V.dpr, h / V.dpr});
}
// A coordinate in a row of them: left out when it would overlap the last one drawn (squares
// smaller than the coordinates' font: every other one, or fewer).
void coordText(const std::string& s, float cssPx, int weight, float x, float cy, Rgba c, int align, LabelBox& last) {
  const float w = textLength(s, cssPx, weight), h = std::max(6, static_cast<int>(std::lround(cssPx * V.dpr))) * 1.0f;
  const float left = align == 0 ? x - w / 2 : align == 1 ? x - w : x;
  const LabelBox box{s, left / V.dpr, (cy - h / 2) / V.dpr, w / V.dpr, h / V.dpr};
  const float gap = 1.f;  // CSS px between two coordinates at least
  if (last.w > 0 && box.x < last.x + last.w + gap && last.x < box.x + box.w + gap && box.y < last.y + last.h + gap &&
      last.y < box.y + box.h + gap)
    return;
  labelText(s, cssPx, weight, x, cy, c, align);
  last = box;
}
void labelTextUp(const std::string& s, float cssPx, int weight, float cx, float cy, Rgba c) {
  drawTextUp(s, cssPx, weight, cx, cy, c);
  const float len = textLength(s, cssPx, weight), h = std::max(6, static_cast<int>(std::lround(cssPx * V.dpr))) * 1.0f;
  drawnLabels.push_back({s, (cx - h / 2) / V.dpr, (cy - len / 2) / V.dpr, h / V.dpr, len / V.dpr});
}

// ---------------------------------------------------------------------------------------
// Drawing
// ---------------------------------------------------------------------------------------

struct DevRect {
  float x, y, s;
};
DevRect devSquare(int sq) {
  const RectF r = squareRect(V.layout, V.flipped, sq);
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
  float d, s;             // device pixels per CSS px; a square's side in device px
  double now;
  std::vector<char> animating;  // squares whose piece is sliding in
  int dragFrom, dragOver, focusSq;
};

// A square with its marks: colour, last move, frozen, premove, selection, check, hover and
// drag, and the frames of the same square on the other levels.
void drawSquare(Frame& F, int sq, const Palette& pal) {
  Painter& p = F.p;
  const float s = F.s;
  auto sameSquare = [](int a, int b) { return a >= 0 && b >= 0 && a != b && a % kSquaresPerLevel == b % kSquaresPerLevel; };
  const DevRect q = devSquare(sq);
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
  if (sq == V.hover && !V.dragging)
    p.rect(q.x, q.y, q.s, q.s, light ? rgba(0x000000, 0.07f) : rgba(0xffffff, 0.16f));
  if (sq == F.dragOver)
    p.rectOutline(q.x, q.y, q.s, q.s, std::max(2.f, s * 0.045f), rgba(0xffffff, 0.75f));
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
  if (sameSquare(sq, F.focusSq))
    p.rectOutline(q.x, q.y, q.s, q.s, std::max(2.f, s * 0.05f), rgba(0x1a3d8f, 0.70f));
}

// A level's coordinates: on the page background beside the board; sideways, inside the edge
// squares.
void drawCoordinates(Frame& F, int lv, const Palette& pal, Rgba coord) {
  const Layout& L = F.L;
  const float d = F.d;
  if (L.turned) {
    // file letters in the left column's squares (bottom left), rank numbers in the bottom
    // row's (bottom right), in the square's contrasting colour; none on squares too small
    // to hold them beside a piece
    LabelBox lastFile{}, lastRank{};
    auto inner = [&](int sq, const std::string& text, bool right) {
      const DevRect q = devSquare(sq);
      const Rgba c = isLightSquare(sq) ? mix(pal.dark, rgba(0x000000), 0.25f) : mix(pal.light, rgba(0xffffff), 0.3f);
      const float m = std::max(1.f, q.s * 0.06f), cy = q.y + q.s - m - L.coordFont * 0.55f * d;
      coordText(text, L.coordFont, 600, right ? q.x + q.s - m : q.x + m, cy, c, right ? 1 : -1, right ? lastRank : lastFile);
    };
    for (int f = 0; f < kFiles && L.sq >= 14.f; ++f)
      inner(squareOn(lv + 1, f, V.flipped ? kRanks - 1 : 0), std::string(1, static_cast<char>('a' + f)), false);
    for (int rk = 0; rk < kRanks && L.sq >= 14.f; ++rk)
      inner(squareOn(lv + 1, V.flipped ? 0 : kFiles - 1, rk), std::string(1, static_cast<char>('1' + rk)), true);
    return;
  }
  const RectF& g = L.grid[lv];
  const float gx = g.x * d, gy = g.y * d, gh = g.h * d;
  LabelBox lastRank{}, lastFile{};
  for (int rk = 0; rk < kRanks; ++rk) {
    const DevRect q = devSquare(squareOn(lv + 1, V.flipped ? kFiles - 1 : 0, rk));
    coordText(std::string(1, static_cast<char>('1' + rk)), L.coordFont, 500,
              gx - (L.gutterL * 0.5f - 0.5f) * d, q.y + q.s / 2, coord, 0, lastRank);
  }
  for (int f = 0; f < kFiles; ++f) {
    const DevRect q = devSquare(squareOn(lv + 1, f, V.flipped ? kRanks - 1 : 0));
    coordText(std::string(1, static_cast<char>('a' + f)), L.coordFont, 500, q.x + q.s / 2,
              gy + gh + L.gutterB * 0.5f * d, coord, 0, lastFile);
  }
}

// The level's label: as much of "Sky level 3" as fits its band or tab (never clipped):
// the name and the level, the name alone, or the level's number alone.
void drawLevelTitle(Frame& F, int lv, const Palette& pal, Rgba coord) {
  Painter& p = F.p;
  const Layout& L = F.L;
  const float d = F.d;
  const RectF& t = L.title[lv];
  const Rgba onDark = lv == 2 ? rgba(0x12324f) : rgba(0xffffff);
  const std::string sub = "level " + std::to_string(lv + 1), digit(1, static_cast<char>('1' + lv));
  if (L.stacked) {
    // vertical tab in the board's colour: "Sky · level 3" reading upwards
    const float tx = t.x * d, ty = t.y * d, tw = t.w * d, th = t.h * d;
    p.rect(tx, ty, tw, th, pal.dark);
    p.rectOutline(tx, ty, tw, th, std::max(1.f, d), rgba(0x000000, 0.15f));
    const float f2 = L.titleFont * 0.8f, space = L.titleFont * 0.45f * d, room = th - 2 * std::max(2.f, 0.1f * tw);
    const float l1 = textLength(pal.name, L.titleFont, 650), l2 = textLength(sub, f2, 400);
    const float cx = tx + tw / 2, mid = ty + th / 2;
    if (l1 + space + l2 <= room) {
      const float base = mid + (l1 + space + l2) / 2;
      labelTextUp(pal.name, L.titleFont, 650, cx, base - l1 / 2, onDark);
      labelTextUp(sub, f2, 400, cx + 0.5f * d, base - l1 - space - l2 / 2, {onDark.r, onDark.g, onDark.b, 200});
    } else if (l1 <= room) {
      labelTextUp(pal.name, L.titleFont, 650, cx, mid, onDark);
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
  const float nameW = textLength(pal.name, L.titleFont, 650), subW = textLength(sub, L.titleFont * 0.8f, 400);
  if (bs + space + nameW <= room) labelText(pal.name, L.titleFont, 650, bx + bs + space, tcy, V.text);
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
    F.p.ring(cx, cy, q.s * 0.40f - e, q.s * 0.49f, kMarkLight);
    F.p.ring(cx, cy, q.s * 0.40f, q.s * 0.49f - e, kMarkDark);
  }
}

// The pieces standing still, frozen ones under a snowflake, with their letters when the
// squares are large enough; the snowflake on frozen squares without a piece too.
void drawPieces(Frame& F) {
  Painter& p = F.p;
  const Layout& L = F.L;
  const float d = F.d;
  const bool showLetters = L.sq >= 30.f;
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
    if (showLetters && sq != F.dragFrom) {
      // The piece's letter in the corner: near-black or white, whichever contrasts more
      // with the square, with a thin halo of the other so marks and icons never hide it.
      const Palette& pal = kPalettes[levelOf(sq) - 1];
      const bool darkInk = luminance(isLightSquare(sq) ? pal.light : pal.dark) > 0.18f;
      const Rgba ink = darkInk ? rgba(0x15130f, 0.92f) : rgba(0xffffff, 0.96f);
      const Rgba halo = darkInk ? rgba(0xffffff, 0.5f) : rgba(0x000000, 0.45f);
      const std::string up(1, isGold(pc) ? pc : static_cast<char>(pc - 32));
      const float size = std::max(8.f, L.sq * 0.22f), x = q.x + q.s * 0.05f, y = q.y + q.s * 0.14f;
      const float o = std::max(0.75f, d * 0.6f);
      for (const auto& [dx, dy] : {std::pair{-o, 0.f}, {o, 0.f}, {0.f, -o}, {0.f, o}}) drawText(up, size, 700, x + dx, y + dy, halo);
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
  explicit ArrowPainter(Frame& F) : F(F), p(F.p), s(F.s), w(std::max(2.f, F.s * 0.14f)) {}

  // Check: a line from every checking piece to the King (across levels as a hop), in red;
  // then the arrows the page asked for.
  void draw() {
    if (V.check >= 0)
      for (int q : V.checkers) move(q, V.check, kCheckLine, std::max(1.5f, w * 0.55f), s * 0.36f);
    for (const Arrow& a : V.arrows) {
      if (a.from == a.to) {
        if (!F.L.shown(levelOf(a.to))) continue;
        float x1, y1;
        centre(a.to, x1, y1);
        p.ring(x1, y1, s * 0.40f, s * 0.48f, a.color);
        continue;
      }
      move(a.from, a.to, a.color, w, 0.f);
    }
  }

 private:
  Frame& F;
  Painter& p;
  const float s, w;  // a square's side; an arrow's shaft

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
    const float r = std::max(4.f * F.d, s * 0.17f);
    p.disc(x, y, r + std::max(1.f, 0.8f * F.d), kMarkLight);
    p.disc(x, y, r, {c.r, c.g, c.b, 255});
    drawText(std::string(1, static_cast<char>('0' + level)), r * 1.45f / F.d, 800, x, y, rgba(0xffffff), 0);
  }
  // from -> to in colour c, shaft `width`; `tip` stops the arrow short of the destination's
  // centre (a check line ends at the King's edge).
  void move(int from, int to, Rgba c, float width, float tip) {
    const int lf = levelOf(from), lt = levelOf(to);
    float x1, y1;
    centre(to, x1, y1);
    const float r0 = s * 0.40f, r1 = r0 + width * 0.55f, corner = r0 * 0.72f;
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
  Painter p(r);
  drawnLabels.clear();
  const float d = V.dpr;
  const double now = dc_now();
  V.anims.erase(std::remove_if(V.anims.begin(), V.anims.end(),
                               [&](const Anim& a) { return now - a.start >= kAnimMs; }),
                V.anims.end());
  const int dragFrom = V.dragging ? V.pressSq : -1;
  const int dragOver = V.dragging ? squareAt(L, V.flipped, V.ptrX, V.ptrY) : -1;
  // the same square on the other levels as the hovered (or dragged-over) one is framed
  Frame F{p, L, d, L.sq * d, now, std::vector<char>(kSquares, 0), dragFrom, dragOver, dragOver >= 0 ? dragOver : V.hover};
  for (const Anim& a : V.anims) F.animating[a.to] = 1;

  drawBoards(F);
  drawCaptureRings(F);
  drawPieces(F);
  drawDestinations(F);
  const bool more = drawSlides(F);
  ArrowPainter(F).draw();
  // the dragged piece follows the pointer
  if (dragFrom >= 0 && V.board[dragFrom] != '.')
    drawPiece(p, V.board[dragFrom], V.ptrX * d, V.ptrY * d - (V.pressTouch ? F.s * 0.35f : 0.f), F.s * 1.08f);

  SDL_RenderPresent(r);
  if (more) requestFrame();
}

// ---------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------

void cancelDrag() {
  V.pressed = V.dragging = false;
  V.pressSq = -1;
  requestFrame();
}

void pointerDown(float x, float y, bool touch) {
  V.pressed = true;
  V.dragging = false;
  V.pressTouch = touch;
  V.pressX = V.ptrX = x, V.pressY = V.ptrY = y;
  V.pressSq = squareAt(V.layout, V.flipped, x, y);
}

// --- the component's own selection and moves ---
const std::vector<int>* destsOf(int sq) {
  auto it = V.dests.find(sq);
  return it == V.dests.end() ? nullptr : &it->second;
}
bool isDest(int from, int to) {
  const std::vector<int>* d = destsOf(from);
  return d && std::find(d->begin(), d->end(), to) != d->end();
}
void rebuildMarks();
void selectSquare(int sq) {
  if (sq == V.selected) return;
  V.selected = sq;
  V.hasDiagram = false;  // a diagram belongs to the selection it was handed with
  rebuildMarks();
  emitEvent("select", sq);
}
void playMove(int from, int to) {
  V.selected = -1;
  rebuildMarks();
  emitEvent("select", -1);
  emitEvent("move", from, to);
}
void typedClick(int sq) {
  if (V.selected >= 0 && isDest(V.selected, sq)) {
    playMove(V.selected, sq);
    return;
  }
  if (sq == V.selected || sq < 0 || V.board[sq] == '.') selectSquare(-1);
  else selectSquare(sq);
}

// Touch: a fingertip is wider than a phone's square (28 px in portrait, 21 px turned). A tap
// or a touch drop on a square that is neither a legal destination nor a piece with moves goes
// to the nearest legal destination (with nothing selected: the nearest piece with moves, when
// the square tapped is empty) within reach of the finger: what a 44 px target would catch.
constexpr float kTouchTarget = 44.f;
int touchTarget(float x, float y, int sq, int from) {
  const float reach = (kTouchTarget - V.layout.sq) / 2;
  if (!V.pressTouch || V.free || !V.interactive || !(reach > 0)) return sq;
  if (sq >= 0 && (destsOf(sq) || (from >= 0 && isDest(from, sq)))) return sq;
  if (from < 0 && sq >= 0 && V.board[sq] != '.') return sq;  // a piece without moves: its own square
  std::vector<int> near;
  if (from >= 0) {
    if (const std::vector<int>* d = destsOf(from)) near = *d;
  } else {
    for (const auto& [k, v] : V.dests)
      if (!v.empty()) near.push_back(k);
  }
  int best = sq;
  float bestD = reach;
  for (int c : near) {
    const RectF r = squareRect(V.layout, V.flipped, c);
    if (!(r.w > 0)) continue;
    const float dx = std::max({r.x - x, 0.f, x - (r.x + r.w)}), dy = std::max({r.y - y, 0.f, y - (r.y + r.h)});
    const float dist = std::hypot(dx, dy);
    if (dist < bestD) best = c, bestD = dist;
  }
  return best;
}

void pointerMove(float x, float y, bool touch, bool buttonDown) {
  V.ptrX = x, V.ptrY = y;
  const int h = touch ? -1 : squareAt(V.layout, V.flipped, x, y);
  if (h != V.hover) {
    V.hover = h, requestFrame();
    emitEvent("hover", h);
  }
  if (!V.interactive) return;
  if (!V.pressed || !buttonDown) return;
  if (V.dragging) {
    requestFrame();
    return;
  }
  const float thr = touch ? 8.f : 4.f;
  if (std::hypot(x - V.pressX, y - V.pressY) < thr) return;
  if (V.pressSq >= 0 && V.board[V.pressSq] != '.') {
    V.dragging = true;
    if (V.free) {
      requestFrame();
      return;
    }
    const std::vector<int>* d = destsOf(V.pressSq);
    if (!d || d->empty()) V.dragging = false, V.pressed = false;
    else selectSquare(V.pressSq);
    requestFrame();
  }
}

void pointerUp(float x, float y) {
  if (!V.pressed) return;
  V.ptrX = x, V.ptrY = y;
  const int from = V.pressSq;
  int to = squareAt(V.layout, V.flipped, x, y);
  if (V.dragging) {
    if (!V.free) to = touchTarget(x, y, to, from);
    V.pressed = V.dragging = false;
    V.pressSq = -1;
    if (V.free && to != from) {
      V.lastDropFrom = from, V.lastDropTo = to, V.lastDropTime = dc_now();
      emitEvent("drop", from, to);  // to -1: dropped off the boards
    } else if (!V.free && to >= 0 && to != from && isDest(from, to)) {
      V.lastDropFrom = from, V.lastDropTo = to, V.lastDropTime = dc_now();
      playMove(from, to);
    }
    requestFrame();
    return;
  }
  V.pressed = false;
  V.pressSq = -1;
  const bool click = to == from || std::hypot(x - V.pressX, y - V.pressY) < 8.f;
  if (click && V.interactive) {
    const int at = touchTarget(V.pressX, V.pressY, from, V.selected);
    if (at >= 0) emitEvent("click", at);  // any square, empty or not (a position editor)
    typedClick(at);
  }
}

int eventFilter(void*, SDL_Event* e) {
  switch (e->type) {
    case SDL_MOUSEMOTION:
      pointerMove(static_cast<float>(e->motion.x), static_cast<float>(e->motion.y),
                  e->motion.which == SDL_TOUCH_MOUSEID, (e->motion.state & SDL_BUTTON_LMASK) != 0);
      return 0;
    case SDL_MOUSEBUTTONDOWN:
      if (e->button.button == SDL_BUTTON_LEFT)
        pointerDown(static_cast<float>(e->button.x), static_cast<float>(e->button.y),
                    e->button.which == SDL_TOUCH_MOUSEID);
      else if (V.dragging)
        cancelDrag();
      return 0;
    case SDL_MOUSEBUTTONUP:
      if (e->button.button == SDL_BUTTON_LEFT)
        pointerUp(static_cast<float>(e->button.x), static_cast<float>(e->button.y));
      return 0;
    case SDL_WINDOWEVENT:
      if (e->window.event == SDL_WINDOWEVENT_LEAVE && V.hover >= 0) {
        V.hover = -1, requestFrame();
        emitEvent("hover", -1);
      }
      requestFrame();  // drain it on the next frame (the renderer watches window events)
      return 1;
    case SDL_FINGERDOWN:
    case SDL_FINGERUP:
    case SDL_FINGERMOTION:
    case SDL_KEYDOWN:
    case SDL_KEYUP:
    case SDL_TEXTINPUT:
    case SDL_MOUSEWHEEL:
      return 0;  // touches arrive again as SDL_TOUCH_MOUSEID mouse events
    default:
      return 1;
  }
}

// ---------------------------------------------------------------------------------------
// API
// ---------------------------------------------------------------------------------------

int pieceSizePx() { return V.layout.valid() ? static_cast<int>(std::lround(V.layout.sq * V.dpr * kPieceScale)) : 0; }

// Box-filters a straight-alpha square image (n x n) to m x m (m <= n), weighting by alpha.
std::vector<unsigned char> shrink(const std::vector<unsigned char>& src, int n, int m) {
  std::vector<unsigned char> out(static_cast<size_t>(m) * m * 4);
  const double k = static_cast<double>(n) / m;
  for (int y = 0; y < m; ++y)
    for (int x = 0; x < m; ++x) {
      const double x0 = x * k, x1 = (x + 1) * k, y0 = y * k, y1 = (y + 1) * k;
      double r = 0, g = 0, b = 0, a = 0, area = 0;
      for (int sy = static_cast<int>(y0); sy < std::min(n, static_cast<int>(std::ceil(y1))); ++sy) {
        const double wy = std::min<double>(sy + 1, y1) - std::max<double>(sy, y0);
        for (int sx = static_cast<int>(x0); sx < std::min(n, static_cast<int>(std::ceil(x1))); ++sx) {
          const double w = wy * (std::min<double>(sx + 1, x1) - std::max<double>(sx, x0));
          const unsigned char* p = &src[(static_cast<size_t>(sy) * n + sx) * 4];
          const double wa = w * p[3];
          r += wa * p[0], g += wa * p[1], b += wa * p[2], a += wa, area += w;
        }
      }
      unsigned char* q = &out[(static_cast<size_t>(y) * m + x) * 4];
      if (a > 0) q[0] = static_cast<unsigned char>(r / a + 0.5), q[1] = static_cast<unsigned char>(g / a + 0.5),
                 q[2] = static_cast<unsigned char>(b / a + 0.5);
      q[3] = static_cast<unsigned char>(area > 0 ? a / area + 0.5 : 0);
    }
  return out;
}

void uploadPiece(unsigned idx, int w, const unsigned char* rgba);
int pieceSizePx();
// (Re)makes the piece textures at the size they are drawn (the atlas's own size when larger).
void uploadPieces() {
  const int want = std::min(pieceSizePx(), V.srcSize);
  if (!V.renderer || V.srcSize <= 0 || want <= 0 || want == V.uploadedSize) return;
  V.uploadedSize = want;
  for (unsigned idx = 0; idx < 128; ++idx) {
    if (V.pieceSrc[idx].empty()) continue;
    if (want == V.srcSize) uploadPiece(idx, want, V.pieceSrc[idx].data());
    else uploadPiece(idx, want, shrink(V.pieceSrc[idx], V.srcSize, want).data());
  }
}

void relayout() {
  int w = 0, h = 0;
  if (V.window) SDL_GetWindowSize(V.window, &w, &h);
  if (V.renderer) SDL_GetRendererOutputSize(V.renderer, &V.outW, &V.outH);
  const float dpr = w > 0 ? static_cast<float>(V.outW) / w : 1.f;
  if (dpr != V.dpr) clearTextCache();
  V.dpr = dpr > 0 ? dpr : 1.f;
  const Layout old = V.layout;
  V.layout = computeLayout(static_cast<float>(w), static_cast<float>(h), V.dpr, V.levels, V.arrange);
  if (old.titleFont != V.layout.titleFont || old.coordFont != V.layout.coordFont || old.sq != V.layout.sq)
    clearTextCache();
  uploadPieces();
  requestFrame();
}

bool init(std::string selector) {
  if (V.window) return true;
  if (!dc_bind_canvas(selector.c_str())) {
    std::fprintf(stderr, "dragonchess_ui: no element matches %s\n", selector.c_str());
    return false;
  }
  SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
  SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "1");
  SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0");
  SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear");
  if (SDL_Init(SDL_INIT_VIDEO) != 0) {
    std::fprintf(stderr, "dragonchess_ui: SDL_Init: %s\n", SDL_GetError());
    return false;
  }
  SDL_EventState(SDL_MOUSEWHEEL, SDL_IGNORE);  // let the page scroll over the canvas
  SDL_EventState(SDL_TEXTINPUT, SDL_IGNORE);
  SDL_GL_SetAttribute(SDL_GL_ALPHA_SIZE, 8);  // transparent canvas: the page shows through
  double cw = 0, ch = 0;
  emscripten_get_element_css_size("#canvas", &cw, &ch);
  V.window = SDL_CreateWindow("Dragonchess", 0, 0, std::max(1, static_cast<int>(std::lround(cw))),
                              std::max(1, static_cast<int>(std::lround(ch))), SDL_WINDOW_ALLOW_HIGHDPI);
  if (!V.window) {
    std::fprintf(stderr, "dragonchess_ui: SDL_CreateWindow: %s\n", SDL_GetError());
    return false;
  }
  V.renderer = SDL_CreateRenderer(V.window, -1, SDL_RENDERER_ACCELERATED);
  if (!V.renderer) V.renderer = SDL_CreateRenderer(V.window, -1, SDL_RENDERER_SOFTWARE);
  if (!V.renderer) {
    std::fprintf(stderr, "dragonchess_ui: SDL_CreateRenderer: %s\n", SDL_GetError());
    return false;
  }
  SDL_RendererInfo info{};
  if (SDL_GetRendererInfo(V.renderer, &info) == 0) V.software = (info.flags & SDL_RENDERER_SOFTWARE) != 0;
  SDL_SetEventFilter(eventFilter, nullptr);
  relayout();
  return true;
}

int resize(double cssW, double cssH, double /*dpr: SDL reads devicePixelRatio itself*/) {
  if (!V.window) return 0;
  const int w = std::max(1, static_cast<int>(std::lround(cssW)));
  const int h = std::max(1, static_cast<int>(std::lround(cssH)));
  SDL_SetWindowSize(V.window, w, h);
  relayout();
  return pieceSizePx();
}

void setBoard(std::string b) {
  std::string nb(kSquares, '.');
  for (size_t i = 0; i < std::min(b.size(), nb.size()); ++i) {
    const char c = b[i];
    nb[i] = ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) ? c : '.';
  }
  if (V.dragging && nb[V.pressSq] != V.board[V.pressSq]) {
    V.board = nb;
    cancelDrag();
  }
  V.board = nb;
  requestFrame();
}


// Typed state -> the marks drawn.
void rebuildMarks() {
  Marks m;
  auto add = [&m](std::vector<int>& list, int sq, unsigned char bit) {
    if (sq < 0 || sq >= kSquares || (m.bits[sq] & bit)) return;
    m.bits[sq] |= bit;
    list.push_back(sq);
  };
  if (V.selected >= 0) m.sel = V.selected, m.bits[V.selected] |= Marks::kSel;
  add(m.last, V.lastFrom, Marks::kLast);
  add(m.last, V.lastTo, Marks::kLast);
  add(m.check, V.check, Marks::kCheck);
  for (int sq : V.frozen) add(m.frozen, sq, Marks::kFrozen);
  if (V.hasDiagram) {
    for (int sq : V.dMove) add(m.move, sq, Marks::kMove);
    for (int sq : V.dCap) add(m.cap, sq, Marks::kCap);
    for (int sq : V.dAfar) add(m.afar, sq, Marks::kAfar);
  } else if (const std::vector<int>* d = V.selected >= 0 ? destsOf(V.selected) : nullptr) {
    // The marks of a diagram and of a selected piece speak one language: dots, rings, and
    // red sights for the captures from afar (the page says which those are).
    const auto af = V.afarDests.find(V.selected);
    for (int sq : *d) {
      if (sq < 0 || sq >= kSquares) continue;
      if (af != V.afarDests.end() && std::find(af->second.begin(), af->second.end(), sq) != af->second.end())
        add(m.afar, sq, Marks::kAfar);
      else if (V.board[sq] == '.') add(m.move, sq, Marks::kMove);
      else add(m.cap, sq, Marks::kCap);
    }
  }
  V.marks = std::move(m);
  requestFrame();
}

using emscripten::val;
std::vector<int> intList(const val& v) {
  std::vector<int> out;
  if (v.isNull() || v.isUndefined()) return out;
  const int n = v["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const int sq = v[i].as<int>();
    if (sq >= 0 && sq < kSquares) out.push_back(sq);
  }
  return out;
}
int squareOrNone(const val& v) {
  if (v.isNull() || v.isUndefined()) return -1;
  const int sq = v.as<int>();
  return sq >= 0 && sq < kSquares ? sq : -1;
}

void setBoard(std::string b);
void setFlipped(bool f);
void animate(int from, int to);

// Every key optional (board.js has already checked and normalised them):
// pieces: string; dests: flat [from, n, to1..ton, ...] or null; afar: the same form, the
// dests that are captures from afar; lastMove: [from, to] or null; check: sq or null;
// checkers: [sq]; premove: [from, to] or null; frozen: [sq]; flipped: bool; levels: [level]; arrange: 'auto' |
// 'row' | 'column' | 'pyramid'; arrows: flat
// [from, to, 0xRRGGBBAA, ...]; selected: sq or null; diagram: {move, capture, afar} or null;
// interactive: bool; free: bool; animate: [from, to] (after pieces).
void setState(val s) {
  auto has = [&s](const char* k) { return s.hasOwnProperty(k); };
  if (has("interactive")) V.interactive = s["interactive"].as<bool>();
  if (has("free")) V.free = s["free"].as<bool>();
  if (has("pieces")) setBoard(s["pieces"].as<std::string>());
  // flat [from, n, to1..ton, ...] -> {from: [to]}
  auto destMap = [](const val& d, std::map<int, std::vector<int>>& out) {
    out.clear();
    if (d.isNull() || d.isUndefined()) return;
    std::vector<int> flat;
    for (int i = 0, n = d["length"].as<int>(); i < n; ++i) flat.push_back(d[i].as<int>());
    for (size_t i = 0; i + 1 < flat.size();) {
      const int from = flat[i], n = flat[i + 1];
      i += 2;
      std::vector<int>& list = out[from];
      for (int k = 0; k < n && i < flat.size(); ++k, ++i)
        if (flat[i] >= 0 && flat[i] < kSquares) list.push_back(flat[i]);
    }
  };
  if (has("dests")) {
    destMap(s["dests"], V.dests);
    V.hasDests = !s["dests"].isNull();
  }
  if (has("afar")) destMap(s["afar"], V.afarDests);
  if (has("lastMove")) {
    const std::vector<int> m = intList(s["lastMove"]);
    V.lastFrom = m.size() == 2 ? m[0] : -1, V.lastTo = m.size() == 2 ? m[1] : -1;
  }
  if (has("check")) V.check = squareOrNone(s["check"]);
  if (has("checkers")) V.checkers = intList(s["checkers"]);
  if (has("premove")) {
    const std::vector<int> m = intList(s["premove"]);
    V.premoveFrom = m.size() == 2 ? m[0] : -1, V.premoveTo = m.size() == 2 ? m[1] : -1;
  }
  if (has("frozen")) V.frozen = intList(s["frozen"]);
  if (has("flipped")) setFlipped(s["flipped"].as<bool>());
  if (has("levels")) {
    std::vector<int> lv;
    const val l = s["levels"];
    for (int i = 0, n = l["length"].as<int>(); i < n; ++i) lv.push_back(l[i].as<int>());
    lv = normaliseLevels(lv);
    if (lv != V.levels) {
      V.levels = lv;
      if (V.hover >= 0 && std::find(lv.begin(), lv.end(), levelOf(V.hover)) == lv.end()) V.hover = -1;
      relayout();
    }
  }
  if (has("arrange")) {
    Arrange a = V.arrange;
    if (parseArrange(s["arrange"].as<std::string>(), a) && a != V.arrange) {
      V.arrange = a;
      relayout();
    }
  }
  if (has("arrows")) {
    V.arrows.clear();
    const val a = s["arrows"];
    const int n = a.isNull() || a.isUndefined() ? 0 : a["length"].as<int>();
    for (int i = 0; i + 2 < n; i += 3) {
      const int from = a[i].as<int>(), to = a[i + 1].as<int>();
      const unsigned c = a[i + 2].as<unsigned>();
      if (from < 0 || from >= kSquares || to < 0 || to >= kSquares) continue;
      V.arrows.push_back({from, to, {static_cast<Uint8>(c >> 24), static_cast<Uint8>(c >> 16),
                                     static_cast<Uint8>(c >> 8), static_cast<Uint8>(c)}});
    }
  }
  // The selection: handed in, or kept while its piece is still there and movable.
  if (has("selected")) V.selected = squareOrNone(s["selected"]);
  else if (V.selected >= 0 && (V.board[V.selected] == '.' || (V.hasDests && !destsOf(V.selected))))
    V.selected = -1;
  if (has("diagram")) {
    const val d = s["diagram"];
    V.hasDiagram = !(d.isNull() || d.isUndefined());
    V.dMove = V.hasDiagram ? intList(d["move"]) : std::vector<int>{};
    V.dCap = V.hasDiagram ? intList(d["capture"]) : std::vector<int>{};
    V.dAfar = V.hasDiagram ? intList(d["afar"]) : std::vector<int>{};
  }
  rebuildMarks();
  if (has("animate")) {
    const std::vector<int> m = intList(s["animate"]);
    if (m.size() == 2) animate(m[0], m[1]);
  }
}

// Pure: the layout the renderer would use for a container of this size, these levels and
// this arrangement ('auto' when not one of the names).
Arrange arrangeOf(const std::string& text) {
  Arrange a = Arrange::Auto;
  parseArrange(text, a);
  return a;
}
std::string fitJson(double cssW, double cssH, double dpr, val levels, std::string arrange) {
  return layoutJson(computeLayout(static_cast<float>(cssW), static_cast<float>(cssH), static_cast<float>(dpr),
                                  intList(levels), arrangeOf(arrange)));
}
// boxes: [[w, h], ...] (CSS px): the layout of the one with the largest squares, and its index.
std::string bestFitJson(val boxes, double dpr, val levels, std::string arrange) {
  std::vector<Box> bs;
  for (int i = 0, n = boxes["length"].as<int>(); i < n; ++i)
    bs.push_back({boxes[i][0].as<float>(), boxes[i][1].as<float>()});
  int index = -1;
  const std::string json = layoutJson(bestLayout(bs, static_cast<float>(dpr), intList(levels), arrangeOf(arrange), index));
  return "{\"box\":" + std::to_string(index) + "," + json.substr(1);
}
std::string geometryJson() { return layoutJson(V.layout); }
// The labels of the last frame: [{"text":..,"x":..,"y":..,"width":..,"height":..}] (CSS px).
std::string labelsJson() {
  std::string out = "[";
  char buf[160];
  for (const LabelBox& b : drawnLabels) {
    std::string text;
    for (char c : b.text) if (c != '"' && c != '\\') text += c;
    std::snprintf(buf, sizeof buf, "%s{\"text\":\"%s\",\"x\":%.6g,\"y\":%.6g,\"width\":%.6g,\"height\":%.6g}",
                  out.size() > 1 ? "," : "", text.c_str(), b.x, b.y, b.w, b.h);
    out += buf;
  }
  return out + "]";
}
// Draws the current state at once (not at the next animation frame): the canvas holds the
// picture when this returns, for a page that copies it (the embed gallery).
void renderNow() {
  V.frameQueued = false;
  render();
}
int selectedSquare() { return V.selected; }

// {x, y, width, height} of a square in CSS px relative to the canvas, or null.
val squareRectCss(int sq) {
  const RectF r = squareRect(V.layout, V.flipped, sq);
  if (!(r.w > 0)) return val::null();
  val o = val::object();
  o.set("x", r.x), o.set("y", r.y), o.set("width", r.w), o.set("height", r.h);
  return o;
}

void setFlipped(bool f) {
  if (f == V.flipped) return;
  V.flipped = f;
  V.hover = -1;
  V.anims.clear();
  requestFrame();
}

void animate(int from, int to) {
  if (from < 0 || from >= kSquares || to < 0 || to >= kSquares || from == to) return;
  const double now = dc_now();
  // The user just dropped this piece there by hand: no slide.
  if (from == V.lastDropFrom && to == V.lastDropTo && now - V.lastDropTime < 1000) {
    V.lastDropFrom = V.lastDropTo = -1;
    return;
  }
  V.anims.erase(std::remove_if(V.anims.begin(), V.anims.end(), [&](const Anim& a) { return a.to == to; }),
                V.anims.end());
  V.anims.push_back({from, to, now});
  requestFrame();
}

void uploadPiece(unsigned idx, int w, const unsigned char* rgba) {
  Texture& t = V.pieces[idx];
  if (!t.tex || t.w != w || t.h != w) {
    if (t.tex) SDL_DestroyTexture(t.tex);
    t.tex = SDL_CreateTexture(V.renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, w, w);
    t.w = t.h = w;
    if (!t.tex) return;
    SDL_SetTextureBlendMode(t.tex, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(t.tex, SDL_ScaleModeLinear);
  }
  SDL_UpdateTexture(t.tex, nullptr, rgba, w * 4);
  requestFrame();
}

// The build-time piece atlas (scripts/make-pieces.mjs): 'DCP1', u16 size, u8 count, then
// per piece u8 letter, u32 length, PNG bytes. Returns an error text, empty when it worked.
std::string setPieceAtlas(emscripten::val bytes) {
  const size_t n = bytes["length"].as<size_t>();
  std::vector<unsigned char> buf(n);
  emscripten::val(emscripten::typed_memory_view(n, buf.data())).call<void>("set", bytes);
  auto u16 = [&](size_t o) { return static_cast<unsigned>(buf[o] | buf[o + 1] << 8); };
  auto u32 = [&](size_t o) { return static_cast<size_t>(buf[o] | buf[o + 1] << 8 | buf[o + 2] << 16) | static_cast<size_t>(buf[o + 3]) << 24; };
  if (n < 7 || std::string(buf.begin(), buf.begin() + 4) != "DCP1") return "not a piece atlas (no DCP1 header)";
  const int size = static_cast<int>(u16(4));
  const int count = buf[6];
  if (size < 8 || size > 1024) return "piece atlas: bad size " + std::to_string(size);
  std::vector<unsigned char> decoded[128];
  size_t off = 7;
  for (int i = 0; i < count; ++i) {
    if (off + 5 > n) return "piece atlas: cut short";
    const unsigned letter = buf[off];
    const size_t len = u32(off + 1);
    off += 5;
    if (len > n - off) return "piece atlas: cut short";
    if (letter >= 128 || !((letter >= 'A' && letter <= 'Z') || (letter >= 'a' && letter <= 'z')))
      return "piece atlas: bad piece letter";
    int w = 0, h = 0, comp = 0;
    unsigned char* px = stbi_load_from_memory(&buf[off], static_cast<int>(len), &w, &h, &comp, 4);
    if (!px) return std::string("piece atlas: ") + static_cast<char>(letter) + ": " + stbi_failure_reason();
    if (w == size && h == size) decoded[letter].assign(px, px + static_cast<size_t>(w) * h * 4);
    stbi_image_free(px);
    if (decoded[letter].empty()) return std::string("piece atlas: ") + static_cast<char>(letter) + " is not " + std::to_string(size) + " px square";
    off += len;
  }
  for (unsigned i = 0; i < 128; ++i) V.pieceSrc[i] = std::move(decoded[i]);
  V.srcSize = size;
  V.uploadedSize = 0;
  uploadPieces();
  return "";
}

void setTextColor(int r, int g, int b) {
  V.text = {static_cast<Uint8>(std::clamp(r, 0, 255)), static_cast<Uint8>(std::clamp(g, 0, 255)),
            static_cast<Uint8>(std::clamp(b, 0, 255)), 255};
  requestFrame();
}

void setBackground(int r, int g, int b) {
  V.background = {static_cast<Uint8>(std::clamp(r, 0, 255)), static_cast<Uint8>(std::clamp(g, 0, 255)),
                  static_cast<Uint8>(std::clamp(b, 0, 255)), 255};
  requestFrame();
}

int squareAtCss(double x, double y) { return squareAt(V.layout, V.flipped, static_cast<float>(x), static_cast<float>(y)); }

}  // namespace

EMSCRIPTEN_BINDINGS(dragonchess_ui) {
  emscripten::function("init", &init);
  emscripten::function("setBoard", &setBoard);
  emscripten::function("setFlipped", &setFlipped);
  emscripten::function("animate", &animate);
  emscripten::function("setPieceAtlas", &setPieceAtlas);
  emscripten::function("setTextColor", &setTextColor);
  emscripten::function("setBackground", &setBackground);
  emscripten::function("resize", &resize);
  emscripten::function("pieceSize", &pieceSizePx);
  emscripten::function("squareAt", &squareAtCss);
  emscripten::function("setState", &setState);
  emscripten::function("fit", &fitJson);
  emscripten::function("bestFit", &bestFitJson);
  emscripten::function("geometry", &geometryJson);
  emscripten::function("labels", &labelsJson);
  emscripten::function("renderNow", &renderNow);
  emscripten::function("squareRect", &squareRectCss);
  emscripten::function("selected", &selectedSquare);
}
