// One training iteration of a job as a StepGraph: 1F1B pipeline schedule
// (Narayanan et al. SC'21 §2.2) over the performance model's compute times
// and its mapping of parallel groups.
//
// Mapping (the one PerfModel assumes, Megatron order): global rank
//   r = t + tp * (c + cp * (d + dp * s))   (t: TP rank, c: CP, d: DP, s: stage)
// and rank r runs on GPU rankGpu[r] (JobPlacer gives the list). TP groups are
// consecutive GPUs (inside a scale-up domain when tp <= domain size), DP
// groups are GPUs tp apart (the same local rank in different nodes: rail
// aligned), pipeline neighbours tp*cp*dp apart. EP groups: ep consecutive DP
// indices (stride tp*cp).
//
// Lanes: one per pipeline stage (its tp*cp*dp GPUs run the same schedule).
// Stage s runs min(p-1-s, m) warm-up forwards, then alternates forward and
// backward, then drains the backwards. Each pass is:
//   compute (layers of the stage * per-layer time from PerfModel::layerTiming,
//   plus embedding on the first stage and head + loss on the last; backward
//   includes the recomputation), then its TP collectives (all-gather +
//   reduce-scatter per TP collective with sequence parallelism, else
//   all-reduce; tp_collectives per layer, twice in backward with full
//   recomputation) and MoE all-to-alls, then the blocking send of activations
//   (forward) or gradients (backward) to the neighbour stage (send/recv of
//   LayerTiming::p2p_B per GPU). A forward waits for its input, a backward for
//   its gradient.
// After its last backward a stage reduces gradients over dp*cp ranks: ZeRO 0
// all-reduce; ZeRO >= 1 reduce-scatter, optimizer (Adam, 34 B per local
// parameter through HBM, as PerfModel), all-gather. With overlap_dp (bucketed
// Megatron-core overlap) the reduce-scatter starts with the last backward and
// only its last bucket (40 M parameters) waits for it, and the parameter
// all-gather of the previous iteration runs at the start of this one, the
// first forward waiting only for its first bucket. ZeRO-3 is run as ZeRO-2
// (per-micro-batch parameter gathers are not expanded). Context-parallel
// ring attention is not expanded (its exposed part is small by design).
// virtual_stages > 1 (interleaved 1F1B) is run as plain 1F1B (v = 1).
// Collective constants (start-up, per-step latency) come from the perf model's
// CommFabric, bandwidth from the fabric graph; DP all-reduces pick ring or
// tree as CollectiveModel does and span domains hierarchically when a DP
// group has several ranks per scale-up domain.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "netsim/StepGraph.h"
#include "perf/PerfModel.h"

namespace cf::netsim {

class TrainingStep {
 public:
  TrainingStep(const PerfModel& model, const ParallelConfig& config);
  // The iteration of one job whose rank r runs on GPU device rankGpu[r]
  // (size tp*cp*dp*pp), as job `job` of the graph.
  StepGraph build(const std::vector<std::uint32_t>& rankGpu, int job = 0, const std::string& name = "job") const;
  long long microBatches() const { return micro_; }

 private:
  const PerfModel& m_;
  ParallelConfig c_;
  long long micro_ = 1;
};

}  // namespace cf::netsim
