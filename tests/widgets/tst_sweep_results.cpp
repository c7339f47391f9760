// The Sweep tab (issues 9 and 11), offscreen: a small sweep is run here with
// core/sweep and its three result files (SQLite, JSON report, CSV report) are
// opened; the table's rows, sorting and filters, the Pareto flags against the
// report's, selection shared by the plot and the table, "Add to comparison"
// (columns in the Compare tab, one undo step, the variant's figures
// reproduced), and the parallelism search's Pareto mode with "Apply".
#include <cmath>
#include <QCheckBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QUndoStack>
#include <fstream>
#include <mutex>

#include "../core/TestData.h"
#include "charts/ChartView.h"
#include "compare/ComparisonView.h"
#include "Document.h"
#include "sweep/ParetoPanel.h"
#include "sweep/SearchParetoPage.h"
#include "SimulationRunner.h"
#include "sweep/SweepFilterProxy.h"
#include "sweep/SweepResultsView.h"
#include "sweep/SweepTableModel.h"
#include "common/InputError.h"
#include "design/ScenarioJson.h"
#include "sim/Simulate.h"
#include "sweep/ResultStore.h"
#include "sweep/SweepReport.h"
#include "sweep/SweepResults.h"
#include "sweep/SweepRunner.h"
#include "sweep/SweepSpec.h"

using namespace cf;
using json = nlohmann::json;

namespace {

void writeText(const QString& path, const std::string& text) {
  std::ofstream out(QFile::encodeName(path).toStdString(), std::ios::binary);
  out << text;
}

// true where record i of the report is on its Pareto front, by index.
std::map<std::size_t, bool> reportFlags(const json& report) {
  std::map<std::size_t, bool> flags;
  for (const json& r : report["variants"]) flags[r["index"].get<std::size_t>()] = r["pareto"].get<bool>();
  return flags;
}

bool dominates(const SweepRecord& a, const SweepRecord& b, const char* x, const char* y) {
  const double ax = *a.metric(x), ay = *a.metric(y), bx = *b.metric(x), by = *b.metric(y);
  return ax <= bx && ay <= by && (ax < bx || ay < by);
}

}  // namespace

