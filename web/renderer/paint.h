// Anti-aliased primitives (device pixel coordinates). With WebGL they are SDL_RenderGeometry
// meshes whose edges are feathered over one device pixel. SDL's software renderer snaps a
// triangle's corners to whole pixels, which turns a small disc into a diamond; there
// (exact: true) discs, rings and lines are painted pixel by pixel from their coverage.
#pragma once
#include <SDL.h>

#include <vector>

namespace dcui {

struct Rgba {
  Uint8 r, g, b, a;
};
constexpr Rgba rgba(unsigned hex, float alpha = 1.f) {
  return {static_cast<Uint8>(hex >> 16), static_cast<Uint8>(hex >> 8), static_cast<Uint8>(hex),
          static_cast<Uint8>(alpha * 255.f + 0.5f)};
}

class Painter {
 public:
  Painter(SDL_Renderer* r, bool exact) : r_(r), exact_(exact) {}
  void rect(float x, float y, float w, float h, Rgba c);
  void rectOutline(float x, float y, float w, float h, float width, Rgba c);  // inset
  void disc(float cx, float cy, float radius, Rgba c);
  void ring(float cx, float cy, float r0, float r1, Rgba c);
  void line(float x0, float y0, float x1, float y1, float width, Rgba c);
  // Radial gradient clipped to a square: alpha(d) piecewise linear over (dist/radius, alpha).
  void radialInSquare(float x, float y, float size, float radius, Rgba c, const float* stops, const float* alphas,
                      int n);
  // Soft rectangular shadow around a rectangle.
  void softShadow(float x, float y, float w, float h, float spread, Rgba c);

 private:
  void vert(float x, float y, Rgba c, float alphaScale = 1.f);
  void flush();
  // Paints the pixels of [x0, x1) x [y0, y1) with c at alpha coverage(pixel centre) (0..1).
  template <class Coverage>
  void byCoverage(float x0, float y0, float x1, float y1, Rgba c, Coverage coverage);
  SDL_Renderer* r_;
  bool exact_;
  std::vector<SDL_Vertex> v_;
  std::vector<int> i_;
};

}  // namespace dcui
