#include "perf/StorageModel.h"

#include <algorithm>

#include "design/StorageRules.h"
#include "workload/TransformerWorkload.h"

namespace cf {

StorageModel::StorageModel(const ResolvedScenario& r) {
  if (!r.scenario) return;
  const Scenario& s = *r.scenario;
  loading_ = dataLoadingEstimate(r);
  if (loading_.modelled) {
    dataBytes_ = loading_.bytes_per_node * static_cast<double>(loading_.loading_nodes);
    dataRead_s_ = loading_.load_s;
    dataTier_ = loading_.cache_tier.empty() ? loading_.source_tier : loading_.cache_tier + " + " + loading_.source_tier;
    return;
  }
  dataBytes_ = static_cast<double>(r.global_batch) * s.job.model.seq_len * kTokenBytes;
  const long long nodes = jobNodes(r);
  const StorageTier* local = nullptr;
  const StorageTier* shared = nullptr;
  for (const StorageTier& t : s.cluster.storage) {
    if (t.kind == "local-nvme" && !local && t.read_GBps_per_node > 0) local = &t;
    if (t.kind != "local-nvme" && !shared && t.read_GBps > 0) shared = &t;
  }
  double bw = 0;
  if (local || shared) {
    const StorageTier& t = local ? *local : *shared;
    bw = tierReadGBps(t, nodes, nodeScaleOutGBps(r));  // design/StorageRules.h
    dataTier_ = t.name;
  } else {
    bw = kFallbackWriteGBpsPerNode * nodes;  // a local disk of the same class
    dataTier_ = "(none)";
  }
  dataRead_s_ = dataBytes_ / (std::max(1e-3, bw) * 1e9);
}

CheckpointEstimate checkpointEstimate(const ResolvedScenario& r) {
  CheckpointEstimate e;
  if (!r.scenario) return e;
  const Scenario& s = *r.scenario;
  TransformerWorkload w(s.job.model, parsePrecision(s.job.precision));
  const PrecisionBytes b = w.bytes();
  // The MTP modules (job.model.mtp_depth) are trained weights and are checkpointed too.
  const double mtp = w.mtpParams();
  e.bytes = (mtp > 0 ? w.totalParams() + mtp : w.totalParams()) * (b.weight + b.optimizer);
  e.bytes_per_gpu = e.bytes / std::max<long long>(1, r.gpus_in_use);
  const long long nodes = jobNodes(r);
  const double net = nodeScaleOutGBps(r);
  for (const StorageTier& t : s.cluster.storage) {
    CheckpointTierTime ct;
    ct.tier = t.name;
    ct.kind = t.kind;
    ct.bandwidth_GBps = tierWriteGBps(t, nodes, net);
    ct.write_s = ct.bandwidth_GBps > 0 ? e.bytes / (ct.bandwidth_GBps * 1e9) : 0;
    e.tiers.push_back(ct);
  }
  const CheckpointTimes target = checkpointTimes(r, e.bytes);  // the reliability model's too
  e.target = target.tier.tier;
  e.write_s = target.write_s;
  e.blocking_s = target.blocking_s;
  return e;
}

}  // namespace cf
