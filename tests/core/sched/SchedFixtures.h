// Shared set-up of the scheduling tests: a cluster model made by hand (no
// scenario) and workloads of one exponential class.
#pragma once
#include <nlohmann/json.hpp>

#include "sched/ClusterModel.h"
#include "sched/Workload.h"

namespace schedtest {

// `nodes` nodes of `gpn` GPUs, `perLeaf` nodes a leaf, every leaf in one pod, no failures.
inline cf::sched::ClusterModel cluster(long long nodes, int gpn, long long perLeaf = 4) {
  cf::sched::ClusterModel m;
  m.nodes = nodes;
  m.gpus_per_node = gpn;
  m.nodes_per_leaf = perLeaf;
  m.leaves_per_pod = (nodes + perLeaf - 1) / perLeaf;
  m.busy_W_per_gpu = 1000;
  m.idle_W_per_gpu = 250;
  m.pue = 1.25;
  m.usd_per_gpu_hour = 2;
  return m;
}

// One class of `gpus`-GPU jobs, exponential durations of mean `mean_h`, Poisson arrivals.
inline cf::sched::Workload oneClass(int gpus, double mean_h, double rate_per_h, double horizon_h) {
  return cf::sched::workloadFromJson(nlohmann::json{
      {"horizon_h", horizon_h},
      {"failures", false},
      {"classes",
       {{{"name", "c"}, {"gpus", gpus}, {"duration_h", mean_h}, {"arrival", {{"rate_per_h", rate_per_h}}}}}}});
}

}  // namespace schedtest
