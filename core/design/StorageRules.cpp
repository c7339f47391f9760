#include "design/StorageRules.h"

#include <algorithm>

#include "common/InputError.h"
#include "design/NetworkRules.h"
#include "design/Resolved.h"

namespace cf {

long long jobNodes(const ResolvedScenario& r) {
  const int gpn = std::max(1, r.scenario ? r.scenario->cluster.accelerators_per_node : r.node.accelerators_per_node);
  return std::max<long long>(1, (r.gpus_in_use + gpn - 1) / gpn);
}

double nodeScaleOutGBps(const ResolvedScenario& r) {
  if (!r.scenario) return 0;
  return cf::nodeScaleOutGBps(r.scenario->cluster.scale_out, r.fabric_switch.port_Gbps);  // design/NetworkRules.h
}

namespace {
double reach(const StorageTier& t, double perNode, double aggregate, long long nodes, double nodeNet_GBps) {
  if (t.kind == "local-nvme") return std::max(0.0, perNode) * static_cast<double>(nodes);
  const double net = nodeNet_GBps * static_cast<double>(nodes);
  return net > 0 ? std::min(aggregate, net) : aggregate;
}
}  // namespace

double tierWriteGBps(const StorageTier& t, long long nodes, double nodeNet_GBps) {
  return std::max(0.0, reach(t, t.write_GBps_per_node, t.write_GBps, nodes, nodeNet_GBps));
}

double tierReadGBps(const StorageTier& t, long long nodes, double nodeNet_GBps) {
  return std::max(0.0, reach(t, t.read_GBps_per_node, t.read_GBps, nodes, nodeNet_GBps));
}

CheckpointBandwidth checkpointBandwidth(const ResolvedScenario& r) {
  CheckpointBandwidth b;
  const long long nodes = jobNodes(r);
  const double net = nodeScaleOutGBps(r);
  const StorageTier* target = nullptr;
  if (r.scenario) {
    const Scenario& s = *r.scenario;
    const std::vector<StorageTier>& tiers = s.cluster.storage;
    if (!s.job.checkpoint.target.empty()) {
      for (const StorageTier& t : tiers)
        if (t.name == s.job.checkpoint.target) target = &t;
      if (!target)
        throw InputError("job.checkpoint.target", "no storage tier named \"" + s.job.checkpoint.target + "\"",
                         "checkpoint-target-unknown", {s.job.checkpoint.target});
    }
    for (const StorageTier& t : tiers)
      if (!target && t.kind != "local-nvme" && tierWriteGBps(t, nodes, net) > 0) target = &t;
    for (const StorageTier& t : tiers)
      if (!target && tierWriteGBps(t, nodes, net) > 0) target = &t;
  }
  if (target) {
    b.tier = target->name;
    b.write_GBps = tierWriteGBps(*target, nodes, net);
    b.read_GBps = tierReadGBps(*target, nodes, net);
  }
  if (b.write_GBps <= 0) {
    b.assumed = true;
    b.write_GBps = kFallbackWriteGBpsPerNode * static_cast<double>(nodes);
  }
  if (b.read_GBps <= 0) b.read_GBps = b.write_GBps;
  return b;
}

CheckpointTimes checkpointTimes(const ResolvedScenario& r, double bytes) {
  CheckpointTimes t;
  t.tier = checkpointBandwidth(r);
  t.write_s = bytes / (t.tier.write_GBps * 1e9);
  t.read_s = bytes / (t.tier.read_GBps * 1e9);
  t.host_copy_s =
      bytes / static_cast<double>(std::max<long long>(1, r.gpus_in_use)) / (hostCopyGBpsPerGpu(r.node) * 1e9);
  const bool async = r.scenario && r.scenario->job.checkpoint.async;
  t.blocking_s = async ? t.host_copy_s : t.write_s;
  return t;
}

}  // namespace cf
