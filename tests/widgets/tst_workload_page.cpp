// The Workload tab (issue 20), offscreen: the classes of the shared-cluster
// example fill the table; the scheduler runs off the GUI thread and the page
// shows the engine's own figures (the same run as core's simulateSchedule
// for the same options); each cell edit is one undo command and bad text is
// refused; the link-contention choice is one undoable edit of the workload's
// "contention"; adding a class to a scenario without a workload creates one; a
// trace imports and joins the workload, a bad one is refused by name.
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

#include "../core/TestData.h"
#include "charts/ChartView.h"
#include "Document.h"
#include "workload/ScheduleFigures.h"
#include "ScheduleRunner.h"
#include "workload/WorkloadPage.h"
#include "design/ScenarioJson.h"
#include "sched/ClusterModel.h"
#include "sched/Jobs.h"
#include "sched/Study.h"
#include "store/ProjectFile.h"

using namespace cf;
using nlohmann::json;

namespace {

const std::string kExample = std::string(CF_SOURCE_DIR) + "/resources/examples/shared-cluster-workload.json";

bool runAndWait(WorkloadPage& page) {
  QSignalSpy done(page.runner(), &ScheduleRunner::finished);
  page.runNow();
  if (!page.runner()->isRunning()) return done.count() > 0;
  return done.wait(120000);
}

}  // namespace

class TestWorkloadPage : public QObject {
  Q_OBJECT

 private slots:
  void showsTheEnginesRun() {
    Document doc;
    doc.reset(readAnyProject(kExample));
    WorkloadPage page(&doc);
    page.resize(1200, 900);
    page.setScenario(0);
    const json& w = doc.scenario(0).workload;
    QCOMPARE(page.classes()->rowCount(), static_cast<int>(w["classes"].size()));
    QCOMPARE(page.classes()->item(0, WorkloadPage::NameColumn)->text(),
             QString::fromStdString(w["classes"][0]["name"].get<std::string>()));
    QVERIFY(!page.workloadError()->isVisible());

    page.policyCombo()->setCurrentIndex(page.policyCombo()->findData(QStringLiteral("easy")));
    QVERIFY(runAndWait(page));
    const ScheduleRunPtr run = page.runner()->result(page.request());
    QVERIFY2(run && run->ok(), qPrintable(run ? run->error : QString()));
    QCOMPARE(run->result->policy, std::string("easy"));

    // The same run straight from the engine: the page passes its options through unchanged.
    const sched::ClusterModel m = sched::clusterModel(doc.project(), 0);
    const sched::Workload wl = sched::workloadFromJson(w, "workload");
    sched::ScheduleOptions o = page.request().options;
    const sched::ScheduleResult direct = sched::simulateSchedule(m, sched::generateJobs(wl, m, o.seed), o);
    QCOMPARE(run->result->utilization, direct.utilization);
    QCOMPARE(run->result->completed, direct.completed);
    QCOMPARE(run->result->wait_h.p95, direct.wait_h.p95);

    QVERIFY(page.summary()->text().contains(QLocale().toString(100 * direct.utilization, 'f', 1)));
    QCOMPARE(page.policies()->rowCount(), 4);  // fifo, easy, priority, fairshare
    QCOMPARE(page.teams()->rowCount(), static_cast<int>(direct.teams.size()));
    QVERIFY(page.utilisationChart()->showsChart());
    QVERIFY(page.timelineChart()->showsChart());
    QCOMPARE(page.idleChart()->categories().size(), 5);  // every idle cause, even at zero
  }

