#include "design/Remedies.h"

#include <algorithm>
#include <cmath>

#include "design/ClosRules.h"
#include "design/Limits.h"
#include "design/NetworkRules.h"
#include "design/Resolved.h"

namespace cf::validation {

// When three tiers of the switch cannot connect the endpoints: the changes
// that would fit, each as its own message on the field to change — the
// smallest catalog switch of more ports (as fast as the NICs), the smallest
// leaf oversubscription of 1.5, 2, 3 or 4, the most NICs per node, more
// planes, and a faster catalog switch whose ports split to the plane speed.
//
// Planes and port splitting (issue 18): a switch ASIC has a fixed switching
// capacity, radix × port speed, and its ports run split ("breakout") at a
// half or a quarter of their speed: the QM9700's 64 NDR ports run as 128
// NDR200 ports, an 800G OSFP port of the SN5600 or a Tomahawk 5 as 2 × 400G
// (vendor data sheets; radix × speed stays 25.6 or 51.2 Tb/s). A multi-plane
// fabric splits every NIC port into P links of nic/P, one per plane
// (design/NetworkRules.h), so each plane's switches run at nic/P with P times
// the ports: the radix the fabric model reads (FabricSpec::radix, "at
// nic_Gbps / planes") is the catalog radix × P. No link runs slower than
// 100 Gb/s (one 100G SerDes lane, the smallest unit 400G and 800G ports split
// into), and no switch has more than kMaxSwitchRadix ports. Each plane still
// carries every NIC, so the endpoints per plane stay nodes × nics_per_node;
// what grows is the reach of three tiers, k·(k/2)·d.
void portRemedies(Checker& c, const Catalog& parts, const ScaleOut& so, const ResolvedScenario& r, long long nodes,
                  long long endpoints) {
  const int radix = r.switch_radix;
  const SwitchPart* best = nullptr;
  for (const SwitchPart& sw : parts.switches)
    if (sw.radix > radix && sw.port_Gbps + 1e-9 >= so.nic_Gbps &&
        maxFabricEndpoints(3, sw.radix, so.oversubscription) >= endpoints && (!best || sw.radix < best->radix))
      best = &sw;
  if (best) c.warning("cluster.scale_out.switch", "fabric-ports-remedy-switch", {best->id, str(best->radix)});
  for (double o : {1.5, 2.0, 3.0, 4.0})
    if (o > so.oversubscription && maxFabricEndpoints(3, radix, o) >= endpoints) {
      c.warning("cluster.scale_out.oversubscription", "fabric-ports-remedy-oversubscription", {fixed(o, 1)});
      break;
    }
  // Fewer NICs that the node's GPUs share evenly: a divisor of the GPUs per
  // node (8 GPUs: 4, 2 or 1 NIC) or a multiple of them (2 NICs a GPU), never
  // 5 NICs for 8 GPUs, which would leave GPUs with and without their own NIC.
  const long long fit = nodes > 0 ? maxFabricEndpoints(3, radix, so.oversubscription) / nodes : 0;
  const int gpusPerNode = std::max(1, r.node.accelerators_per_node);
  long long nics = 0;
  for (long long n = std::min<long long>(fit, so.nics_per_node - 1); n >= 1 && nics == 0; --n)
    if (gpusPerNode % n == 0 || n % gpusPerNode == 0) nics = n;
  if (nics >= 1 && nics < so.nics_per_node)
    c.warning("cluster.scale_out.nics_per_node", "fabric-ports-remedy-nics", {str(nics)});
  constexpr double kMinLink_Gbps = 100;
  constexpr int kMaxPlanesRemedy = 8;  // as many planes as the wizard offers (NICs split at most 8 ways)
  const int planes = std::max(1, so.planes);
  // More planes of the same switch, its ports split by the same factor.
  for (int factor : {2, 4, 8}) {
    const int p = planes * factor;
    const long long k = 1LL * radix * factor;
    if (p > kMaxPlanesRemedy || k > kMaxSwitchRadix || so.nic_Gbps / p + 1e-9 < kMinLink_Gbps) break;
    if (maxFabricEndpoints(3, static_cast<int>(k), so.oversubscription) >= endpoints) {
      c.warning("cluster.scale_out.planes", "fabric-ports-remedy-planes",
                {str(p), fixed(so.nic_Gbps / p, 0), str(k)});
      break;
    }
  }
  // A catalog switch of faster ports, split to the link speed of the planes as they are:
  // the same technology first, then the fewest ports that fit, then the cheapest.
  const double link = so.nic_Gbps / planes;
  const SwitchPart* split = nullptr;
  long long splitK = 0;
  for (const SwitchPart& sw : parts.switches) {
    if (sw.technology == "nvlink" || link < kMinLink_Gbps - 1e-9) continue;
    const double ratio = sw.port_Gbps / link;
    const long long m = std::llround(ratio);
    if (m < 2 || std::abs(ratio - static_cast<double>(m)) > 1e-6 || (m & (m - 1)) != 0) continue;
    const long long k = sw.radix * m;
    if (k > kMaxSwitchRadix || maxFabricEndpoints(3, static_cast<int>(k), so.oversubscription) < endpoints) continue;
    // The technology of the switch chosen first (an InfiniBand fabric stays InfiniBand), then the fewest ports.
    auto key = [&](const SwitchPart& x, long long xk) {
      return std::make_tuple(x.technology != r.fabric_switch.technology, xk, x.price_usd);
    };
    if (!split || key(sw, k) < key(*split, splitK)) {
      split = &sw;
      splitK = k;
    }
  }
  if (split)
    c.warning("cluster.scale_out.switch_radix", "fabric-ports-remedy-radix", {split->id, str(splitK), fixed(link, 0)});
}
}  // namespace cf::validation
