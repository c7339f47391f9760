// Whole-file reads and atomic, permission-preserving replacement.
//
// writeFileAtomically writes a temporary file "<target>.tmp-<pid>-<random>"
// beside the file it replaces, syncs it, gives it the mode and (where the
// process may) the owner and group of the file it replaces, renames it over
// that file and syncs the folder. A save through a symbolic link replaces the
// link's final target and keeps the link. A crash or `kill -9` at any moment
// leaves either the old or the new file; the temporary file it may leave is
// removed by the next save or open of that file once its process is gone.
// Two processes saving the same file never mix their bytes: each renames a
// complete file, so the last rename wins.
#pragma once
#include <stdexcept>
#include <string>

namespace cf {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes `bytes` to `path` atomically (see above). Throws StoreError, also when `path` (or its link's target) is
// a directory, a FIFO, a device or a socket: only a regular file is replaced.
void writeFileAtomically(const std::string& path, const std::string& bytes);
// The whole file; StoreError when it is missing, unreadable or a directory.
std::string readFile(const std::string& path);
// The file a save to `path` replaces: `path`, or the final target of a symbolic link.
std::string saveTarget(const std::string& path);
// Removes "<file>.tmp-<pid>-*" files beside `path` whose process has ended;
// returns how many it removed.
int removeStaleTempFiles(const std::string& path);

}  // namespace cf
