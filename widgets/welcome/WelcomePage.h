// The Welcome page (Qt Creator's Welcome mode is the model): a side column
// with "New from Wizard…", "Open…", the guided tour and the keyboard
// shortcuts, the recent projects, and a gallery of every example with a
// thumbnail drawn from its scenario and a one-line story (ExampleCatalog).
// A single click on an example or a recent project asks to open it; the page
// itself never touches the document (the window does, WelcomeController).
#pragma once
#include <QVector>
#include <QWidget>

#include "welcome/ExampleCatalog.h"

class QCheckBox;
class QLabel;
class QListView;
class QListWidget;
class QListWidgetItem;
class QModelIndex;
class QPushButton;
class QStandardItemModel;

namespace cf {

class BackgroundTask;

class WelcomePage : public QWidget {
  Q_OBJECT

 public:
  enum Role { PathRole = Qt::UserRole + 1, StoryRole };

  explicit WelcomePage(QWidget* parent = nullptr);

  // Reads every example of `dir` (ExampleCatalog::scan) off the GUI thread
  // (the examples carry their layouts: megabytes of JSON, issue 30) and
  // shows them; examplesLoaded follows.
  void setExamplesDir(const QString& dir);
  bool examplesLoading() const;
  QString examplesDir() const { return examplesDir_; }
  const QVector<ExampleInfo>& examples() const { return examples_; }
  // The recent projects, newest first (RecentFiles::files()).
  void setRecentFiles(const QStringList& files);
  void setShowAtStartup(bool on);

  QListView* examplesView() const { return examplesView_; }
  QListWidget* recentList() const { return recentList_; }
  QStandardItemModel* examplesModel() const { return examplesModel_; }

 signals:
  void openFileRequested(const QString& path);     // a recent project
  void openExampleRequested(const QString& path);  // an example (opened as an untitled copy)
  void newFromWizardRequested();
  void openRequested();
  void tourRequested();
  void shortcutsRequested();
  void showAtStartupChanged(bool on);
  void examplesLoaded();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void fillExamples();
  void fillRecent();
  void activateExample(const QModelIndex& index);
  void activateRecent(QListWidgetItem* item);

  void scanExamples();

  BackgroundTask* scan_;
  QString examplesDir_;
  bool rescan_ = false;  // the folder changed while a scan ran
  QVector<ExampleInfo> examples_;
  QStringList recent_;
  QLabel* title_;
  QLabel* subtitle_;
  QPushButton* wizardButton_;
  QPushButton* openButton_;
  QPushButton* tourButton_;
  QPushButton* shortcutsButton_;
  QCheckBox* showAtStartup_;
  QLabel* recentHeading_;
  QListWidget* recentList_;
  QLabel* examplesHeading_;
  QLabel* examplesHint_;
  QListView* examplesView_;
  QStandardItemModel* examplesModel_;
};

}  // namespace cf
