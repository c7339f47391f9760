// Propagation through the engine (core/uncertainty/Propagation.h): the
// figures at the design's own values are simulate's; the model-error input
// scales the step time and nothing the step does not drive; a seeded run is
// the same on 1 and 2 threads; ranges are checked and named; the tornado's
// swing of electricity price moves TCO and not the step time.
#include <QtTest>

#include <tbb/global_control.h>

#include <cmath>

#include "../TestData.h"
#include "common/InputError.h"
#include "design/ScenarioJson.h"
#include "sim/Simulate.h"
#include "uncertainty/Propagation.h"

using namespace cf;
using namespace cf::uq;

namespace {

Project projectOf(nlohmann::json scenario) {
  Project p;
  p.scenarios = {scenarioFromJson(scenario)};
  return p;
}

nlohmann::json withElectricityRange(nlohmann::json j) {
  j["uncertainty"] = {{"cluster.facility.electricity_usd_per_kWh", {{"low", 0.05}, {"high", 0.12}}}};
  return j;
}

std::size_t inputIndex(const Propagator& p, const std::string& key) {
  for (std::size_t i = 0; i < p.inputs().size(); ++i)
    if (p.inputs()[i].key == key) return i;
  return p.inputs().size();
}

}  // namespace

class TestUncertaintyPropagation : public QObject {
  Q_OBJECT
 private slots:
  void nominalIsSimulate() {
    const Project p = projectOf(withElectricityRange(cftest::smallScenario()));
    const Propagator prop(p, 0, true);
    const std::vector<double> f = prop.evaluate(prop.nominal());
    SimulateOptions opt;
    opt.monte_carlo = false;
    const SimOutput out = simulate(p, 0, opt);
    QCOMPARE(f[figureIndex("step_time_s", "")], out.stepTime_s());
    QCOMPARE(f[figureIndex("capex_usd", "")], out.cost.capex_usd);
    QCOMPARE(f[figureIndex("it_power_kW", "")], out.energy.it_train_kW);
    const double g = f[figureIndex("goodput", "")];
    QVERIFY(g > 0 && g <= 1);
    // Time to train with failures = failure-free / goodput.
    QVERIFY(std::abs(f[figureIndex("time_to_train_days", "")] - out.failureFreeDays() / g) < 1e-9 * out.failureFreeDays());
  }

  void modelErrorScalesTime() {
    const Project p = projectOf(cftest::smallScenario());
    const Propagator prop(p, 0, true);
    const std::size_t k = inputIndex(prop, "model.performance_error");
    QVERIFY(k < prop.inputs().size());
    QCOMPARE(prop.inputs()[k].nominal, 1.0);
    std::vector<double> x = prop.nominal();
    const std::vector<double> f0 = prop.evaluate(x);
    x[k] = 1.1;
    const std::vector<double> f1 = prop.evaluate(x);
    const std::size_t step = figureIndex("step_time_s", ""), capex = figureIndex("capex_usd", ""),
                      power = figureIndex("it_power_kW", ""), run = figureIndex("run_cost_usd", "");
    QVERIFY(std::abs(f1[step] / f0[step] - 1.1) < 1e-12);
    QCOMPARE(f1[capex], f0[capex]);  // buying the cluster does not depend on the step time
    QCOMPARE(f1[power], f0[power]);  // nor does the power drawn during a step
    QVERIFY(f1[run] > f0[run]);      // the run takes longer
  }

  // The failure model's error multiplies every class's rate: the goodput
  // falls with a larger factor (the closed form against simulate with the
  // scenario's own rates scaled by hand), and nothing the step drives moves.
  void reliabilityErrorScalesFailureRates() {
    const Project p = projectOf(cftest::smallScenario());
    const Propagator prop(p, 0, true);
    const std::size_t k = inputIndex(prop, "model.reliability_error");
    QVERIFY(k < prop.inputs().size());
    QCOMPARE(prop.inputs()[k].nominal, 1.0);
    QCOMPARE(prop.inputs()[k].model, ModelOf::Reliability);
    std::vector<double> x = prop.nominal();
    const std::vector<double> f0 = prop.evaluate(x);
    x[k] = 3.0;
    const std::vector<double> f3 = prop.evaluate(x);
    const std::size_t step = figureIndex("step_time_s", ""), goodput = figureIndex("goodput", ""),
                      days = figureIndex("time_to_train_days", ""), memory = figureIndex("memory_per_gpu_GiB", "");
    QCOMPARE(f3[step], f0[step]);
    QCOMPARE(f3[memory], f0[memory]);
    QVERIFY(f3[goodput] < f0[goodput]);
    QVERIFY(f3[days] > f0[days]);
    SimulateOptions opt;
    opt.monte_carlo = false;
    opt.closed_form_reliability = true;
    opt.reliability_error_factor = 3.0;
    const SimOutput byHand = simulate(p, 0, opt);
    QCOMPARE(f3[goodput], byHand.closed_form->goodput);
    // The mean time between interruptions is a third of the design's.
    opt.reliability_error_factor = 1.0;
    const SimOutput design = simulate(p, 0, opt);
    QVERIFY(std::abs(design.closed_form->mtbf_h / byHand.closed_form->mtbf_h - 3.0) < 1e-9);
  }

