#include "MetricTable.h"

#include <QLocale>
#include <cmath>
#include <limits>

namespace cf {

namespace {

using Out = SimOutput;
using Opt = std::optional<double>;

// Getters by section: performance, energy and cost are always there;
// reliability only when the Monte Carlo ran.
MetricTable::Getter perfFigure(double PerfResult::*f) {
  return [f](const Out& o) -> Opt { return o.performance.perf.*f; };
}
MetricTable::Getter energyFigure(double EnergyResult::*f) {
  return [f](const Out& o) -> Opt { return o.energy.*f; };
}
MetricTable::Getter costFigure(double CostResult::*f) {
  return [f](const Out& o) -> Opt { return o.cost.*f; };
}
MetricTable::Getter relFigure(std::function<double(const ReliabilityResult&)> f) {
  return [f](const Out& o) -> Opt { return o.reliability ? Opt(f(*o.reliability)) : std::nullopt; };
}
MetricTable::Getter relStat(SampleStats ReliabilityResult::*stat, double SampleStats::*f) {
  return relFigure([stat, f](const ReliabilityResult& r) { return r.*stat.*f; });
}
MetricTable::Getter topoFigure(std::function<double(const topology::TopologyModel&)> f) {
  return [f](const Out& o) -> Opt { return o.topology ? Opt(f(*o.topology)) : std::nullopt; };
}

}  // namespace

QVector<MetricTable::Metric> MetricTable::metrics() {
  using B = Better;
  using R = ReliabilityResult;
  using S = SampleStats;
  using T = topology::TopologyModel;
  return {
      // The step and failure-free time the later models used (the flow simulation's when it ran).
      {"step_time_s", [](const Out& o) -> Opt { return o.stepTime_s(); }, tr("Step time"), tr("s"), 2, 1, B::Lower},
      {"mfu", [](const Out& o) -> Opt { return o.mfu(); }, tr("MFU"), tr("%"), 1, 100, B::Higher, true},
      {"tokens_per_s", [](const Out& o) -> Opt { return o.tokensPerSecond(); }, tr("Tokens per second"), QString(), 0,
       1, B::Higher},
      {"memory_per_gpu_GiB", perfFigure(&PerfResult::memory_per_gpu_GiB), tr("Memory per GPU"), tr("GiB"), 1, 1,
       B::None},
      {"time_to_train_days", [](const Out& o) -> Opt { return o.failureFreeDays(); }, tr("Time to train, failure-free"),
       tr("days"), 1, 1, B::Lower},
      {"cluster_mtbf_h", relFigure([](const R& r) { return r.cluster_mtbf_h; }), tr("Cluster MTBF"), tr("h"), 1, 1,
       B::Higher},
      {"interruptions_mean", relStat(&R::interruptions, &S::mean), tr("Interruptions per run"), QString(), 1, 1,
       B::Lower},
      {"goodput_mean", relStat(&R::goodput, &S::mean), tr("Goodput (ETTR)"), tr("%"), 1, 100, B::Higher,
       true},
      {"time_to_train_days_mean", relStat(&R::time_to_train_days, &S::mean), tr("Time to train, mean"), tr("days"), 1,
       1, B::Lower},
      {"time_to_train_days_p95", relStat(&R::time_to_train_days, &S::p95), tr("Time to train, p95"), tr("days"), 1, 1,
       B::Lower},
      {"checkpoint_interval_s", relFigure([](const R& r) { return r.checkpoint_intervals.used; }),
       tr("Checkpoint interval"), tr("min"), 1, 1.0 / 60, B::None},
      {"it_power_kW", energyFigure(&EnergyResult::it_train_kW), tr("IT power"), tr("kW"), 0, 1, B::Lower},
      {"facility_power_kW", [](const Out& o) -> Opt { return o.energy.year.facility_kW; }, tr("Facility power"),
       tr("kW"), 0, 1, B::Lower},
      {"pue", [](const Out& o) -> Opt { return o.energy.year.pue_annual; }, tr("PUE"), QString(), 2, 1, B::Lower},
      {"energy_MWh_per_year", energyFigure(&EnergyResult::energy_MWh_per_year), tr("Energy per year"), tr("MWh"), 0,
       1, B::Lower},
      {"co2_t_per_year", energyFigure(&EnergyResult::co2_t_per_year), tr("CO₂ per year"), tr("t"), 0, 1, B::Lower},
      {"capex_usd", costFigure(&CostResult::capex_usd), tr("CAPEX"), tr("M USD"), 2, 1e-6, B::Lower},
      {"opex_usd_per_year", costFigure(&CostResult::opex_usd_per_year), tr("OPEX per year"), tr("M USD"), 2, 1e-6,
       B::Lower},
      {"tco_usd", costFigure(&CostResult::tco_usd), tr("TCO"), tr("M USD"), 2, 1e-6, B::Lower},
      {"usd_per_gpu_hour", costFigure(&CostResult::usd_per_gpu_hour), tr("Cost per GPU-hour"), tr("USD"), 2, 1,
       B::Lower},
      {"run_cost_usd", costFigure(&CostResult::run_cost_usd), tr("Cost of the run"), tr("M USD"), 2, 1e-6, B::Lower},
      {"usd_per_million_tokens", costFigure(&CostResult::usd_per_million_tokens), tr("Cost per million tokens"),
       tr("USD"), 3, 1, B::Lower},
      {"switches", topoFigure([](const T& t) { return double(topology::switchCount(t.fabric, t.analysis.counts)); }),
       tr("Switches"), QString(), 0, 1, B::None},
      {"optics", topoFigure([](const T& t) { return double(t.analysis.bom.optics()); }), tr("Optical modules"),
       QString(), 0, 1, B::None},
      {"bisection_Tbps", topoFigure([](const T& t) {  // not yet known in an estimate without the path analysis
         return t.analysis.paths ? t.analysis.bisection.bisection_Gbps / 1000.0 : std::numeric_limits<double>::quiet_NaN();
       }),
       tr("Bisection bandwidth"), tr("Tb/s"), 1, 1, B::Higher},
  };
}

double MetricTable::value(const Metric& m, const SimResult& r) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (!r.ok() || !m.get) return nan;
  const std::optional<double> v = m.get(*r.output);
  return v && std::isfinite(*v) ? *v * m.factor : nan;
}

