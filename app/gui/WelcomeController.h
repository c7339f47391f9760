// Welcome mode of the main window (issue 18 item 1): the central area is a
// stack of the editor tabs and the Welcome page; while the page shows, the
// docks and tool bars step aside (and come back as they were when it is
// left). Opening a project or an example, New Project, the wizard or any tab
// switch leaves it; Help › Welcome brings it back. Also owns Help › Guided
// Tour and Help › Keyboard Shortcuts.
#pragma once
#include <QObject>
#include <QPointer>
#include <QVector>

class QAction;
class QMainWindow;
class QSettings;
class QStackedWidget;
class QTabWidget;

namespace cf {

class DesignEditors;
class Document;
class FileController;
class GuidedTour;
class WelcomePage;

class WelcomeController : public QObject {
  Q_OBJECT

 public:
  WelcomeController(QMainWindow* window, QTabWidget* tabs, Document* doc, FileController* files,
                    DesignEditors* editors);

  // The window's central widget (holds the tabs and the page).
  QStackedWidget* central() const { return stack_; }
  WelcomePage* page() const { return page_; }
  QAction* welcomeAction() const { return welcome_; }
  QAction* tourAction() const { return tour_; }
  QAction* shortcutsAction() const { return shortcuts_; }

  bool isShown() const;
  void show();
  void leave();
  // Leaves the page and starts the tour over the docks and tabs; the overlay deletes itself when closed.
  GuidedTour* startTour();
  void showShortcuts();
  // Opens an example as an untitled copy and leaves the page.
  bool openExample(const QString& path);

  // First start: no file given and no earlier session (no saved window
  // geometry) opens the page; afterwards the page's "Show at start-up" box
  // ("welcome/showAtStartup") decides.
  static bool showAtStart(bool fileGiven, const QSettings& settings);

  void retranslate();

 private:
  QMainWindow* window_;
  QTabWidget* tabs_;
  Document* doc_;
  FileController* files_;
  DesignEditors* editors_;
  QStackedWidget* stack_;
  WelcomePage* page_;
  QAction* welcome_;
  QAction* tour_;
  QAction* shortcuts_;
  QVector<QPointer<QWidget>> stepAside_;  // docks and tool bars hidden while the page shows
};

}  // namespace cf
