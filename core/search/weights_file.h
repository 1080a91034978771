// The evaluation's weights by name, and the weights file: C++ that eval.cpp compiles
// (core/search/eval_weights.inc, one `DC_WEIGHT(name, v1, v2, ...)` per weight of
// DC_EVAL_WEIGHTS, // comments allowed), written by the tuner and read back by it and
// by the match runner (`weights=FILE`), so that tuned weights can be tried before they
// are compiled in.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../result.h"
#include "eval.h"

namespace dc {

struct WeightRef {
  const char* name;
  std::span<int> values;  // the weight's array, flattened
  bool dynamic;           // enters the terms computed per node (else only the tables)
};
// Every weight of DC_EVAL_WEIGHTS in w, in that order.
std::vector<WeightRef> weight_refs(EvalWeights& w);

// The weights file for w; `comment` (lines without the leading //) goes on top.
std::string write_weights_file(const EvalWeights& w, const std::string& comment = {});

// Reads a weights file over EvalWeights::defaults(): every DC_WEIGHT names a known
// weight once, with exactly its number of integers. Errors name the weight or the
// line.
Result<EvalWeights> read_weights_file(std::string_view text);

}  // namespace dc
