#include "RecentFiles.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace cf {

namespace {
const char* kKey = "recentFiles";
}

RecentFiles::RecentFiles(QObject* parent) : QObject(parent) {}

QStringList RecentFiles::files() const { return QSettings().value(QLatin1String(kKey)).toStringList(); }

void RecentFiles::store(const QStringList& files) {
  QSettings().setValue(QLatin1String(kKey), files);
  emit changed();
}

void RecentFiles::add(const QString& path) {
  const QString abs = QFileInfo(path).absoluteFilePath();
  QStringList list = files();
  list.removeAll(abs);
  list.prepend(abs);
  while (list.size() > kMax) list.removeLast();
  store(list);
}

void RecentFiles::remove(const QString& path) {
  QStringList list = files();
  list.removeAll(QFileInfo(path).absoluteFilePath());
  store(list);
}

void RecentFiles::clear() { store({}); }

void RecentFiles::populate(QMenu* menu) {
  menu->clear();
  const QStringList list = files();
  int n = 0;
  for (const QString& path : list) {
    ++n;
    // One arg() call: a file name containing "%1" stays as it is.
    const QString label = QStringLiteral("&%1 %2").arg(QString::number(n), QFileInfo(path).fileName());
    QAction* a = menu->addAction(label);
    a->setProperty(kRecentFileProperty, path);  // user data, not interface text (tst_app_zh_walk)
    a->setToolTip(QDir::toNativeSeparators(path));
    a->setStatusTip(QDir::toNativeSeparators(path));
    connect(a, &QAction::triggered, this, [this, path] { emit openRequested(path); });
  }
  if (list.isEmpty()) menu->addAction(tr("No recent files"))->setEnabled(false);
  menu->addSeparator();
  QAction* clearAction = menu->addAction(tr("Clear Recent Files"));
  clearAction->setEnabled(!list.isEmpty());
  connect(clearAction, &QAction::triggered, this, &RecentFiles::clear);
}

}  // namespace cf
