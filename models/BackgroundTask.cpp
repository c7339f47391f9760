#include "BackgroundTask.h"

#include <QEventLoop>

#include <QThread>
#include <QTimer>

#include "ProgressManager.h"
#include "WorkerPriority.h"

namespace cf {

BackgroundTask::BackgroundTask(QObject* parent) : QObject(parent), poll_(new QTimer(this)) {
  poll_->setInterval(100);
  connect(poll_, &QTimer::timeout, this, [this] { emit progressChanged(progress()); });
}

BackgroundTask::~BackgroundTask() {
  if (thread_) {
    control_->cancel = true;
    thread_->wait();
    delete thread_;
    thread_ = nullptr;
    ProgressManager::instance()->remove(this);
  }
}

void BackgroundTask::setTitle(const QString& title) {
  title_ = title;
  titleFn_ = nullptr;
  if (thread_) ProgressManager::instance()->update(this);
}

void BackgroundTask::setTitle(std::function<QString()> title) {
  titleFn_ = std::move(title);
  if (thread_) ProgressManager::instance()->update(this);
}

bool BackgroundTask::start(Work work) {
  if (thread_) return false;
  control_ = std::make_shared<RunControl>();
  threadError_ = std::make_shared<QString>();
  error_.clear();
  auto control = control_;  // the thread keeps its own references
  auto error = threadError_;
  thread_ = QThread::create([work = std::move(work), control, error] {
    lowerThisThreadPriority();  // the GUI thread comes first (WorkerPriority.h)
    const WorkerPriorityScope engineWorkers;
    try {
      work(*control);
    } catch (const Cancelled&) {
      control->cancel = true;
    } catch (const std::exception& e) {
      *error = QString::fromStdString(e.what());
    }
  });
  connect(thread_, &QThread::finished, this, &BackgroundTask::onThreadFinished);
  clock_.start();
  thread_->start(QThread::LowPriority);
  poll_->start();
  ProgressManager::instance()->add(this);
  emit started();
  emit progressChanged(progress());
  return true;
}

void BackgroundTask::cancel() {
  if (thread_ && cancellable_) control_->cancel = true;
}

bool BackgroundTask::cancelRequested() const { return control_ && control_->cancel.load(); }

double BackgroundTask::progress() const {
  if (!control_) return -1;
  const long long total = control_->total.load() > 0 ? control_->total.load() : expected_;
  if (total <= 0) return -1;
  return std::min(1.0, static_cast<double>(control_->done.load()) / static_cast<double>(total));
}

void BackgroundTask::onThreadFinished() {
  poll_->stop();
  thread_->deleteLater();
  thread_ = nullptr;
  seconds_ = static_cast<double>(clock_.nsecsElapsed()) / 1e9;
  error_ = *threadError_;
  const bool cancelled = control_->cancel.load();
  ProgressManager::instance()->remove(this);
  emit finished(cancelled);
}

QString BackgroundTask::runAndWait(const QString& title, const std::function<void()>& work) {
  BackgroundTask task;
  task.setTitle(title);
  task.setCancellable(false);
  task.setBusyCursor(true);
  QEventLoop loop;
  QObject::connect(&task, &BackgroundTask::finished, &loop, &QEventLoop::quit);
  if (!task.start([&work](RunControl&) { work(); })) return QStringLiteral("could not start");
  loop.exec(QEventLoop::ExcludeUserInputEvents);  // finished() comes through this loop
  return task.error();
}

}  // namespace cf
