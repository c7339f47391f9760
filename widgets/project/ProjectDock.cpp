#include "project/ProjectDock.h"

#include <QAction>
#include <QEvent>
#include <QHeaderView>
#include <QStyle>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

#include "Document.h"
#include "project/ProjectTreeIcons.h"
#include "ProjectTreeModel.h"

namespace cf {

ProjectDock::ProjectDock(Document* doc, QWidget* parent)
    : QDockWidget(parent), doc_(doc), model_(new ProjectTreeModel(doc, this)) {
  setObjectName(QStringLiteral("projectDock"));
  auto* body = new QWidget(this);
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);

  toolBar_ = new QToolBar(body);
  toolBar_->setIconSize(QSize(16, 16));
  QStyle* st = style();
  add_ = toolBar_->addAction(st->standardIcon(QStyle::SP_FileIcon), QString());
  duplicate_ = toolBar_->addAction(st->standardIcon(QStyle::SP_FileDialogNewFolder), QString());
  rename_ = toolBar_->addAction(st->standardIcon(QStyle::SP_FileDialogContentsView), QString());
  remove_ = toolBar_->addAction(st->standardIcon(QStyle::SP_TrashIcon), QString());
  add_->setObjectName(QStringLiteral("actionAddScenario"));
  duplicate_->setObjectName(QStringLiteral("actionDuplicateScenario"));
  rename_->setObjectName(QStringLiteral("actionRenameScenario"));
  remove_->setObjectName(QStringLiteral("actionRemoveScenario"));
  layout->addWidget(toolBar_);

  view_ = new QTreeView(body);
  view_->setObjectName(QStringLiteral("projectTree"));
  view_->setModel(new ProjectTreeIcons(model_, this));
  view_->setHeaderHidden(true);
  view_->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
  view_->setContextMenuPolicy(Qt::ActionsContextMenu);
  view_->addActions({add_, duplicate_, rename_, remove_});
  layout->addWidget(view_);
  setWidget(body);

  connect(add_, &QAction::triggered, this, [this] {
    doc_->addScenario(Document::defaultScenario(tr("Scenario %1").arg(doc_->scenarioCount() + 1)));
    selectScenario(doc_->scenarioCount() - 1);
  });
  connect(duplicate_, &QAction::triggered, this, [this] {
    doc_->duplicateScenario(current_);
    selectScenario(current_ + 1);
  });
  connect(rename_, &QAction::triggered, this,
          [this] { view_->edit(view_->model()->index(current_, 0, view_->model()->index(0, 0))); });
  connect(remove_, &QAction::triggered, this, [this] { doc_->removeScenario(current_); });
  connect(view_->selectionModel(), &QItemSelectionModel::currentChanged, this, &ProjectDock::onCurrentChanged);
  connect(model_, &QAbstractItemModel::modelReset, this, [this] {
    view_->expandToDepth(1);
    selectScenario(0);
  });
  // Keep following the same scenario when rows before it come and go.
  connect(model_, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex& parent, int first, int) {
    view_->expandToDepth(1);
    if (parent == model_->projectIndex() && first <= current_) {
      ++current_;
      emit scenarioSelected(current_);
    }
    updateActions();
  });
  connect(model_, &QAbstractItemModel::rowsRemoved, this, [this](const QModelIndex& parent, int first, int) {
    if (parent != model_->projectIndex()) return;  // a waterfall went away
    const int next = current_ > first ? current_ - 1 : qMin(current_, doc_->scenarioCount() - 1);
    current_ = -1;  // force the signal: the row now holds another scenario
    selectScenario(next);
  });
  view_->expandToDepth(1);
  selectScenario(0);
  retranslate();
}

void ProjectDock::selectScenario(int index) {
  if (index < 0 || index >= doc_->scenarioCount()) return;
  const QModelIndex si = view_->model()->index(index, 0, view_->model()->index(0, 0));
  const bool changedRow = index != current_;
  current_ = index;
  if (view_->currentIndex() != si) view_->setCurrentIndex(si);
  updateActions();
  if (changedRow) emit scenarioSelected(index);
}

void ProjectDock::onCurrentChanged() {
  const int w = view_->currentIndex().data(ProjectTreeModel::WaterfallRole).toInt();
  if (ProjectTreeModel::Kind(view_->currentIndex().data(ProjectTreeModel::KindRole).toInt()) ==
      ProjectTreeModel::Kind::Waterfall) {
    emit waterfallSelected(w);
    return;
  }
  const int s = ProjectTreeModel::scenarioOf(view_->currentIndex());
  if (s >= 0 && s != current_) {
    current_ = s;
    emit scenarioSelected(s);
  }
  updateActions();
}

void ProjectDock::updateActions() { remove_->setEnabled(doc_->scenarioCount() > 1); }

void ProjectDock::retranslate() {
  setWindowTitle(tr("Project"));
  add_->setText(tr("Add Scenario"));
  duplicate_->setText(tr("Duplicate Scenario"));
  rename_->setText(tr("Rename Scenario"));
  remove_->setText(tr("Remove Scenario"));
  model_->retranslate();
}

void ProjectDock::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QDockWidget::changeEvent(event);
}

}  // namespace cf
