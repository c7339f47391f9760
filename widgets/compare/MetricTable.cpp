#include "compare/MetricTable.h"

#include <QLocale>
#include <algorithm>
#include <iterator>
#include <string_view>
#include <cmath>
#include <limits>

namespace cf {

namespace {

// How the GUI shows each registry figure: the unit it is shown in, decimals,
// and the factor from the registry's unit to it (USD -> M USD, s -> min,
// fraction -> %).
struct Display {
  const char* id;
  const char* unit;  // shown unit (translated, context MetricTable)
  int decimals;
  double factor;
};
const Display kDisplay[] = {
    {"step_time_s", QT_TRANSLATE_NOOP("MetricTable", "s"), 2, 1},
    {"mfu", QT_TRANSLATE_NOOP("MetricTable", "%"), 1, 100},
    {"tokens_per_s", "", 0, 1},
    {"memory_per_gpu_GiB", QT_TRANSLATE_NOOP("MetricTable", "GiB"), 1, 1},
    {"time_to_train_days", QT_TRANSLATE_NOOP("MetricTable", "days"), 1, 1},
    {"cluster_mtbf_h", QT_TRANSLATE_NOOP("MetricTable", "h"), 1, 1},
    {"interruptions_mean", "", 1, 1},
    {"goodput_mean", QT_TRANSLATE_NOOP("MetricTable", "%"), 1, 100},
    {"time_to_train_days_mean", QT_TRANSLATE_NOOP("MetricTable", "days"), 1, 1},
    {"time_to_train_days_p95", QT_TRANSLATE_NOOP("MetricTable", "days"), 1, 1},
    {"checkpoint_interval_s", QT_TRANSLATE_NOOP("MetricTable", "min"), 1, 1.0 / 60},
    {"it_power_kW", QT_TRANSLATE_NOOP("MetricTable", "kW"), 0, 1},
    {"facility_power_kW", QT_TRANSLATE_NOOP("MetricTable", "kW"), 0, 1},
    {"cooling_power_kW", QT_TRANSLATE_NOOP("MetricTable", "kW"), 0, 1},
    {"pue", "", 2, 1},
    {"energy_MWh_per_year", QT_TRANSLATE_NOOP("MetricTable", "MWh"), 0, 1},
    {"co2_t_per_year", QT_TRANSLATE_NOOP("MetricTable", "t"), 0, 1},
    {"capex_usd", QT_TRANSLATE_NOOP("MetricTable", "M USD"), 2, 1e-6},
    {"opex_usd_per_year", QT_TRANSLATE_NOOP("MetricTable", "M USD"), 2, 1e-6},
    {"tco_usd", QT_TRANSLATE_NOOP("MetricTable", "M USD"), 2, 1e-6},
    {"usd_per_gpu_hour", QT_TRANSLATE_NOOP("MetricTable", "USD"), 2, 1},
    {"run_cost_usd", QT_TRANSLATE_NOOP("MetricTable", "M USD"), 2, 1e-6},
    {"usd_per_million_tokens", QT_TRANSLATE_NOOP("MetricTable", "USD"), 3, 1},
    {"cloud_breakeven_utilization", QT_TRANSLATE_NOOP("MetricTable", "%"), 1, 100},
    {"switches", "", 0, 1},
    {"optics", "", 0, 1},
    {"bisection_Tbps", QT_TRANSLATE_NOOP("MetricTable", "Tb/s"), 1, 1},
};

}  // namespace

QVector<MetricTable::Metric> MetricTable::metrics() {
  QVector<Metric> out;
  for (const MetricSpec& spec : metricRegistry()) {
    const Display* d = std::find_if(std::begin(kDisplay), std::end(kDisplay),
                                    [&](const Display& x) { return std::string_view(x.id) == spec.id; });
    if (d == std::end(kDisplay)) continue;  // not a row of the table (tst_comparison checks there is none)
    const MetricSpec* s = &spec;
    out.push_back({spec.id, [s](const SimOutput& o) { return s->read(o); },
                   QCoreApplication::translate("cf::Metric", spec.label), *d->unit ? tr(d->unit) : QString(),
                   d->decimals, d->factor, spec.better, spec.isFraction()});
  }
  return out;
}

QString MetricTable::meaning(const Metric& m) {
  const MetricSpec* s = findMetric(m.id);
  return s ? QCoreApplication::translate("cf::Metric", s->meaning) : QString();
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
