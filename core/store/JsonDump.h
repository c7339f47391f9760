// JSON text for files, with invalid UTF-8 reported as an input error.
//
// nlohmann::json refuses to dump a string that is not valid UTF-8 (its
// type_error.316, which would reach the user as an "internal error"). Every
// writer of project files goes through dumpJson, which names the key path of
// the offending string instead; readers refuse the same strings (JSON text
// through the parser, SQLite text through requireUtf8), so a name that cannot
// be saved can never be loaded either.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace cf {

bool isValidUtf8(const std::string& s);
// Throws InputError(path, "is not valid UTF-8 text") unless `s` is valid UTF-8.
void requireUtf8(const std::string& s, const std::string& path);
// j.dump(indent); a string key or value that is not valid UTF-8 throws
// InputError naming its key path below `path`.
std::string dumpJson(const nlohmann::json& j, const std::string& path, int indent = -1);

}  // namespace cf
