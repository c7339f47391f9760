// core/sweep schedule sweeps with seeded replications (issue 20: confidence
// intervals per variant of a sweep over policies and sizes): the
// "replications" key of the schedule section is checked naming it; 1 (or no
// key) leaves a variant's record as it was, the single run at the seed; n > 1
// adds <figure>_mean / <figure>_ci95 equal to core/sched/Study.h replicate()
// for the same cluster, workload and options, and keeps the seed's run as the
// variant's own figures (the Pareto front unchanged); the records are the same
// bytes on 1 and 2 variant threads and any TBB thread count.
#include <QtTest>
#include <tbb/global_control.h>

#include <fstream>
#include <mutex>
#include <sstream>

#include "common/InputError.h"
#include "SpecError.h"
#include "design/Project.h"
#include "sched/ClusterModel.h"
#include "sched/Jobs.h"
#include "sched/Simulator.h"
#include "sched/Study.h"
#include "sweep/ScheduleSweep.h"
#include "sweep/SweepReport.h"
#include "sweep/SweepRunner.h"
#include "sweep/SweepSpec.h"

using nlohmann::json;

namespace {

// The shipped shared-cluster example cut to one week (as tst_schedule_sweep_cli does).
json baseScenario() {
  std::ifstream in(std::string(CF_SOURCE_DIR) + "/resources/examples/shared-cluster-workload.json");
  std::stringstream text;
  text << in.rdbuf();
  json base = json::parse(text.str());
  base["workload"]["horizon_h"] = 168;
  return base;
}

json spec(const json& schedule, const json& axes) {
  static const json base = baseScenario();
  return {{"format", "clusterforge.sweep/1"}, {"base", base}, {"schedule", schedule}, {"axes", axes}};
}

QString errorOf(const json& j) { return cftest::specError(j); }

// Every variant's record, dumped, from `threads` variant threads.
std::vector<std::string> records(const cf::SweepSpec& s, int threads, bool full = false) {
  std::vector<std::string> out(s.variantCount());
  std::vector<std::size_t> all;
  for (std::size_t i = 0; i < s.variantCount(); ++i) all.push_back(i);
  std::mutex m;
  cf::VariantOptions o;
  o.full = full;
  cf::SweepRunner(s, o, threads).run(cf::SweepRunner::listSource(all), [&](std::size_t i, cf::SweepRecord rec) {
    std::lock_guard<std::mutex> lock(m);
    out[i] = cf::recordJson(rec).dump();
  });
  return out;
}

const json kPolicies = R"([{"key": "schedule.policy", "values": ["fifo", "easy"]}])"_json;

}  // namespace

class TestScheduleSweep : public QObject {
  Q_OBJECT

 private slots:
  void badReplicationsAreNamed_data() {
    QTest::addColumn<QString>("value");  // JSON
    QTest::newRow("zero") << "0";
    QTest::newRow("negative") << "-3";
    QTest::newRow("too many") << "1001";
    QTest::newRow("fraction") << "2.5";
    QTest::newRow("text") << "\"x\"";
    QTest::newRow("bool") << "true";
  }
  void badReplicationsAreNamed() {
    QFETCH(QString, value);
    const json v = json::parse(value.toStdString());
    // In the section ...
    const QString section = errorOf(spec({{"seed", 7}, {"replications", v}}, kPolicies));
    QVERIFY2(section.startsWith("schedule.replications: "), qPrintable(section));
    // ... and as an axis value.
    const QString axis = errorOf(spec({{"seed", 7}}, json::array({{{"key", "schedule.replications"},
                                                                   {"values", json::array({2, v})}}})));
    QVERIFY2(axis.startsWith("axes[0].values[1]: schedule.replications: "), qPrintable(axis));
  }

  void sectionKey() {
    const auto& keys = cf::scheduleSectionKeys();
    QVERIFY(std::find(keys.begin(), keys.end(), "replications") != keys.end());
    QCOMPARE(cf::scheduleSectionFromJson(json::object(), "schedule").replications, 1);
    QCOMPARE(cf::scheduleSectionFromJson({{"replications", 1000}}, "schedule").replications, 1000);
    // Written only when not 1: a section without it is the same JSON as before the key.
    cf::ScheduleSection s = cf::scheduleSectionFromJson({{"policy", "easy"}, {"replications", 1}}, "schedule");
    QCOMPARE(cf::toJson(s).dump(), std::string(R"({"failures":true,"placement":"pack","policy":"easy","seed":1})"));
    s.replications = 5;
    QCOMPARE(cf::toJson(s).value("replications", 0), 5);
    QVERIFY(cf::scheduleSectionFromJson(cf::toJson(s), "schedule") == s);
  }

