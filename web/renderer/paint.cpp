#include "paint.h"

#include <algorithm>
#include <cmath>

namespace dcui {

namespace {
constexpr float kPi = 3.14159265358979f;
int segmentsFor(float radius) { return std::clamp(static_cast<int>(radius * 0.9f), 20, 120); }
}  // namespace

void Painter::vert(float x, float y, Rgba c, float alphaScale) {
  SDL_Vertex v;
  v.position = {x, y};
  v.color = {c.r, c.g, c.b, static_cast<Uint8>(std::clamp(c.a * alphaScale, 0.f, 255.f))};
  v.tex_coord = {0, 0};
  v_.push_back(v);
}

void Painter::flush() {
  // Untextured geometry blends with the renderer's draw blend mode.
  SDL_SetRenderDrawBlendMode(r_, SDL_BLENDMODE_BLEND);
  if (!i_.empty())
    SDL_RenderGeometry(r_, nullptr, v_.data(), static_cast<int>(v_.size()), i_.data(), static_cast<int>(i_.size()));
  v_.clear();
  i_.clear();
}

void Painter::rect(float x, float y, float w, float h, Rgba c) {
  if (w <= 0 || h <= 0 || c.a == 0) return;
  SDL_SetRenderDrawBlendMode(r_, SDL_BLENDMODE_BLEND);
  SDL_SetRenderDrawColor(r_, c.r, c.g, c.b, c.a);
  const SDL_FRect fr{x, y, w, h};
  SDL_RenderFillRectF(r_, &fr);
}

void Painter::rectOutline(float x, float y, float w, float h, float t, Rgba c) {
  rect(x, y, w, t, c);
  rect(x, y + h - t, w, t, c);
  rect(x, y + t, t, h - 2 * t, c);
  rect(x + w - t, y + t, t, h - 2 * t, c);
}

template <class Coverage>
void Painter::byCoverage(float x0, float y0, float x1, float y1, Rgba c, Coverage coverage) {
  // Pixels grouped by alpha (64 steps), one SDL_RenderDrawPoints call a group.
  constexpr int kSteps = 64;
  std::vector<SDL_Point> groups[kSteps + 1];
  const int ix0 = static_cast<int>(std::floor(x0)), iy0 = static_cast<int>(std::floor(y0));
  const int ix1 = static_cast<int>(std::ceil(x1)), iy1 = static_cast<int>(std::ceil(y1));
  for (int y = iy0; y < iy1; ++y)
    for (int x = ix0; x < ix1; ++x) {
      const float a = std::clamp(coverage(x + 0.5f, y + 0.5f), 0.f, 1.f);
      const int step = static_cast<int>(a * kSteps + 0.5f);
      if (step > 0) groups[step].push_back({x, y});
    }
  SDL_SetRenderDrawBlendMode(r_, SDL_BLENDMODE_BLEND);
  for (int s = 1; s <= kSteps; ++s) {
    if (groups[s].empty()) continue;
    SDL_SetRenderDrawColor(r_, c.r, c.g, c.b, static_cast<Uint8>(c.a * s / kSteps + 0.5f));
    SDL_RenderDrawPoints(r_, groups[s].data(), static_cast<int>(groups[s].size()));
  }
}

void Painter::disc(float cx, float cy, float radius, Rgba c) {
  if (radius <= 0) return;
  if (exact_) {
    byCoverage(cx - radius - 1, cy - radius - 1, cx + radius + 1, cy + radius + 1, c,
               [&](float x, float y) { return radius + 0.5f - std::hypot(x - cx, y - cy); });
    return;
  }
  const int n = segmentsFor(radius);
  const float rin = std::max(0.f, radius - 0.5f), rout = radius + 0.5f;
  const float inA = radius < 0.5f ? radius * 2 : 1.f;
  vert(cx, cy, c, inA);
  for (int k = 0; k < n; ++k) {
    const float a = 2 * kPi * k / n, ca = std::cos(a), sa = std::sin(a);
    vert(cx + ca * rin, cy + sa * rin, c, inA);
    vert(cx + ca * rout, cy + sa * rout, c, 0.f);
  }
  for (int k = 0; k < n; ++k) {
    const int a = 1 + 2 * k, b = 1 + 2 * ((k + 1) % n);
    i_.insert(i_.end(), {0, a, b, a, a + 1, b, b, a + 1, b + 1});
  }
  flush();
}

void Painter::ring(float cx, float cy, float r0, float r1, Rgba c) {
  if (r1 <= r0) return;
  float a = 1.f;
  if (r1 - r0 < 1.f) {  // thinner than a pixel: centre it and fade
    a = r1 - r0;
    const float m = (r0 + r1) / 2;
    r0 = m - 0.5f, r1 = m + 0.5f;
  }
  if (exact_) {
    byCoverage(cx - r1 - 1, cy - r1 - 1, cx + r1 + 1, cy + r1 + 1, c, [&](float x, float y) {
      const float d = std::hypot(x - cx, y - cy);
      return a * std::min(r1 + 0.5f - d, d - r0 + 0.5f);
    });
    return;
  }
  const int n = segmentsFor(r1);
  const float radii[4] = {std::max(0.f, r0 - 0.5f), r0 + 0.5f, r1 - 0.5f, r1 + 0.5f};
  const float alphas[4] = {0.f, a, a, 0.f};
  for (int k = 0; k < n; ++k) {
    const float ang = 2 * kPi * k / n, ca = std::cos(ang), sa = std::sin(ang);
    for (int j = 0; j < 4; ++j) vert(cx + ca * radii[j], cy + sa * radii[j], c, alphas[j]);
  }
  for (int k = 0; k < n; ++k) {
    const int p = 4 * k, q = 4 * ((k + 1) % n);
    for (int j = 0; j < 3; ++j) i_.insert(i_.end(), {p + j, p + j + 1, q + j, q + j, p + j + 1, q + j + 1});
  }
  flush();
}

void Painter::line(float x0, float y0, float x1, float y1, float width, Rgba c) {
  const float dx = x1 - x0, dy = y1 - y0, len = std::hypot(dx, dy);
  if (len <= 0 || width <= 0) return;
  const float ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
  float a = 1.f;
  if (width < 1.f) a = width, width = 1.f;
  if (exact_) {  // square caps: the segment grown by half the width at each end
    const float h = width / 2, pad = h + 1;
    byCoverage(std::min(x0, x1) - pad, std::min(y0, y1) - pad, std::max(x0, x1) + pad, std::max(y0, y1) + pad, c,
               [&](float x, float y) {
                 const float along = (x - x0) * ux + (y - y0) * uy, side = (x - x0) * nx + (y - y0) * ny;
                 const float inLen = std::min(along + h, len + h - along) + 0.5f;
                 return a * std::min(std::min(inLen, 1.f), h + 0.5f - std::abs(side));
               });
    return;
  }
  const float hin = width / 2 - 0.5f, hout = width / 2 + 0.5f;
  // Square caps (extend by half width) with feathering.
  const float e = width / 2;
  const float ax = x0 - ux * e, ay = y0 - uy * e, bx = x1 + ux * e, by = y1 + uy * e;
  auto corner = [&](float px, float py, float along, float side, float h, float alpha) {
    vert(px + ux * along + nx * side * h, py + uy * along + ny * side * h, c, alpha);
  };
  // inner 0..3, outer 4..7 (order: a-left, b-left, b-right, a-right)
  corner(ax, ay, 0.5f, 1, hin, a), corner(bx, by, -0.5f, 1, hin, a);
  corner(bx, by, -0.5f, -1, hin, a), corner(ax, ay, 0.5f, -1, hin, a);
  corner(ax, ay, -0.5f, 1, hout, 0), corner(bx, by, 0.5f, 1, hout, 0);
  corner(bx, by, 0.5f, -1, hout, 0), corner(ax, ay, -0.5f, -1, hout, 0);
  i_.insert(i_.end(), {0, 1, 2, 0, 2, 3});
  for (int k = 0; k < 4; ++k) {
    const int p = k, q = (k + 1) % 4;
    i_.insert(i_.end(), {p, q, p + 4, q, q + 4, p + 4});
  }
  flush();
}

void Painter::radialInSquare(float x, float y, float size, float radius, Rgba c, const float* stops,
                             const float* alphas, int n) {
  constexpr int N = 12;  // grid resolution
  const float cx = x + size / 2, cy = y + size / 2;
  for (int j = 0; j <= N; ++j)
    for (int i = 0; i <= N; ++i) {
      const float px = x + size * i / N, py = y + size * j / N;
      const float d = std::hypot(px - cx, py - cy) / radius;
      float al = alphas[n - 1];
      for (int k = 0; k + 1 < n; ++k)
        if (d <= stops[k + 1]) {
          const float t = std::clamp((d - stops[k]) / std::max(1e-5f, stops[k + 1] - stops[k]), 0.f, 1.f);
          al = d < stops[0] ? alphas[0] : alphas[k] + (alphas[k + 1] - alphas[k]) * t;
          break;
        }
      vert(px, py, c, al);
    }
  for (int j = 0; j < N; ++j)
    for (int i = 0; i < N; ++i) {
      const int p = j * (N + 1) + i;
      i_.insert(i_.end(), {p, p + 1, p + N + 1, p + 1, p + N + 2, p + N + 1});
    }
  flush();
}

void Painter::softShadow(float x, float y, float w, float h, float spread, Rgba c) {
  // Outer ring of quads from the rectangle (alpha c) to the spread border (alpha 0).
  const float xs[2][2] = {{x, x + w}, {x - spread, x + w + spread}};
  const float ys[2][2] = {{y, y + h}, {y - spread, y + h + spread}};
  for (int ring = 0; ring < 2; ++ring) {
    const float al = ring == 0 ? 1.f : 0.f;
    vert(xs[ring][0], ys[ring][0], c, al);
    vert(xs[ring][1], ys[ring][0], c, al);
    vert(xs[ring][1], ys[ring][1], c, al);
    vert(xs[ring][0], ys[ring][1], c, al);
  }
  for (int k = 0; k < 4; ++k) {
    const int p = k, q = (k + 1) % 4;
    i_.insert(i_.end(), {p, q, p + 4, q, q + 4, p + 4});
  }
  flush();
}

}  // namespace dcui
