// One long computation off the GUI thread: the one path every long task of
// the GUI takes (simulations, the parallelism search, waterfalls, the cluster
// scheduler, report exports), after Qt Creator's FutureProgress/
// ProgressManager. A task runs a work function on a worker thread with a
// RunControl (common/RunControl.h: `cancel` asked by the user, `done` /
// `total` counted by the engine), reports to the ProgressManager (which the
// status bar's RunStatusWidget shows with a progress bar and a Cancel
// button), and emits finished() on the GUI thread when the work returns.
//
// The work function keeps its own results (captured by value/shared_ptr);
// it may throw Cancelled (the engine's answer to a cancel) or any other
// exception, which the task catches and keeps as error(). One run at a time
// per task object; the destructor cancels a run in flight and waits for it.
#pragma once
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <functional>
#include <memory>

#include "common/RunControl.h"

class QThread;
class QTimer;

namespace cf {

class BackgroundTask : public QObject {
  Q_OBJECT

 public:
  using Work = std::function<void(RunControl& control)>;

  explicit BackgroundTask(QObject* parent = nullptr);
  ~BackgroundTask() override;

  // What the status bar says while it runs ("Simulating scenario 2…").
  void setTitle(const QString& title);
  // A title built when it is shown, so that it follows a live language
  // switch (the status bar asks again on QEvent::LanguageChange).
  void setTitle(std::function<QString()> title);
  QString title() const { return titleFn_ ? titleFn_() : title_; }
  // Units of work expected (progress = done / expected) when the engine does
  // not set RunControl::total itself; 0 = unknown (a busy indicator).
  void setExpected(long long units) { expected_ = units; }
  // Shows the busy cursor (arrow with an hourglass, the window stays usable)
  // while it runs: for tasks the user waits for.
  void setBusyCursor(bool on) { busyCursor_ = on; }
  bool busyCursor() const { return busyCursor_; }
  // Whether Cancel can stop it (false: the work has no cancel point; the
  // status bar then shows no Cancel button).
  void setCancellable(bool on) { cancellable_ = on; }
  bool isCancellable() const { return cancellable_; }

  // Starts the work on a worker thread; false (and nothing started) while a run is in flight.
  bool start(Work work);
  bool isRunning() const { return thread_ != nullptr; }
  // Asks the run in flight to stop (RunControl::cancel); finished(true) follows.
  void cancel();
  bool cancelRequested() const;
  // 0..1 from the RunControl counters, or -1 when the total is unknown.
  double progress() const;
  // Of the last finished run: the message of an exception other than
  // Cancelled (empty when none) and its wall time.
  QString error() const { return error_; }
  double seconds() const { return seconds_; }

  // For a short piece of work the caller needs before it goes on (reading a
  // project to open it): runs it on a worker thread and returns when it is
  // done, the window repainting and its timers running meanwhile but no user
  // input handled (no re-entry), with the title in the status bar. Returns
  // error() of the run (empty when the work returned).
  static QString runAndWait(const QString& title, const std::function<void()>& work);

 signals:
  void started();
  void progressChanged(double fraction);
  void finished(bool cancelled);

 private:
  void onThreadFinished();

  QString title_;
  std::function<QString()> titleFn_;
  long long expected_ = 0;
  bool busyCursor_ = false;
  bool cancellable_ = true;
  QThread* thread_ = nullptr;
  QTimer* poll_;
  std::shared_ptr<RunControl> control_;
  std::shared_ptr<QString> threadError_;
  QString error_;
  QElapsedTimer clock_;
  double seconds_ = 0;
};

}  // namespace cf
