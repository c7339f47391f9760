#include "design/Climate.h"

#include <algorithm>
#include <cctype>

namespace cf {

const std::vector<ClimateProfile>& builtinClimates() {
  static const std::vector<ClimateProfile> all = {
      {"beijing", "Beijing", {-3.1, 0.2, 6.7, 14.8, 20.8, 24.9, 26.7, 25.5, 20.8, 13.7, 5.0, -0.9}, false, 0.5703,
       "CMA climate normals; grid: China national average (MEE 2023)"},
      {"ulanqab", "Ulanqab (Inner Mongolia)", {-12.5, -8.5, -1.5, 7.0, 14.0, 18.5, 20.5, 18.5, 12.5, 5.0, -3.5, -10.5},
       false, 0.5703, "CMA climate normals (Jining station, rounded); grid: China national average (MEE 2023)"},
      {"guiyang", "Guiyang (Guizhou)", {5.0, 7.0, 11.5, 16.5, 20.0, 22.5, 24.0, 23.5, 21.0, 16.5, 12.0, 7.0}, true,
       0.5703, "CMA climate normals (rounded); grid: China national average (MEE 2023)"},
      {"shanghai", "Shanghai", {4.8, 6.6, 10.4, 15.8, 21.0, 24.8, 29.0, 28.6, 24.8, 19.6, 13.9, 7.6}, true, 0.5703,
       "CMA climate normals; grid: China national average (MEE 2023)"},
      {"singapore", "Singapore", {26.8, 27.3, 27.8, 28.2, 28.5, 28.4, 28.0, 27.9, 27.7, 27.7, 27.1, 26.7}, true, 0.412,
       "Meteorological Service Singapore normals; grid: EMA 2022 average emission factor"},
      {"oregon", "Oregon (Hillsboro/The Dalles)", {5.0, 6.5, 9.0, 11.5, 15.0, 18.0, 21.5, 21.5, 18.5, 13.0, 8.0, 5.0},
       false, 0.29, "NOAA normals (rounded); grid: US EPA eGRID2022 NWPP"},
      {"virginia", "Northern Virginia (Ashburn)", {1.0, 2.5, 7.0, 13.0, 18.0, 23.0, 25.5, 24.5, 20.5, 14.0, 8.0, 3.0},
       true, 0.31, "NOAA normals (Dulles, rounded); grid: US EPA eGRID2022 SRVC"},
      {"nordics", "Nordics (Luleå/Stockholm)", {-5.0, -5.0, -1.5, 4.0, 10.0, 15.0, 17.5, 16.0, 11.0, 5.5, 0.5, -3.0},
       false, 0.04, "SMHI normals (rounded); grid: Nordic mix (estimate from EEA data)"},
      {"temperate", "Temperate (generic)", {2.0, 3.0, 7.0, 11.0, 15.0, 19.0, 21.0, 21.0, 17.0, 12.0, 7.0, 3.0}, false,
       0.46, "estimate: generic mid-latitude profile; grid: world average (IEA 2023)"},
      {"cold", "Cold (generic)", {-10.0, -8.0, -3.0, 3.0, 9.0, 14.0, 17.0, 15.0, 10.0, 3.0, -4.0, -8.0}, false, 0.46,
       "estimate: generic sub-arctic profile; grid: world average (IEA 2023)"},
      {"hot-humid", "Hot and humid (generic)", {24.0, 25.0, 27.0, 28.5, 29.0, 29.0, 29.0, 29.0, 28.5, 28.0, 26.5, 24.5},
       true, 0.46, "estimate: generic tropical profile; grid: world average (IEA 2023)"},
      {"hot-dry", "Hot and dry (generic)", {13.0, 15.0, 19.0, 23.0, 28.0, 33.0, 35.0, 34.0, 31.0, 25.0, 18.0, 13.0},
       false, 0.46, "estimate: generic desert profile (Phoenix-like); grid: world average (IEA 2023)"},
  };
  return all;
}

const ClimateProfile* findClimate(const std::string& name) {
  std::string key = name;
  std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const auto& c : builtinClimates())
    if (c.name == key) return &c;
  return nullptr;
}

}  // namespace cf
