// The Uncertainty tab, the Dashboard's bands and Compare's chance of being
// best (issue 32): Run fills the bands with the runner's figures (p5 <= p50
// <= p95 in every cell); the tornado's rows are ordered by swing, largest at
// the top, for the chosen figure and again after choosing another; with two
// scenarios the chances of being best sum to one and the sentence names the
// winner; after an edit no view shows the older design's bands (the tab says
// it is out of date, the Dashboard and Compare drop their bands); in 简体中文
// the tab's texts are translated.
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTabWidget>
#include <QTranslator>
#include <QtTest>

#include "../core/TestData.h"
#include "charts/ChartView.h"
#include "compare/ComparisonView.h"
#include "dashboard/DashboardPage.h"
#include "Document.h"
#include "SimulationRunner.h"
#include "UncertaintyRunner.h"
#include "uncertainty/UncertaintyText.h"
#include "uncertainty/UncertaintyView.h"
#include "design/ScenarioJson.h"

using namespace cf;

namespace {

Project twoDesigns() {
  Project p;
  p.name = "two";
  for (auto [name, low, high] : {std::tuple{"cheap power", 0.05, 0.12}, std::tuple{"dear power", 0.10, 0.30}}) {
    nlohmann::json j = cftest::smallScenario();
    j["name"] = name;
    j["uncertainty"] = {{"cluster.facility.electricity_usd_per_kWh", {{"low", low}, {"high", high}}}};
    p.scenarios.push_back(scenarioFromJson(j));
  }
  return p;
}

// The swing of each tornado row, by its label (the input's name, its range on a second line).
QVector<double> rowSwings(const UncertaintyDesign& d, std::size_t f, const QStringList& labels) {
  QVector<double> out;
  for (const QString& label : labels)
    for (std::size_t i = 0; i < d.inputs.size(); ++i)
      if (label.startsWith(UncertaintyText::inputName(d.inputs[i]) + QLatin1Char('\n')))
        out << std::abs(d.swings[i].at_high[f] - d.swings[i].at_low[f]);
  return out;
}

struct Fixture {
  Document doc;
  UncertaintyRunner runner{&doc};
  UncertaintyView view{&doc, &runner};
  Fixture() {
    doc.reset(twoDesigns());
    UncertaintyRequest r;
    r.samples = 48;
    runner.setRequest(r);
    view.samplesCombo()->setItemData(0, 48);  // the first choice runs 48 samples here (fast)
    view.samplesCombo()->setCurrentIndex(0);
    view.resize(900, 700);
    view.show();
  }
  bool run() {
    QSignalSpy done(&runner, &UncertaintyRunner::finished);
    QTest::mouseClick(view.runButton(), Qt::LeftButton);
    return done.count() > 0 || done.wait(120000);
  }
};

}  // namespace

class TestUncertaintyView : public QObject {
  Q_OBJECT
 private slots:
  void bandsAreTheRunnersFigures() {
    Fixture x;
    QVERIFY(x.view.bandsTable()->rowCount() == 0);  // nothing before Run
    QVERIFY(x.run());
    const UncertaintyRunPtr run = x.runner.result();
    QVERIFY(run);
    QCOMPARE(run->request.samples, 48);
    QTableWidget* t = x.view.bandsTable();
    QCOMPARE(t->rowCount(), static_cast<int>(uq::figures().size()));
    QCOMPARE(t->columnCount(), 2);
    for (int c = 0; c < 2; ++c)
      for (int f = 0; f < t->rowCount(); ++f) {
        const QTableWidgetItem* item = t->item(f, c);
        QVERIFY(item);
        const double p5 = item->data(UncertaintyView::P5Role).toDouble();
        const double p50 = item->data(UncertaintyView::P50Role).toDouble();
        const double p95 = item->data(UncertaintyView::P95Role).toDouble();
        QVERIFY2(p5 <= p50 && p50 <= p95, qPrintable(t->verticalHeaderItem(f)->text()));
        QCOMPARE(p50, run->band(c, static_cast<std::size_t>(f))->p50);
        QVERIFY(item->text().contains(UncertaintyText::number(static_cast<std::size_t>(f), p50)));
      }
  }

  void tornadoIsOrderedBySwing() {
    Fixture x;
    QVERIFY(x.run());
    const UncertaintyDesign* d = x.runner.result()->design(0);
    QVERIFY(d && d->swings.size() >= 2);
    for (const char* key : {"tco_usd", "step_time_s", "capex_usd"}) {
      const std::size_t f = uq::figureIndex(key, "");
      x.view.figureCombo()->setCurrentIndex(x.view.figureCombo()->findData(QString::fromLatin1(key)));
      emit x.view.figureCombo()->activated(x.view.figureCombo()->currentIndex());
      QCOMPARE(x.runner.figure(), std::string(key));
      QVERIFY(x.view.tornado()->showsChart());
      const QStringList rows = x.view.tornado()->categories();
      QCOMPARE(rows.size(), static_cast<int>(d->swings.size()));
      const QVector<double> w = rowSwings(*d, f, rows);
      QCOMPARE(w.size(), rows.size());
      for (int i = 1; i < w.size(); ++i) QVERIFY2(w[i - 1] >= w[i], key);
    }
    // On TCO the electricity price matters; the step time does not depend on it.
    x.view.figureCombo()->setCurrentIndex(x.view.figureCombo()->findData(QStringLiteral("step_time_s")));
    emit x.view.figureCombo()->activated(x.view.figureCombo()->currentIndex());
    QVERIFY(!x.view.tornado()->categories().first().startsWith(UncertaintyText::inputName("cluster.facility.electricity_usd_per_kWh")));
  }

