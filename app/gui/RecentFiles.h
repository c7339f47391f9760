// The recent-files list (QSettings "recentFiles") and its menu.
#pragma once
#include <QObject>
#include <QStringList>

class QMenu;

namespace cf {

class RecentFiles : public QObject {
  Q_OBJECT

 public:
  static constexpr int kMax = 8;
  // Property of each file's menu action: its path (the entry shows the user's file name).
  static constexpr const char* kRecentFileProperty = "cfRecentFile";
  explicit RecentFiles(QObject* parent = nullptr);

  QStringList files() const;
  void add(const QString& path);
  void remove(const QString& path);
  void clear();
  // Fills `menu` with the list (called when the menu is about to show and on language change).
  void populate(QMenu* menu);

 signals:
  void openRequested(const QString& path);
  void changed();

 private:
  void store(const QStringList& files);
};

}  // namespace cf
