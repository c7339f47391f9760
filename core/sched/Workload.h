// A cluster's workload: the teams that share it and the jobs they submit,
// either as job classes (an arrival process and a size each) or as a list of
// jobs imported from a trace (TraceImport.h). docs/workload-format.md is the
// file format; workloadFromJson() reads it and names the key path of any bad
// value (InputError), so nothing is half-loaded.
#pragma once
#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

#include "design/Job.h"

namespace cf::sched {

struct Team {
  std::string name;
  double share = 1;       // fair-share weight (relative; fairshare policy)
  long long quota_gpus = 0;  // most GPUs the team may hold at once; 0 = no cap
  bool operator==(const Team&) const = default;
};

// How long a job of a class runs without failures.
struct JobSize {
  // Either a duration (seconds) ...
  double duration_s = 0;
  std::string distribution = "exponential";  // exponential | fixed (duration_s is the mean / the value)
  // ... or a model trained on `train_tokens` tokens: the run time then comes
  // from the performance model for the job's actual placement (StepTimes.h).
  std::optional<ModelSpec> model;
  Parallelism parallelism;  // tp, pp, cp, micro_batch, global_batch...; dp follows from the GPUs
  std::string precision = "bf16";
  double train_tokens = 0;
  bool operator==(const JobSize&) const = default;
};

struct JobClass {
  std::string name;
  std::string team;
  int gpus = 1;            // GPUs a job asks for (gang: all at once or none)
  JobSize size;
  // Arrivals: a Poisson process of `rate_per_h` jobs per hour, or fixed
  // submission times (hours from the start); `count` caps the jobs (0: as many
  // as the horizon holds).
  double rate_per_h = 0;
  std::vector<double> arrivals_h;
  long long count = 0;
  int priority = 0;        // higher runs first (priority policy) and may preempt lower
  int min_gpus = 0, max_gpus = 0;  // elastic range (both 0: rigid)
  double deadline_h = 0;   // from submission; 0 = none (reported as met / missed)
  double checkpoint_write_s = 60;  // blocking checkpoint write (estimate when the file gives none)
  bool elastic() const { return max_gpus > 0; }
  bool operator==(const JobClass&) const = default;
};

// One job of a trace, as the trace recorded it.
struct TraceJob {
  std::string id;
  std::string team;        // the trace's user (Alibaba) or virtual cluster (Philly)
  double submit_s = 0;     // from the trace's first submission
  double duration_s = 0;   // run time the trace recorded
  int gpus = 1;
  double trace_start_s = -1;           // when the trace started it (replay); < 0 unknown
  std::vector<std::string> machines;   // where the trace ran it (replay); empty unknown
  std::vector<int> machine_gpus;       // GPUs on each of `machines`
  std::size_t line = 0;                // where it came from (for messages)
  bool operator==(const TraceJob&) const = default;
};

// Whether jobs share links (docs/workload-format.md, "contention"; the model
// is LinkShares.h). None: every job is charged its leaves' full
// oversubscription whenever its groups cross a leaf, as if the leaves were
// full, and jobs do not see each other. LeafUplinks: the uplinks of each leaf
// are shared, max-min fair, by the model-sized jobs that cross them at the
// time, and a job's run time follows its share as jobs come and go.
enum class Contention { None, LeafUplinks };
const char* contentionName(Contention c);

struct Workload {
  std::vector<Team> teams;
  std::vector<JobClass> classes;
  std::vector<TraceJob> trace;  // imported jobs (trace_team_from: teams are created as found)
  double horizon_h = 24 * 7;    // arrivals are generated in [0, horizon)
  bool horizon_is_trace_span = false;  // set by withTrace for a trace alone (its span is the horizon)
  bool failures = true;         // draw failures from the reliability model's rates
  double restart_s = -1;        // < 0: the scenario's reliability.restart_s
  Contention contention = Contention::None;
  int team(const std::string& name) const;  // index or -1
  bool operator==(const Workload&) const = default;
};

inline constexpr const char* kWorkloadFormat = "clusterforge.workload/1";

// Reads a workload object ("workload" of a scenario, or a workload file).
// `path` prefixes every error. Throws InputError naming the key for negative
// sizes, unknown teams, bad elastic ranges, and so on.
Workload workloadFromJson(const nlohmann::json& j, const std::string& path = "");
nlohmann::json workloadToJson(const Workload& w);

}  // namespace cf::sched
