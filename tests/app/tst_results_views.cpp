// The results views in the main window (issue 9): the fabric canvas's links
// coloured after a simulation (through ResultsController), PNG/SVG export of
// charts and of the fabric, hall, rack and dashboard views, and the
// presentation action (F5), which leaves the open document untouched, and
// File > Open Lesson… (a teacher's lesson file, in both languages).
#include <QAction>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <QXmlStreamReader>
#include <QLabel>
#include <QRegularExpression>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextDocumentFragment>
#include <QTextLayout>

#include "charts/ChartView.h"
#include "dashboard/DashboardPage.h"
#include "DesignEditors.h"
#include "Document.h"
#include "fabric/FabricCanvas.h"
#include "fabric/FabricItem.h"
#include "fabric/FabricLegend.h"
#include "fabric/FabricView.h"
#include "hall/HallView.h"
#include "charts/ImageExport.h"
#include "LanguageManager.h"
#include "presentation/LessonSimulator.h"
#include "MainWindow.h"
#include "presentation/PresentationWindow.h"
#include "rack/RackEditor.h"
#include "ResultsController.h"
#include "SimulationRunner.h"
#include "design/ScenarioJson.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/bert-large-128xv100.json");

bool validSvg(const QString& path, QString* why) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly) || f.size() == 0) {
    *why = QStringLiteral("empty");
    return false;
  }
  QXmlStreamReader xml(&f);
  bool root = false;
  int elements = 0;
  while (!xml.atEnd()) {
    if (xml.readNext() == QXmlStreamReader::StartElement) {
      if (elements++ == 0) root = xml.name() == QLatin1String("svg");
    }
  }
  if (xml.hasError()) {
    *why = xml.errorString();
    return false;
  }
  if (!root || elements < 5) {
    *why = QStringLiteral("root svg: %1, elements %2").arg(root).arg(elements);
    return false;
  }
  return QSvgRenderer(path).isValid();
}
}  // namespace

