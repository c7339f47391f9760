#include "MetricTable.h"

#include <QLocale>
#include <cmath>
#include <limits>

namespace cf {

QVector<MetricTable::Metric> MetricTable::metrics() {
  using B = Better;
  return {
      {"performance", "step_time_s", tr("Step time"), tr("s"), 2, 1, B::Lower},
      {"performance", "mfu", tr("MFU"), tr("%"), 1, 100, B::Higher},
      {"performance", "tokens_per_s", tr("Tokens per second"), QString(), 0, 1, B::Higher},
      {"performance", "memory_per_gpu_GiB", tr("Memory per GPU"), tr("GiB"), 1, 1, B::None},
      {"performance", "time_to_train_days", tr("Time to train, failure-free"), tr("days"), 1, 1, B::Lower},
      {"reliability", "cluster_mtbf_h", tr("Cluster MTBF"), tr("h"), 1, 1, B::Higher},
      {"reliability", "interruptions_mean", tr("Interruptions per run"), QString(), 1, 1, B::Lower},
      {"reliability", "goodput_mean", tr("Goodput (ETTR)"), tr("%"), 1, 100, B::Higher},
      {"reliability", "time_to_train_days_mean", tr("Time to train, mean"), tr("days"), 1, 1, B::Lower},
      {"reliability", "time_to_train_days_p95", tr("Time to train, p95"), tr("days"), 1, 1, B::Lower},
      {"reliability", "checkpoint_interval_s", tr("Checkpoint interval"), tr("min"), 1, 1.0 / 60, B::None},
      {"energy", "it_power_kW", tr("IT power"), tr("kW"), 0, 1, B::Lower},
      {"energy", "facility_power_kW", tr("Facility power"), tr("kW"), 0, 1, B::Lower},
      {"energy", "pue", tr("PUE"), QString(), 2, 1, B::Lower},
      {"energy", "energy_MWh_per_year", tr("Energy per year"), tr("MWh"), 0, 1, B::Lower},
      {"energy", "co2_t_per_year", tr("CO₂ per year"), tr("t"), 0, 1, B::Lower},
      {"cost", "capex_usd", tr("CAPEX"), tr("M USD"), 2, 1e-6, B::Lower},
      {"cost", "opex_usd_per_year", tr("OPEX per year"), tr("M USD"), 2, 1e-6, B::Lower},
      {"cost", "tco_usd", tr("TCO"), tr("M USD"), 2, 1e-6, B::Lower},
      {"cost", "usd_per_gpu_hour", tr("Cost per GPU-hour"), tr("USD"), 2, 1, B::Lower},
      {"cost", "run_cost_usd", tr("Cost of the run"), tr("M USD"), 2, 1e-6, B::Lower},
      {"cost", "usd_per_million_tokens", tr("Cost per million tokens"), tr("USD"), 3, 1, B::Lower},
      {"topology", "switches", tr("Switches"), QString(), 0, 1, B::None},
      {"topology", "optics", tr("Optical modules"), QString(), 0, 1, B::None},
      {"topology", "bisection_Tbps", tr("Bisection bandwidth"), tr("Tb/s"), 1, 1, B::Higher},
  };
}

double MetricTable::value(const Metric& m, const SimResult& r) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double v = r.number(m.section, m.key, nan);
  return std::isnan(v) ? nan : v * m.factor;
}

QString MetricTable::format(const Metric& m, double shown) {
  if (std::isnan(shown)) return QStringLiteral("—");
  return QLocale().toString(shown, 'f', m.decimals);
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
