// A scenario: one cluster design, one training job and the policies that run
// it; the unit that the comparison view puts side by side.
#pragma once
#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

#include "design/Cluster.h"
#include "design/Job.h"
#include "design/Layout.h"
#include "design/UncertainRange.h"

namespace cf {

// The recovery strategies reliability.recovery accepts (presets in core/reliability/RecoveryStrategy.h).
inline const std::vector<std::string>& recoveryStrategyNames() {
  static const std::vector<std::string> names = {"checkpoint-restart", "in-memory", "process-level", "elastic"};
  return names;
}

constexpr int kAutoSpares = -1;

struct ReliabilityPolicy {
  int trials = 1000;
  unsigned long long seed = 42;
  double restart_s = 600;
  int spare_nodes = kAutoSpares;  // hot spare nodes; kAutoSpares: sized to the cluster ("auto", the default)
  std::map<std::string, double> failure_rates;  // class -> failures per component per year
  bool failure_rates_only = false;
  std::string recovery = "checkpoint-restart";  // checkpoint-restart | in-memory | process-level | elastic
  bool optics_lane_tolerance = false;           // per-lane optical fault tolerance (seeds: 4 % -> 0.4 %)
  bool operator==(const ReliabilityPolicy&) const = default;
};

struct Scenario {
  std::string name = "Untitled scenario";
  std::string description;  // client-facing: reports print it
  std::string notes;        // to the scenario's authors (how figures were checked, files, flags): never in a report
  Cluster cluster;
  Job job;
  ReliabilityPolicy reliability;
  Layout layout;
  // The cluster's workload ("workload", docs/workload-format.md), kept as the
  // file gave it: core/sched reads and checks it when scheduling, so a
  // scenario with a bad workload still opens (the schedule names the key).
  nlohmann::json workload;
  // Ranges on uncertain inputs ("uncertainty"; core/uncertainty propagates them).
  std::vector<UncertainRange> uncertainty;
  bool operator==(const Scenario&) const = default;
};

}  // namespace cf