  // No key and "replications": 1 give the same bytes, and those are the single
  // run at the seed exactly as the sweep computed it before the key existed.
  void oneReplicationIsTheRecordOfBefore() {
    const cf::SweepSpec without = cf::SweepSpec::fromJson(spec({{"seed", 7}}, kPolicies), ".");
    const cf::SweepSpec one = cf::SweepSpec::fromJson(spec({{"seed", 7}, {"replications", 1}}, kPolicies), ".");
    const std::vector<std::string> a = records(without, 1, true);
    QCOMPARE(records(one, 1, true), a);
    for (std::size_t i = 0; i < a.size(); ++i) {
      const json rec = json::parse(a[i]);
      QCOMPARE(rec["status"].get<std::string>(), std::string("ok"));
      QVERIFY(!rec["metrics"].contains("replications"));
      QVERIFY(!rec["metrics"].contains("wait_p95_h_mean"));
      // The run before the key: simulateSchedule at the seed, scheduleMetrics of it.
      cf::Project p;
      p.parts = without.parts();
      p.scenarios.push_back(without.variantScenario(i));
      const cf::sched::ClusterModel m = cf::sched::clusterModel(p, 0);
      const cf::sched::Workload w = cf::sched::workloadFromJson(p.scenarios[0].workload, "workload");
      cf::sched::ScheduleOptions o;
      o.policy = cf::sched::policyFromName(rec["values"]["schedule.policy"].get<std::string>());
      o.seed = 7;
      o.keep_jobs = false;
      const cf::sched::ScheduleResult r = cf::sched::simulateSchedule(m, cf::sched::generateJobs(w, m, 7), o);
      cf::SweepRecord expected;
      expected.metrics = cf::scheduleMetrics(r);
      QCOMPARE(rec["metrics"].dump(), cf::recordJson(expected)["metrics"].dump());
      QCOMPARE(rec["result"].dump(), cf::sched::toJson(r).dump());
    }
  }

  // n = 5: the intervals are replicate()'s for the variant's cluster, workload
  // and options, to the last bit; the other metrics stay the seed's run.
  void replicationsAreReplicate() {
    const cf::SweepSpec five = cf::SweepSpec::fromJson(spec({{"seed", 7}, {"replications", 5}}, kPolicies), ".");
    const cf::SweepSpec one = cf::SweepSpec::fromJson(spec({{"seed", 7}}, kPolicies), ".");
    const std::vector<std::string> withReps = records(five, 1), single = records(one, 1);
    std::vector<cf::SweepRecord> recs5, recs1;
    for (std::size_t i = 0; i < withReps.size(); ++i) {
      const json rec = json::parse(withReps[i]), ref = json::parse(single[i]);
      recs5.push_back(cf::recordFromJson(rec));
      recs1.push_back(cf::recordFromJson(ref));
      QCOMPARE(rec["status"].get<std::string>(), std::string("ok"));
      const json& m = rec["metrics"];

      cf::Project p;
      p.parts = five.parts();
      p.scenarios.push_back(five.variantScenario(i));
      const cf::sched::ClusterModel model = cf::sched::clusterModel(p, 0);
      const cf::sched::Workload w = cf::sched::workloadFromJson(p.scenarios[0].workload, "workload");
      cf::sched::ScheduleOptions o;
      o.policy = cf::sched::policyFromName(rec["values"]["schedule.policy"].get<std::string>());
      o.seed = 7;
      const cf::sched::ReplicationStats s = cf::sched::replicate(model, w, o, 5);
      QCOMPARE(m["replications"].get<int>(), 5);
      QCOMPARE(m["wait_p95_h_mean"].get<double>(), s.wait_p95_h.mean);
      QCOMPARE(m["wait_p95_h_ci95"].get<double>(), s.wait_p95_h.half_width);
      QCOMPARE(m["utilization_mean"].get<double>(), s.utilization.mean);
      QCOMPARE(m["goodput_mean_ci95"].get<double>(), s.goodput_mean.half_width);
      QCOMPARE(m["jobs_cost_usd_ci95"].get<double>(), s.jobs_cost_usd.half_width);
      // Five seeds of a week of this workload do not all give the same p95 wait.
      QVERIFY(s.wait_p95_h.half_width > 0);
      // Every replicated figure is there, and nothing else was added.
      int added = 0;
      for (const auto& [key, value] : m.items()) {
        if (ref["metrics"].contains(key)) {
          QCOMPARE(value.dump(), ref["metrics"][key].dump());  // the seed's run, as with 1
        } else {
          ++added;
        }
      }
      QCOMPARE(added, 2 * 12 + 1);  // 12 figures of ReplicationStats, _mean and _ci95, and replications
    }
    // The front is over the seed's runs: the same variants on it.
    const json r5 = cf::sweepReport(five, recs5), r1 = cf::sweepReport(one, recs1);
    for (std::size_t i = 0; i < recs5.size(); ++i)
      QCOMPARE(r5["variants"][i]["pareto"].dump(), r1["variants"][i]["pareto"].dump());
  }

  // Replications run on TBB inside the variant threads: the same bytes on 1
  // or 2 variant threads, with TBB capped at 1 or 2, and run after run.
  void replicationsIndependentOfThreads() {
    const cf::SweepSpec s = cf::SweepSpec::fromJson(
        spec({{"seed", 3}, {"replications", 4}},
             R"([{"key": "schedule.policy", "values": ["fifo", "priority"]},
                 {"key": "schedule.nodes", "values": [48, 64]}])"_json),
        ".");
    const std::vector<std::string> reference = records(s, 1);
    QCOMPARE(records(s, 2), reference);
    for (std::size_t tbbThreads : {1, 2}) {
      tbb::global_control limit(tbb::global_control::max_allowed_parallelism, tbbThreads);
      QCOMPARE(records(s, 1), reference);
      QCOMPARE(records(s, 2), reference);
    }
    for (const std::string& r : reference) QVERIFY(json::parse(r)["metrics"].contains("wait_p95_h_ci95"));
  }
};

QTEST_GUILESS_MAIN(TestScheduleSweep)
#include "tst_schedule_sweep.moc"
