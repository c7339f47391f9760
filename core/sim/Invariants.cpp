#include "sim/Invariants.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cf {
namespace {

using json = nlohmann::json;

// Relative tolerance of the sums and identities (the parts are summed in
// another order than the whole, and the Monte Carlo sums over trials).
constexpr double kRel = 1e-6;

class Checker {
 public:
  explicit Checker(const json& out) : out_(out) {}

  std::vector<std::string> run() {
    walk(out_, "");
    performance();
    reliability();
    energy();
    cost();
    topology();
    return v_;
  }

 private:
  const json* at(const char* section, const char* key) const {
    if (!out_.contains(section) || !out_[section].is_object()) return nullptr;
    const json& s = out_[section];
    return s.contains(key) && s[key].is_number() ? &s[key] : nullptr;
  }
  bool has(const char* section) const { return out_.contains(section) && out_[section].is_object(); }
  double num(const json& j, const char* key) const {
    return j.contains(key) && j[key].is_number() ? j[key].get<double>() : NAN;
  }

  void fail(const std::string& figure, const std::string& rule) { v_.push_back(figure + ": " + rule); }
  static std::string str(double x) {
    std::ostringstream s;
    s.precision(10);
    s << x;
    return s.str();
  }

  // Every number finite and none negative (the output holds times, counts,
  // powers, energies, costs, shares and ratios only).
  void walk(const json& j, const std::string& path) {
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

  // A rule whose figures are missing is broken, not skipped (issue 34): the
  // sections a rule reads are checked for presence by the caller, so a key
  // missing inside one is a writer that forgot it.
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
    if (!has("performance")) return;
    const json& p = out_["performance"];
    const double mfu = num(p, "mfu"), hfu = num(p, "hfu");
    within01("performance.mfu", mfu);
    within01("performance.hfu", hfu);
    ordered("performance.mfu", mfu, hfu, "MFU above HFU");
    // GPU utilisation counts every kernel (perf/GpuUtilization.h); the FLOPs
    // the hardware executed at or below peak need at least hfu × step of it.
    // (MFU ≤ utilisation follows; a busy GPU need not be a useful one, so no
    // lower bound from MFU.)
    const double util = num(p, "gpu_utilization");
    within01("performance.gpu_utilization", util);
    ordered("performance.hfu", hfu, util, "HFU above GPU utilisation");
    const double step = num(p, "step_time_s");
    if (!(step > 0)) fail("performance.step_time_s", "must be > 0");
    if (p.contains("breakdown_s") && p["breakdown_s"].is_object()) {
      double sum = 0;
      for (const auto& [k, x] : p["breakdown_s"].items())
        if (x.is_number()) sum += x.get<double>();
      equal("performance.breakdown_s", sum, step, "exposed parts do not add up to the step time");
    }
    // The loader model (perf/DataLoading.h): the load is the largest of its
    // limits, and the step waits for at most the load (all of it without
    // prefetch, the part the step's other work does not hide with it).
    if (p.contains("data_loading") && p["data_loading"].is_object()) {
      const json& d = p["data_loading"];
      const double load = num(d, "load_s"), st = num(d, "storage_s"), lat = num(d, "latency_s"), cpu = num(d, "cpu_s");
      const double io = p.contains("breakdown_s") ? num(p["breakdown_s"], "data_io") : NAN;
      ordered("performance.data_loading.storage_s", st, load, "above the load time");
      ordered("performance.data_loading.latency_s", lat, load, "above the load time");
      ordered("performance.data_loading.cpu_s", cpu, load, "above the load time");
      ordered("performance.data_loading.load_s", load, st + lat + cpu, "above the sum of its limits");
      ordered("performance.breakdown_s.data_io", io, load, "above the load time");
      if (d.contains("overlapped") && d["overlapped"].is_boolean() && !d["overlapped"].get<bool>())
        equal("performance.breakdown_s.data_io", io, load, "is not the whole load without prefetch");
      else if (std::isfinite(step) && std::isfinite(load) && std::isfinite(io))
        equal("performance.breakdown_s.data_io", io, std::max(0.0, load - (step - io)),
              "is not the load the rest of the step does not hide");
    }
    // The flow step: the same work per step, so its MFU and tokens/s are the
    // analytical ones scaled by analytical / flow step.
    if (p.contains("flow") && p["flow"].is_object()) {
      const json& f = p["flow"];
      const double flowStep = num(f, "step_time_s"), ratio = num(f, "ratio_to_analytical");
      if (!(flowStep > 0)) fail("performance.flow.step_time_s", "must be > 0");
      equal("performance.flow.analytical_step_time_s", num(f, "analytical_step_time_s"), step,
            "differs from performance.step_time_s");
      equal("performance.flow.ratio_to_analytical", ratio * step, flowStep, "is not flow step / analytical step");
      within01("performance.flow.mfu", num(f, "mfu"));
      if (ratio > 0) {
        equal("performance.flow.mfu", num(f, "mfu") * ratio, mfu, "is not MFU at the flow step");
        equal("performance.flow.tokens_per_s", num(f, "tokens_per_s") * ratio, num(p, "tokens_per_s"),
              "is not tokens/s at the flow step");
      }
    }
  }

