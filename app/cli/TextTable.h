// The CLI's aligned plain-text tables (waterfall, validate-models): each
// column as wide as its widest cell in display width (UTF-8 code points, so
// "—", "§" and "→" count once), columns two spaces apart, each left- or
// right-aligned, no trailing spaces.
#pragma once
#include <algorithm>
#include <ostream>
#include <string>
#include <vector>

namespace cf::cli {

struct TextColumn {
  std::string head;
  bool right = false;  // right-aligned (figures), else left (names)
};

inline std::size_t displayWidth(const std::string& text) {
  std::size_t n = 0;
  for (unsigned char ch : text) n += (ch & 0xC0) != 0x80;
  return n;
}

// Writes the head line and one line per row (each row has one cell per column).
inline void printTextTable(std::ostream& out, const std::vector<TextColumn>& cols,
                           const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> w(cols.size());
  for (std::size_t i = 0; i < cols.size(); ++i) {
    w[i] = displayWidth(cols[i].head);
    for (const auto& row : rows) w[i] = std::max(w[i], displayWidth(row[i]));
  }
  auto line = [&](auto cell) {
    std::string l;
    for (std::size_t i = 0; i < cols.size(); ++i) {
      const std::string& v = cell(i);
      const std::string pad(w[i] - displayWidth(v), ' ');
      l += (i ? "  " : "") + (cols[i].right ? pad + v : v + pad);
    }
    l.erase(l.find_last_not_of(' ') + 1);
    out << l << "\n";
  };
  line([&](std::size_t i) -> const std::string& { return cols[i].head; });
  for (const auto& row : rows) line([&](std::size_t i) -> const std::string& { return row[i]; });
}

}  // namespace cf::cli
