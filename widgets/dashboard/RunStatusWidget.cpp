#include "dashboard/RunStatusWidget.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QToolButton>

#include "BackgroundTask.h"
#include "ProgressManager.h"
#include "SimulationRunner.h"

namespace cf {

RunStatusWidget::RunStatusWidget(SimulationRunner* runner, QWidget* parent)
    : QWidget(parent),
      runner_(runner),
      label_(new QLabel(this)),
      bar_(new QProgressBar(this)),
      cancel_(new QToolButton(this)) {
  setObjectName(QStringLiteral("runStatus"));
  label_->setObjectName(QStringLiteral("runStatusLabel"));
  bar_->setObjectName(QStringLiteral("runProgress"));
  cancel_->setObjectName(QStringLiteral("runCancel"));
  bar_->setRange(0, 100);
  bar_->setMaximumWidth(140);
  bar_->setMaximumHeight(16);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(label_);
  layout->addWidget(bar_);
  layout->addWidget(cancel_);
  connect(cancel_, &QToolButton::clicked, this, &RunStatusWidget::cancelShown);
  connect(ProgressManager::instance(), &ProgressManager::tasksChanged, this, &RunStatusWidget::update);
  update();
}

QString RunStatusWidget::text() const { return label_->text(); }

BackgroundTask* RunStatusWidget::shownTask() const { return shown_.data(); }

void RunStatusWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) update();
  QWidget::changeEvent(event);
}

void RunStatusWidget::showProgress() {
  if (!shown_) return;
  const double p = shown_->progress();
  if (p < 0) {
    if (bar_->maximum() != 0) bar_->setRange(0, 0);
    return;
  }
  if (bar_->maximum() != 100) bar_->setRange(0, 100);
  const int percent = static_cast<int>(p * 100);
  if (bar_->value() != percent) bar_->setValue(percent);
}

void RunStatusWidget::cancelShown() {
  if (shown_) shown_->cancel();
}

void RunStatusWidget::update() {
  cancel_->setText(tr("Cancel"));
  const ProgressManager* pm = ProgressManager::instance();
  BackgroundTask* task = pm->current();
  if (task != shown_) {
    disconnect(progress_);
    shown_ = task;
    if (task) progress_ = connect(task, &BackgroundTask::progressChanged, this, &RunStatusWidget::showProgress);
  }
  bar_->setVisible(task != nullptr);
  cancel_->setVisible(task && task->isCancellable());
  if (task) {
    cancel_->setToolTip(tr("Stop: %1").arg(task->title()));
    const double p = task->progress();
    if (p < 0) {
      bar_->setRange(0, 0);  // busy indicator
    } else {
      bar_->setRange(0, 100);
      bar_->setValue(static_cast<int>(p * 100));
    }
    const qsizetype more = pm->running().size() - 1;
    label_->setText(more > 0 ? tr("%1… (+%2)").arg(task->title()).arg(more) : tr("%1…").arg(task->title()));
    return;
  }
  const BackgroundTask* last = pm->lastFinished();
  if (last && last != runner_->task()) {
    label_->setText(pm->lastCancelled() ? tr("%1: cancelled").arg(last->title())
                                        : tr("%1: done in %2 s").arg(last->title(), QLocale().toString(last->seconds(), 'f', 2)));
  } else if (last && pm->lastCancelled()) {
    label_->setText(tr("Simulation cancelled"));
  } else if (runner_->lastSeconds() > 0) {
    label_->setText(tr("Simulated on %1 in %2 s")
                        .arg(runner_->lastBackend(), QLocale().toString(runner_->lastSeconds(), 'f', 2)));
  } else {
    label_->setText(tr("Results up to date"));
  }
}

}  // namespace cf
