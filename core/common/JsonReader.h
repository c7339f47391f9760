// Typed, path-aware reading of nlohmann::json objects.
//
// An ObjectReader wraps one JSON object and its key path. Each get*() call
// marks the key as known; finish() then rejects any key nobody asked for, so a
// typo such as "tensor_parallel" is an error naming its path instead of being
// silently ignored. Wrong types, negative sizes and out-of-range values throw
// InputError with the full key path.
#pragma once
#include <nlohmann/json.hpp>

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/InputError.h"

namespace cf {

using json = nlohmann::json;

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
