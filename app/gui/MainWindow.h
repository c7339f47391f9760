// The main window: one Document, docks around a central tab area (Overview
// first; later editors add tabs), menus and tool bar. File operations live in
// FileController, actions in MainActions; this class wires them together.
#pragma once
#include <QMainWindow>

class QLabel;
class QMenu;
class QTabWidget;
class QToolBar;

namespace cf {

class CatalogDock;
class DesignEditors;
class Document;
class FileController;
class LanguageManager;
class MainActions;
class MessagesDock;
class OverviewPage;
class ProjectDock;
class PropertyDock;
class PropertyEditor;
class ResultsController;
class SweepResultsView;
class WaterfallView;
class WorkloadPage;
class WelcomeController;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(LanguageManager* languages = nullptr, QWidget* parent = nullptr);
  ~MainWindow() override;

  Document* document() const { return doc_; }
  FileController* files() const { return files_; }
  MainActions* actions() const { return actions_; }
  ProjectDock* projectDock() const { return projectDock_; }
  CatalogDock* catalogDock() const { return catalogDock_; }
  PropertyDock* propertyDock() const { return propertyDock_; }
  PropertyEditor* propertyEditor() const;
  MessagesDock* messagesDock() const { return messagesDock_; }
  OverviewPage* overview() const { return overview_; }
  QTabWidget* tabs() const { return tabs_; }
  DesignEditors* designEditors() const { return designEditors_; }
  ResultsController* results() const { return results_; }
  SweepResultsView* sweepResults() const { return sweep_; }
  WaterfallView* waterfalls() const { return waterfall_; }
  WorkloadPage* workload() const { return workload_; }
  // Welcome mode, the guided tour and Help › Keyboard Shortcuts (issue 18).
  WelcomeController* welcome() const { return welcome_; }
  // Shows the Waterfall tab at one of the project's waterfalls.
  void showWaterfall(int index);

  bool openFile(const QString& path);
  // Window size and dock layout of the last session (not used for screenshots,
  // which show the default layout).
  void restoreLayout();
  // View › Reset Layout: every dock back in its default place and size.
  void resetLayout();
  QAction* resetLayoutAction() const { return resetLayout_; }
  void showAbout();
  QString validate();

 protected:
  void closeEvent(QCloseEvent* event) override;
  void changeEvent(QEvent* event) override;

 private:
  void createDocks();
  void createMenus();
  void connectDocument();
  void retranslateUi();
  void updateTitle();
  void updateUndoActions();
  void updateIssuesLabel(int errors, int warnings);
  void selectScenario(int index);
  void focusIssue(int scenario, const QString& keyPath);
  void setLanguage(const QString& code);
  void applyDefaultDockSizes();
  void keepDockSizes();

  Document* doc_;
  LanguageManager* languages_;
  MainActions* actions_;
  FileController* files_;
  QTabWidget* tabs_;
  OverviewPage* overview_;
  DesignEditors* designEditors_ = nullptr;
  ResultsController* results_ = nullptr;
  SweepResultsView* sweep_ = nullptr;
  WaterfallView* waterfall_ = nullptr;
  WorkloadPage* workload_ = nullptr;
  WelcomeController* welcome_ = nullptr;
  ProjectDock* projectDock_ = nullptr;
  CatalogDock* catalogDock_ = nullptr;
  PropertyDock* propertyDock_ = nullptr;
  MessagesDock* messagesDock_ = nullptr;
  QMenu* fileMenu_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  QMenu* editMenu_ = nullptr;
  QMenu* viewMenu_ = nullptr;
  QMenu* languageMenu_ = nullptr;
  QMenu* toolsMenu_ = nullptr;
  QMenu* helpMenu_ = nullptr;
  QToolBar* toolBar_ = nullptr;
  QLabel* backendLabel_ = nullptr;
  QLabel* issuesLabel_ = nullptr;
  bool saveLayout_ = false;
  QAction* resetLayout_ = nullptr;
  QByteArray defaultState_;  // the dock layout as built, for Reset Layout
  QList<int> dockWidths_;    // Project and Properties dock widths to keep across tab changes
  bool dockWidthsWhole_ = true;
};

}  // namespace cf
