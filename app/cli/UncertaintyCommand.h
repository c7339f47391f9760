// `clusterforge-cli uncertainty FILE [--scenario I] [--samples N] [--seed S]
// [--figure KEY] [--tornado] [--sensitivity [--base-samples N]]
// [--no-defaults] [--threads T] [--mpi] [--json|--csv]` (issue 32): propagates the
// scenario's uncertain inputs ("uncertainty", docs/scenario-format.md, and
// the engine's own estimates unless --no-defaults) through the engine and
// prints p5/p50/p95 of the headline figures; --tornado swings each input
// alone; --sensitivity adds Sobol' first-order and total indices; with two
// or more scenarios, the chance each is best on --figure and its expected
// regret (common random numbers).
// Exit status: 0 done; 2 invalid input (the message names the key);
// 1 an engine failure; 3 stopped by SIGINT/SIGTERM.
#pragma once
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace cf::cli {

struct UncertaintyArgs {
  std::string file;
  int scenario = -1;  // -1: every scenario
  long long samples = 1024;
  long long base_samples = 256;
  long long seed = 1;
  std::string figure = "time_to_train_days";
  bool tornado = false;
  bool sensitivity = false;
  bool no_defaults = false;
  int threads = 0;
  bool mpi = false;  // spread the engine runs over MPI ranks (mpirun -np N ... --mpi)
  bool json = false;
  bool csv = false;
};

CLI::App* addUncertaintyCommand(CLI::App& app, UncertaintyArgs& args);
int uncertainty(const UncertaintyArgs& a, std::ostream& out, std::ostream& err);

}  // namespace cf::cli
