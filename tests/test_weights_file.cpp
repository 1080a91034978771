// The weights file (core/search/weights_file.h): what the tuner writes is what the
// engine compiles and what the reader reads back.
#include <catch2/catch_test_macros.hpp>

#include <fstream>
#include <sstream>

#include "search/eval.h"
#include "search/weights_file.h"

using namespace dc;

namespace {

bool same(EvalWeights a, EvalWeights b) {
  const auto ra = weight_refs(a), rb = weight_refs(b);
  for (size_t i = 0; i < ra.size(); ++i)
    if (!std::equal(ra[i].values.begin(), ra[i].values.end(), rb[i].values.begin())) return false;
  return true;
}

}  // namespace

TEST_CASE("the compiled-in weights file reads back as the defaults", "[weights]") {
  std::ifstream f(std::string(DRAGONCHESS_TEST_DATA) + "/../core/search/eval_weights.inc");
  REQUIRE(f);
  std::stringstream ss;
  ss << f.rdbuf();
  auto r = read_weights_file(ss.str());
  INFO((r ? "" : r.error()));
  REQUIRE(r.ok());
  CHECK(same(r.value(), EvalWeights::defaults()));
}

TEST_CASE("written weights read back unchanged", "[weights]") {
  EvalWeights w = EvalWeights::defaults();
  // Change one value of every weight.
  int k = 1;
  for (const WeightRef& r : weight_refs(w)) {
    r.values[size_t(k * 7) % r.values.size()] += 3 * k - 40;
    ++k;
  }
  const std::string text = write_weights_file(w, "a comment\nof two lines");
  CHECK(text.rfind("// a comment\n// of two lines\n", 0) == 0);
  auto r = read_weights_file(text);
  INFO((r ? "" : r.error()));
  REQUIRE(r.ok());
  CHECK(same(r.value(), w));
  CHECK_FALSE(same(r.value(), EvalWeights::defaults()));
  // Writing again gives the same text.
  CHECK(write_weights_file(r.value(), "a comment\nof two lines") == text);
}

TEST_CASE("a weights file with some weights keeps the defaults for the others", "[weights]") {
  auto r = read_weights_file("DC_WEIGHT(tempo, 17)  // the bonus to move\n");
  REQUIRE(r.ok());
  CHECK(r.value().tempo == 17);
  CHECK(r.value().value[DRAGON] == EvalWeights::defaults().value[DRAGON]);
}

TEST_CASE("bad weights files are rejected with the reason", "[weights]") {
  auto error_of = [](const std::string& text) {
    auto r = read_weights_file(text);
    return r ? std::string() : r.error();
  };
  CHECK(error_of("DC_WEIGHT(nonsense, 1)") == "line 1: unknown weight 'nonsense'");
  CHECK(error_of("DC_WEIGHT(tempo, 1)\nDC_WEIGHT(tempo, 2)") == "line 2: weight 'tempo' given twice");
  CHECK(error_of("\nDC_WEIGHT(value, 1, 2, 3)") == "line 2: value needs 16 values, got 3");
  CHECK(error_of("DC_WEIGHT(tempo, x)") == "line 1: expected an integer in tempo");
  CHECK(error_of("DC_WEIGHT(tempo, 1") == "line 1: expected ',' or ')' in tempo");
  CHECK(error_of("tempo = 3") == "line 1: expected DC_WEIGHT(name, values...)");
}
