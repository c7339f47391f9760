#include "sim/LinkLoad.h"

#include <algorithm>
#include <cmath>

#include "perf/GraphFabric.h"
#include "perf/PerfModel.h"

namespace cf {

using topology::LinkKind;

double LinkLoads::busier(std::size_t link) const {
  if (link >= a_to_z.size()) return 0.0;
  return std::max(a_to_z[link], z_to_a[link]);
}

std::vector<double> LinkLoads::busiest() const {
  std::vector<double> v(a_to_z.size());
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = busier(i);
  return v;
}

namespace {
double finiteOr0(double v) { return std::isfinite(v) ? v : 0.0; }
float toFloat(double v) { return static_cast<float>(std::clamp(finiteOr0(v), 0.0, 1e6)); }
}  // namespace

LinkLoads flowLinkLoads(const topology::Fabric& f, const netsim::StepResult& s) {
  LinkLoads out;
  out.source = LinkLoads::Source::Flow;
  const std::size_t n = f.links().size();
  out.a_to_z.assign(n, 0.0f);
  out.z_to_a.assign(n, 0.0f);
  const double T = s.makespan_s;
  auto util = [&](std::size_t c, double bytes) {
    const double line = c < s.link_line_Bps.size() ? s.link_line_Bps[c] : 0.0;
    return T > 0 && line > 0 ? toFloat(bytes / (line * T)) : 0.0f;
  };
  for (std::size_t c = 0; c < s.link_bytes.size() && c / 2 < n; ++c)
    (c % 2 == 0 ? out.a_to_z : out.z_to_a)[c / 2] = util(c, s.link_bytes[c]);
  for (std::size_t k = 0; k < s.collectives.size() && k < s.link_bytes_by_collective.size(); ++k) {
    LinkLoads::Part part;
    part.label = s.collectives[k].label;
    part.a_to_z.assign(n, 0.0f);
    part.z_to_a.assign(n, 0.0f);
    const std::vector<float>& by = s.link_bytes_by_collective[k];
    for (std::size_t c = 0; c < by.size() && c / 2 < n; ++c)
      (c % 2 == 0 ? part.a_to_z : part.z_to_a)[c / 2] = util(c, by[c]);
    out.parts.push_back(std::move(part));
  }
  return out;
}

LinkLoads analyticalLinkLoads(const topology::Fabric& f, const PerfModel& model, const PerfResult& perf) {
  LinkLoads out;
  out.source = LinkLoads::Source::Analytical;
  const auto& links = f.links();
  const std::size_t n = links.size();
  out.a_to_z.assign(n, 0.0f);
  out.z_to_a.assign(n, 0.0f);
  const double step = finiteOr0(perf.step_time_s);
  if (step <= 0) return out;
  const StepBreakdown& b = perf.breakdown;
  const ParallelConfig& c = perf.config;
  auto share = [step](double s) { return std::clamp(finiteOr0(s) / step, 0.0, 1.0); };

  // The groups of each phase, as the performance model places them.
  const PerfModel::GroupKeys keys = model.groupKeys(c);
  struct Phase {
    const char* label;
    int size;
    long long stride;
    double share;
  };
  const Phase phases[] = {
      {"dp", keys.key[1].size, keys.key[1].stride, share(std::max(perf.dp_raw_s, b.dp_comm))},
      {"pp", keys.key[0].size, keys.key[0].stride, share(b.pp_comm)},
      {"ep", c.ep, 1LL * c.tp * c.cp, share(b.ep_comm)},  // PerfModel::layerTiming's groups
      {"cp", c.cp, c.tp, share(b.cp_comm)},
  };
  const auto* graph = dynamic_cast<const GraphFabric*>(&model.fabric());
  const bool routed = graph && graph->usesGraph();
  double scaleOutShare = 0;
  for (const Phase& p : phases) {
    if (p.size <= 1 || p.share <= 0) continue;
    scaleOutShare += p.share;
    if (!routed) continue;
    std::vector<double> up(n, 0.0), down(n, 0.0);
    graph->addRingUtilisation(f, p.size, p.stride, p.share, up, down);
    LinkLoads::Part part{p.label, std::vector<float>(n), std::vector<float>(n)};
    bool any = false;
    for (std::size_t i = 0; i < n; ++i) {
      part.a_to_z[i] = toFloat(up[i]);
      part.z_to_a[i] = toFloat(down[i]);
      any = any || up[i] > 0 || down[i] > 0;
    }
    if (any) out.parts.push_back(std::move(part));
  }
  if (!routed && scaleOutShare > 0) {
    LinkLoads::Part part{"scale-out", std::vector<float>(n, 0.0f), std::vector<float>(n, 0.0f)};
    const float u = toFloat(std::min(1.0, scaleOutShare));
    for (std::size_t i = 0; i < n; ++i)
      if (links[i].kind != LinkKind::ScaleUp) part.a_to_z[i] = part.z_to_a[i] = u;
    out.parts.push_back(std::move(part));
  }
  const double tp = c.tp > 1 ? share(b.tp_comm) : 0.0;
  if (tp > 0) {
    LinkLoads::Part part{"tp", std::vector<float>(n, 0.0f), std::vector<float>(n, 0.0f)};
    for (std::size_t i = 0; i < n; ++i)
      if (links[i].kind == LinkKind::ScaleUp) part.a_to_z[i] = part.z_to_a[i] = toFloat(tp);
    out.parts.push_back(std::move(part));
  }
  for (const LinkLoads::Part& p : out.parts)
    for (std::size_t i = 0; i < n; ++i) {
      out.a_to_z[i] += p.a_to_z[i];
      out.z_to_a[i] += p.z_to_a[i];
    }
  return out;
}

}  // namespace cf
