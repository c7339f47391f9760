#include "CatalogModel.h"

#include <QLocale>

#include "Document.h"
#include "PartKinds.h"

namespace cf {

namespace {

constexpr quintptr kCategoryId = 0;  // parts carry their category + 1

template <class P>
QString tooltipOf(const P& p) {
  QString tip = QString::fromStdString(p.name);
  if (!p.source.empty())
    tip += QLatin1Char('\n') + CatalogModel::tr("Source: %1").arg(QString::fromStdString(p.source));
  if (!p.estimated.empty()) {
    QStringList est;
    for (const auto& e : p.estimated) est << QString::fromStdString(e);
    tip += QLatin1Char('\n') + CatalogModel::tr("Estimated: %1").arg(est.join(QStringLiteral(", ")));
  }
  if (!p.notes.empty()) tip += QLatin1Char('\n') + QString::fromStdString(p.notes);
  return tip;
}

QString num(double v, int decimals = 0) { return QLocale().toString(v, 'f', decimals); }

}  // namespace

CatalogModel::CatalogModel(Document* doc, QObject* parent) : QAbstractItemModel(parent), doc_(doc) {
  rebuild();
  connect(doc_, &Document::changed, this, [this](const ChangeEvent& e) {
    if (e.type == ChangeEvent::Type::ProjectReplaced) rebuild();
  });
}

void CatalogModel::rebuild() {
  beginResetModel();
  categories_.clear();
  fill(doc_->project().resolvedParts());
  endResetModel();
}

void CatalogModel::retranslate() { rebuild(); }

void CatalogModel::fill(const Catalog& c) {
  auto add = [this](const QString& key, const QString& title, const auto& list, auto figures) {
    Category cat{key, title, {}};
    for (const auto& p : list)
      cat.parts.push_back({QString::fromStdString(p.id), QString::fromStdString(p.name),
                           QString::fromStdString(p.vendor), figures(p), tooltipOf(p), p.price_usd});
    categories_.push_back(std::move(cat));
  };
  add(QStringLiteral("accelerators"), tr("Accelerators"), c.accelerators, [](const Accelerator& a) {
    return tr("BF16 %1 TFLOP/s · %2 GiB HBM · %3 W").arg(num(a.peak_tflops.bf16), num(a.hbm_GiB), num(a.tdp_W));
  });
  add(QStringLiteral("nodes"), tr("Nodes"), c.nodes, [](const NodeType& n) {
    return tr("%1 × %2 · %3 U")
        .arg(n.accelerators_per_node)
        .arg(QString::fromStdString(n.accelerator))
        .arg(n.rack_units);
  });
  add(QStringLiteral("switches"), tr("Switches"), c.switches, [](const SwitchPart& s) {
    return tr("%1 ports × %2 Gb/s · %3").arg(s.radix).arg(num(s.port_Gbps)).arg(QString::fromStdString(s.technology));
  });
  add(QStringLiteral("nics"), tr("NICs"), c.nics,
      [](const NicPart& n) { return tr("%1 × %2 Gb/s").arg(n.ports).arg(num(n.port_Gbps)); });
  add(QStringLiteral("links"), tr("Cables and optics"), c.links, [](const LinkPart& l) {
    return tr("%1 · %2 Gb/s · up to %3 m").arg(linkKindText(l.kind), num(l.speed_Gbps), num(l.max_reach_m, 1));
  });
  add(QStringLiteral("storage"), tr("Storage"), c.storage, [](const StoragePart& s) {
    return tr("%1 · %2 TB · read %3 GB/s").arg(tierKindText(s.kind), num(s.capacity_TB, 1), num(s.read_GBps, 1));
  });
  add(QStringLiteral("cooling"), tr("Cooling"), c.cooling, [](const CoolingPart& k) {
    return tr("%1 · PUE %2 · up to %3 kW per rack")
        .arg(designWordText(k.kind), num(k.typical_pue, 2), num(k.max_rack_kW));
  });
  add(QStringLiteral("racks"), tr("Racks"), c.racks,
      [](const RackPart& r) { return tr("%1 U · %2 kW").arg(r.rack_units).arg(num(r.max_power_kW, 1)); });
  add(QStringLiteral("pdus"), tr("PDUs"), c.pdus,
      [](const PduPart& p) { return tr("%1 kW · %2 phases").arg(num(p.rated_kW, 1)).arg(p.phases); });
}

int CatalogModel::partCount() const {
  int n = 0;
  for (const auto& c : categories_) n += static_cast<int>(c.parts.size());
  return n;
}

QModelIndex CatalogModel::index(int row, int column, const QModelIndex& parent) const {
  if (row < 0 || column < 0 || column >= ColumnCount || row >= rowCount(parent)) return {};
  if (!parent.isValid()) return createIndex(row, column, kCategoryId);
  return createIndex(row, column, static_cast<quintptr>(parent.row() + 1));
}

QModelIndex CatalogModel::parent(const QModelIndex& child) const {
  if (!child.isValid() || child.internalId() == kCategoryId) return {};
  return createIndex(static_cast<int>(child.internalId() - 1), 0, kCategoryId);
}

int CatalogModel::rowCount(const QModelIndex& parent) const {
  if (!parent.isValid()) return static_cast<int>(categories_.size());
  if (parent.column() != 0 || parent.internalId() != kCategoryId) return 0;
  return static_cast<int>(categories_[static_cast<std::size_t>(parent.row())].parts.size());
}

int CatalogModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant CatalogModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  if (index.internalId() == kCategoryId) {
    const Category& c = categories_[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole && index.column() == NameColumn) return tr("%1 (%2)").arg(c.title).arg(c.parts.size());
    if (role == CategoryRole) return c.key;
    return {};
  }
  const Category& c = categories_[static_cast<std::size_t>(index.internalId() - 1)];
  const Part& p = c.parts[static_cast<std::size_t>(index.row())];
  switch (role) {
    case Qt::DisplayRole:
      switch (index.column()) {
        case NameColumn:
          return p.id;
        case VendorColumn:
          return p.vendor;
        case FiguresColumn:
          return p.figures;
        case PriceColumn:
          return p.price_usd > 0 ? QLocale().toString(p.price_usd, 'f', 0) : QString();
      }
      return {};
    case Qt::ToolTipRole:
      return p.tooltip;
    case Qt::TextAlignmentRole:
      return index.column() == PriceColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case PartIdRole:
      return p.id;
    case CategoryRole:
      return c.key;
    default:
      return {};
  }
}

