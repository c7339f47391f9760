// The part catalog dock: categories > parts with their key figures, and a
// search field that filters on every column (id, vendor, figures).
#pragma once
#include <QDockWidget>

class QLineEdit;
class QSortFilterProxyModel;
class QTreeView;

namespace cf {

class CatalogModel;
class Document;

class CatalogDock : public QDockWidget {
  Q_OBJECT

 public:
  explicit CatalogDock(Document* doc, QWidget* parent = nullptr);

  QLineEdit* filterEdit() const { return filter_; }
  QTreeView* view() const { return view_; }
  QSortFilterProxyModel* proxy() const { return proxy_; }
  void setFilterText(const QString& text);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();

  CatalogModel* model_;
  QSortFilterProxyModel* proxy_;
  QLineEdit* filter_;
  QTreeView* view_;
};

}  // namespace cf
