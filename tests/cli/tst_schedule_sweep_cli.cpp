// clusterforge-cli sweep over scheduling policy and cluster size (issue 20
// item 6): a spec with a "schedule" section runs the cluster scheduler per
// variant; the report is the same byte for byte from 1 and 2 threads and from
// mpirun -np 1 and -np 2; a variant's figures are those of `schedule` for the
// same options; the CSV carries the per-class and per-team waits; bad
// schedule keys and values are refused naming the key; a size the workload
// does not fit in is an invalid variant, not a failed sweep; with
// schedule.replications the intervals are `schedule --replications`'s, the
// same bytes from threads and ranks.
#include <QtTest>

class TestScheduleSweepCli : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString spec_;
  QJsonObject base_;

  struct Run {
    int code;
    QString out, err;
  };
  Run run(const QStringList& args, const QString& program = CF_CLI) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("OMPI_ALLOW_RUN_AS_ROOT", "1");  // CI containers run as root
    env.insert("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    env.insert("OMPI_MCA_rmaps_base_oversubscribe", "1");
    p.setProcessEnvironment(env);
    p.setProcessChannelMode(QProcess::SeparateChannels);
    p.start(program, args);
    if (!p.waitForFinished(120000)) return {-1, {}, "timeout"};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
  }
  QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
  }
  QString path(const QString& name) const { return dir_.filePath(name); }
  static QJsonObject axis(const char* key, const QJsonArray& values) { return {{"key", key}, {"values", values}}; }
  // The shipped workload example cut to one week, as an inline base.
  QString writeSpec(const QString& name, const QJsonArray& axes, const QJsonObject& extra = {}) {
    QJsonObject o{{"format", "clusterforge.sweep/1"}, {"name", "schedule sweep test"}, {"base", base_}, {"axes", axes}};
    o["schedule"] = QJsonObject{{"placement", "pack"}, {"seed", 7}};
    for (auto it = extra.begin(); it != extra.end(); ++it) {
      if (it.value().isNull()) o.remove(it.key());
      else o[it.key()] = it.value();
    }
    QFile out(path(name));
    out.open(QIODevice::WriteOnly);
    out.write(QJsonDocument(o).toJson());
    return out.fileName();
  }
  QJsonObject report(const QString& file) { return QJsonDocument::fromJson(contents(file)).object(); }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    QFile in(QString(CF_SOURCE_DIR) + "/resources/examples/shared-cluster-workload.json");
    QVERIFY(in.open(QIODevice::ReadOnly));
    base_ = QJsonDocument::fromJson(in.readAll()).object();
    QJsonObject w = base_["workload"].toObject();
    w["horizon_h"] = 168;
    base_["workload"] = w;
    QFile b(path("base.json"));
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write(QJsonDocument(base_).toJson());
    spec_ = writeSpec("sched-sweep.json", {axis("schedule.policy", {"fifo", "priority"}), axis("schedule.nodes", {48, 64})});
  }

  void threadsAndRanksGiveTheSameBytes() {
    Run one = run({"sweep", spec_, "--json", "-o", path("t1.json"), "--threads", "1"});
    QVERIFY2(one.code == 0, qPrintable(one.err));
    QVERIFY2(one.err.contains("[4/4]") && one.err.contains("wait p95"), qPrintable(one.err));
    Run two = run({"sweep", spec_, "--json", "-o", path("t2.json"), "--threads", "2"});
    QVERIFY2(two.code == 0, qPrintable(two.err));
    const QByteArray reference = contents(path("t1.json"));
    QVERIFY(reference.contains("\"wait_p95_h\""));
    QCOMPARE(contents(path("t2.json")), reference);

    if (!CF_HAVE_MPI) QSKIP("clusterforge-cli built without MPI");
    if (QString(CF_MPIEXEC).isEmpty() || !QFileInfo::exists(CF_MPIEXEC)) QSKIP("mpirun not found");
    for (const char* np : {"1", "2"}) {
      QString out = path(QString("mpi%1.json").arg(np));
      Run m = run({"-np", np, "--oversubscribe", CF_CLI, "sweep", spec_, "--json", "-o", out, "--mpi"}, CF_MPIEXEC);
      QVERIFY2(m.code == 0, qPrintable(m.err));
      QVERIFY2(m.err.contains(QString("%1 MPI rank").arg(np)), qPrintable(m.err));
      QCOMPARE(contents(out), reference);
    }
  }

  // Each variant is the scheduler's run for its policy and size: the figures of `schedule` with the same options.
  void variantsAreTheScheduleCommandsRuns() {
    const QJsonObject r = report(path("t1.json"));
    QVERIFY2(!r.isEmpty(), "threadsAndRanksGiveTheSameBytes wrote the report");
    QCOMPARE(r["schedule"].toObject()["seed"].toInt(), 7);
    QCOMPARE(r["counts"].toObject()["ok"].toInt(), 4);
    QVERIFY(r["counts"].toObject()["pareto"].toInt() >= 1);
    const QJsonArray variants = r["variants"].toArray();
    QCOMPARE(variants.size(), 4);
    for (const QJsonValue& v : variants) {
      const QJsonObject rec = v.toObject(), values = rec["values"].toObject(), m = rec["metrics"].toObject();
      QCOMPARE(m["cluster_nodes"].toInt(), values["schedule.nodes"].toInt());
      QCOMPARE(m["cluster_gpus"].toInt(), 8 * values["schedule.nodes"].toInt());
      QVERIFY(!rec.contains("parallelism"));
      for (const char* key : {"wait_p95_h.class.debug", "wait_p95_h.class.llama-8b", "wait_p95_h.team.product",
                              "goodput.team.research", "cost_usd.team.foundation"})
        QVERIFY2(m.contains(key), key);
      QVERIFY(qAbs(m["cost_usd"].toDouble() - m["jobs_cost_usd"].toDouble() - m["idle_cost_usd"].toDouble()) <= 0.005);

      // The same run from `schedule` (the base scenario at that size: --target search is not involved).
      if (values["schedule.nodes"].toInt() != 64) continue;  // the base's own size
      Run s = run({"schedule", path("base.json"), "--policy", values["schedule.policy"].toString(), "--seed", "7",
                   "--json"});
      QVERIFY2(s.code == 0, qPrintable(s.err));
      const QJsonObject one = QJsonDocument::fromJson(s.out.toUtf8()).object();
      QCOMPARE(m["utilization"].toDouble(), one["utilization"].toObject()["busy"].toDouble());
      QCOMPARE(m["wait_p95_h"].toDouble(), one["wait_h"].toObject()["all"].toObject()["p95"].toDouble());
      QCOMPARE(m["wait_p95_h.team.product"].toDouble(),
               one["wait_h"].toObject()["by_team"].toObject()["product"].toObject()["p95"].toDouble());
      QCOMPARE(m["goodput_mean"].toDouble(), one["goodput"].toObject()["per_job"].toObject()["mean"].toDouble());
      QCOMPARE(m["jobs_cost_usd"].toDouble(), one["cost"].toObject()["jobs_usd"].toDouble());
    }
  }

  // schedule.replications: each variant's intervals come from the replications
  // (TBB inside the variant threads or ranks), the same bytes on 1 and 2
  // threads and 2 ranks, and the same figures as `schedule --replications`.
  void replicationsThreadsAndRanksGiveTheSameBytes() {
    const QString spec = writeSpec("reps.json", {axis("schedule.policy", {"fifo", "priority"})},
                                   {{"schedule", QJsonObject{{"placement", "pack"}, {"seed", 7}, {"replications", 3}}}});
    Run one = run({"sweep", spec, "--json", "-o", path("r1.json"), "--threads", "1", "-q"});
    QVERIFY2(one.code == 0, qPrintable(one.err));
    Run two = run({"sweep", spec, "--json", "-o", path("r2.json"), "--threads", "2", "-q"});
    QVERIFY2(two.code == 0, qPrintable(two.err));
    const QByteArray reference = contents(path("r1.json"));
    QCOMPARE(contents(path("r2.json")), reference);

    const QJsonObject single = report(path("t1.json"));  // threadsAndRanksGiveTheSameBytes: no replications
    QVERIFY2(!single.isEmpty(), "threadsAndRanksGiveTheSameBytes wrote the report");
    const QJsonArray variants = report(path("r1.json"))["variants"].toArray();
    QCOMPARE(variants.size(), 2);
    for (const QJsonValue& v : variants) {
      const QJsonObject m = v.toObject()["metrics"].toObject();
      const QString policy = v.toObject()["values"].toObject()["schedule.policy"].toString();
      QCOMPARE(m["replications"].toInt(), 3);
      // The seed's own run is the variant's wait_p95_h, as without replications (64 nodes, the base's size).
      for (const QJsonValue& s : single["variants"].toArray())
        if (s.toObject()["values"].toObject()["schedule.policy"].toString() == policy &&
            s.toObject()["values"].toObject()["schedule.nodes"].toInt() == 64)
          QCOMPARE(m["wait_p95_h"].toDouble(), s.toObject()["metrics"].toObject()["wait_p95_h"].toDouble());
      Run s = run({"schedule", path("base.json"), "--policy", policy, "--seed", "7", "--replications", "3", "--json"});
      QVERIFY2(s.code == 0, qPrintable(s.err));
      const QJsonObject reps = QJsonDocument::fromJson(s.out.toUtf8()).object()["replications"].toObject();
      for (const char* figure : {"wait_p95_h", "utilization", "goodput_mean", "jobs_cost_usd"}) {
        QCOMPARE(m[QString(figure) + "_mean"].toDouble(), reps[figure].toObject()["mean"].toDouble());
        QCOMPARE(m[QString(figure) + "_ci95"].toDouble(), reps[figure].toObject()["ci95_half_width"].toDouble());
      }
    }

    if (!CF_HAVE_MPI) QSKIP("clusterforge-cli built without MPI");
    if (QString(CF_MPIEXEC).isEmpty() || !QFileInfo::exists(CF_MPIEXEC)) QSKIP("mpirun not found");
    Run m = run({"-np", "2", "--oversubscribe", CF_CLI, "sweep", spec, "--json", "-o", path("rmpi.json"), "--mpi", "-q"},
                CF_MPIEXEC);
    QVERIFY2(m.code == 0, qPrintable(m.err));
    QCOMPARE(contents(path("rmpi.json")), reference);
  }

  void csvHasTheScheduleColumns() {
    Run a = run({"sweep", spec_, "--csv", "-o", path("a.csv"), "--threads", "2", "-q"});
    QVERIFY2(a.code == 0, qPrintable(a.err));
    const QByteArray csv = contents(path("a.csv"));
    QVERIFY2(csv.startsWith("index,schedule.policy,schedule.nodes,status,pareto,wait_p95_h,cost_usd,cluster_nodes,"),
             csv.left(200).constData());
    const QByteArray header = csv.left(csv.indexOf('\n'));
    QVERIFY(header.contains(",wait_p95_h.class.finetune,") && header.contains(",wait_p95_h.team.research,"));
    QVERIFY(!header.contains(",tp,") && header.endsWith(",seed,error"));
    QCOMPARE(csv.count('\n'), 5);
  }

  void aSizeTooSmallIsAnInvalidVariant() {
    // 16 nodes = 128 GPUs: the 256-GPU llama-8b class does not fit; the other size still runs.
    QString spec = writeSpec("small.json", {axis("schedule.nodes", {16, 64})});
    Run r = run({"sweep", spec, "--json", "-o", path("small.out.json"), "-q"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QJsonArray v = report(path("small.out.json"))["variants"].toArray();
    QCOMPARE(v[0].toObject()["status"].toString(), QString("invalid"));
    QVERIFY2(v[0].toObject()["error"].toString().startsWith("workload.classes[3].gpus: 256 GPUs is more than"),
             qPrintable(v[0].toObject()["error"].toString()));
    QCOMPARE(v[1].toObject()["status"].toString(), QString("ok"));
  }

  void badScheduleInputIsNamed_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("message");
    QTest::newRow("policy") << writeSpec("b1.json", {axis("schedule.policy", {"fifo", "lifo"})})
                            << "axes[0].values[1]: schedule.policy: unknown policy \"lifo\"";
    QTest::newRow("key") << writeSpec("b2.json", {axis("schedule.polcy", {"fifo"})})
                         << "axes[0].key: \"schedule.polcy\" is not a key of the schedule section (policy, placement, seed, failures, nodes, replications)";
    QTest::newRow("nodes") << writeSpec("b3.json", {axis("schedule.policy", {"fifo"}), axis("schedule.nodes", {64, 0})})
                           << "axes[1].values[1]: schedule.nodes: ";
    QTest::newRow("placement") << writeSpec("b4.json", {axis("schedule.placement", {"scatter"})})
                               << "axes[0].values[0]: schedule.placement: unknown placement \"scatter\"";
    QTest::newRow("section") << writeSpec("b5.json", {axis("schedule.policy", {"fifo"})},
                                          {{"schedule", QJsonObject{{"seed", -1}}}})
                             << "schedule.seed: ";
    QTest::newRow("search") << writeSpec("b6.json", {axis("schedule.policy", {"fifo"})}, {{"search_parallelism", true}})
                            << "search_parallelism: a schedule sweep";
    QTest::newRow("workload") << writeSpec("b7.json", {axis("schedule.policy", {"fifo"}),
                                                       axis("workload.classes[0].gpus", {1, -4})})
                              << "axes[1].values[1]: workload.classes[0].gpus: ";
    QTest::newRow("replications") << writeSpec("b9.json", {axis("schedule.policy", {"fifo"})},
                                               {{"schedule", QJsonObject{{"replications", 0}}}})
                                  << "schedule.replications: ";
    QTest::newRow("replications axis") << writeSpec("b10.json", {axis("schedule.replications", {5, 2.5})})
                                       << "axes[0].values[1]: schedule.replications: ";
    QJsonObject noWorkload = base_;
    noWorkload.remove("workload");
    QTest::newRow("no workload") << writeSpec("b8.json", {axis("schedule.policy", {"fifo"})},
                                              {{"base", noWorkload}})
                                 << "schedule: the base scenario has no workload";
  }

  void badScheduleInputIsNamed() {
    QFETCH(QString, spec);
    QFETCH(QString, message);
    Run r = run({"sweep", spec, "-o", path("bad.out.json")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(path("bad.out.json")));
  }
};

QTEST_GUILESS_MAIN(TestScheduleSweepCli)
#include "tst_schedule_sweep_cli.moc"
