#include "reliability/SampleStats.h"

#include <algorithm>
#include <cmath>

namespace cf {

double SampleStats::percentile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double pos = q * double(sorted.size() - 1);
  const auto i = static_cast<std::size_t>(std::floor(pos));
  if (i + 1 >= sorted.size()) return sorted.back();
  return sorted[i] + (pos - double(i)) * (sorted[i + 1] - sorted[i]);
}

SampleStats SampleStats::of(std::vector<double> v) {
  SampleStats s;
  s.n = v.size();
  if (v.empty()) return s;
  double sum = 0;
  for (double x : v) sum += x;  // in trial order: deterministic
  s.mean = sum / double(v.size());
  double ss = 0;
  for (double x : v) ss += (x - s.mean) * (x - s.mean);
  s.sd = v.size() > 1 ? std::sqrt(ss / double(v.size() - 1)) : 0;
  std::sort(v.begin(), v.end());
  s.p5 = percentile(v, 0.05);
  s.p50 = percentile(v, 0.50);
  s.p95 = percentile(v, 0.95);
  const double half = 1.96 * s.sd / std::sqrt(double(v.size()));
  // The normal interval, kept inside the samples' range (a mean of
  // non-negative counts has no negative bound, even from a few trials).
  s.ci95_lo = std::max(s.mean - half, v.front());
  s.ci95_hi = std::min(s.mean + half, v.back());
  return s;
}

nlohmann::json SampleStats::toJson(double k) const {
  return {{"mean", mean * k}, {"sd", sd * k}, {"p5", p5 * k}, {"p50", p50 * k}, {"p95", p95 * k},
          {"ci95", {ci95_lo * k, ci95_hi * k}}};
}

}  // namespace cf
