#include "MainWindow.h"

#include "wizard/GeneratedNameText.h"

#include <QAction>
#include <QActionGroup>
#include <QCloseEvent>
#include <QGuiApplication>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QUndoStack>

#include "AboutDialog.h"
#include "catalog/CatalogDock.h"
#include "DesignEditors.h"
#include "Document.h"
#include "FileController.h"
#include "IssueListModel.h"
#include "rack/RackEditor.h"
#include "LanguageManager.h"
#include "MainActions.h"
#include "messages/MessagesDock.h"
#include "overview/OverviewPage.h"
#include "project/ProjectDock.h"
#include "properties/PropertyDock.h"
#include "properties/PropertyEditor.h"
#include "RecentFiles.h"
#include "ResultsController.h"
#include "dashboard/RunStatusWidget.h"
#include "compare/ComparisonView.h"
#include "sweep/SweepResultsView.h"
#include "waterfall/WaterfallView.h"
#include "workload/WorkloadPage.h"
#include "WelcomeController.h"
#include "BackendText.h"
#include "gpu/Backend.h"
#include "job/JobEditor.h"
#include "TabTitles.h"

namespace cf {

namespace {
constexpr int kLayoutVersion = 1;  // bump when the docks change, to drop stale saved layouts
// Default widths of the left (Project, Catalog) and right (Properties) docks
// at 1400 px: the central tabs keep about 780 px.
constexpr int kLeftDockWidth = 280;
constexpr int kRightDockWidth = 340;
}

MainWindow::MainWindow(LanguageManager* languages, QWidget* parent)
    : QMainWindow(parent),
      doc_(new Document(this)),
      languages_(languages),
      actions_(new MainActions(this)),
      files_(new FileController(doc_, this, this)) {
  setObjectName(QStringLiteral("mainWindow"));
  setDockNestingEnabled(true);
  // Generated names in the UI's language (the wizard's designs, renamed with their edits).
  doc_->setScenarioNamer([](const Scenario& s) { return generatedScenarioNameText(s).toStdString(); });
  tabs_ = new QTabWidget(this);
  tabs_->setObjectName(QStringLiteral("centralTabs"));
  tabs_->setDocumentMode(true);
  overview_ = new OverviewPage(doc_, tabs_);
  tabs_->addTab(overview_, style()->standardIcon(QStyle::SP_FileDialogInfoView), QString());
  designEditors_ = new DesignEditors(doc_, tabs_, this);
  // The central widget stacks the tabs and the Welcome page.
  welcome_ = new WelcomeController(this, tabs_, doc_, files_, designEditors_);
  setCentralWidget(welcome_->central());
  results_ = new ResultsController(doc_, tabs_, this);
  results_->setDesignEditors(designEditors_);
  overview_->setRunner(results_->runner());
  designEditors_->job()->setRunner(results_->runner());
  // Sweep results and the Pareto views (issues 9 and 11), after Compare.
  sweep_ = new SweepResultsView(doc_, tabs_);
  tabs_->addTab(sweep_, QString());
  connect(sweep_, &SweepResultsView::addedToComparison, this,
          [this] { tabs_->setCurrentWidget(results_->comparison()); });
  // Lever waterfalls (issue 17), right after Compare.
  waterfall_ = new WaterfallView(doc_, tabs_);
  tabs_->insertTab(tabs_->indexOf(results_->comparison()) + 1, waterfall_, QString());
  connect(waterfall_, &WaterfallView::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
  connect(files_, &FileController::waterfallImported, this, &MainWindow::showWaterfall);
  // Many jobs on the cluster (issue 20), after the waterfalls.
  workload_ = new WorkloadPage(doc_, tabs_);
  tabs_->insertTab(tabs_->indexOf(waterfall_) + 1, workload_, QString());
  connect(workload_, &WorkloadPage::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
  results_->setReportSources(waterfall_->runner(), workload_->runner());

  createDocks();
  createMenus();
  connectDocument();

  backendLabel_ = new QLabel(this);
  backendLabel_->setObjectName(QStringLiteral("backendLabel"));
  issuesLabel_ = new QLabel(this);
  statusBar()->addPermanentWidget(issuesLabel_);
  statusBar()->addPermanentWidget(backendLabel_);
  statusBar()->addPermanentWidget(results_->statusWidget());
  connect(results_, &ResultsController::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m, 6000); });
  connect(files_, &FileController::statusMessage, this,
          [this](const QString& m) { statusBar()->showMessage(m, 6000); });
  connect(sweep_, &SweepResultsView::statusMessage, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });

