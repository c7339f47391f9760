// Run-time language switching: English (the source language) or 简体中文.
// Installs the application's translator (embedded as :/i18n/*.qm) and Qt's
// own when present; QCoreApplication then sends LanguageChange to every
// widget, which retranslates itself.
#pragma once
#include <QObject>
#include <QString>
#include <QStringList>

class QTranslator;

namespace cf {

class LanguageManager : public QObject {
  Q_OBJECT

 public:
  explicit LanguageManager(QObject* parent = nullptr);
  ~LanguageManager() override;

  static QStringList available();  // "en", "zh_CN"
  // The language chosen in the settings, else the system locale's.
  static QString preferred();
  static QString systemDefault();
  // Normalises "zh", "zh-CN", "zh_CN.UTF-8" ... to a code from available(); empty if unknown.
  static QString normalize(const QString& code);

  QString current() const { return current_; }
  // Switches the language; `remember` stores the choice for the next start.
  bool setLanguage(const QString& code, bool remember = false);

 signals:
  void languageChanged(const QString& code);

 private:
  void removeTranslators();

  QString current_ = QStringLiteral("en");
  QTranslator* app_ = nullptr;
  QTranslator* qt_ = nullptr;
};

}  // namespace cf
