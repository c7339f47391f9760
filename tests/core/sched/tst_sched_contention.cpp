// Leaf-uplink contention between jobs (workload "contention", LinkShares.h),
// on a hand-made cluster of 4 leaves of 4 nodes of 8 GPUs under the example
// scenario's 2:1 fabric, with Llama 3 8B jobs of 32 GPUs (tp 8, dp 4: the
// data-parallel group crosses the leaves) placed on named nodes by trace
// replay, so every placement is the test's:
//  - "none" gives the same result as no key, and the same run times as the
//    performance model's default rule; "leaf-uplinks" on a workload with
//    nothing to share changes nothing;
//  - closed form: two jobs with 2 nodes on each of the same 2 leaves ask 4
//    nodes' line rate of uplinks worth 4 / 2 = 2: each gets half the
//    capacity, 1/2 line rate per node = the leaf's 2:1, so each runs for
//    StepTimes at share 16 (the default rule); a job alone there gets line
//    rate (share 32, no oversubscription);
//  - the pair finishes later than one job alone; a job that fills its leaves
//    runs as under "none";
//  - a job started half-way through another's run re-rates both: closed-form
//    ends from the two run times; a re-rated job keeps its checkpoint cycle;
//  - jobs on disjoint leaves do not see each other.
#include <QtTest>

#include <cmath>
#include <memory>

#include "common/InputError.h"
#include "reliability/ClosedForms.h"
#include "sched/Jobs.h"
#include "sched/LinkShares.h"
#include "sched/Simulator.h"
#include "sched/StepTimes.h"
#include "store/ProjectFile.h"

using namespace cf;
using namespace cf::sched;

namespace {

struct Placed {
  double start_s;
  std::vector<long long> nodes;
};

class Fixture {
 public:
  Fixture() {
    const Project p = readAnyProject(CF_SOURCE_DIR "/resources/examples/shared-cluster-workload.json");
    const Workload w = workloadFromJson(p.scenarios[0].workload, "workload");
    llama_ = w.classes[3];
    llama_.name = "llama";
    llama_.gpus = 32;
    llama_.size.train_tokens = 2e9;
    m_.nodes = 16;
    m_.gpus_per_node = 8;
    m_.nodes_per_leaf = 4;
    m_.leaves_per_pod = 4;
    m_.tiers = 2;
    m_.step_times = std::make_shared<StepTimes>(p.scenarios[0], p.resolvedParts(), m_);
  }

  const StepTimes& times() const { return *m_.step_times; }
  const JobClass& llama() const { return llama_; }
  double runTime(long long gpus, long long nodes, long long leaves, int share16) const {
    Shape s;
    s.gpus = gpus, s.nodes = nodes, s.leaves = leaves, s.pods = 1;
    return times().runTime_s(llama_, s, "llama", share16);
  }

  // A job set of the one llama class and one team, no jobs yet.
  JobSet oneClass(Contention c) const {
    JobSet js;
    js.classes = {"llama"};
    js.teams = {"t"};
    js.team_share = {1};
    js.team_quota = {0};
    js.class_defs = {&llama_};
    js.class_paths = {"llama"};
    js.contention = c;
    return js;
  }

  // Two 32-GPU jobs arriving at 0 and t1 under FIFO on 2 leaves with spread placement (2 nodes of each on
  // each leaf), failures at `perHour` for the whole cluster (restart in place) and `write_s` checkpoints.
  ScheduleResult runWithCheckpoints(double t1, double perHour, double write_s, std::uint64_t seed) const {
    ClusterModel m = m_;
    m.nodes = 8;
    m.leaves_per_pod = 2;
    m.failures = {{"software", perHour, 0, 0}};
    JobSet js = oneClass(Contention::LeafUplinks);
    for (double at : {0.0, t1}) {
      JobSpec s;
      s.cls = 0, s.gpus = 32, s.arrival_s = at, s.model_sized = true, s.ideal_s = 1, s.checkpoint_write_s = write_s;
      js.jobs.push_back(s);
    }
    js.horizon_s = 1e5;
    ScheduleOptions o;
    o.policy = Policy::Fifo;
    o.placement = PlacementRule::Spread;
    o.seed = seed;
    return simulateSchedule(m, js, o);
  }

