// The Workload tab's results: a schedule's figures, its charts, the teams'
// shares and the policies side by side.
#include "workload/WorkloadPage.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTabWidget>
#include <QTableWidget>
#include <algorithm>
#include <cmath>

#include "charts/ChartView.h"
#include "workload/ScheduleFigures.h"
#include "workload/WorkloadItems.h"

namespace cf {

namespace {
using F = ScheduleFigures;
}  // namespace

void WorkloadPage::showRun(const ScheduleRunPtr& run) {
  shown_ = run;
  if (!run->ok()) {
    summary_->setText(tr("The scheduler did not run: %1").arg(run->error));
    for (ChartView* c : {utilisation_, queue_, idle_, timeline_}) c->showMessage(run->error);
    teams_->setRowCount(0);
    policies_->setRowCount(0);
    size_->clear();
    return;
  }
  const sched::ScheduleResult& r = *run->result;
  QString text = F::summaryHtml(r);
  text += QStringLiteral("<br><small>") +
          tr("Simulated in %1 s. Run times come from each class's duration or from the performance model for the "
             "placement a job gets; failures from the reliability model's rates for the cluster's parts.")
              .arg(F::number(run->seconds, 2)) +
          QStringLiteral("</small>");
  summary_->setText(text);
  showCharts(r);
  fillTeams(r);
  fillPolicies(run->policies);
  size_->setText(run->sizes ? F::sizeSearchText(*run->sizes, r.gpus_per_node, r.nodes) : QString());
}

void WorkloadPage::showCharts(const sched::ScheduleResult& r) {
  QVector<double> x(r.t_h.begin(), r.t_h.end());
  auto pct = [](const std::vector<double>& v) {
    QVector<double> out;
    for (double f : v) out << 100 * f;
    return out;
  };
  utilisation_->setTitle(tr("GPU utilisation over time"));
  utilisation_->showTimeSeries(x, {{tr("Computing"), pct(r.busy)}, {tr("Allocated"), pct(r.allocated)}}, tr("Time (h)"),
                               tr("Share of GPUs (%)"));
  queue_->setTitle(tr("Jobs waiting"));
  queue_->showTimeSeries(x, {{tr("Queued jobs (mean per bin)"), QVector<double>(r.queued.begin(), r.queued.end())}},
                         tr("Time (h)"), tr("Jobs"));

  QStringList causes;
  QVector<double> hours;
  for (const char* cause : F::kIdleCauses) {
    causes << F::idleCauseName(cause);
    auto it = r.idle_gpu_h.find(cause);
    hours << (it == r.idle_gpu_h.end() ? 0.0 : it->second);
  }
  idle_->setTitle(tr("Idle GPU-hours by cause"));
  idle_->showBars(causes, {{tr("Idle GPU-hours"), hours}}, tr("GPU-hours"));

  // The largest jobs by GPU-hours held, one row each, ordered by start.
  std::vector<const sched::JobRecord*> started;
  for (const sched::JobRecord& j : r.jobs)
    if (j.start_s >= 0) started.push_back(&j);
  const std::size_t shown = std::min<std::size_t>(started.size(), kTimelineJobs);
  std::partial_sort(started.begin(), started.begin() + static_cast<std::ptrdiff_t>(shown), started.end(),
                    [](const auto* a, const auto* b) { return a->held_gpu_s > b->held_gpu_s; });
  started.resize(shown);
  std::sort(started.begin(), started.end(), [](const auto* a, const auto* b) { return a->start_s < b->start_s; });
  QVector<ChartView::TimelineBar> bars;
  const double endH = r.end_s / 3600;
  for (std::size_t i = 0; i < started.size(); ++i) {
    const sched::JobRecord& j = *started[i];
    const double end = j.end_s >= 0 ? j.end_s / 3600 : endH;
    const QString team = j.team >= 0 && j.team < static_cast<int>(r.teams.size())
                             ? QString::fromStdString(r.teams[static_cast<std::size_t>(j.team)])
                             : QString();
    bars.append(
        {static_cast<int>(i), j.start_s / 3600, end, team,
         tr("%1: %2 GPUs, %3 interruption(s)").arg(QString::fromStdString(j.id)).arg(j.gpus).arg(j.interruptions),
         j.interruptions > 0});
  }
  timeline_->setTitle(started.size() < r.jobs.size()
                          ? tr("Jobs by start (the %1 largest of %2 by GPU-hours), coloured by team")
                                .arg(started.size())
                                .arg(r.jobs.size())
                          : tr("Jobs by start, coloured by team"));
  if (bars.isEmpty())
    timeline_->showMessage(tr("No job started."));
  else
    timeline_->showTimeline(bars, tr("Time (h)"), tr("Job"), tr("Interrupted by a failure"));
}

void WorkloadPage::fillTeams(const sched::ScheduleResult& r) {
  teams_->setRowCount(static_cast<int>(r.teams.size()));
  for (int i = 0; i < teams_->rowCount(); ++i) {
    const std::string& team = r.teams[static_cast<std::size_t>(i)];
    const auto wait = r.wait_h_by_team.find(team);
    const auto jct = r.jct_h_by_team.find(team);
    const auto good = r.goodput_by_team.find(team);
    const auto cost = r.cost_by_team_usd.find(team);
    const bool hasWait = wait != r.wait_h_by_team.end();
    const bool hasJct = jct != r.jct_h_by_team.end();
    teams_->setItem(i, 0, readOnly(QString::fromStdString(team), false));
    teams_->setItem(i, 1, readOnly(hasWait ? QLocale().toString(wait->second.n) : QStringLiteral("0")));
    teams_->setItem(i, 2, readOnly(hasWait ? F::number(wait->second.p50, 2) : QStringLiteral("—")));
    teams_->setItem(i, 3, readOnly(hasWait ? F::number(wait->second.p95, 2) : QStringLiteral("—")));
    teams_->setItem(i, 4, readOnly(hasJct ? F::number(jct->second.p50, 2) : QStringLiteral("—")));
    teams_->setItem(i, 5, readOnly(hasJct ? F::number(jct->second.p95, 2) : QStringLiteral("—")));
    teams_->setItem(i, 6, readOnly(good != r.goodput_by_team.end() ? F::percent(good->second) : QStringLiteral("—")));
    teams_->setItem(i, 7, readOnly(cost != r.cost_by_team_usd.end() ? F::money(cost->second) : QStringLiteral("—")));
  }
  teams_->resizeColumnsToContents();
}

void WorkloadPage::fillPolicies(const std::vector<sched::ScheduleResult>& rs) {
  policies_->setRowCount(static_cast<int>(rs.size()));
  for (int i = 0; i < policies_->rowCount(); ++i) {
    const sched::ScheduleResult& r = rs[static_cast<std::size_t>(i)];
    const auto frag = r.idle_gpu_h.find("fragmentation");
    policies_->setItem(i, 0, readOnly(F::policyTitle(r.policy), false));
    policies_->setItem(i, 1, readOnly(F::percent(r.utilization)));
    using Q = sched::Quantiles;
    policies_->setItem(i, 2, readOnly(ScheduleFigures::quantile(r.wait_h, &Q::p50, 2)));
    policies_->setItem(i, 3, readOnly(ScheduleFigures::quantile(r.wait_h, &Q::p95, 2)));
    policies_->setItem(i, 4, readOnly(ScheduleFigures::quantile(r.jct_h, &Q::p50, 2)));
    policies_->setItem(i, 5, readOnly(ScheduleFigures::quantile(r.jct_h, &Q::p95, 2)));
    policies_->setItem(i, 6, readOnly(ScheduleFigures::shareOf(r.goodput, &Q::mean)));
    policies_->setItem(i, 7, readOnly(F::number(frag == r.idle_gpu_h.end() ? 0.0 : frag->second, 0)));
    policies_->setItem(i, 8, readOnly(QLocale().toString(r.unfinished)));
  }
  policies_->resizeColumnsToContents();
}

}  // namespace cf
