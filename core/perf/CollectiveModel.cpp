#include "perf/CollectiveModel.h"

#include <algorithm>
#include <cmath>

namespace cf {

double CollectiveModel::collective(double S, const GroupPlacement& g, double factor, bool reduction) {
  if (g.size <= 1 || S <= 0) return 0;
  const double p = g.per_domain, N = g.domains;
  // Scale-up part: the group's ranks inside one domain.
  double intra = 0;
  if (p > 1) {
    bool nvls = reduction && g.in_switch_reduction && factor > 1.5 && S >= kNvlsMinBytes;
    double bw = g.intra_GBps * 1e9 * (nvls ? kNvlsEfficiency : kRingEfficiency);
    intra = factor * (p - 1) / p * S / bw;
  }
  if (N <= 1) return intra + kScaleUpStartup_s;
  // Scale-out part: each GPU carries 1/p of the buffer over its NIC.
  double bw = g.inter_GBps * 1e9 * kNicEfficiency;
  double perGpu = S / p;
  double ring = factor * (N - 1) / N * perGpu / bw + factor * (N - 1) * g.inter_step_latency_s;
  double tree = factor * (N - 1) / N * perGpu / (bw * kTreeBandwidthFactor) +
                factor * std::ceil(std::log2(N)) * g.inter_step_latency_s;
  double inter = std::min(ring, tree);
  return std::max(intra, inter) + g.inter_startup_s;
}

double CollectiveModel::allReduce(double S, const GroupPlacement& g) { return collective(S, g, 2.0, true); }
double CollectiveModel::reduceScatter(double S, const GroupPlacement& g) { return collective(S, g, 1.0, true); }
double CollectiveModel::allGather(double S, const GroupPlacement& g) { return collective(S, g, 1.0, false); }

double CollectiveModel::allToAll(double S, const GroupPlacement& g) {
  if (g.size <= 1 || S <= 0) return 0;
  const double n = g.size, p = g.per_domain;
  double intra = (p - 1) / n * S / (g.intra_GBps * 1e9 * kAllToAllEfficiency);
  if (g.domains <= 1) return intra + kScaleUpStartup_s;
  double inter = (n - p) / n * S / (g.inter_GBps * 1e9 * kAllToAllEfficiency) + g.inter_step_latency_s;
  return std::max(intra, inter) + g.inter_startup_s;
}

double CollectiveModel::sendRecv(double S, const GroupPlacement& g, bool crossing) {
  if (S <= 0) return 0;
  if (!crossing) return S / (g.intra_GBps * 1e9 * kRingEfficiency) + kP2pScaleUpLatency_s;
  return S / (g.inter_GBps * 1e9 * kNicEfficiency) + g.inter_step_latency_s;
}

double CollectiveModel::allReduceBusBandwidth(double S, const GroupPlacement& g) {
  double t = allReduce(S, g);
  if (t <= 0) return 0;
  return S * 2.0 * (g.size - 1) / g.size / t / 1e9;
}

}  // namespace cf
