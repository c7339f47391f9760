// Golden figures: the key outputs of every example, checked in one file
// (tests/golden/examples.json) with their tolerances. A change that moves a
// figure updates that file in the same commit, with a line in CHANGELOG.md
// saying why: run this test with CF_UPDATE_GOLDEN=1 to rewrite the file.
// Monte Carlo runs 200 trials (seeded, bit-identical on any thread count), so
// its figures are as repeatable as the closed forms.
#include <QtTest>

#include <cmath>
#include <fstream>

#include "Examples.h"
#include "sim/Simulate.h"

using namespace cf;

namespace {

// Figure -> relative tolerance. Closed forms and seeded Monte Carlo repeat to
// rounding; 1e-6 leaves room for another compiler's floating-point contraction.
const std::vector<std::pair<std::string, double>>& figures() {
  static const std::vector<std::pair<std::string, double>> f = {
      {"/performance/step_time_s", 1e-6},        {"/performance/mfu", 1e-6},
      {"/performance/gpu_utilization", 1e-6},
      {"/performance/memory_per_gpu_GiB", 1e-6}, {"/performance/time_to_train_days", 1e-6},
      {"/reliability/goodput_mean", 1e-6},       {"/reliability/time_to_train_days_mean", 1e-6},
      {"/reliability/time_to_train_days_p95", 1e-6}, {"/reliability/interruptions_mean", 1e-6},
      {"/reliability/spare_nodes", 0},           {"/energy/it_power_kW", 1e-6},
      {"/energy/facility_power_kW", 1e-6},       {"/energy/pue", 1e-6},
      {"/cost/capex_usd", 1e-6},                 {"/cost/tco_usd", 1e-6},
      {"/cost/run_cost_usd", 1e-6},              {"/topology/switches", 0},
      {"/topology/links", 0},                    {"/topology/optics", 0},
  };
  return f;
}

const std::string kFile = std::string(CF_SOURCE_DIR) + "/tests/golden/examples.json";

nlohmann::json current() {
  nlohmann::json all = nlohmann::json::object();
  for (const test::Example& e : test::examples())
    for (std::size_t i = 0; i < e.project.scenarios.size(); ++i) {
      SimulateOptions opt;
      opt.trials = 200;
      opt.backend = "cpu";
      const nlohmann::json out = simulateScenario(e.project, i, opt);
      nlohmann::json figs = nlohmann::json::object();
      for (const auto& [ptr, tol] : figures()) {
        const nlohmann::json::json_pointer p(ptr);
        if (out.contains(p) && out[p].is_number()) figs[ptr] = out[p];
      }
      all[e.file + "#" + std::to_string(i)] = figs;
    }
  return all;
}

}  // namespace

class TstGolden : public QObject {
  Q_OBJECT
 private slots:
  void examplesMatchGoldenFigures() {
    const nlohmann::json now = current();
    if (std::getenv("CF_UPDATE_GOLDEN")) {
      std::ofstream(kFile) << now.dump(2) << "\n";
      QSKIP("golden figures rewritten");
    }
    std::ifstream in(kFile);
    QVERIFY2(in.good(), "tests/golden/examples.json missing (run with CF_UPDATE_GOLDEN=1)");
    const nlohmann::json gold = nlohmann::json::parse(in);
    QCOMPARE(now.size(), gold.size());
    QStringList diffs;
    for (const auto& [key, figs] : gold.items()) {
      QVERIFY2(now.contains(key), key.c_str());
      for (const auto& [ptr, tol] : figures()) {
        if (!figs.contains(ptr)) continue;
        const double want = figs[ptr].get<double>();
        const double got = now[key].value(ptr, NAN);
        if (!(std::abs(got - want) <= tol * std::abs(want) + 1e-12))
          diffs << QString("%1 %2: %3, golden %4").arg(QString::fromStdString(key), QString::fromStdString(ptr))
                       .arg(got, 0, 'g', 10).arg(want, 0, 'g', 10);
      }
    }
    QVERIFY2(diffs.isEmpty(), qPrintable("figures moved (update tests/golden/examples.json and CHANGELOG.md):\n" +
                                         diffs.join('\n')));
  }
};

QTEST_GUILESS_MAIN(TstGolden)
#include "tst_golden.moc"
