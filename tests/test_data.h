// Reading the data files the site ships (public/learn/lessons.json, public/puzzles.json)
// in the tests (header-only; nlohmann-json from Debian).
#pragma once

#include <catch2/catch_test_macros.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>
#include <vector>

namespace td {

using nlohmann::json;

// A file of the repository (relative to its root) as JSON; the test fails if it is missing.
inline json read_json(const std::string& relative) {
  const std::string path = std::string(DRAGONCHESS_TEST_DATA) + "/../" + relative;
  std::ifstream f(path);
  INFO(path);
  REQUIRE(f.good());
  return json::parse(f);
}

inline std::vector<std::string> strings(const json& a) {
  std::vector<std::string> out;
  for (const json& x : a) out.push_back(x.get<std::string>());
  return out;
}

}  // namespace td
