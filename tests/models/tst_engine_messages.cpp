// Engine messages in the user's language: the GUI's table of templates agrees
// with the core's, the zh_CN translation covers every template with the same
// placeholders, and the Messages dock's model shows a validation message in
// Chinese with its numbers, and in English again after switching back.
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QTranslator>

#include "Document.h"
#include "EngineMessages.h"
#include "IssueListModel.h"
#include "SimulationRunner.h"
#include "design/ScenarioJson.h"
#include "design/Validation.h"
#include "perf/Bottleneck.h"
#include "perf/PerfSection.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json");
// Built by the clusterforge_lrelease target (translations/CMakeLists.txt).
const QString kQm = QStringLiteral(CF_BINARY_DIR "/translations/clusterforge_zh_CN.qm");

QStringList placeholders(const QString& s) {
  QStringList out;
  static const QRegularExpression re(QStringLiteral("%\\d+"));
  for (auto it = re.globalMatch(s); it.hasNext();) out << it.next().captured();
  out.sort();
  return out;
}

// performance.bottleneck of the example's first scenario, as the engine writes it.
nlohmann::json exampleBottleneck() {
  QFile f(kExample);
  if (!f.open(QIODevice::ReadOnly)) return {};
  Project p = projectFromJson(parseJsonText(f.readAll().toStdString()));
  const Catalog parts = p.resolvedParts();
  auto perf = performanceSection(resolve(p.scenarios.at(0), parts), parts);
  return perf ? (*perf)["bottleneck"] : nlohmann::json();
}

QString messageOf(const IssueListModel& model, const QString& keyPath, int role = Qt::DisplayRole) {
  for (int r = 0; r < model.rowCount(); ++r)
    if (model.index(r, 0).data(IssueListModel::KeyPathRole).toString() == keyPath)
      return model.index(r, IssueListModel::MessageColumn).data(role).toString();
  return {};
}
}  // namespace

class TestEngineMessages : public QObject {
  Q_OBJECT

 private slots:
  void tablesAgree() {
    const auto& core = engineMessageTemplates();
    const auto& gui = engineMessageTable();
    QCOMPARE(gui.size(), core.size());
    QSet<QString> ids;
    for (std::size_t i = 0; i < core.size(); ++i) {
      QCOMPARE(QString::fromLatin1(gui[i].id), QString::fromLatin1(core[i].id));
      QCOMPARE(QString::fromUtf8(gui[i].english), QString::fromUtf8(core[i].english));
      ids.insert(QString::fromLatin1(core[i].id));
    }
    QCOMPARE(static_cast<std::size_t>(ids.size()), core.size());  // ids are unique
  }

  void bottleneckTablesAgree() {
    const auto& core = bottleneckTemplates();
    const auto& gui = bottleneckMessageTable();
    QCOMPARE(gui.size(), core.size());
    for (std::size_t i = 0; i < core.size(); ++i) {
      QCOMPARE(QString::fromLatin1(gui[i].id), QString::fromLatin1(core[i].id));
      QCOMPARE(QString::fromUtf8(gui[i].english), QString::fromUtf8(core[i].english));
    }
  }

  // Built from the clauses: English as the engine's detail without a
  // translator, Chinese (joined with "；") with one; the detail otherwise.
  void bottleneckSentence() {
    const nlohmann::json b = exampleBottleneck();
    QVERIFY(b.contains("clauses") && b["clauses"].size() >= 2);
    const QString detail = QString::fromStdString(b["detail"].get<std::string>());
    QCOMPARE(translatedBottleneck(b), detail);

    QTranslator zh;
    QVERIFY(zh.load(kQm));
    QVERIFY(QCoreApplication::installTranslator(&zh));
    const QString chinese = translatedBottleneck(b);
    QVERIFY(QCoreApplication::removeTranslator(&zh));
    QVERIFY2(chinese.contains(QStringLiteral("计算受限")), qPrintable(chinese));
    QVERIFY2(chinese.contains(QStringLiteral("流水线气泡")), qPrintable(chinese));
    QVERIFY2(chinese.contains(QStringLiteral("；")) && !chinese.contains(QStringLiteral("; ")), qPrintable(chinese));
    QVERIFY2(!chinese.contains(QStringLiteral("compute-bound")), qPrintable(chinese));
    for (const nlohmann::json& c : b["clauses"])  // every number as core formatted it
      for (const nlohmann::json& a : c["args"])
        QVERIFY2(chinese.contains(QString::fromStdString(a.get<std::string>())), qPrintable(chinese));

    nlohmann::json noClauses = b;
    noClauses.erase("clauses");
    QCOMPARE(translatedBottleneck(noClauses), detail);
    nlohmann::json unknown = b;
    unknown["clauses"].push_back({{"id", "no-such-clause"}, {"args", nlohmann::json::array()}});
    QCOMPARE(translatedBottleneck(unknown), detail);
  }