  void reliability() {
    if (!has("reliability")) return;
    const json& r = out_["reliability"];
    const std::string R = "reliability.";
    ordered(R + "interruptions_p50", num(r, "interruptions_p50"), num(r, "interruptions_p95"), "p50 above p95");
    ordered(R + "goodput_p5", num(r, "goodput_p5"), num(r, "goodput_p50"), "p5 above p50");
    ordered(R + "time_to_train_days_p50", num(r, "time_to_train_days_p50"), num(r, "time_to_train_days_p95"),
            "p50 above p95");
    for (const char* k : {"goodput_mean", "goodput_p5", "goodput_p50", "goodput_closed_form"}) within01(R + k, num(r, k));
    const double mean = num(r, "time_to_train_days_mean"), free = num(r, "failure_free_days");
    ordered(R + "failure_free_days", free, mean, "failure-free time above the mean wall time");
    if (r.contains("lost_time_h_mean") && r["lost_time_h_mean"].is_object()) {
      double lost = 0;
      for (const auto& [k, x] : r["lost_time_h_mean"].items())
        if (x.is_number()) lost += x.get<double>();
      equal(R + "lost_time_h_mean", lost, (mean - free) * 24.0, "parts do not add up to wall time minus work");
      if (r.contains("gpu_hours_lost_by_cause") && r.contains("counts")) {
        double byCause = 0;
        for (const auto& [k, x] : r["gpu_hours_lost_by_cause"].items())
          if (x.is_number()) byCause += x.get<double>();
        equal(R + "gpu_hours_lost_by_cause", byCause, lost * num(r["counts"], "gpus"),
              "causes do not add up to the lost time of all GPUs");
      }
    }
  }

  void energy() {
    if (!has("energy")) return;
    const json& e = out_["energy"];
    const double it = num(e, "it_power_kW"), fac = num(e, "facility_power_kW"), pue = num(e, "pue");
    ordered("energy.it_power_kW", it, fac, "IT power above facility power");
    if (std::isfinite(pue) && pue < 1 - kRel) fail("energy.pue", "below 1 (" + str(pue) + ")");
  }

  void cost() {
    if (!has("cost")) return;
    const json& c = out_["cost"];
    const double capex = num(c, "capex_usd"), opex = num(c, "opex_usd_per_year"), tco = num(c, "tco_usd");
    equal("cost.tco_usd", tco, capex + num(c, "amortization_years") * opex, "TCO is not CAPEX + years x OPEX");
    if (c.contains("capex_breakdown") && c["capex_breakdown"].is_array()) {
      double sum = 0;
      for (const json& l : c["capex_breakdown"]) {
        sum += num(l, "total_usd");
        equal("cost.capex_breakdown." + l.value("item", std::string()), num(l, "total_usd"),
              num(l, "count") * num(l, "unit_usd"), "line total is not count x unit price");
      }
      equal("cost.capex_breakdown", sum, capex, "lines do not add up to CAPEX");
    }
    if (c.contains("opex_breakdown_usd_per_year") && c["opex_breakdown_usd_per_year"].is_object()) {
      double sum = 0;
      for (const auto& [k, x] : c["opex_breakdown_usd_per_year"].items())
        if (x.is_number()) sum += x.get<double>();
      equal("cost.opex_breakdown_usd_per_year", sum, opex, "lines do not add up to OPEX");
    }
    if (c.contains("cloud_breakeven_utilization") && c["cloud_breakeven_utilization"].is_number())
      within01("cost.cloud_breakeven_utilization", c["cloud_breakeven_utilization"].get<double>());
  }

  void topology() {
    if (!has("topology")) return;
    const json& t = out_["topology"];
    if (t.contains("switches_by_tier") && t["switches_by_tier"].is_object()) {
      double sum = 0;
      for (const auto& [k, x] : t["switches_by_tier"].items())
        if (x.is_number()) sum += x.get<double>();
      equal("topology.switches_by_tier", sum, num(t, "switches"), "tiers do not add up to the switch count");
    }
  }

  const json& out_;
  std::vector<std::string> v_;
};

}  // namespace

std::vector<std::string> invariantViolations(const nlohmann::json& out) { return Checker(out).run(); }

void checkInvariants(const nlohmann::json& out) {
  const auto v = invariantViolations(out);
  if (v.empty()) return;
  std::string msg = "engine invariant violated: ";
  for (std::size_t i = 0; i < v.size() && i < 5; ++i) msg += (i ? "; " : "") + v[i];
  if (v.size() > 5) msg += "; and " + std::to_string(v.size() - 5) + " more";
  throw InvariantError(msg);
}

}  // namespace cf
