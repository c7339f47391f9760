// Shared by the libFuzzer harnesses (issue 21): the input as text, and a
// scratch folder of this process for harnesses whose reader takes a file.
#pragma once
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace cffuzz {

inline std::string text(const uint8_t* data, size_t size) { return std::string(reinterpret_cast<const char*>(data), size); }

// <temp>/cf-fuzz-<pid>, removed when the process exits normally.
class ScratchDir {
 public:
  ScratchDir() : dir_(std::filesystem::temp_directory_path() / ("cf-fuzz-" + std::to_string(getpid()))) {
    std::filesystem::create_directories(dir_);
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  std::string path() const { return dir_.string(); }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }

 private:
  std::filesystem::path dir_;
};

inline const ScratchDir& scratch() {
  static const ScratchDir dir;
  return dir;
}

// Replaces `path` with the input's bytes; removes the SQLite side files a
// previous input may have left (a stale -wal would be replayed into this one).
inline void writeInput(const std::string& path, const uint8_t* data, size_t size) {
  std::error_code ec;
  for (const char* side : {"-wal", "-shm", "-journal"}) std::filesystem::remove(path + side, ec);
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

}  // namespace cffuzz
