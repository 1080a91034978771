// The renderer's geometry (web/renderer/layout.*): the one place that computes board
// coordinates, for the game page and the embeds. Plain C++ with no SDL, tested natively.
#include <catch2/catch_test_macros.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "layout.h"
#include "types.h"

using namespace dcui;

namespace {
const float kDprs[] = {1.f, 1.5f, 2.f, 3.f};
const Box kBoxes[] = {{1920, 1080}, {1400, 800}, {1280, 720}, {820, 1180}, {390, 844},
                      {320, 200},   {480, 300},  {800, 600},  {600, 2000}};

bool inside(const RectF& r, const Layout& L) {
  return r.x >= -0.01f && r.y >= -0.01f && r.x + r.w <= L.cssW + 0.01f && r.y + r.h <= L.cssH + 0.01f;
}
}  // namespace

TEST_CASE("layout: square numbering is core's", "[layout]") {
  for (int sq = 0; sq < dc::SQUARE_NB; ++sq) {
    const dc::Square s = dc::Square(sq);
    CHECK(levelOf(sq) == dc::level_of(s) + 1);
    CHECK(squareOn(levelOf(sq), fileOf(sq), rankOf(sq)) == sq);
    CHECK(dc::square_name(s) == std::string{char('0' + levelOf(sq)), char('a' + fileOf(sq)), char('1' + rankOf(sq))});
  }
}

TEST_CASE("layout: every square is drawn inside the box and found again at its centre", "[layout]") {
  for (const Box& b : kBoxes)
    for (float dpr : kDprs)
      for (Arrange a : {Arrange::Auto, Arrange::Row, Arrange::Column, Arrange::Pyramid, Arrange::Sideways})
        for (bool flipped : {false, true}) {
          const Layout L = computeLayout(b.w, b.h, dpr, {3, 2, 1}, a);
          REQUIRE(L.valid());
          CHECK(L.contentW <= b.w + 0.01f);
          CHECK(L.contentH <= b.h + 0.01f);
          CHECK(std::abs(L.sq * dpr - std::round(L.sq * dpr)) < 1e-3f);  // whole device pixels
          for (int sq = 0; sq < kSquares; ++sq) {
            const RectF r = squareRect(L, flipped, sq);
            INFO(b.w << "x" << b.h << " dpr " << dpr << " sq " << sq);
            REQUIRE(r.w == L.sq);
            CHECK(inside(r, L));
            CHECK(squareAt(L, flipped, r.x + r.w / 2, r.y + r.h / 2) == sq);
          }
        }
}

TEST_CASE("layout: the column puts the levels in line", "[layout]") {
  for (const Box& b : kBoxes)
    for (bool flipped : {false, true}) {
      const Layout L = computeLayout(b.w, b.h, 1.f, {3, 2, 1}, Arrange::Column);
      REQUIRE(L.arrangement == Arrangement::Column);
      for (int sq = 0; sq < kSquaresPerLevel; ++sq) {  // level 1; the squares above it
        const RectF r1 = squareRect(L, flipped, sq), r2 = squareRect(L, flipped, sq + 96),
                    r3 = squareRect(L, flipped, sq + 192);
        CHECK(r1.x == r2.x);
        CHECK(r2.x == r3.x);
        CHECK(r3.y < r2.y);  // Sky on top
        CHECK(r2.y < r1.y);
      }
    }
}

TEST_CASE("layout: sideways turns each board a quarter, Gold's rank 1 at the left", "[layout]") {
  for (const Box& b : kBoxes)
    for (bool flipped : {false, true}) {
      const Layout L = computeLayout(b.w, b.h, 1.f, {3, 2}, Arrange::Sideways);
      REQUIRE(L.arrangement == Arrangement::Sideways);
      CHECK(L.turned);
      CHECK(L.grid[2].w == 8 * L.sq);  // eight ranks across, twelve files down
      CHECK(L.grid[2].h == 12 * L.sq);
      CHECK(L.grid[2].x + L.grid[2].w < L.grid[1].x);  // Sky left of Ground
      const RectF a1 = squareRect(L, flipped, dc::make_square(2, 0, 0)),
                  a8 = squareRect(L, flipped, dc::make_square(2, 0, 7));
      const RectF l1 = squareRect(L, flipped, dc::make_square(2, 11, 0));
      CHECK(a1.y == a8.y);  // a file runs across
      CHECK((flipped ? a8.x < a1.x : a1.x < a8.x));
      CHECK((flipped ? l1.y < a1.y : a1.y < l1.y));
    }
  // two boards in a wide, low frame: larger squares sideways than in a row or column
  const float side = computeLayout(320, 200, 1.f, {3, 2}, Arrange::Sideways).sq;
  CHECK(side >= 16.f);
  CHECK(side > computeLayout(320, 200, 1.f, {3, 2}, Arrange::Auto).sq);
  // auto never turns the boards (the embeds ask for sideways themselves)
  for (const Box& b : kBoxes) CHECK_FALSE(computeLayout(b.w, b.h, 1.f, {3, 2}).turned);
  Arrange a = Arrange::Auto;
  CHECK(parseArrange("sideways", a));
  CHECK(a == Arrange::Sideways);
}

