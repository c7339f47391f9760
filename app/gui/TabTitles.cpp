#include "TabTitles.h"

#include <QTabWidget>
#include <QTranslator>

#include <memory>
#include <vector>

#include "LanguageManager.h"

namespace cf {

namespace {

const char* kContext = "cfTabContext";
const char* kSource = "cfTabSource";

// The shipped translations, loaded once (they are embedded: :/i18n).
const std::vector<std::unique_ptr<QTranslator>>& translators() {
  static const auto all = [] {
    std::vector<std::unique_ptr<QTranslator>> out;
    for (const QString& lang : LanguageManager::available()) {
      if (lang == QLatin1String("en")) continue;
      auto t = std::make_unique<QTranslator>();
      if (t->load(QStringLiteral(":/i18n/clusterforge_%1.qm").arg(lang))) out.push_back(std::move(t));
    }
    return out;
  }();
  return all;
}

// Every name the tab at `i` answers to.
QStringList namesOf(const QTabWidget* tabs, int i) {
  const QWidget* page = tabs->widget(i);
  QStringList names{page->objectName(), tabs->tabText(i)};
  const QByteArray context = page->property(kContext).toByteArray();
  const QByteArray source = page->property(kSource).toByteArray();
  if (!source.isEmpty()) {
    names << QString::fromUtf8(source);
    for (const auto& t : translators()) {
      const QString translated = t->translate(context.constData(), source.constData());
      if (!translated.isEmpty()) names << translated;
    }
  }
  for (QString& n : names) n.remove(QLatin1Char('&'));
  names.removeAll(QString());
  names.removeDuplicates();
  return names;
}

}  // namespace

void setTabTitle(QTabWidget* tabs, QWidget* page, const char* context, const char* source) {
  page->setProperty(kContext, QByteArray(context));
  page->setProperty(kSource, QByteArray(source));
  tabs->setTabText(tabs->indexOf(page), QCoreApplication::translate(context, source));
}

int findTab(const QTabWidget* tabs, const QString& name) {
  const QString wanted = QString(name).remove(QLatin1Char('&')).trimmed();
  if (wanted.isEmpty()) return -1;
  for (int i = 0; i < tabs->count(); ++i)
    for (const QString& n : namesOf(tabs, i))
      if (n.compare(wanted, Qt::CaseInsensitive) == 0) return i;
  return -1;
}

QStringList tabNames(const QTabWidget* tabs) {
  QStringList out;
  for (int i = 0; i < tabs->count(); ++i) {
    QStringList names = namesOf(tabs, i);
    const QString object = names.takeFirst();
    out << QStringLiteral("%1 (%2)").arg(object, names.join(QLatin1String(", ")));
  }
  return out;
}

}  // namespace cf
