// Every chart of every example, as the main window shows it at 1024×768 in
// English and in 简体中文 (issue 19): the dashboard's charts for each scenario
// and the comparison's two charts. A chart fails when a text is clipped or
// elided, leaves the chart, overlaps another text, or an axis label is
// dropped (one label per category and per tick); value axes must step
// 1-2-5 and start at zero unless marked as zoomed. The comparison's column
// headers must show their whole text. The same for every chart of every
// lesson of the presentation (trend and step charts) on a 1024×768 and a
// 1920×1080 projector: a lesson's axis never exaggerates a small change
// without saying so (zero-based, or marked as broken).
#include <QAbstractAxis>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QHeaderView>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QValueAxis>
#include <cmath>

#include "charts/ChartView.h"
#include "compare/ComparisonView.h"
#include "dashboard/DashboardPage.h"
#include "Document.h"
#include "LanguageManager.h"
#include "presentation/LessonSimulator.h"
#include "MainWindow.h"
#include "presentation/PresentationWindow.h"
#include "FileController.h"
#include "dashboard/ResultCharts.h"
#include "ResultsController.h"
#include "SimulationRunner.h"

using namespace cf;

namespace {

bool isNiceStep(double step) {
  if (!(step > 0)) return false;
  const double f = step / std::pow(10.0, std::floor(std::log10(step) + 1e-9));
  for (double n : {1.0, 2.0, 5.0, 10.0})
    if (std::abs(f - n) < 1e-6 * n) return true;
  return false;
}

QString normalized(QString s) {
  s.remove(QRegularExpression(QStringLiteral("\\s")));
  return s;
}

// Returns the problems of one chart ("" when none).
QStringList problems(ChartView* chart, const QString& where) {
  QStringList out;
  if (!chart->showsChart()) return out;
  const QString name = where + QStringLiteral(" / ") + chart->title() + QStringLiteral(": ");
  // CF_CHART_DUMP=DIR: each chart checked, as drawn, to look at.
  const QString dump = qEnvironmentVariable("CF_CHART_DUMP");
  if (!dump.isEmpty()) {
    static int n = 0;
    chart->grab().save(QStringLiteral("%1/%2.png").arg(dump).arg(++n, 3, 10, QLatin1Char('0')));
  }
  const QVector<ChartView::TextBox> boxes = chart->textBoxes();
  const QRectF whole = QRectF(chart->rect()).adjusted(-1, -1, 1, 1);
  const QRectF area = chart->chartRect().adjusted(-1, -1, 1, 1);
  for (const ChartView::TextBox& b : boxes) {
    if (b.clipped) out << name + QStringLiteral("clipped \"%1\"").arg(b.text);
    const bool inside = (b.kind == ChartView::TextBox::Title || b.kind == ChartView::TextBox::Legend ||
                         b.kind == ChartView::TextBox::AxisTitle)
                            ? whole.contains(b.rect)
                            : area.contains(b.rect);
    if (!inside)
      out << name + QStringLiteral("\"%1\" at (%2,%3 %4x%5) leaves the chart (%6x%7)")
                        .arg(b.text)
                        .arg(b.rect.x())
                        .arg(b.rect.y())
                        .arg(b.rect.width())
                        .arg(b.rect.height())
                        .arg(area.width())
                        .arg(area.height());
  }
  for (int i = 0; i < boxes.size(); ++i)
    for (int j = i + 1; j < boxes.size(); ++j) {
      // Two value axes from zero (showXY) meet at the origin: the "0" left of
      // it and the "0" under it name the same point and may touch there.
      const bool origin = boxes[i].kind == ChartView::TextBox::AxisLabel &&
                          boxes[j].kind == ChartView::TextBox::AxisLabel && boxes[i].text == QLatin1String("0") &&
                          boxes[j].text == QLatin1String("0") &&
                          std::abs(boxes[i].rect.center().x() - boxes[j].rect.center().x()) > 1 &&
                          std::abs(boxes[i].rect.center().y() - boxes[j].rect.center().y()) > 1;
      if (origin) continue;
      const QRectF o = boxes[i].rect.intersected(boxes[j].rect);
      if (o.width() > 1 && o.height() > 1)
        out << name + QStringLiteral("\"%1\" overlaps \"%2\"").arg(boxes[i].text, boxes[j].text);
    }
  // Qt Charts: one visible label per category and per tick; nice ticks.
  auto* view = chart->findChild<QChartView*>(QStringLiteral("chartPlot"));
  if (view && view->isVisibleTo(chart)) {
    int expected = 0;
    for (QAbstractAxis* a : view->chart()->axes()) {
      if (auto* v = qobject_cast<QValueAxis*>(a)) {
        expected += v->tickCount();
        const double step = (v->max() - v->min()) / (v->tickCount() - 1);
        if (!isNiceStep(step)) out << name + QStringLiteral("tick step %1 is not 1-2-5").arg(step);
        if (std::abs(std::remainder(v->min(), step)) > step * 1e-6)
          out << name + QStringLiteral("axis starts at %1, not a multiple of %2").arg(v->min()).arg(step);
        if (v->min() > 0 && !chart->zoomedAxis())
          out << name + QStringLiteral("axis starts at %1 without a zoom mark").arg(v->min());
      } else if (auto* c = qobject_cast<QBarCategoryAxis*>(a)) {
        expected += c->count();
      }
    }
    int labels = 0;
    for (const ChartView::TextBox& b : boxes)
      if (b.kind == ChartView::TextBox::AxisLabel) ++labels;
    if (labels != expected) out << name + QStringLiteral("%1 axis labels shown of %2").arg(labels).arg(expected);
    QStringList shown;
    for (const ChartView::TextBox& b : boxes) shown << normalized(b.text);
    for (const QString& c : chart->categories())
      if (!shown.contains(normalized(c))) out << name + QStringLiteral("category \"%1\" not shown whole").arg(c);
  }
  return out;
}

}  // namespace

