// A sweep specification (docs/sweep-format.md): a base scenario and axes of
// values; every variant is the base with one value of each axis set at the
// axis' key path. Variants are numbered in row-major order (the first axis
// varies slowest), so index i names the same design on any machine.
//
// Reading checks everything a run would trip over, before any variant runs:
// each axis key must be a key of the scenario format, and each value must
// give a scenario that parses and whose validation finds nothing wrong at that
// key. Errors name the spec's own path, e.g.
//   axes[1].values[2]: cluster.scale_out.oversubscription: 0.5 is out of range (must be >= 1)
// A spec with a "schedule" section (or an axis under "schedule.") is a
// schedule sweep (ScheduleSweep.h): its base must have a workload, and the
// axes under "schedule." set the section's keys rather than the scenario's.
// Combinations that fail only together (more GPUs than the fabric connects,
// dp that no longer matches the node count, ...) are not errors of the spec:
// those variants are reported as "invalid" in the results.
#pragma once
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "design/Project.h"
#include "perf/ParallelSearch.h"
#include "sweep/BaseScenario.h"
#include "sweep/ScheduleSweep.h"

namespace cf {

inline constexpr const char* kSweepFormat = "clusterforge.sweep/1";
inline constexpr std::size_t kMaxSweepVariants = 10'000'000;
// Axis values checked when the spec is read (a typo exits 2 before any
// variant runs): the first kEagerValueChecks / (number of axes) values of each
// axis. Each check builds and validates a scenario (~40 us), so checking all
// of a 10^7-value axis took 406 s before the first variant, deaf to SIGTERM
// (issue 33); the values past the quota are checked when their variants run
// (status "invalid", naming the problem), i.e. in proportion to what runs.
inline constexpr std::size_t kEagerValueChecks = 10'000;

struct SweepAxis {
  std::string key;                        // key path in the scenario, e.g. "cluster.accelerator"
  std::vector<nlohmann::json> values;
};

class SweepSpec {
 public:
  // `baseDir` resolves a "base" given as a path. Throws InputError naming the
  // spec key path (file problems with a base path are InputErrors too).
  static SweepSpec fromJson(const nlohmann::json& spec, const std::string& baseDir);
  // Reads a spec file; a relative base path is taken relative to the file.
  static SweepSpec fromFile(const std::string& path);

  const std::string& name() const { return name_; }
  const std::vector<SweepAxis>& axes() const { return axes_; }
  bool searchParallelism() const { return search_; }
  SearchObjective objective() const { return objective_; }
  int trials() const { return trials_; }  // 0: each variant's reliability.trials
  bool isScheduleSweep() const { return scheduleSweep_; }
  const nlohmann::json& scheduleJson() const { return schedule_; }  // the section as written ({} when absent)
  // The schedule section of variant `index` (the spec's, with the variant's "schedule." axis values).
  // Throws InputError naming the key.
  ScheduleSection variantSchedule(std::size_t index) const;
  const Catalog& parts() const { return base_.parts; }  // the base's parts, then the built-in catalog

  std::size_t variantCount() const;
  // The value index of each axis for variant `index`.
  std::vector<std::size_t> coordinates(std::size_t index) const;
  // {"<axis key>": value, ...} for variant `index`.
  nlohmann::json variantValues(std::size_t index) const;
  nlohmann::json variantScenarioJson(std::size_t index) const;
  // Throws InputError (a parse error of this combination).
  Scenario variantScenario(std::size_t index) const;

  // The spec with the base inline (no file references): what MPI ranks receive.
  nlohmann::json toJson() const;
  // Hash (hex) of the self-contained spec and the engine version: a results
  // file written for another spec or engine is not resumed.
  std::string fingerprint() const;

 private:
  void checkAxes() const;
  std::size_t eagerChecks(std::size_t axis) const;  // values of the axis checked up front
  void checkScheduleAxis(std::size_t i) const;

  std::string name_;
  BaseScenario base_;  // the scenario the axes modify, its project and parts
  std::vector<SweepAxis> axes_;
  bool search_ = false;
  SearchObjective objective_ = SearchObjective::Time;
  int trials_ = 0;
  bool scheduleSweep_ = false;
  nlohmann::json schedule_ = nlohmann::json::object();  // the section as written (axes are set into it)
};

}  // namespace cf
