// Adds the style's standard icons to the project tree (the model itself stays
// free of Qt Widgets).
#pragma once
#include <QIdentityProxyModel>

namespace cf {

class ProjectTreeIcons : public QIdentityProxyModel {
  Q_OBJECT

 public:
  explicit ProjectTreeIcons(QAbstractItemModel* source, QObject* parent = nullptr);
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
};

}  // namespace cf
