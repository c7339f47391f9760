// Reports: a PDF whose text (pdftotext) holds the scenario's key figures,
// a Chinese PDF set in the CJK font, HTML with inline charts, CSV tables,
// and `clusterforge-cli report`.
#include <QApplication>
#include <QDir>
#include <QTextFrame>
#include <algorithm>
#include <nlohmann/json.hpp>
#include <QLocale>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QAbstractTextDocumentLayout>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextTable>
#include <cmath>
#include <QTranslator>

#include "Document.h"
#include "compare/MetricTable.h"
#include "ReportHtml.h"
#include "dashboard/ResultCharts.h"
#include "ReportWriter.h"
#include "design/LayoutGenerator.h"
#include "design/RackFit.h"
#include "design/Validation.h"
#include "workload/ScheduleFigures.h"
#include "ScheduleRunner.h"
#include "waterfall/WaterfallMetrics.h"
#include "waterfall/RunWaterfall.h"
#include "waterfall/WaterfallSpec.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/liquid-supernode-vs-air.json");
const QString kTenK = QStringLiteral(CF_SOURCE_DIR "/resources/examples/10k-cards-optics-and-recovery.json");

// Stderr and exit status of a program (pdftoppm's renderer errors, qpdf --check).
int runErr(const QString& program, const QStringList& args, QString* err) {
  QProcess p;
  p.start(program, args);
  if (!p.waitForFinished(120000)) return -1;
  *err = QString::fromUtf8(p.readAllStandardError());
  return p.exitCode();
}

QString run(const QString& program, const QStringList& args) {
  QProcess p;
  p.start(program, args);
  if (!p.waitForFinished(30000)) return {};
  return QString::fromUtf8(p.readAllStandardOutput());
}
}  // namespace

class TestReport : public QObject {
  Q_OBJECT

  Project project_;
  QVector<SimResultPtr> results_;
  QTemporaryDir dir_;
  Project tenK_;  // the 10K example (issue 30's report), few trials
  QVector<SimResultPtr> tenKResults_;

