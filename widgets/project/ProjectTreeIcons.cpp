#include "project/ProjectTreeIcons.h"

#include <QApplication>
#include <QStyle>

#include "ProjectTreeModel.h"

namespace cf {

ProjectTreeIcons::ProjectTreeIcons(QAbstractItemModel* source, QObject* parent) : QIdentityProxyModel(parent) {
  setSourceModel(source);
}

QVariant ProjectTreeIcons::data(const QModelIndex& index, int role) const {
  if (role != Qt::DecorationRole || !index.isValid()) return QIdentityProxyModel::data(index, role);
  QStyle::StandardPixmap pixmap = QStyle::SP_CustomBase;
  switch (ProjectTreeModel::kindOf(mapToSource(index))) {
    case ProjectTreeModel::Kind::Project: pixmap = QStyle::SP_DirHomeIcon; break;
    case ProjectTreeModel::Kind::Scenario: pixmap = QStyle::SP_FileDialogDetailedView; break;
    case ProjectTreeModel::Kind::Cluster: pixmap = QStyle::SP_DriveNetIcon; break;
    case ProjectTreeModel::Kind::Job: pixmap = QStyle::SP_MediaPlay; break;
    case ProjectTreeModel::Kind::Reliability: pixmap = QStyle::SP_DialogApplyButton; break;
    case ProjectTreeModel::Kind::WaterfallFolder: pixmap = QStyle::SP_DirIcon; break;
    case ProjectTreeModel::Kind::Waterfall: pixmap = QStyle::SP_ArrowDown; break;
  }
  if (pixmap == QStyle::SP_CustomBase) return {};
  auto it = icons_.constFind(pixmap);
  if (it == icons_.constEnd())
    it = const_cast<ProjectTreeIcons*>(this)->icons_.insert(pixmap, QApplication::style()->standardIcon(pixmap));
  return *it;
}

}  // namespace cf
