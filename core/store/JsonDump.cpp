#include "store/JsonDump.h"

#include <optional>

#include "common/InputError.h"

namespace cf {
namespace {

using nlohmann::json;

// Length of the UTF-8 sequence starting at s[i] (RFC 3629: no overlongs, no
// surrogates, nothing above U+10FFFF), or 0 when it is not valid.
std::size_t sequenceLength(const std::string& s, std::size_t i) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  if (c < 0x80) return 1;
  std::size_t n;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return n;
}

std::optional<std::string> invalidUtf8Path(const json& j, const std::string& path) {
  if (j.is_string()) return isValidUtf8(j.get_ref<const std::string&>()) ? std::nullopt : std::optional(path);
  if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i)
      if (auto p = invalidUtf8Path(j[i], indexPath(path, i))) return p;
  } else if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      const std::string key = joinPath(path, it.key());
      if (!isValidUtf8(it.key())) return key;
      if (auto p = invalidUtf8Path(it.value(), key)) return p;
    }
  }
  return std::nullopt;
}

}  // namespace

bool isValidUtf8(const std::string& s) {
  for (std::size_t i = 0; i < s.size();) {
    std::size_t n = sequenceLength(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

void requireUtf8(const std::string& s, const std::string& path) {
  if (!isValidUtf8(s)) throw InputError(path, "is not valid UTF-8 text");
}

std::string dumpJson(const json& j, const std::string& path, int indent) {
  if (auto bad = invalidUtf8Path(j, path)) throw InputError(*bad, "is not valid UTF-8 text");
  return j.dump(indent);
}

}  // namespace cf
