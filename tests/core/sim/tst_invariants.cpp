// Invariants of every simulate output (core/sim/Invariants.h): the checker
// itself catches doctored figures, and no example and no seeded random valid
// scenario violates any invariant (property test; generator in
// RandomScenario.h, seed below; CF_INVARIANT_SCENARIOS overrides the count).
#include <QtTest>

#include <tuple>

#include <atomic>
#include <mutex>
#include <thread>

#include "Examples.h"
#include "RandomScenario.h"
#include "design/ScenarioJson.h"
#include "design/Validation.h"
#include "sim/Invariants.h"
#include "sim/Simulate.h"

using namespace cf;

namespace {

constexpr std::uint64_t kSeed = 20261201;

bool mentions(const std::vector<std::string>& v, const std::string& figure) {
  for (const auto& s : v)
    if (s.rfind(figure, 0) == 0) return true;
  return false;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += "\n  " + x;
  return s;
}

// The first example's first scenario with the Monte Carlo on (a valid output).
SimOutput exampleOutput() {
  const std::vector<test::Example> all = test::examples();
  SimulateOptions opt;
  opt.trials = 50;
  opt.backend = "cpu";
  return simulate(all.front().project, 0, opt);
}

}  // namespace

class TstInvariants : public QObject {
  Q_OBJECT
 private slots:
  // The checker fails on each kind of broken figure (so the tests below can
  // fail): a valid output of an example, its typed figures doctored.
  void checkerCatchesViolations() {
    SimOutput out = exampleOutput();
    QVERIFY(out.reliability && out.topology);
    QVERIFY(invariantViolations(out).empty());
    PerfResult& p = out.performance.perf;
    p.mfu = 0.5;
    p.hfu = 0.4;                                  // MFU above HFU
    p.breakdown.compute += 0.25 * p.step_time_s;  // parts no longer add up; utilisation above 1 perhaps
    ReliabilityResult& r = *out.reliability;
    r.time_to_train_days.p50 = r.time_to_train_days.p95 * 1.01;  // p50 above p95
    r.goodput.mean = 1.2;
    r.lost_time_h_mean.recovery = -33.0;
    out.energy.it_train_kW = out.energy.year.facility_kW * 1.1;
    out.energy.year.pue_annual = 0.9;
    out.energy.co2_t_per_year *= 1.5;
    out.cost.tco_usd *= 1.01;
    out.cost.capex_lines.push_back({"racks", "doctored", 2, 1e9});  // lines above CAPEX
    out.cost.space_usd_per_year += 1000;                            // lines above OPEX
    out.cost.cloud_breakeven_utilization = 21.8;
    auto bom = std::make_shared<topology::TopologyModel>(*out.topology);
    for (topology::BomLine& l : bom->analysis.bom.lines)
      if (l.category == "switch") {
        l.count += 1;
        break;
      }
    out.topology = bom;
    const auto v = invariantViolations(out);
    for (const char* figure :
         {"performance.mfu", "performance.breakdown_s", "reliability.time_to_train_days_p50",
          "reliability.goodput_mean", "reliability.lost_time_h_mean.recovery", "reliability.lost_time_h_mean",
          "energy.it_power_kW", "energy.pue", "energy.co2_t_per_year", "cost.tco_usd", "cost.capex_breakdown",
          "cost.opex_breakdown_usd_per_year", "cost.cloud_breakeven_utilization", "topology.switches"})
      QVERIFY2(mentions(v, figure), (std::string(figure) + " not caught:" + joined(v)).c_str());
    QVERIFY_THROWS_EXCEPTION(InvariantError, checkInvariants(out));
    // A figure of the registry that is not finite, and a written number that is negative.
    SimOutput nan = exampleOutput();
    nan.performance.perf.memory_per_gpu_GiB = NAN;
    QVERIFY2(mentions(invariantViolations(nan), "performance.memory_per_gpu_GiB"),
             joined(invariantViolations(nan)).c_str());
    SimOutput ok = exampleOutput();
    nlohmann::json written = toJson(ok);
    QVERIFY(invariantViolations(ok, &written).empty());
    written["network"]["doctored"] = -1.0;
    QVERIFY(mentions(invariantViolations(ok, &written), "network.doctored"));
  }

