// Blast radius: which GPUs lose scale-out connectivity when one device fails.
//
// A GPU "loses connectivity" when, with the device removed, it is no longer in
// the piece of its scale-out component that holds the most GPU endpoints, or
// that piece holds a single GPU (which then reaches no other GPU)
// (scale-up links do not count: a GPU cut off from the fabric stalls its job
// even if NVLink still reaches its neighbours). Only GPUs with an access link
// are counted.
//
// All devices at once: one depth-first search (Boost depth_first_search,
// Hopcroft-Tarjan low-points). For device v with DFS children c, the subtree of
// c is cut off by v's removal iff low(c) >= disc(v); the pieces are those
// subtrees plus the rest of the component (T - own(v) - sum of cut-off
// subtrees). Lost = T - largest piece. O(V + E): ~0.1 s for 131 K GPUs.
// One device: BFS components of the graph without it (used to cross-check and
// to list the GPUs).
// Scale-up switches: the GPUs of their domain (cut off from their scale-up
// fabric; their scale-out links still work). They are listed in by_kind but do
// not count in max_gpus (the worst scale-out switch failure).
// Closed forms: single-plane Clos, a leaf cuts off its d_1 GPUs, a spine or
// core none (when there are >= 2 spines); with P planes a leaf cuts off none.
#pragma once
#include <cstdint>
#include <vector>

#include "topology/Fabric.h"

namespace cf::topology {

struct KindBlast {
  DeviceKind kind = DeviceKind::Leaf;
  long long devices = 0;
  long long max_gpus = 0;     // worst single failure of this kind
  double mean_gpus = 0;
};

struct BlastRadii {
  std::vector<std::uint32_t> gpus_lost;  // per device; GPUs count themselves; scale-up: their domain
  std::vector<KindBlast> by_kind;        // switches and routers (scale-out), then scale-up switches
  long long max_gpus = 0;                // worst single switch failure
};

BlastRadii blastRadii(const Fabric& f);
// GPU devices cut off by the failure of `device` (sorted).
std::vector<std::uint32_t> gpusCutOffBy(const Fabric& f, std::uint32_t device);

}  // namespace cf::topology
