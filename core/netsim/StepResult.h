// What StepSimulator returns: task times, per-link traffic and per-collective
// bus bandwidth of one simulated step. Plain values.
#pragma once
#include <string>
#include <vector>

#include "netsim/MaxMinSolver.h"

namespace cf::netsim {

struct TaskTime {
  double start_s = 0, end_s = 0;
};

struct CollectiveStats {
  std::string label;
  long long instances = 0;
  double time_s = 0;       // summed over instances
  double bus_bytes = 0;    // summed nccl-tests bus bytes of one rank
  double busbw_GBps() const { return time_s > 0 ? bus_bytes / time_s / 1e9 : 0.0; }
};

struct StepResult {
  double makespan_s = 0;               // last task's end
  std::vector<double> job_time_s;      // per job: its last task's end
  std::vector<TaskTime> tasks;         // per task of the graph
  // Per constraint (2 * link + direction): bytes moved, peak load / line rate,
  // line rate, goodput (line rate x efficiency) and seconds spent at goodput
  // (memoized scale-up collectives count their bytes / goodput: an isolated
  // ring keeps each of its links at goodput while it moves them).
  std::vector<double> link_bytes, link_peak_util, link_line_Bps, link_goodput_Bps, link_saturated_s;
  std::vector<CollectiveStats> collectives;  // by label, in order of first use
  // Per collective label (collectives' order), per constraint: the bytes that
  // label moved over it (what the fabric view's inspector lists as the flows
  // through a link). Summed over labels they give link_bytes.
  std::vector<std::vector<float>> link_bytes_by_collective;
  long long flows = 0;         // point-to-point flows the simulation stands for (all members, all steps)
  long long flow_classes = 0;  // classes the solver handled
  long long solves = 0;        // rate recomputations
  long long memoized = 0;      // collective instances timed from an isolated representative run
  SolverStats solver;          // which rate solver ran, how often
};

}  // namespace cf::netsim
