// The cluster as the scheduler sees it: nodes of G GPUs under leaves under
// pods, how often parts fail and how long repairs take, power per GPU busy
// and idle, and what a GPU-hour costs. clusterModel() derives it from a
// scenario with the existing models, so the schedule agrees with the rest of
// the program:
//  - hierarchy: design/ClosRules.h closPlane() for the cluster's nodes (tiers
//    added as the generator adds them, design/Validation.h tiersNeeded):
//    nodes_per_leaf = nodes whose every NIC is on one leaf (rail-optimised:
//    one rail group); a pod = the leaves under one set of spines (three
//    tiers), else the whole cluster. Direct topologies (torus, dragonfly) use
//    the fat-tree counts, as the reliability model does.
//  - failures: the reliability model's classes for the whole cluster
//    (reliability/ReliabilityInputs.h defaultInputs + applyPolicy: the
//    scenario's failure_rates overrides apply), each an interrupting-failure
//    rate for the cluster, the nodes it takes out (0: restart in place, no
//    repair) and its repair time.
//  - power: the energy model's IT power (core/energy) at idle and at the
//    scenario job's training load, divided over the GPUs (each GPU carries
//    its share of hosts, network and storage); facility overhead by the
//    year's PUE.
//  - cost: the cost model's TCO (core/cost) over the GPUs' hours of the
//    amortisation period: $/GPU-hour of ownership at 100 % use, so the cost of
//    a job is its GPU-hours held and idle hours are a cost of their own.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "design/Project.h"

namespace cf::sched {

class StepTimes;

struct FailureMode {
  std::string name;        // the reliability class ("gpu", "node", "switch", ...)
  double per_hour = 0;     // interrupting failures per hour, whole cluster
  int nodes_lost = 1;      // nodes out for repair; 0 = the job restarts in place
  double repair_s = 0;
};

struct ClusterModel {
  long long nodes = 1;
  int gpus_per_node = 8;
  long long nodes_per_leaf = 1;
  long long leaves_per_pod = 1;  // leaves under one pod; the cluster's leaves when it has no pods
  int tiers = 2;
  std::vector<FailureMode> failures;
  double restart_s = 600;        // reliability.restart_s
  double busy_W_per_gpu = 1000, idle_W_per_gpu = 300;  // IT power per GPU
  double pue = 1.3;
  double usd_per_gpu_hour = 2;   // TCO per GPU-hour owned
  std::string accelerator;
  std::shared_ptr<const StepTimes> step_times;  // performance model for model-sized classes (null: none)

  long long gpus() const { return nodes * gpus_per_node; }
  long long nodesPerPod() const { return nodes_per_leaf * leaves_per_pod; }
  long long leaves() const { return (nodes + nodes_per_leaf - 1) / nodes_per_leaf; }
  long long pods() const { return (nodes + nodesPerPod() - 1) / nodesPerPod(); }
  long long leafOf(long long node) const { return node / nodes_per_leaf; }
  long long podOf(long long node) const { return node / nodesPerPod(); }
  double failuresPerHour() const;
};

struct ClusterOptions {
  long long nodes = 0;   // > 0: this many nodes instead of the scenario's (cluster-size studies)
  bool energy_and_cost = true;  // false: keep the defaults above (no full simulation of the design)
};

// The scenario at another cluster size (ClusterOptions::nodes): its own job,
// which only sets the power at the training load here, follows the cluster
// (dp derived) and its global batch goes to the nearest multiple of
// dp · micro_batch (at least one), so any size gives a valid job; the
// schedule's jobs are the workload's and do not depend on it. A layout drawn
// for another size is drawn again for this one (relayoutEdited).
void resizeScenario(Scenario& s, long long nodes, const Catalog& parts);

// Throws InputError naming the key when the scenario cannot be resolved.
ClusterModel clusterModel(const Project& p, std::size_t index, const ClusterOptions& opt = {});

}  // namespace cf::sched
