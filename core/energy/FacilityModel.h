// Facility overhead: the power chain and the cooling plant, month by month.
//
// Power chain (structure of APC White Paper 113, "Electrical Efficiency
// Modeling for Data Centers"): each stage loses a no-load part proportional to
// its rating, a part proportional to the load and a square-law part:
//     loss = f0·R + f1·L + f2·L²/R                        (kW)
// Stages and constants (estimates for modern equipment, stated in reports):
//     UPS stage (carries IT), by cluster.facility.power_chain:
//       double-conversion (default):  f0 1.0 %, f1 2.0 %, f2 1.0 %
//           online UPS, ~96 % at full load, ~95.5 % at half load (WP 113's
//           curve shape; modern transformer-less units).
//       eco-mode:                     f0 0.4 %, f1 0.4 %, f2 0.2 %
//           the load runs on the static bypass with the inverter on standby
//           and the rectifier only float-charging; Schneider Electric White
//           Paper 157 ("Eco-mode: Benefits and Risks of Energy-saving Modes
//           of UPS Operation") gives ~98-99 % against ~94-96 % for double
//           conversion. These constants give 99.0 % at full load and 98.7 %
//           at half load. Vendors' "S-ECO"/"ECO conversion" modes (e.g. the
//           Huawei UPS5000-H used in Huawei Cloud halls, ~99 %) are the same class.
//       hvdc:                         half the IT load on direct mains,
//           half through a 240/336 V HVDC rectifier system ("市电直供 +
//           HVDC", the China telecom operators' architecture; HVDC per
//           YD/T 2378), the HVDC sized for the whole load (it must carry
//           it when the mains feed fails). Rectifier stage f0 0.5 %,
//           f1 1.5 %, f2 1.0 % (~97 % at full load, ~96.5 % at half load,
//           typical 240 V HVDC module figures) applied to half the load:
//           the stage loses 1.5 % of IT at full load, ~1.7 % at 2/3 and
//           ~2.5 % at 30 % load (97.5-98.5 % efficient).
//       The PDU, transformer and misc stages below are the same for all
//       three (HVDC saves one server-PSU stage too; not modelled: IT power
//       comes from the parts' own ratings).
//     PDUs and distribution (IT):     f0 0.2 %, f1 0,     f2 1.0 %
//     transformers (whole facility):  f0 0.3 %, f1 0,     f2 0.8 %
//     lighting, security, misc:       1 % of the design IT load, constant
// Redundancy sizes the installed rating R: N → 1×, N+1 → 1.25× (4+1 modules),
// 2N → 2× the design IT load, so a 2N UPS never runs above 50 % and the
// no-load losses weigh more: PUE rises at low load.
//
// Cooling: the heat H = IT + losses inside the hall splits into a liquid part
// c·IT (c = the system's liquid_capture_fraction; 1 for immersion) and an air
// part. Air: CRAH/fan-wall power air_fan_kW_per_kW·H_air, then a chiller
//     P_chiller = H_air·(1 − e(T)) / COP(T),   COP(T) = COP15 − slope·(T − 15), clamped to [2, 12]
// where e(T) is the economiser (free-cooling) share: 1 below
// economiser_full_below_C, 0 above economiser_none_above_C, linear between.
// Liquid loops run warm (ASHRAE W32–W45) on dry coolers and pumps
// (pump_kW_per_kW·H_liq) and need a trim chiller only above
// liquid_trim_above_C (share rising linearly over 8 °C). Pumps and towers of the
// air path: pump_kW_per_kW·H_air. Fans and pumps never stop: 30 % of their
// design-load power is drawn at any load (minimum speeds; estimate), one more
// reason PUE rises at low load. Water: water_L_per_kWh of heat rejected by
// evaporative towers (the chiller/economiser path).
#pragma once
#include <array>
#include <string>
#include <vector>

#include "catalog/Parts.h"
#include "design/Climate.h"

namespace cf {

struct PowerChainLoss {
  double ups_kW = 0, distribution_kW = 0, transformer_kW = 0, misc_kW = 0;
  double total() const { return ups_kW + distribution_kW + transformer_kW + misc_kW; }
};

struct CoolingPower {
  double air_fans_kW = 0, chiller_kW = 0, pumps_kW = 0;
  double water_L_per_h = 0;
  double total() const { return air_fans_kW + chiller_kW + pumps_kW; }
};

struct FacilityPoint {
  double it_kW = 0;
  PowerChainLoss chain;
  CoolingPower cooling;
  double facility_kW() const { return it_kW + chain.total() + cooling.total(); }
  double pue() const { return it_kW > 0 ? facility_kW() / it_kW : 0; }
};

double redundancyFactor(const std::string& redundancy);  // N 1, N+1 1.25, 2N 2

// The UPS / conversion kinds of cluster.facility.power_chain (see above); the first is the default.
const std::vector<std::string>& powerChainKinds();

// Facility power at IT load `it_kW` for a hall designed for `design_it_kW`, at outdoor temperature `temp_C`.
// `power_chain` is one of powerChainKinds(); an unknown kind throws InputError naming
// cluster.facility.power_chain.
FacilityPoint facilityAt(double it_kW, double design_it_kW, const std::string& redundancy,
                         const CoolingPart& cooling, double temp_C,
                         const std::string& power_chain = "double-conversion");

struct FacilityYear {
  std::array<FacilityPoint, 12> months;
  std::array<double, 12> pue{};
  double it_kW = 0;
  double facility_kW = 0;  // annual mean
  double pue_annual = 0;   // energy-weighted: mean facility / IT
  double ppue_cooling = 0; // partial PUE of cooling: (IT + cooling) / IT
  double wue_L_per_kWh = 0;
};

FacilityYear facilityYear(double it_kW, double design_it_kW, const std::string& redundancy,
                          const CoolingPart& cooling, const ClimateProfile& climate,
                          const std::string& power_chain = "double-conversion");

}  // namespace cf
