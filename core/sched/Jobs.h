// The jobs of one simulated run, drawn from a workload before the simulation
// starts: every policy and every cluster size of a study sees the same jobs
// for a seed (common random numbers). Class streams: arrivals of class k use
// Philox stream 2k, sizes 2k+1 (Rng.h).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "sched/ClusterModel.h"
#include "sched/Workload.h"

namespace cf::sched {

struct JobSpec {
  std::string id;           // trace job id; empty for generated jobs
  int cls = -1;             // index into JobSet::classes
  int team = 0;             // index into JobSet::teams
  long long gpus = 1;       // GPUs asked for (elastic: the preferred size)
  long long min_gpus = 0, max_gpus = 0;  // elastic range (0: rigid)
  int priority = 0;
  double arrival_s = 0;
  double ideal_s = 0;       // failure-free run time at `gpus` on the most compact placement
  double deadline_s = 0;    // from arrival; 0 none
  double checkpoint_write_s = 60;
  bool model_sized = false; // run time from the performance model for its placement
  double trace_start_s = -1;  // replay: when the trace started it
  std::vector<long long> trace_nodes;  // replay: where (node indices)
  std::vector<int> trace_gpus;
  bool elastic() const { return max_gpus > 0; }
};

struct JobSet {
  std::vector<JobSpec> jobs;  // in arrival order
  std::vector<std::string> classes;  // class names ("trace" for imported jobs)
  std::vector<std::string> teams;
  std::vector<double> team_share;
  std::vector<long long> team_quota;
  std::vector<const JobClass*> class_defs;  // null for "trace"
  std::vector<std::string> class_paths;     // key paths for messages
  double horizon_s = 0;
  bool horizon_is_trace_span = false;  // Workload::horizon_is_trace_span
  bool failures = true;    // the workload's "failures"
  double restart_s = -1;   // the workload's "restart_s" (< 0: the cluster's)
  Contention contention = Contention::None;  // the workload's "contention"
};

// Work limits of one job set (docs/workload-format.md, "Limits"), counted over
// all classes and the trace together (once per class: twenty classes of
// 10^8 jobs each passed). The budget is what a workstation simulates in
// seconds (the benchmark's year is 10^6 jobs in all; 10^7 tiny jobs took
// 15.5 s and 5.2 GB); `clusterforge-cli --allow-large` lifts it to the hard
// limit.
inline constexpr double kMaxJobs = 1e8;        // hard
inline constexpr double kJobBudget = 4e6;      // budget
// Teams (the workload's and the trace's users or virtual clusters together):
// fair share looks at every team at each decision (10^5 teams took 6.1 s).
inline constexpr long long kMaxTeams = 100'000;   // hard
inline constexpr long long kTeamBudget = 10'000;  // budget
inline constexpr std::size_t kMaxJobClasses = 1'000;  // classes of one workload (hard)
// The jobs limit that applies now (budget, or hard when budgets are lifted).
double jobLimit();
long long teamLimit();

// Throws InputError naming the class or trace row: a job larger than the
// cluster, an elastic minimum larger than it, a trace job on more machines
// than the cluster has nodes. `w` must outlive the JobSet.
JobSet generateJobs(const Workload& w, const ClusterModel& m, std::uint64_t seed, const std::string& path = "workload");

}  // namespace cf::sched
