// The report's lever-waterfall section (issue 17): per stored waterfall, the
// floating-bar chart of time to train, a table of every step's figures and
// its share of the total gain, and the line of assumptions behind them.
#include <QLocale>

#include "charts/ChartView.h"
#include "ReportHtml.h"
#include "waterfall/WaterfallMetrics.h"
#include "design/Project.h"
#include "waterfall/WaterfallSpec.h"

namespace cf {

using reporthtml::smallCell;

WaterfallRunPtr ReportHtml::waterfallRun(const Project& project, int index, const Precomputed& given) {
  if (const WaterfallRunPtr r = given.waterfalls.value(index); r && r->ok()) return r;
  auto run = std::make_shared<WaterfallRun>();
  try {
    run->result = runWaterfall(WaterfallSpec::fromProject(project, project.waterfalls[static_cast<std::size_t>(index)]));
  } catch (const std::exception& e) {
    run->error = QString::fromStdString(e.what());
  }
  return run;
}

QString ReportHtml::waterfallSection(int index, Images mode) {
  const ProjectWaterfall& w = project_.waterfalls[static_cast<std::size_t>(index)];
  QString html = QStringLiteral("<h2 style='page-break-before:always'>%1</h2>").arg(tr("Lever waterfall: %1").toHtmlEscaped().arg(esc(w.name)));
  if (!w.description.empty()) html += QStringLiteral("<p>%1</p>").arg(esc(w.description));
  const WaterfallRunPtr run = waterfallRun(project_, index, precomputed_);
  if (!run->ok()) return html + QStringLiteral("<p>%1</p>").arg(tr("Not run: %1").arg(run->error).toHtmlEscaped());
  const WaterfallResult& r = *run->result;
  const bool shapley = r.order == WaterfallOrder::Shapley;

  ChartView view;
  view.setTitle(tr("Time to train, step by step"));
  QVector<ChartView::WaterfallBar> bars;
  for (const auto& b : WaterfallMetrics::bars(r, WaterfallMetric::TimeToTrain, false))
    bars.push_back({b.label, b.from, b.to, b.total});
  view.showWaterfall(bars, WaterfallMetrics::axisTitle(WaterfallMetric::TimeToTrain), false);
  html += QStringLiteral("<p>%1</p>").arg(chart(QStringLiteral("waterfall/%1").arg(index), &view, kPageWidthPx, 340, mode));

  // The steps by number (the table and the chart use the numbers).
  for (std::size_t k = 0; k < r.steps.size(); ++k) {
    html += QStringLiteral("<p style='margin:2px 0'><b>%1</b>").arg(esc(WaterfallMetrics::stepLabel(r, static_cast<int>(k)).toStdString()));
    if (!r.steps[k].description.empty())
      html += QStringLiteral(" <span style='color:#555'>— %1</span>").arg(esc(r.steps[k].description));
    html += QStringLiteral("</p>");
  }
  const WaterfallMetric figures[] = {WaterfallMetric::StepTime, WaterfallMetric::Mfu, WaterfallMetric::GpuUtilization,
                                     WaterfallMetric::TimeToTrain, WaterfallMetric::Goodput, WaterfallMetric::RunCost};
  html += QStringLiteral("<table cellspacing='0' cellpadding='3' style='border-collapse:collapse' width='100%'><thead><tr>");
  html += smallCell(tr("Step"), true);
  for (WaterfallMetric m : figures) html += smallCell(WaterfallMetrics::name(m), true);
  html += smallCell(tr("Δ days"), true) + smallCell(tr("Share"), true);
  if (shapley) html += smallCell(tr("Shapley share"), true);
  html += QStringLiteral("</tr></thead>");
  auto row = [&](const QString& label, const WaterfallFigures& f, const WaterfallStepResult* s) {
    html += QStringLiteral("<tr>") + smallCell(esc(label.toStdString()));  // printable, then HTML (issue 33)
    for (WaterfallMetric m : figures) html += smallCell(WaterfallMetrics::format(WaterfallMetrics::value(f, m), m));
    html += smallCell(s ? WaterfallMetrics::days(s->gain_days) : QString()) +
            smallCell(s ? WaterfallMetrics::share(s->share) : QString());
    if (shapley) html += smallCell(s ? WaterfallMetrics::share(s->shapley_share) : QString());
    html += QStringLiteral("</tr>");
  };
  row(WaterfallMetrics::stepLabel(r, -1), r.baseline, nullptr);
  for (std::size_t k = 0; k < r.steps.size(); ++k)
    row(WaterfallMetrics::stepLabel(r, static_cast<int>(k), true), r.steps[k].figures, &r.steps[k]);
  html += QStringLiteral("</table>");
  html += QStringLiteral("<p>%1</p>")
              .arg(tr("Total: %1 → %2 days (%3).")
                       .arg(QLocale().toString(r.fromDays(), 'f', 1), QLocale().toString(r.toDays(), 'f', 1),
                            WaterfallMetrics::days(r.total_gain_days)));
  html += QStringLiteral("<p style='color:#555'>%1</p>").arg(WaterfallMetrics::assumptions(r).toHtmlEscaped());
  return html;
}

}  // namespace cf
