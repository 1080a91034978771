// The board's text (level titles, coordinates, piece letters): rasterised by the browser's
// 2D canvas (system UI font), white on transparent, cached as textures and tinted here.
#include <emscripten.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "view.h"

// The browser draws the text: the size of its image (width | height << 16), then its pixels.
// JavaScript inside: clang-format would break its operators.
// clang-format off
EM_JS(int, dc_text_measure, (const char* text, int px, int weight), {
  var c = Module.labelCanvas || (Module.labelCanvas = document.createElement('canvas'));
  var ctx = c.getContext('2d', {willReadFrequently: true});
  ctx.font = weight + ' ' + px + 'px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
  var w = Math.max(1, Math.ceil(ctx.measureText(UTF8ToString(text)).width) + 2);
  var h = Math.max(1, Math.ceil(px * 1.35));
  return Math.min(w, 32767) | (Math.min(h, 32767) << 16);
});
EM_JS(void, dc_text_render, (const char* text, int px, int weight, int w, int h, unsigned char* out), {
  var c = Module.labelCanvas;
  c.width = w; c.height = h;
  var ctx = c.getContext('2d', {willReadFrequently: true});
  ctx.clearRect(0, 0, w, h);
  ctx.font = weight + ' ' + px + 'px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
  ctx.fillStyle = '#fff';
  ctx.textBaseline = 'middle';
  ctx.fillText(UTF8ToString(text), 1, h / 2 + px * 0.04);
  HEAPU8.set(ctx.getImageData(0, 0, w, h).data, out);
});
// clang-format on

