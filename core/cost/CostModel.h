// Cost of a design: CAPEX from the bill of materials, OPEX, TCO, $/GPU-hour,
// the cost of a training run, $ per million tokens and the cloud break-even.
//
//   CAPEX = accelerators + node systems (base price) + scale-out NICs
//         + network (switches, optics, cables from the fabric BOM)
//         + shared storage blocks + racks
//         + power plant (UPS, switchgear, generators)  $3,000 per kW of design IT load
//         + cooling plant                              cooling system's price_usd_per_kW × design IT load
//   OPEX per year = electricity (facility energy × price)
//         + hardware support                           5 % of IT CAPEX per year
//         + plant maintenance                          3 % of plant CAPEX per year
//         + space                                      $300 per kW of design IT load per year
//   TCO = CAPEX + years × OPEX   (years = facility.amortization_years; no discounting)
//   $/GPU-hour = TCO / (GPUs × years × 8760 h × utilisation)
//   run cost   = wall-clock hours of the run × GPUs in use × $/GPU-hour
//   $/M tokens = run cost / train_tokens × 10^6
//   cloud break-even utilisation u* = TCO / (cloud $/GPU-hour × GPUs × 8760 × years):
//         below u* renting is cheaper, above it owning is.
// Constants are estimates from public ranges (Uptime Institute and JLL data
// centre cost surveys: $7–12 M per MW all-in; support contracts 3–10 %/yr;
// colocation space) and are listed in reports. The default cloud price is
// 1/10,000 of the accelerator's purchase price per hour (H100 $27.5k → $2.75,
// inside the $2.5–3 neocloud range of shared/reference/power-cost.md).
#pragma once
#include <nlohmann/json.hpp>

#include "energy/EnergyModel.h"

namespace cf {

struct CostConstants {
  double power_plant_usd_per_kW = 3000;
  double hardware_support_fraction = 0.05;
  double plant_maintenance_fraction = 0.03;
  double space_usd_per_kW_year = 300;
  double cloud_price_per_purchase_usd = 1e-4;  // $/GPU-hour per $ of accelerator price
};

struct CapexLine {
  std::string item;
  std::string part;
  double count = 0;
  double unit_usd = 0;
  double total() const { return count * unit_usd; }
};

struct CostResult {
  std::vector<CapexLine> capex_lines;
  double capex_usd = 0, it_capex_usd = 0, plant_capex_usd = 0;
  double electricity_usd_per_year = 0, support_usd_per_year = 0, plant_om_usd_per_year = 0, space_usd_per_year = 0;
  double opex_usd_per_year = 0;
  double years = 5;
  double tco_usd = 0;
  double usd_per_gpu_hour = 0;
  double run_hours = 0;
  double run_cost_usd = 0;
  double usd_per_million_tokens = 0;
  double cloud_usd_per_gpu_hour = 0;
  double cloud_breakeven_utilization = 0;  // NaN: owning never breaks even (TCO above renting 100 % of the time)
  double cloud_run_cost_usd = 0;
};

// `run_wall_time_s`: the run's wall-clock time (with failures when the reliability model ran).
CostResult computeCost(const ResolvedScenario& r, const Catalog& parts, const std::vector<NetworkItem>& network,
                       const EnergyResult& energy, double run_wall_time_s, const CostConstants& k = {});
nlohmann::json costSection(const CostResult& c);

}  // namespace cf
