// Estimators over the outputs of a propagation run.
//
//  - summarise: mean, standard deviation and the 5th/50th/95th percentiles
//    (linear interpolation between order statistics, Hyndman & Fan type 7);
//    p5 <= p50 <= p95 by construction.
//  - sobolIndices: variance-based sensitivity from Saltelli's design: f on
//    matrices A and B (N points each) and on A_B^(i) (A with column i from
//    B). First order S_i = mean(f_B (f_ABi - f_A)) / V (Saltelli et al. 2010,
//    "Variance based sensitivity analysis of model output", CPC 181, Table 2
//    (b), with f_B centred on the mean of f); total ST_i = mean((f_A - f_ABi)^2) / (2V) (Jansen 1999, same
//    table (f)); V the variance of f over A and B together. 95 % intervals by
//    bootstrap over the N rows (Philox-seeded, deterministic).
//  - decide: for designs evaluated on the same samples (common random
//    numbers), the share of samples in which each is best and its expected
//    regret (mean of its value minus the best value of the sample).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cf::uq {

struct Summary {
  double mean = 0, sd = 0, p5 = 0, p50 = 0, p95 = 0;
  std::size_t n = 0;
};
Summary summarise(std::vector<double> values);
// The q-quantile (0 <= q <= 1) of sorted values (type 7).
double quantileSorted(const std::vector<double>& sorted, double q);

struct Index {
  double value = 0, lo = 0, hi = 0;  // estimate and its bootstrap 95 % interval
};
struct SobolResult {
  std::vector<Index> first, total;  // one per input
  double variance = 0;
};
// fAB[i] holds f on A_B^(i), N values each. Throws std::invalid_argument on mismatched sizes.
SobolResult sobolIndices(const std::vector<double>& fA, const std::vector<double>& fB,
                         const std::vector<std::vector<double>>& fAB, int bootstrap = 200, std::uint64_t seed = 1);

struct Decision {
  std::vector<double> probability_best;  // per design, sums to 1
  std::vector<double> expected_regret;   // per design, >= 0, in the figure's unit
};
// values[k][s]: design k's figure in sample s. lowerIsBetter: cost, time; else goodput, MFU.
Decision decide(const std::vector<std::vector<double>>& values, bool lowerIsBetter);

}  // namespace cf::uq
