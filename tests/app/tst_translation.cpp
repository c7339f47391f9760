// The embedded zh_CN translation loads, actions and docks turn Chinese at run
// time, and switching back restores English.
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QMenuBar>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTest>
#include <QXmlStreamReader>

#include "catalog/CatalogDock.h"
#include "wizard/ClusterWizard.h"
#include "LanguageManager.h"
#include "MainActions.h"
#include "MainWindow.h"
#include "project/ProjectDock.h"
#include "properties/PropertyDock.h"
#include "catalog/Catalog.h"

using namespace cf;

class TestTranslation : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  // Every source string is translated: no unfinished, obsolete or vanished
  // entries, and no empty translation (run the update_translations target
  // after changing strings, then translate what it adds).
  void tsFileIsComplete() {
    QFile f(QStringLiteral(CF_SOURCE_DIR "/translations/clusterforge_zh_CN.ts"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    int messages = 0;
    QString source;
    while (!xml.atEnd()) {
      if (xml.readNext() != QXmlStreamReader::StartElement) continue;
      if (xml.name() == QLatin1String("source")) {
        source = xml.readElementText();
      } else if (xml.name() == QLatin1String("translation")) {
        ++messages;
        const QString type = xml.attributes().value(QLatin1String("type")).toString();
        QVERIFY2(type.isEmpty(), qPrintable(type + QStringLiteral(": ") + source));
        const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
        QVERIFY2(!text.trimmed().isEmpty(), qPrintable(QStringLiteral("empty: ") + source));
      }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(messages > 250);
  }

  void normalize() {
    QCOMPARE(LanguageManager::normalize(QStringLiteral("zh-CN")), QStringLiteral("zh_CN"));
    QCOMPARE(LanguageManager::normalize(QStringLiteral("zh_CN.UTF-8")), QStringLiteral("zh_CN"));
    QCOMPARE(LanguageManager::normalize(QStringLiteral("en_GB")), QStringLiteral("en"));
    QVERIFY(LanguageManager::normalize(QStringLiteral("xx")).isEmpty());
  }

  void switchAtRunTime() {
    LanguageManager lang;
    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    MainWindow w(&lang);
    w.show();
    QCOMPARE(w.actions()->open->text(), QStringLiteral("&Open…"));
    QCOMPARE(w.tabs()->tabText(0), QStringLiteral("Overview"));

    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN")));
    QCoreApplication::processEvents();
    QCOMPARE(lang.current(), QStringLiteral("zh_CN"));
    QCOMPARE(w.actions()->open->text(), QStringLiteral("打开(&O)…"));
    QCOMPARE(w.actions()->undo->text(), QStringLiteral("撤销(&U)"));
    QCOMPARE(w.tabs()->tabText(0), QStringLiteral("概览"));
    QCOMPARE(w.propertyDock()->windowTitle(), QStringLiteral("属性"));
    QCOMPARE(w.catalogDock()->windowTitle(), QStringLiteral("部件目录"));
    QVERIFY(w.actions()->chinese->isChecked());
    QCOMPARE(w.menuBar()->actions().first()->text(), QStringLiteral("文件(&F)"));
    // Enum combos show a translated label but keep the raw JSON value as item data.
    auto* recompute = w.findChild<QComboBox*>(QStringLiteral("par_recompute"));
    QVERIFY(recompute);
    const int sel = recompute->findData(QStringLiteral("selective"));
    QVERIFY(sel >= 0);
    QCOMPARE(recompute->itemText(sel), QStringLiteral("选择性"));
    auto* chain = w.findChild<QComboBox*>(QStringLiteral("powerChain"));
    QVERIFY(chain);
    QCOMPARE(chain->itemData(chain->findText(QStringLiteral("双变换 UPS"))).toString(),
             QStringLiteral("double-conversion"));

    QVERIFY(lang.setLanguage(QStringLiteral("en")));
    QCoreApplication::processEvents();
    QCOMPARE(w.actions()->open->text(), QStringLiteral("&Open…"));
    QCOMPARE(w.propertyDock()->windowTitle(), QStringLiteral("Properties"));
    QCOMPARE(recompute->itemText(sel), QStringLiteral("Selective"));
    QCOMPARE(recompute->itemData(sel).toString(), QStringLiteral("selective"));
    QVERIFY(w.actions()->english->isChecked());
  }

  void menuSwitches() {
    LanguageManager lang;
    lang.setLanguage(QStringLiteral("en"));
    MainWindow w(&lang);
    w.actions()->chinese->trigger();
    QCOMPARE(lang.current(), QStringLiteral("zh_CN"));
    // QApplication posts LanguageChange to the windows.
    QTRY_COMPARE(w.actions()->save->text(), QStringLiteral("保存(&S)"));
    w.actions()->english->trigger();
    QTRY_COMPARE(w.actions()->save->text(), QStringLiteral("&Save"));
  }

  // The wizard's Back / Next / Finish / Cancel are ours, translated whether
  // or not the system has Qt's own translations installed.
  void wizardButtons() {
    LanguageManager lang;
    QVERIFY(lang.setLanguage(QStringLiteral("en"), false));
    ClusterWizard wizard(Catalog::builtin());
    QCOMPARE(wizard.buttonText(QWizard::NextButton), QStringLiteral("&Next >"));
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN"), false));
    QCoreApplication::processEvents();
    QCOMPARE(wizard.buttonText(QWizard::BackButton), QStringLiteral("< 上一步(&B)"));
    QCOMPARE(wizard.buttonText(QWizard::NextButton), QStringLiteral("下一步(&N) >"));
    QCOMPARE(wizard.buttonText(QWizard::FinishButton), QStringLiteral("完成(&F)"));
    QCOMPARE(wizard.buttonText(QWizard::CancelButton), QStringLiteral("取消"));
    QVERIFY(lang.setLanguage(QStringLiteral("en"), false));
    QCoreApplication::processEvents();
    QCOMPARE(wizard.buttonText(QWizard::CancelButton), QStringLiteral("Cancel"));
  }
};

QTEST_MAIN(TestTranslation)
#include "tst_translation.moc"
