// `clusterforge-cli sweep SPEC --json|--csv -o OUT [--mpi] [--threads N] [--resume DB]`:
// runs every variant of a sweep spec (docs/sweep-format.md) on threads, or on
// MPI ranks with --mpi (SweepMpi.h), keeps finished variants in a results
// file so an interrupted sweep resumes, and writes the report to OUT.
// Exit status: 0 done; 2 invalid input (spec, results file of another sweep);
// 1 internal failure; 3 stopped early (--stop-after or a signal): the results
// file keeps what finished, the same command resumes.
#pragma once
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace cf::cli {

struct SweepArgs {
  std::string spec;
  bool json = false;
  bool csv = false;        // neither: chosen by OUT's extension (.csv, else JSON)
  std::string out;
  bool mpi = false;
  int threads = 0;         // 0: every core (threaded), 1 per rank (MPI)
  std::string resume;      // results file; default OUT + ".sweep.db"
  long long stop_after = 0;  // > 0: compute at most this many variants, then stop (exit 3)
  std::string backend = "cpu";
  bool full = false;       // keep each variant's whole simulate output in the JSON
  bool quiet = false;      // no per-variant progress lines

  std::string resultsFile() const { return resume.empty() ? out + ".sweep.db" : resume; }
};

// Adds the `sweep` subcommand to `app`, filling `args`.
CLI::App* addSweepCommand(CLI::App& app, SweepArgs& args);
int sweep(const SweepArgs& a, std::ostream& err);

}  // namespace cf::cli