TEST_CASE("layout: auto takes the arrangement with the largest squares", "[layout]") {
  for (const Box& b : kBoxes) {
    const Layout A = computeLayout(b.w, b.h, 1.f, {3, 2, 1}, Arrange::Auto);
    for (Arrange a : {Arrange::Row, Arrange::Column, Arrange::Pyramid})
      CHECK(A.sq >= computeLayout(b.w, b.h, 1.f, {3, 2, 1}, a).sq);
  }
  CHECK(computeLayout(1920, 400, 1.f).arrangement == Arrangement::Row);
  CHECK(computeLayout(400, 1920, 1.f).arrangement == Arrangement::Column);
}

TEST_CASE("layout: of several boxes, the one with the largest squares", "[layout]") {
  // a desktop window's two places for the boards: beside the panels, or above them
  const std::vector<Box> boxes = {{914, 640}, {1248, 380}};
  int index = -2;
  const Layout L = bestLayout(boxes, 1.f, {3, 2, 1}, Arrange::Auto, index);
  REQUIRE(index >= 0);
  for (size_t i = 0; i < boxes.size(); ++i) CHECK(L.sq >= computeLayout(boxes[i].w, boxes[i].h, 1.f).sq);
  CHECK(L.sq == computeLayout(boxes[size_t(index)].w, boxes[size_t(index)].h, 1.f).sq);
  // equal boxes: the first
  bestLayout({{800, 600}, {800, 600}}, 1.f, {3, 2, 1}, Arrange::Auto, index);
  CHECK(index == 0);
  // no box holds a board
  CHECK_FALSE(bestLayout({{0, 100}, {10, 0}}, 1.f, {3, 2, 1}, Arrange::Auto, index).valid());
  CHECK(index == -1);
  CHECK_FALSE(bestLayout({}, 1.f, {3, 2, 1}, Arrange::Auto, index).valid());
}

TEST_CASE("layout: shown levels", "[layout]") {
  const Layout L = computeLayout(480, 300, 1.f, {3, 2});
  CHECK(L.shown(3));
  CHECK(L.shown(2));
  CHECK_FALSE(L.shown(1));
  CHECK(squareRect(L, false, dc::make_square(0, 4, 4)).w == 0.f);  // a hidden square has no rect
  CHECK(normaliseLevels({7, 2, 2, -1}) == std::vector<int>{2});
  CHECK(normaliseLevels({}) == std::vector<int>{3, 2, 1});
  // A pyramid needs three boards.
  CHECK(computeLayout(480, 300, 1.f, {3, 2}, Arrange::Pyramid).arrangement == Arrangement::Row);
  Arrange a = Arrange::Auto;
  CHECK(parseArrange("column", a));
  CHECK(a == Arrange::Column);
  CHECK_FALSE(parseArrange("diagonal", a));
  CHECK(a == Arrange::Column);
  CHECK_FALSE(computeLayout(0, 100, 1.f).valid());
}

