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

// The scratch folder, holding `example` (a file of resources/examples) as
// `name`: the folder a spec's relative "base" path is read from.
inline std::string scratchWith(const char* example, const std::string& name) {
  std::filesystem::copy_file(std::string(CF_SOURCE_DIR "/resources/examples/") + example, scratch().file(name),
                             std::filesystem::copy_options::overwrite_existing);
  return scratch().path();
}

// A spec whose "base" path leaves the scratch folder (absolute, or through
// ".."): skipped, so that the harness never reads /dev/zero or the disk.
template <class Json>
bool baseLeavesFolder(const Json& spec) {
  if (!spec.is_object()) return false;
  auto base = spec.find("base");
  if (base == spec.end() || !base->is_string()) return false;
  const std::filesystem::path p = base->template get<std::string>();
  for (const auto& part : p)
    if (part == "..") return true;
  return p.is_absolute();
}

}  // namespace cffuzz
