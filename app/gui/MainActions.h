// The main window's actions, created once with icons and shortcuts and
// retranslated on language change. Object names ("actionOpen", ...) let tests
// and scripts find them.
#pragma once
#include <QObject>

class QAction;
class QActionGroup;
class QWidget;

namespace cf {

class MainActions : public QObject {
  Q_OBJECT

 public:
  explicit MainActions(QWidget* window);
  void retranslate();

  QAction* newProject;
  QAction* open;
  QAction* openSweepResults;  // File > Open Sweep Results… (the Sweep tab)
  QAction* save;
  QAction* saveAs;
  QAction* close;
  QAction* quit;
  QAction* undo;
  QAction* redo;
  QAction* validate;
  QAction* about;
  QAction* english;
  QAction* chinese;
  QActionGroup* languages;
};

}  // namespace cf