  // The memory model's error scales the memory per GPU and nothing else; the
  // share of samples that fit is what the samples say.
  void memoryErrorScalesMemoryOnly() {
    const Project p = projectOf(cftest::smallScenario());
    const Propagator prop(p, 0, true);
    const std::size_t k = inputIndex(prop, "model.memory_error");
    QVERIFY(k < prop.inputs().size());
    std::vector<double> x = prop.nominal();
    const std::vector<double> f0 = prop.evaluate(x);
    x[k] = 1.25;
    const std::vector<double> f1 = prop.evaluate(x);
    const std::size_t memory = figureIndex("memory_per_gpu_GiB", "");
    SimulateOptions opt;
    opt.monte_carlo = false;
    QCOMPARE(f0[memory], simulate(p, 0, opt).performance.perf.memory_per_gpu_GiB);
    QVERIFY(std::abs(f1[memory] / f0[memory] - 1.25) < 1e-12);
    for (std::size_t f = 0; f < f0.size(); ++f)
      if (f != memory) QCOMPARE(f1[f], f0[f]);
    QVERIFY(prop.hbmGiB() > 70 && prop.hbmGiB() < 81);  // the H100's 80 GB
    const Propagation run = propagate(prop, 128, 5);
    const auto& m = run.samples[memory];
    const double share = double(std::count_if(m.begin(), m.end(), [&](double v) { return v <= run.hbm_GiB; })) / 128.0;
    QCOMPARE(run.fits_probability, share);
    QVERIFY(run.figures[memory].p5 < run.figures[memory].p95);
  }

