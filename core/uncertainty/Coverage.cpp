#include "uncertainty/Coverage.h"

#include <algorithm>
#include <cmath>

#include "uncertainty/Distribution.h"
#include "uncertainty/Statistics.h"

namespace cf::uq {

namespace {
double sigmaOf(std::vector<double> absErrors) {
  std::sort(absErrors.begin(), absErrors.end());
  return quantileSorted(absErrors, 0.9) / kZ95;
}
}  // namespace

double bandSigma(std::vector<double> absLogErrors) { return sigmaOf(std::move(absLogErrors)); }

BandCoverage leaveOneOutCoverage(const std::vector<double>& logErrors) {
  BandCoverage c;
  std::vector<double> abs;
  for (double e : logErrors)
    if (std::isfinite(e)) abs.push_back(std::abs(e));
  c.runs = static_cast<int>(abs.size());
  if (abs.size() < 2) return c;
  c.sigma_all = sigmaOf(abs);
  for (std::size_t i = 0; i < abs.size(); ++i) {
    std::vector<double> others = abs;
    others.erase(others.begin() + static_cast<std::ptrdiff_t>(i));
    if (abs[i] <= kZ95 * sigmaOf(others)) ++c.covered;
  }
  c.coverage = double(c.covered) / double(c.runs);
  return c;
}

}  // namespace cf::uq
