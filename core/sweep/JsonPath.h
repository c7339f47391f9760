// Key paths into JSON documents, as the scenario format names them in error
// messages: dot-separated object keys, each optionally followed by array
// indexes ("cluster.scale_out.oversubscription", "cluster.storage[0].read_GBps").
// A sweep axis names the value it varies with such a path.
#pragma once
#include <nlohmann/json.hpp>

#include <string>
#include <variant>
#include <vector>

namespace cf {

// One step of a path: an object key or an array index.
using JsonPathStep = std::variant<std::string, std::size_t>;

// Splits a path into steps; throws InputError(`where`, ...) for a malformed one
// (empty, "a..b", "a[x]", "a[1", ...).
std::vector<JsonPathStep> parseJsonPath(const std::string& path, const std::string& where);

// Sets the value at `path` in `doc`. Missing object keys on the way are
// created as objects; array indexes must exist. Throws InputError(`where`, ...)
// when a step goes through a value that is not an object or array, or past the
// end of an array.
void setJsonPath(nlohmann::json& doc, const std::string& path, const nlohmann::json& value, const std::string& where);

// The value at `path` in `doc`, or nullptr when a key or index on the way is
// missing or goes through a value that is not an object or array. Throws only
// for a malformed path (InputError(`where`, ...)).
const nlohmann::json* findJsonPath(const nlohmann::json& doc, const std::string& path, const std::string& where);

// Removes the value at `path` (an object key or an array entry); nothing when
// it is not there. Throws only for a malformed path.
void eraseJsonPath(nlohmann::json& doc, const std::string& path, const std::string& where);

// True when `path` is `prefix` or lies below it ("a.b" is below "a", "a[0]" too; "ab" is not).
bool jsonPathWithin(const std::string& path, const std::string& prefix);

// Deepest nesting of arrays and objects a sweep spec or a result record may
// have. Parsing is iterative, but copying, comparing and dumping a value
// recurse once per level: a 10^6-deep array would overflow the stack.
inline constexpr std::size_t kMaxJsonDepth = 64;

// Throws InputError(<path of the too-deep value below `path`>, ...) when `doc`
// nests more than `maxDepth` arrays and objects. Walks without recursion.
void checkJsonDepth(const nlohmann::json& doc, const std::string& path, std::size_t maxDepth = kMaxJsonDepth);

}  // namespace cf
