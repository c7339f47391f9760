// `clusterforge-cli schedule SCENARIO [--scenario I] [--policy fifo|easy|
// priority|fairshare|replay] [--placement pack|first-fit|spread]
// [--workload FILE] [--trace alibaba2020|philly FILE] [--seed N]
// [--replications N] [--compare-policies] [--target-p95-wait-h H]
// [--no-failures] [--json|--csv]`: simulates the cluster of a scenario
// running a workload (core/sched, docs/workload-format.md) and prints
// utilisation, idle GPU-hours by cause, queue waits and completion times per
// class and team, goodput, energy and cost. The workload is the scenario's
// "workload" unless --workload names a file; --trace adds the jobs of a
// trace (alibaba2020: the folder of pai_job_table.csv and
// pai_task_table.csv, or the job table with the task table beside it;
// philly: cluster_job_log).
// --replications N runs seeds N in parallel and adds 95 % intervals;
// --compare-policies runs fifo, easy, priority and fairshare side by side;
// --target-p95-wait-h H finds the smallest node count whose p95 wait is <= H.
// --csv prints one row per job (or per policy / per size tried).
// Exit status: 0 done; 2 bad input (the message names the file and key,
// line or field); 1 an engine failure.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace cf::cli {

struct ScheduleArgs {
  std::string file;
  int scenario = 0;
  std::string policy = "fifo";
  std::string placement = "pack";
  std::string workload;
  std::vector<std::string> trace;  // {format, file}
  long long seed = 1;
  int replications = 0;
  bool compare_policies = false;
  double target_p95_wait_h = -1;
  bool no_failures = false;
  bool json = false;
  bool csv = false;
};

CLI::App* addScheduleCommand(CLI::App& app, ScheduleArgs& args);
int schedule(const ScheduleArgs& a, std::ostream& out, std::ostream& err);

}  // namespace cf::cli
