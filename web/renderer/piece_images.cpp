// The piece images: the build-time atlas (scripts/make-pieces.mjs) decoded here, and each
// piece's texture resampled to the size it is drawn at.
#include <algorithm>
#include <cmath>
#include <string>

#include "view.h"

#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STBI_NO_HDR
#define STBI_NO_LINEAR
#include <stb_image.h>

namespace dcui {

namespace {

// Box-filters a straight-alpha square image (n x n) to m x m (m <= n), weighting by alpha.
std::vector<unsigned char> shrink(const std::vector<unsigned char>& src, int n, int m) {
  std::vector<unsigned char> out(static_cast<size_t>(m) * m * 4);
  const double k = static_cast<double>(n) / m;
  for (int y = 0; y < m; ++y)
    for (int x = 0; x < m; ++x) {
      const double x0 = x * k, x1 = (x + 1) * k, y0 = y * k, y1 = (y + 1) * k;
      double r = 0, g = 0, b = 0, a = 0, area = 0;
      for (int sy = static_cast<int>(y0); sy < std::min(n, static_cast<int>(std::ceil(y1))); ++sy) {
        const double wy = std::min<double>(sy + 1, y1) - std::max<double>(sy, y0);
        for (int sx = static_cast<int>(x0); sx < std::min(n, static_cast<int>(std::ceil(x1))); ++sx) {
          const double w = wy * (std::min<double>(sx + 1, x1) - std::max<double>(sx, x0));
          const unsigned char* p = &src[(static_cast<size_t>(sy) * n + sx) * 4];
          const double wa = w * p[3];
          r += wa * p[0], g += wa * p[1], b += wa * p[2], a += wa, area += w;
        }
      }
      unsigned char* q = &out[(static_cast<size_t>(y) * m + x) * 4];
      if (a > 0)
        q[0] = static_cast<unsigned char>(r / a + 0.5), q[1] = static_cast<unsigned char>(g / a + 0.5),
        q[2] = static_cast<unsigned char>(b / a + 0.5);
      q[3] = static_cast<unsigned char>(area > 0 ? a / area + 0.5 : 0);
    }
  return out;
}

// The texture of the piece `idx` from w x w straight RGBA pixels.
void uploadPiece(unsigned idx, int w, const unsigned char* rgba) {
  Texture& t = V.pieces[idx];
  if (!t.tex || t.w != w || t.h != w) {
    if (t.tex) SDL_DestroyTexture(t.tex);
    t.tex = SDL_CreateTexture(V.renderer, SDL_PIXELFORMAT_RGBA32, SDL_TEXTUREACCESS_STATIC, w, w);
    t.w = t.h = w;
    if (!t.tex) return;
    SDL_SetTextureBlendMode(t.tex, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(t.tex, SDL_ScaleModeLinear);
  }
  SDL_UpdateTexture(t.tex, nullptr, rgba, w * 4);
  requestFrame();
}

}  // namespace

// A piece image's drawn size, device px (0 before the first layout).
int pieceSizePx() { return V.layout.valid() ? static_cast<int>(std::lround(V.layout.sq * V.dpr * kPieceScale)) : 0; }

// (Re)makes the piece textures at the size they are drawn (the atlas's own size when larger).
void uploadPieces() {
  const int want = std::min(pieceSizePx(), V.srcSize);
  if (!V.renderer || V.srcSize <= 0 || want <= 0 || want == V.uploadedSize) return;
  V.uploadedSize = want;
  for (unsigned idx = 0; idx < 128; ++idx) {
    if (V.pieceSrc[idx].empty()) continue;
    if (want == V.srcSize)
      uploadPiece(idx, want, V.pieceSrc[idx].data());
    else
      uploadPiece(idx, want, shrink(V.pieceSrc[idx], V.srcSize, want).data());
  }
}

// The build-time piece atlas (scripts/make-pieces.mjs): 'DCP1', u16 size, u8 count, then
// per piece u8 letter, u32 length, PNG bytes. Returns an error text, empty when it worked.
std::string setPieceAtlas(emscripten::val bytes) {
  const size_t n = bytes["length"].as<size_t>();
  std::vector<unsigned char> buf(n);
  emscripten::val(emscripten::typed_memory_view(n, buf.data())).call<void>("set", bytes);
  auto u16 = [&](size_t o) { return static_cast<unsigned>(buf[o] | buf[o + 1] << 8); };
  auto u32 = [&](size_t o) {
    return static_cast<size_t>(buf[o] | buf[o + 1] << 8 | buf[o + 2] << 16) | static_cast<size_t>(buf[o + 3]) << 24;
  };
  if (n < 7 || std::string(buf.begin(), buf.begin() + 4) != "DCP1") return "not a piece atlas (no DCP1 header)";
  const int size = static_cast<int>(u16(4));
  const int count = buf[6];
  if (size < 8 || size > 1024) return "piece atlas: bad size " + std::to_string(size);
  std::vector<unsigned char> decoded[128];
  size_t off = 7;
  for (int i = 0; i < count; ++i) {
    if (off + 5 > n) return "piece atlas: cut short";
    const unsigned letter = buf[off];
    const size_t len = u32(off + 1);
    off += 5;
    if (len > n - off) return "piece atlas: cut short";
    if (letter >= 128 || !((letter >= 'A' && letter <= 'Z') || (letter >= 'a' && letter <= 'z')))
      return "piece atlas: bad piece letter";
    int w = 0, h = 0, comp = 0;
    unsigned char* px = stbi_load_from_memory(&buf[off], static_cast<int>(len), &w, &h, &comp, 4);
    if (!px) return std::string("piece atlas: ") + static_cast<char>(letter) + ": " + stbi_failure_reason();
    if (w == size && h == size) decoded[letter].assign(px, px + static_cast<size_t>(w) * h * 4);
    stbi_image_free(px);
    if (decoded[letter].empty())
      return std::string("piece atlas: ") + static_cast<char>(letter) + " is not " + std::to_string(size) +
             " px square";
    off += len;
  }
  for (unsigned i = 0; i < 128; ++i) V.pieceSrc[i] = std::move(decoded[i]);
  V.srcSize = size;
  V.uploadedSize = 0;
  uploadPieces();
  return "";
}

}  // namespace dcui
