// Pointer and touch input on the board view: hover, selection, clicks, drags and drops,
// reported to the page as events (the page decides what a move means).
#include <algorithm>
#include <cmath>

#include "view.h"

namespace dcui {

void cancelDrag() {
  V.pressed = V.dragging = false;
  V.pressSq = -1;
  requestFrame();
}

// The destinations the page handed for a piece, or nullptr.
const std::vector<int>* destsOf(int sq) {
  auto it = V.dests.find(sq);
  return it == V.dests.end() ? nullptr : &it->second;
}

namespace {

// --- the component's own selection and moves ---
bool isDest(int from, int to) {
  const std::vector<int>* d = destsOf(from);
  return d && std::find(d->begin(), d->end(), to) != d->end();
}
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
  if (sq == V.selected || sq < 0 || V.board[sq] == '.')
    selectSquare(-1);
  else
    selectSquare(sq);
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

void pointerDown(float x, float y, bool touch) {
  V.pressed = true;
  V.dragging = false;
  V.pressTouch = touch;
  V.pressX = V.ptrX = x, V.pressY = V.ptrY = y;
  V.pressSq = squareAt(V.layout, V.flipped, x, y);
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
    if (!d || d->empty())
      V.dragging = false, V.pressed = false;
    else
      selectSquare(V.pressSq);
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
      V.lastDropFrom = from, V.lastDropTo = to, V.lastDropTime = nowMs();
      emitEvent("drop", from, to);  // to -1: dropped off the boards
    } else if (!V.free && to >= 0 && to != from && isDest(from, to)) {
      V.lastDropFrom = from, V.lastDropTo = to, V.lastDropTime = nowMs();
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

}  // namespace

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
    case SDL_MOUSEWHEEL: return 0;  // touches arrive again as SDL_TOUCH_MOUSEID mouse events
    default: return 1;
  }
}

}  // namespace dcui
