// Monthly climate profiles of the sites users ask about, plus generic ones.
//
// Each profile gives the monthly mean dry-bulb temperature (°C) and the grid's
// carbon intensity (kg CO2 per kWh). The cooling model uses the temperature to
// decide economiser (free-cooling) hours and chiller efficiency. Sources:
// temperatures are rounded climate normals (WMO 1991–2020 where published,
// otherwise national weather services; generic profiles are estimates);
// grid intensities: China national average 0.5703 kg/kWh (MEE, 2023 notice for
// 2022), Singapore 0.412 (EMA 2022), US eGRID 2022 subregions NWPP 0.29 (Oregon)
// and SRVC 0.31 (Virginia), Nordic mix ~0.04 (Nord Pool/EEA, estimate), world
// average ~0.46 (IEA 2023) for the generic profiles.
#pragma once
#include <array>
#include <string>
#include <vector>

namespace cf {

struct ClimateProfile {
  std::string name;                 // lower-case key, e.g. "ulanqab"
  std::string label;                // display name
  std::array<double, 12> temp_C{};  // monthly mean dry-bulb temperature
  bool humid = false;               // humid climates use more evaporative water
  double grid_kgCO2_per_kWh = 0.46;
  std::string source;
};

const std::vector<ClimateProfile>& builtinClimates();
// Case-insensitive lookup; nullptr when unknown.
const ClimateProfile* findClimate(const std::string& name);

}  // namespace cf
