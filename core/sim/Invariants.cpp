#include "sim/Invariants.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "perf/GpuUtilization.h"
#include "sim/Metrics.h"
#include "sim/SimOutput.h"
#include "topology/Analysis.h"

namespace cf {
namespace {

// Relative tolerance of the sums and identities (the parts are summed in
// another order than the whole, and the Monte Carlo sums over trials).
constexpr double kRel = 1e-6;

class Checker {
 public:
  explicit Checker(const SimOutput& out) : o_(out) {}

  std::vector<std::string> run(const nlohmann::json* written) {
    registryFigures();
    if (written) walk(*written, "");
    performance();
    reliability();
    energy();
    cost();
    topology();
    return v_;
  }

 private:
  void fail(const std::string& figure, const std::string& rule) { v_.push_back(figure + ": " + rule); }
  static std::string str(double x) {
    std::ostringstream s;
    s.precision(10);
    s << x;
    return s.str();
  }

  // Every figure of the registry: finite and not negative when computed.
  void registryFigures() {
    for (const MetricSpec& m : metricRegistry()) {
      const std::optional<double> x = m.get(o_);
      if (!x) continue;
      std::string figure(m.output + 1);  // "/energy/pue" -> "energy.pue"
      std::replace(figure.begin(), figure.end(), '/', '.');
      if (!std::isfinite(*x))
        fail(figure, "not finite");
      else if (*x < 0)
        fail(figure, "negative (" + str(*x) + ")");
    }
  }

  // Every number of the written object finite and none negative.
  void walk(const nlohmann::json& j, const std::string& path) {
    if (j.is_number()) {
      const double x = j.get<double>();
      if (!std::isfinite(x)) fail(path, "not finite");
      else if (x < 0) fail(path, "negative (" + str(x) + ")");
      return;
    }
    if (j.is_object()) {
      for (auto it = j.begin(); it != j.end(); ++it) walk(it.value(), path.empty() ? it.key() : path + "." + it.key());
    } else if (j.is_array()) {
      for (std::size_t i = 0; i < j.size(); ++i) walk(j[i], path + "[" + std::to_string(i) + "]");
    }
  }

  // A rule whose figure is not a number is broken, not skipped (issue 34).
  bool present(const std::string& figure, std::initializer_list<double> xs, const char* rule) {
    for (double x : xs)
      if (!std::isfinite(x)) {
        fail(figure, std::string("a figure of the rule \"") + rule + "\" is missing");
        return false;
      }
    return true;
  }
  void ordered(const std::string& figure, double lo, double hi, const char* rule) {
    if (present(figure, {lo, hi}, rule) && lo > hi * (1 + kRel) + 1e-12)
      fail(figure, std::string(rule) + " (" + str(lo) + " > " + str(hi) + ")");
  }
  void within01(const std::string& figure, double x) {
    if (present(figure, {x}, "within [0, 1]") && (x < 0 || x > 1 + kRel))
      fail(figure, "outside [0, 1] (" + str(x) + ")");
  }
  void equal(const std::string& figure, double got, double want, const char* rule) {
    if (!present(figure, {got, want}, rule)) return;
    if (std::abs(got - want) > kRel * std::max(std::abs(got), std::abs(want)) + 1e-9)
      fail(figure, std::string(rule) + " (" + str(got) + " vs " + str(want) + ")");
  }

  void performance() {
    const PerfResult& p = o_.performance.perf;
    within01("performance.mfu", p.mfu);
    within01("performance.hfu", p.hfu);
    ordered("performance.mfu", p.mfu, p.hfu, "MFU above HFU");
    // GPU utilisation counts every kernel (perf/GpuUtilization.h); the FLOPs
    // the hardware executed at or below peak need at least hfu × step of it.
    // (MFU ≤ utilisation follows; a busy GPU need not be a useful one, so no
    // lower bound from MFU.)
    const double util = gpuUtilization(p.breakdown);
    within01("performance.gpu_utilization", util);
    ordered("performance.hfu", p.hfu, util, "HFU above GPU utilisation");
    if (!(p.step_time_s > 0)) fail("performance.step_time_s", "must be > 0");
    equal("performance.breakdown_s", p.breakdown.total(), p.step_time_s,
          "exposed parts do not add up to the step time");
    // The loader model (perf/DataLoading.h): the load is the largest of its
    // limits, and the step waits for at most the load (all of it without
    // prefetch, the part the step's other work does not hide with it).
    const DataLoadingEstimate& d = o_.performance.data_loading;
    if (d.modelled) {
      const double io = p.breakdown.data_io;
      ordered("performance.data_loading.storage_s", d.storage_s, d.load_s, "above the load time");
      ordered("performance.data_loading.latency_s", d.latency_s, d.load_s, "above the load time");
      ordered("performance.data_loading.cpu_s", d.cpu_s, d.load_s, "above the load time");
      ordered("performance.data_loading.load_s", d.load_s, d.storage_s + d.latency_s + d.cpu_s,
              "above the sum of its limits");
      ordered("performance.breakdown_s.data_io", io, d.load_s, "above the load time");
      if (!d.overlapped)
        equal("performance.breakdown_s.data_io", io, d.load_s, "is not the whole load without prefetch");
      else
        equal("performance.breakdown_s.data_io", io, std::max(0.0, d.load_s - (p.step_time_s - io)),
              "is not the load the rest of the step does not hide");
    }
    // The flow step: the analytical step scaled by its ratio; time to train with it.
    if (o_.flow) {
      const FlowFigures& f = *o_.flow;
      if (!(f.step_time_s > 0)) fail("performance.flow.step_time_s", "must be > 0");
      equal("performance.flow.analytical_step_time_s", f.analytical_step_time_s, p.step_time_s,
            "differs from performance.step_time_s");
      equal("performance.flow.ratio_to_analytical", f.ratio_to_analytical * p.step_time_s, f.step_time_s,
            "is not flow step / analytical step");
      equal("performance.flow.time_to_train_days", f.time_to_train_days, p.time_to_train_days * f.ratio_to_analytical,
            "is not the failure-free time at the flow step");
      within01("performance.flow.mfu", o_.mfu());
    }
  }

