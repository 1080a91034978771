// The board view's API (web/renderer): the page hands it state (setState, setBoard, ...)
// and reads back geometry, labels and events; SDL2 draws on the page's canvas. It knows no
// game rules: the page hands it the legal destinations and it reports the moves chosen.
#include <SDL.h>
#include <emscripten.h>
#include <emscripten/bind.h>
#include <emscripten/html5.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "view.h"

// Points SDL's fixed "#canvas" target (used by SDL 2.26 for every DOM hook) at our element.
// JavaScript inside: clang-format would break its operators.
// clang-format off
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
EM_JS(int, dc_reduced_motion, (), {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 1 : 0;
});
// clang-format on

namespace dcui {

View V;

// The typed API's events: Module.onBoardEvent('move'|'select'|'hover'|'click'|'drop', a, b).
void emitEvent(const char* name, int a, int b) {
  // JavaScript inside: clang-format would break its operators.
  // clang-format off
  EM_ASM({
    var f = Module.onBoardEvent;
    if (typeof f === 'function') { try { f(UTF8ToString($0), $1, $2); } catch (e) { console.error(e); } }
  }, name, a, b);
  // clang-format on
}

double nowMs() { return dc_now(); }

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
      else if (V.board[sq] == '.')
        add(m.move, sq, Marks::kMove);
      else
        add(m.cap, sq, Marks::kCap);
    }
  }
  V.marks = std::move(m);
  requestFrame();
}

namespace {

void relayout() {
  int w = 0, h = 0;
  if (V.window) SDL_GetWindowSize(V.window, &w, &h);
  if (V.renderer) SDL_GetRendererOutputSize(V.renderer, &V.outW, &V.outH);
  const float dpr = w > 0 ? static_cast<float>(V.outW) / w : 1.f;
  if (dpr != V.dpr) clearTextCache();
  V.dpr = dpr > 0 ? dpr : 1.f;
  const Layout old = V.layout;
  V.layout = computeLayout(static_cast<float>(w), static_cast<float>(h), V.dpr, V.levels, V.arrange, V.focus);
  if (old.titleFont != V.layout.titleFont || old.coordFont != V.layout.coordFont || old.sq != V.layout.sq)
    clearTextCache();
  uploadPieces();
  requestFrame();
}

}  // namespace

void focusLevel(int level, bool byPlayer) {
  if (level < 1 || level > kLevels || level == V.focus) return;
  const int old = V.layout.arrangement == Arrangement::Focus ? V.layout.focus : 0;
  V.focus = level;
  if (V.arrange != Arrange::Focus) return;
  relayout();
  if (V.layout.focus != level) return;  // not shown
  if (old && !dc_reduced_motion()) V.focusDir = level > old ? -1 : 1, V.focusStart = dc_now();
  if (V.hover >= 0 && levelOf(V.hover) != level) V.hover = -1;
  requestFrame();
  if (byPlayer) emitEvent("focus", level);
}

namespace {

// still: the board only draws pictures to be copied (a rules page, a gallery): SDL's software
// renderer, which needs no WebGL context; the picture is ready to copy when drawn, where a
// WebGL frame must first be finished by the GPU process (slow to start without a GPU).
bool init(std::string selector, bool still) {
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
  // No title: SDL would write it over the page's (document.title), whenever the view starts.
  V.window = SDL_CreateWindow(nullptr, 0, 0, std::max(1, static_cast<int>(std::lround(cw))),
                              std::max(1, static_cast<int>(std::lround(ch))), SDL_WINDOW_ALLOW_HIGHDPI);
  if (!V.window) {
    std::fprintf(stderr, "dragonchess_ui: SDL_CreateWindow: %s\n", SDL_GetError());
    return false;
  }
  if (!still) V.renderer = SDL_CreateRenderer(V.window, -1, SDL_RENDERER_ACCELERATED);
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

void setFlipped(bool f);
void animate(int from, int to);

// Every key optional (board.js has already checked and normalised them):
// pieces: string; dests: flat [from, n, to1..ton, ...] or null; afar: the same form, the
// dests that are captures from afar; lastMove: [from, to] or null; check: sq or null;
// checkers: [sq]; premove: [from, to] or null; frozen: [sq]; flipped: bool; levels: [level]; arrange: 'auto' |
// 'row' | 'column' | 'pyramid'; arrows: flat
// [from, to, 0xRRGGBBAA, ...]; selected: sq or null; diagram: {move, capture, afar} or null;
// interactive: bool; free: bool; animate: [from, to] (after pieces); levelLabels: [{name, sub}]
// for levels 1..3, or null (core's names and 'level N').
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
  if (has("focus")) focusLevel(s["focus"].as<int>(), false);
  if (has("levelLabels")) {
    const val l = s["levelLabels"];
    const bool given = !(l.isNull() || l.isUndefined());
    for (int i = 0; i < 3; ++i) {
      V.levelName[i] = given ? l[i]["name"].as<std::string>() : std::string();
      V.levelSub[i] = given ? l[i]["sub"].as<std::string>() : std::string();
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
      V.arrows.push_back({from,
                          to,
                          {static_cast<Uint8>(c >> 24), static_cast<Uint8>(c >> 16), static_cast<Uint8>(c >> 8),
                           static_cast<Uint8>(c)}});
    }
  }
  // The selection: handed in, or kept while its piece is still there and movable.
  if (has("selected"))
    V.selected = squareOrNone(s["selected"]);
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
  const std::string json =
      layoutJson(bestLayout(bs, static_cast<float>(dpr), intList(levels), arrangeOf(arrange), index));
  return "{\"box\":" + std::to_string(index) + "," + json.substr(1);
}
std::string geometryJson() { return layoutJson(V.layout); }
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

int squareAtCss(double x, double y) {
  return squareAt(V.layout, V.flipped, static_cast<float>(x), static_cast<float>(y));
}

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

}  // namespace dcui
