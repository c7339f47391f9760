// What the validation checks share (design/Validation.cpp, design/Remedies.cpp):
// the issue collector and the number formats of message arguments. Internal to
// core/design.
#pragma once
#include <sstream>
#include <string>
#include <vector>

#include "design/Messages.h"

namespace cf::validation {

struct Checker {
  std::vector<Issue>& out;
  std::string prefix;
  void error(const std::string& path, const std::string& id, std::vector<std::string> args = {}) {
    out.push_back(makeIssue(joinPath(prefix, path), Issue::Severity::Error, id, std::move(args)));
  }
  void warning(const std::string& path, const std::string& id, std::vector<std::string> args = {}) {
    out.push_back(makeIssue(joinPath(prefix, path), Issue::Severity::Warning, id, std::move(args)));
  }
};

// A message argument: `v` with `digits` decimals.
inline std::string fixed(double v, int digits = 1) {
  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(digits);
  s << v;
  return s.str();
}

template <typename T>
std::string str(T v) {
  return std::to_string(v);
}

}  // namespace cf::validation