  // Runs the jobs (32 GPUs each unless they name more nodes) on their nodes; returns each job's end (s).
  std::vector<double> run(const std::vector<Placed>& jobs, Contention c, long long* rerates = nullptr,
                          std::string* json = nullptr) const {
    JobSet js = oneClass(c);
    js.failures = false;
    for (const Placed& p : jobs) {
      JobSpec s;
      s.cls = 0;
      s.gpus = 8LL * static_cast<long long>(p.nodes.size());
      s.arrival_s = p.start_s;
      s.trace_start_s = p.start_s;
      s.trace_nodes = p.nodes;
      s.trace_gpus.assign(p.nodes.size(), 8);
      s.model_sized = true;
      s.ideal_s = 1;
      s.checkpoint_write_s = 0;
      js.jobs.push_back(s);
    }
    js.horizon_s = 1e7;
    ScheduleOptions o;
    o.policy = Policy::Replay;
    o.failures = false;
    const ScheduleResult r = simulateSchedule(m_, js, o);
    if (rerates) *rerates = r.rerates;
    if (json) *json = toJson(r).dump();
    std::vector<double> ends;
    for (const JobRecord& j : r.jobs) ends.push_back(j.end_s);
    return ends;
  }

 private:
  JobClass llama_;
  ClusterModel m_;
};

bool same(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)); }

// Nodes 0-3 are leaf 0, 4-7 leaf 1, 8-11 leaf 2, 12-15 leaf 3.
const std::vector<long long> kX = {0, 1, 4, 5}, kY = {2, 3, 6, 7}, kZ = {8, 9, 12, 13};

}  // namespace

