#include "LinkOverlay.h"

#include <algorithm>
#include <string>

namespace cf {

namespace {

using J = nlohmann::json;

// "leaf-0-0->gpu-2-4#458" -> 458, or -1.
long long linkIndex(const std::string& name) {
  const auto hash = name.rfind('#');
  if (hash == std::string::npos) return -1;
  try {
    return std::stoll(name.substr(hash + 1));
  } catch (const std::exception&) {
    return -1;
  }
}

void applyHottest(const J& list, std::vector<double>& values) {
  if (!list.is_array()) return;
  for (const J& l : list) {
    const long long i = linkIndex(l.value("link", std::string()));
    if (i < 0 || i >= static_cast<long long>(values.size())) continue;
    // Two directions per link: the overlay shows the busier one.
    values[static_cast<std::size_t>(i)] = std::max(values[static_cast<std::size_t>(i)], l.value("utilization", 0.0));
  }
}

}  // namespace

LinkOverlay LinkOverlay::fromResult(const topology::Fabric& f, const SimResult& r) {
  LinkOverlay o;
  if (!r.ok() || !r.output.contains("performance")) return o;
  const auto& links = f.links();
  o.values.assign(links.size(), 0.0);
  if (r.output.contains("network") && r.output["network"].contains("links")) {
    const J& net = r.output["network"];
    const double up = net["links"].value("scale_up_mean_utilization", 0.0);
    const double out = net["links"].value("scale_out_mean_utilization", 0.0);
    for (std::size_t i = 0; i < links.size(); ++i)
      o.values[i] = links[i].kind == topology::LinkKind::ScaleUp ? up : out;
    applyHottest(net.value("hottest_links", J::array()), o.values);
    applyHottest(net.value("hottest_scale_up_links", J::array()), o.values);
    o.source = Source::Flow;
    return o;
  }
  const J& perf = r.output["performance"];
  const double step = perf.value("step_time_s", 0.0);
  if (step <= 0 || !perf.contains("breakdown_s")) return {};
  const J& b = perf["breakdown_s"];
  const double upShare = std::clamp(b.value("tp_comm", 0.0) / step, 0.0, 1.0);
  const double access = std::clamp(
      (b.value("dp_comm", 0.0) + b.value("pp_comm", 0.0) + b.value("ep_comm", 0.0) + b.value("cp_comm", 0.0)) / step, 0.0, 1.0);
  // GPUs under one switch of each tier, from the graph: GPUs / switches of the tier (per plane).
  const double gpus = static_cast<double>(f.gpuCount());
  std::vector<double> switches(5, 0.0);
  for (const auto& d : f.devices())
    if (d.kind != topology::DeviceKind::Gpu && d.kind != topology::DeviceKind::ScaleUpSwitch && d.tier < switches.size())
      switches[d.tier] += 1;
  const double planes = std::max(1, f.info.planes);
  const J topo = r.output.value("topology", J::object());
  const J over = topo.value("oversubscription_by_tier", J::object());
  auto tierShare = [&](int tier) {
    if (tier <= 1) return access;
    const double below = switches[static_cast<std::size_t>(tier - 1)] / planes;
    const double under = below > 0 ? gpus / below : gpus;
    const double leaving = gpus > 1 ? std::clamp(1.0 - (under - 1.0) / (gpus - 1.0), 0.0, 1.0) : 0.0;
    const double o = std::max(1.0, over.value(tier == 2 ? "leaf" : "spine", 1.0));
    return std::min(1.0, access * leaving * o);
  };
  for (std::size_t i = 0; i < links.size(); ++i)
    o.values[i] = links[i].kind == topology::LinkKind::ScaleUp ? upShare : tierShare(links[i].tier);
  o.source = Source::Analytical;
  return o;
}

QString LinkOverlay::caption() const {
  switch (source) {
    case Source::Flow: return tr("Link utilisation (flow simulation; hottest links, others the mean of their kind)");
    case Source::Analytical: return tr("Link utilisation (analytical model, per tier)");
    case Source::None: break;
  }
  return {};
}

}  // namespace cf
