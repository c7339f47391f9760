// The project tree dock: the project, its scenarios and their parts. Selecting
// anything under a scenario makes it the current scenario; the toolbar and
// context menu add, duplicate, rename and remove scenarios (undoable).
#pragma once
#include <QDockWidget>

class QAction;
class QToolBar;
class QTreeView;

namespace cf {

class Document;
class ProjectTreeModel;

class ProjectDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit ProjectDock(Document* doc, QWidget* parent = nullptr);

  int currentScenario() const { return current_; }
  void selectScenario(int index);
  QTreeView* view() const { return view_; }
  ProjectTreeModel* model() const { return model_; }

 signals:
  void scenarioSelected(int index);
  // A waterfall row (under "Waterfalls") became current: show it.
  void waterfallSelected(int index);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void onCurrentChanged();
  void updateActions();

  Document* doc_;
  ProjectTreeModel* model_;
  QTreeView* view_;
  QToolBar* toolBar_;
  QAction* add_;
  QAction* duplicate_;
  QAction* rename_;
  QAction* remove_;
  int current_ = 0;
};

}  // namespace cf