QString MetricTable::format(const Metric& m, double shown) {
  if (std::isnan(shown)) return QStringLiteral("—");
  return QLocale().toString(shown, 'f', m.decimals);
}

MetricTable::Delta MetricTable::delta(const Metric& m, double base, double value) {
  Delta d;
  if (std::isnan(base) || std::isnan(value)) return d;
  double change = 0;
  if (m.points) {
    change = value - base;
  } else {
    if (std::abs(base) < 1e-12) return d;
    change = (value - base) / std::abs(base) * 100.0;
  }
  const QLocale loc;
  const int decimals = m.points ? m.decimals : 1;
  // Equal when it rounds to zero at the precision shown.
  const bool same = loc.toString(std::abs(change), 'f', decimals) == loc.toString(0.0, 'f', decimals);
  d.value = change;
  d.text = (change >= 0 ? QStringLiteral("+") : QString()) + loc.toString(change, 'f', decimals) +
           (m.points ? tr(" pp") : QStringLiteral(" %"));
  if (same) {
    d.judgement = Judgement::Same;
    d.text = (m.points ? tr("±0 pp") : tr("±0 %"));
  } else if (m.better == Better::None) {
    d.judgement = Judgement::Neutral;
  } else {
    d.judgement = (change < 0) == (m.better == Better::Lower) ? Judgement::Better : Judgement::Worse;
  }
  return d;
}

int MetricTable::best(const Metric& m, const QVector<double>& values) {
  if (m.better == Better::None) return -1;
  int best = -1;
  for (int i = 0; i < values.size(); ++i) {
    if (std::isnan(values[i])) continue;
    if (best < 0 || (m.better == Better::Lower ? values[i] < values[best] : values[i] > values[best])) best = i;
  }
  return best;
}

}  // namespace cf
