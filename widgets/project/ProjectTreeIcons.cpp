#include "ProjectTreeIcons.h"

#include <QApplication>
#include <QStyle>

#include "ProjectTreeModel.h"

namespace cf {

ProjectTreeIcons::ProjectTreeIcons(QAbstractItemModel* source, QObject* parent) : QIdentityProxyModel(parent) {
  setSourceModel(source);
}

QVariant ProjectTreeIcons::data(const QModelIndex& index, int role) const {
  if (role != Qt::DecorationRole || !index.isValid()) return QIdentityProxyModel::data(index, role);
  QStyle* st = QApplication::style();
  switch (ProjectTreeModel::kindOf(mapToSource(index))) {
    case ProjectTreeModel::Kind::Project:
      return st->standardIcon(QStyle::SP_DirHomeIcon);
    case ProjectTreeModel::Kind::Scenario:
      return st->standardIcon(QStyle::SP_FileDialogDetailedView);
    case ProjectTreeModel::Kind::Cluster:
      return st->standardIcon(QStyle::SP_DriveNetIcon);
    case ProjectTreeModel::Kind::Job:
      return st->standardIcon(QStyle::SP_MediaPlay);
    case ProjectTreeModel::Kind::Reliability:
      return st->standardIcon(QStyle::SP_DialogApplyButton);
    case ProjectTreeModel::Kind::WaterfallFolder:
      return st->standardIcon(QStyle::SP_DirIcon);
    case ProjectTreeModel::Kind::Waterfall:
      return st->standardIcon(QStyle::SP_ArrowDown);
  }
  return {};
}

}  // namespace cf
