// The part catalog as a two-level tree: categories (accelerators, nodes,
// switches, ...) > parts, with a one-line summary of each part's key figures.
// Shows the parts the open project sees: its own copies first, then the
// built-in catalog.
#pragma once
#include <QAbstractItemModel>
#include <QMimeData>
#include <QString>
#include <vector>

#include "ChangeEvent.h"

namespace cf {

class Catalog;
class Document;

class CatalogModel : public QAbstractItemModel {
  Q_OBJECT

 public:
  enum Column { NameColumn, VendorColumn, FiguresColumn, PriceColumn, ColumnCount };
  enum Role { PartIdRole = Qt::UserRole + 1, CategoryRole };

  // Drag payload of a part: "<category>\n<part id>" in UTF-8 (category as
  // in the catalog files: "nodes", "switches", "storage", "pdus", "racks", ...).
  static constexpr const char* kPartMimeType = "application/x-clusterforge-part";
  static QMimeData* partMimeData(const QString& category, const QString& partId);
  // Reads a payload; false when `mime` carries no part.
  static bool readPartMimeData(const QMimeData* mime, QString* category, QString* partId);

  explicit CatalogModel(Document* doc, QObject* parent = nullptr);

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QStringList mimeTypes() const override;
  QMimeData* mimeData(const QModelIndexList& indexes) const override;
  Qt::DropActions supportedDragActions() const override { return Qt::CopyAction; }

  // Number of parts over all categories.
  int partCount() const;
  // Rebuilds the labels in the current language.
  void retranslate();

 private:
  struct Part {
    QString id, name, vendor, figures, tooltip;
    double price_usd = 0;
  };
  struct Category {
    QString key;    // "accelerators", ... (the catalog's own names)
    QString title;  // translated
    std::vector<Part> parts;
  };
  void rebuild();
  void fill(const Catalog& parts);

  Document* doc_;
  std::vector<Category> categories_;
};

}  // namespace cf