  void examples() {
    int checked = 0;
    for (const test::Example& e : test::examples()) {
      const Project& p = e.project;
      const std::string& name = e.file;
      for (std::size_t i = 0; i < p.scenarios.size(); ++i) {
        SimulateOptions opt;
        opt.trials = 200;
        opt.backend = "cpu";
        nlohmann::json written;
        const SimOutput out = simulate(p, i, opt, &written);
        const auto v = invariantViolations(out, &written);
        QVERIFY2(v.empty(), (name + " #" + std::to_string(i) + joined(v)).c_str());
        ++checked;
      }
    }
    QVERIFY(checked >= 6);
  }

  // A figure a rule needs that is not a number is a violation, not a skipped
  // rule (issue 34).
  void missingFigureIsAViolation() {
    const SimOutput valid = exampleOutput();
    QVERIFY(invariantViolations(valid).empty());
    using Doctor = void (*)(SimOutput&);
    const std::vector<std::pair<const char*, Doctor>> cases = {
        {"cost.tco_usd", [](SimOutput& o) { o.cost.years = NAN; }},
        {"performance.hfu", [](SimOutput& o) { o.performance.perf.hfu = NAN; }},
        {"reliability.failure_free_days", [](SimOutput& o) { o.reliability->failure_free_days = NAN; }},
        {"energy.it_power_kW", [](SimOutput& o) { o.energy.year.facility_kW = NAN; }},
        {"performance.breakdown_s", [](SimOutput& o) { o.performance.perf.breakdown.bubble = NAN; }},
    };
    for (const auto& [figure, doctor] : cases) {
      SimOutput broken = valid;
      doctor(broken);
      const auto v = invariantViolations(broken);
      QVERIFY2(mentions(v, figure) && joined(v).find("missing") != std::string::npos,
               (std::string(figure) + joined(v)).c_str());
    }
  }

  // Seeded random valid scenarios, 8 to 131,072 GPUs: none violates an
  // invariant. Scenario i comes from RandomScenario(kSeed + i), so the set
  // is the same on any thread count; both cores work through it.
  void randomScenarios() {
    int want = 10000;
    if (const char* n = std::getenv("CF_INVARIANT_SCENARIOS")) want = std::max(1, std::atoi(n));
    const Catalog& builtin = Catalog::builtin();
    std::atomic<int> valid{0}, refused{0};
    std::atomic<long long> largest{0};
    std::mutex failMutex;
    std::vector<std::string> failures;
    std::atomic<std::uint64_t> next{0};
    auto worker = [&] {
      while (valid.load() < want && refused.load() < 4 * want) {
        const std::uint64_t i = next++;
        const nlohmann::json j = test::RandomScenario(kSeed + i).next(20);
        Project p;
        p.scenarios.push_back(scenarioFromJson(j));
        bool ok = true;
        for (const Issue& is : validateScenario(p.scenarios[0], builtin))
          if (is.severity == Issue::Severity::Error) ok = false;
        if (!ok) {
          ++refused;
          continue;
        }
        SimulateOptions opt;
        opt.backend = "cpu";
        std::vector<std::string> v;
        try {
          nlohmann::json written;
          simulate(p, 0, opt, &written);  // checks the invariants, the written numbers too
        } catch (const InvariantError& e) {
          v.push_back(e.what());
        } catch (const InputError&) {
          ++refused;  // a limit only the engine applies (counted)
          continue;
        }
        if (!v.empty()) {
          std::lock_guard<std::mutex> lock(failMutex);
          failures.push_back("scenario " + std::to_string(i) + ": " + j.dump() + joined(v));
        }
        long long g = p.scenarios[0].cluster.gpus(), cur = largest.load();
        while (g > cur && !largest.compare_exchange_weak(cur, g)) {
        }
        ++valid;
      }
    };
    std::vector<std::thread> threads;
    const unsigned n = std::max(1u, std::thread::hardware_concurrency());
    for (unsigned t = 0; t < n; ++t) threads.emplace_back(worker);
    for (auto& t : threads) t.join();
    QVERIFY2(failures.empty(), failures.empty() ? "" : failures.front().substr(failures.front().rfind("}")).c_str());
    QVERIFY2(valid.load() >= want, "the generator makes too few valid scenarios");
    qInfo("%d valid random scenarios checked (%d refused by validation or the engine), largest %lld GPUs",
          valid.load(), refused.load(), largest.load());
  }
};

QTEST_GUILESS_MAIN(TstInvariants)
#include "tst_invariants.moc"
