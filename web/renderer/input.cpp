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
    if (V.layout.isMini(levelOf(c))) continue;  // a mini-map's squares are not played on
    const RectF r = squareRect(V.layout, V.flipped, c);
    if (!(r.w > 0)) continue;
    const float dx = std::max({r.x - x, 0.f, x - (r.x + r.w)}), dy = std::max({r.y - y, 0.f, y - (r.y + r.h)});
    const float dist = std::hypot(dx, dy);
    if (dist < bestD) best = c, bestD = dist;
  }
  return best;
}

// Focus: a swipe across the level in focus, mostly sideways, at least this far (CSS px, or a
// square and a half when larger), brings the next level (finger to the left: a level down,
// in the order shown) or the previous one into focus. A tap moves less than 8 px.
constexpr float kSwipeMin = 40.f;
bool isSwipe(float dx, float dy) {
  return std::abs(dx) >= std::max(kSwipeMin, 1.5f * V.layout.sq) && std::abs(dx) > 2 * std::abs(dy);
}
void swipeFocus(float dx) {
  const std::vector<int>& lv = V.layout.levels;
  const auto at = std::find(lv.begin(), lv.end(), V.layout.focus);
  if (at == lv.end()) return;
  const long i = (at - lv.begin()) + (dx < 0 ? 1 : -1);
  if (i >= 0 && i < static_cast<long>(lv.size())) focusLevel(lv[static_cast<size_t>(i)], true);
}

void pointerDown(float x, float y, bool touch) {
  V.pressed = true;
  V.dragging = V.swiping = false;
  V.pressTouch = touch;
  V.pressX = V.ptrX = x, V.pressY = V.ptrY = y;
  V.pressSq = squareAt(V.layout, V.flipped, x, y);
  V.pressMini = miniAt(V.layout, x, y);
  if (V.pressMini) V.pressSq = -1;  // a mini-map is tapped to bring it into focus, never played on
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
  if (V.swiping || std::hypot(x - V.pressX, y - V.pressY) < thr) return;
  const bool focusView = V.layout.arrangement == Arrangement::Focus && !V.free;
  if (V.pressSq >= 0 && V.board[V.pressSq] != '.') {
    V.dragging = true;
    if (V.free) {
      requestFrame();
      return;
    }
    const std::vector<int>* d = destsOf(V.pressSq);
    if (!d || d->empty())
      V.dragging = false, V.pressed = focusView, V.swiping = focusView;
    else
      selectSquare(V.pressSq);
    requestFrame();
  } else if (focusView && !V.pressMini) {
    V.swiping = true;  // from an empty square or beside the boards: a swipe, never a move
  }
}

// Focus: a drag entering a mini-map brings its level into focus (once: the level that takes
// its place there waits until the drag has left it).
void dragOverMini(float x, float y) {
  if (!V.dragging || V.layout.arrangement != Arrangement::Focus) return;
  if (V.dragMini.contains(x, y)) return;
  V.dragMini = {};
  const int l = miniAt(V.layout, x, y);
  if (!l) return;
  const RectF g = V.layout.grid[l - 1], t = V.layout.title[l - 1];
  V.dragMini = {std::min(g.x, t.x), std::min(g.y, t.y), std::max(g.w, t.w), g.h + t.h};
  focusLevel(l, true);
}

void pointerUp(float x, float y) {
  if (!V.pressed) return;
  V.ptrX = x, V.ptrY = y;
  const int from = V.pressSq;
  int to = squareAt(V.layout, V.flipped, x, y);
  if (V.swiping) {  // a swipe: the level changes, nothing is selected or played
    V.pressed = V.swiping = false;
    V.pressSq = -1;
    if (isSwipe(x - V.pressX, y - V.pressY)) swipeFocus(x - V.pressX);
    return;
  }
  if (V.pressMini) {  // a tap on a mini-map
    const int l = V.pressMini;
    V.pressed = false, V.pressMini = 0;
    if (miniAt(V.layout, x, y) == l && V.interactive) focusLevel(l, true);
    return;
  }
  if (V.dragging) {
    V.dragMini = {};
    if (to >= 0 && V.layout.isMini(levelOf(to)))
      to = -1;  // dropped on a mini-map: no move
    else if (!V.free)
      to = touchTarget(x, y, to, from);
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
      dragOverMini(static_cast<float>(e->motion.x), static_cast<float>(e->motion.y));
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
