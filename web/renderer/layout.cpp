#include "layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace dcui {

bool parseArrange(std::string_view text, Arrange& out) {
  static constexpr std::pair<std::string_view, Arrange> names[] = {
      {"auto", Arrange::Auto},       {"row", Arrange::Row},           {"column", Arrange::Column},
      {"pyramid", Arrange::Pyramid}, {"sideways", Arrange::Sideways}, {"focus", Arrange::Focus}};
  for (const auto& [name, a] : names)
    if (text == name) return out = a, true;
  return false;
}

namespace {
// Row (side by side) and pyramid (3 and 2 on top, 1 centred below): the level label is a
// band above each board. Column (narrow screens, where height is scarce and width is not):
// the label is a vertical tab left of each board.
struct Metrics {
  float titleFont, titleH, tabW, coordFont, gutterL, gutterB, pad, gap, gapV;
};
Metrics metricsFor(float s, Arrangement a) {
  Metrics m{};
  m.coordFont = std::clamp(0.30f * s, 8.5f, 13.f);
  m.gutterL = std::round(m.coordFont * 1.05f + 3.f);
  m.gutterB = std::round(m.coordFont * 1.45f + 1.f);
  m.pad = std::clamp(0.2f * s, 3.f, 14.f);
  if (a == Arrangement::Column) {
    m.titleFont = std::clamp(0.40f * s, 10.f, 15.f);
    m.titleH = 0;
    m.tabW = std::round(m.titleFont * 1.75f);
    m.gap = m.gapV = std::clamp(0.15f * s, 3.f, 12.f);
  } else if (a == Arrangement::Sideways) {  // tabs, and the coordinates inside the board
    m.titleFont = std::clamp(0.40f * s, 10.f, 15.f);
    m.titleH = 0;
    m.tabW = std::round(m.titleFont * 1.75f);
    m.coordFont = std::clamp(0.28f * s, 7.f, 12.f);
    m.gutterL = m.gutterB = 0;
    m.gap = m.gapV = std::clamp(0.3f * s, 5.f, 16.f);
  } else {
    m.titleFont = std::clamp(0.40f * s, 11.f, 17.f);
    m.titleH = std::round(m.titleFont * 1.75f);
    m.tabW = 0;
    m.gap = std::clamp(0.45f * s, 8.f, 26.f);
    m.gapV = std::clamp(0.25f * s, 4.f, 16.f);
  }
  return m;
}
// Size of the whole arrangement of n boards for square size s.
void extent(float s, Arrangement a, int n, float& w, float& h) {
  const Metrics m = metricsFor(s, a);
  const float bw = 12 * s, bh = m.titleH + 8 * s + m.gutterB;
  switch (a) {
    case Arrangement::Column:
      w = m.tabW + 2 + m.gutterL + bw + 2 * m.pad;
      h = n * bh + (n - 1) * m.gapV + 2 * m.pad;
      break;
    case Arrangement::Row:
      w = n * (m.gutterL + bw) + (n - 1) * m.gap + 2 * m.pad + m.gutterL * 0.5f;
      h = bh + 2 * m.pad;
      break;
    case Arrangement::Pyramid:
      w = 2 * (m.gutterL + bw) + m.gap + 2 * m.pad + m.gutterL * 0.5f;
      h = 2 * bh + m.gapV + 2 * m.pad;
      break;
    case Arrangement::Sideways:
      w = n * (m.tabW + 2 + 8 * s) + (n - 1) * m.gap + 2 * m.pad;
      h = 12 * s + 2 * m.pad;
      break;
    case Arrangement::Focus: w = h = 0; break;  // focusExtent
  }
}
float bestSquare(float W, float H, Arrangement a, int n, float dpr) {
  float lo = 0, hi = 400;
  for (int i = 0; i < 40; ++i) {
    const float mid = (lo + hi) / 2;
    float w, h;
    extent(mid, a, n, w, h);
    (w <= W && h <= H ? lo : hi) = mid;
  }
  return std::floor(lo * dpr) / dpr;  // whole device pixels
}
float snap(float v, float dpr) { return std::round(v * dpr) / dpr; }

// Focus: the level in focus (square s) with its coordinates inside its edge squares and its
// label, a tab at its left or a band above it, whichever leaves it the larger squares (on a
// tie the band when the mini-maps are below it, else the tab: the label then costs nothing);
// the mini-maps (square m), each under a label band, stacked beside it or side by side below
// it. Everything else is spent on s: on a phone held upright the level in play takes the
// whole width. Only a box too small for any label leaves the level in focus without one.
constexpr float kMiniMin = 8.f;  // a mini-map square: its piece still tells what it is
struct FocusMetrics {
  float pad, gap, font, band, tabW;
};
FocusMetrics focusMetrics(float s) {
  FocusMetrics f{};
  f.pad = std::clamp(0.06f * s, 2.f, 8.f);
  f.gap = std::clamp(0.2f * s, 4.f, 14.f);
  f.font = std::clamp(0.35f * s, 10.f, 13.f);
  f.band = std::round(f.font * 1.6f);
  f.tabW = std::round(f.font * 1.75f) + 2;
  return f;
}
enum class Label { None, Tab, Band };  // the level in focus's label: none, at its left, above it
void focusExtent(float s, float m, Label label, bool below, int minis, float& w, float& h) {
  const FocusMetrics f = focusMetrics(s);
  const float tab = label == Label::Tab ? f.tabW : 0, band = label == Label::Band ? f.band : 0;
  const float bigW = tab + 12 * s, bigH = band + 8 * s, miniH = f.band + 8 * m;
  const float run = minis * (below ? 12 * m : miniH) + (minis - 1) * f.gap;  // the mini-maps' extent
  w = (below ? std::max(bigW, run) : bigW + f.gap + 12 * m) + 2 * f.pad;
  h = (below ? bigH + f.gap + miniH : std::max(bigH, run)) + 2 * f.pad;
}
struct FocusPlan {
  float s = 0, m = 0;
  Label label = Label::None;
  bool below = false;
};
FocusPlan planFocus(float W, float H, float dpr, int minis, bool below) {
  auto fits = [&](float s, float m, Label label) {
    float w, h;
    focusExtent(s, m, label, below, minis, w, h);
    return w <= W && h <= H;
  };
  auto largest = [dpr](float lo, float hi, auto ok) {  // the largest whole-device-pixel size that fits
    if (!ok(lo)) return 0.f;
    for (int i = 0; i < 40; ++i) {
      const float mid = (lo + hi) / 2;
      (ok(mid) ? lo : hi) = mid;
    }
    return std::floor(lo * dpr + 1e-3f) / dpr;
  };
  auto square = [&](Label label) {
    return largest(kMiniMin, 400.f, [&](float s) { return fits(s, kMiniMin, label); });
  };
  FocusPlan p;
  p.below = below;
  const float tab = square(Label::Tab), band = square(Label::Band);
  if (tab > 0 || band > 0) {
    p.label = band > tab || (band == tab && below) ? Label::Band : Label::Tab;
    p.s = std::max(tab, band);
  } else {
    p.s = square(Label::None);
  }
  if (p.s <= 0) return p;
  p.m = largest(kMiniMin, std::max(kMiniMin, std::floor(0.5f * p.s)), [&](float m) { return fits(p.s, m, p.label); });
  return p;
}

Layout focusLayout(Layout L, int focus) {
  const float W = L.cssW, H = L.cssH, dpr = L.dpr;
  if (std::find(L.levels.begin(), L.levels.end(), focus) == L.levels.end()) focus = L.levels[0];
  std::vector<int> minis;
  for (int l : L.levels)
    if (l != focus) minis.push_back(l);
  const int n = static_cast<int>(minis.size());
  const FocusPlan side = planFocus(W, H, dpr, n, false), below = planFocus(W, H, dpr, n, true);
  const FocusPlan& p = below.s > side.s || (below.s == side.s && below.m > side.m) ? below : side;
  if (!(p.s > 0 && p.m > 0)) return L;
  const FocusMetrics f = focusMetrics(p.s);
  L.arrangement = Arrangement::Focus;
  L.inner = true;
  L.focus = focus;
  L.sq = p.s, L.mini = p.m;
  L.side[focus - 1] = p.s;
  L.titleFont = f.font, L.titleH = f.band, L.coordFont = std::clamp(0.28f * p.s, 7.f, 12.f);
  float w, h;
  focusExtent(p.s, p.m, p.label, p.below, n, w, h);
  L.contentW = w, L.contentH = h;
  const float ox = (W - w) / 2 + f.pad, oy = (H - h) / 2 + f.pad, innerW = w - 2 * f.pad;
  const float tabW = p.label == Label::Tab ? f.tabW : 0, bandH = p.label == Label::Band ? f.band : 0;
  const float bigW = tabW + 12 * p.s, bigH = bandH + 8 * p.s, miniH = f.band + 8 * p.m;
  const float bx = snap(ox + (p.below ? (innerW - bigW) / 2 : 0), dpr);
  L.grid[focus - 1] = {snap(bx + tabW, dpr), snap(oy + bandH, dpr), 12 * p.s, 8 * p.s};
  if (p.label == Label::Band)
    L.title[focus - 1] = {bx, snap(oy, dpr), 12 * p.s, bandH};
  else
    L.title[focus - 1] = {bx, snap(oy, dpr), tabW > 0 ? tabW - 2 : 0, 8 * p.s};
  const float runW = n * 12 * p.m + (n - 1) * f.gap;
  for (int i = 0; i < n; ++i) {
    const int idx = minis[i] - 1;
    const float mx = p.below ? ox + (innerW - runW) / 2 + i * (12 * p.m + f.gap) : ox + bigW + f.gap;
    const float my = p.below ? oy + bigH + f.gap : oy + i * (miniH + f.gap);
    L.side[idx] = p.m;
    L.title[idx] = {snap(mx, dpr), snap(my, dpr), 12 * p.m, f.band};
    L.grid[idx] = {snap(mx, dpr), snap(my + f.band, dpr), 12 * p.m, 8 * p.m};
  }
  // the two parts of the box, split in the middle of the gap between them
  if (p.below) {
    const float cut = snap(oy + bigH + f.gap / 2, dpr);
    L.focusArea = {0, 0, W, cut}, L.miniArea = {0, cut, W, H - cut};
  } else {
    const float cut = snap(ox + bigW + f.gap / 2, dpr);
    L.focusArea = {0, 0, cut, H}, L.miniArea = {cut, 0, W - cut, H};
  }
  return L;
}
}  // namespace

