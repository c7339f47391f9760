#include "energy/EnergyModel.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "common/InputError.h"
#include "design/LayoutGenerator.h"
#include "design/Resolved.h"

namespace cf {

RackPlan planRacks(const ResolvedScenario& r, const Catalog& parts) {
  RackPlan plan;
  const ComputeRackPlan rule = planComputeRacks(r, parts);
  plan.rack_part = rule.rack ? rule.rack->id : "generic-rack";
  plan.nodes_per_rack = rule.nodes_per_rack;
  plan.racks = rule.racks;
  plan.rack_budget_kW = rule.budget_kW;
  double node_W = rule.node_W;
  // A drawn layout: its racks that hold nodes.
  std::map<std::string, long long> byPart;
  long long racks = 0;
  int most = 0;
  for (const Site& site : r.scenario->layout.sites)
    for (const Hall& hall : site.halls)
      for (const Row& row : hall.rows)
        for (const Rack& rack : row.racks) {
          const int n = static_cast<int>(std::count_if(rack.placements.begin(), rack.placements.end(),
                                                       [](const Placement& p) { return p.kind == "node"; }));
          if (n == 0) continue;
          ++racks;
          ++byPart[rack.part];
          most = std::max(most, n);
        }
  if (racks > 0) {
    const auto common = std::max_element(byPart.begin(), byPart.end(),
                                         [](const auto& a, const auto& b) { return a.second < b.second; });
    plan.rack_part = common->first;
    plan.racks = racks;
    plan.nodes_per_rack = most;
    if (const RackPart* rp = parts.rack(common->first))
      plan.rack_budget_kW = r.cooling.max_rack_kW > 0 ? std::min(rp->max_power_kW, r.cooling.max_rack_kW) : rp->max_power_kW;
  }
  plan.rack_kW = plan.nodes_per_rack * node_W / 1000.0;
  plan.rack_BTU_per_h = plan.rack_kW * 3412.14;
  return plan;
}

EnergyResult computeEnergy(const ResolvedScenario& r, const Catalog& parts, const std::vector<NetworkItem>& network,
                           double gpu_activity) {
  EnergyResult e;
  const Facility& f = r.scenario->cluster.facility;
  const ClimateProfile* climate = findClimate(f.climate);
  if (!climate) throw InputError("cluster.facility.climate", "\"" + f.climate + "\" is not a known climate");
  e.climate = climate->name;
  e.gpu_activity = std::clamp(gpu_activity, 0.0, 1.0);
  e.it = itInventory(r, parts, network);
  e.it_train_kW = e.it.power_W(e.gpu_activity) / 1000.0;
  e.it_peak_kW = e.it.power_W(1.0) / 1000.0;
  e.it_idle_kW = e.it.power_W(0.0) / 1000.0;
  e.year = facilityYear(e.it_train_kW, e.it_peak_kW, f.power_redundancy, r.cooling, *climate, f.power_chain);
  e.grid_kgCO2_per_kWh = f.grid_kgCO2_per_kWh >= 0 ? f.grid_kgCO2_per_kWh : climate->grid_kgCO2_per_kWh;
  e.energy_MWh_per_year = e.year.facility_kW * 8760.0 / 1000.0;
  e.co2_t_per_year = e.energy_MWh_per_year * e.grid_kgCO2_per_kWh;  // MWh × kg/kWh = t
  e.racks = planRacks(r, parts);
  return e;
}

std::vector<std::pair<std::string, double>> itPowerByClass_kW(const EnergyResult& e) {
  std::vector<std::pair<std::string, double>> byClass;
  for (const auto& l : e.it.lines) {
    double kw = l.power_W(e.gpu_activity) / 1000.0;
    auto it = std::find_if(byClass.begin(), byClass.end(), [&](const auto& c) { return c.first == l.cls; });
    if (it == byClass.end())
      byClass.emplace_back(l.cls, 0.0 + kw);
    else
      it->second = it->second + kw;
  }
  return byClass;
}

double coolingPower_kW(const EnergyResult& e) {
  double cooling = 0;
  for (const auto& m : e.year.months) cooling += m.cooling.total() / 12.0;
  return cooling;
}

double powerChainLoss_kW(const EnergyResult& e) {
  double chain = 0;
  for (const auto& m : e.year.months) chain += m.chain.total() / 12.0;
  return chain;
}

nlohmann::json energySection(const EnergyResult& e) {
  nlohmann::json byClass = nlohmann::json::object();
  for (const auto& [cls, kw] : itPowerByClass_kW(e)) byClass[cls] = kw;
  const FacilityPoint& peakMonth = *std::max_element(
      e.year.months.begin(), e.year.months.end(),
      [](const FacilityPoint& a, const FacilityPoint& b) { return a.facility_kW() < b.facility_kW(); });
  const double chain = powerChainLoss_kW(e), cooling = coolingPower_kW(e);
  return {
      {"it_power_kW", e.it_train_kW},
      {"facility_power_kW", e.year.facility_kW},
      {"pue", e.year.pue_annual},
      {"energy_MWh_per_year", e.energy_MWh_per_year},
      {"co2_t_per_year", e.co2_t_per_year},
      {"it_power_peak_kW", e.it_peak_kW},
      {"it_power_idle_kW", e.it_idle_kW},
      {"gpu_activity", e.gpu_activity},
      {"it_power_by_class_kW", byClass},
      {"power_chain_loss_kW", chain},
      {"cooling_power_kW", cooling},
      {"peak_month_facility_kW", peakMonth.facility_kW()},
      {"monthly_pue", e.year.pue},
      {"ppue_cooling", e.year.ppue_cooling},
      {"wue_L_per_kWh", e.year.wue_L_per_kWh},
      {"cue_kgCO2_per_kWh", e.grid_kgCO2_per_kWh * e.year.pue_annual},
      {"grid_kgCO2_per_kWh", e.grid_kgCO2_per_kWh},
      {"climate", e.climate},
      {"racks", {{"rack", e.racks.rack_part}, {"count", e.racks.racks}, {"nodes_per_rack", e.racks.nodes_per_rack},
                 {"kW_per_rack", e.racks.rack_kW}, {"budget_kW", e.racks.rack_budget_kW},
                 {"BTU_per_h_per_rack", e.racks.rack_BTU_per_h}}},
  };
}

}  // namespace cf
