// The typed simulate output (sim/SimOutput.h) and its one serializer: for every
// example, toJson(simulate(...)) is simulateScenario's JSON byte for byte, and
// the typed fields the GUI reads hold the figures the JSON writes. Sections
// the engine did not compute are empty optionals, and absent from the JSON.
#include <QtTest>

#include <cmath>
#include <functional>
#include <set>

#include "Examples.h"
#include "sim/Metrics.h"
#include "sim/Simulate.h"

using namespace cf;

namespace {

SimulateOptions quick() {
  SimulateOptions opt;
  opt.trials = 100;
  opt.backend = "cpu";
  return opt;
}

// The JSON writes 0 for a non-finite performance figure.
double finite(double v) { return std::isfinite(v) ? v : 0.0; }

using Getter = std::function<double(const SimOutput&)>;

// JSON pointer -> the typed field that holds the same figure.
const std::vector<std::pair<std::string, Getter>>& alwaysThere() {
  static const std::vector<std::pair<std::string, Getter>> f = {
      {"/performance/step_time_s", [](const SimOutput& o) { return finite(o.performance.perf.step_time_s); }},
      {"/performance/tokens_per_s", [](const SimOutput& o) { return finite(o.performance.perf.tokens_per_s); }},
      {"/performance/mfu", [](const SimOutput& o) { return finite(o.performance.perf.mfu); }},
      {"/performance/hfu", [](const SimOutput& o) { return finite(o.performance.perf.hfu); }},
      {"/performance/memory_per_gpu_GiB", [](const SimOutput& o) { return finite(o.performance.perf.memory_per_gpu_GiB); }},
      {"/performance/time_to_train_days", [](const SimOutput& o) { return finite(o.performance.perf.time_to_train_days); }},
      {"/performance/breakdown_s/compute", [](const SimOutput& o) { return finite(o.performance.perf.breakdown.compute); }},
      {"/performance/breakdown_s/dp_comm", [](const SimOutput& o) { return finite(o.performance.perf.breakdown.dp_comm); }},
      {"/performance/breakdown_s/tp_comm", [](const SimOutput& o) { return finite(o.performance.perf.breakdown.tp_comm); }},
      {"/performance/checkpoint/write_s", [](const SimOutput& o) { return finite(o.performance.checkpoint.write_s); }},
      {"/topology/switches",
       [](const SimOutput& o) {
         return double(topology::switchCount(o.topology->fabric, o.topology->analysis.counts));
       }},
      {"/topology/links", [](const SimOutput& o) { return double(o.topology->analysis.counts.links()); }},
      {"/topology/optics", [](const SimOutput& o) { return double(o.topology->analysis.bom.optics()); }},
      {"/topology/bisection_Tbps", [](const SimOutput& o) { return o.topology->analysis.bisection.bisection_Gbps / 1000.0; }},
      {"/energy/it_power_kW", [](const SimOutput& o) { return o.energy.it_train_kW; }},
      {"/energy/facility_power_kW", [](const SimOutput& o) { return o.energy.year.facility_kW; }},
      {"/energy/pue", [](const SimOutput& o) { return o.energy.year.pue_annual; }},
      {"/energy/energy_MWh_per_year", [](const SimOutput& o) { return o.energy.energy_MWh_per_year; }},
      {"/energy/co2_t_per_year", [](const SimOutput& o) { return o.energy.co2_t_per_year; }},
      {"/energy/cooling_power_kW", [](const SimOutput& o) { return coolingPower_kW(o.energy); }},
      {"/energy/power_chain_loss_kW", [](const SimOutput& o) { return powerChainLoss_kW(o.energy); }},
      {"/cost/capex_usd", [](const SimOutput& o) { return o.cost.capex_usd; }},
      {"/cost/opex_usd_per_year", [](const SimOutput& o) { return o.cost.opex_usd_per_year; }},
      {"/cost/tco_usd", [](const SimOutput& o) { return o.cost.tco_usd; }},
      {"/cost/usd_per_gpu_hour", [](const SimOutput& o) { return o.cost.usd_per_gpu_hour; }},
      {"/cost/run_cost_usd", [](const SimOutput& o) { return o.cost.run_cost_usd; }},
      {"/cost/usd_per_million_tokens", [](const SimOutput& o) { return o.cost.usd_per_million_tokens; }},
      {"/cost/amortization_years", [](const SimOutput& o) { return o.cost.years; }},
  };
  return f;
}

const std::vector<std::pair<std::string, std::function<double(const ReliabilityResult&)>>>& reliabilityFigures() {
  using R = ReliabilityResult;
  static const std::vector<std::pair<std::string, std::function<double(const R&)>>> f = {
      {"/reliability/cluster_mtbf_h", [](const R& r) { return r.cluster_mtbf_h; }},
      {"/reliability/interruptions_mean", [](const R& r) { return r.interruptions.mean; }},
      {"/reliability/interruptions_p95", [](const R& r) { return r.interruptions.p95; }},
      {"/reliability/goodput_mean", [](const R& r) { return r.goodput.mean; }},
      {"/reliability/goodput_p5", [](const R& r) { return r.goodput.p5; }},
      {"/reliability/time_to_train_days_mean", [](const R& r) { return r.time_to_train_days.mean; }},
      {"/reliability/time_to_train_days_p50", [](const R& r) { return r.time_to_train_days.p50; }},
      {"/reliability/time_to_train_days_p95", [](const R& r) { return r.time_to_train_days.p95; }},
      {"/reliability/time_to_train_days_ci95/0", [](const R& r) { return r.time_to_train_days.ci95_lo; }},
      {"/reliability/time_to_train_days_ci95/1", [](const R& r) { return r.time_to_train_days.ci95_hi; }},
      {"/reliability/failure_free_days", [](const R& r) { return r.failure_free_days; }},
      {"/reliability/checkpoint_interval_s", [](const R& r) { return r.checkpoint_intervals.used; }},
      {"/reliability/lost_time_h_mean/rework", [](const R& r) { return r.lost_time_h_mean.rework; }},
      {"/reliability/lost_time_h_mean/recovery", [](const R& r) { return r.lost_time_h_mean.recovery; }},
      {"/reliability/lost_time_h_mean/wait_for_spares", [](const R& r) { return r.lost_time_h_mean.wait_for_spares; }},
      {"/reliability/gpu_hours_lost_by_cause/checkpoint_overhead",
       [](const R& r) { return r.checkpoint_overhead_gpu_hours; }},
      {"/reliability/spare_nodes", [](const R& r) { return double(r.spare_nodes); }},
      {"/reliability/trials", [](const R& r) { return double(r.trials); }},
      {"/reliability/seed", [](const R& r) { return double(r.seed); }},
      {"/reliability/counts/gpus", [](const R& r) { return double(r.counts.gpus); }},
      {"/reliability/counts/switches", [](const R& r) { return double(r.counts.switches); }},
      {"/reliability/counts/optics", [](const R& r) { return double(r.counts.optics); }},
  };
  return f;
}

void compareFigure(const nlohmann::json& j, const std::string& ptr, double typed) {
  const nlohmann::json::json_pointer p(ptr);
  QVERIFY2(j.contains(p) && j[p].is_number(), ptr.c_str());
  QCOMPARE(typed, j[p].get<double>());
}

}  // namespace

