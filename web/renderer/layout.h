// Dragonchess board view: pure geometry (no SDL, no rules). The one place that computes
// board coordinates; the square numbering itself is core's (core/types.h).
#pragma once
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "types.h"

namespace dcui {

constexpr int kFiles = dc::FILES, kRanks = dc::RANKS, kLevels = dc::LEVELS;
constexpr int kSquaresPerLevel = dc::SQUARES_PER_LEVEL;  // 96
constexpr int kSquares = dc::SQUARE_NB;                  // 288

// Levels are named as people see them, 1..3 (Underworld, Ground, Sky); squares are core's.
constexpr int levelOf(int sq) { return dc::level_of(dc::Square(sq)) + 1; }  // 1..3
constexpr int rankOf(int sq) { return dc::rank_of(dc::Square(sq)); }        // 0..7
constexpr int fileOf(int sq) { return dc::file_of(dc::Square(sq)); }        // 0..11
constexpr int squareOn(int level, int file, int rank) { return dc::make_square(level - 1, file, rank); }
constexpr bool isLightSquare(int sq) { return dc::is_light(dc::Square(sq)); }

struct Marks {
  int sel = -1;
  std::vector<int> move, cap, afar, last, check, frozen;
  // Per-square bit set for quick lookup while drawing.
  std::array<unsigned char, kSquares> bits{};
  enum : unsigned char { kSel = 1, kMove = 2, kCap = 4, kAfar = 8, kLast = 16, kCheck = 32, kFrozen = 64 };
};

struct RectF {
  float x = 0, y = 0, w = 0, h = 0;
  bool contains(float px, float py) const { return px >= x && py >= y && px < x + w && py < y + h; }
};

// Row: 3 | 2 | 1 side by side (wide). Column: 3 over 2 over 1, the files of the levels in
// line (a square and the squares directly above and below it share a column of the
// screen). Pyramid: 3 | 2 on top, 1 centred below (squarish containers). Sideways: side by
// side, each board turned a quarter clockwise (files a..l downwards, Gold's rank 1 at the
// left), the coordinates inside the edge squares: two 8-wide boards fill a wide, low frame
// (an embed of 320x200) far better than two 12-wide ones. Focus: one level as large as the
// box allows, the others beside it (a wide box) or below it (a tall one) as mini-maps, each
// with its own square size (a phone: finger-sized squares for the level in play).
enum class Arrangement { Row, Column, Pyramid, Sideways, Focus };
// What a board asks for: the arrangement with the largest squares for its box (Auto: row,
// column or pyramid; sideways only when asked for), or one arrangement whatever the box.
enum class Arrange { Auto, Row, Column, Pyramid, Sideways, Focus };
// "auto", "row", "column", "pyramid", "sideways", "focus"; false for anything else.
bool parseArrange(std::string_view text, Arrange& out);

// All values in CSS pixels; square size is a whole number of device pixels.
struct Layout {
  float cssW = 0, cssH = 0, dpr = 1;
  Arrangement arrangement = Arrangement::Row;
  bool stacked = false;               // Column and Sideways: labels are vertical tabs left of the boards
  bool turned = false;                // Sideways: files run down, ranks across; coordinates inside the edge squares
  bool inner = false;                 // coordinates inside the edge squares (Sideways, Focus's large level)
  float sq = 0;                       // square size (Focus: of the level in focus)
  std::array<float, kLevels> side{};  // each level's square size, index level-1 (0: hidden)
  int focus = 0;                      // Focus: the level drawn large (the others are mini-maps)
  float mini = 0;                     // Focus: the mini-maps' square size
  RectF focusArea, miniArea;          // Focus: the large level's part of the box and the mini-maps'
  float contentW = 0, contentH = 0;   // the boards' extent (labels and margins included) within cssW x cssH
  float titleFont = 0, titleH = 0, coordFont = 0, gutterL = 0, gutterB = 0;
  std::array<RectF, kLevels> grid;   // 12x8 square area, index level-1
  std::array<RectF, kLevels> title;  // label: band above each board, or a tab left of it when stacked
  std::vector<int> levels;           // shown levels, visual order
  bool shown(int level) const { return grid[level - 1].w > 0; }
  bool isMini(int level) const { return arrangement == Arrangement::Focus && shown(level) && level != focus; }
  bool valid() const { return sq > 0; }
};

// `levels`: the levels shown, in visual order (first = top or left), e.g. {3, 2, 1} or {2}.
// Hidden levels get an empty grid (no squares drawn or hit). Bad entries are ignored; an
// empty list means all three. `focus`: the level drawn large by Focus (its first level when
// 0 or not shown).
Layout computeLayout(float cssW, float cssH, float dpr, std::vector<int> levels = {3, 2, 1},
                     Arrange arrange = Arrange::Auto, int focus = 0);
// Of several boxes (the places a page could give the boards), the layout with the largest
// squares: `index` is the box's (the first of equals; -1 when no box holds a board).
struct Box {
  float w = 0, h = 0;
};
Layout bestLayout(const std::vector<Box>& boxes, float dpr, const std::vector<int>& levels, Arrange arrange,
                  int& index);
// Normalises a level list: 1..3 only, no repeats, {3, 2, 1} when nothing is left.
std::vector<int> normaliseLevels(const std::vector<int>& levels);
// The layout as JSON: {"square":..,"arrangement":"row|column|pyramid|sideways|focus","width":..,"height":..,
// "contentWidth":..,"contentHeight":.. (what the boards need of width x height),
// "boards":[{"level":L,"x":..,"y":..,"width":..,"height":..}, ...]} (CSS px, visual order);
// with Focus also "focus": the level drawn large, "mini": the mini-maps' square size.
std::string layoutJson(const Layout& L);
// Rectangle of a square in CSS px (empty rect when sq is out of range or layout invalid).
RectF squareRect(const Layout& L, bool flipped, int sq);
int squareAt(const Layout& L, bool flipped, float x, float y);
// Focus: the mini-map (its squares or its label) at a point, as its level; 0 for none.
int miniAt(const Layout& L, float x, float y);

}  // namespace dcui