namespace dcui {

namespace {

// The labels drawn in the last frame (level titles, coordinates), CSS px: labelsJson()
// reports them, so that a test can see that none is cut off by the canvas or overlaps
// another.
std::vector<LabelBox> drawnLabels;

// The texture of `s` at px and weight, made once.
const Texture& textTexture(const std::string& s, int px, int weight) {
  const std::string key = std::to_string(px) + ":" + std::to_string(weight) + ":" + s;
  auto it = V.textCache.find(key);
  if (it != V.textCache.end()) return it->second;
  Texture t;
  const int wh = dc_text_measure(s.c_str(), px, weight);
  t.w = wh & 0xffff, t.h = (wh >> 16) & 0xffff;
  std::vector<unsigned char> buf(static_cast<size_t>(t.w) * t.h * 4);
  dc_text_render(s.c_str(), px, weight, t.w, t.h, buf.data());
  t.tex = SDL_CreateTexture(V.renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, t.w, t.h);
  if (t.tex) {
    SDL_UpdateTexture(t.tex, nullptr, buf.data(), t.w * 4);
    SDL_SetTextureBlendMode(t.tex, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(t.tex, SDL_ScaleModeLinear);
  }
  return V.textCache.emplace(key, t).first->second;
}

}  // namespace

void clearTextCache() {
  for (auto& [k, t] : V.textCache)
    if (t.tex) SDL_DestroyTexture(t.tex);
  V.textCache.clear();
}

// Draws text with its left edge at x (or centred when align=0 / right edge when align=1)
// and its vertical centre at cy; device px.
float drawText(const std::string& s, float cssPx, int weight, float x, float cy, Rgba c, int align) {
  const int px = std::max(6, static_cast<int>(std::lround(cssPx * V.dpr)));
  const Texture& t = textTexture(s, px, weight);
  if (!t.tex) return 0;
  float left = x;
  const float inkW = t.w - 2.f;
  if (align == 0)
    left = x - inkW / 2 - 1;
  else if (align == 1)
    left = x - inkW - 1;
  SDL_SetTextureColorMod(t.tex, c.r, c.g, c.b);
  SDL_SetTextureAlphaMod(t.tex, c.a);
  const SDL_FRect dst{std::round(left), std::round(cy - t.h / 2.f), static_cast<float>(t.w), static_cast<float>(t.h)};
  SDL_RenderCopyF(V.renderer, t.tex, nullptr, &dst);
  return inkW;
}

// The length of `s` drawn, device px.
float textLength(const std::string& s, float cssPx, int weight) {
  const int px = std::max(6, static_cast<int>(std::lround(cssPx * V.dpr)));
  return textTexture(s, px, weight).w - 2.f;
}
// Text reading bottom-to-top, centred on (cx, cy); device px.
void drawTextUp(const std::string& s, float cssPx, int weight, float cx, float cy, Rgba c) {
  const int px = std::max(6, static_cast<int>(std::lround(cssPx * V.dpr)));
  const Texture& t = textTexture(s, px, weight);
  if (!t.tex) return;
  SDL_SetTextureColorMod(t.tex, c.r, c.g, c.b);
  SDL_SetTextureAlphaMod(t.tex, c.a);
  const SDL_FRect dst{std::round(cx - t.w / 2.f), std::round(cy - t.h / 2.f), static_cast<float>(t.w),
                      static_cast<float>(t.h)};
  SDL_RenderCopyExF(V.renderer, t.tex, nullptr, &dst, -90.0, nullptr, SDL_FLIP_NONE);
}

void labelText(const std::string& s, float cssPx, int weight, float x, float cy, Rgba c, int align) {
  const float w = drawText(s, cssPx, weight, x, cy, c, align);
  const float left = align == 0 ? x - w / 2 : align == 1 ? x - w : x;
  const float h =
      std::max(6, static_cast<int>(std::lround(cssPx * V.dpr))) * 1.0f;  // the glyphs' height, about the font size
  drawnLabels.push_back({s, left / V.dpr, (cy - h / 2) / V.dpr, w / V.dpr, h / V.dpr});
}
// A coordinate in a row of them: left out when it would overlap the last one drawn (squares
// smaller than the coordinates' font: every other one, or fewer).
void coordText(const std::string& s, float cssPx, int weight, float x, float cy, Rgba c, int align, LabelBox& last) {
  const float w = textLength(s, cssPx, weight), h = std::max(6, static_cast<int>(std::lround(cssPx * V.dpr))) * 1.0f;
  const float left = align == 0 ? x - w / 2 : align == 1 ? x - w : x;
  const LabelBox box{s, left / V.dpr, (cy - h / 2) / V.dpr, w / V.dpr, h / V.dpr};
  const float gap = 1.f;  // CSS px between two coordinates at least
  if (last.w > 0 && box.x < last.x + last.w + gap && last.x < box.x + box.w + gap && box.y < last.y + last.h + gap &&
      last.y < box.y + box.h + gap)
    return;
  labelText(s, cssPx, weight, x, cy, c, align);
  last = box;
}
void labelTextUp(const std::string& s, float cssPx, int weight, float cx, float cy, Rgba c) {
  drawTextUp(s, cssPx, weight, cx, cy, c);
  const float len = textLength(s, cssPx, weight), h = std::max(6, static_cast<int>(std::lround(cssPx * V.dpr))) * 1.0f;
  drawnLabels.push_back({s, (cx - h / 2) / V.dpr, (cy - len / 2) / V.dpr, h / V.dpr, len / V.dpr});
}

void clearLabels() { drawnLabels.clear(); }

// The labels of the last frame: [{"text":..,"x":..,"y":..,"width":..,"height":..}] (CSS px).
std::string labelsJson() {
  std::string out = "[";
  char buf[160];
  for (const LabelBox& b : drawnLabels) {
    std::string text;
    for (char c : b.text)
      if (c != '"' && c != '\\') text += c;
    std::snprintf(buf, sizeof buf, "%s{\"text\":\"%s\",\"x\":%.6g,\"y\":%.6g,\"width\":%.6g,\"height\":%.6g}",
                  out.size() > 1 ? "," : "", text.c_str(), b.x, b.y, b.w, b.h);
    out += buf;
  }
  return out + "]";
}

}  // namespace dcui
