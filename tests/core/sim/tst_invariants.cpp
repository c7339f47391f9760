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

}  // namespace

class TstInvariants : public QObject {
  Q_OBJECT
 private slots:
  // The checker fails on each kind of broken figure (so the tests below can fail).
  void checkerCatchesViolations() {
    nlohmann::json out = {
        {"performance", {{"step_time_s", 2.0}, {"mfu", 0.5}, {"hfu", 0.4}, {"gpu_utilization", 0.3},
                         {"breakdown_s", {{"compute", 1.5}, {"bubble", 0.4}}}}},
        {"reliability", {{"time_to_train_days_mean", 10.0}, {"failure_free_days", 9.0},
                         {"time_to_train_days_p50", 9.5}, {"time_to_train_days_p95", 9.4},
                         {"goodput_mean", 1.2},
                         {"lost_time_h_mean", {{"recovery", -33.0}, {"wait_for_spares", 171.0}}}}},
        {"energy", {{"it_power_kW", 100.0}, {"facility_power_kW", 90.0}, {"pue", 0.9}}},
        {"cost", {{"capex_usd", 100.0}, {"opex_usd_per_year", 10.0}, {"amortization_years", 5.0}, {"tco_usd", 140.0},
                  {"capex_breakdown", nlohmann::json::array({{{"item", "racks"}, {"count", 2.0}, {"unit_usd", 10.0},
                                                              {"total_usd", 20.0}}})},
                  {"cloud_breakeven_utilization", 21.8}}},
        {"topology", {{"switches", 10}, {"switches_by_tier", {{"leaf", 4}, {"spine", 4}}}}},
    };
    const auto v = invariantViolations(out);
    for (const char* figure :
         {"performance.mfu", "performance.hfu", "performance.breakdown_s", "reliability.time_to_train_days_p50", "reliability.goodput_mean",
          "reliability.lost_time_h_mean.recovery", "reliability.lost_time_h_mean", "energy.it_power_kW", "energy.pue",
          "cost.tco_usd", "cost.capex_breakdown", "cost.cloud_breakeven_utilization", "topology.switches_by_tier"})
      QVERIFY2(mentions(v, figure), (std::string(figure) + " not caught:" + joined(v)).c_str());
    QVERIFY_THROWS_EXCEPTION(InvariantError, checkInvariants(out));
    nlohmann::json nan = {{"energy", {{"pue", NAN}}}};
    QVERIFY(mentions(invariantViolations(nan), "energy.pue"));
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
        const auto v = invariantViolations(simulateScenario(p, i, opt));
        QVERIFY2(v.empty(), (name + " #" + std::to_string(i) + joined(v)).c_str());
        ++checked;
      }
    }
    QVERIFY(checked >= 6);
  }

  // A figure a rule needs that the output lacks is a violation, not a skipped rule (issue 34).
  void missingFigureIsAViolation() {
    const std::vector<test::Example> all = test::examples();
    QVERIFY(!all.empty());
    SimulateOptions opt;
    opt.trials = 50;
    opt.backend = "cpu";
    const nlohmann::json out = simulateScenario(all.front().project, 0, opt);
    QVERIFY(invariantViolations(out).empty());
    for (const auto& [section, key, figure] :
         {std::tuple{"cost", "amortization_years", "cost.tco_usd"}, std::tuple{"performance", "hfu", "performance.hfu"},
          std::tuple{"reliability", "failure_free_days", "reliability.failure_free_days"},
          std::tuple{"energy", "facility_power_kW", "energy.it_power_kW"}}) {
      nlohmann::json broken = out;
      QVERIFY2(broken[section].contains(key), key);
      broken[section].erase(key);
      const auto v = invariantViolations(broken);
      QVERIFY2(mentions(v, figure) && joined(v).find("missing") != std::string::npos, (figure + joined(v)).c_str());
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
        nlohmann::json out;
        try {
          out = simulateScenario(p, 0, opt);
        } catch (const InputError&) {
          ++refused;  // a limit only the engine applies (counted)
          continue;
        }
        const auto v = invariantViolations(out);
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
    QVERIFY2(failures.empty(), failures.empty() ? "" : failures.front().c_str());
    QVERIFY2(valid.load() >= want, "the generator makes too few valid scenarios");
    qInfo("%d valid random scenarios checked (%d refused by validation or the engine), largest %lld GPUs",
          valid.load(), refused.load(), largest.load());
  }
};

QTEST_GUILESS_MAIN(TstInvariants)
#include "tst_invariants.moc"
