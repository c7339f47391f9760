// Energy of a design: IT power by class, racks, facility power, PUE, water and carbon.
//
// IT power is taken at the training load (accelerator activity from the
// performance model), the facility is designed for the peak IT load (every
// part at its rated power), and the year runs at the training load:
//     energy_MWh_per_year = facility_power_kW × 8760 h / 1000     (exactly)
//     co2_t_per_year      = energy × grid intensity (site profile or facility.grid_kgCO2_per_kWh)
//     CUE                 = grid intensity × PUE
#pragma once
#include <nlohmann/json.hpp>

#include "energy/FacilityModel.h"
#include "energy/ItPower.h"

namespace cf {

struct RackPlan {
  std::string rack_part;
  int nodes_per_rack = 1;
  long long racks = 0;
  double rack_kW = 0;        // per full rack at peak: the rated power of the nodes it holds
  double rack_budget_kW = 0;
  double rack_BTU_per_h = 0;
};

struct EnergyResult {
  ItInventory it;
  double gpu_activity = 1.0;
  double it_train_kW = 0, it_peak_kW = 0, it_idle_kW = 0;
  FacilityYear year;
  double grid_kgCO2_per_kWh = 0;
  double energy_MWh_per_year = 0;
  double co2_t_per_year = 0;
  RackPlan racks;
  std::string climate;
};

// The compute racks: the scenario's layout when it has one (the racks that
// hold nodes, of their most common type), else the layout generator's rule
// (design/LayoutGenerator.h, planComputeRacks): the racks that rack
// elevations draw, so the bill of materials prices what a report shows.
RackPlan planRacks(const ResolvedScenario& r, const Catalog& parts);

EnergyResult computeEnergy(const ResolvedScenario& r, const Catalog& parts, const std::vector<NetworkItem>& network,
                           double gpu_activity);
nlohmann::json energySection(const EnergyResult& e);

// Figures energySection derives, for the views that read the result itself.
// IT power at the training load by class (kW), in the order classes first appear.
std::vector<std::pair<std::string, double>> itPowerByClass_kW(const EnergyResult& e);
double coolingPower_kW(const EnergyResult& e);      // yearly mean
double powerChainLoss_kW(const EnergyResult& e);    // yearly mean (UPS, transformers, distribution)

}  // namespace cf
