#include "compare/CompareCharts.h"

#include <cmath>

#include "charts/ChartStyle.h"
#include "charts/ChartView.h"
#include "dashboard/ResultCharts.h"

namespace cf {

namespace {

bool any(const QVector<SimResultPtr>& results) {
  return std::any_of(results.begin(), results.end(), [](const SimResultPtr& r) { return r && r->ok(); });
}

double finite(std::optional<double> v) { return v && std::isfinite(*v) ? *v : 0.0; }

bool noData(ChartView* view) {
  view->showMessage(CompareCharts::tr("Not simulated yet."));
  return false;
}

}  // namespace

bool CompareCharts::stepBreakdown(ChartView* view, const QStringList& tags, const QVector<SimResultPtr>& results) {
  view->setTitle(tr("Step time breakdown by scenario"));
  QVector<ChartView::Series> series;
  const auto parts = ResultCharts::breakdownParts(StepBreakdown{});  // the keys, in order
  for (std::size_t part = 0; part < parts.size(); ++part) {
    const QString key = QString::fromStdString(parts[part].first);
    ChartView::Series s{ResultCharts::keyName(key), {}, {}, key};
    double sum = 0;
    for (int c = 0; c < tags.size(); ++c) {
      const SimResultPtr r = results.value(c);
      double v = 0;
      if (r && r->ok()) {
        v = ResultCharts::breakdownParts(r->output->performance.perf.breakdown)[part].second;
        if (!std::isfinite(v)) v = 0;
      }
      s.values << v;
      sum += v;
    }
    if (sum > 0) series << s;
  }
  if (series.isEmpty()) return noData(view);
  view->showBars(tags, series, tr("seconds"), true);
  return true;
}

bool CompareCharts::tcoAgainstTime(ChartView* view, const QStringList& tags, const QStringList& names,
                                   const QVector<SimResultPtr>& results) {
  view->setTitle(tr("TCO against time to train"));
  QVector<ChartView::Point> points;
  for (int c = 0; c < tags.size(); ++c) {
    const SimResultPtr r = results.value(c);
    if (!r || !r->ok()) continue;
    // With failures when the Monte Carlo ran, else failure-free.
    const SimOutput& out = *r->output;
    points.append({out.timeToTrainMeanDays().value_or(out.failureFreeDays()), out.cost.tco_usd / 1e6, names.value(c),
                   chartstyle::seriesColor(c), tags[c]});
  }
  if (points.isEmpty()) return noData(view);
  view->showScatter(points, tr("time to train, mean (days)"), tr("TCO (million USD)"));
  return true;
}

bool CompareCharts::timeToTrain(ChartView* view, const QStringList& tags, const QVector<SimResultPtr>& results) {
  view->setTitle(tr("Time to train by scenario"));
  if (!any(results)) return noData(view);
  ChartView::Series free{tr("failure-free"), {}}, mean{tr("mean, with failures"), {}}, p95{tr("p95, with failures"), {}};
  bool withFailures = false;
  for (int c = 0; c < tags.size(); ++c) {
    const SimResultPtr r = results.value(c);
    const bool ok = r && r->ok();
    free.values << (ok ? finite(r->output->failureFreeDays()) : 0.0);
    const auto& rel = ok ? r->output->reliability : std::nullopt;
    mean.values << (rel ? finite(rel->time_to_train_days.mean) : 0.0);
    p95.values << (rel ? finite(rel->time_to_train_days.p95) : 0.0);
    withFailures = withFailures || rel.has_value();
  }
  QVector<ChartView::Series> series{free};
  if (withFailures) series << mean << p95;
  view->showBars(tags, series, tr("days"));
  return true;
}

bool CompareCharts::cost(ChartView* view, const QStringList& tags, const QVector<SimResultPtr>& results) {
  view->setTitle(tr("Cost by scenario"));
  if (!any(results)) return noData(view);
  ChartView::Series capex{tr("CAPEX"), {}}, tco{tr("TCO"), {}}, run{tr("Cost of the run"), {}};
  for (int c = 0; c < tags.size(); ++c) {
    const SimResultPtr r = results.value(c);
    const bool ok = r && r->ok();
    capex.values << (ok ? finite(r->output->cost.capex_usd) / 1e6 : 0.0);
    tco.values << (ok ? finite(r->output->cost.tco_usd) / 1e6 : 0.0);
    run.values << (ok ? finite(r->output->cost.run_cost_usd) / 1e6 : 0.0);
  }
  view->showBars(tags, {capex, tco, run}, tr("million USD"));
  return true;
}

}  // namespace cf
