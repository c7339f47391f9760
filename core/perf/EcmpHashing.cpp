#include "perf/EcmpHashing.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <utility>

namespace cf::ecmp {

namespace {

double logPoisson(int j, double lambda) { return -lambda + j * std::log(lambda) - std::lgamma(j + 1.0); }

// P(every X_j <= t | sum = c), X_1..X_u iid Poisson(c/u): exact.
double exactCdf(int c, int u, int t) {
  const double lambda = static_cast<double>(c) / u;
  std::vector<double> a(static_cast<std::size_t>(t) + 1);
  for (int j = 0; j <= t; ++j) a[j] = std::exp(logPoisson(j, lambda));
  std::vector<double> f(static_cast<std::size_t>(c) + 1, 0.0), g(f.size());
  f[0] = 1;
  for (int k = 0; k < u; ++k) {
    for (int i = 0; i <= c; ++i) {
      double s = 0;
      const int top = std::min(t, i);
      for (int j = 0; j <= top; ++j) s += a[j] * f[i - j];
      g[i] = s;
    }
    std::swap(f, g);
  }
  return f[c] / std::exp(logPoisson(c, static_cast<double>(c)));
}

// F_Poisson(t; lambda)^u: the unconditioned Poisson approximation.
double poissonCdf(int u, int t, double lambda) {
  double F = 0;
  for (int j = 0; j <= t; ++j) F += std::exp(logPoisson(j, lambda));
  return std::pow(std::min(1.0, F), u);
}

std::vector<double> computeMaxLoadCdf(int c, int u) {
  std::vector<double> cdf(static_cast<std::size_t>(c) + 1, 1.0);
  if (c == 0) return cdf;
  if (u <= 1) {
    std::fill(cdf.begin(), cdf.end() - 1, 0.0);
    return cdf;
  }
  const double lambda = static_cast<double>(c) / u;
  const int lo = (c + u - 1) / u;  // some link holds at least ceil(c/u)
  // Work of the exact path over the t that matter (lo .. lo + 8 sqrt(lambda) + 8).
  const double span = 8 * std::sqrt(lambda) + 8;
  const double work = static_cast<double>(u) * c * (lo + span) * span;
  const bool exact = work <= kExactWork;
  for (int t = 0; t < c; ++t) {
    if (t < lo) {
      cdf[t] = 0;
      continue;
    }
    double p = exact ? exactCdf(c, u, t) : poissonCdf(u, t, lambda);
    p = std::clamp(p, t > 0 ? cdf[t - 1] : 0.0, 1.0);
    cdf[t] = p;
    if (p >= 1 - 1e-13) break;  // the rest stay 1
  }
  return cdf;
}

}  // namespace

// Memoised: a design asks for the same few (flows, links) pairs for every
// group it places, and the search and the Monte Carlo tests place thousands.
std::vector<double> maxLoadCdf(int c, int u) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::vector<double>> memo;
  const auto key = std::make_pair(std::max(0, c), std::max(1, u));
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
  }
  std::vector<double> cdf = computeMaxLoadCdf(key.first, key.second);
  std::lock_guard<std::mutex> lock(mutex);
  if (memo.size() > 4096) memo.clear();
  memo.emplace(key, cdf);
  return cdf;
}

double expectedMaxLoad(int flows, int links) {
  if (flows <= 0) return 0;
  if (links <= 1) return flows;
  const std::vector<double> cdf = maxLoadCdf(flows, links);
  double e = 0;
  for (int t = 0; t < flows; ++t) e += 1 - cdf[t];
  return e;
}

double expectedSlowestTimePerGB(double nic_GBps, const std::vector<HashedSet>& sets) {
  const double yNic = nic_GBps > 0 && nic_GBps < 1e299 ? 1 / nic_GBps : 0.0;
  struct Set {
    const HashedSet* s;
    const std::vector<double>* cdf;
  };
  std::map<std::pair<int, int>, std::vector<double>> cdfs;
  std::vector<Set> used;
  std::vector<double> ys{yNic};
  for (const HashedSet& s : sets) {
    if (s.flows <= 0 || s.links < 1 || !(s.link_GBps > 0) || s.count <= 0) continue;
    auto key = std::make_pair(s.flows, s.links);
    auto it = cdfs.find(key);
    if (it == cdfs.end()) it = cdfs.emplace(key, maxLoadCdf(s.flows, s.links)).first;
    used.push_back({&s, &it->second});
    for (int m = 1; m <= s.flows; ++m)
      if (m / s.link_GBps > yNic) ys.push_back(m / s.link_GBps);
  }
  if (used.empty()) return yNic;
  std::sort(ys.begin(), ys.end());
  ys.erase(std::unique(ys.begin(), ys.end()), ys.end());
  // P(Y <= y): the NIC floor, then every set's busiest link within y k.
  auto cdfAt = [&](double y) {
    double logP = 0;
    for (const Set& u : used) {
      const double k = u.s->link_GBps;
      const int t = std::min(u.s->flows, static_cast<int>(std::floor(y * k * (1 + 1e-12))));
      const double p = t < 0 ? 0.0 : (*u.cdf)[static_cast<std::size_t>(t)];
      if (p <= 0) return 0.0;
      logP += static_cast<double>(u.s->count) * std::log(p);
    }
    return std::exp(logP);
  };
  double e = 0, prev = 0;
  for (double y : ys) {
    const double p = cdfAt(y);
    e += y * (p - prev);
    prev = p;
    if (p >= 1 - 1e-13) break;
  }
  return e + (1 - prev) * ys.back();  // rounding residue: at the largest value
}

}  // namespace cf::ecmp
