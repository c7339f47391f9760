// Where a parallel group's GPUs sit and what links join them: the interface
// between the performance model and the fabric. ClosedFormFabric answers from
// the scenario's figures; a topology-graph implementation (core/topology) can
// answer from the real graph later without touching the collective maths.
#pragma once
#include <string>

namespace cf {

// A group of `size` ranks, consecutive ranks `stride` GPUs apart in the
// global rank order (Megatron order: tp innermost, then cp, dp, pp).
struct GroupPlacement {
  int size = 1;
  int per_domain = 1;          // ranks of the group inside one scale-up domain
  int domains = 1;             // scale-up domains the group spans
  double intra_GBps = 0;       // scale-up bandwidth per GPU per direction
  double inter_GBps = 0;       // scale-out bandwidth per GPU per direction, after oversubscription
  double inter_raw_GBps = 0;   // the same before oversubscription
  double inter_step_latency_s = 0;  // one hop across the scale-out fabric (switches + NIC + software)
  double inter_startup_s = 0;       // pipeline start-up of a scale-out collective
  bool in_switch_reduction = false; // NVLS-like reduction in the scale-up switch
  bool oversubscribed = false;      // the group's traffic crosses oversubscribed uplinks
  double oversubscription = 1;
  bool crossesScaleOut() const { return domains > 1; }
};

class CommFabric {
 public:
  virtual ~CommFabric() = default;
  virtual GroupPlacement place(int size, long long stride) const = 0;
  virtual std::string describe() const = 0;
};

}  // namespace cf
