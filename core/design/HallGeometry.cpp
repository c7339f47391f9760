#include "design/HallGeometry.h"

#include <algorithm>

namespace cf {

HallGeometry hallGeometry(const Hall& hall) {
  HallGeometry g;
  if (hall.cold_aisle_m > 0) g.cold_aisle_m = hall.cold_aisle_m;
  if (hall.hot_aisle_m > 0) g.hot_aisle_m = hall.hot_aisle_m;
  for (const Row& r : hall.rows) {
    const std::vector<int> pos = rackPositions(r);
    if (!pos.empty()) g.row_slots = std::max(g.row_slots, pos.back());
  }
  double y = 0;
  for (std::size_t k = 0; k <= hall.rows.size(); ++k) {
    const bool cold = k % 2 == 1;
    const double w = cold ? g.cold_aisle_m : g.hot_aisle_m;
    g.aisles.push_back({y, w, cold});
    y += w;
    if (k < hall.rows.size()) {
      g.row_y_m.push_back(y);
      y += g.rack_depth_m;
    }
  }
  g.depth_m = y;
  g.width_m = 2 * g.end_aisle_m + std::max(1, g.row_slots) * g.rack_width_m;
  return g;
}

}  // namespace cf
