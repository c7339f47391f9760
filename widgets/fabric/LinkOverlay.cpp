#include "LinkOverlay.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace cf {

namespace {

double finiteOr0(double v) { return std::isfinite(v) ? v : 0.0; }

// Oversubscription (down:up) of the switches of `tier` (1 leaf, 2 spine), 1 when unknown.
double oversubscription(const topology::TopologyModel& t, int tier) {
  for (const topology::TierCounts& c : t.analysis.counts.tiers)
    if (c.tier == tier && c.up_Gbps > 0) return c.oversubscription;
  return 1.0;
}

}  // namespace

LinkOverlay LinkOverlay::fromResult(const topology::Fabric& f, const SimResult& r) {
  LinkOverlay o;
  if (!r.ok()) return o;
  const SimOutput& out = *r.output;
  const auto& links = f.links();
  o.values.assign(links.size(), 0.0);
  if (out.network) {
    // Every link's mean utilisation over the step, the busier of its two
    // directions (constraint 2·i and 2·i + 1 of the flow simulation).
    const netsim::StepResult& s = out.network->result.step;
    const double T = s.makespan_s;
    for (std::size_t c = 0; c < s.link_bytes.size() && c / 2 < links.size(); ++c) {
      const double line = c < s.link_line_Bps.size() ? s.link_line_Bps[c] : 0.0;
      const double u = T > 0 && line > 0 ? finiteOr0(s.link_bytes[c] / (line * T)) : 0.0;
      o.values[c / 2] = std::max(o.values[c / 2], u);
    }
    o.source = Source::Flow;
    return o;
  }
  const PerfResult& perf = out.performance.perf;
  const double step = finiteOr0(perf.step_time_s);
  if (step <= 0) return {};
  const StepBreakdown& b = perf.breakdown;
  const double upShare = std::clamp(finiteOr0(b.tp_comm) / step, 0.0, 1.0);
  const double access = std::clamp(
      (finiteOr0(b.dp_comm) + finiteOr0(b.pp_comm) + finiteOr0(b.ep_comm) + finiteOr0(b.cp_comm)) / step, 0.0, 1.0);
  // GPUs under one switch of each tier, from the graph: GPUs / switches of the tier (per plane).
  const double gpus = static_cast<double>(f.gpuCount());
  std::vector<double> switches(5, 0.0);
  for (const auto& d : f.devices())
    if (d.kind != topology::DeviceKind::Gpu && d.kind != topology::DeviceKind::ScaleUpSwitch && d.tier < switches.size())
      switches[d.tier] += 1;
  const double planes = std::max(1, f.info.planes);
  auto tierShare = [&](int tier) {
    if (tier <= 1) return access;
    const double below = switches[static_cast<std::size_t>(tier - 1)] / planes;
    const double under = below > 0 ? gpus / below : gpus;
    const double leaving = gpus > 1 ? std::clamp(1.0 - (under - 1.0) / (gpus - 1.0), 0.0, 1.0) : 0.0;
    // Links above tier t - 1 carry what its switches' oversubscription lets through.
    const double o = out.topology ? std::max(1.0, oversubscription(*out.topology, tier == 2 ? 1 : 2)) : 1.0;
    return std::min(1.0, access * leaving * o);
  };
  for (std::size_t i = 0; i < links.size(); ++i)
    o.values[i] = links[i].kind == topology::LinkKind::ScaleUp ? upShare : tierShare(links[i].tier);
  o.source = Source::Analytical;
  return o;
}

QString LinkOverlay::caption() const {
  switch (source) {
    case Source::Flow: return tr("Link utilisation (flow simulation, mean over the step per link)");
    case Source::Analytical: return tr("Link utilisation (analytical model, per tier)");
    case Source::None: break;
  }
  return {};
}

}  // namespace cf