  // A range the scenario puts on a model error replaces its default; a
  // factor must be positive.
  void modelErrorRangesAreChecked() {
    nlohmann::json j = cftest::smallScenario();
    j["uncertainty"] = {{"model.memory_error", {{"low", 0.9}, {"high", 1.2}}}};
    const Propagator prop(projectOf(j), 0, true);
    const std::size_t k = inputIndex(prop, "model.memory_error");
    QCOMPARE(prop.inputs()[k].dist.low, 0.9);
    QVERIFY(!prop.inputs()[k].builtin);
    j["uncertainty"] = {{"model.reliability_error", {{"low", 0}, {"high", 2}}}};
    try {
      const Propagator bad(projectOf(j), 0, true);
      QFAIL("a factor of 0 was accepted");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("uncertainty.model.reliability_error.low"));
    }
  }

  void defaultsCoverEstimatedAcceleratorFields() {
    const Project p = projectOf(cftest::smallScenario());
    const Propagator prop(p, 0, true);
    const Accelerator* a = Catalog::builtin().accelerator("H100-SXM5-80GB");
    QVERIFY(a);
    for (const std::string& f : acceleratorFields()) {
      const bool estimated = std::find(a->estimated.begin(), a->estimated.end(), f) != a->estimated.end();
      QCOMPARE(inputIndex(prop, "accelerator." + f) < prop.inputs().size(), estimated);
    }
    const Propagator none(p, 0, false);
    QCOMPARE(none.inputs().size(), std::size_t{0});
  }

  void sameOnOneAndTwoThreads() {
    const Project p = projectOf(withElectricityRange(cftest::smallScenario()));
    const Propagator prop(p, 0, true);
    Propagation one, two;
    {
      tbb::global_control c(tbb::global_control::max_allowed_parallelism, 1);
      one = propagate(prop, 64, 11);
    }
    {
      tbb::global_control c(tbb::global_control::max_allowed_parallelism, 2);
      two = propagate(prop, 64, 11);
    }
    QCOMPARE(one.samples, two.samples);
    const Propagation other = propagate(prop, 64, 12);
    QVERIFY(other.samples != one.samples);
    for (const Summary& s : one.figures) QVERIFY(s.p5 <= s.p50 && s.p50 <= s.p95);
    // The electricity range moves TCO: p5 below p95.
    QVERIFY(one.figures[figureIndex("tco_usd", "")].p5 < one.figures[figureIndex("tco_usd", "")].p95);
  }

  void tornadoSwingsTheRightFigures() {
    const Project p = projectOf(withElectricityRange(cftest::smallScenario()));
    const Propagator prop(p, 0, false);  // the scenario's one range
    const std::vector<Swing> t = tornado(prop);
    QCOMPARE(t.size(), std::size_t{1});
    QCOMPARE(t[0].low_value, 0.05);
    QCOMPARE(t[0].high_value, 0.12);
    const std::size_t step = figureIndex("step_time_s", ""), tco = figureIndex("tco_usd", "");
    QCOMPARE(t[0].at_low[step], t[0].at_high[step]);
    QVERIFY(t[0].at_low[tco] < t[0].at_high[tco]);
  }

  void sensitivityFindsTheDriver() {
    // Electricity over 0.01-0.5 USD/kWh against the defaults: it drives most of TCO's variance,
    // and nothing of the step time's.
    nlohmann::json j = cftest::smallScenario();
    j["uncertainty"] = {{"cluster.facility.electricity_usd_per_kWh", {{"low", 0.01}, {"high", 0.5}}}};
    const Project p = projectOf(j);
    const Propagator prop(p, 0, true);
    const Sensitivity s = sensitivity(prop, 256, 3);
    const std::size_t e = inputIndex(prop, "cluster.facility.electricity_usd_per_kWh");
    const SobolResult& tco = s.by_figure[figureIndex("tco_usd", "")];
    const SobolResult& step = s.by_figure[figureIndex("step_time_s", "")];
    qInfo("TCO: S(electricity) %.3f, ST %.3f", tco.first[e].value, tco.total[e].value);
    QVERIFY(tco.total[e].value > 0.5);
    QVERIFY(std::abs(step.total[e].value) < 1e-12);
  }

  void compareWithCommonNumbers() {
    // The same design twice: each is best half the time (ties split), no regret.
    const Project p = projectOf(withElectricityRange(cftest::smallScenario()));
    const Propagator a(p, 0, true), b(p, 0, true);
    const Comparison c = compare({&a, &b}, 32, 5, "tco_usd");
    QCOMPARE(c.decision.probability_best[0], 0.5);
    QCOMPARE(c.decision.expected_regret[0], 0.0);
    // A dearer electricity contract: the first design is cheaper in every sample.
    nlohmann::json j = withElectricityRange(cftest::smallScenario());
    j["uncertainty"]["cluster.facility.electricity_usd_per_kWh"] = {{"low", 0.20}, {"high", 0.30}};
    const Project q = projectOf(j);
    const Propagator dear(q, 0, true);
    const Comparison d = compare({&a, &dear}, 32, 5, "tco_usd");
    QCOMPARE(d.decision.probability_best[0], 1.0);
    QVERIFY(d.decision.expected_regret[1] > 0);
    QVERIFY_THROWS_EXCEPTION(InputError, compare({&a}, 4, 1, "speed"));
    // Every figure from the same runs: each one what compare() gives for it.
    const std::vector<Comparison> all = compareAll({&a, &dear}, 32, 5);
    QCOMPARE(all.size(), figures().size());
    for (const char* key : {"tco_usd", "capex_usd", "run_cost_usd"}) {
      const Comparison one = compare({&a, &dear}, 32, 5, key);
      const Comparison& same = all[figureIndex(key, "")];
      QCOMPARE(same.figure, std::string(key));
      QCOMPARE(same.decision.probability_best, one.decision.probability_best);
      QCOMPARE(same.decision.expected_regret, one.decision.expected_regret);
      QCOMPARE(same.summaries[1].p95, one.summaries[1].p95);
    }
  }

  void badRangesAreNamed() {
    auto errorOf = [](nlohmann::json u) -> QString {
      nlohmann::json j = cftest::smallScenario();
      j["uncertainty"] = u;
      try {
        const Project p = projectOf(j);
        Propagator prop(p, 0, false);
      } catch (const InputError& e) {
        return QString::fromStdString(e.path() + ": " + e.message());
      }
      return {};
    };
    QVERIFY(errorOf({{"cluster.facility.no_such_key", {{"low", 1}, {"high", 2}}}})
                .startsWith("uncertainty.cluster.facility.no_such_key"));
    QVERIFY(errorOf({{"cluster.facility.electricity_usd_per_kWh", {{"low", 0.2}, {"high", 0.1}}}})
                .contains("electricity_usd_per_kWh.high"));
    QVERIFY(errorOf({{"cluster.facility.electricity_usd_per_kWh", {{"low", 0}, {"high", 0.1}, {"shape", "lognormal"}}}})
                .contains(".low"));
    QVERIFY(errorOf({{"cluster.nodes", {{"low", -5}, {"high", 4}}}}).startsWith("uncertainty.cluster.nodes"));
    QVERIFY(errorOf({{"accelerator.colour", {{"low", 1}, {"high", 2}}}}).startsWith("uncertainty.accelerator.colour"));
    QVERIFY(errorOf({{"cluster.accelerator", {{"low", 1}, {"high", 2}}}}).contains("not a number"));
    QVERIFY(errorOf(nlohmann::json::array()).startsWith("uncertainty"));
  }

  void rangesRoundTrip() {
    nlohmann::json j = cftest::smallScenario();
    j["uncertainty"] = {{"cluster.facility.utilization", {{"low", 0.6}, {"high", 0.95}, {"shape", "triangular"},
                                                          {"mode", 0.85}, {"source", "operator's guess"}}}};
    const Scenario s = scenarioFromJson(j);
    QCOMPARE(s.uncertainty.size(), std::size_t{1});
    QCOMPARE(scenarioFromJson(scenarioToJson(s)), s);
  }
};

QTEST_GUILESS_MAIN(TestUncertaintyPropagation)
#include "tst_uncertainty_propagation.moc"