  // 1400 × 900, or the screen's free area when smaller (a 1024 × 768
  // projector); the offscreen platform's 800 × 600 screen is no limit, so
  // that --screenshot keeps its size.
  QSize size(1400, 900);
  if (QGuiApplication::platformName() != QLatin1String("offscreen"))
    if (const QScreen* s = screen()) size = size.boundedTo(s->availableGeometry().size());
  resize(size);
  applyDefaultDockSizes();
  defaultState_ = saveState(kLayoutVersion);
  keepDockSizes();
  retranslateUi();
  updateTitle();
  updateUndoActions();
}

MainWindow::~MainWindow() = default;

PropertyEditor* MainWindow::propertyEditor() const { return propertyDock_->editor(); }

void MainWindow::createDocks() {
  projectDock_ = new ProjectDock(doc_, this);
  catalogDock_ = new CatalogDock(doc_, this);
  propertyDock_ = new PropertyDock(doc_, this);
  messagesDock_ = new MessagesDock(doc_, this);
  addDockWidget(Qt::LeftDockWidgetArea, projectDock_);
  addDockWidget(Qt::LeftDockWidgetArea, catalogDock_);
  splitDockWidget(projectDock_, catalogDock_, Qt::Vertical);
  addDockWidget(Qt::RightDockWidgetArea, propertyDock_);
  addDockWidget(Qt::BottomDockWidgetArea, messagesDock_);
  resizeDocks({projectDock_, propertyDock_}, {kLeftDockWidth, kRightDockWidth}, Qt::Horizontal);
  resizeDocks({projectDock_, catalogDock_}, {300, 420}, Qt::Vertical);

  connect(projectDock_, &ProjectDock::scenarioSelected, this, &MainWindow::selectScenario);
  // A scenario the wizard adds becomes the selected one (tree, properties, editors, results).
  connect(designEditors_, &DesignEditors::scenarioAdded, this, [this](int index) {
    projectDock_->selectScenario(index);
    selectScenario(index);
  });
  connect(projectDock_, &ProjectDock::waterfallSelected, this, &MainWindow::showWaterfall);
  connect(messagesDock_, &MessagesDock::issueActivated, this, &MainWindow::focusIssue);
  // The remedy of a layout that no longer holds the cluster: the Racks tab offers to generate it again.
  connect(messagesDock_, &MessagesDock::layoutOutOfDate, this, [this](int scenario, const QString& message) {
    projectDock_->selectScenario(scenario);
    selectScenario(scenario);
    tabs_->setCurrentWidget(designEditors_->racks());
    designEditors_->racks()->offerGenerateLayout(message);
  });
  connect(propertyEditor(), &PropertyEditor::statusMessage, this,
          [this](const QString& m) { statusBar()->showMessage(m, 8000); });
  connect(messagesDock_->model(), &IssueListModel::countsChanged, this,
          [this](int errors, int warnings) { updateIssuesLabel(errors, warnings); });
}