std::vector<int> normaliseLevels(const std::vector<int>& levels) {
  std::vector<int> out;
  for (int l : levels)
    if (l >= 1 && l <= kLevels && std::find(out.begin(), out.end(), l) == out.end()) out.push_back(l);
  if (out.empty()) out = {3, 2, 1};
  return out;
}

Layout computeLayout(float W, float H, float dpr, std::vector<int> levels, Arrange arrange, int focus) {
  Layout L;
  if (!(dpr > 0)) dpr = 1;
  L.cssW = W, L.cssH = H, L.dpr = dpr;
  L.levels = normaliseLevels(levels);
  const int n = static_cast<int>(L.levels.size());
  if (!(W > 0 && H > 0)) return L;
  if (arrange == Arrange::Focus && n > 1) return focusLayout(L, focus);
  if (arrange == Arrange::Focus) arrange = Arrange::Row;  // one level: nothing to make mini
  Arrangement a = Arrangement::Row;
  float s = 0;
  if (arrange == Arrange::Auto) {
    // The largest squares; of equals the row (it reads best), then the column, then the
    // pyramid (three boards only).
    s = bestSquare(W, H, Arrangement::Row, n, dpr);
    const float sCol = bestSquare(W, H, Arrangement::Column, n, dpr);
    const float sPyr = n == 3 ? bestSquare(W, H, Arrangement::Pyramid, n, dpr) : 0.f;
    if (sCol > s) a = Arrangement::Column, s = sCol;
    if (sPyr > s) a = Arrangement::Pyramid, s = sPyr;
  } else {
    a = arrange == Arrange::Row        ? Arrangement::Row
        : arrange == Arrange::Column   ? Arrangement::Column
        : arrange == Arrange::Sideways ? Arrangement::Sideways
                                       : Arrangement::Pyramid;
    if (a == Arrangement::Pyramid && n != 3) a = Arrangement::Row;  // a pyramid needs three boards
    s = bestSquare(W, H, a, n, dpr);
  }
  if (s < 2.f / dpr) return L;
  L.arrangement = a;
  L.stacked = a == Arrangement::Column || a == Arrangement::Sideways;
  L.turned = L.inner = a == Arrangement::Sideways;
  L.sq = s;
  for (int l : L.levels) L.side[l - 1] = s;
  const Metrics m = metricsFor(s, a);
  L.titleFont = m.titleFont, L.titleH = m.titleH, L.coordFont = m.coordFont;
  L.gutterL = m.gutterL, L.gutterB = m.gutterB;
  float w, h;
  extent(s, a, n, w, h);
  L.contentW = w, L.contentH = h;
  const float ox = (W - w) / 2 + m.pad, oy = (H - h) / 2 + m.pad;
  const float bw = m.gutterL + 12 * s, bh = m.titleH + 8 * s + m.gutterB;
  for (int vis = 0; vis < n; ++vis) {  // visual order
    const int idx = L.levels[vis] - 1;
    float bx = 0, by = 0;  // top-left of the label band (row/pyramid)
    switch (a) {
      case Arrangement::Column: {
        const float gx = snap(ox + m.tabW + 2 + m.gutterL, dpr), gy = snap(oy + vis * (bh + m.gapV), dpr);
        L.grid[idx] = {gx, gy, 12 * s, 8 * s};
        L.title[idx] = {snap(ox, dpr), gy, m.tabW, 8 * s};
        continue;
      }
      case Arrangement::Sideways: {
        const float tx = snap(ox + vis * (m.tabW + 2 + 8 * s + m.gap), dpr), gy = snap(oy, dpr);
        L.title[idx] = {tx, gy, m.tabW, 12 * s};
        L.grid[idx] = {snap(tx + m.tabW + 2, dpr), gy, 8 * s, 12 * s};
        continue;
      }
      case Arrangement::Row: bx = ox + m.gutterL + vis * (bw + m.gap), by = oy; break;
      case Arrangement::Pyramid:
        bx = vis < 2 ? ox + m.gutterL + vis * (bw + m.gap) : ox + m.gutterL + (bw + m.gap) / 2;
        by = vis < 2 ? oy : oy + bh + m.gapV;
        break;
      case Arrangement::Focus: break;  // focusLayout
    }
    bx = snap(bx, dpr), by = snap(by, dpr);
    L.title[idx] = {bx, by, 12 * s, m.titleH};
    L.grid[idx] = {bx, snap(by + m.titleH, dpr), 12 * s, 8 * s};
  }
  return L;
}

