// Reading a file that a user or another file names (a sweep's or waterfall's
// "base", a trace, a workload, a spec, a results file): one place that refuses
// what is not a regular file (a device such as /dev/zero, a FIFO, a socket, a
// folder) and files above a size limit, before reading a byte, with an
// InputError naming the key that named the file (issue 33: "base": "/dev/zero"
// read the whole "file" until std::bad_alloc). The file is opened with
// O_NONBLOCK so that a FIFO does not block the open, checked with fstat on
// the open descriptor (no race with a rename), and read with a bound, so a
// file that grows while read is refused as well.
//
// Limits (docs/scenario-format.md, "Files named in files"):
//   kMaxInputFileBytes  256 MiB: scenarios, projects, specs, bases, workloads,
//                       results files, lessons and their examples;
//   kMaxTraceFileBytes  1 GiB: one CSV table of a trace (the published
//                       Alibaba 2020 job and task tables are well under it;
//                       Philly's cluster_job_log, one JSON document, has the
//                       256 MiB limit).
#pragma once
#include <cstdint>
#include <string>

namespace cf {

inline constexpr std::uint64_t kMaxInputFileBytes = 256ull << 20;
inline constexpr std::uint64_t kMaxTraceFileBytes = 1ull << 30;

// The whole file at `path`. Throws InputError(key, "\"<path>\" ...") when it
// cannot be opened, is not a regular file, or holds more than `maxBytes`.
std::string readInputFile(const std::string& path, const std::string& key,
                          std::uint64_t maxBytes = kMaxInputFileBytes);

// The same checks without reading (for files handed to another reader, e.g.
// SQLite): throws as readInputFile; returns the size.
std::uint64_t checkInputFile(const std::string& path, const std::string& key,
                             std::uint64_t maxBytes = kMaxInputFileBytes);

// An output path is a new file or an existing regular one (through links): a FIFO, device, socket or folder
// is refused, and so is a path whose links loop; throws InputError(key, ...) naming the path (issue 33: a FIFO
// given as output was replaced by a regular file).
void checkOutputFile(const std::string& path, const std::string& key);

}  // namespace cf
