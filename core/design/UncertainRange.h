// A range a user puts on one input of a scenario ("uncertainty", issue 32;
// docs/scenario-format.md): the key of a number in the scenario
// ("cluster.facility.electricity_usd_per_kWh"), or one of the engine's own
// uncertain inputs ("accelerator.price_usd", "model.performance_error"; see
// core/uncertainty/Inputs.h), with the shape of its distribution and where
// the range comes from. core/uncertainty propagates it.
#pragma once
#include <cmath>
#include <string>

namespace cf {

struct UncertainRange {
  std::string key;
  std::string shape = "uniform";  // uniform | triangular | normal | lognormal
  double low = 0, high = 0;       // the ends (uniform, triangular) or the 5th/95th percentiles
  double mode = NAN;              // triangular: the most likely value (NaN: the midpoint)
  std::string source;             // where the range comes from (shown in reports)
  bool operator==(const UncertainRange& o) const {
    return key == o.key && shape == o.shape && low == o.low && high == o.high &&
           (mode == o.mode || (std::isnan(mode) && std::isnan(o.mode))) && source == o.source;
  }
};

// At most this many ranges in a scenario (the Saltelli design costs N(d + 2) runs).
inline constexpr std::size_t kMaxUncertainRanges = 64;

}  // namespace cf