class TestResultsViews : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;

  static bool waitForResult(MainWindow& w) {
    SimulationRunner* runner = w.results()->runner();
    runner->runNow();
    return QTest::qWaitFor([&] { return runner->result(0) && !runner->isRunning(); }, 60000);
  }

 private slots:
  void fabricLinksColouredAfterSimulation() {
    MainWindow w;
    QVERIFY(w.openFile(kExample));
    w.results()->runner()->setDebounceInterval(0);
    FabricCanvas* canvas = w.designEditors()->fabric();
    w.tabs()->setCurrentWidget(canvas);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(waitForResult(w));
    QVERIFY(QTest::qWaitFor([&] { return canvas->item() && !canvas->item()->linkValues().empty(); }, 10000));
    const auto& values = canvas->item()->linkValues();
    QCOMPARE(values.size(), canvas->fabric()->links().size());
    QVERIFY(canvas->legend()->isVisibleTo(canvas));
    const auto hottest = static_cast<std::uint32_t>(std::max_element(values.begin(), values.end()) - values.begin());
    QVERIFY(values[hottest] > 0);
    // Absolute scale (red = saturated): the hottest link gets the colour of its
    // utilisation on 0-100 %, and no link is cooler than an idle one.
    QCOMPARE(canvas->legend()->maximum(), std::max(1.0, values[hottest]));
    QCOMPARE(canvas->item()->linkColor(hottest), FabricItem::valueColor(values[hottest], canvas->legend()->maximum()));
    const auto coolest = static_cast<std::uint32_t>(std::min_element(values.begin(), values.end()) - values.begin());
    QVERIFY(canvas->item()->linkColor(hottest).hsvHueF() <= canvas->item()->linkColor(coolest).hsvHueF());
  }

  // Issue 15: Tools › Flow-Level Network Simulation makes every run simulate
  // the step's flows; the Dashboard then shows the flow step (which time to
  // train, reliability, energy and cost used) beside the analytical one, and
  // unticking it goes back to the analytical model.
  void flowSimulationOption() {
    MainWindow w;
    QVERIFY(w.openFile(kExample));
    SimulationRunner* runner = w.results()->runner();
    runner->setDebounceInterval(0);
    QAction* flow = w.results()->flowNetworkAction();
    QVERIFY(flow && flow->isCheckable());
    flow->setChecked(false);
    QVERIFY(waitForResult(w));
    SimResultPtr analytical = runner->result(0);
    QVERIFY(analytical && analytical->ok());
    QVERIFY(!analytical->output->flow);
    DashboardPage* dash = w.results()->dashboard();
    QVERIFY(!dash->headline().contains(QStringLiteral("Flow-level")));

    flow->setChecked(true);
    QCOMPARE(runner->options().network, std::string("flow"));
    QVERIFY(waitForResult(w));
    SimResultPtr flowed = runner->result(0);
    QVERIFY2(flowed && flowed->ok(), flowed ? qPrintable(flowed->error) : "no result");
    QVERIFY(flowed->output->flow.has_value());
    const FlowFigures& f = *flowed->output->flow;
    QCOMPARE(f.analytical_step_time_s, analytical->output->performance.perf.step_time_s);
    QCOMPARE(flowed->output->stepTime_s(), f.step_time_s);
    QVERIFY(!f.difference.collective.empty());
    QVERIFY(QTest::qWaitFor([&] { return dash->headline().contains(QStringLiteral("Flow-level")); }, 5000));
    QVERIFY2(dash->headline().contains(QString::fromStdString(f.difference.collective)), qPrintable(dash->headline()));

    flow->setChecked(false);
    QCOMPARE(runner->options().network, std::string("analytical"));
  }

  // Issue 30: at 1024 x 768 the Dashboard's numbers wrapped mid-number
  // ("2,↵024,563", "32.8↵%") and its right column was cut. Every value is on
  // one line of the label as laid out, which fits the page, at both sizes.
  void dashboardFiguresNeverBreak() {
    for (const QSize size : {QSize(1024, 768), QSize(1920, 1080)}) {
      MainWindow w;
      w.resize(size);
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      QVERIFY(w.openFile(QStringLiteral(CF_SOURCE_DIR "/resources/examples/llama3-405b-16k-h100.cf.json")));
      QVERIFY(waitForResult(w));
      DashboardPage* dash = w.results()->dashboard();
      w.tabs()->setCurrentWidget(dash);
      auto* label = dash->findChild<QLabel*>(QStringLiteral("dashboardFigures"));
      QVERIFY(label);
      QTRY_VERIFY(label->text().contains(QLatin1String("<table")));
      QTRY_VERIFY(label->width() > 0 && label->width() <= dash->width());
      QTextDocument doc;
      doc.setDefaultFont(label->font());
      doc.setHtml(label->text());
      doc.setTextWidth(label->width());
      QVERIFY2(doc.idealWidth() <= label->width() + 1, qPrintable(QString::number(doc.idealWidth())));  // nothing cut
      static const QRegularExpression valueSpan(QStringLiteral("font-weight:600'>([^<]*)</span>"));
      int values = 0;
      for (auto it = valueSpan.globalMatch(label->text()); it.hasNext();) {
        const QString value = QTextDocumentFragment::fromHtml(it.next().captured(1)).toPlainText();
        const QTextCursor c = doc.find(value);
        QVERIFY2(!c.isNull(), qPrintable(value));
        const QTextBlock b = doc.findBlock(c.selectionStart());
        QTextLayout* l = b.layout();
        QVERIFY(l);
        const int first = l->lineForTextPosition(c.selectionStart() - b.position()).lineNumber();
        const int last = l->lineForTextPosition(c.selectionEnd() - 1 - b.position()).lineNumber();
        QVERIFY2(first == last, qPrintable(QStringLiteral("%1 at %2 px").arg(value).arg(size.width())));
        ++values;
      }
      QVERIFY(values >= 10);
    }
  }

  void exportPngAndSvg() {
    MainWindow w;
    QVERIFY(w.openFile(kExample));
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(waitForResult(w));
    // A chart of the dashboard through the charts adapter.
    ChartView* chart = w.results()->dashboard()->chart(0);
    const QString chartPng = dir_.filePath(QStringLiteral("chart.png"));
    const QString chartSvg = dir_.filePath(QStringLiteral("chart.svg"));
    QVERIFY(chart->saveImage(chartPng, QSize(700, 400)));
    QVERIFY(chart->saveImage(chartSvg, QSize(700, 400)));
    QCOMPARE(QImage(chartPng).size(), QSize(1400, 800));  // 2x device pixel ratio
    QString why;
    QVERIFY2(validSvg(chartSvg, &why), qPrintable(why));

    // The fabric, hall and rack scenes, and the dashboard page, as the File menu exports them.
    DesignEditors* editors = w.designEditors();
    QSignalSpy generated(w.designEditors()->racks(), &RackEditor::layoutGenerated);
    QVERIFY(w.designEditors()->racks()->generateLayout());
    QTRY_VERIFY_WITH_TIMEOUT(!generated.isEmpty(), 60000);
    for (QWidget* tab : {static_cast<QWidget*>(editors->fabric()), static_cast<QWidget*>(editors->hall()),
                         static_cast<QWidget*>(editors->racks()), static_cast<QWidget*>(w.results()->dashboard())}) {
      w.tabs()->setCurrentWidget(tab);
      QTest::qWait(400);  // the editors rebuild on a short timer when shown
      const QString name = tab->objectName().isEmpty() ? QStringLiteral("tab") : tab->objectName();
      const QString png = dir_.filePath(name + QStringLiteral(".png"));
      const QString svg = dir_.filePath(name + QStringLiteral(".svg"));
      QString error;
      QVERIFY2(w.results()->exportViewImage(png, nullptr, &error), qPrintable(error));
      QVERIFY2(w.results()->exportViewImage(svg, nullptr, &error), qPrintable(error));
      const QImage image(png);
      QVERIFY2(!image.isNull(), qPrintable(name));
      QGraphicsScene* scene = tab == editors->fabric() ? editors->fabric()->scene()
                              : tab == editors->hall() ? editors->hall()->scene()
                              : tab == editors->racks() ? static_cast<QGraphicsScene*>(editors->racks()->scene())
                                                        : nullptr;
      if (scene == editors->fabric()->scene()) {
        QCOMPARE(image.size(), QSize(2400, 1000));  // stretched like the canvas
      } else if (scene) {
        QVERIFY2(!scene->items().isEmpty(), qPrintable(name));
        QCOMPARE(image.size(), ImageExport::sceneImage(scene, QSize(2400, 1600)).size());
        QVERIFY(image.width() == 2400 || image.height() == 1600);
      } else {
        QCOMPARE(image.size(), w.results()->dashboard()->contentWidget()->size() * 2);
      }
      QVERIFY2(validSvg(svg, &why), qPrintable(name + QStringLiteral(": ") + why));
    }
    QString error;
    QVERIFY(!w.results()->exportViewImage(dir_.filePath(QStringLiteral("x.bmpx")), nullptr, &error));
    QVERIFY(error.contains(QLatin1String(".png")));
    // The views offer the export in their context menus.
    QVERIFY(editors->fabric()->view()->findChild<QAction*>(QStringLiteral("actionExportImage")));
    QVERIFY(editors->hall()->findChild<QAction*>(QStringLiteral("actionExportImage")));
  }

  void presentationLeavesDocumentAlone() {
    MainWindow w;
    QVERIFY(w.openFile(kExample));
    const nlohmann::json before = projectToJson(w.document()->project());
    const int undo = w.document()->undoStack()->count();
    QAction* present = w.results()->presentAction();
    QCOMPARE(present->shortcut(), QKeySequence(Qt::Key_F5));
    QVERIFY(present->shortcut() != w.results()->simulateAction()->shortcut());
    present->trigger();
    PresentationWindow* p = w.results()->presentation();
    QVERIFY(p);
    QVERIFY(p->isVisible());
    QCOMPARE(p->currentLesson(), -1);
    for (int i = 0; i < 30 && p->isVisible(); ++i) QTest::keyClick(p, Qt::Key_Right);
    QVERIFY(p->simulator(0)->result(0)->ok());
    QTest::keyClick(p, Qt::Key_Escape);
    QVERIFY(QTest::qWaitFor([&] { return !w.results()->presentation(); }, 2000));  // deleted on close
    QVERIFY(projectToJson(w.document()->project()) == before);
    QCOMPARE(w.document()->undoStack()->count(), undo);
    QVERIFY(!w.document()->isModified());
  }

  // File > Open Lesson…: in the File menu (translated), opens a lesson file
  // in the presentation at its first step, the example found beside the file
  // or among the built-in ones; a bad file is refused naming the field and
  // leaves no presentation open.
  void openLessonFromTheFileMenu() {
    LanguageManager lang;
    QVERIFY(lang.setLanguage(QStringLiteral("en"), false));
    MainWindow w(&lang);
    QAction* open = w.results()->openLessonAction();
    QVERIFY(open);
    QCOMPARE(open->objectName(), QStringLiteral("actionOpenLesson"));
    QMenu* file = w.menuBar()->actions().first()->menu();
    QVERIFY(file && file->actions().contains(open));
    QCOMPARE(open->text(), QStringLiteral("Open &Lesson…"));

    nlohmann::json lesson = {{"format", "clusterforge.lesson/1"},
                             {"id", "teacher-file-menu"},
                             {"title", {{"en", "Failures, my way"}, {"zh_CN", "我的故障课"}}},
                             {"example", "megatron-gpt-145b.cf.json"},
                             {"metric", "reliability.cluster_mtbf_h"},
                             {"expect", "decreasing"},
                             {"trials", 30},
                             {"steps",
                              {{{"label", "96"},
                                {"title", {{"en", "96 nodes"}, {"zh_CN", "96 个节点"}}},
                                {"text", "MTBF {reliability.cluster_mtbf_h} h."},
                                {"edits", {{"cluster.nodes", 96}, {"job.parallelism.dp", 12}}}},
                               {{"label", "192"},
                                {"title", "192 nodes"},
                                {"text", "Was {reliability.cluster_mtbf_h@1} h."},
                                {"edits", {{"cluster.nodes", 192}, {"job.parallelism.dp", 24}}}}}}};
    const QString good = dir_.filePath(QStringLiteral("teacher.json"));
    {
      QFile f(good);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(QByteArray::fromStdString(lesson.dump()));
    }
    QString error;
    PresentationWindow* p = w.results()->openLessonFile(good, &error, false);
    QVERIFY2(p, qPrintable(error));
    QCOMPARE(p, w.results()->presentation());
    QVERIFY(p->isVisible());
    QCOMPARE(p->currentLesson(), p->lessonCount() - 1);
    QCOMPARE(p->currentStep(), 0);
    QCOMPARE(p->stepTitle(), QStringLiteral("96 nodes"));
    QTRY_VERIFY_WITH_TIMEOUT(!p->computing(), 30000);  // the figures come from a worker (issue 30)
    QVERIFY2(p->narration().startsWith(QLatin1String("MTBF ")) && !p->narration().contains('{'), qPrintable(p->narration()));

    // 简体中文: the menu entry and the lesson's text.
    QVERIFY(lang.setLanguage(QStringLiteral("zh_CN"), false));
    QCoreApplication::processEvents();
    QCOMPARE(open->text(), QStringLiteral("打开课程(&L)…"));
    QCOMPARE(p->stepTitle(), QStringLiteral("96 个节点"));
    p->close();
    QVERIFY(QTest::qWaitFor([&] { return !w.results()->presentation(); }, 2000));

    lesson["steps"][1]["edits"] = 3;
    const QString bad = dir_.filePath(QStringLiteral("bad-lesson.json"));
    {
      QFile f(bad);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(QByteArray::fromStdString(lesson.dump()));
    }
    QVERIFY(!w.results()->openLessonFile(bad, &error, false));
    QVERIFY2(error.contains(QLatin1String("steps[1].edits")), qPrintable(error));
    QVERIFY(!w.results()->presentation());
  }
};

QTEST_MAIN(TestResultsViews)
#include "tst_results_views.moc"
