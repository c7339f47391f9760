// The tasks running in the background (BackgroundTask), for the one place
// that shows them: the status bar's progress bar and Cancel button
// (widgets/dashboard/RunStatusWidget), after Qt Creator's ProgressManager.
// It also holds the busy cursor while a task that asks for it runs. One per
// application (instance()); tasks add and remove themselves.
#pragma once
#include <QList>
#include <QObject>
#include <QPointer>

namespace cf {

class BackgroundTask;

class ProgressManager : public QObject {
  Q_OBJECT

 public:
  static ProgressManager* instance();

  QList<BackgroundTask*> running() const;
  // The task the status bar shows: the one started last.
  BackgroundTask* current() const;
  // The last task that finished (null when none or deleted since) and how.
  BackgroundTask* lastFinished() const;
  bool lastCancelled() const { return lastCancelled_; }

 signals:
  // A task started, finished or changed its title.
  void tasksChanged();

 private:
  friend class BackgroundTask;
  explicit ProgressManager(QObject* parent);
  void add(BackgroundTask* task);
  void remove(BackgroundTask* task);
  void update(BackgroundTask* task);

  QList<QPointer<BackgroundTask>> running_;
  QPointer<BackgroundTask> last_;
  bool lastCancelled_ = false;
  int busy_ = 0;  // running tasks holding the busy cursor
};

}  // namespace cf
