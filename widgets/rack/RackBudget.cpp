#include "rack/RackBudget.h"

#include <algorithm>
#include <vector>

#include "design/RackFit.h"
#include "design/Validation.h"

namespace cf {

RackBudget RackBudget::of(const Rack& rack, const Catalog& parts) {
  RackBudget b;
  const RackPart* rp = parts.rack(rack.part);
  b.units = rp ? rp->rack_units : 42;
  b.power_budget_kW = rack.max_power_kW > 0 ? rack.max_power_kW : (rp ? rp->max_power_kW : 0);
  b.weight_budget_kg = rack.max_weight_kg > 0 ? rack.max_weight_kg : (rp ? rp->max_weight_kg : 0);
  // A U counts as used when either face holds something in it; parts past the top count too.
  std::vector<char> used(static_cast<std::size_t>(std::max(b.units, 1)) + 200, 0);
  for (const Placement& p : rack.placements) {
    b.power_kW += placementPower_W(p, parts) / 1000.0;
    b.weight_kg += placementWeight_kg(p, parts);
    for (int u = std::max(1, p.u); u < p.u + p.height_u && u < static_cast<int>(used.size()); ++u)
      if (!used[static_cast<std::size_t>(u)]) {
        used[static_cast<std::size_t>(u)] = 1;
        ++b.used_u;
      }
  }
  return b;
}

}  // namespace cf
