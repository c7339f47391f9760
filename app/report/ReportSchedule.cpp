// The report's scheduling section (issue 20): per scenario that carries a
// workload, the scheduler's run under FIFO with packed placement and the
// workload's own failure setting (seed 1, what the Workload tab and
// `clusterforge-cli schedule` show by default): the summary, utilisation over
// time, idle GPU-hours by cause and the four queueing policies on the same jobs.
#include <QLocale>

#include "charts/ChartView.h"
#include "ReportHtml.h"
#include "workload/ScheduleFigures.h"
#include "ScheduleRunner.h"
#include "design/Project.h"

namespace cf {

using reporthtml::smallCell;

ScheduleRunPtr ReportHtml::scheduleRun(const Project& project, int index, const Precomputed& given) {
  if (ScheduleRunPtr r = given.schedules.value(index)) return r;
  auto run = std::make_shared<ScheduleRun>();
  try {
    const sched::Workload w = sched::workloadFromJson(project.scenarios[static_cast<std::size_t>(index)].workload, "workload");
    *run = ScheduleRunner::compute(project, w, ScheduleRunner::comparisonRequest(index, w));
  } catch (const InputError& e) {
    run->error = QString::fromStdString(e.what());
  }
  return run;
}

QString ReportHtml::scheduleSection(int index, Images mode) {
  const Scenario& s = project_.scenarios[static_cast<std::size_t>(index)];
  using F = ScheduleFigures;
  QString html = QStringLiteral("<h2 style='page-break-before:always'>%1</h2>").arg(tr("Workload: %1").toHtmlEscaped().arg(esc(s.name)));
  const ScheduleRunPtr figures = scheduleRun(project_, index, precomputed_);
  const ScheduleRun& run = *figures;
  if (!run.ok()) return html + QStringLiteral("<p>%1</p>").arg(tr("Not scheduled: %1").arg(run.error).toHtmlEscaped());
  const sched::ScheduleResult& r = *run.result;
  html += QStringLiteral("<p>%1</p>").arg(F::summaryHtml(r));

  ChartView view;
  view.setTitle(tr("GPU utilisation over time"));
  QVector<double> x(r.t_h.begin(), r.t_h.end()), busy, allocated;
  for (double f : r.busy) busy << 100 * f;
  for (double f : r.allocated) allocated << 100 * f;
  view.showTimeSeries(x, {{tr("Computing"), busy}, {tr("Allocated"), allocated}}, tr("Time (h)"), tr("Share of GPUs (%)"));
  html += QStringLiteral("<p>%1</p>").arg(chart(QStringLiteral("schedule/%1").arg(index), &view, kPageWidthPx, 280, mode));

  html += QStringLiteral("<table cellspacing='0' cellpadding='3' style='border-collapse:collapse'><thead><tr>");
  for (const char* cause : F::kIdleCauses) html += smallCell(F::idleCauseName(cause), true);
  html += QStringLiteral("</tr></thead><tr>");
  for (const char* cause : F::kIdleCauses) {
    const auto it = r.idle_gpu_h.find(cause);
    html += smallCell(F::number(it == r.idle_gpu_h.end() ? 0.0 : it->second, 0));
  }
  html += QStringLiteral("</tr></table><p style='font-size:8pt;color:#555'>%1</p>").arg(tr("Idle GPU-hours by cause."));

  html += QStringLiteral("<table cellspacing='0' cellpadding='3' style='border-collapse:collapse' width='100%'><thead><tr>");
  for (const QString& h : {tr("Policy"), tr("Utilisation"), tr("Wait p50 (h)"), tr("Wait p95 (h)"), tr("JCT p50 (h)"),
                           tr("JCT p95 (h)"), tr("Goodput"), tr("Preemptions"), tr("Unfinished")})
    html += smallCell(h, true);
  html += QStringLiteral("</tr></thead>");
  for (const sched::ScheduleResult& p : run.policies)
    html += QStringLiteral("<tr>") + smallCell(F::policyTitle(p.policy)) + smallCell(F::percent(p.utilization)) +
            smallCell(F::quantile(p.wait_h, &sched::Quantiles::p50, 2)) + smallCell(F::quantile(p.wait_h, &sched::Quantiles::p95, 2)) +
            smallCell(F::quantile(p.jct_h, &sched::Quantiles::p50, 2)) + smallCell(F::quantile(p.jct_h, &sched::Quantiles::p95, 2)) +
            smallCell(F::shareOf(p.goodput, &sched::Quantiles::mean)) + smallCell(QLocale().toString(p.preemptions)) +
            smallCell(QLocale().toString(p.unfinished)) + QStringLiteral("</tr>");
  html += QStringLiteral("</table>");
  html += QStringLiteral("<p style='color:#555'>%1</p>")
              .arg(tr("Seed 1, packed placement; the four policies run the same jobs. Run times come from each class's "
                      "duration or from the performance model for the placement a job gets; failures from the "
                      "reliability model's rates; links shared between jobs are not modelled (docs/workload-format.md)."));
  return html;
}

}  // namespace cf
