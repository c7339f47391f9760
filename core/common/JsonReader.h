// Typed, path-aware reading of nlohmann::json objects.
//
// An ObjectReader wraps one JSON object and its key path. Each get*() call
// marks the key as known; finish() then rejects any key nobody asked for, so a
// typo such as "tensor_parallel" is an error naming its path instead of being
// silently ignored. Wrong types, negative sizes and out-of-range values throw
// InputError with the full key path.
//
// parseJson() is the one way to turn text into JSON: syntax errors and numbers
// beyond the range of a double ("1E400") become InputError with the line,
// column and, where it can be told, the key path of the offending value.
//
// checkedProduct() multiplies counts (nodes x GPUs, tp x pp x cp x dp, ...) in
// 64 bits with overflow detection; an overflow is an InputError naming `path`.
#pragma once
#include <nlohmann/json.hpp>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/InputError.h"

namespace cf {

using json = nlohmann::json;

// Parses `text`; throws InputError("", "not valid JSON: ...") or
// InputError(<key path>, "number out of range ... at line L, column C").
json parseJson(const std::string& text);

// a * b for counts; throws InputError(path, "<what> = a x b overflows 64-bit integers").
long long checkedProduct(long long a, long long b, const std::string& path, const std::string& what);

// A user-written key fit for a message: control characters as \uXXXX.
std::string printableKey(const std::string& key);

class ObjectReader {
 public:
  ObjectReader(const json& j, std::string path);

  const std::string& path() const { return path_; }
  bool has(const std::string& key) const;
  std::string keyPath(const std::string& key) const { return joinPath(path_, key); }

  double number(const std::string& key, std::optional<double> fallback = std::nullopt);
  // A number >= min (and <= max when given); sizes and rates use min 0.
  double number(const std::string& key, double fallback, double min, double max = 1e300);
  double requiredNumber(const std::string& key, double min, double max = 1e300);
  // 0 (absent, "none" or "automatic") or a number in [min, max]: a rate of
  // 1e-300 is not a small rate but a typo that would take forever to simulate.
  double numberOrZero(const std::string& key, double fallback, double min, double max);
  long long integer(const std::string& key, long long fallback, long long min, long long max = (1LL << 62));
  long long requiredInteger(const std::string& key, long long min, long long max = (1LL << 62));
  bool boolean(const std::string& key, bool fallback);
  std::string string(const std::string& key, const std::string& fallback);
  std::string requiredString(const std::string& key);
  // A string that must be one of `allowed`.
  std::string choice(const std::string& key, const std::string& fallback, const std::vector<std::string>& allowed);
  // Sub-object (empty object when absent and optional).
  ObjectReader object(const std::string& key, bool required = false);
  const json* array(const std::string& key, bool required = false);
  const json* raw(const std::string& key);  // any type, marks the key known

  // Throws for the first key that no get*() asked for.
  void finish() const;

 private:
  const json* find(const std::string& key);
  [[noreturn]] void typeError(const std::string& key, const char* expected) const;

  const json* j_;
  std::string path_;
  std::set<std::string> known_;
  static const json emptyObject_;
};

// Describes a JSON value briefly for error messages: "\"eight\"", "3.5", "an array".
std::string describe(const json& v);

}  // namespace cf
