#include "compare/PolicyComparison.h"

#include <QFont>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "compare/ComparisonView.h"
#include "Document.h"
#include "workload/ScheduleFigures.h"
#include "ScheduleRunner.h"

namespace cf {

namespace {
const char* const kPolicies[] = {"fifo", "easy", "priority", "fairshare"};  // ScheduleRun::policies' order
}  // namespace

PolicyComparison::PolicyComparison(Document* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), runner_(new ScheduleRunner(doc, this)), note_(new QLabel(this)),
      table_(new QTableWidget(this)) {
  setObjectName(QStringLiteral("policyComparison"));
  table_->setObjectName(QStringLiteral("policyComparisonTable"));
  note_->setWordWrap(true);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setAlternatingRowColors(true);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(note_);
  layout->addWidget(table_, 1);
  // Queued: a run refused at once (a bad workload) finishes inside run(), in the middle of refresh().
  connect(runner_, &ScheduleRunner::finished, this, [this] { refresh(columns_); }, Qt::QueuedConnection);
}

QList<int> PolicyComparison::scenariosWithWorkload() const {
  QList<int> out;
  for (int i = 0; i < qMin(columns_, doc_->scenarioCount()); ++i)
    if (!doc_->scenario(i).workload.is_null()) out << i;
  return out;
}

void PolicyComparison::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  refresh(columns_);
}

void PolicyComparison::refresh(int columns) {
  using F = ScheduleFigures;
  columns_ = columns;
  const QList<int> scenarios = scenariosWithWorkload();
  note_->setText(scenarios.isEmpty()
                     ? tr("No compared scenario has a workload: add job classes in the Workload tab to compare the "
                          "scheduling policies.")
                     : tr("Each scenario's workload under the four queueing policies (packed placement, seed 1; the "
                          "same jobs and failures for every policy), computed as in the Workload tab and the report. "
                          "The best of each row is in bold."));
  table_->clear();
  table_->setColumnCount(4);
  QStringList headers;
  for (const char* p : kPolicies) headers << F::policyTitle(p);
  table_->setHorizontalHeaderLabels(headers);
  table_->setRowCount(static_cast<int>(scenarios.size()) * MetricCount);
  QStringList rows;
  bool startedOne = runner_->isRunning(), complete = true;
  for (int k = 0; k < scenarios.size(); ++k) {
    const int s = scenarios[k];
    const QString tag = ComparisonView::tag(s);
    rows << tr("%1: Utilisation").arg(tag) << tr("%1: Wait p95 (h)").arg(tag) << tr("%1: Goodput").arg(tag);
    const std::optional<sched::Workload> w = runner_->workload(s);
    const ScheduleRequest request =
        w ? ScheduleRunner::comparisonRequest(s, *w) : ScheduleRunner::comparisonRequest(s, sched::Workload{});
    const ScheduleRunPtr run = runner_->result(request);
    const int row0 = k * MetricCount;
    if (!run || (run->ok() && run->policies.size() != std::size(kPolicies))) {
      complete = false;
      table_->setItem(row0, 0, new QTableWidgetItem(tr("Scheduling…")));
      if (!startedOne && isVisible()) {
        runner_->run(request);  // one at a time: the next starts when this one finishes
        startedOne = true;
      }
      continue;
    }
    if (!run->ok()) {
      table_->setItem(row0, 0, new QTableWidgetItem(tr("Not scheduled: %1").arg(run->error)));
      table_->setSpan(row0, 0, 1, 4);
      continue;
    }
    for (int m = 0; m < MetricCount; ++m) {
      int best = 0;
      auto value = [&](int p) {
        const sched::ScheduleResult& r = run->policies[static_cast<std::size_t>(p)];
        return m == Utilisation ? r.utilization : m == WaitP95 ? r.wait_h.p95 : r.goodput.mean;
      };
      // Waits and goodput are of finished jobs: a policy that finished none
      // shows "n/a" and is never the best.
      auto known = [&](int p) { return m == Utilisation || run->policies[static_cast<std::size_t>(p)].wait_h.n > 0; };
      best = -1;
      for (int p = 0; p < 4; ++p)
        if (known(p) && (best < 0 || (m == WaitP95 ? value(p) < value(best) : value(p) > value(best)))) best = p;
      for (int p = 0; p < 4; ++p) {
        const double v = value(p);
        const sched::ScheduleResult& r = run->policies[static_cast<std::size_t>(p)];
        auto* item = new QTableWidgetItem(m == Utilisation ? F::percent(v)
                                          : m == WaitP95   ? F::quantile(r.wait_h, &sched::Quantiles::p95, 2)
                                                           : F::shareOf(r.goodput, &sched::Quantiles::mean));
        item->setData(ValueRole, v);
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (best >= 0 && known(p) && value(p) == value(best)) {
          QFont f = item->font();
          f.setBold(true);
          item->setFont(f);
        }
        table_->setItem(row0 + m, p, item);
      }
    }
  }
  table_->setVerticalHeaderLabels(rows);
  complete_ = complete;
}

}  // namespace cf
