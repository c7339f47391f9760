#include "design/Resolved.h"

#include <algorithm>

#include "common/InputError.h"
#include "common/JsonReader.h"
#include "design/Limits.h"
#include "design/Validation.h"  // engineError: message ids

namespace cf {

ResolvedScenario resolve(const Scenario& s, const Catalog& parts) {
  ResolvedScenario r;
  r.scenario = &s;
  const Cluster& c = s.cluster;
  if (c.accelerator_spec) {
    r.accelerator = *c.accelerator_spec;
  } else if (const Accelerator* a = parts.accelerator(c.accelerator)) {
    r.accelerator = *a;
  } else {
    throw engineError("cluster.accelerator", "part-not-in-catalog", {c.accelerator});
  }

  const NodeType* node = nullptr;
  if (!c.node_type.empty()) {
    node = parts.node(c.node_type);
    if (!node) throw engineError("cluster.node_type", "part-not-in-catalog", {c.node_type});
  } else {
    node = parts.nodeFor(r.accelerator.id);
  }
  if (node) {
    r.node = *node;
    r.node_from_catalog = true;
  } else {
    // No catalog node for this accelerator: a generic 8-way server (estimate).
    r.node.id = "generic-" + r.accelerator.id + "-node";
    r.node.name = "Generic server with " + r.accelerator.id;
    r.node.accelerator = r.accelerator.id;
    r.node.host_power_W = 2500;
    r.node.rack_units = 8;
    r.node.weight_kg = 120;
    r.node.base_price_usd = 60000;
    r.node.annual_failure_rate = 0.05;
    r.node.source = "estimate: generic 8-GPU server";
    r.node.estimated = {"host_power_W", "rack_units", "weight_kg", "base_price_usd", "annual_failure_rate"};
  }
  r.node.accelerators_per_node = c.accelerators_per_node;
  r.node.nics_per_node = c.scale_out.nics_per_node;

  if (!c.scale_out.switch_id.empty()) {
    const SwitchPart* sw = parts.switchPart(c.scale_out.switch_id);
    if (!sw) throw engineError("cluster.scale_out.switch", "part-not-in-catalog", {c.scale_out.switch_id});
    r.fabric_switch = *sw;
    r.switch_from_catalog = true;
  } else if (const SwitchPart* sw = parts.defaultSwitchFor(c.scale_out.nic_Gbps)) {
    r.fabric_switch = *sw;
    r.switch_from_catalog = true;
  } else {
    r.fabric_switch.id = "generic-switch";
    r.fabric_switch.name = "Generic 64-port switch";
    r.fabric_switch.radix = kGenericSwitchRadix;
    r.fabric_switch.port_Gbps = c.scale_out.nic_Gbps;
    r.fabric_switch.source = "estimate";
  }
  r.switch_radix = c.scale_out.switch_radix > 0 ? c.scale_out.switch_radix : r.fabric_switch.radix;

  const Facility& f = c.facility;
  if (!f.cooling_system.empty()) {
    const CoolingPart* cp = parts.coolingPart(f.cooling_system);
    if (!cp) throw engineError("cluster.facility.cooling_system", "part-not-in-catalog", {f.cooling_system});
    if (cp->kind != f.cooling)
      throw engineError("cluster.facility.cooling_system", "cooling-kind-mismatch",
                        {f.cooling_system, cp->kind, f.cooling});
    r.cooling = *cp;
  } else {
    auto it = std::find_if(parts.cooling.begin(), parts.cooling.end(),
                           [&](const CoolingPart& cp) { return cp.kind == f.cooling; });
    if (it == parts.cooling.end())
      throw engineError("cluster.facility.cooling", "cooling-kind-missing", {f.cooling});
    r.cooling = *it;
  }

  r.domain_size = c.scale_up.domain_size > 0 ? c.scale_up.domain_size : c.accelerators_per_node;
  r.scale_up_GBps = c.scale_up.bandwidth_GBps > 0 ? c.scale_up.bandwidth_GBps : r.accelerator.scale_up_GBps;

  const Parallelism& p = s.job.parallelism;
  // Products of counts in 64 bits with overflow detection: tp*pp*cp*dp = 2^64 must not wrap to 0.
  r.gpus_total = checkedProduct(c.nodes, c.accelerators_per_node, "cluster.nodes", "nodes * accelerators_per_node");
  const std::string par = "job.parallelism";
  long long perReplica = checkedProduct(checkedProduct(p.tp, p.pp, par + ".pp", "tp * pp"), p.cp, par + ".cp", "tp * pp * cp");
  long long dp = p.dp > 0 ? p.dp : std::max<long long>(1, r.gpus_total / perReplica);
  if (dp > kMaxDataParallel)
    throw InputError(par + ".dp", "dp = " + std::to_string(dp) + " (the cluster's GPUs / tp*pp*cp) is more than " +
                                      std::to_string(kMaxDataParallel));
  r.dp = static_cast<int>(dp);
  r.gpus_in_use = checkedProduct(perReplica, dp, par + ".dp", "tp * pp * cp * dp");
  r.global_batch = p.global_batch > 0 ? p.global_batch
                                      : checkedProduct(dp, p.micro_batch, par + ".micro_batch", "dp * micro_batch");
  r.peak_tflops = r.accelerator.peak_tflops.forPrecision(s.job.precision);
  return r;
}

}  // namespace cf