  void reliability() {
    if (!o_.reliability) return;
    const ReliabilityResult& r = *o_.reliability;
    const std::string R = "reliability.";
    ordered(R + "interruptions_p50", r.interruptions.p50, r.interruptions.p95, "p50 above p95");
    ordered(R + "goodput_p5", r.goodput.p5, r.goodput.p50, "p5 above p50");
    ordered(R + "time_to_train_days_p50", r.time_to_train_days.p50, r.time_to_train_days.p95, "p50 above p95");
    within01(R + "goodput_mean", r.goodput.mean);
    within01(R + "goodput_p5", r.goodput.p5);
    within01(R + "goodput_p50", r.goodput.p50);
    within01(R + "goodput_closed_form", r.goodput_closed_form);
    const double mean = r.time_to_train_days.mean, free = r.failure_free_days;
    ordered(R + "failure_free_days", free, mean, "failure-free time above the mean wall time");
    const LostTime_h& l = r.lost_time_h_mean;
    for (const auto& [name, x] :
         {std::pair{"rework", l.rework}, std::pair{"recovery", l.recovery},
          std::pair{"wait_for_spares", l.wait_for_spares}, std::pair{"checkpoint", l.checkpoint},
          std::pair{"fail_slow_and_elastic", l.fail_slow_and_elastic}})
      if (x < 0) fail(R + "lost_time_h_mean." + name, "negative (" + str(x) + ")");
    const double lost = l.rework + l.recovery + l.wait_for_spares + l.checkpoint + l.fail_slow_and_elastic;
    equal(R + "lost_time_h_mean", lost, (mean - free) * 24.0, "parts do not add up to wall time minus work");
    double byCause = r.checkpoint_overhead_gpu_hours;
    for (const ReliabilityCause& c : r.causes) byCause += c.gpu_hours_lost_mean;
    equal(R + "gpu_hours_lost_by_cause", byCause, lost * static_cast<double>(r.counts.gpus),
          "causes do not add up to the lost time of all GPUs");
  }

  void energy() {
    const EnergyResult& e = o_.energy;
    ordered("energy.it_power_kW", e.it_train_kW, e.year.facility_kW, "IT power above facility power");
    if (present("energy.pue", {e.year.pue_annual}, "at least 1") && e.year.pue_annual < 1 - kRel)
      fail("energy.pue", "below 1 (" + str(e.year.pue_annual) + ")");
    equal("energy.energy_MWh_per_year", e.energy_MWh_per_year, e.year.facility_kW * 8760.0 / 1000.0,
          "is not facility power x 8,760 h");
    equal("energy.co2_t_per_year", e.co2_t_per_year, e.energy_MWh_per_year * e.grid_kgCO2_per_kWh,
          "is not energy x grid intensity");
  }

  void cost() {
    const CostResult& c = o_.cost;
    equal("cost.tco_usd", c.tco_usd, c.capex_usd + c.years * c.opex_usd_per_year, "TCO is not CAPEX + years x OPEX");
    double lines = 0;
    for (const CapexLine& l : c.capex_lines) {
      if (l.count < 0 || l.unit_usd < 0) fail("cost.capex_breakdown." + l.item, "negative count or price");
      lines += l.total();
    }
    equal("cost.capex_breakdown", lines, c.capex_usd, "lines do not add up to CAPEX");
    equal("cost.opex_breakdown_usd_per_year",
          c.electricity_usd_per_year + c.support_usd_per_year + c.plant_om_usd_per_year + c.space_usd_per_year,
          c.opex_usd_per_year, "lines do not add up to OPEX");
    // NaN here means "owning never breaks even" (CostModel.h), not a missing figure.
    if (std::isfinite(c.cloud_breakeven_utilization))
      within01("cost.cloud_breakeven_utilization", c.cloud_breakeven_utilization);
  }

  // The bill of materials counts the switches the fabric graph holds.
  void topology() {
    if (!o_.topology) return;
    const topology::TopologyModel& t = *o_.topology;
    double billed = 0;
    for (const topology::BomLine& l : t.analysis.bom.lines)
      if (l.category == "switch") billed += l.count;
    equal("topology.switches", billed, static_cast<double>(topology::switchCount(t.fabric, t.analysis.counts)),
          "the bill of materials does not count the fabric's switches");
  }

  const SimOutput& o_;
  std::vector<std::string> v_;
};

}  // namespace

std::vector<std::string> invariantViolations(const SimOutput& out, const nlohmann::json* written) {
  return Checker(out).run(written);
}

void checkInvariants(const SimOutput& out, const nlohmann::json* written) {
  const auto v = invariantViolations(out, written);
  if (v.empty()) return;
  std::string msg = "engine invariant violated: ";
  for (std::size_t i = 0; i < v.size() && i < 5; ++i) msg += (i ? "; " : "") + v[i];
  if (v.size() > 5) msg += "; and " + std::to_string(v.size() - 5) + " more";
  throw InvariantError(msg);
}

}  // namespace cf
