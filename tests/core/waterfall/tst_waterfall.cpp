// core/waterfall: merge-patch changes through the sweeps' key paths,
// cumulative steps (the last one is every change at once), shares that sum to
// one, a step that makes things worse, Shapley attribution (sums to the total,
// equals the as-given share for one step, does not depend on the order given),
// and spec errors naming the field.
#include <QtTest>

#include <cmath>

#include "../TestData.h"
#include "design/ScenarioJson.h"
#include "sim/Simulate.h"
#include "waterfall/RunWaterfall.h"
#include "waterfall/Shapley.h"
#include "waterfall/WaterfallSpec.h"

using nlohmann::json;
using namespace cf;

namespace {

// 4 nodes x 8 H100, TP8 x DP4: DP crosses the NICs, so the NIC speed and the
// DP overlap interact (overlap hides part of what a slow NIC costs).
json base() {
  json b = cftest::smallScenario();
  b["job"]["software"] = {{"overlap_dp", false}, {"flash_attention", true}};
  b["cluster"]["scale_out"]["nic_Gbps"] = 100;
  b["reliability"] = {{"trials", 50}, {"seed", 5}};
  return b;
}

json step(const std::string& name, json changes) { return {{"name", name}, {"changes", std::move(changes)}}; }

json spec(json steps, const std::string& order = "as-given") {
  return {{"format", kWaterfallFormat}, {"name", "test"}, {"base", base()}, {"order", order}, {"steps", steps}};
}

const json kOverlap = step("overlap DP", {{"job.software.overlap_dp", true}});
const json kNic = step("400G NICs", {{"cluster", {{"scale_out", {{"nic_Gbps", 400}}}}}});

QString errorOf(const json& j) {
  try {
    WaterfallSpec::fromJson(j, ".");
  } catch (const InputError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

WaterfallOptions noMonteCarlo() {
  WaterfallOptions o;
  o.monte_carlo = false;
  return o;
}

double sum(const WaterfallResult& r, std::optional<double> WaterfallStepResult::*f) {
  double s = 0;
  for (const auto& st : r.steps) s += (st.*f).value_or(NAN);
  return s;
}

}  // namespace

class TestWaterfall : public QObject {
  Q_OBJECT
 private slots:
  void changesMergeLikeAPatch() {
    json doc = base();
    const auto changed = applyChanges(doc,
                                      {{"job", {{"parallelism", {{"micro_batch", 2}}}}},
                                       {"cluster.storage[0].read_GBps", 200},
                                       {"job.software.overlap_dp", nullptr}},
                                      "steps[0].changes");
    QCOMPARE(doc["job"]["parallelism"]["micro_batch"].get<int>(), 2);
    QCOMPARE(doc["job"]["parallelism"]["tp"].get<int>(), 8);  // merged, not replaced
    QCOMPARE(doc["cluster"]["storage"][0]["read_GBps"].get<double>(), 200.0);
    QVERIFY(!doc["job"]["software"].contains("overlap_dp"));  // null: back to the default
    QVERIFY(doc["job"]["software"].contains("flash_attention"));
    QCOMPARE(changed.size(), std::size_t{3});
    // Nested and dotted keys are the same change.
    json a = base(), b = base();
    applyChanges(a, {{"job", {{"software", {{"overlap_dp", true}}}}}}, "x");
    applyChanges(b, {{"job.software.overlap_dp", true}}, "x");
    QCOMPARE(a, b);
    // An object over a catalog id replaces it (an inline accelerator spec).
    json c = base();
    applyChanges(c, {{"cluster.accelerator", {{"name", "custom"}}}}, "x");
    QCOMPARE(c["cluster"]["accelerator"], json({{"name", "custom"}}));
    // Errors name the changes object.
    json d = base();
    try {
      applyChanges(d, {{"cluster.storage[4].read_GBps", 1}}, "steps[2].changes");
      QFAIL("no error");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QStringLiteral("steps[2].changes"));
    }
  }

  void stepsAreCumulative() {
    const json third = step("micro-batch 2", {{"job.parallelism.micro_batch", 2}});
    const WaterfallSpec s = WaterfallSpec::fromJson(spec({kOverlap, kNic, third}), ".");
    QCOMPARE(s.cumulativeJson(0), base());
    json one = base();
    one["job"]["software"]["overlap_dp"] = true;
    QCOMPARE(s.cumulativeJson(1), one);
    json two = one;
    two["cluster"]["scale_out"]["nic_Gbps"] = 400;
    QCOMPARE(s.cumulativeJson(2), two);
    // The last step's scenario is every change applied at once.
    json all = base();
    applyChanges(all,
                 {{"job.software.overlap_dp", true},
                  {"cluster.scale_out.nic_Gbps", 400},
                  {"job.parallelism.micro_batch", 2}},
                 "all");
    QCOMPARE(s.cumulativeJson(3), all);
    // Each step's figures are simulate()'s on its cumulative scenario.
    const WaterfallResult r = runWaterfall(s, noMonteCarlo());
    QCOMPARE(r.steps.size(), std::size_t{3});
    QCOMPARE(r.simulations, std::size_t{4});
    SimulateOptions so;
    so.monte_carlo = false;
    for (std::size_t k = 0; k <= 3; ++k) {
      const SimOutput out = simulate(s.project(WaterfallSpec::prefixMask(k)), 0, so);
      const WaterfallFigures& f = k == 0 ? r.baseline : r.steps[k - 1].figures;
      QCOMPARE(f.step_time_s, out.stepTime_s());
      QCOMPARE(f.failure_free_days, out.failureFreeDays());
      QCOMPARE(f.mfu, out.mfu());
      QVERIFY(f.gpu_utilization > 0 && f.gpu_utilization <= 1);
      QVERIFY(f.mfu <= f.gpu_utilization);
      QVERIFY(!f.time_to_train_days_mean && !f.goodput_mean);
    }
  }

  void sharesSumToOne() {
    const WaterfallResult r = runWaterfall(WaterfallSpec::fromJson(spec({kOverlap, kNic}), "."), noMonteCarlo());
    QCOMPARE(r.metric, std::string("failure_free_days"));
    QVERIFY(r.total_gain_days > 0);
    double gains = 0;
    for (const auto& s : r.steps) {
      QVERIFY(s.share && *s.share > 0);
      gains += s.gain_days;
    }
    QVERIFY(std::abs(gains - r.total_gain_days) < 1e-9);
    QVERIFY(std::abs(sum(r, &WaterfallStepResult::share) - 1) < 1e-9);
    QVERIFY(!r.steps[0].shapley_share);  // only with order "shapley"
  }

  // A step that makes things worse has a negative gain and share; the others
  // then share more than the whole.
  void stepThatMakesThingsWorse() {
    const json worse = step("100G NICs again", {{"cluster.scale_out.nic_Gbps", 100}});
    const json fast = step("no flash attention -> with", {{"job.parallelism.micro_batch", 1}});
    const WaterfallResult r =
        runWaterfall(WaterfallSpec::fromJson(spec({kNic, kOverlap, worse, fast}), "."), noMonteCarlo());
    QVERIFY(r.total_gain_days > 0);
    QVERIFY(r.steps[2].gain_days < 0);
    QVERIFY(*r.steps[2].share < 0);
    QVERIFY(*r.steps[0].share + *r.steps[1].share > 1);
    QVERIFY(std::abs(sum(r, &WaterfallStepResult::share) - 1) < 1e-9);
    QCOMPARE(r.steps[3].gain_days, 0.0);  // no change at all
    QCOMPARE(*r.steps[3].share, 0.0);
  }

  void noTotalGainNoShares() {
    const json noop = step("same again", {{"job.parallelism.micro_batch", 1}});
    const WaterfallResult r = runWaterfall(WaterfallSpec::fromJson(spec(json::array({noop}), "shapley"), "."), noMonteCarlo());
    QCOMPARE(r.total_gain_days, 0.0);
    QVERIFY(!r.steps[0].share);
    QVERIFY(!r.steps[0].shapley_share);
    QCOMPARE(*r.steps[0].shapley_gain_days, 0.0);
    QVERIFY(toJson(r)["steps"][0]["share"].is_null());
  }

  void shapleySumsToTotalAndMatchesOneStep() {
    const WaterfallResult one =
        runWaterfall(WaterfallSpec::fromJson(spec(json::array({kOverlap}), "shapley"), "."), noMonteCarlo());
    QCOMPARE(one.simulations, std::size_t{2});
    QVERIFY(std::abs(*one.steps[0].shapley_share - *one.steps[0].share) < 1e-12);
    QVERIFY(std::abs(*one.steps[0].shapley_share - 1) < 1e-12);

    const json third = step("micro-batch 2", {{"job.parallelism.micro_batch", 2}});
    const WaterfallResult r =
        runWaterfall(WaterfallSpec::fromJson(spec({kOverlap, kNic, third}, "shapley"), "."), noMonteCarlo());
    QCOMPARE(r.simulations, std::size_t{8});
    double phi = 0;
    for (const auto& s : r.steps) phi += *s.shapley_gain_days;
    QVERIFY(std::abs(phi - r.total_gain_days) < 1e-9 * std::abs(r.total_gain_days));
    QVERIFY(std::abs(sum(r, &WaterfallStepResult::shapley_share) - 1) < 1e-9);
  }

  // Overlap hides part of what a slow NIC costs: pulled first, overlap buys
  // more than pulled second. Shapley averages both orders.
  void orderMattersAsGivenNotShapley() {
    const WaterfallResult ab =
        runWaterfall(WaterfallSpec::fromJson(spec({kOverlap, kNic}, "shapley"), "."), noMonteCarlo());
    const WaterfallResult ba =
        runWaterfall(WaterfallSpec::fromJson(spec({kNic, kOverlap}, "shapley"), "."), noMonteCarlo());
    const double overlapFirst = *ab.steps[0].share, overlapSecond = *ba.steps[1].share;
    QVERIFY2(std::abs(overlapFirst - overlapSecond) > 0.05,
             qPrintable(QString("%1 vs %2").arg(overlapFirst).arg(overlapSecond)));
    QVERIFY(overlapFirst > overlapSecond);
    QVERIFY(std::abs(*ab.steps[0].shapley_share - *ba.steps[1].shapley_share) < 1e-9);
    QVERIFY(std::abs(*ab.steps[1].shapley_share - *ba.steps[0].shapley_share) < 1e-9);
    // Shapley of two levers: the mean of the two orders' gains.
    QVERIFY(std::abs(*ab.steps[0].shapley_gain_days - (ab.steps[0].gain_days + ba.steps[1].gain_days) / 2) < 1e-9);
  }

  void shapleyValuesOfAKnownGame() {
    // v = 10·a + 20·b + 6·a·b: the interaction splits evenly.
    auto v = [](std::uint64_t m) {
      const double a = m & 1, b = m >> 1 & 1, c = m >> 2 & 1;
      return 10 * a + 20 * b + 6 * a * b + 3 * c;
    };
    const auto phi = shapleyValues(3, v);
    QVERIFY(std::abs(phi[0] - 13) < 1e-12);
    QVERIFY(std::abs(phi[1] - 23) < 1e-12);
    QVERIFY(std::abs(phi[2] - 3) < 1e-12);
  }

  void monteCarloGivesMeanTimeAndGoodput() {
    WaterfallOptions o;
    o.trials = 50;
    o.backend = "cpu";
    const WaterfallResult r = runWaterfall(WaterfallSpec::fromJson(spec({kOverlap, kNic}), "."), o);
    QCOMPARE(r.metric, std::string("time_to_train_days_mean"));
    for (const auto* f : {&r.baseline, &r.steps[0].figures, &r.steps[1].figures}) {
      QVERIFY(f->time_to_train_days_mean && *f->time_to_train_days_mean >= f->failure_free_days);
      QVERIFY(f->goodput_mean && *f->goodput_mean > 0 && *f->goodput_mean <= 1);
      QVERIFY(f->run_cost_usd > 0 && f->tco_usd > 0);
    }
    QVERIFY(std::abs(sum(r, &WaterfallStepResult::share) - 1) < 1e-9);
    const json j = toJson(r);
    QCOMPARE(j["format"].get<std::string>(), std::string("clusterforge.waterfall-result/1"));
    QCOMPARE(j["steps"].size(), std::size_t{2});
    QVERIFY(j["steps"][1]["goodput_mean"].is_number());
    QVERIFY(j["total"]["gain_days"].is_number());
  }

  // A waterfall stored in a project (design/ProjectWaterfall.h) is the spec
  // it stands for: a named base scenario or an embedded one give the spec's
  // scenarios, and the stored form of a spec runs to the same scenarios.
  void storedWaterfallIsTheSpec() {
    const WaterfallSpec fromSpec = WaterfallSpec::fromJson(spec({kOverlap, kNic}, "shapley"), ".");
    Project project = projectFromJson(base());
    project.scenarios[0].name = "Before";
    ProjectWaterfall named;
    named.name = "levers";
    named.base_scenario = "Before";
    named.order = WaterfallOrder::Shapley;
    named.steps = {waterfallStepFromJson(kOverlap, "s", true), waterfallStepFromJson(kNic, "s", true)};
    const WaterfallSpec byName = WaterfallSpec::fromProject(project, named);
    const ProjectWaterfall embedded = fromSpec.toProjectWaterfall();
    QVERIFY(embedded.base.has_value());
    const WaterfallSpec byCopy = WaterfallSpec::fromProject(project, embedded);
    QCOMPARE(byName.order(), WaterfallOrder::Shapley);
    for (std::uint64_t mask = 0; mask < 4; ++mask) {
      // The same scenario, in the canonical form (the spec's base is as written).
      auto canonical = [](const json& doc) {
        json j = scenarioToJson(scenarioFromJson(doc, ""));
        j.erase("name");
        return j;
      };
      const json a = canonical(fromSpec.scenarioJson(mask)), b = canonical(byName.scenarioJson(mask)),
                 c = canonical(byCopy.scenarioJson(mask));
      QCOMPARE(b.dump(), a.dump());
      QCOMPARE(c.dump(), a.dump());
    }
    // A base the project lacks, a bad step: errors name the key, as a spec's.
    named.base_scenario = "After";
    QVERIFY_THROWS_EXCEPTION(InputError, WaterfallSpec::fromProject(project, named));
    try {
      WaterfallSpec::fromProject(project, named);
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("base_scenario"));
    }
    named.base_scenario = "Before";
    named.steps[1].changes = {{"job.parallelism.tp", 6}};
    try {
      WaterfallSpec::fromProject(project, named);
      QFAIL("a step that breaks the scenario was accepted");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("steps[1].changes"));
    }
    named.steps.clear();
    try {
      WaterfallSpec::fromProject(project, named);
      QFAIL("a waterfall without steps was accepted");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("steps"));
    }
  }

  void badSpecsNameTheField_data() {
    QTest::addColumn<QString>("mutation");
    QTest::addColumn<QString>("expected");
    QTest::newRow("unknown key") << R"({"steps": [{"name": "a", "changes": {"job.parallelism.zero": 3}}]})"
                                 << R"(steps[0].changes: "job.parallelism.zero" is not a key of the scenario format)";
    QTest::newRow("bad value, second step")
        << R"({"steps": [{"name": "a", "changes": {"job.software.overlap_dp": true}},
                         {"name": "b", "changes": {"job": {"parallelism": {"tp": 3}}}}]})"
        << "steps[1].changes: job.parallelism.tp: 3";
    QTest::newRow("out of range") << R"({"steps": [{"name": "a", "changes": {"job.parallelism.zero_stage": 7}}]})"
                                  << "steps[0].changes: job.parallelism.zero_stage: 7 is out of range";
    QTest::newRow("changes not an object") << R"({"steps": [{"name": "a", "changes": [1]}]})"
                                           << "steps[0].changes: expected an object";
    QTest::newRow("empty changes") << R"({"steps": [{"name": "a", "changes": {}}]})"
                                   << "steps[0].changes: must change at least one key";
    QTest::newRow("no name") << R"({"steps": [{"changes": {"job.precision": "fp16"}}]})" << "steps[0].name: is required";
    QTest::newRow("unknown step key")
        << R"({"steps": [{"name": "a", "changes": {"job.precision": "fp16"}, "chnages": 1}]})" << "steps[0].chnages";
    QTest::newRow("no steps") << R"({"steps": []})" << "steps: must hold at least one step";
    QTest::newRow("bad order") << R"({"order": "every"})" << "order:";
    QTest::newRow("parts") << R"({"steps": [{"name": "a", "changes": {"parts": {}}}]})"
                           << "steps[0].changes: \"parts\" cannot be changed";
    QTest::newRow("too many for shapley")
        << R"({"order": "shapley", "steps": [{"name": "1", "changes": {"job.precision": "bf16"}},
              {"name": "2", "changes": {"job.precision": "bf16"}}, {"name": "3", "changes": {"job.precision": "bf16"}},
              {"name": "4", "changes": {"job.precision": "bf16"}}, {"name": "5", "changes": {"job.precision": "bf16"}},
              {"name": "6", "changes": {"job.precision": "bf16"}}, {"name": "7", "changes": {"job.precision": "bf16"}},
              {"name": "8", "changes": {"job.precision": "bf16"}}, {"name": "9", "changes": {"job.precision": "bf16"}}]})"
        << "steps: 9 steps with order \"shapley\"";
    // Valid in order, invalid as a subset: Shapley needs every subset.
    QTest::newRow("shapley subset")
        << R"({"order": "shapley", "steps": [{"name": "batch 128", "changes": {"job.parallelism.global_batch": 128}},
              {"name": "micro-batch 32", "changes": {"job.parallelism.micro_batch": 32}}]})"
        << "order: \"shapley\" simulates every subset of the steps, and steps [1]";
    QTest::newRow("bad base") << R"({"base": {"format": "clusterforge.scenario/1", "cluster": {"nodes": 0}}})"
                              << "base:";
  }
  void badSpecsNameTheField() {
    QFETCH(QString, mutation);
    QFETCH(QString, expected);
    json j = spec(json::array({kOverlap}));
    j.merge_patch(json::parse(mutation.toStdString()));
    const QString err = errorOf(j);
    QVERIFY2(err.startsWith(expected), qPrintable(err));
  }
};

QTEST_GUILESS_MAIN(TestWaterfall)
#include "tst_waterfall.moc"