QVariant CatalogModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case NameColumn:
      return tr("Part");
    case VendorColumn:
      return tr("Vendor");
    case FiguresColumn:
      return tr("Key figures");
    case PriceColumn:
      return tr("Price (USD)");
  }
  return {};
}

Qt::ItemFlags CatalogModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags f = QAbstractItemModel::flags(index);
  if (index.isValid() && index.internalId() != kCategoryId) f |= Qt::ItemIsDragEnabled;
  return f;
}

QStringList CatalogModel::mimeTypes() const { return {QString::fromLatin1(kPartMimeType)}; }

QMimeData* CatalogModel::partMimeData(const QString& category, const QString& partId) {
  auto* mime = new QMimeData;
  mime->setData(QString::fromLatin1(kPartMimeType), (category + QLatin1Char('\n') + partId).toUtf8());
  mime->setText(partId);
  return mime;
}

bool CatalogModel::readPartMimeData(const QMimeData* mime, QString* category, QString* partId) {
  if (!mime || !mime->hasFormat(QString::fromLatin1(kPartMimeType))) return false;
  const QStringList parts = QString::fromUtf8(mime->data(QString::fromLatin1(kPartMimeType))).split(QLatin1Char('\n'));
  if (parts.size() != 2 || parts[1].isEmpty()) return false;
  if (category) *category = parts[0];
  if (partId) *partId = parts[1];
  return true;
}

QMimeData* CatalogModel::mimeData(const QModelIndexList& indexes) const {
  for (const QModelIndex& i : indexes)
    if (i.isValid() && i.internalId() != kCategoryId)
      return partMimeData(i.data(CategoryRole).toString(), i.data(PartIdRole).toString());
  return nullptr;
}

}  // namespace cf
