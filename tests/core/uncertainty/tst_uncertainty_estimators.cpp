// The estimators of core/uncertainty against closed forms: the Ishigami
// function's Sobol' indices (Ishigami & Homma 1990; the analytic values as in
// Saltelli et al. 2010), a linear model's exact variance shares, the
// distributions' quantiles, the Latin hypercube's strata, the decision
// figures on a hand-made matrix.
#include <QtTest>

#include <cmath>
#include <numbers>

#include "common/InputError.h"
#include "uncertainty/Coverage.h"
#include "uncertainty/Distribution.h"
#include "uncertainty/Sampling.h"
#include "uncertainty/Statistics.h"

using namespace cf::uq;

namespace {

constexpr double kPi = std::numbers::pi;

// Saltelli's design on f over d inputs uniform on [lo, hi]: f on A, B, A_B^(i).
template <class F>
SobolResult saltelli(F f, std::size_t d, std::size_t N, double lo, double hi) {
  const Design AB = sobolPoints(N, 2 * d);
  std::vector<double> fA(N), fB(N);
  std::vector<std::vector<double>> fAB(d, std::vector<double>(N));
  std::vector<double> a(d), b(d);
  for (std::size_t r = 0; r < N; ++r) {
    for (std::size_t j = 0; j < d; ++j) {
      a[j] = lo + (hi - lo) * AB.at(r, j);
      b[j] = lo + (hi - lo) * AB.at(r, d + j);
    }
    fA[r] = f(a);
    fB[r] = f(b);
    for (std::size_t i = 0; i < d; ++i) {
      std::vector<double> x = a;
      x[i] = b[i];
      fAB[i][r] = f(x);
    }
  }
  return sobolIndices(fA, fB, fAB, 100, 7);
}

}  // namespace

class TestUncertaintyEstimators : public QObject {
  Q_OBJECT
 private slots:
  void ishigamiIndices() {
    const double a = 7, b = 0.1;
    auto f = [&](const std::vector<double>& x) {
      return std::sin(x[0]) + a * std::pow(std::sin(x[1]), 2) + b * std::pow(x[2], 4) * std::sin(x[0]);
    };
    // Analytic: V = a^2/8 + b pi^4/5 + b^2 pi^8/18 + 1/2, V1 = (1 + b pi^4/5)^2 / 2, V2 = a^2/8, V3 = 0,
    // V13 = b^2 pi^8 (1/18 - 1/50); ST1 = (V1 + V13)/V, ST2 = V2/V, ST3 = V13/V.
    const double pi4 = std::pow(kPi, 4), pi8 = std::pow(kPi, 8);
    const double V = a * a / 8 + b * pi4 / 5 + b * b * pi8 / 18 + 0.5;
    const double V1 = 0.5 * std::pow(1 + b * pi4 / 5, 2), V2 = a * a / 8, V13 = b * b * pi8 * (1.0 / 18 - 1.0 / 50);
    const SobolResult r = saltelli(f, 3, 1 << 14, -kPi, kPi);
    QVERIFY(std::abs(r.variance - V) / V < 0.02);
    const double S[3] = {V1 / V, V2 / V, 0}, ST[3] = {(V1 + V13) / V, V2 / V, V13 / V};
    for (int i = 0; i < 3; ++i) {
      qInfo("S%d %.4f (exact %.4f) [%.4f, %.4f]  ST%d %.4f (exact %.4f)", i + 1, r.first[i].value, S[i],
            r.first[i].lo, r.first[i].hi, i + 1, r.total[i].value, ST[i]);
      QVERIFY2(std::abs(r.first[i].value - S[i]) < 0.02, qPrintable(QString::number(i)));
      QVERIFY2(std::abs(r.total[i].value - ST[i]) < 0.02, qPrintable(QString::number(i)));
      QVERIFY(r.first[i].lo <= r.first[i].value && r.first[i].value <= r.first[i].hi);
      QVERIFY(r.total[i].lo <= r.total[i].value && r.total[i].value <= r.total[i].hi);
    }
    // The exact values are 0.3139 / 0.4424 / 0 and 0.5576 / 0.4424 / 0.2437.
    QVERIFY(std::abs(S[0] - 0.3139) < 1e-3 && std::abs(ST[2] - 0.2437) < 1e-3);
  }

  void linearModelShares() {
    // y = 1 x1 + 2 x2 + 3 x3, x uniform on [0, 1]: V_i = c_i^2 / 12, no interactions, S_i = ST_i = c_i^2 / 14.
    auto f = [](const std::vector<double>& x) { return x[0] + 2 * x[1] + 3 * x[2]; };
    const SobolResult r = saltelli(f, 3, 1 << 12, 0, 1);
    for (int i = 0; i < 3; ++i) {
      const double exact = double((i + 1) * (i + 1)) / 14.0;
      QVERIFY(std::abs(r.first[i].value - exact) < 0.01);
      QVERIFY(std::abs(r.total[i].value - exact) < 0.01);
    }
    QVERIFY(std::abs(r.variance - 14.0 / 12.0) < 0.01);
  }

