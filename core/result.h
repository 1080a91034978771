// Errors are values: a Result<T> holds either a T or a message that names the problem.
// Nothing in core/ throws on user input. An error the page words in the reader's language
// also carries a stable key ("move.cannotGo") and its named arguments (identifiers: move
// text, squares, piece letters, side ids); the message is the English sentence they make
// (public/i18n/en.json's "core.<key>" says the same, tests/node/core-words.test.mjs).
#pragma once

#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace dc {

// An error's named arguments, in order: {"move", "2c22c5"}, {"piece", "W"}, ...
using ErrorArgs = std::vector<std::pair<std::string, std::string>>;

struct Error {
  std::string message;  // English, for people (the command line, the tests)
  std::string key;      // "" when the message has no key
  ErrorArgs args;
};

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}
  Result(Error e) : v_(std::move(e)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & { return std::get<0>(v_); }
  const T& value() const& { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  const std::string& error() const { return std::get<1>(v_).message; }
  const std::string& key() const { return std::get<1>(v_).key; }
  const ErrorArgs& args() const { return std::get<1>(v_).args; }

 private:
  std::variant<T, Error> v_;
};

inline Error make_error(std::string message) { return Error{std::move(message), {}, {}}; }
inline Error make_error(std::string key, ErrorArgs args, std::string message) {
  return Error{std::move(message), std::move(key), std::move(args)};
}

}  // namespace dc
