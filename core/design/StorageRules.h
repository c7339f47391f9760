// Storage bandwidth rules shared by the performance model (perf/StorageModel:
// data reads, checkpoint size and time) and the reliability model
// (reliability/ReliabilityInputs: checkpoint write and reload times,
// in-memory snapshots). One rule each; before issue 15 the reliability model
// had its own (shared tiers not capped by the network, a 100 GB/s fallback,
// another host-copy constant).
//
//  - A job of n nodes reaches a local tier (local-nvme: per-node figures) at
//    n x the per-node figure, and a shared tier (aggregate figures) at
//    min(tier figure, n x the node's scale-out bandwidth): every node writes
//    its shard over its NICs (Megatron distributed checkpointing), so a small
//    job cannot use a large store's whole bandwidth.
//  - Checkpoint tier: job.checkpoint.target when given (an unknown name
//    throws InputError naming the key); else the first shared tier with write
//    bandwidth, else the first tier with write bandwidth; else none, and one
//    local SSD per node is assumed: kFallbackWriteGBpsPerNode.
//  - Reads (checkpoint reload) use the tier's read figure under the same rule,
//    its write figure when it gives no read figure.
//  - Host copy (device -> host memory, for asynchronous checkpoints and
//    in-memory snapshots): kHostCopyGBpsPerGpu per GPU, all GPUs at once.
#pragma once
#include <string>

#include "catalog/Parts.h"
#include "design/Cluster.h"

namespace cf {

struct ResolvedScenario;

// Device -> host copy over the GPU's PCIe link, per GPU: PCIe Gen4 x16 is
// 32 GB/s per direction raw, ~25 GB/s achieved with pinned host memory
// (cudaMemcpy D2H, NVIDIA bandwidthTest); Gen5 hosts reach ~50. Estimate at
// Gen4 so that every host (and its DRAM, shared by 8 GPUs) keeps up.
constexpr double kHostCopyGBpsPerGpu = 25;
// The node's device -> host rate per GPU: its catalog host_link_GBps (e.g.
// GB200's NVLink-C2C to its Grace CPU), else kHostCopyGBpsPerGpu.
inline double hostCopyGBpsPerGpu(const NodeType& node) {
  return node.host_link_GBps > 0 ? node.host_link_GBps : kHostCopyGBpsPerGpu;
}
// No storage tier with bandwidth: one local NVMe SSD per node (estimate:
// ~2 GB/s sustained writes of a data-centre PCIe Gen4 SSD).
constexpr double kFallbackWriteGBpsPerNode = 2;

// Nodes the job runs on: ⌈gpus_in_use / accelerators_per_node⌉, at least 1.
long long jobNodes(const ResolvedScenario& r);
// Scale-out bandwidth of one node, GB/s (all NICs, all planes, capped by the
// switch ports: design/NetworkRules.h).
double nodeScaleOutGBps(const ResolvedScenario& r);

// Aggregate bandwidth of tier `t` to a job of `nodes` nodes each with
// `nodeNet_GBps` of scale-out (see above); 0 when the tier gives none.
double tierWriteGBps(const StorageTier& t, long long nodes, double nodeNet_GBps);
double tierReadGBps(const StorageTier& t, long long nodes, double nodeNet_GBps);

struct CheckpointBandwidth {
  std::string tier = "(none)";  // the tier's name, "(none)" for the fallback
  double write_GBps = 0;
  double read_GBps = 0;
  bool assumed = false;         // no tier with bandwidth: the fallback
};

// The checkpoint tier of the scenario and its bandwidth to the job (see above).
CheckpointBandwidth checkpointBandwidth(const ResolvedScenario& r);

// A checkpoint of `bytes` (the whole job's) on that tier: the one rule for
// the performance model's estimate (perf/StorageModel.h) and the failure
// model's inputs (reliability/ReliabilityInputs.h).
struct CheckpointTimes {
  CheckpointBandwidth tier;
  double write_s = 0;      // bytes / the tier's write bandwidth to the job
  double read_s = 0;       // bytes / its read bandwidth (the restart's load)
  double host_copy_s = 0;  // each GPU's share copied to host memory (kHostCopyGBpsPerGpu)
  double blocking_s = 0;   // what training stalls per checkpoint: host_copy_s when asynchronous, else write_s
};
CheckpointTimes checkpointTimes(const ResolvedScenario& r, double bytes);

}  // namespace cf