class TstSimOutput : public QObject {
  Q_OBJECT
 private slots:
  void typedEqualsJson_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("scenario");
    for (const test::Example& e : test::examples())
      for (std::size_t i = 0; i < e.project.scenarios.size(); ++i)
        QTest::newRow((e.file + "#" + std::to_string(i)).c_str()) << QString::fromStdString(e.file) << int(i);
  }

  // simulate()'s JSON is toJson() of its result and simulateScenario's,
  // byte for byte; every typed figure equals the JSON's.
  void typedEqualsJson() {
    QFETCH(QString, file);
    QFETCH(int, scenario);
    Project project;
    for (test::Example& e : test::examples())
      if (e.file == file.toStdString()) project = std::move(e.project);
    const std::size_t i = static_cast<std::size_t>(scenario);
    nlohmann::json j;
    const SimOutput out = simulate(project, i, quick(), &j);
    QCOMPARE(toJson(out).dump(), j.dump());
    QCOMPARE(simulateScenario(project, i, quick()).dump(), j.dump());

    for (const auto& [ptr, get] : alwaysThere()) compareFigure(j, ptr, get(out));
    QCOMPARE(j["performance"]["bottleneck"]["resource"].get<std::string>(), out.performance.bottleneck.resource);
    QCOMPARE(j["cost"]["capex_breakdown"].size(), out.cost.capex_lines.size());
    QCOMPARE(j["cost"]["cloud_breakeven_utilization"].is_null(), !std::isfinite(out.cost.cloud_breakeven_utilization));
    for (const auto& [cls, kW] : itPowerByClass_kW(out.energy))
      compareFigure(j, "/energy/it_power_by_class_kW/" + cls, kW);

    QVERIFY(out.reliability.has_value());
    QVERIFY(j.contains("reliability"));
    const ReliabilityResult& rel = *out.reliability;
    for (const auto& [ptr, get] : reliabilityFigures()) compareFigure(j, ptr, get(rel));
    for (const ReliabilityCause& c : rel.causes) {
      compareFigure(j, "/reliability/interruptions_by_cause/" + c.failure.name, c.interruptions_mean);
      compareFigure(j, "/reliability/gpu_hours_lost_by_cause/" + c.failure.name, c.gpu_hours_lost_mean);
      compareFigure(j, "/reliability/failures_absorbed_by_cause/" + c.failure.name, c.absorbed_mean);
    }
    QCOMPARE(j["reliability"]["backend"].get<std::string>(), rel.backend);
    QCOMPARE(j["reliability"]["checkpoint_tier"].get<std::string>(), rel.checkpoint_tier);
    QCOMPARE(j["reliability"]["converged"].get<bool>(), rel.converged);
    QVERIFY(rel.timeline.has_value());
    QCOMPARE(j["reliability"]["timeline"].size(), rel.timeline->size());
    QVERIFY(!out.flow && !out.network);
    QVERIFY(!j.contains("network"));
    QVERIFY(!j["performance"].contains("flow"));
  }

  // The metric registry (sim/Metrics.h) reads the figure the serializer
  // writes at the place it names, for every example; ids are unique and
  // every metric says what it is.
  void registryReadsTheOutput_data() { typedEqualsJson_data(); }
  void registryReadsTheOutput() {
    QFETCH(QString, file);
    QFETCH(int, scenario);
    Project project;
    for (test::Example& e : test::examples())
      if (e.file == file.toStdString()) project = std::move(e.project);
    nlohmann::json j;
    const SimOutput out = simulate(project, static_cast<std::size_t>(scenario), quick(), &j);
    std::set<std::string> ids;
    for (const MetricSpec& m : metricRegistry()) {
      QVERIFY2(ids.insert(m.id).second, m.id);
      QVERIFY2(*m.label && std::string(m.meaning).size() > 20 && *m.output == '/', m.id);
      QCOMPARE(findMetric(m.id), &m);
      const nlohmann::json::json_pointer p(m.output);
      const std::optional<double> v = m.read(out);
      if (v) {
        QVERIFY2(j.contains(p) && j[p].is_number(), m.id);
        QCOMPARE(*v, j[p].get<double>());
      } else {  // not computed or not finite: the JSON has null, 0 (performance's non-finite) or nothing
        QVERIFY2(!j.contains(p) || j[p].is_null() || j[p] == 0, m.id);
      }
    }
    QVERIFY(findMetric("no_such_metric") == nullptr);
    // Which time is which.
    QCOMPARE(*findMetric("time_to_train_days")->read(out), out.failureFreeDays());
    QCOMPARE(*findMetric("time_to_train_days_mean")->read(out), out.reliability->time_to_train_days.mean);
  }

  // docs/scenario-format.md's metric table is the registry's text.
  void documentedTableIsTheRegistry() {
    std::ifstream in(std::string(CF_SOURCE_DIR) + "/docs/scenario-format.md");
    std::stringstream text;
    text << in.rdbuf();
    const std::string doc = text.str();
    const std::string begin = "<!-- metrics:begin (generated: clusterforge-cli metrics) -->\n",
                      end = "<!-- metrics:end -->";
    const std::size_t b = doc.find(begin), e = doc.find(end);
    QVERIFY2(b != std::string::npos && e != std::string::npos && e > b, "markers in docs/scenario-format.md");
    QCOMPARE(doc.substr(b + begin.size(), e - b - begin.size()), metricsMarkdown());
  }

  // Monte Carlo off: no reliability, in the struct and in the JSON alike.
  void noMonteCarloNoReliability() {
    const std::vector<test::Example> all = test::examples();
    QVERIFY(!all.empty());
    SimulateOptions opt = quick();
    opt.monte_carlo = false;
    nlohmann::json j;
    const SimOutput out = simulate(all.front().project, 0, opt, &j);
    QVERIFY(!out.reliability.has_value());
    QVERIFY(!out.timeToTrainMeanDays().has_value());
    QVERIFY(!j.contains("reliability"));
    QCOMPARE(toJson(out).dump(), j.dump());
    for (const char* id : {"cluster_mtbf_h", "interruptions_mean", "goodput_mean", "time_to_train_days_mean",
                           "time_to_train_days_p95", "checkpoint_interval_s"})
      QVERIFY2(!findMetric(id)->read(out).has_value(), id);  // empty, never 0
  }

  // Flow simulation: the flow figures and the network section, typed and in JSON.
  void flowFigures() {
    Project project;
    for (test::Example& e : test::examples())
      if (e.file == "bert-large-128xv100.json") project = std::move(e.project);
    QVERIFY(!project.scenarios.empty());
    SimulateOptions opt = quick();
    opt.network = "flow";
    opt.trials = 50;
    nlohmann::json j;
    const SimOutput out = simulate(project, 0, opt, &j);
    // network.wall_s is how long the flow simulation took: the one figure that differs run to run.
    nlohmann::json again = simulateScenario(project, 0, opt), first = j;
    again["network"].erase("wall_s");
    first["network"].erase("wall_s");
    QCOMPARE(again.dump(), first.dump());
    QCOMPARE(toJson(out).dump(), j.dump());
    QVERIFY(out.network.has_value());
    QVERIFY(j.contains("network"));
    QVERIFY(out.flow.has_value());
    compareFigure(j, "/performance/flow/step_time_s", out.flow->step_time_s);
    compareFigure(j, "/performance/flow/analytical_step_time_s", out.flow->analytical_step_time_s);
    compareFigure(j, "/performance/flow/ratio_to_analytical", out.flow->ratio_to_analytical);
    compareFigure(j, "/performance/flow/time_to_train_days", out.flow->time_to_train_days);
    QCOMPARE(j["performance"]["step_time_source"].get<std::string>(), std::string("flow"));
    QCOMPARE(out.stepTime_s(), out.flow->step_time_s);
    compareFigure(j, "/network/iteration_time_s", out.network->stepTime_s());
  }
};

QTEST_MAIN(TstSimOutput)
#include "tst_sim_output.moc"
