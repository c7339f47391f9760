#include "WelcomeController.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenuBar>
#include <QSettings>
#include <QListView>
#include <QStackedWidget>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QToolBar>

#include "DesignEditors.h"
#include "Document.h"
#include "welcome/ExampleCatalog.h"
#include "FileController.h"
#include "welcome/GuidedTour.h"
#include "RecentFiles.h"
#include "welcome/ShortcutsDialog.h"
#include "welcome/WelcomePage.h"

namespace cf {

namespace {
const char* kShowAtStartup = "welcome/showAtStartup";
}

WelcomeController::WelcomeController(QMainWindow* window, QTabWidget* tabs, Document* doc, FileController* files,
                                     DesignEditors* editors)
    : QObject(window), window_(window), tabs_(tabs), doc_(doc), files_(files), editors_(editors) {
  stack_ = new QStackedWidget(window);
  stack_->setObjectName(QStringLiteral("centralStack"));
  stack_->addWidget(tabs);
  page_ = new WelcomePage(stack_);
  stack_->addWidget(page_);
  stack_->setCurrentWidget(tabs);

  welcome_ = new QAction(window->style()->standardIcon(QStyle::SP_DirHomeIcon), QString(), this);
  welcome_->setObjectName(QStringLiteral("actionWelcome"));
  tour_ = new QAction(this);
  tour_->setObjectName(QStringLiteral("actionGuidedTour"));
  shortcuts_ = new QAction(this);
  shortcuts_->setObjectName(QStringLiteral("actionKeyboardShortcuts"));
  shortcuts_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
  window->addAction(shortcuts_);
  connect(welcome_, &QAction::triggered, this, &WelcomeController::show);
  connect(tour_, &QAction::triggered, this, &WelcomeController::startTour);
  connect(shortcuts_, &QAction::triggered, this, &WelcomeController::showShortcuts);

  RecentFiles* recent = files->recentFiles();
  page_->setRecentFiles(recent->files());
  connect(recent, &RecentFiles::changed, this, [this, recent] { page_->setRecentFiles(recent->files()); });
  page_->setShowAtStartup(QSettings().value(QLatin1String(kShowAtStartup), false).toBool());
  connect(page_, &WelcomePage::showAtStartupChanged, this,
          [](bool on) { QSettings().setValue(QLatin1String(kShowAtStartup), on); });
  connect(page_, &WelcomePage::openFileRequested, files, &FileController::open);
  connect(page_, &WelcomePage::openExampleRequested, this, &WelcomeController::openExample);
  connect(page_, &WelcomePage::openRequested, files, &FileController::openWithDialog);
  connect(page_, &WelcomePage::newFromWizardRequested, this,
          [this] { editors_->runWizardForNewProject([this] { return files_->maybeSave(); }); });
  connect(page_, &WelcomePage::tourRequested, this, &WelcomeController::startTour);
  connect(page_, &WelcomePage::shortcutsRequested, this, &WelcomeController::showShortcuts);

  // A new project, an opened one or any tab the program or the user shows leaves the page.
  connect(doc, &Document::changed, this, [this](const ChangeEvent& e) {
    if (e.type == ChangeEvent::Type::ProjectReplaced) leave();
  });
  connect(tabs, &QTabWidget::currentChanged, this, &WelcomeController::leave);
  retranslate();
}

bool WelcomeController::isShown() const { return stack_->currentWidget() == page_; }

void WelcomeController::show() {
  if (page_->examplesDir().isEmpty()) page_->setExamplesDir(ExampleCatalog::examplesDir());
  if (!isShown()) {
    stepAside_.clear();
    const auto docks = window_->findChildren<QDockWidget*>(QString(), Qt::FindDirectChildrenOnly);
    for (QDockWidget* d : docks)
      if (!d->isHidden()) stepAside_.push_back(d);  // isHidden: also right before the window first shows
    const auto bars = window_->findChildren<QToolBar*>(QString(), Qt::FindDirectChildrenOnly);
    for (QToolBar* t : bars)
      if (!t->isHidden()) stepAside_.push_back(t);
    for (const QPointer<QWidget>& w : stepAside_) w->hide();
    stack_->setCurrentWidget(page_);
  }
  page_->examplesView()->setFocus();
}

void WelcomeController::leave() {
  if (!isShown()) return;
  stack_->setCurrentWidget(tabs_);
  for (const QPointer<QWidget>& w : stepAside_)
    if (w) w->show();
  stepAside_.clear();
}

bool WelcomeController::openExample(const QString& path) {
  if (!files_->openExample(path)) return false;
  leave();
  return true;
}

GuidedTour* WelcomeController::startTour() {
  leave();
  auto dock = [this](const char* name) { return window_->findChild<QWidget*>(QLatin1String(name)); };
  QWidget* wizardButton = nullptr;
  if (auto* bar = window_->findChild<QToolBar*>(QStringLiteral("mainToolBar")))
    wizardButton = bar->widgetForAction(editors_->wizardAction());
  const QVector<TourStep> steps = {
      {dock("projectDock"), tr("Project"),
       tr("Your study: its scenarios and lever waterfalls. Select a scenario to edit it; the menu of the tree adds, "
          "duplicates and removes scenarios.")},
      {dock("catalogDock"), tr("Parts catalog"),
       tr("Accelerators, nodes, switches, NICs, cables, cooling, racks and PDUs with their figures. Drag a part "
          "into a rack on the Racks tab.")},
      {tabs_->tabBar(), tr("Editors and results"),
       tr("The hall, the racks, the job, the fabric and the storage of the selected scenario; the Dashboard, "
          "Compare, Waterfall and Sweep tabs show what the design gives.")},
      {dock("propertyDock"), tr("Properties"),
       tr("Every field of the selected scenario, with its unit. Each edit is one undo step (Ctrl+Z).")},
      {dock("messagesDock"), tr("Messages"),
       tr("What validation finds (F7). Double-click a message to jump to its field.")},
      {wizardButton, tr("Cluster Wizard"),
       tr("Generate a whole cluster from a few choices. Help › Welcome brings back the Welcome page, "
          "Help › Keyboard Shortcuts lists every shortcut.")},
  };
  auto* tour = new GuidedTour(window_, steps);
  tour->start();
  return tour;
}

void WelcomeController::showShortcuts() {
  ShortcutsDialog dialog(window_->menuBar(), window_);
  dialog.exec();
}

bool WelcomeController::showAtStart(bool fileGiven, const QSettings& settings) {
  if (fileGiven) return false;
  if (settings.contains(QLatin1String(kShowAtStartup))) return settings.value(QLatin1String(kShowAtStartup)).toBool();
  return !settings.contains(QStringLiteral("mainWindow/geometry"));
}

void WelcomeController::retranslate() {
  welcome_->setText(tr("&Welcome"));
  welcome_->setStatusTip(tr("Recent projects, the examples, the wizard and a guided tour"));
  tour_->setText(tr("Guided &Tour"));
  tour_->setStatusTip(tr("A short tour of the docks and tabs of this window"));
  shortcuts_->setText(tr("&Keyboard Shortcuts…"));
  shortcuts_->setStatusTip(tr("Every action with a shortcut, gathered from the menus"));
}

}  // namespace cf
