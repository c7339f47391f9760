// Choosing the cable or optics for a link from the catalog, by kind, speed and
// reach (never by id).
//
// Speed class: the slowest catalog speed >= the link speed (a 200G link takes
// a 200G part; with none, the next faster class).
// Location decides the kinds tried, in order (first kind with a part whose
// max_reach_m covers the length wins; the cheapest such part):
//   same rack: dac, aec, aoc, optics;  same row: aec, aoc, optics;
//   beyond the row: optics.
// Optics = two transceivers plus fibre: for each transceiver of the class with
// enough reach, fibre strands needed = 2 x lanes for parallel optics (reach
// <= 500 m: SR/DR) or 2 for WDM duplex optics (FR/LR); the fibre is the catalog
// fibre (kind "fiber", priced per metre) with max_reach_m >= the
// transceiver's reach that costs least for those strands (cables =
// ceil(strands / fibre lanes)). The transceiver+fibre pair of least link price
// (2 x module + cables x length x price per metre) wins.
// Fallback estimate when the catalog has nothing that fits (marked estimated):
//   copper <= 3 m: 0.6 USD/Gbps, 0.0005 W/Gbps per cable;
//   optics: 2.0 USD/Gbps and 0.0225 W/Gbps per transceiver (a 400G DR4 is
//   ~900 USD and 9 W, reference/power-cost.md), fibre 3 USD/m.
#pragma once
#include <string>

#include "catalog/Catalog.h"
#include "topology/Fabric.h"

namespace cf::topology {

enum class Reach { SameRack, SameRow, BeyondRow };

class MediaSelector {
 public:
  explicit MediaSelector(const Catalog& parts) : parts_(parts) {}
  Medium choose(double speed_Gbps, double length_m, Reach where) const;

 private:
  const LinkPart* cheapest(const std::string& kind, double speedClass, double length_m) const;
  bool optics(double speedClass, double length_m, Medium& out) const;
  double speedClass(double speed_Gbps) const;
  const Catalog& parts_;
};

// Price and power of one link over its medium.
double linkPrice_usd(const Medium& m, double length_m);
double linkPower_W(const Medium& m);

// Rebuilds a medium from its ids (imports): prices and powers from the
// catalog when given, the fallback estimate for "estimate-..." parts.
Medium mediumFromIds(const std::string& kind, const std::string& part, const std::string& fiber, int strands,
                     double speed_Gbps, const Catalog* parts);
}  // namespace cf::topology