class TestSweepResults : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  json report_;
  std::string csv_;
  QString specPath_, dbPath_, jsonPath_, csvPath_;
  std::size_t variants_ = 0;

  QString path(const char* name) const { return dir_.filePath(QLatin1String(name)); }
  // CF_SCREENSHOT_DIR=DIR saves what the view shows (for looking at it, not checked).
  static void shoot(QWidget& w, const char* name) {
    const QString dir = qEnvironmentVariable("CF_SCREENSHOT_DIR");
    if (!dir.isEmpty()) w.grab().save(QDir(dir).filePath(QLatin1String(name)));
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    json base = cftest::smallScenario();
    base["reliability"] = {{"trials", 40}, {"seed", 5}};
    const json spec = {{"format", "clusterforge.sweep/1"},
                       {"name", "tiny"},
                       {"base", base},
                       {"axes", json::array({{{"key", "cluster.accelerator"}, {"values", {"H100-SXM5-80GB", "H200-SXM-141GB"}}},
                                             {{"key", "cluster.nodes"}, {"values", {2, 4}}},
                                             {{"key", "cluster.facility.cooling"}, {"values", {"air", "direct-liquid"}}}})},
                       {"search_parallelism", true},
                       {"trials", 40}};
    specPath_ = path("tiny-sweep.json");
    writeText(specPath_, spec.dump(2));
    const SweepSpec s = SweepSpec::fromFile(QFile::encodeName(specPath_).toStdString());
    variants_ = s.variantCount();
    QCOMPARE(variants_, std::size_t(8));

    // What `clusterforge-cli sweep tiny-sweep.json -o tiny.json` leaves: the results file and the report.
    dbPath_ = path("tiny.json.sweep.db");
    std::vector<SweepRecord> records(variants_);
    {
      ResultStore store(QFile::encodeName(dbPath_).toStdString(), s.fingerprint(), variants_);
      std::vector<std::size_t> all(variants_);
      for (std::size_t i = 0; i < variants_; ++i) all[i] = i;
      std::mutex m;
      SweepRunner(s, VariantOptions{}, 2).run(SweepRunner::listSource(all), [&](std::size_t i, SweepRecord rec) {
        std::lock_guard<std::mutex> lock(m);
        store.put(i, recordJson(rec).dump());
        records[i] = std::move(rec);
      });
    }
    report_ = sweepReport(s, records);
    jsonPath_ = path("tiny.json");
    csvPath_ = path("tiny.csv");
    writeText(jsonPath_, report_.dump(2) + "\n");
    csv_ = sweepCsv(s, records);
    writeText(csvPath_, csv_);
    int ok = 0, front = 0;
    for (const json& r : report_["variants"]) {
      ok += r["status"] == "ok";
      front += r["pareto"].get<bool>();
    }
    qInfo("tiny sweep: %d variants, %d ok, %d on the Pareto front", int(variants_), ok, front);
    QVERIFY2(ok >= 4, "most variants of the tiny sweep simulate");
    QVERIFY(front >= 1 && front < ok);  // cooling changes the cost, not the time: some variants are beaten
  }

  void opensEachFile_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("sqlite") << QStringLiteral("tiny.json.sweep.db");
    QTest::newRow("json") << QStringLiteral("tiny.json");
    QTest::newRow("csv") << QStringLiteral("tiny.csv");
  }
  void opensEachFile() {
    QFETCH(QString, file);
    Document doc;
    SweepResultsView view(&doc);
    QString error;
    QVERIFY2(view.openResults(dir_.filePath(file), &error), qPrintable(error));
    QVERIFY(view.hasSpec());  // found beside the results
    QCOMPARE(QFileInfo(view.specPath()).fileName(), QStringLiteral("tiny-sweep.json"));
    ParetoPanel* panel = view.sweepPanel();
    SweepTableModel* model = panel->model();
    QCOMPARE(std::size_t(model->rowCount()), variants_);
    QCOMPARE(panel->table()->model()->rowCount(), model->rowCount());
    // Three axis columns, named and valued in words as the property form
    // shows them (raw keys and values stayed English in 简体中文, issue 30).
    QVERIFY(model->columnOf("values", "cluster.accelerator") >= 0);
    const int cooling = model->columnOf("values", "cluster.facility.cooling");
    QVERIFY(cooling >= 0);
    QCOMPARE(model->headerData(model->columnOf("values", "cluster.nodes"), Qt::Horizontal).toString(),
             QStringLiteral("Nodes"));
    QCOMPARE(model->headerData(cooling, Qt::Horizontal).toString(), QStringLiteral("Cooling"));
    QStringList coolings, statuses;
    const int status = model->columnOf("", "status");
    for (int row = 0; row < model->rowCount(); ++row) {
      coolings << model->index(row, cooling).data().toString();
      statuses << model->index(row, status).data().toString();
    }
    QVERIFY2(coolings.contains(QStringLiteral("Direct liquid cooling")) &&
                 !coolings.contains(QStringLiteral("direct-liquid")),
             qPrintable(coolings.join(", ")));
    QVERIFY2(statuses.contains(QStringLiteral("ok")), qPrintable(statuses.join(", ")));

    // The Pareto flags are the report's, in the table and on the plot.
    const std::map<std::size_t, bool> flags = reportFlags(report_);
    int frontPoints = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
      const std::size_t index = model->record(row).index;
      const bool pareto = model->index(row, 0).data(SweepTableModel::ParetoRole).toBool();
      QCOMPARE(pareto, flags.at(index));
      const int point = panel->pointOfRecord(row);
      if (model->record(row).ok()) {
        QVERIFY(point >= 0);
        QCOMPARE(panel->chart()->scatterPoints()[point].front, pareto);
        frontPoints += pareto;
      } else {
        QCOMPARE(point, -1);
      }
    }
    QCOMPARE(frontPoints, report_["counts"]["pareto"].get<int>());
    // The plot shows days and, for a sweep of runs costing under a million, thousand USD.
    const int anyPoint = 0;
    const SweepRecord& rec = model->record(panel->recordOfPoint(anyPoint));
    QCOMPARE(panel->chart()->scatterPoints()[anyPoint].x, *rec.metric("time_to_train_days_mean"));
    const double usd = *rec.metric("run_cost_usd");
    QVERIFY(usd > 0 && usd < 1e6);
    QCOMPARE(panel->chart()->scatterPoints()[anyPoint].y, usd * 1e-3);
    QVERIFY(panel->chart()->scatterPoints()[anyPoint].tooltip.contains(QLatin1String("cluster.accelerator")));
  }

  void sortsAndFilters() {
    Document doc;
    SweepResultsView view(&doc);
    QVERIFY(view.openResults(jsonPath_));
    ParetoPanel* panel = view.sweepPanel();
    QAbstractItemModel* shown = panel->table()->model();
    const int cost = panel->model()->columnOf("metrics", "run_cost_usd");
    QVERIFY(cost >= 0);
    for (Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
      panel->table()->sortByColumn(cost, order);
      QVector<double> values;
      for (int r = 0; r < shown->rowCount(); ++r) {
        const QVariant v = shown->index(r, cost).data(SweepTableModel::SortRole);
        if (v.isValid()) values << v.toDouble();
      }
      QVERIFY(values.size() >= 4);
      for (int i = 1; i < values.size(); ++i)
        QVERIFY2(order == Qt::AscendingOrder ? values[i - 1] <= values[i] : values[i - 1] >= values[i],
                 "rows follow the cost column");
      QVERIFY(values.front() != values.back());
    }
    // Sorting by an axis of strings: every H100 row before every H200 row.
    const int acc = panel->model()->columnOf("values", "cluster.accelerator");
    panel->table()->sortByColumn(acc, Qt::AscendingOrder);
    QCOMPARE(shown->index(0, acc).data().toString(), QStringLiteral("H100-SXM5-80GB"));
    QCOMPARE(shown->index(shown->rowCount() - 1, acc).data().toString(), QStringLiteral("H200-SXM-141GB"));

    panel->paretoOnlyBox()->setChecked(true);
    QCOMPARE(shown->rowCount(), report_["counts"]["pareto"].get<int>());
    QCOMPARE(panel->chart()->scatterPoints().size(), shown->rowCount());
    panel->paretoOnlyBox()->setChecked(false);
    panel->filterEdit()->setText(QStringLiteral("Direct liquid"));  // what the table shows
    QCOMPARE(std::size_t(shown->rowCount()), variants_ / 2);
    for (int r = 0; r < shown->rowCount(); ++r)
      QCOMPARE(shown->index(r, panel->model()->columnOf("values", "cluster.facility.cooling")).data().toString(),
               QStringLiteral("Direct liquid cooling"));
    panel->filterEdit()->clear();
    QCOMPARE(std::size_t(shown->rowCount()), variants_);
  }

  void selectionIsShared() {
    Document doc;
    SweepResultsView view(&doc);
    QVERIFY(view.openResults(dbPath_));
    view.resize(1200, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    ParetoPanel* panel = view.sweepPanel();
    ChartView* chart = panel->chart();
    chart->setScatterSelection({});  // lays the plot out at its shown size

    // Table -> plot: the selected records' points are ringed, no others.
    const int a = panel->recordOfPoint(0), b = panel->recordOfPoint(2);
    panel->selectRecords({a, b});
    QCOMPARE(panel->selectedRecords(), (QVector<int>{std::min(a, b), std::max(a, b)}));
    QVector<ChartView::ScatterPoint> pts = chart->scatterPoints();
    for (int i = 0; i < pts.size(); ++i) QCOMPARE(pts[i].selected, i == 0 || i == 2);

    // Plot -> table: a click on a point selects its row alone; Ctrl-click adds one.
    const int target = pts.size() - 1;
    QPoint at = chart->scatterPointPixel(target);
    QVERIFY(at.x() >= 0);
    QWidget* plot = chart->childAt(at);
    QVERIFY(plot);
    QTest::mouseClick(plot, Qt::LeftButton, {}, plot->mapFrom(chart, at));
    QCOMPARE(panel->selectedRecords(), QVector<int>{panel->recordOfPoint(target)});
    pts = chart->scatterPoints();
    for (int i = 0; i < pts.size(); ++i) QCOMPARE(pts[i].selected, i == target);
    at = chart->scatterPointPixel(0);
    QTest::mouseClick(plot, Qt::LeftButton, Qt::ControlModifier, plot->mapFrom(chart, at));
    QCOMPARE(panel->selectedRecords().size(), 2);
    QVERIFY(panel->selectedRecords().contains(panel->recordOfPoint(0)));
    shoot(view, "sweep-selection.png");
    // Hovering a point names the variant and its axis values.
    at = chart->scatterPointPixel(1);
    QTest::mouseMove(plot, plot->mapFrom(chart, at));
    QTRY_VERIFY(QToolTip::isVisible());
    const SweepRecord& hovered = panel->model()->record(panel->recordOfPoint(1));
    QVERIFY2(QToolTip::text().contains(QStringLiteral("Variant %1").arg(hovered.index)), qPrintable(QToolTip::text()));
    QVERIFY(
        QToolTip::text().contains(QString::fromStdString(hovered.values["cluster.accelerator"].get<std::string>())));
    // The selected rows are the table's selection, whatever its sort order.
    panel->table()->sortByColumn(panel->model()->columnOf("metrics", "time_to_train_days_mean"), Qt::DescendingOrder);
    QCOMPARE(panel->selectedRecords().size(), 2);
    QCOMPARE(panel->table()->selectionModel()->selectedRows().size(), 2);
  }

  void addsToComparison() {
    Document doc;
    SimulationRunner runner(&doc);
    ComparisonView compare(&doc, &runner);
    SweepResultsView view(&doc);
    QVERIFY(view.openResults(csvPath_));
    QCOMPARE(compare.table()->columnCount(), 1);
    ParetoPanel* panel = view.sweepPanel();
    // Two variants with results.
    QVector<int> rows;
    for (int r = 0; r < panel->model()->rowCount() && rows.size() < 2; ++r)
      if (panel->model()->record(r).ok()) rows << r;
    QCOMPARE(rows.size(), 2);
    panel->selectRecords(rows);
    const int undoBefore = doc.undoStack()->count();
    QSignalSpy added(&view, &SweepResultsView::addedToComparison);
    QString error;
    QCOMPARE(view.addSelectedToComparison(&error), 2);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(added.count(), 1);
    QCOMPARE(doc.scenarioCount(), 3);
    QCOMPARE(compare.table()->columnCount(), 3);
    QCOMPARE(doc.undoStack()->count(), undoBefore + 1);  // one undo step for both
    const SweepRecord& rec = panel->model()->record(rows[0]);
    const Scenario& s = doc.scenario(1);
    QVERIFY(compare.table()->horizontalHeaderItem(1)->toolTip().contains(QString::fromStdString(s.name)));
    QCOMPARE(s.cluster.nodes, rec.values["cluster.nodes"].get<int>());
    QCOMPARE(s.job.parallelism.tp, rec.parallelism["tp"].get<int>());
    QCOMPARE(s.job.parallelism.dp, rec.parallelism["dp"].get<int>());

    // The added scenario is the variant: simulating it gives the sweep's figures.
    Project p;
    p.scenarios.push_back(s);
    SimulateOptions o;
    o.backend = "cpu";
    const json out = simulateScenario(p, 0, o);
    QCOMPARE(out["reliability"]["time_to_train_days_mean"].get<double>(), *rec.metric("time_to_train_days_mean"));
    QCOMPARE(out["performance"]["time_to_train_days"].get<double>(), *rec.metric("time_to_train_days"));
    QCOMPARE(out["cost"]["run_cost_usd"].get<double>(), *rec.metric("run_cost_usd"));

    doc.undoStack()->undo();
    QCOMPARE(doc.scenarioCount(), 1);
    QCOMPARE(compare.table()->columnCount(), 1);
  }

  void needsTheRightSpec() {
    // Results away from their spec: adding asks for it; another sweep's spec is refused.
    QTemporaryDir elsewhere;
    const QString moved = elsewhere.filePath(QStringLiteral("moved.sweep.db"));
    QVERIFY(QFile::copy(dbPath_, moved));
    Document doc;
    SweepResultsView view(&doc);
    QVERIFY(view.openResults(moved));
    QVERIFY(!view.hasSpec());
    view.sweepPanel()->selectRecords({0});
    QString error;
    QCOMPARE(view.addSelectedToComparison(&error), 0);
    QVERIFY(error.contains(QLatin1String("spec")));
    json other = json::parse(std::ifstream(QFile::encodeName(specPath_).toStdString()));
    other["axes"][1]["values"] = {2, 8};
    const QString otherPath = elsewhere.filePath(QStringLiteral("other-sweep.json"));
    writeText(otherPath, other.dump());
    QVERIFY(!view.setSpecFile(otherPath, &error));
    QVERIFY2(error.contains(QLatin1String("not the spec")), qPrintable(error));
    QVERIFY(view.setSpecFile(specPath_, &error));
    QCOMPARE(doc.scenarioCount(), 1);
  }

  void refusesBadFiles() {
    Document doc;
    SweepResultsView view(&doc);
    QVERIFY(view.openResults(jsonPath_));
    const QString bad = path("bad.csv");
    std::string csv = csv_;
    // Line 3 loses its last field.
    std::size_t line2 = csv.find('\n') + 1, line3end = csv.find('\n', csv.find('\n', line2) + 1);
    csv.erase(csv.rfind(',', line3end), line3end - csv.rfind(',', line3end));
    writeText(bad, csv);
    QString error;
    QVERIFY(!view.openResults(bad, &error));
    QVERIFY2(error.contains(QLatin1String("line 3")), qPrintable(error));
    QCOMPARE(view.resultsPath(), jsonPath_);  // unchanged
    writeText(path("bad.json"), R"({"format": "clusterforge.sweep-results/1", "axes": [], "variants": [{"status": "ok"}]})");
    QVERIFY(!view.openResults(path("bad.json"), &error));
    QVERIFY2(error.contains(QLatin1String("variants[0].index")), qPrintable(error));
    writeText(path("scenario.json"), cftest::smallScenario().dump());
    QVERIFY(!view.openResults(path("scenario.json"), &error));
    QVERIFY2(error.startsWith(QLatin1String("format")), qPrintable(error));
  }

  void searchParetoApplies() {
    Document doc;
    doc.reset([] {
      Project p;
      p.scenarios.push_back(scenarioFromJson(cftest::smallScenario()));
      return p;
    }());
    SweepResultsView view(&doc);
    view.showSearchMode(true);
    SearchParetoPage* page = view.searchPage();
    QSignalSpy finished(page, &SearchParetoPage::searchFinished);
    page->runSearch();
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().first().toBool(), true);
    ParetoPanel* panel = page->panel();
    const std::vector<SweepRecord>& records = panel->model()->records();
    QVERIFY(records.size() >= 5);
    // The front is exactly the undominated configurations of (days, GPU-hours).
    int front = 0;
    for (const SweepRecord& r : records) {
      bool dominated = false;
      for (const SweepRecord& o : records) dominated = dominated || dominates(o, r, "time_to_train_days", "gpu_hours");
      QCOMPARE(r.onFront(), !dominated);
      front += !dominated;
    }
    qInfo("parallelism search: %d configurations plotted, %d on the front", int(records.size()), front);
    QVERIFY(front >= 1);
    // Apply a configuration other than the scenario's: one undo command.
    const Parallelism before = doc.scenario(0).job.parallelism;
    int pick = -1;
    for (int r = 0; r < static_cast<int>(records.size()) && pick < 0; ++r) {
      const json& q = records[static_cast<std::size_t>(r)].parallelism;
      if (q["tp"] != before.tp || q["pp"] != before.pp || q["micro_batch"] != before.micro_batch) pick = r;
    }
    QVERIFY(pick >= 0);
    panel->selectRecords({pick});
    view.resize(1200, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    shoot(view, "search-pareto.png");
    const int undoBefore = doc.undoStack()->count();
    QString error;
    QVERIFY2(page->applySelected(&error), qPrintable(error));
    QCOMPARE(doc.undoStack()->count(), undoBefore + 1);
    const json& q = records[static_cast<std::size_t>(pick)].parallelism;
    const Parallelism& now = doc.scenario(0).job.parallelism;
    QCOMPARE(now.tp, q["tp"].get<int>());
    QCOMPARE(now.pp, q["pp"].get<int>());
    QCOMPARE(now.dp, q["dp"].get<int>());
    QCOMPARE(now.micro_batch, q["micro_batch"].get<int>());
    QCOMPARE(QString::fromStdString(now.recompute), QString::fromStdString(q["recompute"].get<std::string>()));
    // What was ranked is what the design now gets: the levers the search chose (schedule, overlap,
    // sequence parallelism, ...) are applied with the parallelism; only tp ... zero were before.
    SimulateOptions quick;
    quick.monte_carlo = false;
    const double applied = simulate(doc.project(), 0, quick).performance.perf.step_time_s;
    const double ranked = *records[static_cast<std::size_t>(pick)].metric("step_time_s");
    QVERIFY2(std::abs(applied - ranked) <= 1e-9 * ranked,
             qPrintable(QStringLiteral("%1 s applied, %2 s ranked").arg(applied).arg(ranked)));
    doc.undoStack()->undo();
    QVERIFY(doc.scenario(0).job.parallelism == before);
  }
};

QTEST_MAIN(TestSweepResults)
#include "tst_sweep_results.moc"
