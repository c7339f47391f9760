// Errors in user input. Every one names the key path of the offending value
// (e.g. "job.parallelism.tp") so the CLI, the GUI and the tests can point at it.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace cf {

struct Issue {
  std::string path;     // key path, e.g. "cluster.scale_out.tiers" or "layout.racks[2].placements[0]"
  std::string message;  // what is wrong, in English, formatted (the CLI and JSON print this)
  enum class Severity { Error, Warning } severity = Severity::Error;
  // Stable message id (e.g. "tp-not-divide-heads", see design/Validation.h)
  // and the values for its template's %1..%n, so the GUI can translate the
  // message; empty id: no template (the GUI shows `message` as it is).
  std::string id = {};
  std::vector<std::string> args = {};
  std::string text() const { return path.empty() ? message : path + ": " + message; }
};

class InputError : public std::runtime_error {
 public:
  InputError(std::string path, const std::string& message)
      : std::runtime_error(path.empty() ? message : path + ": " + message), path_(std::move(path)), message_(message) {}
  // With a stable message id and its arguments (design/Validation.h, engineError()).
  InputError(std::string path, const std::string& message, std::string id, std::vector<std::string> args)
      : InputError(std::move(path), message) {
    id_ = std::move(id);
    args_ = std::move(args);
  }
  const std::string& path() const { return path_; }
  // The message without the path prefix (kept, not cut from what(): a key
  // holding a NUL character ends what()'s C string early).
  const std::string& message() const { return message_; }
  const std::string& id() const { return id_; }
  const std::vector<std::string>& args() const { return args_; }

 private:
  std::string path_;
  std::string message_;
  std::string id_;
  std::vector<std::string> args_;
};

// Joins a parent path and a key ("a.b" + "c" -> "a.b.c"; "" + "c" -> "c").
inline std::string joinPath(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}
inline std::string indexPath(const std::string& parent, std::size_t i) {
  return parent + "[" + std::to_string(i) + "]";
}

}  // namespace cf