void MainWindow::createMenus() {
  MainActions* a = actions_;
  fileMenu_ = menuBar()->addMenu(QString());
  fileMenu_->addActions({a->newProject, a->open});
  recentMenu_ = fileMenu_->addMenu(QString());
  recentMenu_->setObjectName(QStringLiteral("recentMenu"));
  connect(recentMenu_, &QMenu::aboutToShow, this, [this] { files_->recentFiles()->populate(recentMenu_); });
  files_->recentFiles()->populate(recentMenu_);
  fileMenu_->addAction(a->openSweepResults);
  fileMenu_->addAction(results_->openLessonAction());
  fileMenu_->addSeparator();
  fileMenu_->addActions({a->save, a->saveAs});
  fileMenu_->addSeparator();
  fileMenu_->addAction(results_->exportReportAction());
  fileMenu_->addAction(results_->exportImageAction());
  fileMenu_->addSeparator();
  fileMenu_->addAction(a->close);
  fileMenu_->addSeparator();
  fileMenu_->addAction(a->quit);

  editMenu_ = menuBar()->addMenu(QString());
  editMenu_->addActions({a->undo, a->redo});
  editMenu_->addSeparator();
  editMenu_->addActions(projectDock_->view()->actions());

  viewMenu_ = menuBar()->addMenu(QString());
  for (QDockWidget* d : {static_cast<QDockWidget*>(projectDock_), static_cast<QDockWidget*>(catalogDock_),
                         static_cast<QDockWidget*>(propertyDock_), static_cast<QDockWidget*>(messagesDock_)})
    viewMenu_->addAction(d->toggleViewAction());
  resetLayout_ = new QAction(this);
  resetLayout_->setObjectName(QStringLiteral("actionResetLayout"));
  connect(resetLayout_, &QAction::triggered, this, &MainWindow::resetLayout);
  viewMenu_->addAction(resetLayout_);
  viewMenu_->addSeparator();
  viewMenu_->addAction(results_->presentAction());
  viewMenu_->addSeparator();
  languageMenu_ = viewMenu_->addMenu(QString());
  languageMenu_->addActions(a->languages->actions());

  toolsMenu_ = menuBar()->addMenu(QString());
  toolsMenu_->addAction(designEditors_->wizardAction());
  toolsMenu_->addAction(a->validate);
  toolsMenu_->addAction(results_->simulateAction());
  toolsMenu_->addAction(results_->flowNetworkAction());
  helpMenu_ = menuBar()->addMenu(QString());
  helpMenu_->addActions({welcome_->welcomeAction(), welcome_->tourAction(), welcome_->shortcutsAction()});
  helpMenu_->addSeparator();
  helpMenu_->addAction(a->about);

  toolBar_ = addToolBar(QString());
  toolBar_->setObjectName(QStringLiteral("mainToolBar"));
  toolBar_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  toolBar_->addActions({a->newProject, a->open, a->save});
  toolBar_->addSeparator();
  toolBar_->addActions({a->undo, a->redo});
  toolBar_->addSeparator();
  toolBar_->addAction(designEditors_->wizardAction());
  toolBar_->addAction(a->validate);

  connect(a->newProject, &QAction::triggered, files_, &FileController::newProject);
  connect(a->open, &QAction::triggered, files_, &FileController::openWithDialog);
  connect(a->openSweepResults, &QAction::triggered, this, [this] {
    tabs_->setCurrentWidget(sweep_);
    sweep_->openResultsWithDialog();
  });
  connect(a->save, &QAction::triggered, files_, &FileController::save);
  connect(a->saveAs, &QAction::triggered, files_, &FileController::saveAs);
  connect(a->close, &QAction::triggered, files_, &FileController::closeProject);
  connect(a->quit, &QAction::triggered, this, &QWidget::close);
  connect(a->undo, &QAction::triggered, doc_->undoStack(), &QUndoStack::undo);
  connect(a->redo, &QAction::triggered, doc_->undoStack(), &QUndoStack::redo);
  connect(a->validate, &QAction::triggered, this, &MainWindow::validate);
  connect(a->about, &QAction::triggered, this, &MainWindow::showAbout);
  connect(a->languages, &QActionGroup::triggered, this,
          [this](QAction* action) { setLanguage(action->data().toString()); });
}

