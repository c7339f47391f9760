// The three budgets of a rack (power, weight, U) against what its placements
// use, from the catalog: what the elevation's bars and the hall's colours show.
#pragma once
#include "catalog/Catalog.h"
#include "design/Layout.h"

namespace cf {

struct RackBudget {
  double power_kW = 0, power_budget_kW = 0;
  double weight_kg = 0, weight_budget_kg = 0;
  int used_u = 0, units = 42;
  double liquid_fraction = 0;  // share of the heat taken by liquid (from the cooling system)

  bool powerExceeded() const { return power_budget_kW > 0 && power_kW > power_budget_kW + 1e-9; }
  bool weightExceeded() const { return weight_budget_kg > 0 && weight_kg > weight_budget_kg + 1e-9; }
  bool unitsExceeded() const { return used_u > units; }
  bool anyExceeded() const { return powerExceeded() || weightExceeded() || unitsExceeded(); }
  int freeU() const { return units > used_u ? units - used_u : 0; }
  double heatToAir_kW() const { return power_kW * (1.0 - liquid_fraction); }

  static RackBudget of(const Rack& rack, const Catalog& parts);
};

}  // namespace cf
