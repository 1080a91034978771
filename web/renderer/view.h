// One board view of the page (web/renderer): its state, shared by the parts that draw it
// and take its input, and what each part offers the others. It knows no game rules.
//   view.cpp          the API the page calls (state in; geometry, labels, events out)
//   draw.cpp          one frame: boards, marks, pieces, slides, arrows
//   text.cpp          labels, rasterised by the browser's canvas and tinted here
//   input.cpp         pointer and touch: selection, drags, clicks
//   piece_images.cpp  the build-time piece atlas, resampled to the drawn size
// (layout.cpp owns the geometry; paint.cpp the anti-aliased primitives.)
#pragma once
#include <SDL.h>
#include <emscripten/val.h>

#include <map>
#include <string>
#include <vector>

#include "layout.h"
#include "paint.h"

namespace dcui {

constexpr float kPieceScale = 0.90f;  // piece image size relative to the square

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

// Everything the view holds: the canvas, the board and marks as the page last set them,
// the textures, the slides under way and the pointer.
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
  std::vector<int> checkers;  // the pieces giving check to `check`
  int premoveFrom = -1, premoveTo = -1;
  std::vector<int> frozen;
  std::vector<Arrow> arrows;
  std::vector<int> levels{3, 2, 1};
  Arrange arrange = Arrange::Auto;
  // Focus: the level drawn large; a change of it slides the new level in from above
  // (focusDir -1: a level up) or below (+1) from focusStart.
  int focus = 0;
  int focusDir = 0;
  double focusStart = 0;
  // Focus: a gesture that began where no piece can be dragged (a swipe across the level in
  // focus changes it); a press on a mini-map (its level: a tap brings it into focus); the
  // mini-map a drag is over (entering one brings its level into focus, once).
  bool swiping = false;
  int pressMini = 0;
  RectF dragMini;
  // The boards' titles (setState's levelLabels) by level 1..3 at 0..2; empty: the defaults.
  std::string levelName[3], levelSub[3];
  bool hasDiagram = false;
  std::vector<int> dMove, dCap, dAfar;
};
extern View V;  // the page's one board view (view.cpp)

// view.cpp
void emitEvent(const char* name, int a, int b = -1);  // Module.onBoardEvent(name, a, b)
double nowMs();                                       // performance.now()
void rebuildMarks();                                  // the typed state -> the marks drawn
// Focus: brings `level` into focus (a slide up or down unless reduced motion is asked for);
// `byPlayer`: reported to the page as the event 'focus'.
void focusLevel(int level, bool byPlayer);

// draw.cpp
void render();        // one frame, now
void requestFrame();  // one frame, at the next animation frame

// text.cpp: text at device px, (x, cy) its left edge (centre when align = 0, right edge
// when 1) and vertical centre; the label* forms also note the box for labelsJson().
struct LabelBox {
  std::string text;
  float x, y, w, h;
};
float drawText(const std::string& s, float cssPx, int weight, float x, float cy, Rgba c, int align = -1);
float textLength(const std::string& s, float cssPx, int weight);
void drawTextUp(const std::string& s, float cssPx, int weight, float cx, float cy, Rgba c);
void labelText(const std::string& s, float cssPx, int weight, float x, float cy, Rgba c, int align = -1);
void coordText(const std::string& s, float cssPx, int weight, float x, float cy, Rgba c, int align, LabelBox& last);
void labelTextUp(const std::string& s, float cssPx, int weight, float cx, float cy, Rgba c);
void clearLabels();
void clearTextCache();
std::string labelsJson();

// input.cpp
int eventFilter(void*, SDL_Event* e);  // SDL's events -> pointer input
void cancelDrag();
const std::vector<int>* destsOf(int sq);

// piece_images.cpp
int pieceSizePx();
void uploadPieces();  // (re)makes the piece textures at the size they are drawn
std::string setPieceAtlas(emscripten::val bytes);

}  // namespace dcui
