#include "waterfall/Shapley.h"

#include <bit>
#include <stdexcept>

namespace cf {

std::vector<double> shapleyValues(std::size_t n, const std::function<double(std::uint64_t)>& v) {
  if (n > 20) throw std::invalid_argument("shapleyValues: more than 20 players");
  const std::uint64_t subsets = 1ULL << n;
  std::vector<double> value(subsets);
  for (std::uint64_t s = 0; s < subsets; ++s) value[s] = v(s);
  // weight[k] = k! (n − k − 1)! / n!, computed as a product to stay finite.
  std::vector<double> weight(n, 1.0);
  for (std::size_t k = 0; k < n; ++k) {
    double w = 1.0 / static_cast<double>(n);
    // 1 / C(n − 1, k)
    for (std::size_t j = 1; j <= k; ++j) w *= static_cast<double>(j) / static_cast<double>(n - 1 - k + j);
    weight[k] = w;
  }
  std::vector<double> phi(n, 0.0);
  for (std::uint64_t s = 0; s < subsets; ++s)
    for (std::size_t i = 0; i < n; ++i)
      if (!(s >> i & 1)) phi[i] += weight[std::popcount(s)] * (value[s | (1ULL << i)] - value[s]);
  return phi;
}

}  // namespace cf
