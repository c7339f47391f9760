#include "ProgressManager.h"

#include <QCoreApplication>
#include <QCursor>
#include <QGuiApplication>

#include "BackgroundTask.h"

namespace cf {

ProgressManager::ProgressManager(QObject* parent) : QObject(parent) {}

ProgressManager* ProgressManager::instance() {
  static QPointer<ProgressManager> manager;
  if (!manager) manager = new ProgressManager(QCoreApplication::instance());
  return manager;
}

QList<BackgroundTask*> ProgressManager::running() const {
  QList<BackgroundTask*> out;
  for (const auto& t : running_)
    if (t) out.append(t.data());
  return out;
}

BackgroundTask* ProgressManager::current() const {
  for (auto it = running_.crbegin(); it != running_.crend(); ++it)
    if (*it) return it->data();
  return nullptr;
}

BackgroundTask* ProgressManager::lastFinished() const { return last_.data(); }

void ProgressManager::add(BackgroundTask* task) {
  running_.append(task);
  if (task->busyCursor() && busy_++ == 0 && qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
    QGuiApplication::setOverrideCursor(QCursor(Qt::BusyCursor));
  emit tasksChanged();
}

void ProgressManager::remove(BackgroundTask* task) {
  const qsizetype i = running_.indexOf(task);
  if (i < 0) return;
  running_.removeAt(i);
  if (task->busyCursor() && --busy_ == 0 && qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
    QGuiApplication::restoreOverrideCursor();
  last_ = task;
  lastCancelled_ = task->cancelRequested();
  emit tasksChanged();
}

void ProgressManager::update(BackgroundTask*) { emit tasksChanged(); }

}  // namespace cf
