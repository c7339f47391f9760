#include "design/Validation.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "design/Climate.h"
#include "design/Resolved.h"

namespace cf {
namespace {

std::string fmt(double v, int digits = 1) {
  std::ostringstream s;
  s.setf(std::ios::fixed);
  s.precision(digits);
  s << v;
  return s.str();
}

struct Checker {
  std::vector<Issue>& out;
  std::string prefix;
  void error(const std::string& path, const std::string& msg) {
    out.push_back({joinPath(prefix, path), msg, Issue::Severity::Error});
  }
  void warning(const std::string& path, const std::string& msg) {
    out.push_back({joinPath(prefix, path), msg, Issue::Severity::Warning});
  }
};

void checkJob(const Scenario& s, const ResolvedScenario& r, Checker& c) {
  const ModelSpec& m = s.job.model;
  const Parallelism& p = s.job.parallelism;
  if (m.hidden % m.heads != 0)
    c.error("job.model.heads", std::to_string(m.heads) + " does not divide hidden=" + std::to_string(m.hidden));
  if (m.kvHeads() > m.heads || m.heads % m.kvHeads() != 0)
    c.error("job.model.kv_heads", std::to_string(m.kvHeads()) + " must divide heads=" + std::to_string(m.heads));
  if (m.top_k > m.experts)
    c.error("job.model.top_k", std::to_string(m.top_k) + " exceeds experts=" + std::to_string(m.experts));
  if (m.heads % p.tp != 0)
    c.error("job.parallelism.tp", std::to_string(p.tp) + " does not divide heads=" + std::to_string(m.heads));
  else if (m.kvHeads() % p.tp != 0 && p.tp % m.kvHeads() != 0)
    c.error("job.parallelism.tp", std::to_string(p.tp) + " and kv_heads=" + std::to_string(m.kvHeads()) +
                                      " do not divide one another");
  if (m.ffnHidden() % p.tp != 0)
    c.error("job.parallelism.tp", std::to_string(p.tp) + " does not divide ffn_hidden=" + std::to_string(m.ffnHidden()));
  if (p.pp > m.layers)
    c.error("job.parallelism.pp", std::to_string(p.pp) + " exceeds layers=" + std::to_string(m.layers));
  if (p.virtual_stages > 1) {
    if (p.pp == 1) c.error("job.parallelism.virtual_stages", "interleaving needs pp > 1");
    else if (1LL * p.pp * p.virtual_stages > m.layers)
      c.error("job.parallelism.virtual_stages", std::to_string(p.virtual_stages) + " stages of pp=" +
                                                    std::to_string(p.pp) + " exceed layers=" + std::to_string(m.layers));
  }
  if (m.seq_len % p.cp != 0)
    c.error("job.parallelism.cp", std::to_string(p.cp) + " does not divide seq_len=" + std::to_string(m.seq_len));
  if (m.experts == 1 && p.ep > 1) c.error("job.parallelism.ep", "expert parallelism needs experts > 1");
  if (m.experts > 1) {
    if (m.experts % p.ep != 0)
      c.error("job.parallelism.ep", std::to_string(p.ep) + " does not divide experts=" + std::to_string(m.experts));
    if ((1LL * r.dp * p.cp) % p.ep != 0)
      c.error("job.parallelism.ep", std::to_string(p.ep) + " does not divide dp*cp=" + std::to_string(r.dp * p.cp));
  }
  if (r.gpus_in_use > r.gpus_total) {
    std::string msg = "tp*pp*dp*cp = " + std::to_string(r.gpus_in_use) + " GPUs, more than the cluster's " +
                      std::to_string(r.gpus_total);
    c.error(p.dp > 0 ? "job.parallelism.dp" : "job.parallelism", msg);
  } else if (p.dp == 0 && r.gpus_total % (1LL * p.tp * p.pp * p.cp) != 0) {
    c.warning("job.parallelism", "tp*pp*cp = " + std::to_string(p.tp * p.pp * p.cp) + " does not divide the " +
                                     std::to_string(r.gpus_total) + " GPUs; " +
                                     std::to_string(r.gpus_total - r.gpus_in_use) + " stay idle");
  }
  if (r.global_batch % (1LL * r.dp * p.micro_batch) != 0)
    c.error("job.parallelism.global_batch", std::to_string(r.global_batch) + " is not a multiple of dp*micro_batch=" +
                                                std::to_string(1LL * r.dp * p.micro_batch));
  if (p.tp > r.domain_size)
    c.warning("job.parallelism.tp", std::to_string(p.tp) + " spans beyond the scale-up domain of " +
                                        std::to_string(r.domain_size) + " GPUs; TP traffic crosses the scale-out network");
  if (r.peak_tflops <= 0)
    c.error("job.precision", s.job.precision + " is not supported by " + r.accelerator.id);
  const auto& ck = s.job.checkpoint;
  if (!ck.target.empty()) {
    bool found = std::any_of(s.cluster.storage.begin(), s.cluster.storage.end(),
                             [&](const StorageTier& t) { return t.name == ck.target; });
    if (!found) c.error("job.checkpoint.target", "\"" + ck.target + "\" is not a storage tier of the cluster");
  }
}

void checkCluster(const Scenario& s, const ResolvedScenario& r, const Catalog& parts, Checker& c) {
  const Cluster& cl = s.cluster;
  (void)parts;
  if (r.domain_size > r.gpus_total)
    c.warning("cluster.scale_up.domain_size", std::to_string(r.domain_size) + " exceeds the cluster's " +
                                                  std::to_string(r.gpus_total) + " GPUs");
  if (!findClimate(cl.facility.climate)) {
    std::string list;
    for (const auto& k : builtinClimates()) list += (list.empty() ? "" : ", ") + k.name;
    c.error("cluster.facility.climate", "\"" + cl.facility.climate + "\" is not a known climate (" + list + ")");
  }
  const ScaleOut& so = cl.scale_out;
  if (so.nics_per_node > 0 && so.nic_Gbps <= 0) c.error("cluster.scale_out.nic_Gbps", "must be above 0 when NICs are fitted");
  if (r.switch_from_catalog && r.fabric_switch.port_Gbps + 1e-9 < so.nic_Gbps)
    c.error("cluster.scale_out.switch", r.fabric_switch.id + " has " + fmt(r.fabric_switch.port_Gbps, 0) +
                                            " Gb/s ports, slower than the " + fmt(so.nic_Gbps, 0) + " Gb/s NICs");
  bool clos = so.topology == "fat-tree" || so.topology == "spine-leaf" || so.topology == "rail-optimized";
  long long endpoints = 1LL * cl.nodes * so.nics_per_node;
  if (clos && cl.nodes > 1 && r.switch_radix >= 2) {
    long long capacity = maxFabricEndpoints(so.tiers, r.switch_radix, so.oversubscription);
    // A warning, not an error: the fabric model then adds the tier(s) needed and says so.
    if (endpoints > capacity) {
      int needed = so.tiers;
      while (needed < 3 && maxFabricEndpoints(needed, r.switch_radix, so.oversubscription) < endpoints) ++needed;
      bool fits = maxFabricEndpoints(needed, r.switch_radix, so.oversubscription) >= endpoints;
      std::string msg = "switch ports exhausted: " + std::to_string(so.tiers) + " tier(s) of " +
                        std::to_string(r.switch_radix) + "-port switches connect at most " +
                        std::to_string(capacity) + " NIC ports; the cluster has " + std::to_string(endpoints);
      if (fits) c.warning("cluster.scale_out.tiers", msg + "; the fabric is modelled with " + std::to_string(needed) + " tiers");
      else c.error("cluster.scale_out.tiers", msg + ", more than 3 tiers of this switch can connect");
    }
  }
  for (std::size_t i = 0; i < cl.storage.size(); ++i) {
    const StorageTier& t = cl.storage[i];
    std::string path = indexPath("cluster.storage", i);
    bool local = t.kind == "local-nvme";
    double read = local ? t.read_GBps_per_node : t.read_GBps;
    if (read <= 0)
      c.warning(joinPath(path, local ? "read_GBps_per_node" : "read_GBps"), "tier \"" + t.name + "\" has no read bandwidth");
  }
}

void checkLayout(const Scenario& s, const Catalog& parts, Checker& c) {
  long long placedNodes = 0;
  for (std::size_t si = 0; si < s.layout.sites.size(); ++si) {
    const Site& site = s.layout.sites[si];
    for (std::size_t hi = 0; hi < site.halls.size(); ++hi) {
      const Hall& hall = site.halls[hi];
      for (std::size_t ri = 0; ri < hall.rows.size(); ++ri) {
        const Row& row = hall.rows[ri];
        for (std::size_t ki = 0; ki < row.racks.size(); ++ki) {
          const Rack& rack = row.racks[ki];
          std::string path = "layout.sites[" + std::to_string(si) + "].halls[" + std::to_string(hi) + "].rows[" +
                             std::to_string(ri) + "].racks[" + std::to_string(ki) + "]";
          const RackPart* rp = parts.rack(rack.part);
          if (!rp) {
            c.error(joinPath(path, "part"), "rack type \"" + rack.part + "\" is not in the catalog");
            continue;
          }
          double budgetKW = rack.max_power_kW > 0 ? rack.max_power_kW : rp->max_power_kW;
          double budgetKg = rack.max_weight_kg > 0 ? rack.max_weight_kg : rp->max_weight_kg;
          double powerW = 0, weightKg = 0;
          std::vector<std::pair<int, std::size_t>> front(rp->rack_units + 1, {-1, 0}), rear = front;
          for (std::size_t pi = 0; pi < rack.placements.size(); ++pi) {
            const Placement& p = rack.placements[pi];
            std::string ppath = indexPath(joinPath(path, "placements"), pi);
            if (p.kind == "node") ++placedNodes;
            powerW += placementPower_W(p, parts);
            weightKg += placementWeight_kg(p, parts);
            if (p.height_u == 0) continue;  // zero-U (vertical PDU)
            if (p.u + p.height_u - 1 > rp->rack_units) {
              c.error(joinPath(ppath, "u"), "\"" + p.name + "\" at U" + std::to_string(p.u) + " (" +
                                                std::to_string(p.height_u) + "U) does not fit a " +
                                                std::to_string(rp->rack_units) + "U rack");
              continue;
            }
            // A full-depth part occupies both faces; only rear-mounted half-depth gear uses the rear alone.
            auto& slots = p.face == "rear" ? rear : front;
            for (int u = p.u; u < p.u + p.height_u; ++u) {
              if (slots[u].first >= 0) {
                const Placement& other = rack.placements[slots[u].second];
                c.error(joinPath(ppath, "u"), "\"" + p.name + "\" overlaps \"" + other.name + "\" at U" + std::to_string(u));
                break;
              }
              slots[u] = {1, pi};
            }
          }
          if (budgetKW > 0 && powerW / 1000.0 > budgetKW + 1e-9)
            c.error(path, "\"" + rack.name + "\" draws " + fmt(powerW / 1000.0) + " kW, over its " + fmt(budgetKW) +
                              " kW power budget");
          if (budgetKg > 0 && weightKg > budgetKg + 1e-9)
            c.error(path, "\"" + rack.name + "\" weighs " + fmt(weightKg, 0) + " kg, over its " + fmt(budgetKg, 0) +
                              " kg limit");
        }
      }
    }
  }
  if (!s.layout.empty() && placedNodes != s.cluster.nodes)
    c.warning("layout", std::to_string(placedNodes) + " nodes placed in racks, but the cluster has " +
                            std::to_string(s.cluster.nodes));
}

}  // namespace

double placementPower_W(const Placement& p, const Catalog& parts) {
  if (p.kind == "node") {
    if (const NodeType* n = parts.node(p.part)) {
      if (n->max_power_W > 0) return n->max_power_W;
      const Accelerator* a = parts.accelerator(n->accelerator);
      return n->host_power_W + (a ? a->tdp_W * n->accelerators_per_node : 0);
    }
  } else if (p.kind == "switch") {
    if (const SwitchPart* sw = parts.switchPart(p.part)) return sw->power_W;
  } else if (p.kind == "storage") {
    if (const StoragePart* st = parts.storagePart(p.part)) return st->power_W;
  }
  return 0;
}

double placementWeight_kg(const Placement& p, const Catalog& parts) {
  if (p.kind == "node") {
    if (const NodeType* n = parts.node(p.part)) return n->weight_kg;
  }
  // Switches, storage and PDUs: about 12 kg per U (estimate; catalogs rarely list weight).
  return 12.0 * p.height_u;
}

long long maxFabricEndpoints(int tiers, int radix, double oversubscription) {
  // Leaves split their ports down:up = o:1.
  double down = std::floor(radix * oversubscription / (oversubscription + 1.0));
  double half = radix / 2.0;
  switch (tiers) {
    case 1: return radix;
    case 2: return static_cast<long long>(radix * down);
    default: return static_cast<long long>(radix * half * down);
  }
}

std::vector<Issue> validateScenario(const Scenario& s, const Catalog& parts, const std::string& prefix) {
  std::vector<Issue> out;
  Checker c{out, prefix};
  try {
    ResolvedScenario r = resolve(s, parts);
    checkCluster(s, r, parts, c);
    checkJob(s, r, c);
    checkLayout(s, parts, c);
  } catch (const InputError& e) {
    c.error(e.path(), std::string(e.what()).substr(e.path().empty() ? 0 : e.path().size() + 2));
  }
  return out;
}

std::vector<Issue> validateProject(const Project& p) {
  std::vector<Issue> out;
  Catalog parts = p.resolvedParts();
  for (std::size_t i = 0; i < p.scenarios.size(); ++i) {
    auto v = validateScenario(p.scenarios[i], parts, p.scenarios.size() > 1 ? indexPath("scenarios", i) : "");
    out.insert(out.end(), v.begin(), v.end());
  }
  return out;
}

bool hasErrors(const std::vector<Issue>& issues) {
  return std::any_of(issues.begin(), issues.end(), [](const Issue& i) { return i.severity == Issue::Severity::Error; });
}

}  // namespace cf
