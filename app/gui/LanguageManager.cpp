#include "LanguageManager.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace cf {

namespace {
const char* kSettingsKey = "ui/language";
}

LanguageManager::LanguageManager(QObject* parent) : QObject(parent) {}

LanguageManager::~LanguageManager() { removeTranslators(); }

QStringList LanguageManager::available() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }

QString LanguageManager::normalize(const QString& code) {
  const QString c = code.trimmed().toLower().replace(QLatin1Char('-'), QLatin1Char('_'));
  if (c.startsWith(QLatin1String("zh"))) return QStringLiteral("zh_CN");
  if (c.startsWith(QLatin1String("en")) || c == QLatin1String("c") || c == QLatin1String("posix"))
    return QStringLiteral("en");
  return {};
}

QString LanguageManager::systemDefault() {
  return QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

QString LanguageManager::preferred() {
  const QString saved = normalize(QSettings().value(QLatin1String(kSettingsKey)).toString());
  return saved.isEmpty() ? systemDefault() : saved;
}

void LanguageManager::removeTranslators() {
  for (QTranslator** t : {&app_, &qt_}) {
    if (*t) {
      QCoreApplication::removeTranslator(*t);
      delete *t;
      *t = nullptr;
    }
  }
}

bool LanguageManager::setLanguage(const QString& code, bool remember) {
  const QString lang = normalize(code);
  if (lang.isEmpty()) return false;
  bool ok = true;
  if (lang != current_ || (lang != QLatin1String("en") && !app_)) {
    removeTranslators();
    if (lang != QLatin1String("en")) {
      app_ = new QTranslator;
      if (app_->load(QStringLiteral(":/i18n/clusterforge_%1.qm").arg(lang))) {
        QCoreApplication::installTranslator(app_);
      } else {
        delete app_;
        app_ = nullptr;
        ok = false;
      }
      // Qt's own strings (standard dialogs), when the distribution ships them.
      qt_ = new QTranslator;
      if (qt_->load(QLocale(lang), QStringLiteral("qtbase"), QStringLiteral("_"),
                    QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt_);
      else {
        delete qt_;
        qt_ = nullptr;
      }
    }
    current_ = ok ? lang : QStringLiteral("en");
    emit languageChanged(current_);
  }
  if (remember && ok) QSettings().setValue(QLatin1String(kSettingsKey), lang);
  return ok;
}

}  // namespace cf
