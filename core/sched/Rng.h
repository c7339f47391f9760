// Counter-based random numbers for the cluster simulator: Philox4x32-10
// (Random123, as the reliability Monte Carlo uses, core/reliability/
// TrialKernel.h) with key = seed and counter = (draw index, stream, 0, 0).
// Each stream (a job class's arrivals, its sizes, the failures) is a pure
// function of (seed, stream), so changing one class or the policy leaves the
// other streams' draws unchanged (common random numbers across policies and
// cluster sizes).
#pragma once
#include <Random123/philox.h>

#include <cmath>
#include <cstdint>

namespace cf::sched {

class Rng {
 public:
  Rng(std::uint64_t seed, std::uint32_t stream)
      : key_{{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}}, stream_(stream) {}

  // Uniform in (0, 1): 32 random bits, never 0 or 1.
  double uniform() {
    if (used_ == 4) {
      r123::Philox4x32::ctr_type c = {{n_++, stream_, 0, 0}};
      block_ = r123::Philox4x32()(c, key_);
      used_ = 0;
    }
    return (block_.v[used_++] + 0.5) * (1.0 / 4294967296.0);
  }
  double exponential(double mean) { return -mean * std::log(uniform()); }

 private:
  r123::Philox4x32::key_type key_;
  std::uint32_t stream_;
  std::uint32_t n_ = 0;
  r123::Philox4x32::ctr_type block_{};
  int used_ = 4;
};

}  // namespace cf::sched
