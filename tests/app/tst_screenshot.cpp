// `clusterforge FILE --screenshot OUT.png` writes a non-empty PNG and exits 0,
// without a display.
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

class TestScreenshot : public QObject {
  Q_OBJECT

 private slots:
  void screenshot_data() {
    QTest::addColumn<QString>("lang");
    QTest::newRow("en") << "en";
    QTest::newRow("zh_CN") << "zh_CN";
  }
  void screenshot() {
    QFETCH(QString, lang);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("shot.png"));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));  // the program picks offscreen by itself
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(CF_CLUSTERFORGE_EXE),
            {QStringLiteral(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json"),
             QStringLiteral("--screenshot"), out, QStringLiteral("--lang"), lang});
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, p.readAllStandardError().constData());
    QImage image(out);
    QVERIFY(!image.isNull());
    QCOMPARE(image.format() == QImage::Format_Invalid, false);
    QVERIFY(image.width() >= 1000 && image.height() >= 600);
    // Not a blank image: more than a handful of colours.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7)
      for (int x = 0; x < image.width(); x += 7) colours.insert(image.pixel(x, y));
    QVERIFY(colours.size() > 20);
  }

  // --tab finds a tab by its title in English or 简体中文 or its object name,
  // whatever the interface language, and refuses an unknown one (issue 30
  // item 7: "机柜" in an English window opened the Overview).
  void tabByName_data() {
    QTest::addColumn<QString>("lang");
    QTest::addColumn<QString>("tab");
    QTest::addColumn<int>("exitCode");
    QTest::newRow("English title, en") << "en" << "Racks" << 0;
    QTest::newRow("Chinese title, en") << "en" << "机柜" << 0;
    QTest::newRow("English title, zh") << "zh_CN" << "racks" << 0;
    QTest::newRow("object name, zh") << "zh_CN" << "rackEditor" << 0;
    QTest::newRow("unknown, en") << "en" << "Rackz" << 2;
    QTest::newRow("unknown, zh") << "zh_CN" << "机架图" << 2;
  }
  void tabByName() {
    QFETCH(QString, lang);
    QFETCH(QString, tab);
    QFETCH(int, exitCode);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("shot.png"));
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(CF_CLUSTERFORGE_EXE),
            {QStringLiteral(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json"), QStringLiteral("--tab"),
             tab, QStringLiteral("--screenshot"), out, QStringLiteral("--lang"), lang});
    QVERIFY(p.waitForFinished(60000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == exitCode, qPrintable(err));
    if (exitCode == 0) {
      QVERIFY(QImage(out).width() > 0);
    } else {
      QVERIFY2(err.contains(QLatin1String("--tab")) && err.contains(tab) && err.contains(QLatin1String("rackEditor")),
               qPrintable(err));
      QVERIFY(!QFile::exists(out));
    }
  }

  void badFileFails() {
    QTemporaryDir dir;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(CF_CLUSTERFORGE_EXE),
            {dir.filePath(QStringLiteral("missing.cf.json")), QStringLiteral("--screenshot"),
             dir.filePath(QStringLiteral("x.png"))});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 1);
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.png"))));
  }
};

QTEST_GUILESS_MAIN(TestScreenshot)
#include "tst_screenshot.moc"
