#include "workload/ScheduleFigures.h"

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

QString ScheduleFigures::notAvailable() { return tr("n/a"); }

QString ScheduleFigures::quantile(const sched::Quantiles& q, double sched::Quantiles::*field, int decimals) {
  return q.n > 0 ? number(q.*field, decimals) : notAvailable();
}

QString ScheduleFigures::shareOf(const sched::Quantiles& q, double sched::Quantiles::*field) {
  return q.n > 0 ? percent(q.*field) : notAvailable();
}

QString ScheduleFigures::summaryHtml(const sched::ScheduleResult& r) {
  using Q = sched::Quantiles;
  const QLocale loc;
  const double horizonH = r.horizon_s / 3600;
  QString text = tr("<b>%1</b>, %2, %3 GPUs, %4 h: utilisation <b>%5</b> (GPUs allocated %6); "
                    "%7 of %8 jobs completed, %9 unfinished.")
                     .arg(policyTitle(r.policy), placementTitle(r.placement))
                     .arg(loc.toString(r.gpus))
                     .arg(number(horizonH, 0), percent(r.utilization), percent(r.allocated_utilization))
                     .arg(loc.toString(r.completed), loc.toString(r.submitted), loc.toString(r.unfinished));
  text += QStringLiteral("<br>") +
          tr("Offered load %1 (failure-free GPU-hours submitted ÷ GPU-hours of the horizon); at the horizon %2 jobs "
             "unfinished, %3 of them queued.")
              .arg(number(r.offered_load, 2), loc.toString(r.unfinished_at_horizon), loc.toString(r.queued_at_horizon));
  if (r.offered_load > 1)
    text += QStringLiteral(" <b style='color:#b00'>%1</b>")
                .arg(tr("The cluster cannot keep up (offered load above 1): the queue grows over the horizon, and "
                        "waits, costs and utilisation depend on how long the run drains.")
                         .toHtmlEscaped());
  text += QStringLiteral("<br>") +
          tr("Queue wait p50 %1 h, p95 %2 h (every wait, requeues included: p95 %3 h); job completion p50 %4 h, "
             "p95 %5 h; %6 failures hit jobs %7 times, %8 preemptions.")
              .arg(quantile(r.wait_h, &Q::p50, 2), quantile(r.wait_h, &Q::p95, 2), quantile(r.wait_total_h, &Q::p95, 2),
                   quantile(r.jct_h, &Q::p50, 2), quantile(r.jct_h, &Q::p95, 2))
              .arg(loc.toString(r.failures), loc.toString(r.interruptions), loc.toString(r.preemptions));
  text += QStringLiteral(" ") +
          (r.goodput.n > 0 ? tr("Goodput %1 of the finished jobs' GPU-hours (per job: mean %2); the cluster's %3 of "
                                "its GPU-hours.")
                                 .arg(percent(r.goodput_gpu_hour_weighted), percent(r.goodput.mean),
                                      percent(r.goodput_cluster))
                           : tr("Goodput n/a (no job finished)."));
  const double periodH = r.cost_period_s / 3600;
  text +=
      QStringLiteral("<br>") +
      tr("Energy %1 MWh at the facility over %4 h (PUE %2; idle GPUs drew %3 MWh of IT energy).")
          .arg(number(r.facility_energy_MWh, 1), number(r.pue, 3), number(r.idle_energy_MWh, 1), number(periodH, 1)) +
      QLatin1Char(' ') +
      (periodH > horizonH + 1e-6
           ? tr("Cost over %1 h (the horizon extended to the drain) at %2 per GPU-hour: jobs %3 + idle %4 = "
                "cluster %5.")
           : tr("Cost over %1 h at %2 per GPU-hour: jobs %3 + idle %4 = cluster %5."))
          .arg(number(periodH, 1), money(r.usd_per_gpu_hour), money(r.jobs_cost_usd), money(r.idle_cost_usd),
               money(r.cluster_cost_usd));
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