  void distributionsQuantiles() {
    const Distribution n{Shape::Normal, 90, 110, NAN};
    QVERIFY(std::abs(n.quantile(0.05) - 90) < 1e-9 && std::abs(n.quantile(0.95) - 110) < 1e-9);
    QCOMPARE(n.median(), 100.0);
    const Distribution l{Shape::LogNormal, 0.5, 2.0, NAN};
    QVERIFY(std::abs(l.quantile(0.05) - 0.5) < 1e-9 && std::abs(l.quantile(0.95) - 2.0) < 1e-9);
    QVERIFY(std::abs(l.median() - 1.0) < 1e-12);  // geometric midpoint
    const Distribution t{Shape::Triangular, 0, 1, 0.0};
    // Right triangle with the mode at 0: CDF 1 - (1 - x)^2, median 1 - sqrt(1/2).
    QVERIFY(std::abs(t.median() - (1 - std::sqrt(0.5))) < 1e-12);
    const Distribution u{Shape::Uniform, 2, 4, NAN};
    QCOMPARE(u.quantile(0.25), 2.5);
    QVERIFY(std::abs(normalQuantile(0.975) - 1.959963984540054) < 1e-9);
    QVERIFY_THROWS_EXCEPTION(cf::InputError, parseShape("gaussian", "x.shape"));
  }

  void latinHypercubeStrata() {
    const std::size_t n = 97, d = 5;
    const Design a = latinHypercube(n, d, 42), b = latinHypercube(n, d, 42), c = latinHypercube(n, d, 43);
    QCOMPARE(a.u, b.u);  // a pure function of (n, d, seed)
    QVERIFY(a.u != c.u);
    for (std::size_t j = 0; j < d; ++j) {
      std::vector<int> seen(n, 0);
      for (std::size_t i = 0; i < n; ++i) {
        const double u = a.at(i, j);
        QVERIFY(u > 0 && u < 1);
        ++seen[static_cast<std::size_t>(u * double(n))];
      }
      for (int s : seen) QCOMPARE(s, 1);  // every stratum exactly once
    }
  }

  void sobolPointsInOpenCube() {
    const Design s = sobolPoints(1024, 4);
    double mean = 0;
    for (double u : s.u) {
      QVERIFY(u > 0 && u < 1);
      mean += u;
    }
    QVERIFY(std::abs(mean / double(s.u.size()) - 0.5) < 0.01);
  }

  void summaryQuantiles() {
    std::vector<double> v;
    for (int i = 100; i >= 0; --i) v.push_back(i);  // 0..100, unsorted
    const Summary s = summarise(v);
    QCOMPARE(s.p5, 5.0);
    QCOMPARE(s.p50, 50.0);
    QCOMPARE(s.p95, 95.0);
    QCOMPARE(s.mean, 50.0);
    QVERIFY(s.p5 <= s.p50 && s.p50 <= s.p95);
  }

  void bandCoverageLeaveOneOut() {
    // Log errors at the quantiles of a normal with sigma 0.1: the band's sigma
    // (90th percentile of |e| / 1.645) is 0.1, and leave-one-out it covers ~90 %.
    std::vector<double> e;
    const int n = 999;
    for (int i = 1; i <= n; ++i) e.push_back(0.1 * normalQuantile(double(i) / (n + 1)));
    const BandCoverage c = leaveOneOutCoverage(e);
    QCOMPARE(c.runs, n);
    QVERIFY(std::abs(c.sigma_all - 0.1) < 0.002);
    QVERIFY(std::abs(c.coverage - 0.9) < 0.01);
    // Hand-made: |e| = 1..10. Leaving out k, the q90 of the other 9 (type 7: 7.2 -> the 8th value plus
    // 0.2 of the step to the 9th) is 9.2 for k <= 8, 8.4 for k = 9 and 8.2 for k = 10: 8 covered.
    std::vector<double> small;
    for (int k = 1; k <= 10; ++k) small.push_back(k % 2 ? k : -k);
    const BandCoverage s = leaveOneOutCoverage(small);
    QCOMPARE(s.runs, 10);
    QCOMPARE(s.covered, 8);
  }

  void decisionOnKnownMatrix() {
    // Lower is better. Sample 0: A best (regret B 2); 1: B best (regret A 1); 2: tie (half each); 3: A best (B 4).
    const std::vector<std::vector<double>> v = {{1, 3, 5, 1}, {3, 2, 5, 5}};
    const Decision d = decide(v, true);
    QCOMPARE(d.probability_best[0], (1 + 0 + 0.5 + 1) / 4.0);
    QCOMPARE(d.probability_best[1], (0 + 1 + 0.5 + 0) / 4.0);
    QCOMPARE(d.expected_regret[0], 1.0 / 4.0);
    QCOMPARE(d.expected_regret[1], (2.0 + 4.0) / 4.0);
    const Decision up = decide(v, false);
    QCOMPARE(up.probability_best[1], (1 + 0 + 0.5 + 1) / 4.0);
  }
};

QTEST_GUILESS_MAIN(TestUncertaintyEstimators)
#include "tst_uncertainty_estimators.moc"
