// How the scheduler's figures read in the Workload tab and in reports (one
// wording for both): policy, placement and idle-cause names, money and
// shares, and the three-line summary of a run.
#pragma once
#include <QCoreApplication>
#include <QString>
#include <string>

#include "sched/ScheduleResult.h"
#include "sched/Study.h"

namespace cf {

class ScheduleFigures {
  Q_DECLARE_TR_FUNCTIONS(cf::ScheduleFigures)

 public:
  // The idle causes of ScheduleResult::idle_gpu_h, in the order charts and tables show them.
  static const char* const kIdleCauses[5];

  static QString policyTitle(const std::string& id);
  static QString placementTitle(const std::string& id);
  static QString idleCauseName(const std::string& cause);
  static QString number(double v, int decimals);
  static QString percent(double share);
  static QString money(double usd);
  // A quantile of finished jobs' figures, or "n/a" for an empty set (no job
  // finished: never a 0 that reads as "no wait"); `share` prints a percent.
  static QString quantile(const sched::Quantiles& q, double sched::Quantiles::*field, int decimals);
  static QString shareOf(const sched::Quantiles& q, double sched::Quantiles::*field);
  static QString notAvailable();
  // Rich text: policy and placement, GPUs and horizon, utilisation, jobs;
  // the offered load (a warning above 1) and what the horizon left; waits,
  // completion times, goodput, failures; energy, PUE and the cost period's
  // jobs + idle = cluster cost.
  static QString summaryHtml(const sched::ScheduleResult& r);
  // The answer of a smallest-cluster search over sizes up to `scenarioNodes`
  // nodes: the size found with its p95 wait, or that even the scenario's size misses the target.
  static QString sizeSearchText(const sched::SizeSearch& s, long long gpusPerNode, long long scenarioNodes);
};

}  // namespace cf
