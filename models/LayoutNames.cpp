#include "LayoutNames.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace cf {

QString layoutNameText(const std::string& stored) {
  const QString name = QString::fromStdString(stored);
  static const QRegularExpression generated(QStringLiteral("^(Hall|Row|Network row|Storage row) ([A-Z]{1,3}|[0-9]{1,6})$"));
  const QRegularExpressionMatch m = generated.match(name);
  if (!m.hasMatch()) return name;
  const QString kind = m.captured(1), n = m.captured(2);
  if (kind == QLatin1String("Hall")) return QCoreApplication::translate("LayoutNames", "Hall %1").arg(n);
  if (kind == QLatin1String("Row")) return QCoreApplication::translate("LayoutNames", "Row %1").arg(n);
  if (kind == QLatin1String("Network row")) return QCoreApplication::translate("LayoutNames", "Network row %1").arg(n);
  return QCoreApplication::translate("LayoutNames", "Storage row %1").arg(n);
}

}  // namespace cf
