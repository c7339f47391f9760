// The background work in the main window's status bar (issue 18 item 5):
// while any BackgroundTask runs (ProgressManager) its title, a progress bar
// (a busy indicator when the total is unknown) and a Cancel button that stops
// it; "(+N)" says how many more run. Afterwards how the simulation ran
// ("Simulated on CPU in 0.42 s", "cancelled") or how the last task ended.
#pragma once
#include <QPointer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace cf {

class BackgroundTask;
class SimulationRunner;

class RunStatusWidget : public QWidget {
  Q_OBJECT

 public:
  explicit RunStatusWidget(SimulationRunner* runner, QWidget* parent = nullptr);
  QString text() const;
  // The task the bar and the Cancel button belong to now (null when idle).
  BackgroundTask* shownTask() const;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void update();
  // A running task's progress (polled several times a second): the bar only,
  // and only when its percent changed; the texts change with the task.
  void showProgress();
  void cancelShown();

  SimulationRunner* runner_;
  QLabel* label_;
  QProgressBar* bar_;
  QToolButton* cancel_;
  QPointer<BackgroundTask> shown_;
  QMetaObject::Connection progress_;
};

}  // namespace cf
