#include "fabric/LinkOverlay.h"

namespace cf {

LinkOverlay LinkOverlay::fromResult(const topology::Fabric& f, const SimResult& r) {
  LinkOverlay o;
  if (!r.ok() || !r.output->link_loads || r.output->link_loads->size() != f.links().size()) return o;
  o.loads = r.output->link_loads;
  o.values = o.loads->busiest();
  o.source = o.loads->source == LinkLoads::Source::Flow ? Source::Flow : Source::Analytical;
  return o;
}

QString LinkOverlay::caption() const {
  switch (source) {
    case Source::Flow:
      return tr("Link load from the flow simulation: mean utilisation over the step, busier direction "
                "(log scale)");
    case Source::Analytical:
      return tr("Link load from the analytical model (flow simulation off): mean utilisation over the step, "
                "busier direction (log scale)");
    case Source::None: break;
  }
  return {};
}

}  // namespace cf
