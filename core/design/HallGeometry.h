// Where the rows of a hall stand on its floor, in metres: racks of a
// documented footprint in rows facing each other in pairs across cold
// aisles, back to back across hot aisles, with end aisles at both ends of
// the rows. What the hall view draws (widgets/hall/HallView) and what the
// layout generator reports as the floor it needs (LayoutSummary). Qt-free.
//
// Dimensions (metres), each overridable per hall (Hall::cold_aisle_m, ...;
// docs/scenario-format.md):
// - Rack footprint 0.6 m wide × 1.2 m deep: the 600 mm width of EIA-310 /
//   ETSI cabinets and the 1,200 mm depth of racks for deep GPU servers (the
//   DGX H100 is 897 mm deep; 1,200 mm racks leave room for cables and PDUs at
//   the rear; OCP ORv3 and NVIDIA MGX racks are 600 mm wide). One slot of a
//   row (Rack::slot) is one rack width.
// - Cold aisle 1.2 m: two 600 mm floor tiles, the width ANSI/TIA-942
//   recommends for the aisle the equipment fronts face (air intake) and the
//   hot/cold-aisle arrangement of ASHRAE TC 9.9 ("Thermal Guidelines for Data
//   Processing Environments").
// - Hot aisle 1.0 m: TIA-942's preferred rear service clearance (0.6 m
//   minimum); the rears of two rows share it (exhaust, containment).
// - End aisles 1.2 m at both ends of the rows: circulation pathways of at
//   least 1.2 m (TIA-942, BICSI 002) to move racks in and out.
// Rows face each other in pairs (rows 1 and 2 share a cold aisle, 3 and 4 the
// next...). Aisle k lies before row k (k = 0..rows): odd k are cold, even k
// hot; the first and last aisles are the walls' clearances, of their kind.
#pragma once
#include <vector>

#include "design/Layout.h"

namespace cf {

struct HallGeometry {
  static constexpr double kRackWidth_m = 0.6, kRackDepth_m = 1.2;
  static constexpr double kColdAisle_m = 1.2, kHotAisle_m = 1.0, kEndAisle_m = 1.2;

  struct Aisle {
    double y_m = 0, width_m = 0;
    bool cold = false;
  };
  double rack_width_m = kRackWidth_m, rack_depth_m = kRackDepth_m;
  double cold_aisle_m = kColdAisle_m, hot_aisle_m = kHotAisle_m, end_aisle_m = kEndAisle_m;
  int row_slots = 0;            // rack positions of the longest row (rackPositions)
  std::vector<double> row_y_m;  // each row's edge nearer the hall's start
  std::vector<Aisle> aisles;    // rows + 1 of them, aisle k before row k
  double width_m = 0, depth_m = 0;

  double area_m2() const { return width_m * depth_m; }
  // Left edge of rack position `slot` (1-based) of a row.
  double slotX_m(int slot) const { return end_aisle_m + (slot - 1) * rack_width_m; }
  // Mean distance between rows (a cold and a hot aisle alternate).
  double meanRowPitch_m() const { return rack_depth_m + (cold_aisle_m + hot_aisle_m) / 2; }
};

HallGeometry hallGeometry(const Hall& hall);

}  // namespace cf
