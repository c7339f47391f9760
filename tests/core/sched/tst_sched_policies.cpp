// Policies, placement, failures and elasticity of the cluster simulator, on
// small hand-made clusters: EASY backfilling waits less than FIFO on a mix of
// big and small jobs; a high-priority job preempts and waits less than under
// FIFO; fair share serves the team that floods the queue after the other;
// quotas cap a team; jobs that fit in number but not in shape leave
// fragmentation; failures interrupt jobs, send nodes to repair and lower
// goodput; an elastic job grows to its maximum and shrinks on a failure; a
// model-sized job spread over leaves runs slower than packed (performance
// model through StepTimes on the example scenario's fabric).
#include <QtTest>

#include <cmath>

#include "SchedFixtures.h"
#include "sched/Jobs.h"
#include "sched/Simulator.h"
#include "sched/StepTimes.h"
#include "store/ProjectFile.h"

using nlohmann::json;
using namespace cf;
using namespace cf::sched;

namespace {

ScheduleResult runWith(const ClusterModel& m, const Workload& w, Policy p, std::uint64_t seed = 3,
                       PlacementRule rule = PlacementRule::Pack) {
  ScheduleOptions o;
  o.policy = p;
  o.placement = rule;
  o.seed = seed;
  return simulateSchedule(m, generateJobs(w, m, seed), o);
}

// Small 1-GPU jobs and 32-GPU jobs on 8 nodes of 8.
Workload bigAndSmall() {
  return workloadFromJson(json::parse(R"({
    "horizon_h": 2000, "failures": false,
    "teams": [ { "name": "a" }, { "name": "b" } ],
    "classes": [
      { "name": "small", "team": "a", "gpus": 1, "duration_h": 1, "arrival": { "rate_per_h": 20 } },
      { "name": "big", "team": "b", "gpus": 32, "duration_h": 4, "arrival": { "rate_per_h": 0.1 } }
    ] })"));
}

}  // namespace

class TstSchedPolicies : public QObject {
  Q_OBJECT
 private slots:
  void easyWaitsLessThanFifo() {
    const ClusterModel m = schedtest::cluster(8, 8);
    const ScheduleResult fifo = runWith(m, bigAndSmall(), Policy::Fifo);
    const ScheduleResult easy = runWith(m, bigAndSmall(), Policy::Easy);
    qInfo("mean wait: fifo %.3f h, easy %.3f h; utilisation %.3f / %.3f", fifo.wait_h.mean, easy.wait_h.mean,
          fifo.utilization, easy.utilization);
    QVERIFY(easy.wait_h.mean < 0.8 * fifo.wait_h.mean);
    QCOMPARE(easy.completed, easy.submitted);
    // Backfilling fills the GPUs FIFO leaves blocked behind a big head.
    QVERIFY(easy.idle_gpu_h.at("blocked") < fifo.idle_gpu_h.at("blocked"));
  }

