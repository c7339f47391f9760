#include "ScheduleFigures.h"

#include <QLocale>
#include <cmath>

namespace cf {

const char* const ScheduleFigures::kIdleCauses[5] = {"queue_empty", "blocked", "fragmentation", "failed", "repair"};

QString ScheduleFigures::policyTitle(const std::string& id) {
  if (id == "fifo") return tr("FIFO");
  if (id == "easy") return tr("EASY backfill");
  if (id == "priority") return tr("Priority with preemption");
  if (id == "fairshare") return tr("Fair share");
  if (id == "replay") return tr("Trace replay");
  return QString::fromStdString(id);
}

QString ScheduleFigures::placementTitle(const std::string& id) {
  if (id == "pack") return tr("Pack within leaf and pod");
  if (id == "first-fit") return tr("First fit");
  if (id == "spread") return tr("Spread over leaves");
  return QString::fromStdString(id);
}

QString ScheduleFigures::idleCauseName(const std::string& cause) {
  if (cause == "queue_empty") return tr("Queue empty");
  if (cause == "blocked") return tr("Blocked by policy or quota");
  if (cause == "fragmentation") return tr("Fragmentation");
  if (cause == "failed") return tr("Restarting after failure");
  if (cause == "repair") return tr("Nodes in repair");
  return QString::fromStdString(cause);
}

QString ScheduleFigures::number(double v, int decimals) { return QLocale().toString(v, 'f', decimals); }

QString ScheduleFigures::percent(double share) { return tr("%1 %").arg(QLocale().toString(100 * share, 'f', 1)); }

QString ScheduleFigures::money(double usd) {
  if (std::abs(usd) >= 1e6) return tr("%1 M USD").arg(QLocale().toString(usd / 1e6, 'f', 2));
  return tr("%1 USD").arg(QLocale().toString(usd, 'f', std::abs(usd) >= 100 ? 0 : 2));
}

QString ScheduleFigures::summaryHtml(const sched::ScheduleResult& r) {
  const QLocale loc;
  QString text = tr("<b>%1</b>, %2, %3 GPUs, %4 h: utilisation <b>%5</b> (GPUs allocated %6); "
                    "%7 of %8 jobs completed, %9 unfinished.")
                     .arg(policyTitle(r.policy), placementTitle(r.placement))
                     .arg(loc.toString(r.gpus))
                     .arg(number(r.horizon_s / 3600, 0), percent(r.utilization), percent(r.allocated_utilization))
                     .arg(loc.toString(r.completed), loc.toString(r.submitted), loc.toString(r.unfinished));
  text += QStringLiteral("<br>") +
          tr("Queue wait p50 %1 h, p95 %2 h; job completion p50 %3 h, p95 %4 h; goodput (mean per job) %5; "
             "%6 failures hit jobs %7 times, %8 preemptions.")
              .arg(number(r.wait_h.p50, 2), number(r.wait_h.p95, 2), number(r.jct_h.p50, 2), number(r.jct_h.p95, 2),
                   percent(r.goodput.mean))
              .arg(loc.toString(r.failures), loc.toString(r.interruptions), loc.toString(r.preemptions));
  text += QStringLiteral("<br>") +
          tr("Energy %1 MWh at the facility (PUE %2; idle GPUs drew %3 MWh of IT energy); jobs cost %4, idle "
             "capacity %5 (at %6 per GPU-hour).")
              .arg(number(r.facility_energy_MWh, 1), number(r.pue, 3), number(r.idle_energy_MWh, 1),
                   money(r.jobs_cost_usd), money(r.idle_cost_usd), money(r.usd_per_gpu_hour));
  return text;
}

QString ScheduleFigures::sizeSearchText(const sched::SizeSearch& s, long long gpusPerNode, long long scenarioNodes) {
  const QString target = number(s.target_p95_wait_h, 2), nodes = QLocale().toString(scenarioNodes);
  if (s.nodes < 0) {
    const sched::SizePoint* own = sched::pointAt(s, scenarioNodes);
    if (!own) return tr("No cluster size up to the scenario's %1 nodes fits the workload's largest job.").arg(nodes);
    return tr("Even the scenario's %1 nodes miss a p95 wait of %2 h: p95 wait %3 h there.")
        .arg(nodes, target, number(own->wait_p95_h, 2));
  }
  const sched::SizePoint* found = sched::pointAt(s, s.nodes);
  return tr("Smallest cluster with a p95 wait of at most %1 h: %2 nodes (%3 GPUs), p95 wait %4 h. Sizes tried: %5.")
      .arg(target, QLocale().toString(s.nodes), QLocale().toString(s.nodes * gpusPerNode),
           number(found ? found->wait_p95_h : 0.0, 2), QLocale().toString(static_cast<long long>(s.tried.size())));
}

}  // namespace cf
