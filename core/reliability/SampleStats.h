// Summary statistics of Monte Carlo samples: mean, standard deviation,
// percentiles (linear interpolation between order statistics, "type 7")
// and the 95 % confidence interval of the mean (normal approximation,
// mean ± 1.96·sd/√n).
#pragma once
#include <nlohmann/json.hpp>

#include <vector>

namespace cf {

struct SampleStats {
  double mean = 0, sd = 0, p5 = 0, p50 = 0, p95 = 0, ci95_lo = 0, ci95_hi = 0;
  std::size_t n = 0;

  static SampleStats of(std::vector<double> samples);
  static double percentile(const std::vector<double>& sorted, double q);
  nlohmann::json toJson(double scale = 1.0) const;
};

}  // namespace cf