void MainWindow::connectDocument() {
  QUndoStack* stack = doc_->undoStack();
  connect(stack, &QUndoStack::canUndoChanged, this, &MainWindow::updateUndoActions);
  connect(stack, &QUndoStack::canRedoChanged, this, &MainWindow::updateUndoActions);
  connect(stack, &QUndoStack::indexChanged, this, &MainWindow::updateUndoActions);
  connect(doc_, &Document::modifiedChanged, this, &MainWindow::updateTitle);
  connect(doc_, &Document::filePathChanged, this, &MainWindow::updateTitle);
  connect(doc_, &Document::changed, this, [this](const ChangeEvent& e) {
    if (e.type == ChangeEvent::Type::ProjectReplaced || e.type == ChangeEvent::Type::ScenarioRenamed) updateTitle();
  });
}

void MainWindow::updateUndoActions() {
  QUndoStack* stack = doc_->undoStack();
  actions_->undo->setEnabled(stack->canUndo());
  actions_->redo->setEnabled(stack->canRedo());
  actions_->undo->setToolTip(stack->canUndo() ? tr("Undo: %1").arg(stack->undoText()) : tr("Nothing to undo"));
  actions_->redo->setToolTip(stack->canRedo() ? tr("Redo: %1").arg(stack->redoText()) : tr("Nothing to redo"));
}

void MainWindow::updateTitle() {
  // "[*]" is where Qt shows the modified marker.
  setWindowTitle(tr("%1[*] — ClusterForge").arg(doc_->displayName()));
  setWindowModified(doc_->isModified());
  actions_->save->setEnabled(doc_->isModified() || doc_->filePath().isEmpty());
}

void MainWindow::updateIssuesLabel(int errors, int warnings) {
  if (!issuesLabel_) return;
  issuesLabel_->setText(errors + warnings == 0 ? tr("No problems")
                                               : tr("Errors: %1, warnings: %2").arg(errors).arg(warnings));
}

void MainWindow::selectScenario(int index) {
  propertyEditor()->setScenario(index);
  overview_->setScenario(index);
  designEditors_->setScenario(index);
  results_->setScenario(index);
  sweep_->setScenario(index);
  workload_->setScenario(index);
}

void MainWindow::focusIssue(int scenario, const QString& keyPath) {
  projectDock_->selectScenario(scenario);
  selectScenario(scenario);
  if (designEditors_->showLayoutLocation(keyPath)) return;  // a part or rack: selected in Racks / Hall
  propertyDock_->show();
  propertyDock_->raise();
  propertyEditor()->focusField(keyPath);
}

bool MainWindow::openFile(const QString& path) { return files_->open(path); }

void MainWindow::showWaterfall(int index) {
  waterfall_->setCurrent(index);
  tabs_->setCurrentWidget(waterfall_);
}

void MainWindow::applyDefaultDockSizes() {
  resizeDocks({projectDock_, propertyDock_}, {kLeftDockWidth, kRightDockWidth}, Qt::Horizontal);
  // On a narrower screen the docks share what the central tabs leave (they
  // need about 600 px, the Compare tab's two charts): at 1024 px about 190 px
  // for the Project and Catalog docks and 230 px for Properties.
  if (const int sides = width() - 600; sides < kLeftDockWidth + kRightDockWidth)
    resizeDocks({projectDock_, propertyDock_}, {sides * 45 / 100, sides * 55 / 100}, Qt::Horizontal);
  // The Messages dock: about eight rows, four on a short screen (at 768 px
  // its 200 px took a quarter of the central area, issue 30).
  // With no message it is only its summary line.
  messagesDock_->setListHeight(height() < 900 ? 110 : 200);
  resizeDocks({messagesDock_}, {messagesDock_->preferredHeight()}, Qt::Vertical);
}

void MainWindow::keepDockSizes() {
  // A tab whose page asks for more room (Fabric, Compare) may squeeze the side
  // docks while it is shown; they take their widths back on the next tab
  // change. The widths wanted are those the docks had when the last tab
  // change left them whole (so a width the user dragged to is kept).
  connect(tabs_, &QTabWidget::currentChanged, this, [this] {
    if (!isVisible()) return;  // not laid out yet: the default widths hold
    // The new page is not laid out yet: the docks still have their widths.
    if (dockWidthsWhole_ || dockWidths_.size() != 2) dockWidths_ = {projectDock_->width(), propertyDock_->width()};
    QTimer::singleShot(0, this, [this] {
      if (!projectDock_->isVisible() || !propertyDock_->isVisible()) return;
      resizeDocks({projectDock_, propertyDock_}, dockWidths_, Qt::Horizontal);
      dockWidthsWhole_ = projectDock_->width() >= dockWidths_[0] - 2 && propertyDock_->width() >= dockWidths_[1] - 2;
    });
  });
}