  bool loadTenK() {
    if (!tenKResults_.isEmpty()) return true;
    QString error;
    if (!Document::readProject(kTenK, &tenK_, &error)) return false;
    for (Scenario& s : tenK_.scenarios) s.reliability.trials = 20;
    tenKResults_ = ReportWriter::simulateAll(tenK_);
    return std::all_of(tenKResults_.begin(), tenKResults_.end(), [](const SimResultPtr& r) { return r->ok(); });
  }
  QString tenKPdf(const QString& name, bool chinese) {
    QTranslator translator;
    if (chinese) {
      if (!translator.load(QStringLiteral(":/i18n/clusterforge_zh_CN.qm"))) return {};
      QApplication::installTranslator(&translator);
      QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    }
    const QString pdf = dir_.filePath(name);
    const bool ok = ReportWriter::write(tenK_, tenKResults_, ReportWriter::Format::Pdf, pdf);
    if (chinese) {
      QApplication::removeTranslator(&translator);
      QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    return ok ? pdf : QString();
  }

  // The HTML report of `p` (with this test's results), written to `name` and read back; empty on failure.
  QString htmlOf(const Project& p, const QString& name) {
    const QString path = dir_.filePath(name);
    if (!ReportWriter::write(p, results_, ReportWriter::Format::Html, path)) return {};
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
  }

 private slots:
  void initTestCase() {
    QString error;
    QVERIFY2(Document::readProject(kExample, &project_, &error), qPrintable(error));
    for (Scenario& s : project_.scenarios) s.reliability.trials = 200;
    results_ = ReportWriter::simulateAll(project_);
    QCOMPARE(results_.size(), 2);
    for (const auto& r : results_) QVERIFY2(r->ok(), qPrintable(r->error));
  }

  void pdfHoldsKeyFigures() {
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) QSKIP("pdftotext not installed");
    const QString pdf = dir_.filePath(QStringLiteral("r.pdf"));
    QString error;
    QVERIFY2(ReportWriter::write(project_, results_, ReportWriter::Format::Pdf, pdf, &error), qPrintable(error));
    const QString text = run(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
    QVERIFY(text.contains(QString::fromStdString(project_.name).left(20)));
    for (const char* section : {"Executive summary", "Scenario comparison", "Bill of materials", "Assumptions",
                                "Model and catalog versions"})
      QVERIFY2(text.contains(QLatin1String(section)), section);
    const QLocale loc;
    for (int i = 0; i < 2; ++i) {
      QVERIFY(text.contains(QString::fromStdString(project_.scenarios[static_cast<std::size_t>(i)].name).left(15)));
      const QString step = loc.toString(results_[i]->output->performance.perf.step_time_s, 'f', 2);
      const QString mfu = loc.toString(results_[i]->output->performance.perf.mfu * 100, 'f', 1);
      const QString pue = loc.toString(results_[i]->output->energy.year.pue_annual, 'f', 2);
      QVERIFY2(text.contains(step), qPrintable(step));
      QVERIFY2(text.contains(mfu), qPrintable(mfu));
      QVERIFY2(text.contains(pue), qPrintable(pue));
    }
    QVERIFY(run(QStringLiteral("pdfinfo"), {pdf}).contains(QLatin1String("Pages:")));
    // The design pictures: rack elevations and the fabric for each scenario, its
    // links coloured by load (the caption names where the load comes from).
    for (const char* caption : {"Rack elevations", "Fabric", "Link load from the"})
      QVERIFY2(text.contains(QLatin1String(caption)), caption);
  }

  // Charts, rack elevations and the fabric are vector: no raster image in the PDF.
  void pdfHoldsVectorPictures() {
    if (QStandardPaths::findExecutable(QStringLiteral("pdfimages")).isEmpty()) QSKIP("poppler-utils not installed");
    const QString pdf = dir_.filePath(QStringLiteral("pictures.pdf"));
    QVERIFY(ReportWriter::write(project_, results_, ReportWriter::Format::Pdf, pdf));
    const QStringList lines = run(QStringLiteral("pdfimages"), {QStringLiteral("-list"), pdf}).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY(lines.size() >= 2);
    QCOMPARE(lines.size() - 2, 0);  // two header lines, no image
    // (QSvgRenderer sets the pictures' text as outlines: pdftotext does not read it.)
  }

  void chinesePdfUsesCjkFont() {
    if (QStandardPaths::findExecutable(QStringLiteral("pdffonts")).isEmpty()) QSKIP("poppler-utils not installed");
    QTranslator translator;
    QVERIFY(translator.load(QStringLiteral(":/i18n/clusterforge_zh_CN.qm")));
    QApplication::installTranslator(&translator);
    const QString pdf = dir_.filePath(QStringLiteral("zh.pdf"));
    QVERIFY(ReportWriter::write(project_, results_, ReportWriter::Format::Pdf, pdf));
    QApplication::removeTranslator(&translator);
    QVERIFY(run(QStringLiteral("pdffonts"), {pdf}).contains(QLatin1String("NotoSansCJK")));
    const QString text = run(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    QVERIFY2(text.contains(QStringLiteral("物料清单")), qPrintable(text.left(400)));
    // The reliability model's notes in the assumptions are translated too.
    QVERIFY2(!text.contains(QLatin1String("counts from the fabric graph")), qPrintable(text.right(1500)));
    // (pdftotext reads some CJK glyphs as Kangxi radicals: 网 -> ⽹, 自 -> ⾃.)
    QVERIFY2(text.contains(QStringLiteral("交换机与光模块数量取")) && text.contains(QStringLiteral("络拓扑图")),
             qPrintable(text.right(1500)));
  }

  void htmlAndCsv() {
    const QString html = dir_.filePath(QStringLiteral("r.html"));
    QVERIFY(ReportWriter::write(project_, results_, ReportWriter::Format::Html, html));
    QFile h(html);
    QVERIFY(h.open(QIODevice::ReadOnly));
    const QString page = QString::fromUtf8(h.readAll());
    QVERIFY(page.startsWith(QLatin1String("<!DOCTYPE html>")));
    // Every chart (none identical between the two designs but the timeline),
    // the comparison's four, racks and fabric of both designs; all SVG.
    QVERIFY2(page.count(QLatin1String("data:image/svg+xml;base64,")) >= 24,
             qPrintable(QString::number(page.count(QLatin1String("data:image/svg+xml;base64,")))));
    QCOMPARE(page.count(QLatin1String("data:image/png;base64,")), 0);
    QVERIFY(page.contains(QLatin1String("alt='Rack elevations'")));
    QVERIFY(page.contains(QLatin1String("alt='Fabric'")));
    QVERIFY(page.contains(QString::fromStdString(project_.scenarios[1].name).toHtmlEscaped()));

    const QString csv = dir_.filePath(QStringLiteral("r.csv"));
    QVERIFY(ReportWriter::write(project_, results_, ReportWriter::Format::Csv, csv));
    QFile c(csv);
    QVERIFY(c.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(c.readAll()).split(QLatin1Char('\n'));
    QCOMPARE(lines.first(), QStringLiteral("scenario,section,key,value"));
    QVERIFY(lines.contains(QStringLiteral("scenario,category,part,count,unit_price_usd,total_usd")));
    const QString name = QString::fromStdString(project_.scenarios[0].name);
    const QString prefix = (name.contains(QLatin1Char(',')) ? QLatin1Char('"') + name + QLatin1Char('"') : name) +
                           QStringLiteral(",performance,step_time_s,");
    const auto hit = std::find_if(lines.begin(), lines.end(), [&](const QString& l) { return l.startsWith(prefix); });
    QVERIFY(hit != lines.end());
    QVERIFY(qAbs(hit->mid(prefix.size()).toDouble() - results_[0]->output->performance.perf.step_time_s) < 1e-6);
  }

  // Issue 17: each stored waterfall is a section with its chart, the figures
  // of every step with its share, and the assumptions line; the figures are
  // the engine's (runWaterfall on the same stored waterfall).
  void waterfallSection() {
    Project p = project_;
    ProjectWaterfall w;
    w.name = "Levers <of> the liquid design";
    w.base_scenario = p.scenarios[0].name;
    w.trials = 100;
    w.steps = {{"Fast restart", "", {{"reliability.restart_s", 60}}},
               {"Overlap DP", "", {{"job.software.overlap_dp", true}}}};
    p.waterfalls = {w};
    const WaterfallResult r = runWaterfall(WaterfallSpec::fromProject(p, w));
    const QString html = dir_.filePath(QStringLiteral("w.html"));
    QString error;
    QVERIFY2(ReportWriter::write(p, results_, ReportWriter::Format::Html, html, &error), qPrintable(error));
    QFile h(html);
    QVERIFY(h.open(QIODevice::ReadOnly));
    const QString page = QString::fromUtf8(h.readAll());
    QVERIFY(page.contains(QStringLiteral("Lever waterfall: Levers &lt;of&gt; the liquid design")));
    QVERIFY(page.contains(QLatin1String("alt='Time to train, step by step'")));
    QVERIFY(page.contains(QLatin1String("1. Fast restart")));
    QVERIFY(page.contains(QLatin1String("2. Overlap DP")));
    QVERIFY(page.contains(QLatin1String("Assumptions: each step applies its changes on top of the steps before it")));
    for (const WaterfallStepResult& s : r.steps) {
      QVERIFY2(page.contains(WaterfallMetrics::days(s.gain_days)), qPrintable(WaterfallMetrics::days(s.gain_days)));
      QVERIFY2(page.contains(WaterfallMetrics::format(s.figures.mfu * 100, WaterfallMetric::Mfu)), qPrintable(s.name.c_str()));
    }
    // A project without waterfalls has no such section.
    const QString plain = dir_.filePath(QStringLiteral("plain.html"));
    QVERIFY(ReportWriter::write(project_, results_, ReportWriter::Format::Html, plain));
    QFile f(plain);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(!QString::fromUtf8(f.readAll()).contains(QLatin1String("Lever waterfall")));
    // The PDF says the same.
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) return;
    const QString pdf = dir_.filePath(QStringLiteral("w.pdf"));
    QVERIFY(ReportWriter::write(p, results_, ReportWriter::Format::Pdf, pdf));
    const QString text = run(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    QVERIFY2(text.contains(QLatin1String("Lever waterfall")), qPrintable(text.right(400)));
    QVERIFY(text.contains(QLatin1String("Overlap DP")));
  }

  // Issue 20: a scenario with a workload gets a scheduling section with the
  // scheduler's own figures (the same run as the Workload tab's default);
  // a project without workloads has none.
  void scheduleSection() {
    Project p;
    QString error;
    QVERIFY2(Document::readProject(QStringLiteral(CF_SOURCE_DIR "/resources/examples/shared-cluster-workload.json"), &p,
                                   &error),
             qPrintable(error));
    p.scenarios[0].reliability.trials = 100;
    const QVector<SimResultPtr> results = ReportWriter::simulateAll(p);
    const QString html = dir_.filePath(QStringLiteral("s.html"));
    QVERIFY2(ReportWriter::write(p, results, ReportWriter::Format::Html, html, &error), qPrintable(error));
    QFile h(html);
    QVERIFY(h.open(QIODevice::ReadOnly));
    const QString page = QString::fromUtf8(h.readAll());
    QVERIFY(page.contains(QStringLiteral("Workload: %1").arg(QString::fromStdString(p.scenarios[0].name).toHtmlEscaped())));
    ScheduleRequest r;
    r.comparePolicies = true;
    const sched::Workload w = sched::workloadFromJson(p.scenarios[0].workload, "workload");
    r.options.failures = w.failures;
    const ScheduleRun run = ScheduleRunner::compute(p, w, r);
    QVERIFY2(run.ok(), qPrintable(run.error));
    QVERIFY(page.contains(ScheduleFigures::summaryHtml(*run.result)));
    QCOMPARE(run.policies.size(), std::size_t{4});
    for (const sched::ScheduleResult& pr : run.policies)
      QVERIFY2(page.contains(ScheduleFigures::number(pr.wait_h.p95, 2)), qPrintable(QString::fromStdString(pr.policy)));
    QVERIFY(page.contains(QLatin1String("alt='GPU utilisation over time'")));
    const QString plain = dir_.filePath(QStringLiteral("plain2.html"));
    QVERIFY(ReportWriter::write(project_, results_, ReportWriter::Format::Html, plain));
    QFile f(plain);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(!QString::fromUtf8(f.readAll()).contains(QLatin1String("GPU utilisation over time")));
  }

  // Issue 30: the GUI computes a report's waterfalls and schedules on a
  // worker (ReportWriter::precompute) and the build only reads them (the PDF
  // export stalled the window 314 ms running the waterfall in the build).
  // The precomputed figures give the same report as those computed in place,
  // and figures given are the ones shown, not computed again.
  void precomputedFiguresAreTheReports() {
    Project p;
    QString error;
    QVERIFY2(Document::readProject(QStringLiteral(CF_SOURCE_DIR "/resources/examples/shared-cluster-workload.json"), &p,
                                   &error),
             qPrintable(error));
    p.scenarios[0].reliability.trials = 100;
    ProjectWaterfall w;
    w.name = "Levers";
    w.base_scenario = p.scenarios[0].name;
    w.trials = 100;
    w.steps = {{"Fast restart", "", {{"reliability.restart_s", 60}}}};
    p.waterfalls = {w};
    const QVector<SimResultPtr> results = ReportWriter::simulateAll(p);
    const QDateTime generated = QDateTime::currentDateTime();  // one header for every build
    auto page = [&](const ReportHtml::Precomputed& figures) {
      ReportHtml builder(p, results);
      builder.setGeneratedAt(generated);
      builder.setPrecomputed(figures);
      return builder.build(ReportHtml::Images::DataUris);
    };
    const ReportHtml::Precomputed figures = ReportWriter::precompute(p);
    QCOMPARE(figures.waterfalls.size(), 1);
    QVERIFY(figures.waterfalls[0] && figures.waterfalls[0]->ok());
    QCOMPARE(figures.schedules.size(), static_cast<int>(p.scenarios.size()));
    QVERIFY(figures.schedules[0] && figures.schedules[0]->ok());
    const QString inPlace = page({});
    QVERIFY(inPlace.contains(QLatin1String("Lever waterfall")));
    QCOMPARE(page(figures), inPlace);

    ReportHtml::Precomputed given = figures;
    auto refused = std::make_shared<ScheduleRun>();
    refused->error = QStringLiteral("given, not computed");
    given.schedules[0] = refused;
    QVERIFY(page(given).contains(QLatin1String("Not scheduled: given, not computed")));
    // precompute keeps what it is given.
    QCOMPARE(ReportWriter::precompute(p, given).schedules[0], ScheduleRunPtr(refused));
  }

  // Issue 21 #17: names are text, never markup, placeholders or formulas.
  void userTextIsEscaped() {
    Project p = project_;
    // (No raw string literals here: moc cannot read them.)
    p.name = "<script>alert('p')</script> %1 \"; DROP TABLE projects; --";
    p.scenarios[0].name = "=HYPERLINK(\"http://x\") <script>s0</script> %1 %2";
    p.scenarios[1].name = "@SUM(1) \"; DROP TABLE scenarios; -- %2";
    const QString page = htmlOf(p, QStringLiteral("escaped.html"));
    QVERIFY(!page.isEmpty());
    QVERIFY(!page.contains(QLatin1String("<script")));
    QVERIFY(page.contains(QStringLiteral("<title>%1</title>").arg(QString::fromStdString(p.name).toHtmlEscaped())));
    for (const Scenario& s : p.scenarios) {
      const QString name = QString::fromStdString(s.name).toHtmlEscaped();
      QVERIFY2(page.contains(QStringLiteral(": %1</th>").arg(name)), qPrintable(name));
      // The assumptions line substitutes five values after the name: none lands in it.
      QVERIFY2(page.contains(name + QStringLiteral(": 200 Monte Carlo trials, seed ")), qPrintable(name));
    }

    // Issue 33: a right-to-left override or a terminal escape in a name is
    // shown as its code, never passed into the page; a name is escaped once,
    // in every section (the "Not repeated" line escaped it twice: sharedDesignOnce).
    Project q = project_;
    q.scenarios[0].name = "A \xe2\x80\xae evil & <b>bold</b> \x1b[31m";
    q.scenarios[1].name = "B & co";
    const QString page2 = htmlOf(q, QStringLiteral("escaped2.html"));
    QVERIFY(!page2.isEmpty());
    QVERIFY(!page2.contains(QChar(0x202E)));
    QVERIFY(!page2.contains(QChar(0x1B)));
    QVERIFY(page2.contains(QLatin1String("A \\u202e evil &amp; &lt;b&gt;bold&lt;/b&gt; \\u001b[31m")));
    for (const char* twice : {"&amp;amp;", "&amp;lt;", "&amp;gt;", "&amp;quot;", "&amp;#"})
      QVERIFY2(!page2.contains(QLatin1String(twice)), twice);

    const QString csv = dir_.filePath(QStringLiteral("escaped.csv"));
    QVERIFY(ReportWriter::write(p, results_, ReportWriter::Format::Csv, csv));
    QFile c(csv);
    QVERIFY(c.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(c.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QString first = QStringLiteral("\"'=HYPERLINK(\"\"http://x\"\") <script>s0</script> %1 %2\",performance,step_time_s,");
    const QString second = QStringLiteral("\"'@SUM(1) \"\"; DROP TABLE scenarios; -- %2\",performance,step_time_s,");
    for (const QString& prefix : {first, second})
      QVERIFY2(std::any_of(lines.begin(), lines.end(), [&](const QString& l) { return l.startsWith(prefix); }),
               qPrintable(prefix));
    for (const QString& line : lines)  // no cell a spreadsheet would run
      for (const char* formula : {"=", "@", "\"=", "\"@", ",=", ",@", ",\"=", ",\"@"})
        QVERIFY2(!line.startsWith(QLatin1String(formula)) && (formula[0] != ',' || !line.contains(QLatin1String(formula))),
                 qPrintable(line));
  }


  // Issue 19 item 4: the executive summary comes first and lists every
  // scenario with its answer (MFU, PUE as the Compare tab formats them); the
  // comparison charts follow, then the designs, then each scenario.
  void executiveSummaryFirst() {
    ReportHtml builder(project_, results_);
    const QString html = builder.build(ReportHtml::Images::Resources);
    const int summary = html.indexOf(QLatin1String(">Executive summary<"));
    const int comparison = html.indexOf(QLatin1String(">Scenario comparison<"));
    const int design = html.indexOf(QLatin1String(">Design D1<"));
    const int results = html.indexOf(QLatin1String(">Results: A: "));
    QVERIFY(summary > 0);
    QVERIFY(summary < comparison && comparison < design && design < results);
    const QString part = html.mid(summary, comparison - summary);
    const QVector<MetricTable::Metric> metrics = MetricTable::metrics();
    for (int i = 0; i < 2; ++i) {
      QVERIFY(part.contains(ReportHtml::scenarioTag(i) + QStringLiteral(": ") +
                            QString::fromStdString(project_.scenarios[static_cast<std::size_t>(i)].name).toHtmlEscaped()));
      for (const MetricTable::Metric& m : metrics)
        if (QLatin1String(m.id) == QLatin1String("mfu") || QLatin1String(m.id) == QLatin1String("pue") ||
            QLatin1String(m.id) == QLatin1String("capex_usd"))
          QVERIFY2(part.contains(QStringLiteral(">%1</td>").arg(MetricTable::format(m, MetricTable::value(m, *results_[i])))), m.id);
    }
    // Display names, never raw ids.
    QVERIFY(!html.contains(QLatin1String("direct-liquid")));
    QVERIFY(part.contains(QLatin1String("Direct liquid cooling")));
    // The comparison charts: four, vector, at their print size with text >= 8 pt.
    int compare = 0;
    for (auto it = builder.pictures().begin(); it != builder.pictures().end(); ++it) {
      compare += it.key().startsWith(QLatin1String("compare/"));
      QVERIFY2(it->displayWidth <= ReportHtml::kPageWidthPx, qPrintable(it.key()));
      if (it->minTextPt > 0) QVERIFY2(it->minTextPt >= ReportHtml::kMinTextPt, qPrintable(it.key()));
      if (it.key().startsWith(QLatin1String("chart/")) || it.key().startsWith(QLatin1String("compare/")))
        QVERIFY2(!it->svg.isEmpty() && it->minTextPt > 0, qPrintable(it.key()));
    }
    QCOMPARE(compare, 4);
  }

  // A design shared by several scenarios (same cluster and layout) is shown
  // once: one rack section, one fabric, one bill of materials; the scenarios
  // name it. A chart identical to one shown before is named, not repeated.
  void sharedDesignOnce() {
    Project p = project_;
    p.scenarios[0].name = "First & <b>co</b>";  // escaped once in "as for" (issue 33: it was twice)
    Scenario copy = p.scenarios[0];
    copy.name = "Same design, other checkpoints";
    copy.reliability.trials = 100;
    p.scenarios.push_back(copy);
    QVector<SimResultPtr> results = results_;
    Project single;
    single.parts = p.parts;
    single.scenarios = {copy};
    results << ReportWriter::simulateAll(single).value(0);
    ReportHtml builder(p, results);
    const QString html = builder.build(ReportHtml::Images::Resources);
    QCOMPARE(builder.designs().size(), 2);
    QCOMPARE(builder.designs()[0], (QVector<int>{0, 2}));
    QCOMPARE(html.count(QLatin1String(">Bill of materials and CAPEX<")), 2);
    QCOMPARE(html.count(QLatin1String("src='fabric/")), 2);
    QVERIFY(html.contains(QLatin1String("Shared by 2 scenario(s): A: ")));
    QVERIFY(html.contains(QLatin1String("Design: D1 (see")));
    // The CAPEX breakdown of scenario C is the one of A.
    QVERIFY(!builder.pictures().contains(QStringLiteral("chart/2/%1").arg(static_cast<int>(ResultCharts::Chart::Capex))));
    QVERIFY(builder.pictures().contains(QStringLiteral("chart/0/%1").arg(static_cast<int>(ResultCharts::Chart::Capex))));
    QVERIFY(html.contains(QStringLiteral("“%1” as for A: First &amp; &lt;b&gt;co&lt;/b&gt;")
                              .arg(ResultCharts::title(ResultCharts::Chart::Capex))));
    for (const char* twice : {"&amp;amp;", "&amp;lt;", "&amp;gt;"})
      QVERIFY2(!html.contains(QLatin1String(twice)), twice);
  }

  // Tables: the header row repeats on every page (QTextTable header rows)
  // and no row is split across two pages.
  void tablePagination() {
    ReportWriter::PdfContent content;
    QVERIFY(ReportWriter::buildPdf(project_, results_, &content));
    const auto doc = ReportWriter::layoutPdf(content);
    const double pageH = ReportWriter::pageSize().height();
    QCOMPARE(doc->pageSize().height(), pageH);
    auto* layout = doc->documentLayout();
    int withHeader = 0, spanning = 0;
    double deepest = 0;
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
      // No line (of text, or of pictures) crosses a page boundary.
      const QRectF block = layout->blockBoundingRect(b);
      for (int l = 0; l < b.layout()->lineCount(); ++l) {
        const QRectF line = b.layout()->lineAt(l).rect().translated(block.topLeft());
        QVERIFY2(line.height() <= 0 || std::floor(line.top() / pageH) == std::floor((line.bottom() - 1) / pageH),
                 qPrintable(QStringLiteral("a line of \"%1\" spans %2..%3").arg(b.text().left(30)).arg(line.top()).arg(line.bottom())));
      }
      QTextTable* table = QTextCursor(b).currentTable();
      if (!table || table->cellAt(0, 0).firstCursorPosition().block() != b) continue;
      withHeader += table->format().headerRowCount() > 0;
      const QRectF whole = layout->frameBoundingRect(table);
      if (std::floor(whole.top() / pageH) != std::floor((whole.bottom() - 1) / pageH)) ++spanning;
      for (int r = 0; r < table->rows(); ++r) {
        double top = 1e18, bottom = -1;
        for (int c = 0; c < table->columns(); ++c) {
          const QTextTableCell cell = table->cellAt(r, c);
          for (QTextBlock cb = cell.firstCursorPosition().block(); cb.isValid() && cb.position() <= cell.lastPosition(); cb = cb.next()) {
            const QRectF rect = layout->blockBoundingRect(cb);
            if (rect.height() <= 0 || cb.text().isEmpty()) continue;  // an empty cell sits at the row's top
            top = std::min(top, rect.top());
            bottom = std::max(bottom, rect.bottom());
          }
        }
        if (bottom < 0) continue;
        deepest = std::max(deepest, bottom);
        QVERIFY2(std::floor(top / pageH) == std::floor((bottom - 1) / pageH),
                 qPrintable(QStringLiteral("row %1 of a table spans %2..%3 (page %4 px)").arg(r).arg(top).arg(bottom).arg(pageH)));
      }
    }
    QVERIFY(deepest > 2 * pageH);  // positions are the document's, not the cell's
    QVERIFY2(withHeader >= 5, qPrintable(QString::number(withHeader)));  // summary, all figures, 2 designs, 2 BOMs
    QVERIFY(spanning >= 1);
  }

  // Progress is reported and a cancel stops the export without a file.
  void cancelLeavesNoFile() {
    const QString pdf = dir_.filePath(QStringLiteral("cancelled.pdf"));
    int calls = 0, total = 0;
    QString error;
    QVERIFY(!ReportWriter::write(project_, results_, ReportWriter::Format::Pdf, pdf, &error, [&](int done, int t) {
      total = t;
      return ++calls < 4 && done < t;
    }));
    QCOMPARE(calls, 4);
    QVERIFY(total > 4);
    QVERIFY(!QFile::exists(pdf));
    QVERIFY(!error.isEmpty());
    // Run to the end: the last report is the whole.
    int last = -1;
    QVERIFY(ReportWriter::write(project_, results_, ReportWriter::Format::Pdf, pdf, &error, [&](int done, int t) {
      last = done;
      total = t;
      return true;
    }));
    QVERIFY(QFile::exists(pdf));
    QVERIFY(last > 0 && last < total);
  }


  // Issue 30, one truth: the rack elevations draw the racks the bill of
  // materials prices (before: 320 x Rack-48U-40kW drawn, 256 x
  // Rack-48U-130kW-liquid priced), and a rack's power is the sum of what it
  // holds (before: "Power 0.0 / 40.0 kW" for four H800 servers, whose generic
  // node is not a catalog part).
  void elevationsMatchTheBom() {
    QVERIFY(loadTenK());
    const Scenario& s = tenK_.scenarios[0];
    const Catalog parts = tenK_.resolvedParts();
    LayoutSummary sum;
    const Layout layout = generateLayout(s, parts, {}, &sum);
    const auto& racks = tenKResults_[0]->json["energy"]["racks"];
    QCOMPARE(QString::fromStdString(racks["rack"].get<std::string>()), QString::fromStdString(sum.rack_part));
    QCOMPARE(racks["count"].get<long long>(), static_cast<long long>(sum.compute_racks));
    bool priced = false;
    for (const auto& l : tenKResults_[0]->json["cost"]["capex_breakdown"])
      if (l.value("item", "") == "racks") {
        priced = true;
        QCOMPARE(QString::fromStdString(l.value("part", "")), QString::fromStdString(sum.rack_part));
        QCOMPARE(static_cast<long long>(l.value("count", 0.0)), static_cast<long long>(sum.compute_racks));
      }
    QVERIFY(priced);
    // Power: every node counts, in the report's rack picture as in validation.
    const Catalog withNode = layoutParts(s, parts);
    const Rack& first = layout.sites[0].halls[0].rows[0].racks[0];
    double power = 0;
    int nodes = 0;
    for (const Placement& p : first.placements) {
      power += placementPower_W(p, withNode);
      nodes += p.kind == "node";
    }
    QVERIFY(nodes > 0);
    QVERIFY2(power >= nodes * 8000.0, qPrintable(QString::number(power)));  // an 8 x H800 server draws ~8 kW
    QCOMPARE(racks["kW_per_rack"].get<double>(), sum.nodes_per_rack * power / nodes / 1000.0);
    // The report says so.
    ReportHtml builder(tenK_, tenKResults_);
    const QString html = builder.build(ReportHtml::Images::Resources);
    QVERIFY(html.contains(QLocale().toString(sum.racks) + QLatin1String(" rack")));
    // Its five kinds of rack in one picture: with four to a picture the fifth stood alone on a
    // page of its own, most of it blank.
    QStringList rackPictures;
    for (const QString& name : builder.pictures().keys())
      if (name.startsWith(QLatin1String("racks/0/"))) rackPictures << name;
    QCOMPARE(rackPictures, QStringList{QStringLiteral("racks/0/0")});
  }

  // Issue 30: a scenario's description is what a client reads; notes to its
  // authors (checks against the source, file paths, CLI flags) never reach a report.
  void noAuthorNotes() {
    QVERIFY(loadTenK());
    QVERIFY(!tenK_.notes.empty());
    ReportHtml builder(tenK_, tenKResults_);
    const QString html = builder.build(ReportHtml::Images::DataUris);
    QVERIFY(html.contains(QString::fromStdString(tenK_.description).left(40).toHtmlEscaped()));
    for (const char* authors : {"AGREES", "DISAGREES", "clusterforge-cli", "resources/", "What ClusterForge prints"})
      QVERIFY2(!html.contains(QLatin1String(authors)), authors);
    // Every example: its notes nowhere in the description.
    for (const QString& f : QDir(QStringLiteral(CF_SOURCE_DIR "/resources/examples")).entryList({QStringLiteral("*.json")})) {
      QFile file(QStringLiteral(CF_SOURCE_DIR "/resources/examples/") + f);
      QVERIFY(file.open(QIODevice::ReadOnly));
      const nlohmann::json j = nlohmann::json::parse(file.readAll().toStdString());
      QVERIFY2(j.value("description", std::string()).find("clusterforge-cli") == std::string::npos, qPrintable(f));
      QVERIFY2(j.value("description", std::string()).find("AGREES") == std::string::npos, qPrintable(f));
    }
  }

  // Issue 30: the PDF passes qpdf --check and renders without errors (there
  // were ~55 "No current point in closepath"); each engine note is printed
  // once; table headers break only between words; headings stay with their content.
  void pdfIsClean() {
    if (QStandardPaths::findExecutable(QStringLiteral("pdftoppm")).isEmpty()) QSKIP("poppler-utils not installed");
    QVERIFY(loadTenK());
    const QString pdf = tenKPdf(QStringLiteral("10k.pdf"), false);
    QVERIFY(!pdf.isEmpty());
    QString err;
    if (!QStandardPaths::findExecutable(QStringLiteral("qpdf")).isEmpty()) {
      QCOMPARE(runErr(QStringLiteral("qpdf"), {QStringLiteral("--check"), pdf}, &err), 0);
      QVERIFY2(err.isEmpty(), qPrintable(err.left(500)));
    }
    QCOMPARE(runErr(QStringLiteral("pdftoppm"), {QStringLiteral("-r"), QStringLiteral("20"), QStringLiteral("-png"), pdf,
                                                 dir_.filePath(QStringLiteral("page"))},
                    &err),
             0);
    QVERIFY2(err.trimmed().isEmpty(), qPrintable(err.left(500)));
    const QString text = run(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    QCOMPARE(text.count(QLatin1String("switch and optic counts from the fabric graph")), 1);
  }

  void headingsStayWithTheirContent() {
    QVERIFY(loadTenK());
    ReportWriter::PdfContent content;
    QVERIFY(ReportWriter::buildPdf(tenK_, tenKResults_, &content));
    const auto doc = ReportWriter::layoutPdf(content);
    const double pageH = ReportWriter::pageSize().height();
    auto* layout = doc->documentLayout();
    int headings = 0;
    for (QTextFrame::iterator it = doc->rootFrame()->begin(); !it.atEnd(); ++it) {
      const QTextBlock b = it.currentBlock();
      if (!b.isValid() || b.blockFormat().headingLevel() == 0) continue;
      ++headings;
      QTextFrame::iterator next = it;
      ++next;
      if (next.atEnd()) continue;
      const QRectF head = layout->blockBoundingRect(b);
      const QRectF after = next.currentFrame() ? layout->frameBoundingRect(next.currentFrame())
                                               : layout->blockBoundingRect(next.currentBlock());
      QVERIFY2(std::floor(head.top() / pageH) == std::floor(after.top() / pageH),
               qPrintable(QStringLiteral("\"%1\" ends page %2").arg(b.text()).arg(std::floor(head.top() / pageH) + 1)));
    }
    QVERIFY(headings > 10);
    // Table headers: a line ends at a word's end, never inside one ("Preempti/ons").
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
      if (!QTextCursor(b).currentTable()) continue;
      const QString t = b.text();
      for (int l = 0; l + 1 < b.layout()->lineCount(); ++l) {
        const QTextLine line = b.layout()->lineAt(l);
        const int end = line.textStart() + line.textLength();
        QVERIFY2(end <= 0 || end >= t.size() || t.at(end - 1).isSpace() || !t.at(end - 1).isLetter() ||
                     !t.at(end).isLetter(),
                 qPrintable(QStringLiteral("\"%1\" broken after \"%2\"").arg(t, t.left(end))));
      }
    }
  }

  // Issue 30: the Chinese report is Chinese: titles, legends, the power
  // plant's parts, the footer and the engine's notes.
  void chineseReportIsChinese() {
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty()) QSKIP("poppler-utils not installed");
    QVERIFY(loadTenK());
    const QString pdf = tenKPdf(QStringLiteral("10k-zh.pdf"), true);
    QVERIFY(!pdf.isEmpty());
    const QString text = run(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    for (const char* english : {"UPS, switchgear", "ClusterForge report", "Rack elevations", "Bill of materials",
                                "Executive summary", "Assumptions", "Monte Carlo trials", "Not repeated", "rack(s)",
                                "Row ", "Hall ", "checkpoint-restart", "Seed case"})
      QVERIFY2(!text.contains(QLatin1String(english)), english);
  }

  void cliReport() {
    const QString out = dir_.filePath(QStringLiteral("cli.csv"));
    QProcess p;
    p.start(QStringLiteral(CF_CLI_EXE), {QStringLiteral("report"), kExample, QStringLiteral("--format"),
                                          QStringLiteral("csv"), QStringLiteral("-o"), out});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(QFile::exists(out));
    p.start(QStringLiteral(CF_CLI_EXE), {QStringLiteral("report"), kExample, QStringLiteral("--format"),
                                          QStringLiteral("doc"), QStringLiteral("-o"), out});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 2);
  }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"