  void chanceOfBeingBest() {
    Fixture x;
    x.runner.setFigure("tco_usd");
    QVERIFY(x.run());
    QTableWidget* t = x.view.decisionTable();
    QCOMPARE(t->rowCount(), 2);
    double sum = 0;
    for (int r = 0; r < 2; ++r) sum += t->item(r, 2)->data(Qt::UserRole).toDouble();
    QVERIFY(std::abs(sum - 1.0) < 1e-9);
    // The dearer power contract loses on TCO; the sentence says who beats whom.
    QVERIFY(t->item(0, 2)->data(Qt::UserRole).toDouble() > t->item(1, 2)->data(Qt::UserRole).toDouble());
    QVERIFY2(x.view.decisionSentence()->text().contains(QStringLiteral("A beats B in")),
             qPrintable(x.view.decisionSentence()->text()));
  }

  void staleResultIsNotShown() {
    Fixture x;
    SimulationRunner sims(&x.doc);
    sims.setAutoRun(false);
    DashboardPage dash(&x.doc, &sims);
    ComparisonView compare(&x.doc, &sims);
    dash.setUncertainty(&x.runner);
    compare.setUncertainty(&x.runner);
    QSignalSpy idle(&sims, &SimulationRunner::idle);
    sims.runNow();
    QVERIFY(idle.wait(60000));
    QVERIFY(!dash.headline().contains(QStringLiteral("p5–p95")));
    QCOMPARE(compare.table() ? compare.chanceBestRow() : 0, -1);
    x.runner.setFigure("tco_usd");
    QVERIFY(x.run());
    QVERIFY2(dash.headline().contains(QStringLiteral("p5–p95")), qPrintable(dash.headline()));
    compare.refresh();
    const int row = compare.chanceBestRow();
    QVERIFY(row >= 0);
    QVERIFY(compare.table()->verticalHeaderItem(row)->text().contains(UncertaintyText::figureName(7)));
    QVERIFY(compare.table()->item(row, 0)->text().endsWith(QStringLiteral("%")));
    QVERIFY(compare.summary()->text().contains(QStringLiteral("beats")));
    // An edit: every view drops the older design's bands.
    QVERIFY(x.doc.setScenarioValue(0, QStringLiteral("/cluster/nodes"), 8));
    QVERIFY(!x.runner.result());
    QCOMPARE(x.view.bandsTable()->rowCount(), 0);
    QVERIFY(!x.view.tornado()->showsChart());
    QVERIFY(x.view.status()->text().contains(QStringLiteral("Out of date")));
    QVERIFY(!dash.headline().contains(QStringLiteral("p5–p95")));
    compare.refresh();
    QCOMPARE(compare.chanceBestRow(), -1);
    // Running again brings them back, for the new design.
    QVERIFY(x.run());
    QCOMPARE(x.view.bandsTable()->rowCount(), static_cast<int>(uq::figures().size()));
  }

  void chineseTexts() {
    QTranslator zh;
    QVERIFY2(zh.load(QStringLiteral(CF_BINARY_DIR "/translations/clusterforge_zh_CN.qm")), "the zh_CN .qm");
    QCoreApplication::installTranslator(&zh);
    Fixture x;
    x.runner.setFigure("tco_usd");
    QVERIFY(x.run());
    QStringList texts = {x.view.runButton()->text(), x.view.status()->text(), x.view.decisionSentence()->text(),
                         x.view.tornado()->title()};
    for (int i = 0; i < x.view.lowerTabs()->count(); ++i) texts << x.view.lowerTabs()->tabText(i);
    for (QTableWidget* t : {x.view.bandsTable(), x.view.decisionTable(), x.view.inputsTable()}) {
      for (int c = 0; c < t->columnCount(); ++c) texts << t->horizontalHeaderItem(c)->text();
      for (int r = 0; r < t->rowCount(); ++r) {
        if (t->verticalHeaderItem(r)) texts << t->verticalHeaderItem(r)->text();
        for (int c = 0; c < t->columnCount(); ++c)
          if (t->item(r, c)) texts << t->item(r, c)->text();
      }
    }
    texts << x.view.tornado()->legendEntries() << x.view.tornado()->categories();
    for (int i = 0; i < x.view.figureCombo()->count(); ++i) texts << x.view.figureCombo()->itemText(i);
    QCoreApplication::removeTranslator(&zh);
    // English words of the tab's own texts must not remain; the scenario
    // names and the key the user wrote are the user's.
    static const QRegularExpression english(QStringLiteral("\\b(the|of|at|and|samples?|price|efficiency|input|design|"
                                                           "best|regret|step|time|power|cost|seed|low|high|end|run)\\b"),
                                            QRegularExpression::CaseInsensitiveOption);
    for (QString t : texts) {
      t.remove(QStringLiteral("cheap power")).remove(QStringLiteral("dear power"));
      t.remove(QStringLiteral("cluster.facility.electricity_usd_per_kWh"));
      QVERIFY2(!english.match(t).hasMatch(), qPrintable(t));
    }
  }
};

QTEST_MAIN(TestUncertaintyView)
#include "tst_uncertainty_view.moc"