void MainWindow::resetLayout() {
  welcome_->leave();
  restoreState(defaultState_, kLayoutVersion);
  for (QDockWidget* d : {static_cast<QDockWidget*>(projectDock_), static_cast<QDockWidget*>(catalogDock_),
                         static_cast<QDockWidget*>(propertyDock_), static_cast<QDockWidget*>(messagesDock_)}) {
    d->setFloating(false);
    d->show();
  }
  applyDefaultDockSizes();
  resizeDocks({projectDock_, catalogDock_}, {300, 420}, Qt::Vertical);
  dockWidths_.clear();
  dockWidthsWhole_ = true;
}

void MainWindow::restoreLayout() {
  const QSettings settings;
  restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray());
  restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray(), kLayoutVersion);
  saveLayout_ = true;
}

QString MainWindow::validate() {
  const QString summary = messagesDock_->validateNow();
  messagesDock_->show();
  messagesDock_->raise();
  statusBar()->showMessage(summary, 8000);
  return summary;
}

void MainWindow::showAbout() {
  AboutDialog dialog(this);
  dialog.exec();
}

void MainWindow::setLanguage(const QString& code) {
  if (!languages_) return;
  if (!languages_->setLanguage(code, true))
    statusBar()->showMessage(tr("The translation for %1 is not available").arg(code), 8000);
}

void MainWindow::retranslateUi() {
  actions_->retranslate();
  fileMenu_->setTitle(tr("&File"));
  recentMenu_->setTitle(tr("Open &Recent"));
  files_->recentFiles()->populate(recentMenu_);
  editMenu_->setTitle(tr("&Edit"));
  viewMenu_->setTitle(tr("&View"));
  resetLayout_->setText(tr("Reset &Layout"));
  resetLayout_->setStatusTip(tr("Put every dock back in its default place and size"));
  languageMenu_->setTitle(tr("&Language"));
  toolsMenu_->setTitle(tr("&Tools"));
  helpMenu_->setTitle(tr("&Help"));
  toolBar_->setWindowTitle(tr("Main Toolbar"));
  setTabTitle(tabs_, overview_, staticMetaObject.className(), QT_TR_NOOP("Overview"));
  results_->retranslate();
  welcome_->retranslate();
  setTabTitle(tabs_, sweep_, staticMetaObject.className(), QT_TR_NOOP("Sweep"));
  setTabTitle(tabs_, waterfall_, staticMetaObject.className(), QT_TR_NOOP("Waterfall"));
  setTabTitle(tabs_, workload_, staticMetaObject.className(), QT_TR_NOOP("Workload"));
  const BackendInfo& b = activeBackend();
  backendLabel_->setText(
      tr("Backend: %1 (%2)").arg(backendName(b), backendDevice(b)));
  backendLabel_->setToolTip(backendReason(b));
  const int errors = messagesDock_->model()->errorCount();
  const int warnings = messagesDock_->model()->warningCount();
  updateIssuesLabel(errors, warnings);
  const QString lang = languages_ ? languages_->current() : QStringLiteral("en");
  results_->setLanguage(lang);
  actions_->english->setChecked(lang == QLatin1String("en"));
  actions_->chinese->setChecked(lang == QLatin1String("zh_CN"));
  updateTitle();
  updateUndoActions();
}

void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslateUi();
  QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!files_->maybeSave()) {
    event->ignore();
    return;
  }
  files_->shutdown();
  welcome_->leave();  // the docks and tool bars come back before the layout is saved
  if (saveLayout_) {
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState(kLayoutVersion));
  }
  event->accept();
}

}  // namespace cf