TEST_CASE("layout: focus draws one level large and the others as mini-maps", "[layout]") {
  for (const Box& b : kBoxes)
    for (float dpr : kDprs)
      for (int focus : {1, 2, 3})
        for (bool flipped : {false, true}) {
          const Layout L = computeLayout(b.w, b.h, dpr, {3, 2, 1}, Arrange::Focus, focus);
          INFO(b.w << "x" << b.h << " dpr " << dpr << " focus " << focus);
          REQUIRE(L.arrangement == Arrangement::Focus);
          REQUIRE(L.focus == focus);
          CHECK(L.contentW <= b.w + 0.01f);
          CHECK(L.contentH <= b.h + 0.01f);
          CHECK(L.mini >= 8.f);
          CHECK(L.mini < L.sq);
          CHECK(std::abs(L.sq * dpr - std::round(L.sq * dpr)) < 1e-3f);
          CHECK(std::abs(L.mini * dpr - std::round(L.mini * dpr)) < 1e-3f);
          for (int level = 1; level <= 3; ++level) CHECK(L.isMini(level) == (level != focus));
          for (int sq = 0; sq < kSquares; ++sq) {
            const RectF r = squareRect(L, flipped, sq);
            REQUIRE(r.w == (levelOf(sq) == focus ? L.sq : L.mini));
            CHECK(inside(r, L));
            CHECK(squareAt(L, flipped, r.x + r.w / 2, r.y + r.h / 2) == sq);
            // the mini-maps are found as such, the level in focus is not
            CHECK(miniAt(L, r.x + r.w / 2, r.y + r.h / 2) == (levelOf(sq) == focus ? 0 : levelOf(sq)));
            // the level in focus lies in its part of the box, the mini-maps in theirs
            const RectF& part = levelOf(sq) == focus ? L.focusArea : L.miniArea;
            CHECK(part.contains(r.x + r.w / 2, r.y + r.h / 2));
          }
        }
}

TEST_CASE("layout: the level in focus labelled, the mini-maps in the levels' order", "[layout]") {
  struct Case {
    float w, h, least;
  };
  // the boxes the page gives the focus view (page-layout.js) at 360x640, 390x844, 844x390
  // (turned: the page's column beside it), 1280x720 and 1920x1080, and the squares issue 46 asks
  for (const Case c :
       {Case{360, 640, 29}, Case{390, 844, 32}, Case{632, 342, 40}, Case{1024, 640, 75}, Case{1664, 1000, 100}})
    for (float dpr : {1.f, 3.f})
      for (int focus : {1, 2, 3}) {
        const Layout L = computeLayout(c.w, c.h, dpr, {3, 2, 1}, Arrange::Focus, focus);
        INFO(c.w << "x" << c.h << " dpr " << dpr << " focus " << focus);
        CHECK(L.sq >= c.least);
        // a label, beside or above the level's squares and clear of them
        const RectF &t = L.title[focus - 1], &g = L.grid[focus - 1];
        CHECK(t.w > 0);
        CHECK(t.h > 0);
        CHECK((t.y + t.h <= g.y + 0.01f || t.x + t.w <= g.x + 0.01f));
        // the higher level's mini-map first: above the other, or at its left
        std::vector<int> minis;
        for (int l : {3, 2, 1})
          if (l != focus) minis.push_back(l);
        const RectF &a = L.grid[minis[0] - 1], &b = L.grid[minis[1] - 1];
        CHECK((a.y + a.h <= b.y + 0.01f || a.x + a.w <= b.x + 0.01f));
      }
}

TEST_CASE("layout: focus squares on a phone and on a desktop", "[layout]") {
  // the whole width of a phone held upright: the level in play takes it; the mini-maps below
  const Layout up = computeLayout(390, 600, 3.f, {3, 2, 1}, Arrange::Focus, 2);
  CHECK(up.sq >= 32.f);
  CHECK(up.grid[0].y > up.grid[1].y + up.grid[1].h);  // below
  CHECK(computeLayout(360, 500, 2.f, {3, 2, 1}, Arrange::Focus).sq >= 29.f);
  // a turned phone: the mini-maps beside it
  const Layout turned = computeLayout(836, 340, 3.f, {3, 2, 1}, Arrange::Focus, 2);
  CHECK(turned.sq >= 40.f);
  CHECK(turned.grid[0].x > turned.grid[1].x + turned.grid[1].w);
  // larger squares than any arrangement of the three boards, and than the boards shown alone
  for (const Box& b : kBoxes) {
    const float s = computeLayout(b.w, b.h, 1.f, {3, 2, 1}, Arrange::Focus).sq;
    CHECK(s >= computeLayout(b.w, b.h, 1.f, {3, 2, 1}, Arrange::Auto).sq);
  }
  // one level shown: nothing to make mini
  CHECK(computeLayout(480, 300, 1.f, {2}, Arrange::Focus).arrangement == Arrangement::Row);
  Arrange a = Arrange::Auto;
  CHECK(parseArrange("focus", a));
  CHECK(a == Arrange::Focus);
  CHECK(layoutJson(up).find("\"focus\":2,") != std::string::npos);
}
