// Designs of points in the unit cube [0,1)^d for propagating uncertainty.
//
//  - latinHypercube: n points, each of the d coordinates takes every one of
//    the n equal strata exactly once (McKay, Beckman & Conover 1979), the
//    strata permuted and the point placed in its stratum by Philox4x32-10
//    (Random123) keyed by the seed: the design is a pure function of
//    (n, d, seed), the same on any thread count or machine.
//  - sobolPoints: the first n points of the Sobol' sequence in d dimensions
//    (Boost.Random's sobol engine, Joe-Kuo direction numbers), skipping the
//    origin; used for the Saltelli matrices of the variance-based indices.
// A design is stored row-major: point i, coordinate j at [i * d + j].
#pragma once
#include <cstdint>
#include <vector>

namespace cf::uq {

struct Design {
  std::size_t n = 0, d = 0;
  std::vector<double> u;  // n * d values in (0, 1)
  double at(std::size_t i, std::size_t j) const { return u[i * d + j]; }
};

Design latinHypercube(std::size_t n, std::size_t d, std::uint64_t seed);
Design sobolPoints(std::size_t n, std::size_t d);

}  // namespace cf::uq