Layout bestLayout(const std::vector<Box>& boxes, float dpr, const std::vector<int>& levels, Arrange arrange,
                  int& index) {
  Layout best;
  index = -1;
  for (size_t i = 0; i < boxes.size(); ++i) {
    Layout L = computeLayout(boxes[i].w, boxes[i].h, dpr, levels, arrange);
    if (L.valid() && (index < 0 || L.sq > best.sq)) best = std::move(L), index = static_cast<int>(i);
  }
  return best;
}

RectF squareRect(const Layout& L, bool flipped, int sq) {
  if (!L.valid() || sq < 0 || sq >= kSquares) return {};
  const RectF& g = L.grid[levelOf(sq) - 1];
  if (!(g.w > 0)) return {};
  const float s = L.side[levelOf(sq) - 1];
  const int f = fileOf(sq), r = rankOf(sq);
  // turned a quarter clockwise: the picture's left edge (file a) becomes its top edge
  const int col = L.turned ? (flipped ? kRanks - 1 - r : r) : (flipped ? kFiles - 1 - f : f);
  const int row = L.turned ? (flipped ? kFiles - 1 - f : f) : (flipped ? r : kRanks - 1 - r);
  return {g.x + col * s, g.y + row * s, s, s};
}

int squareAt(const Layout& L, bool flipped, float x, float y) {
  if (!L.valid()) return -1;
  for (int i = 0; i < kLevels; ++i) {
    const RectF& g = L.grid[i];
    if (!(g.w > 0) || !g.contains(x, y)) continue;
    const int cols = L.turned ? kRanks : kFiles, rows = L.turned ? kFiles : kRanks;
    const int col = std::clamp(static_cast<int>((x - g.x) / L.side[i]), 0, cols - 1);
    const int row = std::clamp(static_cast<int>((y - g.y) / L.side[i]), 0, rows - 1);
    if (L.turned) return squareOn(i + 1, flipped ? kFiles - 1 - row : row, flipped ? kRanks - 1 - col : col);
    const int file = flipped ? kFiles - 1 - col : col;
    const int rank = flipped ? row : kRanks - 1 - row;
    return squareOn(i + 1, file, rank);
  }
  return -1;
}

