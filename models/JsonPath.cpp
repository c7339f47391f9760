#include "JsonPath.h"

#include <QRegularExpression>

namespace cf {

QString keyPathToPointer(const QString& keyPath) {
  if (keyPath.isEmpty()) return {};
  QString out;
  QString token;
  auto flush = [&] {
    if (token.isEmpty()) return;
    token.replace(QLatin1String("~"), QLatin1String("~0")).replace(QLatin1String("/"), QLatin1String("~1"));
    out += QLatin1Char('/') + token;
    token.clear();
  };
  for (QChar ch : keyPath) {
    if (ch == QLatin1Char('.') || ch == QLatin1Char('[') || ch == QLatin1Char(']'))
      flush();
    else
      token += ch;
  }
  flush();
  return out;
}

QString pointerToKeyPath(const QString& pointer) {
  QString out;
  const QStringList parts = pointer.split(QLatin1Char('/'), Qt::SkipEmptyParts);
  for (QString part : parts) {
    part.replace(QLatin1String("~1"), QLatin1String("/")).replace(QLatin1String("~0"), QLatin1String("~"));
    bool isIndex = false;
    part.toInt(&isIndex);
    if (isIndex)
      out += QLatin1Char('[') + part + QLatin1Char(']');
    else
      out += (out.isEmpty() ? QString() : QStringLiteral(".")) + part;
  }
  return out;
}

ScenarioPath splitScenarioPath(const QString& projectPath) {
  static const QRegularExpression re(QStringLiteral("^scenarios\\[(\\d+)\\]\\.?(.*)$"));
  const auto m = re.match(projectPath);
  if (!m.hasMatch()) return {0, projectPath};
  return {m.captured(1).toInt(), m.captured(2)};
}

}  // namespace cf
