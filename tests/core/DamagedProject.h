// Reproducers for damaged project files, shared by the core, CLI and GUI tests.
#pragma once
#include <fstream>
#include <iterator>
#include <string>

namespace cftest {

// Overwrites the SQLite page that holds the last occurrence of `marker` with
// garbage (one damaged page, as a bad sector or a torn copy leaves it);
// returns the 1-based page number, or 0 when the marker is not in the file.
inline long damagePageHolding(const std::string& path, const std::string& marker) {
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  const std::size_t at = bytes.rfind(marker);
  if (bytes.size() < 100 || at == std::string::npos) return 0;
  std::size_t pageSize = (static_cast<unsigned char>(bytes[16]) << 8) | static_cast<unsigned char>(bytes[17]);
  if (pageSize == 1) pageSize = 65536;
  const std::size_t page = at / pageSize;
  for (std::size_t i = page * pageSize; i < (page + 1) * pageSize && i < bytes.size(); ++i) bytes[i] = '\x5a';
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
  return static_cast<long>(page + 1);
}

}  // namespace cftest
