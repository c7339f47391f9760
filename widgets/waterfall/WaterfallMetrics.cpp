#include "waterfall/WaterfallMetrics.h"

#include <QLocale>
#include <cmath>

namespace cf {

QVector<WaterfallMetric> WaterfallMetrics::all() {
  return {WaterfallMetric::TimeToTrain, WaterfallMetric::StepTime, WaterfallMetric::Mfu,
          WaterfallMetric::GpuUtilization, WaterfallMetric::Goodput, WaterfallMetric::RunCost};
}

QString WaterfallMetrics::name(WaterfallMetric m) {
  switch (m) {
    case WaterfallMetric::StepTime: return tr("Step time");
    case WaterfallMetric::Mfu: return tr("MFU");
    case WaterfallMetric::GpuUtilization: return tr("GPU utilisation");
    case WaterfallMetric::TimeToTrain: return tr("Time to train");
    case WaterfallMetric::Goodput: return tr("Goodput");
    case WaterfallMetric::RunCost: return tr("Run cost");
  }
  return {};
}

QString WaterfallMetrics::axisTitle(WaterfallMetric m) {
  switch (m) {
    case WaterfallMetric::StepTime: return tr("Step time (s)");
    case WaterfallMetric::Mfu: return tr("MFU (%)");
    case WaterfallMetric::GpuUtilization: return tr("GPU utilisation (%)");
    case WaterfallMetric::TimeToTrain: return tr("Time to train (days)");
    case WaterfallMetric::Goodput: return tr("Goodput (%)");
    case WaterfallMetric::RunCost: return tr("Run cost (USD)");
  }
  return {};
}

bool WaterfallMetrics::higherIsBetter(WaterfallMetric m) {
  return m == WaterfallMetric::Mfu || m == WaterfallMetric::GpuUtilization || m == WaterfallMetric::Goodput;
}

std::optional<double> WaterfallMetrics::value(const WaterfallFigures& f, WaterfallMetric m) {
  switch (m) {
    case WaterfallMetric::StepTime: return f.step_time_s;
    case WaterfallMetric::Mfu: return f.mfu * 100;
    case WaterfallMetric::GpuUtilization: return f.gpu_utilization * 100;
    case WaterfallMetric::TimeToTrain: return f.days();
    case WaterfallMetric::Goodput:
      return f.goodput_mean ? std::optional<double>(*f.goodput_mean * 100) : std::nullopt;
    case WaterfallMetric::RunCost: return f.run_cost_usd;
  }
  return std::nullopt;
}

QString WaterfallMetrics::format(std::optional<double> v, WaterfallMetric m) {
  if (!v) return QStringLiteral("—");
  const QLocale l;
  switch (m) {
    case WaterfallMetric::StepTime: return tr("%1 s").arg(l.toString(*v, 'f', 3));
    case WaterfallMetric::Mfu:
    case WaterfallMetric::GpuUtilization:
    case WaterfallMetric::Goodput: return tr("%1 %").arg(l.toString(*v, 'f', 1));
    case WaterfallMetric::TimeToTrain: return tr("%1 d").arg(l.toString(*v, 'f', 1));
    case WaterfallMetric::RunCost: return tr("$%1 M").arg(l.toString(*v / 1e6, 'f', 2));
  }
  return {};
}

QString WaterfallMetrics::share(std::optional<double> s) {
  return s ? tr("%1 %").arg(QLocale().toString(*s * 100, 'f', 0)) : QStringLiteral("—");
}

QString WaterfallMetrics::days(double gainDays) {
  const QString n = QLocale().toString(std::abs(gainDays), 'f', 1);
  return gainDays < 0 ? tr("+%1 d").arg(n) : tr("−%1 d").arg(n);  // a gain shortens training
}

QString WaterfallMetrics::stepLabel(const WaterfallResult& r, int k, bool numberOnly) {
  if (k < 0) return tr("Baseline");
  if (k >= static_cast<int>(r.steps.size())) return tr("Final");
  if (numberOnly) return QString::number(k + 1);
  return QStringLiteral("%1. %2").arg(k + 1).arg(QString::fromStdString(r.steps[static_cast<std::size_t>(k)].name));
}

QVector<WaterfallMetrics::Bar> WaterfallMetrics::bars(const WaterfallResult& r, WaterfallMetric m, bool shapley) {
  QVector<Bar> out;
  const double base = value(r.baseline, m).value_or(0);
  out.push_back({stepLabel(r, -1), 0, base, true});
  const bool useShapley = shapley && m == WaterfallMetric::TimeToTrain && r.order == WaterfallOrder::Shapley;
  double level = base;
  for (std::size_t k = 0; k < r.steps.size(); ++k) {
    const WaterfallStepResult& s = r.steps[k];
    const double next = useShapley ? level - s.shapley_gain_days.value_or(0) : value(s.figures, m).value_or(level);
    out.push_back({stepLabel(r, static_cast<int>(k), true), level, next, false});
    level = next;
  }
  out.push_back({stepLabel(r, static_cast<int>(r.steps.size())), 0, value(r.steps.empty() ? r.baseline
                                                                                            : r.steps.back().figures,
                                                                           m)
                                                                         .value_or(level),
                 true});
  return out;
}

QString WaterfallMetrics::assumptions(const WaterfallResult& r) {
  const QString days = r.monte_carlo ? tr("time to train is the Monte Carlo mean with failures and restarts")
                                     : tr("time to train is failure-free (no Monte Carlo)");
  const QString order = r.order == WaterfallOrder::Shapley
                            ? tr("Shapley shares average each step over every order of the steps (%1 simulations)")
                                  .arg(r.simulations)
                            : tr("shares are of the steps in the order given (%1 simulations)").arg(r.simulations);
  return tr("Assumptions: each step applies its changes on top of the steps before it; %1; every scenario draws "
            "the same random numbers; %2; shares are of the total change in time to train.")
      .arg(days, order);
}

}  // namespace cf