class TstSchedContention : public QObject {
  Q_OBJECT
 private slots:
  void keyIsParsedAndNamed() {
    QCOMPARE(workloadFromJson(nlohmann::json::object()).contention, Contention::None);
    const Workload w = workloadFromJson(nlohmann::json::parse(R"({ "contention": "leaf-uplinks",
      "classes": [ { "name": "c", "gpus": 8, "duration_h": 1, "arrival": { "rate_per_h": 1 } } ] })"));
    QCOMPARE(w.contention, Contention::LeafUplinks);
    QCOMPARE(workloadFromJson(workloadToJson(w)), w);
    QVERIFY(!workloadToJson(Workload{}).contains("contention"));  // files without the key stay as they were
    try {
      workloadFromJson({{"contention", "spines"}}, "workload");
      QFAIL("an unknown contention mode was accepted");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QStringLiteral("workload.contention"));
    }
    try {
      workloadFromJson({{"contention", true}}, "workload");
      QFAIL("a non-string contention was accepted");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QStringLiteral("workload.contention"));
    }
  }

  void sharesAreMaxMinFair() {
    // 4 leaves of 4 nodes, 2:1: uplinks worth 2 nodes' line rate a leaf.
    LinkShares s(4, 4, 2.0);
    const std::vector<LeafUse> x = {{0, 2}, {1, 2}}, y = {{0, 2}, {1, 2}}, z = {{2, 2}, {3, 2}}, full = {{0, 4}, {1, 4}};
    const std::vector<LeafUse> one = {{2, 1}, {3, 1}}, three = {{2, 3}, {3, 3}};
    std::vector<int> k;
    s.solve({&x}, k);
    QCOMPARE(k, std::vector<int>({32}));  // alone: line rate (2 nodes' demand fits the uplinks)
    s.solve({&x, &y}, k);
    QCOMPARE(k, std::vector<int>({16, 16}));  // half the capacity each: the leaf's own 2:1
    s.solve({&x, &y, &z}, k);
    QCOMPARE(k, std::vector<int>({16, 16, 32}));  // disjoint leaves do not see each other
    s.solve({&full}, k);
    QCOMPARE(k, std::vector<int>({16}));  // a job filling its leaves: the default rule
    // Per-node max-min: 1 + 3 nodes on uplinks worth 2: 1/2 line rate each (never below the port share 1/o).
    s.solve({&one, &three}, k);
    QCOMPARE(k, std::vector<int>({16, 16}));
    QCOMPARE(LinkShares::effectiveOversubscription(16, 2.0), 2.0);
    QCOMPARE(LinkShares::effectiveOversubscription(32, 2.0), 1.0);
    QCOMPARE(LinkShares::effectiveOversubscription(24, 2.0), 2.0 * 16 / 24);
    QCOMPARE(LinkShares::quantise(0.5, 3.0), 24);
    QCOMPARE(LinkShares::quantise(1.0 / 3.0, 3.0), 16);  // the leaf's 3:1, exactly
    QCOMPARE(LinkShares::quantise(1.0, 1.3), 21);         // line rate on 1.3:1 (effective 1, not below)
    QCOMPARE(LinkShares::effectiveOversubscription(21, 1.3), 1.0);
  }

  void noneIsTheDefaultRule() {
    const Fixture f;
    std::string none, absent;
    const auto ends = f.run({{0, kX}, {0, kY}}, Contention::None, nullptr, &none);
    const double t16 = f.runTime(32, 4, 2, LinkShares::kShareOne);
    QCOMPARE(f.times().runTime_s(f.llama(), Shape{32, 4, 2, 1}, "llama"), t16);  // the default argument
    QVERIFY(same(ends[0], t16) && same(ends[1], t16));
    QVERIFY(!QString::fromStdString(none).contains(QStringLiteral("contention")));
    // A workload with nothing that crosses leaves: leaf-uplinks changes nothing, not even the output's figures.
    std::string packedNone, packedOn;
    const std::vector<long long> leaf0 = {0, 1, 2, 3}, leaf1 = {4, 5, 6, 7};
    f.run({{0, leaf0}, {0, leaf1}}, Contention::None, nullptr, &packedNone);
    long long rerates = -1;
    f.run({{0, leaf0}, {0, leaf1}}, Contention::LeafUplinks, &rerates, &packedOn);
    QCOMPARE(rerates, 0LL);
    auto figures = [](const std::string& s) {
      nlohmann::json j = nlohmann::json::parse(s);
      j.erase("contention");
      return j.dump();
    };
    QCOMPARE(figures(packedOn), figures(packedNone));
  }

  void halfTheCapacityEach() {
    const Fixture f;
    const double t16 = f.runTime(32, 4, 2, 16), t32 = f.runTime(32, 4, 2, 32);
    qInfo("Llama 3 8B, 32 GPUs over 2 leaves (2:1): alone %.2f h, sharing the leaves with a twin %.2f h (+%.1f %%)",
          t32 / 3600, t16 / 3600, 100 * (t16 / t32 - 1));
    QVERIFY(t16 > t32);  // the crossing group pays for the oversubscription
    long long rerates = 0;
    const auto pair = f.run({{0, kX}, {0, kY}}, Contention::LeafUplinks, &rerates);
    QVERIFY2(same(pair[0], t16) && same(pair[1], t16), qPrintable(QString::number(pair[0] / t16, 'g', 12)));
    const auto alone = f.run({{0, kX}}, Contention::LeafUplinks);
    QVERIFY(same(alone[0], t32));
  }

  void sharingLeavesCostsTime() {
    const Fixture f;
    const auto pair = f.run({{0, kX}, {0, kY}}, Contention::LeafUplinks);
    const auto alone = f.run({{0, kX}}, Contention::LeafUplinks);
    QVERIFY(pair[0] > alone[0] * 1.001 && pair[1] > alone[0] * 1.001);
    // Under "none" a job does not see its twin (nor whether it is alone).
    const auto pairNone = f.run({{0, kX}, {0, kY}}, Contention::None);
    const auto aloneNone = f.run({{0, kX}}, Contention::None);
    QCOMPARE(pairNone[0], aloneNone[0]);
    // A 64-GPU job filling leaves 0 and 1 alone: the same under both keys.
    const std::vector<long long> both = {0, 1, 2, 3, 4, 5, 6, 7};
    QCOMPARE(f.run({{0, both}}, Contention::LeafUplinks)[0], f.run({{0, both}}, Contention::None)[0]);
  }

  void aLaterJobReRatesBoth() {
    const Fixture f;
    const double t16 = f.runTime(32, 4, 2, 16), t32 = f.runTime(32, 4, 2, 32);
    const double t1 = t32 / 2;  // X is half done when Y arrives
    long long rerates = 0;
    const auto ends = f.run({{0, kX}, {t1, kY}}, Contention::LeafUplinks, &rerates);
    const double endX = t1 + 0.5 * t16;               // X's second half at the shared rate
    const double endY = endX + (1 - 0.5) * t32;       // Y did half at the shared rate, the rest alone
    QVERIFY2(same(ends[0], endX), qPrintable(QString::number(ends[0] / endX, 'g', 12)));
    QVERIFY2(same(ends[1], endY), qPrintable(QString::number(ends[1] / endY, 'g', 12)));
    QCOMPARE(rerates, 3LL);  // X to line rate at 0 (alone), X slowed at t1 (Y starts shared), Y to line rate at endX
  }

  void aReRateKeepsTheCheckpointCycle() {
    // With checkpoints every tau (Young's interval for the job's 4 nodes), a job re-rated mid-cycle goes on
    // with the cycle: over its life it writes ceil(W / tau) - 1 checkpoints for its W seconds of work, as
    // if it had not been re-rated; the work since the last checkpoint is not saved by the re-rate.
    const Fixture f;
    const double t16 = f.runTime(32, 4, 2, 16), t32 = f.runTime(32, 4, 2, 32);
    const double perHour = 0.01, write_s = 6;
    const double tau = ClosedForms::youngInterval_s(write_s, 1 / (perHour / 3600 / 8 * 4));
    QVERIFY(tau < t32 / 3);
    const double t1 = (tau + write_s) + 0.5 * tau;  // X is half-way through its second cycle's work
    const ScheduleResult r = f.runWithCheckpoints(t1, perHour, write_s, 1);
    QCOMPARE(r.jobs[0].interruptions + r.jobs[1].interruptions, 0);  // a seed with no failure during the runs
    const double before = 1.5 * tau;                                   // X's work seconds by t1 (alone: line rate)
    const double workX = before + (1 - before / t32) * t16;            // then shared
    const double endX = workX + (std::ceil(workX / tau) - 1) * write_s;
    const double restarted = t1 + (1 - before / t32) * t16 + (std::ceil((1 - before / t32) * t16 / tau) - 1) * write_s;
    qInfo("tau %.0f s; X ends %.1f s (a restarted cycle would give %.1f s)", tau, endX, restarted);
    QVERIFY2(same(r.jobs[0].end_s, endX), qPrintable(QString::number(r.jobs[0].end_s - endX, 'g', 12)));
    QVERIFY(std::abs(endX - restarted) > 1);  // the check tells the two apart
  }

  void disjointLeavesAreUnaffected() {
    const Fixture f;
    const double t32 = f.runTime(32, 4, 2, 32);
    long long rerates = -1;
    const auto ends = f.run({{0, kX}, {0, kZ}}, Contention::LeafUplinks, &rerates);
    QVERIFY(same(ends[0], t32) && same(ends[1], t32));
    QCOMPARE(ends[0], f.run({{0, kX}}, Contention::LeafUplinks)[0]);
  }
};

QTEST_GUILESS_MAIN(TstSchedContention)
#include "tst_sched_contention.moc"