  // Issue 33: a run where no job finished says "n/a", never a wait of 0.00;
  // an offered load above 1 is a warning; the cost line is the cost period's
  // jobs + idle = cluster, as the CLI prints it.
  void summaryTellsEmptySetsAndOverload() {
    sched::ScheduleResult r;
    r.policy = "fifo";
    r.placement = "packed";
    r.gpus = 64;
    r.horizon_s = 48 * 3600.0;
    r.cost_period_s = 60 * 3600.0;
    r.submitted = 5;
    r.unfinished = 5;
    r.unfinished_at_horizon = 5;
    r.queued_at_horizon = 4;
    r.offered_load = 1.7;
    r.jobs_cost_usd = 1000;
    r.idle_cost_usd = 500;
    r.cluster_cost_usd = 1500;
    r.usd_per_gpu_hour = 2;
    const QString empty = ScheduleFigures::summaryHtml(r);
    QVERIFY2(!empty.contains(QLatin1String("p95 0.00")), qPrintable(empty));
    QVERIFY(empty.contains(QStringLiteral("Queue wait p50 n/a h, p95 n/a h")));
    QVERIFY(empty.contains(QLatin1String("Goodput n/a (no job finished)")));
    QVERIFY(empty.contains(QLatin1String("cannot keep up")));
    QVERIFY(empty.contains(QLatin1String("5 jobs unfinished, 4 of them queued")));
    QVERIFY2(empty.contains(QStringLiteral("Cost over 60.0 h (the horizon extended to the drain) at %1 per GPU-hour: jobs %2 + idle %3 = cluster %4")
                                .arg(ScheduleFigures::money(2), ScheduleFigures::money(1000), ScheduleFigures::money(500),
                                     ScheduleFigures::money(1500))),
             qPrintable(empty));

    r.completed = 5;
    r.unfinished = 0;
    r.offered_load = 0.6;
    r.cost_period_s = r.horizon_s;
    r.wait_h = sched::quantiles({0.5, 1.0, 2.0});
    r.wait_total_h = r.wait_h;
    r.jct_h = sched::quantiles({3.0, 4.0, 5.0});
    r.goodput = sched::quantiles({0.9, 0.95, 1.0});
    const QString done = ScheduleFigures::summaryHtml(r);
    QVERIFY2(!done.contains(QLatin1String("n/a")), qPrintable(done));
    QVERIFY(!done.contains(QLatin1String("cannot keep up")));
    QVERIFY(done.contains(QStringLiteral("p95 %1 h").arg(ScheduleFigures::number(r.wait_h.p95, 2))));
    QVERIFY(done.contains(QLatin1String("Cost over 48.0 h at")));
  }

  // "Smallest cluster": the target field and the button run core's size search off the GUI thread;
  // the answer is core's own (sched::smallestClusterOf for the page's options), with its p95 wait.
  void smallestClusterAnswersWithItsWait() {
    Document doc;
    doc.reset(readAnyProject(kExample));
    WorkloadPage page(&doc);
    page.resize(1200, 900);
    page.setScenario(0);
    page.policyCombo()->setCurrentIndex(page.policyCombo()->findData(QStringLiteral("easy")));
    QVERIFY(runAndWait(page));
    QVERIFY(page.smallestAnswer()->text().isEmpty());  // not asked yet: no search
    QVERIFY(!page.runner()->result(page.request())->sizes);

    page.targetWait()->setValue(10);
    QSignalSpy done(page.runner(), &ScheduleRunner::finished);
    QTest::mouseClick(page.smallestButton(), Qt::LeftButton);
    QVERIFY(page.runner()->isRunning() || done.count() > 0);  // off the GUI thread
    QVERIFY(done.count() > 0 || done.wait(120000));
    const ScheduleRunPtr run = page.runner()->result(page.request());
    QVERIFY2(run && run->ok() && run->sizes, qPrintable(run ? run->error : QString()));
    QCOMPARE(page.request().targetP95WaitH, 10.0);

    const sched::Workload wl = sched::workloadFromJson(doc.scenario(0).workload, "workload");
    const sched::SizeSearch direct = sched::smallestClusterOf(doc.project(), 0, wl, page.request().options, 10.0);
    QCOMPARE(run->sizes->nodes, direct.nodes);
    QVERIFY(direct.nodes > 0 && direct.nodes < 64);  // EASY meets 10 h with fewer than the example's 64 nodes
    const sched::SizePoint* at = sched::pointAt(direct, direct.nodes);
    QVERIFY(at && at->wait_p95_h <= 10.0);
    const QString answer = page.smallestAnswer()->text();
    QVERIFY2(answer.contains(QStringLiteral("%1 nodes (%2 GPUs)").arg(direct.nodes).arg(8 * direct.nodes)),
             qPrintable(answer));
    QVERIFY2(answer.contains(QLocale().toString(at->wait_p95_h, 'f', 2)), qPrintable(answer));

    // A target even the scenario's size misses says so, with the wait it gets.
    page.targetWait()->setValue(0.5);
    QVERIFY(runAndWait(page));
    QVERIFY2(page.smallestAnswer()->text().startsWith(QStringLiteral("Even the scenario's 64 nodes miss")),
             qPrintable(page.smallestAnswer()->text()));
  }

  void cellEditsAreUndoable() {
    Document doc;
    doc.reset(readAnyProject(kExample));
    WorkloadPage page(&doc);
    page.setScenario(0);
    const long long before = doc.scenario(0).workload["classes"][0]["gpus"].get<long long>();
    const int commands = doc.undoStack()->count();
    page.classes()->item(0, WorkloadPage::GpusColumn)->setText(QString::number(before * 2));
    QCOMPARE(doc.undoStack()->count(), commands + 1);
    QCOMPARE(doc.scenario(0).workload["classes"][0]["gpus"].get<long long>(), before * 2);
    QCOMPARE(page.classes()->item(0, WorkloadPage::GpusColumn)->text(), QString::number(before * 2));
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario(0).workload["classes"][0]["gpus"].get<long long>(), before);
    QCOMPARE(page.classes()->item(0, WorkloadPage::GpusColumn)->text(), QString::number(before));

