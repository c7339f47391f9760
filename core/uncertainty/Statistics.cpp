#include "uncertainty/Statistics.h"

#include <Random123/philox.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace cf::uq {

double quantileSorted(const std::vector<double>& s, double q) {
  if (s.empty()) return 0;
  const double h = (double(s.size()) - 1.0) * std::clamp(q, 0.0, 1.0);
  const std::size_t lo = static_cast<std::size_t>(std::floor(h));
  const std::size_t hi = std::min(lo + 1, s.size() - 1);
  return s[lo] + (h - double(lo)) * (s[hi] - s[lo]);
}

Summary summarise(std::vector<double> v) {
  Summary r;
  r.n = v.size();
  if (v.empty()) return r;
  std::sort(v.begin(), v.end());
  const double n = double(v.size());
  r.mean = std::accumulate(v.begin(), v.end(), 0.0) / n;
  double ss = 0;
  for (double x : v) ss += (x - r.mean) * (x - r.mean);
  r.sd = v.size() > 1 ? std::sqrt(ss / (n - 1.0)) : 0.0;
  r.p5 = quantileSorted(v, 0.05);
  r.p50 = quantileSorted(v, 0.50);
  r.p95 = quantileSorted(v, 0.95);
  return r;
}

namespace {

double meanOf(const std::vector<double>& a, const std::vector<double>& b, const std::vector<std::size_t>& rows) {
  double m = 0;
  for (std::size_t r : rows) m += a[r] + b[r];
  return m / (2.0 * double(rows.size()));
}

double variance(const std::vector<double>& a, const std::vector<double>& b, const std::vector<std::size_t>& rows) {
  const double m = meanOf(a, b, rows);
  double v = 0;
  for (std::size_t r : rows) v += (a[r] - m) * (a[r] - m) + (b[r] - m) * (b[r] - m);
  return v / (2.0 * double(rows.size()) - 1.0);
}

// m: the mean of f over A and B, taken off f_B in the first-order sum; its
// expectation is unchanged (E[f_ABi - f_A] = 0) and its variance falls when
// the figure's mean is large against its spread (dollars, days).
void estimate(const std::vector<double>& fA, const std::vector<double>& fB, const std::vector<double>& fABi,
              const std::vector<std::size_t>& rows, double V, double m, double& s, double& st) {
  double a = 0, b = 0;
  for (std::size_t r : rows) {
    a += (fB[r] - m) * (fABi[r] - fA[r]);
    b += (fA[r] - fABi[r]) * (fA[r] - fABi[r]);
  }
  const double n = double(rows.size());
  s = V > 0 ? a / n / V : 0.0;
  st = V > 0 ? b / n / (2.0 * V) : 0.0;
}

}  // namespace

SobolResult sobolIndices(const std::vector<double>& fA, const std::vector<double>& fB,
                         const std::vector<std::vector<double>>& fAB, int bootstrap, std::uint64_t seed) {
  const std::size_t N = fA.size(), d = fAB.size();
  if (fB.size() != N) throw std::invalid_argument("sobolIndices: A and B differ in size");
  for (const auto& col : fAB)
    if (col.size() != N) throw std::invalid_argument("sobolIndices: an A_B matrix differs in size");
  SobolResult out;
  out.first.resize(d);
  out.total.resize(d);
  if (N < 2) return out;
  std::vector<std::size_t> all(N);
  std::iota(all.begin(), all.end(), std::size_t{0});
  out.variance = variance(fA, fB, all);
  const double mean = meanOf(fA, fB, all);
  for (std::size_t i = 0; i < d; ++i)
    estimate(fA, fB, fAB[i], all, out.variance, mean, out.first[i].value, out.total[i].value);

  // Bootstrap: the same resampled rows for every index of one replicate.
  const int B = std::max(0, bootstrap);
  std::vector<std::vector<double>> bs(d), bt(d);
  std::vector<std::size_t> rows(N);
  const r123::Philox4x32::key_type key = {{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32)}};
  for (int b = 0; b < B; ++b) {
    for (std::size_t k = 0; k < N; ++k) {
      const r123::Philox4x32::ctr_type c = {{static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(k), 0xb007, 0}};
      const double u = (r123::Philox4x32()(c, key).v[0] + 0.5) / 4294967296.0;
      rows[k] = std::min(N - 1, static_cast<std::size_t>(u * double(N)));
    }
    const double V = variance(fA, fB, rows), m = meanOf(fA, fB, rows);
    for (std::size_t i = 0; i < d; ++i) {
      double s = 0, st = 0;
      estimate(fA, fB, fAB[i], rows, V, m, s, st);
      bs[i].push_back(s);
      bt[i].push_back(st);
    }
  }
  for (std::size_t i = 0; i < d && B > 0; ++i) {
    std::sort(bs[i].begin(), bs[i].end());
    std::sort(bt[i].begin(), bt[i].end());
    out.first[i].lo = std::min(out.first[i].value, quantileSorted(bs[i], 0.025));
    out.first[i].hi = std::max(out.first[i].value, quantileSorted(bs[i], 0.975));
    out.total[i].lo = std::min(out.total[i].value, quantileSorted(bt[i], 0.025));
    out.total[i].hi = std::max(out.total[i].value, quantileSorted(bt[i], 0.975));
  }
  return out;
}

Decision decide(const std::vector<std::vector<double>>& values, bool lowerIsBetter) {
  Decision d;
  const std::size_t K = values.size();
  d.probability_best.assign(K, 0.0);
  d.expected_regret.assign(K, 0.0);
  if (K == 0) return d;
  const std::size_t S = values[0].size();
  for (const auto& v : values)
    if (v.size() != S) throw std::invalid_argument("decide: designs have different sample counts");
  if (S == 0) return d;
  for (std::size_t s = 0; s < S; ++s) {
    double best = values[0][s];
    for (std::size_t k = 1; k < K; ++k) best = lowerIsBetter ? std::min(best, values[k][s]) : std::max(best, values[k][s]);
    int ties = 0;
    for (std::size_t k = 0; k < K; ++k) ties += values[k][s] == best;
    for (std::size_t k = 0; k < K; ++k) {
      if (values[k][s] == best) d.probability_best[k] += 1.0 / ties;
      d.expected_regret[k] += std::abs(values[k][s] - best);
    }
  }
  for (std::size_t k = 0; k < K; ++k) {
    d.probability_best[k] /= double(S);
    d.expected_regret[k] /= double(S);
  }
  return d;
}

}  // namespace cf::uq
