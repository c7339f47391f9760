// clusterforge-cli schedule (issue 20): the example's workload prints its
// summary and tables; --json carries ordered quantiles, idle causes and the
// same figures for the same seed; --compare-policies and --csv; a trace
// replayed on its own machines; the smallest cluster for a p95 wait; leaf-
// uplink contention reported when the workload asks for it; bad workloads
// and malformed trace rows exit 2 naming the field.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include "CliRun.h"

using cftest::run;
using cftest::Run;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/shared-cluster-workload.json");
const QString kData = QStringLiteral(CF_SOURCE_DIR "/tests/core/sched/data/");
const QString kSchedule = QStringLiteral("schedule");

QJsonObject parse(const Run& r) { return QJsonDocument::fromJson(r.out.toUtf8()).object(); }
}  // namespace

class TestScheduleCli : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  QString write(const QString& name, const QByteArray& text) { return cftest::writeFile(dir_, name, text); }
  // The example with its workload changed by `edit` (a JSON text replacement).
  QString exampleWith(const QString& from, const QString& to) {
    QFile f(kExample);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QString text = QString::fromUtf8(f.readAll());
    if (!text.contains(from)) return {};
    text.replace(from, to);
    return write(QStringLiteral("edited.json"), text.toUtf8());
  }

 private slots:
  void examplePrintsTheSummary() {
    Run r = run({kSchedule, kExample, QStringLiteral("--policy"), QStringLiteral("easy")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    for (const char* want :
         {"cluster: 64 nodes x 8 GPUs = 512 GPUs", "policy easy, placement pack", "GPU utilisation over the horizon",
          "idle GPU-hours over the horizon:", "fragmentation", "queue wait, first (h)",
          "queue wait, total incl. requeues (h)", "goodput:", "energy over ", "/GPU-hour", "debug", "finetune",
          "train-64", "llama-8b", "research", "product", "foundation"})
      QVERIFY2(r.out.contains(QString::fromUtf8(want)), qPrintable(QString::fromUtf8(want) + "\n" + r.out));
  }

  void jsonIsOrderedAndSeeded() {
    const QStringList args = {kSchedule, kExample, QStringLiteral("--json"), QStringLiteral("--seed"), QStringLiteral("5")};
    Run a = run(args), b = run(args);
    QVERIFY2(a.code == 0, qPrintable(a.err));
    QCOMPARE(a.out, b.out);
    const QJsonObject o = parse(a);
    const double util = o[QLatin1String("utilization")].toObject()[QLatin1String("busy")].toDouble();
    QVERIFY(util > 0.2 && util < 1.0);
    for (const char* dist : {"wait_h", "jct_h"}) {
      const QJsonObject all = o[QLatin1String(dist)].toObject()[QLatin1String("all")].toObject();
      QVERIFY(all[QLatin1String("n")].toInt() > 1000);
      QVERIFY(all[QLatin1String("p5")].toDouble() <= all[QLatin1String("p50")].toDouble());
      QVERIFY(all[QLatin1String("p50")].toDouble() <= all[QLatin1String("p95")].toDouble());
      QCOMPARE(o[QLatin1String(dist)].toObject()[QLatin1String("by_class")].toObject().size(), 4);
      QCOMPARE(o[QLatin1String(dist)].toObject()[QLatin1String("by_team")].toObject().size(), 3);
    }
    const QJsonObject idle = o[QLatin1String("idle_gpu_h")].toObject();
    for (const char* cause : {"queue_empty", "blocked", "fragmentation", "failed", "repair"})
      QVERIFY2(idle.contains(QLatin1String(cause)), cause);
    QVERIFY(o[QLatin1String("jobs")].toObject()[QLatin1String("failures")].toInt() > 0);
    QVERIFY(o[QLatin1String("energy")].toObject()[QLatin1String("facility_MWh")].toDouble() > 0);
    QCOMPARE(o[QLatin1String("cost")].toObject()[QLatin1String("by_team_usd")].toObject().size(), 3);
    Run c = run({kSchedule, kExample, QStringLiteral("--json"), QStringLiteral("--seed"), QStringLiteral("6")});
    QVERIFY(c.out != a.out);
  }

  // Issue 33: --replications accepted up to 100,000 (> 60 s and 8.3 GB, every job set drawn before
  // the first run); its limit is now the sweeps' 1,000.
  void replicationsAreCapped() {
    Run r = run({kSchedule, kExample, QStringLiteral("--replications"), QStringLiteral("100000")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--replications")) && r.err.contains(QStringLiteral("1000")), qPrintable(r.err));
  }

  void comparesPolicies() {
    Run r = run({kSchedule, kExample, QStringLiteral("--compare-policies"), QStringLiteral("--csv")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QStringList lines = r.out.trimmed().split('\n');
    QCOMPARE(lines.size(), 5);
    QVERIFY(lines[0].startsWith(QStringLiteral("policy,utilization,wait_p50_h,wait_p95_h")));
    QVERIFY(lines[1].startsWith(QStringLiteral("fifo,")) && lines[4].startsWith(QStringLiteral("fairshare,")));
  }

  void jobsCsv() {
    Run r = run({kSchedule, kExample, QStringLiteral("--csv"), QStringLiteral("--no-failures")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QStringList lines = r.out.trimmed().split('\n');
    QVERIFY(lines.size() > 1000);
    QVERIFY(lines[0].startsWith(QStringLiteral("job,id,class,team,gpus,arrival_h,start_h,end_h,wait_h,jct_h")));
  }

  void replaysATrace() {
    // The Philly excerpt runs on 4 machines of 8 GPUs: a 4-node cluster holds it.
    const QString scenario = exampleWith(QStringLiteral("\"nodes\": 64"), QStringLiteral("\"nodes\": 4"));
    QVERIFY(!scenario.isEmpty());
    Run r = run({kSchedule, scenario, QStringLiteral("--workload"), write(QStringLiteral("empty.json"), "{}"),
                 QStringLiteral("--trace"), QStringLiteral("philly"), kData + QStringLiteral("cluster_job_log.json"),
                 QStringLiteral("--policy"), QStringLiteral("replay"), QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject jobs = parse(r)[QLatin1String("jobs")].toObject();
    QCOMPARE(jobs[QLatin1String("completed")].toInt(), 4);
    QCOMPARE(jobs[QLatin1String("interruptions")].toInt(), 0);
    Run a = run({kSchedule, scenario, QStringLiteral("--workload"), dir_.filePath(QStringLiteral("empty.json")),
                 QStringLiteral("--trace"), QStringLiteral("alibaba2020"), kData,
                 QStringLiteral("--policy"), QStringLiteral("fifo"), QStringLiteral("--json")});
    QVERIFY2(a.code == 0, qPrintable(a.err));
  }

  void smallestCluster() {
    Run r = run({kSchedule, kExample, QStringLiteral("--target-p95-wait-h"), QStringLiteral("4"),
                 QStringLiteral("--policy"), QStringLiteral("easy"), QStringLiteral("--no-failures"),
                 QStringLiteral("--json")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonObject o = parse(r);
    const QJsonArray tried = o[QLatin1String("tried")].toArray();
    QVERIFY(tried.size() >= 2);
    const int smallest = o[QLatin1String("smallest_nodes")].toInt();
    QVERIFY(smallest >= 32 && smallest <= 64);  // the 256-GPU job needs 32 nodes
    for (const QJsonValue& v : tried) {
      const QJsonObject p = v.toObject();
      const bool meets = p[QLatin1String("wait_p95_h")].toDouble() <= 4 && p[QLatin1String("unfinished")].toInt() == 0;
      if (p[QLatin1String("nodes")].toInt() == smallest) QVERIFY(meets);
      if (p[QLatin1String("nodes")].toInt() < smallest) QVERIFY(!meets);
    }
  }

  // Leaf-uplink contention (docs/workload-format.md): reported when on; the spread Llama jobs of the example are
  // re-rated as they come and go, and on leaves they share with no other crossing job run faster than the
  // default rule's full 2:1 (which "none" charges whatever else runs).
  void contentionIsReported() {
    const QStringList spread = {QStringLiteral("--json"), QStringLiteral("--placement"), QStringLiteral("spread")};
    Run none = run(QStringList{kSchedule, kExample} + spread);
    QVERIFY2(none.code == 0, qPrintable(none.err));
    QVERIFY(!parse(none).contains(QLatin1String("contention")));
    const QString file = exampleWith(QStringLiteral("\"horizon_h\": 720,"),
                                     QStringLiteral("\"horizon_h\": 720, \"contention\": \"leaf-uplinks\","));
    QVERIFY(!file.isEmpty());
    Run on = run(QStringList{kSchedule, file} + spread);
    QVERIFY2(on.code == 0, qPrintable(on.err));
    const QJsonObject c = parse(on)[QLatin1String("contention")].toObject();
    QCOMPARE(c[QLatin1String("mode")].toString(), QStringLiteral("leaf-uplinks"));
    QVERIFY(c[QLatin1String("rerates")].toInt() > 0);
    auto llamaP50 = [&](const Run& r) {
      return parse(r)[QLatin1String("jct_h")].toObject()[QLatin1String("by_class")].toObject()[QLatin1String(
          "llama-8b")].toObject()[QLatin1String("p50")].toDouble();
    };
    QVERIFY2(llamaP50(on) < llamaP50(none), qPrintable(QString::number(llamaP50(on)) + " vs " +
                                                       QString::number(llamaP50(none))));
    Run text = run({kSchedule, file, QStringLiteral("--placement"), QStringLiteral("spread")});
    QVERIFY2(text.out.contains(QStringLiteral("link contention: leaf-uplinks (")), qPrintable(text.out));
  }

  void badInputsExit2NamingTheField_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("named");
    QTest::newRow("negative gpus") << "\"gpus\": 64," << "\"gpus\": -64," << "workload.classes[2].gpus";
    QTest::newRow("unknown team") << "\"team\": \"research\", \"gpus\": 1" << "\"team\": \"speech\", \"gpus\": 1"
                                  << "workload.classes[0].team: unknown team \"speech\"";
    QTest::newRow("job larger than the cluster") << "\"gpus\": 64," << "\"gpus\": 1024,"
                                                 << "workload.classes[2].gpus: 1024 GPUs is more than the cluster's 512";
    QTest::newRow("negative duration") << "\"duration_h\": 0.5" << "\"duration_h\": -0.5"
                                       << "workload.classes[0].duration_h";
    QTest::newRow("unknown contention") << "\"horizon_h\": 720," << "\"horizon_h\": 720, \"contention\": \"spines\","
                                        << "workload.contention: \"spines\" is not one of: none, leaf-uplinks";
  }
  void badInputsExit2NamingTheField() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, named);
    const QString file = exampleWith(from, to);
    QVERIFY(!file.isEmpty());
    Run r = run({kSchedule, file});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(named), qPrintable(r.err));
    // The scenario itself still simulates (the workload is only read by schedule) ...
    QCOMPARE(run({QStringLiteral("simulate"), file, QStringLiteral("--trials"), QStringLiteral("10")}).code, 0);
    // ... and validate flags the workload's own errors (the cluster's size is schedule's to check).
    if (!QString(QTest::currentDataTag()).contains(QStringLiteral("larger than the cluster"))) {
      Run v = run({QStringLiteral("validate"), file});
      QCOMPARE(v.code, 2);
      QVERIFY2(v.err.contains(QStringLiteral("error: ") + named.section(':', 0, 0)), qPrintable(v.err));
    }
  }

  // Issue 33, "figures an operator can't misread": reproducers under tests/data/bad/figures/ (they schedule, exit 0).
  void figuresAnOperatorCannotMisread() {
    const QString figures = QStringLiteral(CF_SOURCE_DIR "/tests/data/bad/figures/");
    auto get = [](const QJsonObject& o, const QString& path) {
      QJsonValue v = o;
      for (const QString& k : path.split('.')) v = v.toObject()[k];
      return v;
    };
    // Overload: offered load printed with a warning; work left at the horizon; costs add up over the period
    // extended to the drain.
    {
      const QString wl = figures + QStringLiteral("overload-rho-1.2.json");
      Run j = run({kSchedule, kExample, QStringLiteral("--workload"), wl, QStringLiteral("--json")});
      QVERIFY2(j.code == 0, qPrintable(j.err));
      const QJsonObject o = parse(j);
      const double rho = o[QLatin1String("offered_load")].toDouble();
      QVERIFY2(rho > 1.1 && rho < 1.3, qPrintable(QString::number(rho)));
      QVERIFY(get(o, QStringLiteral("jobs.unfinished_at_horizon")).toInt() > 0);
      QVERIFY(get(o, QStringLiteral("jobs.queued_at_horizon")).toInt() > 0);
      const double period = get(o, QStringLiteral("cost.period_h")).toDouble();
      QCOMPARE(period, o[QLatin1String("end_h")].toDouble());
      QVERIFY(period > 100);
      const double jobs = get(o, QStringLiteral("cost.jobs_usd")).toDouble(),
                   idle = get(o, QStringLiteral("cost.idle_usd")).toDouble(),
                   cluster = get(o, QStringLiteral("cost.cluster_usd")).toDouble(),
                   rate = get(o, QStringLiteral("cost.usd_per_gpu_hour")).toDouble();
      QVERIFY(qAbs(jobs + idle - cluster) < 1e-6 * cluster);
      QVERIFY(qAbs(cluster - 512 * period * rate) < 1e-6 * cluster);
      // Energy over the same period: at least every GPU at idle power for all of it (the energy stopped at
      // the horizon while the jobs' cost ran on to the drain).
      const double itMWh = get(o, QStringLiteral("energy.it_MWh")).toDouble(),
                   busyMWh = get(o, QStringLiteral("energy.busy_it_MWh")).toDouble(),
                   idleMWh = get(o, QStringLiteral("energy.idle_it_MWh")).toDouble();
      QVERIFY(qAbs(busyMWh + idleMWh - itMWh) < 1e-9 * itMWh);
      QVERIFY(qAbs(get(o, QStringLiteral("energy.facility_MWh")).toDouble() -
                   itMWh * get(o, QStringLiteral("energy.pue")).toDouble()) < 1e-9 * itMWh);
      // Busy energy per GPU-hour held (to the end of each run, as the jobs' cost counts them) is one GPU's
      // busy power, with or without a drain (it was ~17 % low here: busy energy stopped at the horizon).
      auto busyWattsPerGpu = [&](const QJsonObject& x) {
        const double held = get(x, QStringLiteral("cost.jobs_usd")).toDouble() /
                            get(x, QStringLiteral("cost.usd_per_gpu_hour")).toDouble();
        return get(x, QStringLiteral("energy.busy_it_MWh")).toDouble() * 1e6 / held;
      };
      const QString light = figures + QStringLiteral("light-load.json");
      Run l = run({kSchedule, kExample, QStringLiteral("--workload"), light, QStringLiteral("--json")});
      QVERIFY2(l.code == 0, qPrintable(l.err));
      const QJsonObject lo = parse(l);
      QVERIFY2(
          qAbs(busyWattsPerGpu(o) / busyWattsPerGpu(lo) - 1) < 1e-3,
          qPrintable(QString::number(busyWattsPerGpu(o)) + " W vs " + QString::number(busyWattsPerGpu(lo)) + " W"));
      QCOMPARE(o[QLatin1String("horizon_is")].toString(), QStringLiteral("workload horizon"));
      const double weighted = get(o, QStringLiteral("goodput.gpu_hour_weighted")).toDouble();
      QVERIFY(weighted > 0.99 && weighted <= 1.0);  // no failures: every held hour is useful
      QVERIFY(get(o, QStringLiteral("goodput.cluster")).toDouble() > 0.5);
      Run t = run({kSchedule, kExample, QStringLiteral("--workload"), wl});
      QVERIFY2(t.code == 0, qPrintable(t.err));
      for (const char* want : {"offered load: 1.1", "warning: offered load 1.1", "at the horizon: ",
                               "(the horizon extended to the drain)", "= cluster $", "job completion time (h):",
                               ", mean ", "of finished jobs' GPU-hours"})
        QVERIFY2(t.out.contains(QString::fromUtf8(want)), qPrintable(QString::fromUtf8(want) + "\n" + t.out));
    }
    // Nothing finishes: no quantile from an empty set.
    {
      const QString wl = figures + QStringLiteral("quota-below-job-size.json");
      Run j = run({kSchedule, kExample, QStringLiteral("--workload"), wl, QStringLiteral("--json")});
      QVERIFY2(j.code == 0, qPrintable(j.err));
      const QJsonObject o = parse(j);
      QCOMPARE(get(o, QStringLiteral("jobs.completed")).toInt(), 0);
      for (const char* k : {"wait_h.all.p95", "wait_h.all.mean", "jct_h.all.p50", "goodput.per_job.mean",
                            "wait_total_h.all.p95", "goodput.gpu_hour_weighted"})
        QVERIFY2(get(o, QString::fromUtf8(k)).isNull(), k);
      Run t = run({kSchedule, kExample, QStringLiteral("--workload"), wl});
      QVERIFY2(t.code == 0, qPrintable(t.err));
      QVERIFY2(t.out.contains(QStringLiteral("p95 n/a")) && !t.out.contains(QStringLiteral("p95 0.00")), qPrintable(t.out));
    }
    // Preempted jobs wait again: the total wait counts it.
    {
      const QString wl = figures + QStringLiteral("priority-preemption-waits.json");
      Run j = run({kSchedule, kExample, QStringLiteral("--workload"), wl, QStringLiteral("--json"),
                   QStringLiteral("--policy"), QStringLiteral("priority")});
      QVERIFY2(j.code == 0, qPrintable(j.err));
      const QJsonObject o = parse(j);
      QVERIFY(get(o, QStringLiteral("jobs.preemptions")).toInt() > 0);
      const double first = get(o, QStringLiteral("wait_h.all.mean")).toDouble(),
                   total = get(o, QStringLiteral("wait_total_h.all.mean")).toDouble();
      QVERIFY2(total > first + 0.01, qPrintable(QString::number(first) + " " + QString::number(total)));
    }
    // A trace alone: the horizon is labelled as the trace's span.
    {
      const QString scenario = QStringLiteral(CF_SOURCE_DIR "/resources/examples/llama3-405b-16k-h100.cf.json");
      Run r = run({kSchedule, scenario, QStringLiteral("--trace"), QStringLiteral("philly"), kData + QStringLiteral("cluster_job_log.json"),
                   QStringLiteral("--policy"), QStringLiteral("replay")});
      QVERIFY2(r.code == 0, qPrintable(r.err));
      QVERIFY2(r.out.contains(QStringLiteral("horizon (the trace's span)")), qPrintable(r.out));
    }
  }

  // Issue 33: a --workload file's errors name that file and the key inside it (they blamed the scenario file and
  // cited its own workload.classes[0]); a model class that cannot fit in memory is refused (it was shown computing).
  void workloadFileErrorsNameTheFile() {
    const QString wl = QStringLiteral(CF_SOURCE_DIR "/tests/data/bad/workload/model-class-1e19-parameters.json");
    Run r = run({kSchedule, kExample, QStringLiteral("--workload"), wl});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.startsWith(wl + QStringLiteral(": classes[0].model: does not fit in memory")), qPrintable(r.err));
    const QString big = write(QStringLiteral("big.json"),
                              "{\"classes\": [{\"name\": \"x\", \"gpus\": 4096, \"duration_h\": 1, "
                              "\"arrival\": {\"rate_per_h\": 1}}]}");
    Run b = run({kSchedule, kExample, QStringLiteral("--workload"), big});
    QCOMPARE(b.code, 2);
    QVERIFY2(b.err.startsWith(big + QStringLiteral(": classes[0].gpus: 4096 GPUs is more than the cluster's 512")),
             qPrintable(b.err));
  }

  // Issue 33: a job table with a byte-order mark keeps its first job (no header) and does not read its header as
  // data; skipped rows are printed to stderr with the reason.
  void alibabaByteOrderMarkAndSkippedRows() {
    const QString figures = QStringLiteral(CF_SOURCE_DIR "/tests/data/bad/figures/");
    const QString cluster = QStringLiteral(CF_SOURCE_DIR "/resources/examples/llama3-405b-16k-h100.cf.json");
    for (const char* folder : {"alibaba-bom-no-header", "alibaba-bom-header"}) {
      Run r = run({kSchedule, cluster, QStringLiteral("--trace"), QStringLiteral("alibaba2020"),
                   figures + QString::fromUtf8(folder), QStringLiteral("--json"), QStringLiteral("--no-failures")});
      QVERIFY2(r.code == 0, qPrintable(r.err));
      QCOMPARE(parse(r)[QLatin1String("jobs")].toObject()[QLatin1String("submitted")].toInt(), 3);
      if (QByteArray(folder) == "alibaba-bom-no-header")
        QVERIFY2(r.err.contains(QStringLiteral("trace: 1 skipped")) &&
                     r.err.contains(QStringLiteral("pai_task_table.csv:4 (job j9): task of a job not in the job table")),
                 qPrintable(r.err));
      else
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    }
  }

  // Issue 33: class and team names reach the terminal escaped (they printed raw escape sequences).
  void namesAreEscapedInText() {
    const QString wl = QStringLiteral(CF_SOURCE_DIR "/tests/data/bad/figures/escaped-names.json");
    Run r = run({kSchedule, kExample, QStringLiteral("--workload"), wl});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("\\u001b]0;owned\\u0007dbg")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("t\\u202eam")), qPrintable(r.out));
    for (QChar c : {QChar(0x1b), QChar(0x07), QChar(0x202e)}) QVERIFY(!r.out.contains(c));
    // The per-job CSV on stdout too (it printed the names raw).
    Run csv = run({kSchedule, kExample, QStringLiteral("--workload"), wl, QStringLiteral("--csv")});
    QVERIFY2(csv.code == 0, qPrintable(csv.err));
    QVERIFY2(csv.out.contains(QStringLiteral("\\u001b]0;owned\\u0007dbg")), qPrintable(csv.out.left(400)));
    for (QChar c : {QChar(0x1b), QChar(0x07), QChar(0x202e)}) QVERIFY(!csv.out.contains(c));
    // Replications in the text: the mean wait, first and total, with intervals (issue 33).
    Run reps = run(
        {kSchedule, kExample, QStringLiteral("--workload"), wl, QStringLiteral("--replications"), QStringLiteral("3")});
    QVERIFY2(reps.code == 0, qPrintable(reps.err));
    QVERIFY2(reps.out.contains(QStringLiteral("3 replications (95 % intervals)")) &&
                 reps.out.contains(QStringLiteral(", wait mean ")) &&
                 reps.out.contains(QStringLiteral("(total incl. requeues ")),
             qPrintable(reps.out.right(600)));
  }

  void malformedTraceExit2() {
    QFile f(kData + QStringLiteral("pai_task_table.csv"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QByteArray tasks = f.readAll();
    tasks.replace("1300.0,2500.0,600.0,29.296875,50.0", "1300.0,2500.0,600.0,29.296875,fifty");
    QDir d(dir_.path());
    d.mkdir(QStringLiteral("ali"));
    QFile::copy(kData + QStringLiteral("pai_job_table.csv"), dir_.filePath(QStringLiteral("ali/pai_job_table.csv")));
    write(QStringLiteral("ali/pai_task_table.csv"), tasks);
    Run r = run({kSchedule, kExample, QStringLiteral("--trace"), QStringLiteral("alibaba2020"),
                 dir_.filePath(QStringLiteral("ali"))});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("pai_task_table.csv:3: column plan_gpu: expected a number, got \"fifty\"")),
             qPrintable(r.err));
    Run bad = run({kSchedule, kExample, QStringLiteral("--policy"), QStringLiteral("lottery")});
    QCOMPARE(bad.code, 2);
  }
};

QTEST_GUILESS_MAIN(TestScheduleCli)
#include "tst_schedule_cli.moc"
