#include "perf/StorageModel.h"

#include <algorithm>

#include "workload/TransformerWorkload.h"

namespace cf {

namespace {
long long nodesInUse(const ResolvedScenario& r) {
  int gpn = std::max(1, r.scenario ? r.scenario->cluster.accelerators_per_node : r.node.accelerators_per_node);
  return std::max<long long>(1, (r.gpus_in_use + gpn - 1) / gpn);
}
double nodeScaleOutGBps(const ResolvedScenario& r) {
  if (!r.scenario) return 0;
  const ScaleOut& so = r.scenario->cluster.scale_out;
  return so.nics_per_node * so.nic_Gbps / 8.0;
}
}  // namespace

StorageModel::StorageModel(const ResolvedScenario& r) {
  if (!r.scenario) return;
  const Scenario& s = *r.scenario;
  dataBytes_ = static_cast<double>(r.global_batch) * s.job.model.seq_len * kTokenBytes;
  const long long nodes = nodesInUse(r);
  const StorageTier* local = nullptr;
  const StorageTier* shared = nullptr;
  for (const StorageTier& t : s.cluster.storage) {
    if (t.kind == "local-nvme" && !local && t.read_GBps_per_node > 0) local = &t;
    if (t.kind != "local-nvme" && !shared && t.read_GBps > 0) shared = &t;
  }
  double bw = 0;
  if (local) {
    bw = local->read_GBps_per_node * nodes;
    dataTier_ = local->name;
  } else if (shared) {
    bw = shared->read_GBps;
    double net = nodeScaleOutGBps(r) * nodes;
    if (net > 0) bw = std::min(bw, net);
    dataTier_ = shared->name;
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
  e.bytes = w.totalParams() * (b.weight + b.optimizer);
  e.bytes_per_gpu = e.bytes / std::max<long long>(1, r.gpus_in_use);
  const long long nodes = nodesInUse(r);
  const double net = nodeScaleOutGBps(r) * nodes;
  for (const StorageTier& t : s.cluster.storage) {
    CheckpointTierTime ct;
    ct.tier = t.name;
    ct.kind = t.kind;
    if (t.kind == "local-nvme") ct.bandwidth_GBps = t.write_GBps_per_node * nodes;
    else ct.bandwidth_GBps = net > 0 ? std::min(t.write_GBps, net) : t.write_GBps;
    ct.write_s = ct.bandwidth_GBps > 0 ? e.bytes / (ct.bandwidth_GBps * 1e9) : 0;
    e.tiers.push_back(ct);
  }
  const CheckpointTierTime* target = nullptr;
  for (const auto& t : e.tiers)
    if (t.tier == s.job.checkpoint.target) target = &t;
  if (!target)
    for (const auto& t : e.tiers)
      if (t.kind != "local-nvme" && t.bandwidth_GBps > 0 && !target) target = &t;
  if (!target)
    for (const auto& t : e.tiers)
      if (t.bandwidth_GBps > 0 && !target) target = &t;
  if (target) {
    e.target = target->tier;
    e.write_s = target->write_s;
  } else {
    e.target = "(none)";
    e.write_s = e.bytes / (StorageModel::kFallbackWriteGBpsPerNode * nodes * 1e9);
  }
  e.blocking_s = s.job.checkpoint.async ? e.bytes_per_gpu / (StorageModel::kHostCopyGBpsPerGpu * 1e9) : e.write_s;
  return e;
}

}  // namespace cf