int miniAt(const Layout& L, float x, float y) {
  for (int l = 1; l <= kLevels; ++l)
    if (L.isMini(l) && (L.grid[l - 1].contains(x, y) || L.title[l - 1].contains(x, y))) return l;
  return 0;
}

std::string layoutJson(const Layout& L) {
  static const char* const names[] = {"row", "column", "pyramid", "sideways", "focus"};
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "{\"square\":%.6g,\"arrangement\":\"%s\",\"width\":%.6g,\"height\":%.6g,"
                "\"contentWidth\":%.6g,\"contentHeight\":%.6g,\"boards\":[",
                L.valid() ? L.sq : 0.f, names[static_cast<int>(L.arrangement)], L.cssW, L.cssH, L.contentW, L.contentH);
  std::string out = buf;
  if (L.arrangement == Arrangement::Focus && L.valid()) {
    out.insert(1, "\"focus\":" + std::to_string(L.focus) + ",");
    std::snprintf(buf, sizeof buf, "\"mini\":%.6g,", L.mini);
    out.insert(1, buf);
  }
  bool first = true;
  for (int level : L.levels) {
    const RectF& g = L.grid[level - 1];
    if (!(g.w > 0)) continue;
    std::snprintf(buf, sizeof buf, "%s{\"level\":%d,\"x\":%.6g,\"y\":%.6g,\"width\":%.6g,\"height\":%.6g}",
                  first ? "" : ",", level, g.x, g.y, g.w, g.h);
    out += buf;
    first = false;
  }
  return out + "]}";
}

}  // namespace dcui
