// Storage figures the other models need: the data read per training step and
// its time from the storage tiers, and the size and write time of a
// training checkpoint on each tier (the failure model calls
// checkpointEstimate).
//
//  - Data: token ids stored as 4-byte integers (Megatron's indexed datasets
//    store int32 once the vocabulary exceeds 65,500; estimate for smaller
//    ones too), read from a local NVMe tier when the cluster has one (the
//    dataset is staged there), else from the first shared tier. The loader
//    prefetches the next step during this one, so only the excess over the
//    step's other work is exposed.
//    When the job describes its data (job.data), perf/DataLoading.h models
//    the loader instead (bytes, CPU, workers, request latency, cache,
//    prefetch) and this class passes its figures on.
//  - Checkpoint: working weights plus optimizer state (master copy and
//    moments): (w + K) bytes per parameter, 2 + 12 = 14 for bf16 Adam
//    (Rajbhandari et al. 2020); every data-parallel replica group writes a
//    disjoint shard (Megatron distributed checkpointing), so writers = all
//    nodes in use. Tier bandwidth, the checkpoint tier and the fallback:
//    design/StorageRules.h (the reliability model uses the same).
//  - Asynchronous checkpointing blocks training only for the copy to host
//    memory over PCIe: kHostCopyGBpsPerGpu (design/StorageRules.h).
#pragma once
#include <string>
#include <vector>

#include "design/Resolved.h"
#include "perf/DataLoading.h"

namespace cf {

struct CheckpointTierTime {
  std::string tier;
  std::string kind;
  double bandwidth_GBps = 0;  // effective aggregate write bandwidth
  double write_s = 0;
};

struct CheckpointEstimate {
  double bytes = 0;           // the whole checkpoint
  double bytes_per_gpu = 0;
  std::vector<CheckpointTierTime> tiers;  // every storage tier of the cluster
  std::string target;         // job.checkpoint.target, or the first shared tier, or the first tier
  double write_s = 0;         // on the target tier
  double blocking_s = 0;      // training stall per checkpoint (write_s, or the host copy when async)
};

class StorageModel {
 public:
  static constexpr double kTokenBytes = 4;

  explicit StorageModel(const ResolvedScenario& r);

  double dataReadSecondsPerStep() const { return dataRead_s_; }
  const std::string& dataTier() const { return dataTier_; }
  // False when the loader does not prefetch (job.data.prefetch_batches = 0):
  // the step then waits for the whole load.
  bool dataOverlapped() const { return loading_.modelled ? loading_.overlapped : true; }
  // The loader model's figures (modelled = false without job.data).
  const DataLoadingEstimate& loading() const { return loading_; }

 private:
  DataLoadingEstimate loading_;
  double dataBytes_ = 0;
  double dataRead_s_ = 0;
  std::string dataTier_;
};

CheckpointEstimate checkpointEstimate(const ResolvedScenario& r);

}  // namespace cf
