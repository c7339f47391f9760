// The physical layout of a design: sites, halls, rows, racks with U slots and
// the parts placed in them. Optional in a scenario: when absent the models
// work from the cluster's counts and `generateLayout` can propose one.
#pragma once
#include <string>
#include <vector>

namespace cf {

struct Placement {
  std::string kind = "node";  // node | switch | pdu | storage | other
  std::string part;           // catalog id
  std::string name;           // label, e.g. "node-017"
  int u = 1;                  // lowest U occupied, 1-based from the bottom
  int height_u = 1;
  std::string face = "front";  // front | rear (zero-U PDUs sit at the rear)
  bool operator==(const Placement&) const = default;
};

struct Rack {
  std::string name;
  std::string part = "Rack-42U-15kW-air";  // catalog rack id (budgets)
  double max_power_kW = 0;   // 0 = the catalog rack's budget
  double max_weight_kg = 0;  // 0 = the catalog rack's budget
  std::vector<Placement> placements;
  // Position in its row, in rack pitches from the row's start (1 = first):
  // 0 = right after the previous rack. Explicit positions leave gaps (an empty
  // floor tile for a future rack, a column, a door); see rackPositions().
  int slot = 0;
  bool operator==(const Rack&) const = default;
};

struct Row {
  std::string name;
  std::vector<Rack> racks;
  bool operator==(const Row&) const = default;
};

// Where each rack of a row stands (1-based rack pitches): its own slot, or the
// one after the previous rack's when it has none or names one already taken.
inline std::vector<int> rackPositions(const Row& row) {
  std::vector<int> out;
  out.reserve(row.racks.size());
  int prev = 0;
  for (const Rack& k : row.racks) {
    prev = k.slot > prev ? k.slot : prev + 1;
    out.push_back(prev);
  }
  return out;
}

struct Hall {
  std::string name;
  std::vector<Row> rows;
  // Aisle widths in metres; 0 = the documented defaults (design/HallGeometry.h:
  // cold 1.2 m, hot 1.0 m). Where the rows stand follows from them.
  double cold_aisle_m = 0;
  double hot_aisle_m = 0;
  bool operator==(const Hall&) const = default;
};

struct Site {
  std::string name;
  std::vector<Hall> halls;
  bool operator==(const Site&) const = default;
};

struct Layout {
  std::vector<Site> sites;
  bool empty() const { return sites.empty(); }
  bool operator==(const Layout&) const = default;
};

}  // namespace cf
