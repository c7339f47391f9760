// Reproducers for damaged project files, shared by the core, CLI and GUI tests.
#pragma once
#include <fstream>
#include <iterator>
#include <string>

namespace cftest {

inline std::string fileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

inline std::size_t pageSizeOf(const std::string& bytes) {
  std::size_t size = (static_cast<unsigned char>(bytes[16]) << 8) | static_cast<unsigned char>(bytes[17]);
  return size == 1 ? 65536 : size;
}

// Overwrites SQLite page `page` (1-based) with garbage: one damaged page, as
// a bad sector or a torn copy leaves it.
inline void damagePage(const std::string& path, long page) {
  std::string bytes = fileBytes(path);
  const std::size_t size = pageSizeOf(bytes);
  for (std::size_t i = (page - 1) * size; i < page * size && i < bytes.size(); ++i) bytes[i] = '\x5a';
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

// Damages the page that holds the last occurrence of `marker`; returns its
// number, or 0 when the marker is not in the file.
inline long damagePageHolding(const std::string& path, const std::string& marker) {
  const std::string bytes = fileBytes(path);
  const std::size_t at = bytes.rfind(marker);
  if (bytes.size() < 100 || at == std::string::npos) return 0;
  const long page = static_cast<long>(at / pageSizeOf(bytes)) + 1;
  damagePage(path, page);
  return page;
}

}  // namespace cftest
