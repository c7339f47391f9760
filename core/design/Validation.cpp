#include "design/Validation.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <tuple>

#include "common/JsonReader.h"
#include "design/Climate.h"
#include "design/ClosRules.h"
#include "design/Limits.h"
#include "design/ParallelRules.h"
#include "design/RackFit.h"
#include "design/Remedies.h"
#include "design/Resolved.h"
#include "design/TopologyName.h"

namespace cf {
namespace {

using validation::Checker;
using validation::str;
using validation::fixed;

void checkJob(const Scenario& s, const ResolvedScenario& r, Checker& c) {
  const ModelSpec& m = s.job.model;
  const Parallelism& p = s.job.parallelism;
  // A model whose hidden size is not heads x head size says head_dim (GPT-3 13B: 5,140 = 40 x 128.5 is not an
  // integer, its heads are 128 wide); without it the heads must split hidden evenly.
  if (m.head_dim <= 0 && m.hidden % m.heads != 0) c.error("job.model.heads", "heads-not-divide-hidden", {str(m.heads), str(m.hidden)});
  if (m.kvHeads() > m.heads || m.heads % m.kvHeads() != 0)
    c.error("job.model.kv_heads", "kv-heads-not-divide-heads", {str(m.kvHeads()), str(m.heads)});
  if (m.top_k > m.experts) c.error("job.model.top_k", "top-k-exceeds-experts", {str(m.top_k), str(m.experts)});
  if (m.experts <= 1 && m.shared_experts > 0)
    c.error("job.model.shared_experts", "needs-experts", {"shared_experts=" + str(m.shared_experts)});
  if (m.experts <= 1 && m.moe_max_nodes > 0)
    c.error("job.model.moe_max_nodes", "needs-experts", {"moe_max_nodes=" + str(m.moe_max_nodes)});
  // Multi-head latent attention: its widths only with attention=mla, a key/value latent, no grouped K/V.
  if (!m.mla()) {
    const std::pair<const char*, int> mlaKeys[] = {{"q_lora_rank", m.q_lora_rank},
                                                   {"kv_lora_rank", m.kv_lora_rank},
                                                   {"qk_rope_head_dim", m.qk_rope_head_dim},
                                                   {"v_head_dim", m.v_head_dim}};
    for (const auto& [key, v] : mlaKeys)
      if (v > 0) c.error(std::string("job.model.") + key, "needs-mla", {std::string(key) + "=" + str(v)});
  } else {
    if (m.kv_lora_rank <= 0) c.error("job.model.kv_lora_rank", "mla-needs-kv-lora-rank");
    if (m.kv_heads > 0) c.error("job.model.kv_heads", "mla-kv-heads", {str(m.kv_heads)});
  }
  // Dense first layers and their MLP width: a MoE model's, at least one MoE layer left.
  if (m.experts <= 1 && m.first_dense_layers > 0)
    c.error("job.model.first_dense_layers", "needs-experts", {"first_dense_layers=" + str(m.first_dense_layers)});
  else if (m.first_dense_layers >= m.layers && m.first_dense_layers > 0)
    c.error("job.model.first_dense_layers", "dense-layers-exceed-layers",
            {"first_dense_layers=" + str(m.first_dense_layers), str(m.layers)});
  if (m.dense_ffn_hidden > 0 && m.first_dense_layers <= 0)
    c.error("job.model.dense_ffn_hidden", "needs-first-dense-layers", {"dense_ffn_hidden=" + str(m.dense_ffn_hidden)});
  // The layout rules the search applies too (design/ParallelRules.h).
  const ParallelDims dims = parallelDims(m);
  switch (tpRule(dims, p.tp)) {
    case ParallelRule::TpHeads: c.error("job.parallelism.tp", "tp-not-divide-heads", {str(p.tp), str(m.heads)}); break;
    case ParallelRule::TpKvHeads:
      c.error("job.parallelism.tp", "tp-kv-heads-indivisible", {str(p.tp), str(m.kvHeads())});
      break;
    default: break;
  }
  if (m.ffnHidden() % p.tp != 0) c.error("job.parallelism.tp", "tp-not-divide-ffn", {str(p.tp), str(m.ffnHidden())});
  if (m.firstDenseLayers() > 0 && m.denseFfnHidden() % p.tp != 0)
    c.error("job.parallelism.tp", "tp-not-divide-dense-ffn", {str(p.tp), str(m.denseFfnHidden())});
  const long long micro = microBatchesPerStep(r.global_batch, r.dp, p.micro_batch);
  switch (pipelineRule(dims, p.pp, p.virtual_stages, micro)) {
    case ParallelRule::PpLayers: c.error("job.parallelism.pp", "pp-exceeds-layers", {str(p.pp), str(m.layers)}); break;
    case ParallelRule::InterleaveNeedsPp: c.error("job.parallelism.virtual_stages", "interleave-needs-pp"); break;
    case ParallelRule::VirtualStagesLayers:
      c.error("job.parallelism.virtual_stages", "virtual-stages-exceed-layers",
              {str(p.virtual_stages), str(p.pp), str(m.layers)});
      break;
    case ParallelRule::InterleaveMicroBatches:
      if (batchRule(r.global_batch, r.dp, p.micro_batch) == ParallelRule::Ok)  // else the batch error says it
        c.error("job.parallelism.virtual_stages", "interleave-micro-batches", {str(micro), str(p.pp)});
      break;
    default: break;
  }
  // Zero-bubble schedules (Qi et al. ICLR'24): ZB-H1 on plain stages, ZB-V on two V-shaped chunks a rank.
  // DualPipe (DeepSeek-V3 §3.2.1): two stages a rank by construction, so virtual_stages 1.
  if (p.schedule != "1f1b") {
    const int want = p.schedule == "zb-v" ? 2 : 1;
    if (p.pp < 2) c.error("job.parallelism.schedule", "schedule-needs-pp", {p.schedule});
    else if (p.virtual_stages != want)
      c.error("job.parallelism.virtual_stages", "schedule-virtual-stages", {p.schedule, str(want), str(p.virtual_stages)});
  }
  if (p.schedule == "dualpipe" && p.pp >= 2) {
    switch (dualPipeRule(p.pp, micro)) {
      case ParallelRule::DualPipePp: c.error("job.parallelism.pp", "dualpipe-pp-even", {str(p.pp)}); break;
      case ParallelRule::DualPipeMicroBatches:
        if (batchRule(r.global_batch, r.dp, p.micro_batch) == ParallelRule::Ok)  // else the batch error says it
          c.error("job.parallelism.global_batch", "dualpipe-micro-batches", {str(micro), str(2 * p.pp)});
        break;
      default: break;
    }
  }
  // Uneven stages: the other stages keep at least one layer (virtual_stages with interleaving).
  if (p.first_stage_layers > 0 || p.last_stage_layers > 0) {
    const int others = p.pp - (p.first_stage_layers > 0 ? 1 : 0) - (p.last_stage_layers > 0 ? 1 : 0);
    const int rest = m.layers - p.first_stage_layers - p.last_stage_layers;
    const bool ok = p.pp >= 2 && (others == 0 ? rest == 0 : rest >= others * std::max(1, p.virtual_stages));
    if (!ok)
      c.error(p.first_stage_layers > 0 ? "job.parallelism.first_stage_layers" : "job.parallelism.last_stage_layers",
              "stage-layers-invalid",
              {str(p.first_stage_layers), str(p.last_stage_layers), str(rest), str(others), str(p.pp)});
  }
  if (cpRule(dims, p.cp) != ParallelRule::Ok)
    c.error("job.parallelism.cp", "cp-not-divide-seq", {str(p.cp), str(m.seq_len)});
  switch (epRule(dims, p.ep, r.dp, p.cp)) {
    case ParallelRule::EpNeedsExperts: c.error("job.parallelism.ep", "ep-needs-experts"); break;
    case ParallelRule::EpExperts:
      c.error("job.parallelism.ep", "ep-not-divide-experts", {str(p.ep), str(m.experts)});
      if ((1LL * r.dp * p.cp) % p.ep != 0)
        c.error("job.parallelism.ep", "ep-not-divide-dp-cp", {str(p.ep), str(r.dp * p.cp)});
      break;
    case ParallelRule::EpDpCp: c.error("job.parallelism.ep", "ep-not-divide-dp-cp", {str(p.ep), str(r.dp * p.cp)}); break;
    default: break;
  }
  if (r.gpus_in_use > r.gpus_total) {
    c.error(p.dp > 0 ? "job.parallelism.dp" : "job.parallelism", "gpus-exceed-cluster",
            {str(r.gpus_in_use), str(r.gpus_total)});
  } else if (p.dp == 0 && r.gpus_total % (1LL * p.tp * p.pp * p.cp) != 0) {
    c.warning("job.parallelism", "gpus-idle",
              {str(p.tp * p.pp * p.cp), str(r.gpus_total), str(r.gpus_total - r.gpus_in_use)});
  }
  if (batchRule(r.global_batch, r.dp, p.micro_batch) != ParallelRule::Ok)
    c.error("job.parallelism.global_batch", "global-batch-not-multiple",
            {str(r.global_batch), str(1LL * r.dp * p.micro_batch)});
  if (p.tp > r.domain_size) c.warning("job.parallelism.tp", "tp-beyond-scale-up", {str(p.tp), str(r.domain_size)});
  if (r.peak_tflops <= 0) c.error("job.precision", "precision-unsupported", {s.job.precision, r.accelerator.id});
  const auto& ck = s.job.checkpoint;
  if (!ck.target.empty()) {
    bool found = std::any_of(s.cluster.storage.begin(), s.cluster.storage.end(),
                             [&](const StorageTier& t) { return t.name == ck.target; });
    if (!found) c.error("job.checkpoint.target", "checkpoint-target-unknown", {ck.target});
  }
  // The data loader's tiers (perf/DataLoading.h throws the same when simulate runs).
  if (s.job.data) {
    auto known = [&](const std::string& name) {
      return std::any_of(s.cluster.storage.begin(), s.cluster.storage.end(),
                         [&](const StorageTier& t) { return t.name == name; });
    };
    if (!s.job.data->source.empty() && !known(s.job.data->source))
      c.error("job.data.source", "checkpoint-target-unknown", {s.job.data->source});
    if (!s.job.data->cache_tier.empty() && !known(s.job.data->cache_tier))
      c.error("job.data.cache_tier", "checkpoint-target-unknown", {s.job.data->cache_tier});
  }
}

void checkCluster(const Scenario& s, const ResolvedScenario& r, const Catalog& parts, Checker& c) {
  const Cluster& cl = s.cluster;
  (void)parts;
  if (r.domain_size > r.gpus_total)
    c.warning("cluster.scale_up.domain_size", "domain-exceeds-cluster", {str(r.domain_size), str(r.gpus_total)});
  if (!findClimate(cl.facility.climate)) {
    std::string list;
    for (const auto& k : builtinClimates()) list += (list.empty() ? "" : ", ") + k.name;
    c.error("cluster.facility.climate", "climate-unknown", {cl.facility.climate, list});
  }
  const ScaleOut& so = cl.scale_out;
  if (so.nics_per_node > 0 && so.nic_Gbps <= 0) c.error("cluster.scale_out.nic_Gbps", "nic-speed-missing");
  if (so.nics_per_node == 0 && cl.nodes > 1) c.error("cluster.scale_out.nics_per_node", "no-scale-out-nics", {str(cl.nodes)});
  if (r.switch_radix > kMaxSwitchRadix)
    c.error(so.switch_radix > 0 ? "cluster.scale_out.switch_radix" : "cluster.scale_out.switch", "switch-radix-too-large",
            {str(r.switch_radix), str(kMaxSwitchRadix)});
  if (r.switch_from_catalog && r.fabric_switch.port_Gbps + 1e-9 < so.nic_Gbps)
    c.error("cluster.scale_out.switch", "switch-slower-than-nics",
            {r.fabric_switch.id, fixed(r.fabric_switch.port_Gbps, 0), fixed(so.nic_Gbps, 0)});
  bool clos = isClosTopology(so.topology);
  const long long endpoints = checkedProduct(cl.nodes, so.nics_per_node, "cluster.scale_out.nics_per_node",
                                             "nodes * nics_per_node");
  if (clos && cl.nodes > 1 && r.switch_radix >= 2) {
    long long capacity = maxFabricEndpoints(so.tiers, r.switch_radix, so.oversubscription);
    // A warning, not an error: the fabric model then adds the tier(s) needed and says so.
    if (endpoints > capacity) {
      int needed = tiersNeeded(so.tiers, r.switch_radix, so.oversubscription, endpoints);
      bool fits = maxFabricEndpoints(needed, r.switch_radix, so.oversubscription) >= endpoints;
      std::vector<std::string> args = {str(so.tiers), str(r.switch_radix), str(capacity), str(endpoints)};
      if (fits) {
        args.push_back(str(needed));
        c.warning("cluster.scale_out.tiers", "fabric-ports-exhausted-modelled", args);
      } else {
        c.error("cluster.scale_out.tiers", "fabric-ports-exhausted", args);
        validation::portRemedies(c, parts, so, r, cl.nodes, endpoints);
      }
    }
  }
  for (std::size_t i = 0; i < cl.storage.size(); ++i) {
    const StorageTier& t = cl.storage[i];
    std::string path = indexPath("cluster.storage", i);
    bool local = t.kind == "local-nvme";
    double read = local ? t.read_GBps_per_node : t.read_GBps;
    if (read <= 0)
      c.warning(joinPath(path, local ? "read_GBps_per_node" : "read_GBps"), "storage-no-read-bandwidth", {t.name});
  }
}

void checkLayout(const Scenario& s, const ResolvedScenario& r, const Catalog& parts, Checker& c) {
  long long placedNodes = 0;
  // Node types whose accelerator is not the scenario's: count and the first placement (one warning per type).
  struct Foreign {
    long long count = 0;
    std::string path, name, accelerator;
  };
  std::vector<std::pair<std::string, Foreign>> foreign;
  const double coolingCap_kW = r.cooling.max_rack_kW;
  // The scenario's node counts in its racks' power and weight even when it is
  // not a catalog part (the generic server of an accelerator without one).
  Catalog withNode;
  if (!parts.node(r.node.id)) {
    withNode = parts;
    withNode.nodes.push_back(r.node);
  }
  const Catalog& rackParts = parts.node(r.node.id) ? parts : withNode;
  for (std::size_t si = 0; si < s.layout.sites.size(); ++si) {
    const Site& site = s.layout.sites[si];
    for (std::size_t hi = 0; hi < site.halls.size(); ++hi) {
      const Hall& hall = site.halls[hi];
      for (std::size_t ri = 0; ri < hall.rows.size(); ++ri) {
        const Row& row = hall.rows[ri];
        int prevSlot = 0;
        for (std::size_t ki = 0; ki < row.racks.size(); ++ki) {
          const Rack& rack = row.racks[ki];
          std::string path = "layout.sites[" + std::to_string(si) + "].halls[" + std::to_string(hi) + "].rows[" +
                             std::to_string(ri) + "].racks[" + std::to_string(ki) + "]";
          if (rack.slot > 0 && rack.slot <= prevSlot)
            c.error(joinPath(path, "slot"), "rack-slot-order", {str(rack.slot), row.racks[ki - 1].name, str(prevSlot)});
          prevSlot = rack.slot > prevSlot ? rack.slot : prevSlot + 1;
          const RackPart* rp = parts.rack(rack.part);
          if (!rp) {
            c.error(joinPath(path, "part"), "rack-type-unknown", {rack.part});
            continue;
          }
          double budgetKW = rack.max_power_kW > 0 ? rack.max_power_kW : rp->max_power_kW;
          double budgetKg = rack.max_weight_kg > 0 ? rack.max_weight_kg : rp->max_weight_kg;
          double powerW = 0, weightKg = 0;
          bool coolingWarned = false;
          const Placement* system = nullptr;  // a whole-rack system in this rack
          std::string systemPath;
          // Which placement holds each U of each face (RackFit.h: full-depth parts hold both).
          std::vector<int> front(static_cast<std::size_t>(rp->rack_units) + 1, -1), rear = front;
          for (std::size_t pi = 0; pi < rack.placements.size(); ++pi) {
            const Placement& p = rack.placements[pi];
            std::string ppath = indexPath(joinPath(path, "placements"), pi);
            if (p.kind == "node") {
              ++placedNodes;
              const NodeType* n = parts.node(p.part);
              if (n && n->accelerator != r.accelerator.id) {
                auto it = std::find_if(foreign.begin(), foreign.end(), [&](const auto& f) { return f.first == p.part; });
                if (it == foreign.end()) {
                  foreign.push_back({p.part, Foreign{0, ppath, p.name, n->accelerator}});
                  it = foreign.end() - 1;
                }
                ++it->second.count;
              }
              if (n && !coolingWarned && n->cooling != rp->cooling) {
                coolingWarned = true;
                c.warning(ppath, n->cooling == "liquid" ? "liquid-part-in-air-rack" : "air-part-in-liquid-rack",
                          {p.name, rack.name, rack.part});
              }
            }
            powerW += placementPower_W(p, rackParts);
            weightKg += placementWeight_kg(p, rackParts);
            if (p.height_u == 0) continue;  // zero-U (vertical PDU)
            if (!system && rackSystemOf(p, parts)) system = &p, systemPath = ppath;
            if (p.u + p.height_u - 1 > rp->rack_units) {
              c.error(joinPath(ppath, "u"), "placement-does-not-fit",
                      {p.name, str(p.u), str(p.height_u), str(rp->rack_units)});
              continue;
            }
            const bool both = takesBothFaces(p);
            auto& own = p.face == "rear" ? rear : front;
            auto& other = p.face == "rear" ? front : rear;
            for (int u = p.u; u < p.u + p.height_u; ++u) {
              const auto uu = static_cast<std::size_t>(u);
              // A clash: my face is taken, or I am full depth and a part holds the other face.
              int hit = own[uu] >= 0 ? own[uu] : (both ? other[uu] : -1);
              if (hit >= 0) {
                c.error(joinPath(ppath, "u"), "placement-overlaps",
                        {p.name, rack.placements[static_cast<std::size_t>(hit)].name, str(u)});
                break;
              }
            }
            for (int u = p.u; u < p.u + p.height_u; ++u) {
              const auto uu = static_cast<std::size_t>(u);
              if (own[uu] < 0) own[uu] = static_cast<int>(pi);
              if (both && other[uu] < 0) other[uu] = static_cast<int>(pi);
            }
          }
          if (system)
            for (const Placement& p : rack.placements)
              if (&p != system && p.height_u > 0) {
                c.error(systemPath, "rack-system-shares-rack", {system->name, p.name});
                break;
              }
          if (budgetKW > 0 && powerW / 1000.0 > budgetKW + 1e-9)
            c.error(path, "rack-over-power", {rack.name, fixed(powerW / 1000.0), fixed(budgetKW)});
          else if (coolingCap_kW > 0 && powerW / 1000.0 > coolingCap_kW + 1e-9)
            c.warning(path, "rack-over-cooling",
                      {rack.name, fixed(powerW / 1000.0), fixed(coolingCap_kW), r.cooling.id});
          if (budgetKg > 0 && weightKg > budgetKg + 1e-9)
            c.error(path, "rack-over-weight", {rack.name, fixed(weightKg, 0), fixed(budgetKg, 0)});
        }
      }
    }
  }
  for (const auto& [part, f] : foreign)
    c.warning(f.path, "node-accelerator-mismatch", {str(f.count), part, f.accelerator, r.accelerator.id, f.name});
  if (!s.layout.empty() && placedNodes != s.cluster.nodes)
    c.warning("layout", "layout-node-count", {str(placedNodes), str(s.cluster.nodes)});
}

}  // namespace

std::vector<Issue> validateScenario(const Scenario& s, const Catalog& parts, const std::string& prefix) {
  std::vector<Issue> out;
  Checker c{out, prefix};
  try {
    ResolvedScenario r = resolve(s, parts);
    checkCluster(s, r, parts, c);
    checkJob(s, r, c);
    checkLayout(s, r, parts, c);
    // The engine's own work limits (topology::generate applies the same function).
    if (!hasErrors(out)) checkFabricSize(fabricShape(r));
  } catch (const InputError& e) {
    Issue issue{joinPath(prefix, e.path()), e.message(), Issue::Severity::Error, e.id(), e.args()};
    out.push_back(std::move(issue));
  }
  return out;
}

std::string scenarioIssuePrefix(std::size_t index, std::size_t count) {
  return count > 1 ? indexPath("scenarios", index) : std::string();
}

std::vector<Issue> validateProject(const Project& p) {
  std::vector<Issue> out;
  Catalog parts = p.resolvedParts();
  for (std::size_t i = 0; i < p.scenarios.size(); ++i) {
    auto v = validateScenario(p.scenarios[i], parts, scenarioIssuePrefix(i, p.scenarios.size()));
    out.insert(out.end(), v.begin(), v.end());
  }
  return out;
}

}  // namespace cf
