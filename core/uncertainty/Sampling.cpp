#include "uncertainty/Sampling.h"

#include <Random123/philox.h>

#include <algorithm>
#include <boost/random/sobol.hpp>
#include <numeric>

namespace cf::uq {

namespace {
// Uniform in (0, 1) from counter (a, b) under key `seed`: 32 random bits, never 0 or 1.
double philoxUniform(std::uint64_t seed, std::uint32_t a, std::uint32_t b, int lane) {
  const r123::Philox4x32::key_type key = {{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}};
  const r123::Philox4x32::ctr_type c = {{a, b, 0x5eed, 0}};
  const auto r = r123::Philox4x32()(c, key);
  return (r.v[lane & 3] + 0.5) * (1.0 / 4294967296.0);
}
}  // namespace

Design latinHypercube(std::size_t n, std::size_t d, std::uint64_t seed) {
  Design out{n, d, std::vector<double>(n * d)};
  std::vector<std::size_t> perm(n);
  for (std::size_t j = 0; j < d; ++j) {
    // Fisher-Yates with counter-based draws: (coordinate j, step k).
    std::iota(perm.begin(), perm.end(), std::size_t{0});
    for (std::size_t k = n; k > 1; --k) {
      const double r = philoxUniform(seed, static_cast<std::uint32_t>(j), static_cast<std::uint32_t>(k), 0);
      const std::size_t pick = std::min(k - 1, static_cast<std::size_t>(r * double(k)));
      std::swap(perm[k - 1], perm[pick]);
    }
    for (std::size_t i = 0; i < n; ++i) {
      const double jitter = philoxUniform(seed ^ 0x9e3779b97f4a7c15ULL, static_cast<std::uint32_t>(j),
                                          static_cast<std::uint32_t>(i), 1);
      out.u[i * d + j] = (double(perm[i]) + jitter) / double(n);
    }
  }
  return out;
}

Design sobolPoints(std::size_t n, std::size_t d) {
  Design out{n, d, std::vector<double>(n * d)};
  if (n == 0 || d == 0) return out;
  boost::random::sobol gen(static_cast<unsigned>(d));
  gen.discard(d);  // the origin (all zeros) is the sequence's first point
  const double scale = 1.0 / (double(gen.max()) + 1.0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < d; ++j) {
      // Centre each value in its dyadic cell so no coordinate is exactly 0.
      out.u[i * d + j] = std::clamp((double(gen()) + 0.5) * scale, 1e-12, 1.0 - 1e-12);
    }
  return out;
}

}  // namespace cf::uq
