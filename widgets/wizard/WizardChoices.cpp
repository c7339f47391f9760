#include "wizard/WizardChoices.h"

#include <algorithm>
#include <charconv>

#include "common/InputError.h"
#include "wizard/GeneratedNameText.h"
#include "design/ClosRules.h"
#include "design/Validation.h"
#include "job/ModelPresets.h"

namespace cf {

WizardStorage wizardStorage(const WizardChoices& c) {
  const double gpus = static_cast<double>(std::max<long long>(1, c.gpus));
  return {c.pfs_capacity_PB > 0 ? c.pfs_capacity_PB : gpus * kStorageTBPerGpu / 1000.0,
          c.pfs_read_GBps > 0 ? c.pfs_read_GBps : gpus * kStorageReadGBpsPerGpu};
}

std::string wizardCooling(const WizardChoices& c, const Catalog& parts) {
  if (c.cooling != "auto") return c.cooling;
  const NodeType* node = !c.node_type.empty() ? parts.node(c.node_type) : parts.nodeFor(c.accelerator);
  if (!node) return "air";
  double air_kW = 0;
  for (const CoolingPart& cp : parts.cooling)
    if (cp.kind == "air" && cp.max_rack_kW > 0) {
      air_kW = cp.max_rack_kW;
      break;
    }
  const Accelerator* a = parts.accelerator(node->accelerator);
  const double node_W =
      node->max_power_W > 0 ? node->max_power_W : node->host_power_W + (a ? a->tdp_W * node->accelerators_per_node : 0);
  return node->cooling == "liquid" || (air_kW > 0 && node_W > air_kW * 1000.0) ? "direct-liquid" : "air";
}

bool wizardWantsLiquidNodes(const WizardChoices& c, const Catalog& parts) {
  const std::string cooling = wizardCooling(c, parts);
  return cooling == "direct-liquid" || cooling == "immersion";
}

const NodeType* wizardNode(const WizardChoices& c, const Catalog& parts, bool* coolingMatches) {
  const bool liquid = wizardWantsLiquidNodes(c, parts);
  auto suits = [liquid](const NodeType& n) { return (n.cooling == "liquid") == liquid; };
  const NodeType* node = nullptr;
  if (!c.node_type.empty()) {
    node = parts.node(c.node_type);
  } else {
    for (const NodeType& n : parts.nodes)
      if (n.accelerator == c.accelerator && suits(n)) {
        node = &n;
        break;
      }
    if (!node) node = parts.nodeFor(c.accelerator);
  }
  if (coolingMatches) *coolingMatches = !node || suits(*node);
  return node;
}

namespace {

// The scenario of the answers without its layout: cluster, storage, facility and a job.
Scenario wizardScenario(const WizardChoices& c, const Catalog& parts) {
  const Accelerator* acc = parts.accelerator(c.accelerator);
  if (!acc) throw InputError("cluster.accelerator", "\"" + c.accelerator + "\" is not in the catalog");
  const NodeType* node = wizardNode(c, parts);
  if (!node) throw InputError("cluster.node_type", "no node type for \"" + c.accelerator + "\" in the catalog");

  Scenario s;
  Cluster& cl = s.cluster;
  cl.accelerator = acc->id;
  cl.node_type = node->id;
  cl.accelerators_per_node = std::max(1, node->accelerators_per_node);
  cl.nodes = static_cast<int>(std::max<long long>(1, (c.gpus + cl.accelerators_per_node - 1) / cl.accelerators_per_node));
  cl.scale_up = node->scale_up;
  cl.scale_up.bandwidth_GBps = 0;  // the accelerator's
  ScaleOut& so = cl.scale_out;
  so.nics_per_node = c.nics_per_node > 0 ? c.nics_per_node : std::max(1, node->nics_per_node);
  const NicPart* nic = parts.nic(node->nic);
  so.nic_Gbps = c.nic_Gbps > 0 ? c.nic_Gbps : nic ? nic->port_Gbps : 400;
  so.planes = std::max(1, c.planes);
  so.topology = c.topology;
  so.rail_optimized = c.topology == "rail-optimized";
  so.oversubscription = std::max(1.0, c.oversubscription);
  so.tiers = c.tiers;
  const SwitchPart* chosen = nullptr;
  if (!c.switch_id.empty()) {
    chosen = parts.switchPart(c.switch_id);
    if (!chosen) throw InputError("cluster.scale_out.switch", "\"" + c.switch_id + "\" is not in the catalog");
    so.switch_id = chosen->id;
  }
  so.switch_radix = std::max(0, c.switch_radix);
  if (so.tiers <= 0) {
    const SwitchPart* sw = chosen ? chosen : parts.defaultSwitchFor(so.nic_Gbps);
    const int radix = so.switch_radix > 0 ? so.switch_radix : sw ? sw->radix : 64;
    const long long endpoints = 1LL * cl.nodes * so.nics_per_node;
    so.tiers = tiersNeeded(1, radix, so.oversubscription, endpoints);  // the fewest that connect every NIC
  }
  if (c.topology == "dragonfly" || c.topology == "torus2d" || c.topology == "torus3d") so.tiers = 1;
  if (c.local_nvme) cl.storage.push_back(StorageTier{"nvme", "local-nvme", 25, 10, 30, 0, 0, 0, ""});
  if (c.parallel_fs) {
    const WizardStorage st = wizardStorage(c);
    cl.storage.push_back(StorageTier{"pfs", "parallel-fs", 0, 0, 0, st.read_GBps, st.read_GBps / 2, st.capacity_PB, ""});
  }
  if (c.object_store)
    cl.storage.push_back(StorageTier{"objects", "object-store", 0, 0, 0, 200, 100, c.object_capacity_PB, ""});
  cl.facility.cooling = wizardCooling(c, parts);
  // The catalog system of that kind that removes a whole node's heat per rack
  // (a 120 kW NVL72 needs full cold plates, not the 80 kW hybrid that comes
  // first), the least capable such; none named when the first already does.
  {
    const double node_kW = (node->max_power_W > 0 ? node->max_power_W
                                                  : node->host_power_W + acc->tdp_W * node->accelerators_per_node) /
                           1000.0;
    const CoolingPart* first = nullptr;
    const CoolingPart* enough = nullptr;
    for (const CoolingPart& cp : parts.cooling) {
      if (cp.kind != cl.facility.cooling) continue;
      if (!first) first = &cp;
      if (cp.max_rack_kW >= node_kW && (!enough || cp.max_rack_kW < enough->max_rack_kW)) enough = &cp;
    }
    if (first && enough && first->max_rack_kW < node_kW) cl.facility.cooling_system = enough->id;
  }
  cl.facility.climate = c.climate;

  // The job: the preset's model (the first preset when the name is unknown),
  // TP inside the node (a divisor of the KV heads and of the GPU count) and
  // DP over the rest, or the tp × pp the user set.
  Job& j = s.job;
  const std::vector<ModelPreset>& presets = modelPresets();
  const auto preset = std::find_if(presets.begin(), presets.end(),
                                   [&](const ModelPreset& p) { return p.name == c.model_preset; });
  const ModelPreset& chosenPreset = preset != presets.end() ? *preset : presets.front();
  j.model = chosenPreset.model;
  j.model.preset = chosenPreset.name;
  if (c.parallelism == "manual") {
    j.parallelism.tp = std::clamp(c.tp, 1, 1 << 16);
    j.parallelism.pp = std::clamp(c.pp, 1, 1 << 16);
  } else {
    j.parallelism.tp = std::min(8, cl.accelerators_per_node);
    while (j.parallelism.tp > 1 && (j.model.kvHeads() % j.parallelism.tp || cl.gpus() % j.parallelism.tp)) j.parallelism.tp /= 2;
    j.parallelism.pp = 1;
  }
  // DP automatic (GPUs ÷ tp·pp): the job follows later edits of the node count.
  j.parallelism.dp = 0;
  j.parallelism.micro_batch = 1;
  // Without a pipeline the global batch is automatic too (dp × micro_batch);
  // a pipeline needs micro-batches to fill it: two per stage and replica,
  // pinned (a later node count that does not divide it is named by validation).
  if (j.parallelism.pp > 1) {
    const long long dp = std::max<long long>(1, cl.gpus() / (1LL * j.parallelism.tp * j.parallelism.pp));
    j.parallelism.global_batch = dp * 2 * j.parallelism.pp;
  } else {
    j.parallelism.global_batch = 0;
  }
  j.checkpoint.target = c.parallel_fs ? "pfs" : "";

  s.name = !c.name.empty() ? c.name : generatedScenarioNameText(s).toStdString();
  s.description = generatedScenarioDescription().toStdString();
  return s;
}

}  // namespace

Scenario buildWizardScenario(const WizardChoices& c, const Catalog& parts, LayoutSummary* summary,
                             WizardFabric* fabric) {
  Scenario s = wizardScenario(c, parts);
  // Compute racks first: the fabric's placement (cable lengths, hence DAC,
  // AEC or optics) reads the nodes per rack from the layout. Then the network
  // racks hold exactly the switches of the fabric graph, tier by tier.
  LayoutOptions computeOnly = c.layout;
  computeOnly.network_racks = false;
  computeOnly.storage_racks = false;
  s.layout = generateLayout(s, parts, computeOnly);
  const WizardFabric f = wizardFabric(s, parts);
  LayoutOptions opt = c.layout;
  opt.fabric_switches = {{"leaf", f.leaves}, {"spine", f.spines}, {"core", f.cores}};
  if (!f.routersAreNics) opt.fabric_switches.push_back({"router", f.routers});
  s.layout = generateLayout(s, parts, opt, summary);
  if (fabric) *fabric = f;
  return s;
}

WizardChoices WizardRemedy::applyTo(WizardChoices c) const {
  c.tiers = 0;  // the remedies are sized for three tiers: let the wizard pick the fewest that connect
  switch (kind) {
    case Kind::Switch:
      c.switch_id = value;
      c.switch_radix = 0;  // the new switch's own ports
      break;
    case Kind::Oversubscription: std::from_chars(value.data(), value.data() + value.size(), c.oversubscription); break;
    case Kind::Nics: std::from_chars(value.data(), value.data() + value.size(), c.nics_per_node); break;
    case Kind::Planes:
      std::from_chars(value.data(), value.data() + value.size(), c.planes);
      c.switch_radix = switch_radix;
      break;
    case Kind::Radix:
      c.switch_id = value;
      c.switch_radix = switch_radix;
      break;
  }
  return c;
}

namespace {
int toInt(const std::string& s) {
  int v = 0;
  std::from_chars(s.data(), s.data() + s.size(), v);
  return v;
}

bool sameIssue(const Issue& a, const Issue& b) { return a.id == b.id && a.path == b.path; }
}  // namespace

std::vector<WizardRemedy> wizardRemedies(const WizardChoices& c, const Catalog& parts, Issue* why) {
  const Scenario s = wizardScenario(c, parts);
  const std::vector<Issue> before = validateScenario(s, parts);
  std::vector<WizardRemedy> out;
  for (const Issue& i : before) {
    if (why && i.id == "fabric-ports-exhausted") *why = i;
    if (i.args.empty()) continue;
    WizardRemedy r;
    if (i.id == "fabric-ports-remedy-switch") r.kind = WizardRemedy::Kind::Switch;
    else if (i.id == "fabric-ports-remedy-oversubscription") r.kind = WizardRemedy::Kind::Oversubscription;
    else if (i.id == "fabric-ports-remedy-nics") r.kind = WizardRemedy::Kind::Nics;
    else if (i.id == "fabric-ports-remedy-planes" && i.args.size() >= 3) {
      r.kind = WizardRemedy::Kind::Planes;
      r.switch_radix = toInt(i.args[2]);
    } else if (i.id == "fabric-ports-remedy-radix" && i.args.size() >= 2) {
      r.kind = WizardRemedy::Kind::Radix;
      r.switch_radix = toInt(i.args[1]);
    } else
      continue;
    r.value = i.args.front();
    r.message_id = i.id;
    r.args = i.args;
    // Offered only when it works: the answers it makes validate without an
    // error the answers before did not have, and without the ports running out.
    Scenario fixed;
    try {
      fixed = wizardScenario(r.applyTo(c), parts);
    } catch (const std::exception&) {
      continue;
    }
    bool works = true;
    for (const Issue& after : validateScenario(fixed, parts)) {
      if (after.severity != Issue::Severity::Error) continue;
      const bool old = std::any_of(before.begin(), before.end(), [&](const Issue& b) { return sameIssue(b, after); });
      if (!old || after.id == "fabric-ports-exhausted") works = false;
    }
    if (!works) continue;
    r.tiers = fixed.cluster.scale_out.tiers;
    r.switches = estimateSwitches(fixed, parts);
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace cf
