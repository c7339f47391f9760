#include "sweep/SweepTableModel.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QLocale>
#include <cmath>

namespace cf {

SweepTableModel::SweepTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void SweepTableModel::setRecords(std::vector<SweepRecord> records, QVector<Column> columns) {
  beginResetModel();
  records_ = std::move(records);
  columns_ = std::move(columns);
  endResetModel();
}

int SweepTableModel::columnOf(const std::string& section, const std::string& key) const {
  for (int c = 0; c < columns_.size(); ++c)
    if (columns_[c].section == section && columns_[c].key == key) return c;
  return -1;
}

nlohmann::json SweepTableModel::value(int row, int column) const {
  if (row < 0 || row >= rowCount() || column < 0 || column >= columns_.size()) return nullptr;
  return cell(records_[static_cast<std::size_t>(row)], columns_[column]);
}

nlohmann::json SweepTableModel::cell(const SweepRecord& r, const Column& c) {
  using json = nlohmann::json;
  auto in = [&](const json& object) { return object.is_object() ? object.value(c.key, json()) : json(); };
  if (c.section == "values") return in(r.values);
  if (c.section == "parallelism") return in(r.parallelism);
  if (c.section == "metrics") {
    if (c.key == "bottleneck") return r.bottleneck ? json(*r.bottleneck) : json();
    const std::optional<double> v = r.metric(c.key);
    return v ? metricJson(*v) : json();
  }
  if (c.key == "index") return r.index;
  if (c.key == "status") return r.status;
  if (c.key == "pareto") return r.onFront();
  if (c.key == "seed") return r.seed ? json(*r.seed) : json();
  if (c.key == "error") return r.error ? json(*r.error) : json();
  return nullptr;
}

QString SweepTableModel::formatValue(const nlohmann::json& v, const Column& c) {
  if (v.is_null()) return {};
  const QLocale loc;
  if (v.is_boolean()) return v.get<bool>() ? tr("yes") : tr("no");
  if (v.is_string()) return c.words ? c.words(v.get<std::string>()) : QString::fromStdString(v.get<std::string>());
  if (!v.is_number()) return QString::fromStdString(v.dump());
  const double x = v.get<double>() * c.scale;
  switch (c.kind) {
    case Kind::Integer: return loc.toString(static_cast<qlonglong>(std::llround(x)));
    case Kind::Percent: return loc.toString(100.0 * x, 'f', c.decimals) + QStringLiteral(" %");
    case Kind::Number: return loc.toString(x, 'f', c.decimals);
    case Kind::Text:
    case Kind::Bool: break;
  }
  // Axis values and other free values: as the spec wrote them.
  return v.is_number_float() ? loc.toString(x, 'g', 6) : loc.toString(static_cast<qlonglong>(v.get<long long>()));
}

int SweepTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(records_.size());
}

int SweepTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : columns_.size(); }

QVariant SweepTableModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= columns_.size()) return {};
  const SweepRecord& rec = records_[static_cast<std::size_t>(index.row())];
  const bool pareto = rec.onFront();
  const bool ok = rec.ok();
  const Column& c = columns_[index.column()];
  const nlohmann::json v = value(index.row(), index.column());
  switch (role) {
    case Qt::DisplayRole: return formatValue(v, c);
    case SortRole:
      if (v.is_number()) return v.get<double>() * c.scale;
      if (v.is_boolean()) return v.get<bool>() ? 1.0 : 0.0;
      if (v.is_string()) return QString::fromStdString(v.get<std::string>());
      return v.is_null() ? QVariant() : QVariant(QString::fromStdString(v.dump()));
    case ParetoRole: return pareto;
    case RecordRole: return index.row();
    case OkRole: return ok;
    case Qt::TextAlignmentRole:
      return QVariant::fromValue(v.is_number() ? (Qt::AlignRight | Qt::AlignVCenter) : (Qt::AlignLeft | Qt::AlignVCenter));
    case Qt::FontRole:
      if (pareto) {
        QFont f;
        f.setBold(true);
        return f;
      }
      return {};
    case Qt::BackgroundRole: return pareto ? QBrush(QColor(255, 226, 196)) : QVariant();
    case Qt::ForegroundRole: return ok ? QVariant() : QBrush(QColor(130, 130, 130));
    case Qt::ToolTipRole:
      if (!ok && rec.error) return QString::fromStdString(*rec.error);
      return {};
    default: return {};
  }
}

QVariant SweepTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || section < 0 || section >= columns_.size()) return {};
  if (role == Qt::DisplayRole) return columns_[section].header;
  if (role == Qt::ToolTipRole)
    return columns_[section].tooltip.isEmpty() ? columns_[section].header : columns_[section].tooltip;
  return {};
}

}  // namespace cf
