// One training iteration of a job as a StepGraph: 1F1B pipeline schedule,
// plain or interleaved (Narayanan et al. SC'21 §2.2.1-2.2.2), over the
// performance model's compute times and its mapping of parallel groups.
// The zero-bubble schedules and DualPipe run in this 1F1B order with their
// traffic (DualPipe: two stages' parameters in the DP reduction) but without
// their bubble filling or chunk overlap. MoE all-to-alls send what PerfModel
// sends (node-limited routing: kern::moeNodeLimitedBytes, per pair).
//
// Mapping (the one PerfModel assumes, Megatron order): global rank
//   r = t + tp * (c + cp * (d + dp * s))   (t: TP rank, c: CP, d: DP, s: stage)
// and rank r runs on GPU rankGpu[r] (JobPlacer gives the list). TP groups are
// consecutive GPUs (inside a scale-up domain when tp <= domain size), DP
// groups are GPUs tp apart (the same local rank in different nodes: rail
// aligned), pipeline neighbours tp*cp*dp apart, CP rings GPUs tp apart. EP
// groups: ep consecutive DP indices (stride tp*cp).
//
// Lanes: one per pipeline stage (its tp*cp*dp GPUs run the same schedule).
// Schedule (TrainingStep::schedule): each stage holds v model chunks (v =
// virtual_stages; chunk j of stage s is model chunk j*p + s, its share of the
// stage's layers). Micro-batches go in groups of p through chunks 0..v-1
// (backward v-1..0), as Megatron-LM's interleaved schedule orders them;
// stage s runs (p-1-s)*2 + (v-1)*p warm-up forwards ((p-1-s) for v = 1), then
// alternates one forward and one backward, then drains the backwards. The
// bubble is (p-1)/(v m) of the ideal time and there are v times as many
// point-to-point messages of the same size (the last stage sends chunk j's
// output to the first stage's chunk j+1). When p does not divide m (or
// m < p) the last group cannot fill the loop through the stages and the
// bubble is larger, as it would be in Megatron (which asks p | m). Should
// an interleaved order ever deadlock, every stage runs all forwards, then all
// backwards.
// Each pass (one chunk, one micro-batch) is:
//   compute (layers of the chunk * per-layer time from PerfModel::layerTiming,
//   plus embedding on the first chunk of stage 0 and head + loss on the last
//   chunk of the last stage; backward includes the recomputation), then its
//   TP collectives (all-gather + reduce-scatter per TP collective with
//   sequence parallelism, else all-reduce; tp_collectives per layer, twice in
//   backward with full recomputation) and MoE all-to-alls, then the blocking
//   send of activations (forward) or gradients (backward) to the neighbour
//   stage (send/recv of LayerTiming::p2p_B per GPU). A forward waits for its
//   input, a backward for its gradient.
// Context parallelism (ring attention, Liu et al. 2023; Megatron-core CP):
//   per layer cp-1 ring steps each pass every CP rank's K,V block
//   (LayerWork::cp_kv_bytes; backward K,V,dK,dV: twice that; a full
//   recomputation repeats the forward ring) to the next rank, while the rank
//   computes attention on the block it holds; the last block is computed
//   after the last step. Per pass the graph runs the non-overlapped compute,
//   then the L(cp-1) ring steps next to the (cp-1)/cp of the attention that
//   hides them, joined: uncontended this is L[(cp-1) max(step, attn/cp)] as in
//   PerfModel's cp_fwd_s / cp_bwd_s.
// ZeRO-3 (DeepSpeed stage 3 / FSDP): every pass gathers its chunk's
//   parameters over dp*cp ranks (forward, and again in backward) and
//   reduce-scatters its gradients in backward; with overlap_dp the first
//   bucket's gather (kDpBucketParams) and the last bucket's reduce-scatter
//   are exposed and the rest runs alongside the pass's compute (prefetch);
//   without it all of it is exposed. No gradient reduction at the end.
// After its last backward a stage reduces gradients over dp*cp ranks (ZeRO
// 0-2): ZeRO 0 all-reduce; ZeRO 1-2 reduce-scatter, optimizer (Adam, 34 B per
// local parameter through HBM, as PerfModel), all-gather. With overlap_dp
// (bucketed Megatron-core overlap) chunk j's reduction starts with its last
// backward and only the last bucket (40 M parameters) waits for the stage's
// last backward, and the parameter all-gather of the previous iteration runs
// at the start of this one, the first forward waiting only for its first
// bucket.
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

// One pass of the schedule: a forward or backward of model chunk `chunk`
// (0..v-1) for micro-batch `micro`; `steady`: between the warm-up forwards
// and the cool-down backwards (its send may overlap the next pass).
struct PassOp {
  bool backward = false;
  int chunk = 0, micro = 0;
  bool steady = false;
};

class TrainingStep {
 public:
  TrainingStep(const PerfModel& model, const ParallelConfig& config);
  // The iteration of one job whose rank r runs on GPU device rankGpu[r]
  // (size tp*cp*dp*pp), as job `job` of the graph.
  StepGraph build(const std::vector<std::uint32_t>& rankGpu, int job = 0, const std::string& name = "job") const;
  long long microBatches() const { return micro_; }
  // The order of passes of stage s of p (v chunks, m micro-batches);
  // allWarmup: every forward first.
  static std::vector<PassOp> schedule(int p, int v, int m, int s, bool allWarmup = false);

 private:
  bool build(const std::vector<std::uint32_t>& rankGpu, int job, const std::string& name, bool allWarmup,
             StepGraph& g) const;

  const PerfModel& m_;
  ParallelConfig c_;
  long long micro_ = 1;
};

}  // namespace cf::netsim
