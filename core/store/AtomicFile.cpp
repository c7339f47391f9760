#include "store/AtomicFile.h"

#include "common/InputFile.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>
#include <sstream>

namespace cf {
namespace {

namespace fs = std::filesystem;

std::string errnoText() { return std::strerror(errno); }

std::string tempPrefix(const std::string& target) { return fs::path(target).filename().string() + ".tmp-"; }

std::string tempPathFor(const std::string& target) {
  std::random_device rd;
  std::ostringstream s;
  s << target << ".tmp-" << ::getpid() << "-" << std::hex << rd();
  return s.str();
}

// The pid in "<prefix><pid>-<hex>", or -1 when `name` is not one of our temp files.
long tempFilePid(const std::string& name, const std::string& prefix) {
  if (name.compare(0, prefix.size(), prefix) != 0) return -1;
  std::size_t i = prefix.size(), start = i;
  while (i < name.size() && name[i] >= '0' && name[i] <= '9') ++i;
  if (i == start || i - start > 9 || i >= name.size() || name[i] != '-') return -1;
  return std::stol(name.substr(start, i - start));
}

void syncDirOf(const std::string& path) {
  fs::path dir = fs::path(path).parent_path();
  int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

// A temporary file beside the target, removed unless it was renamed over it.
class TempFile {
 public:
  TempFile(const std::string& target, const std::string& shownPath, mode_t mode)
      : path_(tempPathFor(target)), shown_(shownPath) {
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd_ < 0) throw StoreError("cannot write " + shown_ + ": " + errnoText());
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!renamed_) ::unlink(path_.c_str());
  }

  void write(const std::string& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
      ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw StoreError("cannot write " + shown_ + ": " + errnoText());
      done += static_cast<std::size_t>(n);
    }
  }

  // Owner and group where the process may set them (root, or a group it is
  // in), then the mode: a save must never loosen the permissions.
  void copyOwnerAndMode(const struct stat& from) {
    if (::fchown(fd_, from.st_uid, from.st_gid) != 0) (void)::fchown(fd_, static_cast<uid_t>(-1), from.st_gid);
    if (::fchmod(fd_, from.st_mode & 07777) != 0)
      throw StoreError("cannot keep the permissions of " + shown_ + ": " + errnoText());
  }

  void renameOver(const std::string& target) {
    if (::fsync(fd_) != 0) throw StoreError("cannot write " + shown_ + ": " + errnoText());
    int rc = ::close(fd_);
    fd_ = -1;
    if (rc != 0) throw StoreError("cannot write " + shown_ + ": " + errnoText());
    if (std::rename(path_.c_str(), target.c_str()) != 0)
      throw StoreError("cannot replace " + shown_ + ": " + errnoText());
    renamed_ = true;
    syncDirOf(target);
  }

 private:
  std::string path_;
  std::string shown_;
  int fd_ = -1;
  bool renamed_ = false;
};

}  // namespace

std::string saveTarget(const std::string& path) {
  fs::path p = path;
  for (int hops = 0; hops < 40; ++hops) {
    std::error_code ec;
    if (!fs::is_symlink(fs::symlink_status(p, ec))) return p.string();
    fs::path link = fs::read_symlink(p, ec);
    if (ec) throw StoreError("cannot follow the link " + path + ": " + ec.message());
    p = link.is_absolute() ? link : p.parent_path() / link;
  }
  throw StoreError("cannot follow the link " + path + ": too many levels of symbolic links");
}

int removeStaleTempFiles(const std::string& path) {
  const std::string target = saveTarget(path);
  const std::string prefix = tempPrefix(target);
  fs::path dir = fs::path(target).parent_path();
  if (dir.empty()) dir = ".";
  int removed = 0;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    long pid = tempFilePid(it->path().filename().string(), prefix);
    if (pid <= 0 || pid == ::getpid()) continue;
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;  // alive (or not ours to judge)
    std::error_code rm;
    if (fs::remove(it->path(), rm)) ++removed;
  }
  return removed;
}

std::string readFile(const std::string& path) {
  // O_NONBLOCK: a FIFO must not block the open; it is refused below, as is
  // any other file that is not a regular one (/dev/zero would be read
  // forever) and one above common/InputFile.h's limit.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) throw StoreError("cannot open " + path + ": " + errnoText());
  struct stat st {};
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    throw StoreError(path + " is a directory, not a file");
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    throw StoreError(path + " is not a regular file (a device, FIFO or socket); only files are read");
  }
  if (static_cast<std::uint64_t>(st.st_size) > kMaxInputFileBytes) {
    ::close(fd);
    throw StoreError(path + " is " + std::to_string(st.st_size) + " bytes; the limit is " +
                     std::to_string(kMaxInputFileBytes >> 20) + " MiB");
  }
  std::string out;
  char buf[65536];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      std::string why = errnoText();
      ::close(fd);
      throw StoreError("cannot read " + path + ": " + why);
    }
    if (n == 0) break;
    if (out.size() + static_cast<std::size_t>(n) > kMaxInputFileBytes) {
      ::close(fd);
      throw StoreError(path + " grew past " + std::to_string(kMaxInputFileBytes >> 20) + " MiB while read");
    }
    out.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return out;
}

void writeFileAtomically(const std::string& path, const std::string& bytes) {
  const std::string target = saveTarget(path);
  struct stat old {};
  const bool exists = ::stat(target.c_str(), &old) == 0;
  if (exists && S_ISDIR(old.st_mode)) throw StoreError("cannot write " + path + ": it is a directory");
  // A FIFO, device or socket is not replaced by a regular file (issue 33: a FIFO given as the output path was
  // renamed over): refused, and left as it is.
  if (exists && !S_ISREG(old.st_mode))
    throw StoreError("cannot write " + path + ": it is " +
                     (S_ISFIFO(old.st_mode) ? "a FIFO"
                      : S_ISCHR(old.st_mode) || S_ISBLK(old.st_mode) ? "a device"
                      : S_ISSOCK(old.st_mode) ? "a socket"
                                               : "not a regular file") +
                     "; output goes only to regular files");
  removeStaleTempFiles(target);
  // A new file gets the usual mode (0666 less the umask); a replaced one starts
  // private and then takes the old file's mode.
  TempFile tmp(target, path, exists ? 0600 : 0666);
  tmp.write(bytes);
  if (exists) tmp.copyOwnerAndMode(old);
  tmp.renameOver(target);
}

}  // namespace cf
