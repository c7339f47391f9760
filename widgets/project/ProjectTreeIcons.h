// Adds the style's standard icons to the project tree (the model itself stays
// free of Qt Widgets).
#pragma once
#include <QHash>
#include <QIcon>
#include <QIdentityProxyModel>

namespace cf {

class ProjectTreeIcons : public QIdentityProxyModel {
  Q_OBJECT

 public:
  explicit ProjectTreeIcons(QAbstractItemModel* source, QObject* parent = nullptr);
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

 private:
  // The style's icons, made once (QStyle::standardIcon builds a new icon on
  // every call; the tree asks on every repaint).
  QHash<int, QIcon> icons_;
};

}  // namespace cf
