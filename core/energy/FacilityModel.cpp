#include "energy/FacilityModel.h"

#include <algorithm>

#include "common/InputError.h"

namespace cf {
namespace {

constexpr double kMinFlow = 0.3;  // estimate: fans/pumps at minimum speed draw 30 % of design power

double stageLoss(double load, double rating, double f0, double f1, double f2) {
  if (rating <= 0) return 0;
  return f0 * rating + f1 * load + f2 * load * load / rating;
}

double economiserShare(const CoolingPart& c, double t) {
  if (t <= c.economiser_full_below_C) return 1.0;
  if (t >= c.economiser_none_above_C) return 0.0;
  return (c.economiser_none_above_C - t) / (c.economiser_none_above_C - c.economiser_full_below_C);
}

double chillerCop(const CoolingPart& c, double t) {
  return std::clamp(c.chiller_cop_at_15C - c.chiller_cop_slope_per_C * (t - 15.0), 2.0, 12.0);
}

}  // namespace

const std::vector<std::string>& powerChainKinds() {
  static const std::vector<std::string> kinds = {"double-conversion", "eco-mode", "hvdc"};
  return kinds;
}

double redundancyFactor(const std::string& redundancy) {
  if (redundancy == "2N") return 2.0;
  if (redundancy == "N") return 1.0;
  return 1.25;
}

FacilityPoint facilityAt(double it_kW, double design_it_kW, const std::string& redundancy,
                         const CoolingPart& cooling, double temp_C, const std::string& power_chain) {
  FacilityPoint p;
  p.it_kW = it_kW;
  double design = std::max(design_it_kW, it_kW);
  double ups = design * redundancyFactor(redundancy);
  // UPS / conversion stage by kind (constants and sources in the header).
  if (power_chain == "double-conversion") {
    p.chain.ups_kW = stageLoss(it_kW, ups, 0.010, 0.020, 0.010);
  } else if (power_chain == "eco-mode") {
    p.chain.ups_kW = stageLoss(it_kW, ups, 0.004, 0.004, 0.002);
  } else if (power_chain == "hvdc") {
    constexpr double kHvdcShare = 0.5;  // the other half runs on direct mains
    p.chain.ups_kW = stageLoss(kHvdcShare * it_kW, ups, 0.005, 0.015, 0.010);
  } else {
    std::string list;
    for (const auto& k : powerChainKinds()) list += (list.empty() ? "" : ", ") + k;
    throw InputError("cluster.facility.power_chain", "\"" + power_chain + "\" is not one of " + list);
  }
  p.chain.distribution_kW = stageLoss(it_kW, design, 0.002, 0.0, 0.010);
  p.chain.misc_kW = 0.01 * design;

  double heat = it_kW + p.chain.ups_kW + p.chain.distribution_kW + p.chain.misc_kW;
  double capture = cooling.kind == "immersion" ? 1.0 : cooling.liquid_capture_fraction;
  double liquid = capture * it_kW;
  double air = std::max(0.0, heat - liquid);

  // Fans and pumps keep a minimum speed: 30 % of their design-load power runs whatever the load.
  double designHeat = design * (1.0 + 0.04);
  double designLiquid = capture * design;
  double designAir = designHeat - designLiquid;
  auto withFloor = [](double load, double designLoad) { return kMinFlow * designLoad + (1.0 - kMinFlow) * load; };
  p.cooling.air_fans_kW = cooling.air_fan_kW_per_kW * withFloor(air, designAir);
  double airMech = air * (1.0 - economiserShare(cooling, temp_C));
  double trimShare = std::clamp((temp_C - cooling.liquid_trim_above_C) / 8.0, 0.0, 1.0);
  double liquidMech = liquid * trimShare;
  p.cooling.chiller_kW = (airMech + liquidMech) / chillerCop(cooling, temp_C);
  p.cooling.pumps_kW = cooling.pump_kW_per_kW * withFloor(air + liquid, designHeat);
  // Evaporative water: towers reject the air path's heat plus the chillers' own input.
  p.cooling.water_L_per_h = cooling.water_L_per_kWh * (air + liquidMech + p.cooling.chiller_kW);

  // Transformers carry everything upstream of the UPS.
  double total = heat + p.cooling.total();
  double txRating = design * redundancyFactor(redundancy) * 1.3;  // sized for IT plus mechanical load
  p.chain.transformer_kW = stageLoss(total, txRating, 0.003, 0.0, 0.008);
  return p;
}

FacilityYear facilityYear(double it_kW, double design_it_kW, const std::string& redundancy,
                          const CoolingPart& cooling, const ClimateProfile& climate,
                          const std::string& power_chain) {
  FacilityYear y;
  y.it_kW = it_kW;
  static constexpr int kDays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  double facilityKWh = 0, coolingKWh = 0, water = 0;
  for (int m = 0; m < 12; ++m) {
    y.months[m] = facilityAt(it_kW, design_it_kW, redundancy, cooling, climate.temp_C[m], power_chain);
    y.pue[m] = y.months[m].pue();
    double hours = 24.0 * kDays[m];
    facilityKWh += y.months[m].facility_kW() * hours;
    coolingKWh += y.months[m].cooling.total() * hours;
    water += y.months[m].cooling.water_L_per_h * hours;
  }
  y.facility_kW = facilityKWh / 8760.0;
  y.pue_annual = it_kW > 0 ? y.facility_kW / it_kW : 0;
  y.ppue_cooling = it_kW > 0 ? (it_kW + coolingKWh / 8760.0) / it_kW : 0;
  y.wue_L_per_kWh = it_kW > 0 ? water / (it_kW * 8760.0) : 0;
  return y;
}

}  // namespace cf
