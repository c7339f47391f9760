#include "MainActions.h"

#include <QAction>
#include <QActionGroup>
#include <QKeySequence>
#include <QStyle>
#include <QWidget>

namespace cf {

namespace {

QAction* make(QWidget* w, const char* name, QStyle::StandardPixmap icon, QKeySequence::StandardKey key) {
  auto* a = new QAction(w);
  a->setObjectName(QLatin1String(name));
  if (icon != QStyle::SP_CustomBase) a->setIcon(w->style()->standardIcon(icon));
  if (key != QKeySequence::UnknownKey) a->setShortcuts(key);
  w->addAction(a);
  return a;
}

}  // namespace

MainActions::MainActions(QWidget* w) : QObject(w) {
  newProject = make(w, "actionNew", QStyle::SP_FileIcon, QKeySequence::New);
  open = make(w, "actionOpen", QStyle::SP_DialogOpenButton, QKeySequence::Open);
  openSweepResults = make(w, "actionOpenSweepResults", QStyle::SP_CustomBase, QKeySequence::UnknownKey);
  save = make(w, "actionSave", QStyle::SP_DialogSaveButton, QKeySequence::Save);
  saveAs = make(w, "actionSaveAs", QStyle::SP_CustomBase, QKeySequence::SaveAs);
  close = make(w, "actionClose", QStyle::SP_DialogCloseButton, QKeySequence::Close);
  quit = make(w, "actionQuit", QStyle::SP_CustomBase, QKeySequence::Quit);
  undo = make(w, "actionUndo", QStyle::SP_ArrowBack, QKeySequence::Undo);
  redo = make(w, "actionRedo", QStyle::SP_ArrowForward, QKeySequence::Redo);
  validate = make(w, "actionValidate", QStyle::SP_DialogApplyButton, QKeySequence::UnknownKey);
  validate->setShortcut(QKeySequence(Qt::Key_F7));
  about = make(w, "actionAbout", QStyle::SP_MessageBoxInformation, QKeySequence::UnknownKey);
  quit->setMenuRole(QAction::QuitRole);
  about->setMenuRole(QAction::AboutRole);

  languages = new QActionGroup(this);
  languages->setExclusive(true);
  english = make(w, "actionLanguageEnglish", QStyle::SP_CustomBase, QKeySequence::UnknownKey);
  chinese = make(w, "actionLanguageChinese", QStyle::SP_CustomBase, QKeySequence::UnknownKey);
  for (QAction* a : {english, chinese}) {
    a->setCheckable(true);
    languages->addAction(a);
  }
  // Each language is offered under its own name, so it can be found whatever
  // the current language is.
  english->setText(QStringLiteral("English"));
  chinese->setText(QStringLiteral("简体中文"));
  english->setData(QStringLiteral("en"));
  chinese->setData(QStringLiteral("zh_CN"));
  retranslate();
}

void MainActions::retranslate() {
  newProject->setText(tr("&New Project"));
  newProject->setStatusTip(tr("Start a new project with one scenario"));
  open->setText(tr("&Open…"));
  open->setStatusTip(tr("Open a project (.cfproj) or a scenario file (.cf.json)"));
  openSweepResults->setText(tr("Open S&weep Results…"));
  openSweepResults->setStatusTip(tr("Open the results of clusterforge-cli sweep (.sweep.db, JSON or CSV) in the Sweep tab"));
  save->setText(tr("&Save"));
  save->setStatusTip(tr("Save the project"));
  saveAs->setText(tr("Save &As…"));
  saveAs->setStatusTip(tr("Save the project under a new name or format"));
  close->setText(tr("&Close Project"));
  quit->setText(tr("&Quit"));
  undo->setText(tr("&Undo"));
  redo->setText(tr("&Redo"));
  validate->setText(tr("&Validate"));
  validate->setStatusTip(tr("Check every scenario and list the problems"));
  about->setText(tr("&About ClusterForge"));
}

}  // namespace cf
