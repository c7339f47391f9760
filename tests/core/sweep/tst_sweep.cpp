// core/sweep: key paths, spec checks naming the offending axis value, row-major
// variants, Pareto front, per-variant seeds, the results file and thread-count
// independence of the records.
#include <QtTest>

#include <atomic>

#include "../TestData.h"
#include "SpecError.h"
#include "store/ProjectFile.h"
#include "sweep/JsonPath.h"
#include "sweep/ParetoFront.h"
#include "sweep/ResultStore.h"
#include "sweep/SweepReport.h"
#include "sweep/SweepResults.h"
#include "sweep/SweepRunner.h"
#include "sweep/SweepSpec.h"
#include "sweep/VariantEvaluator.h"
#include "sweep/VariantSeed.h"
#include "sim/Metrics.h"
#include "common/InputError.h"

using nlohmann::json;

namespace {

json spec(json axes, bool search = false) {
  json base = cftest::smallScenario();
  base["reliability"] = {{"trials", 50}, {"seed", 5}};
  return {{"format", "clusterforge.sweep/1"}, {"base", base}, {"axes", axes}, {"search_parallelism", search}};
}

QString errorOf(const json& j) { return cftest::specError(j); }

}  // namespace

class TestSweep : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

 private slots:
  void jsonPath() {
    json doc = {{"cluster", {{"storage", json::array({json::object()})}}}};
    cf::setJsonPath(doc, "cluster.scale_out.oversubscription", 2.0, "k");
    QCOMPARE(doc["cluster"]["scale_out"]["oversubscription"].get<double>(), 2.0);
    cf::setJsonPath(doc, "cluster.storage[0].read_GBps", 7, "k");
    QCOMPARE(doc["cluster"]["storage"][0]["read_GBps"].get<int>(), 7);
    QVERIFY_THROWS_EXCEPTION(cf::InputError, cf::setJsonPath(doc, "cluster.storage[3].x", 1, "k"));
    QVERIFY_THROWS_EXCEPTION(cf::InputError, cf::setJsonPath(doc, "cluster..x", 1, "k"));
    QVERIFY_THROWS_EXCEPTION(cf::InputError, cf::setJsonPath(doc, "cluster.scale_out.oversubscription.x", 1, "k"));
    QVERIFY(cf::jsonPathWithin("cluster.accelerator", "cluster"));
    QVERIFY(cf::jsonPathWithin("cluster.storage[0]", "cluster.storage"));
    QVERIFY(!cf::jsonPathWithin("cluster.nodesx", "cluster.nodes"));
  }

  void badSpec_data() {
    QTest::addColumn<QString>("axes");
    QTest::addColumn<bool>("search");
    QTest::addColumn<QString>("message");
    QTest::newRow("out of range") << R"([{"key": "cluster.nodes", "values": [4]},
        {"key": "cluster.scale_out.oversubscription", "values": [1, 2, 0.5]}])" << false
        << "axes[1].values[2]: cluster.scale_out.oversubscription: 0.5 is out of range";
    QTest::newRow("wrong type") << R"([{"key": "cluster.nodes", "values": [4, "many"]}])" << false
                                << "axes[0].values[1]: cluster.nodes: expected an integer";
    QTest::newRow("unknown part") << R"([{"key": "cluster.accelerator", "values": ["H100-SXM5-80GB", "Z9000"]}])" << false
                                  << "axes[0].values[1]: cluster.accelerator";
    QTest::newRow("unknown climate") << R"([{"key": "cluster.facility.climate", "values": ["mars"]}])" << false
                                     << "axes[0].values[0]: cluster.facility.climate: \"mars\" is not a known climate";
    QTest::newRow("unknown key") << R"([{"key": "cluster.scale_out.oversubscripton", "values": [2]}])" << false
                                 << "axes[0].key: \"cluster.scale_out.oversubscripton\" is not a key of the scenario format";
    QTest::newRow("searched key") << R"([{"key": "job.parallelism.tp", "values": [2]}])" << true
                                  << "axes[0].key: \"job.parallelism.tp\" is chosen by the parallelism search";
    QTest::newRow("overlap") << R"([{"key": "cluster.facility", "values": [{}]}, {"key": "cluster.facility.pue", "values": [1]}])"
                             << false << "axes[1].key: \"cluster.facility.pue\" overlaps axes[0].key";
    QTest::newRow("empty values") << R"([{"key": "cluster.nodes", "values": []}])" << false
                                  << "axes[0].values: must hold at least one value";
  }
  void badSpec() {
    QFETCH(QString, axes);
    QFETCH(bool, search);
    QFETCH(QString, message);
    QString err = errorOf(spec(json::parse(axes.toStdString()), search));
    QVERIFY2(err.startsWith(message), qPrintable(err));
  }

  void badSpecKeys() {
    json j = spec(json::array());
    j["objective"] = "memory";
    QVERIFY(errorOf(j).startsWith("objective:"));
    j = spec(json::array());
    j["axis"] = json::array();
    QVERIFY(errorOf(j).startsWith("axis: unknown key"));
    j = spec(json::array());
    j["base"] = "no-such-file.cf.json";
    QVERIFY(errorOf(j).startsWith("base: cannot read"));
  }

  void variantsRowMajor() {
    cf::SweepSpec s = cf::SweepSpec::fromJson(spec(R"([{"key": "cluster.nodes", "values": [4, 2]},
        {"key": "cluster.facility.cooling", "values": ["air", "direct-liquid", "immersion"]}])"_json), ".");
    QCOMPARE(s.variantCount(), std::size_t(6));
    QCOMPARE(s.coordinates(4), (std::vector<std::size_t>{1, 1}));
    json v = s.variantValues(5);
    QCOMPARE(v["cluster.nodes"].get<int>(), 2);
    QCOMPARE(v["cluster.facility.cooling"].get<std::string>(), std::string("immersion"));
    QCOMPARE(s.variantScenario(3).cluster.nodes, 2);
    // The self-contained form reads back to the same sweep.
    cf::SweepSpec again = cf::SweepSpec::fromJson(s.toJson(), "/nonexistent");
    QCOMPARE(again.fingerprint(), s.fingerprint());
  }

  void pareto() {
    std::vector<cf::ParetoPoint> pts = {{10, 5}, {8, 7}, {12, 4}, {9, 9}, {8, 7}, {12, 6}, {20, 4}};
    std::vector<bool> f = cf::paretoFront(pts);
    QCOMPARE(f, (std::vector<bool>{true, true, true, false, true, false, false}));
    QVERIFY(cf::paretoFront({}).empty());
  }

  void seeds() {
    QCOMPARE(cf::variantSeed(42, 7), cf::variantSeed(42, 7));
    QVERIFY(cf::variantSeed(42, 7) != cf::variantSeed(42, 8));
    QVERIFY(cf::variantSeed(42, 7) != cf::variantSeed(43, 7));
    QVERIFY(cf::variantSeed(42, 7) < (1ULL << 53));
  }

  void invalidCombinationIsARecord() {
    // 3 nodes x 8 GPUs with tp 8 gives dp 3, and 64 sequences do not split into 3.
    cf::SweepSpec s = cf::SweepSpec::fromJson(spec(R"([{"key": "cluster.nodes", "values": [4, 3]}])"_json), ".");
    json ok = cf::recordJson(cf::evaluateVariant(s, 0));
    QCOMPARE(ok["status"].get<std::string>(), std::string("ok"));
    QVERIFY(ok["metrics"]["time_to_train_days"].get<double>() > 0);
    QVERIFY(!ok["result"].is_object());
    json bad = cf::recordJson(cf::evaluateVariant(s, 1));
    QCOMPARE(bad["status"].get<std::string>(), std::string("invalid"));
    QVERIFY2(bad["error"].get<std::string>().find("global_batch") != std::string::npos, bad.dump().c_str());
  }

  // The record's metrics are the registry's (sim/Metrics.h), named for the
  // time they are: time_to_train_days failure-free, time_to_train_days_mean
  // with failures; a figure the run did not compute is absent, not 0.
  void metricsAreTheRegistrys() {
    cf::SweepSpec s = cf::SweepSpec::fromJson(spec(R"([{"key": "cluster.nodes", "values": [4]}])"_json), ".");
    json rec = cf::recordJson(cf::evaluateVariant(s, 0, {"cpu", true}));
    QVERIFY2(rec["status"] == "ok", rec.dump().c_str());
    const json& m = rec["metrics"];
    for (const auto& [key, v] : m.items()) QVERIFY2(key == "bottleneck" || cf::findMetric(key), key.c_str());
    QCOMPARE(m["time_to_train_days"].get<double>(), rec["result"]["performance"]["time_to_train_days"].get<double>());
    QCOMPARE(m["time_to_train_days_mean"].get<double>(),
             rec["result"]["reliability"]["time_to_train_days_mean"].get<double>());
    QVERIFY(m["time_to_train_days_mean"].get<double>() > m["time_to_train_days"].get<double>());
    QCOMPARE(m["goodput_mean"].get<double>(), rec["result"]["reliability"]["goodput_mean"].get<double>());
    QCOMPARE(m["tco_usd"].get<double>(), rec["result"]["cost"]["tco_usd"].get<double>());
    QCOMPARE(m["pue"].get<double>(), rec["result"]["energy"]["pue"].get<double>());
    cf::SweepRecord typed = cf::recordFromJson(rec);
    QCOMPARE(cf::recordJson(typed), rec);  // the reader and the writer agree
    QCOMPARE(std::string(cf::paretoAxesOf(typed).time), std::string("time_to_train_days_mean"));
    // With no mean (the Monte Carlo off, or a format-1 record of it) the front is over the failure-free time.
    typed.metrics.erase("time_to_train_days_mean");
    QCOMPARE(std::string(cf::paretoAxesOf(typed).time), std::string("time_to_train_days"));
  }

  // A report of format 1 reads in today's names.
  void formatOneResultsAreUpgraded() {
    const std::string v1 =
        R"({"format": "clusterforge.sweep-results/1", "name": "old", "axes": [{"key": "cluster.nodes"}],
      "variants": [
        {"index": 0, "values": {"cluster.nodes": 4}, "status": "ok", "metrics": {"time_to_train_days": 12.5,
         "time_to_train_days_failure_free": 10.0, "time_to_train_days_p95": 14.0, "goodput_mean": 0.8, "run_cost_usd": 5}},
        {"index": 1, "values": {"cluster.nodes": 8}, "status": "ok", "metrics": {"time_to_train_days": 6.0,
         "time_to_train_days_failure_free": 6.0, "time_to_train_days_p95": 0, "goodput_mean": 0, "interruptions_mean": 0,
         "run_cost_usd": 5}}]})";
    cf::SweepResults r = cf::parseSweepResultsText(v1, "old.json");
    QCOMPARE(r.records.size(), std::size_t(2));
    const cf::SweepRecord& a = r.records[0];
    QCOMPARE(*a.metric("time_to_train_days"), 10.0);
    QCOMPARE(*a.metric("time_to_train_days_mean"), 12.5);
    QVERIFY(!a.metric("time_to_train_days_failure_free"));
    const cf::SweepRecord& b = r.records[1];
    QCOMPARE(*b.metric("time_to_train_days"), 6.0);
    for (const char* absent :
         {"time_to_train_days_mean", "time_to_train_days_p95", "goodput_mean", "interruptions_mean"})
      QVERIFY2(!b.metric(absent), absent);
    // A format the reader does not know is refused.
    std::string v9 = v1;
    v9.replace(v9.find("results/1"), 9, "results/9");
    QVERIFY_THROWS_EXCEPTION(cf::InputError, cf::parseSweepResultsText(v9, "new.json"));
  }

  void searchPicksAValidConfiguration() {
    cf::SweepSpec s = cf::SweepSpec::fromJson(spec(R"([{"key": "cluster.nodes", "values": [4, 3]}])"_json, true), ".");
    json rec = cf::recordJson(cf::evaluateVariant(s, 1, {"cpu", true}));
    QVERIFY2(rec["status"] == "ok", rec.dump().c_str());
    QVERIFY(rec["parallelism"]["gpus"].get<int>() <= 24);
    QVERIFY(rec["search"]["configs_evaluated"].get<long long>() > 0);
    QVERIFY(rec["result"]["performance"].is_object());
    QVERIFY(!rec["result"]["reliability"].contains("backend"));  // host-specific, left out
  }

  void recordsIndependentOfThreads() {
    cf::SweepSpec s = cf::SweepSpec::fromJson(spec(R"([{"key": "cluster.nodes", "values": [4, 2]},
        {"key": "cluster.facility.cooling", "values": ["air", "direct-liquid"]}])"_json, true), ".");
    auto runWith = [&](int threads) {
      std::vector<std::string> out(s.variantCount());
      std::mutex m;
      std::vector<std::size_t> all{0, 1, 2, 3};
      cf::SweepRunner(s, {}, threads).run(cf::SweepRunner::listSource(all), [&](std::size_t i, cf::SweepRecord rec) {
        std::lock_guard<std::mutex> lock(m);
        out[i] = cf::recordJson(rec).dump();
      });
      return out;
    };
    std::vector<std::string> one = runWith(1), two = runWith(2);
    QCOMPARE(one, two);
    std::vector<cf::SweepRecord> records;
    for (const auto& r : one) records.push_back(cf::recordFromJson(json::parse(r)));
    json report = cf::sweepReport(s, records);
    QCOMPARE(report["counts"]["variants"].get<int>(), 4);
    QVERIFY(report["counts"]["pareto"].get<int>() >= 1);
    std::string csv = cf::sweepCsv(s, records);
    QVERIFY(csv.rfind("index,cluster.nodes,cluster.facility.cooling,status,pareto,time_to_train_days_mean,run_cost_usd,"
                      "step_time_s",
                      0) == 0);
    QCOMPARE(std::count(csv.begin(), csv.end(), '\n'), 5L);
  }

  void resultStore() {
    std::string path = dir_.filePath("r.sweep.db").toStdString();
    {
      cf::ResultStore store(path, "abc", 3);
      QVERIFY(store.rows().empty());
      store.put(2, R"({"index":2})");
      store.put(0, R"({"index":0})");
    }
    {
      cf::ResultStore store(path, "abc", 3);
      auto done = store.rows();
      QCOMPARE(done.size(), std::size_t(2));
      QCOMPARE(done.begin()->first, 0LL);
    }
    QVERIFY_THROWS_EXCEPTION(cf::StoreError, cf::ResultStore(path, "other", 3));
    cf::writeFileAtomically(dir_.filePath("junk.db").toStdString(), "not a database at all, just text....");
    QVERIFY_THROWS_EXCEPTION(cf::StoreError, cf::ResultStore(dir_.filePath("junk.db").toStdString(), "abc", 3));
    // Issue 33: a stop (SIGINT/SIGTERM in the CLI) while an existing file is opened ends the open
    // with "stopped" and writes nothing.
    const std::string before = cftest::readText(path);
    std::atomic<bool> stop{true};
    try {
      cf::ResultStore store(path, "abc", 3, &stop);
      QFAIL("opened despite the stop");
    } catch (const cf::StoreError& e) {
      QVERIFY2(QString(e.what()).endsWith(": stopped"), e.what());
    }
    QCOMPARE(cftest::readText(path), before);
  }

  // Issue 21 #6: an axis value nested 10^6 deep overflowed the stack (copying it recurses per level).
  void deepAxisValue() {
    const std::size_t depth = 1'000'000;
    const std::string text = R"({"format": "clusterforge.sweep/1", "base": )" + spec(json::array())["base"].dump() +
                             R"(, "axes": [{"key": "cluster.nodes", "values": [4, )" + std::string(depth, '[') +
                             std::string(depth, ']') + "]}]}";
    QString err = errorOf(json::parse(text));
    QVERIFY2(err.startsWith("axes[0].values[1][0][0]") && err.contains("]: nested deeper than 64 levels"),
             qPrintable(err.left(400)));
  }

  // Issue 21 #16: a base file that is not JSON is named, not the spec.
  void baseFileNotJson() {
    const QString base = dir_.filePath("broken-base.cf.json");
    QFile f(base);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"format\": \"clusterforge.scenario/1\", \"cluster\": ");
    f.close();
    json j = spec(json::array());
    j["base"] = "broken-base.cf.json";
    QString err;
    try {
      cf::SweepSpec::fromJson(j, dir_.path().toStdString());
    } catch (const cf::InputError& e) {
      err = QString::fromStdString(e.what());
    }
    QVERIFY2(err.startsWith("base: " + base + ": not valid JSON"), qPrintable(err));
  }

  // Issue 21 #5, #7: a resumed sweep checks every stored row against the sweep.
  void damagedResults_data() {
    QTest::addColumn<qlonglong>("idx");
    QTest::addColumn<QString>("record");  // %V: variant 0's values, %W: variant 1's
    QTest::addColumn<QString>("message");
    QTest::newRow("beyond") << 4LL << R"({"index":4,"values":%V,"status":"invalid","error":"x"})"
                            << "row idx=4: not a variant of this sweep (it has 2";
    QTest::newRow("negative") << -1LL << R"({"index":0,"values":%V,"status":"invalid","error":"x"})"
                              << "row idx=-1: not a variant of this sweep";
    QTest::newRow("other variant") << 1LL << R"({"index":1,"values":%V,"status":"invalid","error":"x"})"
                                   << "row idx=1: the stored record is not variant 1's";
    QTest::newRow("index mismatch") << 1LL << R"({"index":0,"values":%W,"status":"invalid","error":"x"})"
                                    << "row idx=1: the stored record is variant 0's";
    QTest::newRow("not json") << 0LL << "{not json" << "row idx=0: the stored record is not JSON";
    QTest::newRow("not an object") << 0LL << "[1, 2]" << "row idx=0: the stored record: expected an object, got an array";
    QTest::newRow("status type") << 0LL << R"({"index":0,"values":%V,"status":7})"
                                 << "row idx=0: the stored record's status: expected a string, got 7";
    QTest::newRow("metrics type") << 0LL << R"({"index":0,"values":%V,"status":"ok","metrics":{"run_cost_usd":"cheap"}})"
                                  << "row idx=0: the stored record's metrics.run_cost_usd: expected a number";
    QTest::newRow("ok without metrics") << 0LL << R"({"index":0,"values":%V,"status":"ok"})"
                                        << "row idx=0: the stored record's metrics: expected an object";
  }
  void damagedResults() {
    QFETCH(qlonglong, idx);
    QFETCH(QString, record);
    QFETCH(QString, message);
    cf::SweepSpec s = cf::SweepSpec::fromJson(spec(R"([{"key": "cluster.nodes", "values": [4, 2]}])"_json), ".");
    record.replace("%V", QString::fromStdString(s.variantValues(0).dump()));
    record.replace("%W", QString::fromStdString(s.variantValues(1).dump()));
    const std::string path = dir_.filePath(QString("damaged-%1.sweep.db").arg(QTest::currentDataTag())).toStdString();
    cf::ResultStore store(path, s.fingerprint(), s.variantCount());
    store.put(0, json{{"index", 0}, {"values", s.variantValues(0)}, {"status", "invalid"}, {"error", "x"}}.dump());
    store.put(static_cast<std::size_t>(idx), record.toStdString());  // replaces row 0 where idx is 0
    QString err;
    try {
      cf::finishedVariants(store, s);
    } catch (const cf::InputError& e) {
      err = QString::fromStdString(e.what());
    }
    QVERIFY2(err.startsWith(QString::fromStdString(path) + ": " + message), qPrintable(err));
    // The same rows through the results reader (the GUI's view) are refused as well, unless only the spec can tell.
    const QByteArray tag = QTest::currentDataTag();
    if (tag != "beyond" && tag != "other variant")
      QVERIFY_THROWS_EXCEPTION(cf::InputError, cf::readSweepResults(path));
  }

  // Issue 33: the GUI's reader (File > Open of a .sweep.db, --sweep-results)
  // gets the same untrusted-SQLite checks as sweep --resume: a view over an
  // endless recursive query, a trigger or an index of its own is refused
  // naming what it found, and the file is left as it was. The reproducers in
  // tests/data/bad/sweep/ are a two-variant sweep's results file with one
  // statement run on it (the statement is in the row's tag below).
  void hostileResultsFileIsRefusedByTheReader_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("found");
    // ALTER TABLE variants RENAME TO v0; CREATE VIEW variants(idx, record) AS WITH RECURSIVE
    // c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c) SELECT x, 'r' FROM c; DROP TABLE v0
    QTest::newRow("endless view") << "results-endless-view.sweep.db"
                                  << "a view \"variants\"";
    // CREATE TRIGGER t AFTER INSERT ON variants BEGIN UPDATE meta SET value = 'x'; END
    QTest::newRow("trigger") << "results-insert-trigger.sweep.db"
                             << "a trigger \"t\"";
    // CREATE INDEX i ON variants(length(record))
    QTest::newRow("index") << "results-own-index.sweep.db"
                           << "an index \"i\"";
  }
  void hostileResultsFileIsRefusedByTheReader() {
    QFETCH(QString, file);
    QFETCH(QString, found);
    const QString source = QStringLiteral(CF_SOURCE_DIR "/tests/data/bad/sweep/") + file;
    const QString path = dir_.filePath(file);
    QVERIFY(QFile::copy(source, path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray before = f.readAll();
    f.close();
    QString err;
    try {
      cf::readSweepResults(path.toStdString());
    } catch (const std::exception& e) {
      err = QString::fromUtf8(e.what());
    }
    QVERIFY2(err.contains(found) && err.contains(QLatin1String("left untouched")), qPrintable(err));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
  }

  void goodResultsAreResumed() {
    cf::SweepSpec s = cf::SweepSpec::fromJson(spec(R"([{"key": "cluster.nodes", "values": [4, 2]}])"_json), ".");
    cf::ResultStore store(dir_.filePath("good.sweep.db").toStdString(), s.fingerprint(), s.variantCount());
    json rec = cf::recordJson(cf::evaluateVariant(s, 1));
    store.put(1, rec.dump());
    auto done = cf::finishedVariants(store, s);
    QCOMPARE(done.size(), std::size_t(1));
    QCOMPARE(cf::recordJson(done.at(1)), rec);
  }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
