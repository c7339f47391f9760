#include "common/InputFile.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/InputError.h"

namespace cf {
namespace {

std::string mib(std::uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

const char* kindOf(mode_t m) {
  if (S_ISDIR(m)) return "a folder";
  if (S_ISCHR(m)) return "a character device";
  if (S_ISBLK(m)) return "a block device";
  if (S_ISFIFO(m)) return "a FIFO";
  if (S_ISSOCK(m)) return "a socket";
  return "not a regular file";
}

// An open descriptor of a regular file within the limit (closed on every path out).
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

std::uint64_t openChecked(Fd& f, const std::string& path, const std::string& key, std::uint64_t maxBytes) {
  const std::string q = "\"" + path + "\"";
  f.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (f.fd < 0) throw InputError(key, "cannot read " + q + ": " + std::strerror(errno));
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) throw InputError(key, "cannot read " + q + ": " + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    throw InputError(key, q + " is " + kindOf(st.st_mode) + ", not a regular file; only files are read");
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (size > maxBytes)
    throw InputError(key, q + " is " + std::to_string(size) + " bytes; the limit for this file is " + mib(maxBytes));
  return size;
}

}  // namespace

std::uint64_t checkInputFile(const std::string& path, const std::string& key, std::uint64_t maxBytes) {
  Fd f;
  return openChecked(f, path, key, maxBytes);
}

void checkOutputFile(const std::string& path, const std::string& key) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return;  // a new file (its folder is the writer's to check)
    throw InputError(key, "cannot write \"" + path + "\": " + std::strerror(errno));  // ELOOP: a link loop
  }
  if (!S_ISREG(st.st_mode))
    throw InputError(key, "\"" + path + "\" is " + kindOf(st.st_mode) +
                              ", not a regular file; output goes only to regular files (it is left as it is)");
}

std::string readInputFile(const std::string& path, const std::string& key, std::uint64_t maxBytes) {
  Fd f;
  const std::uint64_t size = openChecked(f, path, key, maxBytes);
  std::string out;
  out.reserve(static_cast<std::size_t>(size));
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(f.fd, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n < 0) throw InputError(key, "cannot read \"" + path + "\": " + std::strerror(errno));
    if (n == 0) break;
    if (out.size() + static_cast<std::size_t>(n) > maxBytes)
      throw InputError(key, "\"" + path + "\" grew past the limit for this file (" + mib(maxBytes) + ") while read");
    out.append(buf, static_cast<std::size_t>(n));
  }
  return out;
}

}  // namespace cf