    // Text that is no number: no command, the cell shows the document's value again.
    page.classes()->item(0, WorkloadPage::GpusColumn)->setText(QStringLiteral("many"));
    QCOMPARE(doc.undoStack()->count(), commands + 1);  // the undone command is still on the stack
    QCOMPARE(doc.undoStack()->index(), commands);
    QCOMPARE(page.classes()->item(0, WorkloadPage::GpusColumn)->text(), QString::number(before));

    // A value the workload refuses (a negative size) is shown as the workload's error, naming the key.
    page.classes()->item(0, WorkloadPage::GpusColumn)->setText(QStringLiteral("-4"));
    QVERIFY(page.workloadError()->isVisibleTo(&page));
    QVERIFY2(page.workloadError()->text().contains(QStringLiteral("classes[0].gpus")),
             qPrintable(page.workloadError()->text()));
  }

  void contentionIsOneUndoableEdit() {
    Document doc;
    doc.reset(readAnyProject(kExample));
    WorkloadPage page(&doc);
    page.setScenario(0);
    QCOMPARE(page.contentionCombo()->currentData().toString(), QStringLiteral("none"));
    const int commands = doc.undoStack()->count();
    page.contentionCombo()->setCurrentIndex(page.contentionCombo()->findData(QStringLiteral("leaf-uplinks")));
    QCOMPARE(doc.undoStack()->count(), commands + 1);
    QCOMPARE(doc.scenario(0).workload["contention"].get<std::string>(), std::string("leaf-uplinks"));
    QCOMPARE(sched::workloadFromJson(doc.scenario(0).workload).contention, sched::Contention::LeafUplinks);
    doc.undoStack()->undo();
    QVERIFY(!doc.scenario(0).workload.contains("contention"));
    QCOMPARE(page.contentionCombo()->currentData().toString(), QStringLiteral("none"));
    QCOMPARE(doc.undoStack()->count(), commands + 1);  // undoing did not add a command of its own
  }

  void addAndRemoveClasses() {
    Document doc;
    doc.reset(projectFromJson(cftest::smallScenario()));
    WorkloadPage page(&doc);
    page.setScenario(0);
    QVERIFY(doc.scenario(0).workload.is_null());
    QCOMPARE(page.classes()->rowCount(), 0);
    page.addClass();
    QCOMPARE(page.classes()->rowCount(), 1);
    QVERIFY(sched::workloadFromJson(doc.scenario(0).workload, "workload").classes.size() == 1);
    page.addClass();
    QCOMPARE(page.classes()->rowCount(), 2);
    page.removeClass(0);
    QCOMPARE(page.classes()->rowCount(), 1);
    QCOMPARE(page.classes()->item(0, WorkloadPage::NameColumn)->text(), QStringLiteral("class-2"));
    QVERIFY(runAndWait(page));
    const ScheduleRunPtr run = page.runner()->result(page.request());
    QVERIFY2(run && run->ok(), qPrintable(run ? run->error : QString()));
    QVERIFY(run->result->submitted > 0);
  }

  void tracesImportOrAreRefused() {
    Document doc;
    doc.reset(projectFromJson(cftest::smallScenario()));
    WorkloadPage page(&doc);
    page.setScenario(0);
    const QString data = QStringLiteral(CF_SOURCE_DIR "/tests/core/sched/data/");
    // Read off the GUI thread (issue 30): traceImported follows.
    QSignalSpy imported(&page, &WorkloadPage::traceImported);
    QVERIFY(page.importTrace(QStringLiteral("alibaba2020"), data + QStringLiteral("pai_job_table.csv")));
    QVERIFY(!page.importTrace(QStringLiteral("alibaba2020"), data + QStringLiteral("pai_job_table.csv")));  // one at a time
    QTRY_VERIFY_WITH_TIMEOUT(imported.count() == 1, 60000);
    QVERIFY2(imported.first().at(0).toBool(), qPrintable(imported.first().at(1).toString()));
    QVERIFY(page.runner()->traceJobs() > 0);
    QVERIFY(page.runner()->workload(0).has_value());  // the trace alone is a workload
    page.clearTrace();
    QCOMPARE(page.runner()->traceJobs(), 0LL);
    QVERIFY(page.importTrace(QStringLiteral("philly"), data + QStringLiteral("pai_job_table.csv")));
    QTRY_VERIFY_WITH_TIMEOUT(imported.count() == 2, 60000);
    QVERIFY(!imported.at(1).at(0).toBool());
    const QString error = imported.at(1).at(1).toString();
    QVERIFY2(error.contains(QStringLiteral("pai_job_table.csv")), qPrintable(error));
    QCOMPARE(page.runner()->traceJobs(), 0LL);  // nothing half-loaded
  }
};

QTEST_MAIN(TestWorkloadPage)
#include "tst_workload_page.moc"