  void priorityPreempts() {
    json j = json::parse(R"({
      "horizon_h": 500, "failures": false,
      "classes": [
        { "name": "batch", "gpus": 8, "duration_h": 10, "arrival": { "rate_per_h": 0.8 } },
        { "name": "urgent", "gpus": 16, "duration_h": 1, "priority": 10, "arrival": { "rate_per_h": 0.2 },
          "checkpoint_write_s": 60 }
      ] })");
    const Workload w = workloadFromJson(j);
    const ClusterModel m = schedtest::cluster(8, 8);
    const ScheduleResult fifo = runWith(m, w, Policy::Fifo);
    const ScheduleResult prio = runWith(m, w, Policy::Priority);
    const double f = fifo.wait_h_by_class.at("urgent").mean, p = prio.wait_h_by_class.at("urgent").mean;
    qInfo("urgent mean wait: fifo %.3f h, priority %.3f h, %lld preemptions", f, p, prio.preemptions);
    QVERIFY(prio.preemptions > 0);
    QVERIFY(p < 0.5 * f);
    QCOMPARE(fifo.preemptions, 0LL);
    // Preempted work is kept, but each preemption costs its checkpoint and restart: goodput below 1.
    QVERIFY(prio.goodput.mean < 1.0);
  }

  void fairShareProtectsTheSmallTeam() {
    json j = json::parse(R"({
      "horizon_h": 400, "failures": false,
      "teams": [ { "name": "flood" }, { "name": "quiet" } ],
      "classes": [
        { "name": "f", "team": "flood", "gpus": 8, "duration_h": 2, "arrival": { "rate_per_h": 5 } },
        { "name": "q", "team": "quiet", "gpus": 8, "duration_h": 2, "arrival": { "rate_per_h": 0.5 } }
      ] })");
    const Workload w = workloadFromJson(j);
    const ClusterModel m = schedtest::cluster(8, 8);  // offered 11 nodes' worth on 8: the queue grows
    const ScheduleResult fifo = runWith(m, w, Policy::Fifo);
    const ScheduleResult fair = runWith(m, w, Policy::FairShare);
    const double f = fifo.wait_h_by_team.at("quiet").mean, s = fair.wait_h_by_team.at("quiet").mean;
    qInfo("quiet team mean wait: fifo %.2f h, fairshare %.2f h", f, s);
    QVERIFY(s < 0.1 * f);
  }

  void quotaCapsATeam() {
    json j = json::parse(R"({
      "horizon_h": 300, "failures": false,
      "teams": [ { "name": "capped", "quota_gpus": 16 } ],
      "classes": [ { "name": "c", "team": "capped", "gpus": 4, "duration_h": 1, "arrival": { "rate_per_h": 20 } } ]
    })");
    const ClusterModel m = schedtest::cluster(8, 8);
    const ScheduleResult r = runWith(m, workloadFromJson(j), Policy::Fifo);
    qInfo("utilisation with a 16-GPU quota on 64 GPUs: %.3f", r.utilization);
    QVERIFY(r.utilization <= 16.0 / 64 + 1e-9);
    QVERIFY(r.utilization > 0.2);
    for (double b : r.busy) QVERIFY(b <= 16.0 / 64 + 1e-9);
  }

  void fragmentationIsCounted() {
    // 5-GPU jobs on 8-GPU nodes: each node keeps 3 GPUs nobody waiting can use.
    const ClusterModel m = schedtest::cluster(4, 8);
    const ScheduleResult r = runWith(m, schedtest::oneClass(5, 2, 4, 200), Policy::Fifo);
    qInfo("fragmentation %.0f GPU-h of %.0f", r.idle_gpu_h.at("fragmentation"), 32 * 200.0);
    QVERIFY(r.idle_gpu_h.at("fragmentation") > 0.2 * 32 * 200);
  }

  void failuresInterruptAndRepair() {
    ClusterModel m = schedtest::cluster(8, 8);
    m.failures = {{"node", 0.2, 1, 12 * 3600.0}, {"software", 0.1, 0, 0}};  // per hour, whole cluster
    m.restart_s = 600;
    Workload w = schedtest::oneClass(16, 6, 0.4, 500);
    w.failures = true;
    w.classes[0].checkpoint_write_s = 60;
    const ScheduleResult r = runWith(m, w, Policy::Fifo);
    qInfo("%lld failures, %lld interruptions, goodput %.3f, repair %.0f GPU-h, failed %.0f GPU-h", r.failures,
          r.interruptions, r.goodput.mean, r.idle_gpu_h.at("repair"), r.idle_gpu_h.at("failed"));
    // Poisson count over the run (failures go on until the last job ends).
    const double expected = 0.3 * r.end_s / 3600;
    QVERIFY(std::abs(double(r.failures) - expected) < 4 * std::sqrt(expected));
    QVERIFY(r.interruptions > 0);
    QVERIFY(r.goodput.mean < 1.0 && r.goodput.mean > 0.5);
    QVERIFY(r.idle_gpu_h.at("repair") > 0);
    QVERIFY(r.idle_gpu_h.at("failed") > 0);
    QCOMPARE(r.completed, r.submitted);
    // Without failures the same jobs have goodput 1 and nothing idle for repair.
    ScheduleOptions o;
    o.seed = 3;
    o.failures = false;
    const ScheduleResult clean = simulateSchedule(m, generateJobs(w, m, 3), o);
    QCOMPARE(clean.goodput.mean, 1.0);
    QCOMPARE(clean.idle_gpu_h.at("repair"), 0.0);
  }

  void elasticGrowsAndShrinks() {
    // A 48-GPU job holds 6 of 8 nodes for 5 h; the elastic job (nominal 32 GPUs, 200 h: 6,400 GPU-h) starts on
    // the 16 GPUs left, grows to 64 when the other ends (one 60 s restart), and ends at
    // 5 h + (6,400 − 5·16) / 64 h + 60 s, linear scaling.
    json j = json::parse(R"({
      "horizon_h": 400, "failures": false, "restart_s": 60,
      "classes": [ { "name": "blocker", "gpus": 48, "duration_h": 5, "duration_distribution": "fixed",
                     "arrival": { "process": "list", "times_h": [0] } },
                   { "name": "e", "gpus": 32, "duration_h": 200, "duration_distribution": "fixed",
                     "elastic": { "min_gpus": 16, "max_gpus": 64 }, "checkpoint_write_s": 0,
                     "arrival": { "process": "list", "times_h": [0] } } ] })");
    ClusterModel m = schedtest::cluster(8, 8);
    auto elasticJob = [](const ScheduleResult& r) {
      for (const JobRecord& rec : r.jobs)
        if (r.classes[rec.cls] == "e") return rec;
      return JobRecord{};
    };
    const Workload w = workloadFromJson(j);
    const JobRecord clean = elasticJob(runWith(m, w, Policy::Fifo, 9));
    const double expected_h = 5 + (6400 - 5 * 16) / 64.0 + 60 / 3600.0;
    qInfo("elastic job: ends at %.4f h, expected %.4f h", clean.end_s / 3600, expected_h);
    QCOMPARE(clean.start_s, 0.0);
    QVERIFY(std::abs(clean.end_s / 3600 - expected_h) < 1e-6);
    // With node failures it shrinks (and grows back after repairs) instead of waiting in the queue: it is
    // interrupted, finishes later, and is never requeued behind nobody (it stays started from t = 0).
    m.failures = {{"node", 0.05, 1, 24 * 3600.0}};
    Workload wf = w;
    wf.failures = true;
    wf.classes[1].checkpoint_write_s = 30;
    ScheduleOptions o;
    o.seed = 9;
    const ScheduleResult rf = simulateSchedule(m, generateJobs(wf, m, 9), o);
    const JobRecord e = elasticJob(rf);
    qInfo("with failures: ends at %.2f h, %d interruptions", e.end_s / 3600, e.interruptions);
    QVERIFY(e.interruptions > 0);
    QVERIFY(e.end_s > clean.end_s);
    QVERIFY(e.end_s < 2 * clean.end_s);
  }

  void spreadCostsAModelSizedJob() {
    const Project p = readAnyProject(CF_SOURCE_DIR "/resources/examples/shared-cluster-workload.json");
    ClusterOptions co;
    co.energy_and_cost = false;
    const ClusterModel m = clusterModel(p, 0, co);
    const Workload w = workloadFromJson(p.scenarios[0].workload, "workload");
    const JobClass& llama = w.classes[3];
    // 32 GPUs = 4 nodes: one leaf packed (5 nodes a leaf here), or one node on each of 4 leaves, where the
    // data-parallel group crosses the 2:1 leaf uplinks.
    const Shape packed = m.step_times->compact(32);
    QCOMPARE(packed.leaves, 1LL);
    Shape spread = packed;
    spread.leaves = 4;
    const double tPacked = m.step_times->runTime_s(llama, packed, "llama");
    const double tSpread = m.step_times->runTime_s(llama, spread, "llama");
    qInfo("Llama 8B on 32 GPUs: packed %.1f h, spread over 4 leaves %.1f h (+%.1f %%)", tPacked / 3600,
          tSpread / 3600, 100 * (tSpread / tPacked - 1));
    QVERIFY(tSpread > tPacked);
    // The cache answers the same shape with the same figure.
    QCOMPARE(m.step_times->runTime_s(llama, packed, "llama"), tPacked);
  }
};

QTEST_GUILESS_MAIN(TstSchedPolicies)
#include "tst_sched_policies.moc"
