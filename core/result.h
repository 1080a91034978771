// Errors are values: a Result<T> holds either a T or a message that names the problem.
// Nothing in core/ throws on user input. An error the page words in the reader's language
// also carries a stable key ("move.cannotGo") and its named arguments (identifiers: move
// text, squares, piece letters, side ids); the message is the English sentence they make
// (public/i18n/en.json's "core.<key>" says the same, tests/node/core-words.test.mjs). An
// argument may be a refusal of its own (a wrapped reason, what a reader expected), said by
// its own key.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace dc {

struct Error;

// One named argument: an identifier ({"move", "2c22c5"}, {"piece", "W"}) or a keyed
// refusal of its own ({"reason", "", the refusal}).
struct ErrorArg {
  std::string name;
  std::string value;
  std::shared_ptr<const Error> said = nullptr;
  bool operator==(const ErrorArg&) const;
};
// An error's named arguments, in order.
using ErrorArgs = std::vector<ErrorArg>;

struct Error {
  std::string message;  // English, for people (the command line, the tests)
  std::string key;      // "" when the message has no key
  ErrorArgs args;
  bool operator==(const Error&) const = default;
};

inline bool ErrorArg::operator==(const ErrorArg& o) const {
  return name == o.name && value == o.value && (said == o.said || (said && o.said && *said == *o.said));
}

// The argument `name` that is the refusal `e`.
inline ErrorArg nested(std::string name, Error e) {
  return {std::move(name), "", std::make_shared<const Error>(std::move(e))};
}

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
  const Error& failure() const { return std::get<1>(v_); }

 private:
  std::variant<T, Error> v_;
};

inline Error make_error(std::string message) { return Error{std::move(message), {}, {}}; }
inline Error make_error(std::string key, ErrorArgs args, std::string message) {
  return Error{std::move(message), std::move(key), std::move(args)};
}
// Text (a move, part of a position string) as a refusal shows it: printable ASCII, at most
// 40 characters.
std::string printable(std::string_view s);

// A refusal that wraps another (its argument "reason"): keyed only when the one it wraps
// is, so that the page either words both or shows the English message.
inline Error wrap_error(std::string key, ErrorArgs args, std::string message, Error reason) {
  if (reason.key.empty()) return make_error(std::move(message));
  args.push_back(nested("reason", std::move(reason)));
  return make_error(std::move(key), std::move(args), std::move(message));
}

// The refusal `key` whose English message is `words` with each {name} replaced by the
// value of its argument: up to three named identifiers, in order (each as printable()
// shows it), and, when given, the refusal `reason` ({reason}: its message; the argument
// "reason" after the others, keyed only when `reason` is, as wrap_error).
//   keyed_error("record.tagTwice", "the tag {tag} is given twice", "tag", name)
// Out of line: a refusal's call site passes its words and a few pointers, and builds no
// strings of its own.
Error keyed_error(const char* key, std::string_view words, const char* n1 = nullptr, std::string_view v1 = {},
                  const char* n2 = nullptr, std::string_view v2 = {}, const char* n3 = nullptr,
                  std::string_view v3 = {});
Error keyed_error(const char* key, std::string_view words, const Error& reason, const char* n1 = nullptr,
                  std::string_view v1 = {}, const char* n2 = nullptr, std::string_view v2 = {});

}  // namespace dc
