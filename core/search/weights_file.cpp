#include "weights_file.h"

#include <cctype>
#include <charconv>
#include <set>

#include "../types.h"

namespace dc {

namespace {

template <class T>
std::span<int> flat(T& x) {
  return {reinterpret_cast<int*>(&x), sizeof(T) / sizeof(int)};
}

// How each weight's values are laid out (the comment of its line in the file).
const char* layout(std::string_view name) {
  if (name == "level_bonus") return "[piece type][level 1, 2, 3]";
  if (name == "mobility") return "[piece type][level 1, 2, 3], tenths of a cp";
  if (name == "file_bonus") return "[piece type][level][distance from the edge file 0..5]";
  if (name == "rank_bonus") return "[piece type][level][rank from the own side 0..7]";
  if (name == "warrior_rank") return "by rank from the own side 0..7";
  if (name == "king_attackers_pct") return "by the number of attackers 0..7";
  if (name == "afar_threat") return "by the type of the piece threatened";
  return "";
}

}  // namespace

std::vector<WeightRef> weight_refs(EvalWeights& w) {
  std::vector<WeightRef> out;
  constexpr bool TABLE = false, DYNAMIC = true;
#define DC_REF(name, group) out.push_back({#name, flat(w.name), group});
  DC_EVAL_WEIGHTS(DC_REF)
#undef DC_REF
  (void)TABLE;
  (void)DYNAMIC;
  return out;
}

std::string write_weights_file(const EvalWeights& weights, const std::string& comment) {
  EvalWeights w = weights;
  std::string out;
  size_t start = 0;
  while (start < comment.size()) {
    size_t nl = comment.find('\n', start);
    if (nl == std::string::npos) nl = comment.size();
    out += "// " + comment.substr(start, nl - start) + "\n";
    start = nl + 1;
  }
  if (!comment.empty()) out += "\n";
  for (const WeightRef& r : weight_refs(w)) {
    const size_t n = r.values.size();
    std::string lay = layout(r.name);
    if (lay.empty() && n == PIECE_TYPE_NB) lay = "by piece type";
    out += std::string("DC_WEIGHT(") + r.name;
    if (n == 1) {
      out += ", " + std::to_string(r.values[0]) + ")\n";
      continue;
    }
    out += ",  // " + lay + "\n";
    // Per piece type, a row each (with the piece's name), when the array is by type.
    const size_t rows = n > PIECE_TYPE_NB && n % PIECE_TYPE_NB == 0 ? PIECE_TYPE_NB : 1;
    const size_t width = n / rows;
    for (size_t row = 0; row < rows; ++row) {
      out += "  ";
      for (size_t i = 0; i < width; ++i) {
        out += std::to_string(r.values[row * width + i]);
        if (i + 1 < width) out += ", ";
      }
      out += row + 1 < rows ? "," : ")";
      if (rows > 1) out += std::string("  // ") + (row == 0 ? "none" : piece_type_name(PieceType(row)));
      out += "\n";
    }
  }
  return out;
}

Result<EvalWeights> read_weights_file(std::string_view text) {
  // Strip comments, keeping line numbers for the messages.
  std::string code;
  std::vector<int> line_of;  // line number of each character of code
  int line = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i < text.size() && text[i] != '\n') ++i;
      if (i == text.size()) break;
    }
    code += text[i];
    line_of.push_back(line);
    if (text[i] == '\n') ++line;
  }
  EvalWeights w = EvalWeights::defaults();
  std::vector<WeightRef> refs = weight_refs(w);
  std::set<std::string> seen;
  size_t i = 0;
  auto skip_space = [&] {
    while (i < code.size() && std::isspace(static_cast<unsigned char>(code[i]))) ++i;
  };
  auto at_line = [&](size_t k) { return "line " + std::to_string(k < line_of.size() ? line_of[k] : line); };
  const std::string_view key = "DC_WEIGHT(";
  for (;;) {
    skip_space();
    if (i >= code.size()) break;
    if (code.compare(i, key.size(), key) != 0) return make_error(at_line(i) + ": expected DC_WEIGHT(name, values...)");
    const size_t open = i;
    i += key.size();
    skip_space();
    const size_t name_start = i;
    while (i < code.size() && (std::isalnum(static_cast<unsigned char>(code[i])) || code[i] == '_')) ++i;
    const std::string name = code.substr(name_start, i - name_start);
    const WeightRef* ref = nullptr;
    for (const WeightRef& r : refs)
      if (name == r.name) ref = &r;
    if (!ref) return make_error(at_line(open) + ": unknown weight '" + name + "'");
    if (!seen.insert(name).second) return make_error(at_line(open) + ": weight '" + name + "' given twice");
    std::vector<int> values;
    for (;;) {
      skip_space();
      if (i < code.size() && code[i] == ')') {
        ++i;
        break;
      }
      if (i >= code.size() || code[i] != ',') return make_error(at_line(i) + ": expected ',' or ')' in " + name);
      ++i;
      skip_space();
      int v = 0;
      const auto [end, ec] = std::from_chars(code.data() + i, code.data() + code.size(), v);
      if (ec != std::errc()) return make_error(at_line(i) + ": expected an integer in " + name);
      values.push_back(v);
      i = size_t(end - code.data());
    }
    if (values.size() != ref->values.size())
      return make_error(at_line(open) + ": " + name + " needs " + std::to_string(ref->values.size()) + " values, got " +
                        std::to_string(values.size()));
    std::copy(values.begin(), values.end(), ref->values.begin());
  }
  return w;
}

}  // namespace dc
