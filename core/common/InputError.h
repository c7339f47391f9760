// Errors in user input. Every one names the key path of the offending value
// (e.g. "job.parallelism.tp") so the CLI, the GUI and the tests can point at it.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace cf {

struct Issue {
  std::string path;     // key path, e.g. "cluster.scale_out.tiers" or "layout.racks[2].placements[0]"
  std::string message;  // what is wrong, in English (the GUI translates the frame, not the detail)
  enum class Severity { Error, Warning } severity = Severity::Error;
  std::string text() const { return path.empty() ? message : path + ": " + message; }
};

class InputError : public std::runtime_error {
 public:
  InputError(std::string path, const std::string& message)
      : std::runtime_error(path.empty() ? message : path + ": " + message), path_(std::move(path)) {}
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Joins a parent path and a key ("a.b" + "c" -> "a.b.c"; "" + "c" -> "c").
inline std::string joinPath(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}
inline std::string indexPath(const std::string& parent, std::size_t i) {
  return parent + "[" + std::to_string(i) + "]";
}

}  // namespace cf
