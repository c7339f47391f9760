#include "RunStatusWidget.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QToolButton>

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
  cancel_->setObjectName(QStringLiteral("runCancel"));
  bar_->setRange(0, 100);
  bar_->setMaximumWidth(140);
  bar_->setMaximumHeight(16);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(label_);
  layout->addWidget(bar_);
  layout->addWidget(cancel_);
  connect(cancel_, &QToolButton::clicked, runner_, &SimulationRunner::cancel);
  connect(runner_, &SimulationRunner::started, this, [this] {
    wasCancelled_ = false;
    update();
  });
  connect(runner_, &SimulationRunner::progressChanged, this, [this] { update(); });
  connect(runner_, &SimulationRunner::cancelled, this, [this] { wasCancelled_ = true; });
  connect(runner_, &SimulationRunner::idle, this, &RunStatusWidget::update);
  update();
}

QString RunStatusWidget::text() const { return label_->text(); }

void RunStatusWidget::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) update();
  QWidget::changeEvent(event);
}

void RunStatusWidget::update() {
  cancel_->setText(tr("Cancel"));
  cancel_->setToolTip(tr("Stop the simulation in progress"));
  const bool running = runner_->isRunning();
  bar_->setVisible(running);
  cancel_->setVisible(running);
  if (running) {
    bar_->setValue(static_cast<int>(runner_->progress() * 100));
    label_->setText(tr("Simulating scenario %1…").arg(runner_->runningScenario() + 1));
  } else if (wasCancelled_) {
    label_->setText(tr("Simulation cancelled"));
  } else if (runner_->lastSeconds() > 0) {
    label_->setText(tr("Simulated on %1 in %2 s")
                        .arg(runner_->lastBackend(), QLocale().toString(runner_->lastSeconds(), 'f', 2)));
  } else {
    label_->setText(tr("Results up to date"));
  }
}

}  // namespace cf