class TestChartLayout : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void everyChart_data() {
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(CF_SOURCE_DIR "/resources/examples"));
    for (const QString& f : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
      QTest::newRow(qPrintable(f)) << dir.filePath(f);
  }

  void everyLessonChart_data() {
    QTest::addColumn<QString>("language");
    QTest::addColumn<QSize>("screen");
    for (const char* language : {"en", "zh_CN"})
      for (const QSize screen : {QSize(1024, 768), QSize(1920, 1080)})
        QTest::addRow("%s %dx%d", language, screen.width(), screen.height()) << QString::fromLatin1(language) << screen;
  }

  void everyLessonChart() {
    QFETCH(QString, language);
    QFETCH(QSize, screen);
    LanguageManager lang;
    QVERIFY(lang.setLanguage(language, false));
    PresentationWindow w;
    w.setLanguage(language);
    w.resize(screen);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QStringList all;
    for (int l = 0; l < w.lessonCount(); ++l)
      for (int s = 0; s < w.simulator(l)->stepCount(); ++s) {
        QVERIFY(w.openLesson(QString::number(l + 1), s));
        QCoreApplication::processEvents();
        const QString where = QStringLiteral("%1 %2x%3, lesson %4 step %5")
                                  .arg(language)
                                  .arg(screen.width())
                                  .arg(screen.height())
                                  .arg(l + 1)
                                  .arg(s + 1);
        all << problems(w.trendChart(), where + QStringLiteral(", trend"));
        if (w.stepChart()->isVisible()) all << problems(w.stepChart(), where + QStringLiteral(", step chart"));
      }
    QVERIFY2(all.isEmpty(), qPrintable(all.join(QLatin1Char('\n'))));
  }

  // English, then the same window switched to 简体中文 (the results stay).
  void everyChart() {
    QFETCH(QString, file);
    LanguageManager lang;
    QVERIFY(lang.setLanguage(QStringLiteral("en"), false));
    MainWindow w(&lang);
    w.files()->setInteractive(false);
    SimulationRunner* runner = w.results()->runner();
    SimulateOptions opt;
    opt.trials = 10;  // the charts' shape, not converged figures
    runner->setOptions(opt);
    if (!w.openFile(file)) QSKIP("not a scenario or project (a sweep spec)");
    w.resize(1024, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const int n = w.document()->scenarioCount();
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
          for (int i = 0; i < n; ++i)
            if (!runner->result(i)) return false;
          return !runner->isRunning();
        }(),
        60000);
    QStringList all;
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
      QVERIFY(lang.setLanguage(language, false));
      QCoreApplication::processEvents();
      all << checkWindow(w, n, language);
    }
    QVERIFY2(all.isEmpty(), qPrintable(all.join(QLatin1Char('\n'))));
  }

 private:
  static QStringList checkWindow(MainWindow& w, int n, const QString& language) {
    QStringList all;
    DashboardPage* dash = w.results()->dashboard();
    w.tabs()->setCurrentWidget(dash);
    for (int s = 0; s < n; ++s) {
      dash->setScenario(s);
      QCoreApplication::processEvents();
      for (ResultCharts::Chart c : ResultCharts::all())
        all << problems(dash->chart(static_cast<int>(c)), QStringLiteral("%1, dashboard, scenario %2").arg(language).arg(s));
    }
    ComparisonView* cmp = w.results()->comparison();
    w.tabs()->setCurrentWidget(cmp);
    QCoreApplication::processEvents();
    if (n > 1) {
      all << problems(cmp->stepChart(), language + QStringLiteral(", compare"));
      all << problems(cmp->tcoChart(), language + QStringLiteral(", compare"));
    }
    // Column headers: every line of the header text fits its section.
    QHeaderView* header = cmp->table()->horizontalHeader();
    const QFontMetrics fm(header->font());
    for (int c = 0; c < cmp->table()->columnCount(); ++c)
      for (const QString& line : cmp->table()->horizontalHeaderItem(c)->text().split(QLatin1Char('\n')))
        if (fm.horizontalAdvance(line) + 8 > header->sectionSize(c))
          all << language + QStringLiteral(", compare: header \"%1\" cut (%2 px in %3)")
                     .arg(line)
                     .arg(fm.horizontalAdvance(line))
                     .arg(header->sectionSize(c));
    return all;
  }
};

QTEST_MAIN(TestChartLayout)
#include "tst_chart_layout.moc"
