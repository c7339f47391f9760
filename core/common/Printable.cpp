#include "common/Printable.h"

#include <cstdio>

namespace cf {
namespace {

bool hiddenCodePoint(char32_t c) {
  return c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) ||
         (c >= 0x2066 && c <= 0x2069) || c == 0x200e || c == 0x200f || c == 0x061c;
}

void appendEscape(std::string& out, const char* format, unsigned value) {
  char buf[12];
  std::snprintf(buf, sizeof buf, format, value);
  out += buf;
}

}  // namespace

std::string printableText(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    std::size_t len = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xe ? 3 : (b >> 3) == 0x1e ? 4 : 0;
    char32_t c = len == 1 ? b : len == 2 ? (b & 0x1f) : len == 3 ? (b & 0x0f) : (b & 0x07);
    bool ok = len > 0 && i + len <= s.size();
    for (std::size_t k = 1; ok && k < len; ++k) {
      const auto cb = static_cast<unsigned char>(s[i + k]);
      if ((cb & 0xc0) != 0x80) ok = false;
      c = (c << 6) | (cb & 0x3f);
    }
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8 either.
    if (ok && ((len == 2 && c < 0x80) || (len == 3 && c < 0x800) || (len == 4 && (c < 0x10000 || c > 0x10ffff)) ||
               (c >= 0xd800 && c <= 0xdfff)))
      ok = false;
    if (!ok) {
      appendEscape(out, "\\x%02x", b);
      ++i;
      continue;
    }
    if (hiddenCodePoint(c)) appendEscape(out, "\\u%04x", static_cast<unsigned>(c));
    else out.append(s.substr(i, len));
    i += len;
  }
  return out;
}

}  // namespace cf
