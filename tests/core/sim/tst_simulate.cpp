// simulate as one pipeline: one fabric per run, the flow step feeding time
// to train, reliability, energy and cost, and the analytical step the same
// wherever it is shown.
#include <QtTest>

#include "../TestData.h"
#include "design/ScenarioJson.h"
#include "sim/Invariants.h"
#include "sim/Simulate.h"
#include "topology/Generators.h"

using namespace cf;

namespace {
Project small() {
  Project p;
  p.scenarios.push_back(scenarioFromJson(cftest::smallScenario()));
  return p;
}
}  // namespace

class TstSimulate : public QObject {
  Q_OBJECT
 private slots:
  // Issue 15: one simulate built the fabric graph three times. Now one at
  // most, and none when the fabric of an earlier run still holds
  // (topology/TopologyCache.h): the flow run reuses the analytical run's.
  void oneFabricPerRun() {
    const Project p = small();
    for (const char* network : {"analytical", "flow"}) {
      SimulateOptions opt;
      opt.trials = 50;
      opt.backend = "cpu";
      opt.network = network;
      const long long before = topology::fabricConstructions();
      simulateScenario(p, 0, opt);
      QCOMPARE(topology::fabricConstructions() - before, std::string(network) == "flow" ? 0LL : 1LL);
    }
  }

  // The flow section's analytical step is the performance section's (same
  // fabric, same model), and the flow step reaches every figure built on it.
  void flowResultsCount() {
    const Project p = small();
    SimulateOptions opt;
    opt.trials = 50;
    opt.backend = "cpu";
    const nlohmann::json a = simulateScenario(p, 0, opt);
    opt.network = "flow";
    const nlohmann::json f = simulateScenario(p, 0, opt);
    const double analytical = a["performance"]["step_time_s"].get<double>();
    QCOMPARE(f["network"]["jobs"][0]["analytical_step_time_s"].get<double>(), analytical);
    QCOMPARE(f["performance"]["step_time_s"].get<double>(), analytical);  // the section stays analytical
    const auto& flow = f["performance"]["flow"];
    const double step = flow["step_time_s"].get<double>();
    QCOMPARE(step, f["network"]["iteration_time_s"].get<double>());
    QCOMPARE(flow["analytical_step_time_s"].get<double>(), analytical);
    QCOMPARE(f["performance"]["step_time_source"].get<std::string>(), std::string("flow"));
    QVERIFY(!flow["explanation"].get<std::string>().empty());
    const double ratio = step / analytical;
    QVERIFY(std::abs(flow["ratio_to_analytical"].get<double>() - ratio) < 1e-12);
    // Failure-free time, and so wall time and run cost, scale with the flow step.
    const double freeA = a["reliability"]["failure_free_days"].get<double>();
    const double freeF = f["reliability"]["failure_free_days"].get<double>();
    QVERIFY2(std::abs(freeF / freeA - ratio) < 1e-9, qPrintable(QString("%1 vs %2").arg(freeF / freeA).arg(ratio)));
    QVERIFY(std::abs(f["performance"]["flow"]["time_to_train_days"].get<double>() -
                     a["performance"]["time_to_train_days"].get<double>() * ratio) < 1e-9);
    QVERIFY(std::abs(f["cost"]["run_hours"].get<double>() - f["reliability"]["time_to_train_days_mean"].get<double>() * 24) <
            1e-6);
    // MFU and tokens/s at the flow step; the invariant check holds them to it.
    QVERIFY(std::abs(flow["mfu"].get<double>() * ratio - a["performance"]["mfu"].get<double>()) < 1e-12);
    // The invariant check holds the flow step to its ratio and the time to train to the flow step.
    SimOutput typed = simulate(p, 0, opt);
    checkInvariants(typed);
    typed.flow->step_time_s *= 0.8;  // no longer analytical step x ratio
    try {
      checkInvariants(typed);
      QFAIL("a flow step that is not analytical step x ratio passed the invariants");
    } catch (const InvariantError& e) {
      QVERIFY2(std::string(e.what()).find("performance.flow.ratio_to_analytical") != std::string::npos, e.what());
    }
  }
};

QTEST_GUILESS_MAIN(TstSimulate)
#include "tst_simulate.moc"
