#include "catalog/CatalogDock.h"

#include <QEvent>
#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

#include "CatalogModel.h"

namespace cf {

CatalogDock::CatalogDock(Document* doc, QWidget* parent)
    : QDockWidget(parent), model_(new CatalogModel(doc, this)), proxy_(new QSortFilterProxyModel(this)) {
  setObjectName(QStringLiteral("catalogDock"));
  auto* body = new QWidget(this);
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(4, 4, 4, 4);
  filter_ = new QLineEdit(body);
  filter_->setObjectName(QStringLiteral("catalogFilter"));
  filter_->setClearButtonEnabled(true);
  layout->addWidget(filter_);

  proxy_->setSourceModel(model_);
  proxy_->setRecursiveFilteringEnabled(true);
  proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
  proxy_->setFilterKeyColumn(-1);
  view_ = new QTreeView(body);
  view_->setObjectName(QStringLiteral("catalogTree"));
  view_->setModel(proxy_);
  view_->setUniformRowHeights(true);
  view_->setAlternatingRowColors(true);
  // Parts drag onto the rack elevations (CatalogModel::kPartMimeType).
  view_->setDragEnabled(true);
  view_->setDragDropMode(QAbstractItemView::DragOnly);
  view_->header()->setSectionResizeMode(CatalogModel::NameColumn, QHeaderView::ResizeToContents);
  layout->addWidget(view_);
  setWidget(body);

  connect(filter_, &QLineEdit::textChanged, this, &CatalogDock::setFilterText);
  connect(model_, &QAbstractItemModel::modelReset, this, [this] { setFilterText(filter_->text()); });
  retranslate();
}

void CatalogDock::setFilterText(const QString& text) {
  proxy_->setFilterFixedString(text.trimmed());
  if (text.trimmed().isEmpty())
    view_->collapseAll();
  else
    view_->expandAll();
}

void CatalogDock::retranslate() {
  setWindowTitle(tr("Catalog"));
  filter_->setPlaceholderText(tr("Filter parts…"));
  model_->retranslate();
}

void CatalogDock::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QDockWidget::changeEvent(event);
}

}  // namespace cf
