#include "reliability/ReliabilityInputs.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "common/InputError.h"
#include "common/SaturatingMath.h"
#include "design/ClosRules.h"
#include "design/Limits.h"
#include "design/StorageRules.h"

namespace cf {

namespace {

constexpr double kSoftwarePerGpuYear = 61.0 / (16384.0 * 54.0 / 365.0);  // Llama 3 Table 5
// Llama 3 Table 5's 35 "network switch/cable" interruptions less the ~10.6 the
// hardware classes below give for that cluster (optics, DAC, switch AFRs):
// switch software/firmware, fabric-manager and cabling-work events.
constexpr double kNetworkOpsPerGpuYear = (35.0 - 10.6) / (16384.0 * 54.0 / 365.0);
constexpr double kCableInterruptShare = 0.2;  // DAC access cables (see header)
// Llama 3 Table 5's causes in the node class (h x 42/48): 32 host maintenance
// (category Unplanned Maintenance) + 2 dependency (Dependency) + 8 of category
// Host (server chassis, IO expansion board, CPU, system memory, 2 each).
constexpr double kNodeHardwareShare = 8.0 / 42.0;
// Optical modules (see the header, "Optical modules"):
constexpr double kOpticHardShare = 0.06;      // module faults that take the link down for good
constexpr double kFabricNotRerouted = 0.25;   // fabric link-downs the job does not ride through
constexpr double kSingleLaneShare = 0.9;      // seeds: 90 % of optical faults are single-lane

// A link part of `kind` whose speed is closest to `Gbps` (exact match first).
const LinkPart* linkFor(const Catalog& parts, const std::string& kind, double Gbps) {
  const LinkPart* best = nullptr;
  for (const LinkPart& l : parts.links) {
    if (l.kind != kind) continue;
    if (!best || std::abs(l.speed_Gbps - Gbps) < std::abs(best->speed_Gbps - Gbps)) best = &l;
  }
  return best;
}

FailureClass make(const std::string& name, const std::string& key, double count, double rate,
                  double interrupt, int nodesLost, double blast, double repair_s, const std::string& src) {
  return {.name = name,
          .rate_key = key,
          .count = count,
          .rate_per_year = rate,
          .interrupt_share = interrupt,
          .blast_radius_gpus = blast,
          .nodes_lost = nodesLost,
          .repair_s = repair_s,
          .source = src};
}

}  // namespace

double ReliabilityInputs::interruptsPerHour() const {
  double s = 0;
  for (const FailureClass& c : classes) s += c.interruptsPerHour();
  return s;
}

double hardwareShare(const FailureClass& c) {
  if (c.name == "software") return 0;
  if (c.name == "node") return kNodeHardwareShare;
  return 1;
}

double hardwareInterruptsPerHour(const std::vector<FailureClass>& classes) {
  double s = 0;
  for (const FailureClass& c : classes) s += hardwareShare(c) * c.interruptsPerHour();
  return s;
}

std::vector<std::string> failureRateKeys() {
  return {"gpu", "hbm", "sram", "sdc", "node", "ssd", "psu", "nic", "optic", "cable", "switch", "software", "network_ops"};
}

ReliabilityInputs defaultInputs(const ResolvedScenario& r, const Catalog& parts, double failure_free_time_s,
                                double checkpoint_bytes_total, double step_time_s) {
  ReliabilityInputs in;
  const Scenario* s = r.scenario;
  const int gpn = std::max(1, r.node.accelerators_per_node);
  in.gpus = r.gpus_in_use;
  in.gpus_per_node = gpn;
  in.nodes = ceilDiv(r.gpus_in_use, gpn);
  in.idle_nodes = std::max(0LL, ceilDiv(r.gpus_total, gpn) - in.nodes);
  in.spare_nodes = in.idle_nodes;
  in.failure_free_time_s = failure_free_time_s;
  in.step_time_s = step_time_s;
  in.checkpoint_bytes = checkpoint_bytes_total;
  if (s) {
    const Parallelism& p = s->job.parallelism;
    in.gpus_per_replica = std::max(1LL, 1LL * p.tp * p.pp * p.cp);
    in.async_checkpoint = s->job.checkpoint.async;
  }

  // Checkpoint write/read: the target tier's bandwidth to the job, the
  // performance model's rule (design/StorageRules.h).
  const CheckpointTimes ck = checkpointTimes(r, checkpoint_bytes_total);
  in.checkpoint_tier = ck.tier.tier;
  if (ck.tier.assumed)
    in.notes.push_back("no checkpoint tier bandwidth: assumed " + std::to_string(int(kFallbackWriteGBpsPerNode)) +
                       " GB/s per node (one local SSD)");
  in.checkpoint_write_s = ck.write_s;
  in.checkpoint_read_s = ck.read_s;
  in.memory_checkpoint_write_s = ck.host_copy_s;
  in.async_blocking_s = in.async_checkpoint ? ck.host_copy_s : 0;

  // Fabric counts (closed forms, see the header): the generator's per-plane
  // counts (design/ClosRules.h) for the job's nodes, tiers added as the
  // generator adds them.
  const ScaleOut so = s ? s->cluster.scale_out : ScaleOut{};
  const long long nicsPerNode = std::max(0, r.node.nics_per_node);
  const long long planes = std::max(1, so.planes);
  const ClosInput ci = closInputOf(r, so, in.nodes, nicsPerNode);
  const ClosPlane plane = closPlane(ci);
  const long long E = planes * plane.endpoints;
  const long long leaves = planes * plane.leaves;
  const long long spines = planes * (plane.spines + plane.cores);
  const long long fabricLinks = planes * plane.fabricLinks();
  in.nics = in.nodes * nicsPerNode;
  in.switches = leaves + spines;
  in.access_links = E;
  in.fabric_links = fabricLinks;
  const bool opticalAccess = ci.rail_optimized;
  const long long accessOptics = opticalAccess ? 2 * E : 0;
  const long long fabricOptics = 2 * fabricLinks;
  in.optics = accessOptics + fabricOptics;

  const double nicGbps = so.nic_Gbps;
  const LinkPart* xcvr = linkFor(parts, "transceiver", nicGbps);
  const LinkPart* dac = linkFor(parts, "dac", nicGbps);
  const double optRate = xcvr ? xcvr->annual_failure_rate : 0.02;
  const double dacRate = dac ? dac->annual_failure_rate : 0.001;
  const NicPart* nic = parts.nic(r.node.nic);
  const double nicRate = nic ? nic->annual_failure_rate : 0.003;
  if (!xcvr) in.notes.push_back("no transceiver in the catalog: optic AFR 0.02 assumed");
  if (!nic) in.notes.push_back("NIC not in the catalog: NIC AFR 0.003 assumed");

  const double g = double(in.gpus), n = double(in.nodes);
  const double a = r.accelerator.annual_failure_rate, h = r.node.annual_failure_rate;
  const std::string t5 = "Llama 3 Table 5 share of the catalog AFR";
  const double day = 86400;
  const int leafNodes = static_cast<int>(std::min<double>(double(plane.nodes_per_leaf), n));
  in.classes = {
      make("gpu", "gpu", g, a * 171.0 / 268, 1, 1, gpn, day, t5),
      make("hbm", "hbm", g, a * 72.0 / 268, 1, 1, gpn, day, t5),
      make("sram", "sram", g, a * 19.0 / 268, 1, 1, gpn, day, t5),
      make("sdc", "sdc", g, a * 6.0 / 268, 1, 1, gpn, day, t5),
      make("node", "node", n, h * 42.0 / 48, 1, 1, gpn, day, t5),
      make("ssd", "ssd", n, h * 3.0 / 48, 1, 1, gpn, day, t5),
      make("psu", "psu", n, h * 3.0 / 48, 1, 1, gpn, day, t5),
      make("nic", "nic", double(in.nics), nicRate, 1, 1, gpn, day, "catalog NIC AFR"),
      make("software", "software", g, kSoftwarePerGpuYear, 1, 0, 0, 0,
           "Llama 3 Table 5: (54 software + 7 NCCL watchdog) / GPU-years"),
      make("network_ops", "network_ops", g, kNetworkOpsPerGpuYear, 1, 0, 0, 0,
           "Llama 3 Table 5: network switch/cable (35) less the modelled hardware, per GPU-year"),
      make("optic_access", "optic", double(accessOptics), optRate, kOpticHardShare, 1, gpn, 2 * 3600.0,
           "catalog transceiver AFR; hard link-down share 0.06 (seeds: ~60/yr on 10K cards at 4 %)"),
      make("cable_access", "cable", opticalAccess ? 0.0 : double(E), dacRate, kCableInterruptShare, 1, gpn,
           2 * 3600.0, "catalog DAC AFR"),
      make("optic_fabric", "optic", double(fabricOptics), optRate, kOpticHardShare * kFabricNotRerouted, 0, 0,
           2 * 3600.0, "catalog transceiver AFR; hard share 0.06 x 0.25 not rerouted in time"),
      make("switch_leaf", "switch", double(leaves), r.fabric_switch.annual_failure_rate, 1, leafNodes,
           leafNodes * double(gpn), 4 * 3600.0, "catalog switch AFR"),
      make("switch_spine", "switch", double(spines), r.fabric_switch.annual_failure_rate, 1, 0, 0, 4 * 3600.0,
           "catalog switch AFR"),
  };
  if (s) applyPolicy(in, s->reliability);
  return in;
}

long long autoSpareNodes(const ReliabilityInputs& in) {
  double m = 0;
  int largest = 0;
  for (const FailureClass& c : in.classes) {
    if (c.nodes_lost <= 0 || !(c.interruptsPerHour() > 0)) continue;
    m += c.interruptsPerHour() / 3600.0 * c.nodes_lost * c.repair_s;
    largest = std::max(largest, c.nodes_lost);
  }
  if (!(m > 0)) return largest;
  // Smallest n with P(N <= n) >= 0.999, N ~ Poisson(m); past m = 10^6 the
  // normal approximation (3.09 σ) is exact enough and keeps the loop short.
  if (m > 1e6) return std::max<long long>(largest, static_cast<long long>(std::ceil(m + 3.09 * std::sqrt(m))));
  double term = std::exp(-m), cdf = term;
  long long n = 0;
  if (term > 0) {
    while (cdf < 0.999) {
      ++n;
      term *= m / double(n);
      cdf += term;
    }
  } else {  // e^-m underflows (m > ~700): start from the normal quantile
    n = static_cast<long long>(std::ceil(m + 3.09 * std::sqrt(m)));
  }
  return std::max<long long>(largest, n);
}

long long sparePool(const ReliabilityInputs& in) {
  if (in.spare_nodes < 0) return -1;
  return in.spares_auto ? std::max(in.spare_nodes, autoSpareNodes(in)) : in.spare_nodes;
}

void applyLaneFaultTolerance(ReliabilityInputs& in) {
  for (FailureClass& c : in.classes)
    if (c.rate_key == "optic") c.interrupt_share *= 1.0 - kSingleLaneShare;
}

void applyPolicy(ReliabilityInputs& in, const ReliabilityPolicy& policy) {
  if (policy.spare_nodes < 0 && policy.spare_nodes != kAutoSpares)
    throw InputError("reliability.spare_nodes", "must be >= 0 or \"auto\"");
  in.spares_auto = policy.spare_nodes == kAutoSpares;
  if (in.spare_nodes >= 0) in.spare_nodes = in.idle_nodes + (in.spares_auto ? 0 : policy.spare_nodes);
  const auto keys = failureRateKeys();
  std::set<std::string> known(keys.begin(), keys.end());
  for (const FailureClass& c : in.classes) known.insert(c.rate_key);
  for (const auto& [key, rate] : policy.failure_rates) {
    const std::string path = "reliability.failure_rates." + key;
    if (!known.count(key)) {
      std::string list;
      for (const auto& k : known) list += list.empty() ? k : ", " + k;
      throw InputError(path, "unknown component class (known: " + list + ")");
    }
    if (!std::isfinite(rate) || rate < 0) throw InputError(path, "must be a finite rate >= 0 (failures per part-year)");
  }
  for (FailureClass& c : in.classes) {
    auto it = policy.failure_rates.find(c.rate_key);
    if (it != policy.failure_rates.end())
      c.rate_per_year = it->second;
    else if (policy.failure_rates_only)
      c.rate_per_year = 0;
  }
}

}  // namespace cf
