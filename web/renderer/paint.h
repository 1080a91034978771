// Anti-aliased primitives on top of SDL_RenderGeometry (device pixel coordinates).
// Edges are feathered over one device pixel, so shapes look smooth with both the
// WebGL and the software SDL renderer.
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
  explicit Painter(SDL_Renderer* r) : r_(r) {}
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
  SDL_Renderer* r_;
  std::vector<SDL_Vertex> v_;
  std::vector<int> i_;
};

}  // namespace dcui
