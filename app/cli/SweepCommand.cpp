#include "SweepCommand.h"

#include <CLI/CLI.hpp>
#include <tbb/global_control.h>

#include <csignal>
#include <cstdlib>
#include <mutex>
#include <ostream>
#include <thread>

#include "SweepMpi.h"
#include "SweepSession.h"

namespace cf::cli {
namespace {

extern "C" void onStopSignal(int) { SweepSession::stop(); }

int threadedSweep(const SweepArgs& a, std::ostream& err) {
  SweepSession session(a, err);
  if (int status = session.prepare()) return status;
  const int threads = a.threads > 0 ? a.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  SweepRunner runner(session.spec(), session.variantOptions(), threads);
  std::mutex m;
  runner.run(session.source(), [&](std::size_t, SweepRecord rec) {
    std::lock_guard<std::mutex> lock(m);
    session.record(rec);
  });
  return session.finish(std::to_string(threads) + " thread" + (threads == 1 ? "" : "s"));
}

}  // namespace

CLI::App* addSweepCommand(CLI::App& app, SweepArgs& a) {
  auto* cmd = app.add_subcommand("sweep", "Run a design-space sweep (docs/sweep-format.md); resumable; MPI with --mpi");
  cmd->add_option("SPEC", a.spec, "Sweep spec (clusterforge.sweep/1)")->required();
  auto* json = cmd->add_flag("--json", a.json, "Write the report as JSON (default unless OUT ends in .csv)");
  auto* csv = cmd->add_flag("--csv", a.csv, "Write the report as CSV, one row per variant");
  json->excludes(csv);
  cmd->add_option("-o,--output", a.out, "Report file")->required();
  cmd->add_flag("--mpi", a.mpi, "Split the variants across MPI ranks (start with mpirun/srun); rank 0 writes");
  cmd->add_option("--threads", a.threads, "Variant threads per process (default: every core; 1 per rank with --mpi)")
      ->check(CLI::Range(0, 4096));
  cmd->add_option("--resume", a.resume, "Results file to resume from and add to (default: OUT.sweep.db)");
  cmd->add_option("--stop-after", a.stop_after, "Compute at most K variants, then stop with status 3 (resumable)")
      ->check(CLI::Range(1LL, 1LL << 40));
  cmd->add_option("--backend", a.backend, "Monte Carlo backend: cpu (default), auto or cuda")
      ->check(CLI::IsMember({"auto", "cpu", "cuda"}));
  cmd->add_flag("--full", a.full, "Keep every variant's whole simulate output in the JSON report");
  cmd->add_flag("-q,--quiet", a.quiet, "No per-variant progress lines");
  return cmd;
}

long launcherRanks() {
  for (const char* var : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"})
    if (const char* v = std::getenv(var)) return std::strtol(v, nullptr, 10);
  return 1;
}

int sweep(const SweepArgs& a, std::ostream& err) {
  std::signal(SIGINT, onStopSignal);
  std::signal(SIGTERM, onStopSignal);
  if (a.mpi) {
    if (!mpiAvailable()) {
      err << "--mpi: this clusterforge-cli was built without MPI\n";
      return 2;
    }
    return mpiSweep(a, err);
  }
  if (long ranks = launcherRanks(); ranks > 1) {
    err << "sweep: started as one of " << ranks << " ranks without --mpi; add --mpi to split the variants\n";
    return 2;
  }
  return threadedSweep(a, err);
}

}  // namespace cf::cli