  void fillArgumentsInOnePass() {
    QCOMPARE(fillArguments(QStringLiteral("%1 and %2"), {"%2", "x"}), QStringLiteral("%2 and x"));
    QCOMPARE(fillArguments(QStringLiteral("%2 before %1"), {"a", "b"}), QStringLiteral("b before a"));
    QCOMPARE(fillArguments(QStringLiteral("100% of %1"), {"x"}), QStringLiteral("100% of x"));
  }

  void englishWithoutTranslator() {
    Issue issue = makeIssue("job.parallelism.tp", Issue::Severity::Error, "tp-not-divide-heads", {"6", "32"});
    QCOMPARE(translatedMessage(issue), QStringLiteral("6 does not divide heads=32"));
    QCOMPARE(translatedText(issue), QString::fromStdString(issue.text()));
    Issue plain{"x.y", "free text", Issue::Severity::Warning};  // no id: shown as the engine wrote it
    QCOMPARE(translatedMessage(plain), QStringLiteral("free text"));
  }

  // Every template has a finished Chinese translation with the same placeholders.
  void chineseCoversEveryTemplate() {
    QTranslator zh;
    QVERIFY2(zh.load(kQm), qPrintable(kQm));
    for (const EngineMessageTemplate& t : engineMessageTable()) {
      const QString english = QString::fromUtf8(t.english);
      const QString chinese = zh.translate("EngineMessages", t.english);
      QVERIFY2(!chinese.isEmpty() && chinese != english, t.id);
      QVERIFY2(chinese.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))), t.id);
      QCOMPARE(placeholders(chinese), placeholders(english));
    }
  }

  void chineseCoversEveryBottleneckClause() {
    QTranslator zh;
    QVERIFY2(zh.load(kQm), qPrintable(kQm));
    for (const EngineMessageTemplate& t : bottleneckMessageTable()) {
      const QString english = QString::fromUtf8(t.english);
      const QString chinese = zh.translate("EngineMessages", t.english);
      QVERIFY2(!chinese.isEmpty() && chinese != english, t.id);
      QVERIFY2(chinese.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))), t.id);
      QCOMPARE(placeholders(chinese), placeholders(english));
    }
    QCOMPARE(zh.translate("EngineMessages", "%1; %2"), QStringLiteral("%1；%2"));
  }

  void messagesDockModelSwitchesLanguage() {
    Document doc;
    QVERIFY(doc.open(kExample));
    IssueListModel model(&doc);
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/job/parallelism/tp"), 5));  // 5 does not divide 96 heads
    QCOMPARE(messageOf(model, QStringLiteral("job.parallelism.tp")), QStringLiteral("5 does not divide heads=96"));

    QTranslator zh;
    QVERIFY(zh.load(kQm));
    QVERIFY(QCoreApplication::installTranslator(&zh));
    model.retranslate();
    QCOMPARE(messageOf(model, QStringLiteral("job.parallelism.tp")), QStringLiteral("heads=96 不能被 5 整除"));
    QCOMPARE(messageOf(model, QStringLiteral("job.parallelism.tp"), Qt::ToolTipRole),
             QStringLiteral("job.parallelism.tp: heads=96 不能被 5 整除"));

    QVERIFY(QCoreApplication::removeTranslator(&zh));
    model.retranslate();
    QCOMPARE(messageOf(model, QStringLiteral("job.parallelism.tp")), QStringLiteral("5 does not divide heads=96"));
  }

  // The error that stops a simulation (shown by Overview and Dashboard) is in
  // the interface language of the moment too.
  void simulationErrorIsTranslated() {
    Document doc;
    QVERIFY(doc.open(kExample));
    SimulationRunner runner(&doc);
    runner.setAutoRun(false);
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/job/parallelism/tp"), 5));
    QTranslator zh;
    QVERIFY(zh.load(kQm));
    QCoreApplication::installTranslator(&zh);
    QSignalSpy ready(&runner, &SimulationRunner::resultReady);
    runner.runNow();
    QTRY_COMPARE_WITH_TIMEOUT(ready.count(), 1, 10000);
    QCoreApplication::removeTranslator(&zh);
    QVERIFY(!runner.result(0)->ok());
    QCOMPARE(runner.result(0)->error, QStringLiteral("job.parallelism.tp: heads=96 不能被 5 整除"));
  }

  // A catalog reference error (thrown while resolving) keeps its id through validation.
  void resolveErrorIsTranslated() {
    Document doc;
    QVERIFY(doc.open(kExample));
    IssueListModel model(&doc);
    QVERIFY(doc.setScenarioValue(0, QStringLiteral("/cluster/accelerator"), std::string("Z100")));
    QCOMPARE(messageOf(model, QStringLiteral("cluster.accelerator")), QStringLiteral("\"Z100\" is not in the catalog"));
    QTranslator zh;
    QVERIFY(zh.load(kQm));
    QCoreApplication::installTranslator(&zh);
    model.retranslate();
    QCOMPARE(messageOf(model, QStringLiteral("cluster.accelerator")), QStringLiteral("“Z100”不在部件目录中"));
    QCoreApplication::removeTranslator(&zh);
  }
};

QTEST_GUILESS_MAIN(TestEngineMessages)
#include "tst_engine_messages.moc"
