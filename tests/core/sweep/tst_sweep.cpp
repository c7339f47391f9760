// core/sweep: key paths, spec checks naming the offending axis value, row-major
// variants, Pareto front, per-variant seeds, the results file and thread-count
// independence of the records.
#include <QtTest>

#include "../TestData.h"
#include "store/ProjectFile.h"
#include "sweep/JsonPath.h"
#include "sweep/ParetoFront.h"
#include "sweep/ResultStore.h"
#include "sweep/SweepReport.h"
#include "sweep/SweepRunner.h"
#include "sweep/SweepSpec.h"
#include "sweep/VariantSeed.h"

using nlohmann::json;

namespace {

json spec(json axes, bool search = false) {
  json base = cftest::smallScenario();
  base["reliability"] = {{"trials", 50}, {"seed", 5}};
  return {{"format", "clusterforge.sweep/1"}, {"base", base}, {"axes", axes}, {"search_parallelism", search}};
}

QString errorOf(const json& j) {
  try {
    cf::SweepSpec::fromJson(j, ".");
  } catch (const cf::InputError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

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
    json ok = cf::evaluateVariant(s, 0);
    QCOMPARE(ok["status"].get<std::string>(), std::string("ok"));
    QVERIFY(ok["metrics"]["time_to_train_days"].get<double>() > 0);
    QVERIFY(!ok["result"].is_object());
    json bad = cf::evaluateVariant(s, 1);
    QCOMPARE(bad["status"].get<std::string>(), std::string("invalid"));
    QVERIFY2(bad["error"].get<std::string>().find("global_batch") != std::string::npos, bad.dump().c_str());
  }

  void searchPicksAValidConfiguration() {
    cf::SweepSpec s = cf::SweepSpec::fromJson(spec(R"([{"key": "cluster.nodes", "values": [4, 3]}])"_json, true), ".");
    json rec = cf::evaluateVariant(s, 1, {"cpu", true});
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
      cf::SweepRunner(s, {}, threads).run(cf::SweepRunner::listSource(all), [&](std::size_t i, json rec) {
        std::lock_guard<std::mutex> lock(m);
        out[i] = rec.dump();
      });
      return out;
    };
    std::vector<std::string> one = runWith(1), two = runWith(2);
    QCOMPARE(one, two);
    std::vector<json> records;
    for (const auto& r : one) records.push_back(json::parse(r));
    json report = cf::sweepReport(s, records);
    QCOMPARE(report["counts"]["variants"].get<int>(), 4);
    QVERIFY(report["counts"]["pareto"].get<int>() >= 1);
    std::string csv = cf::sweepCsv(report);
    QVERIFY(csv.rfind("index,cluster.nodes,cluster.facility.cooling,status,pareto,time_to_train_days,run_cost_usd", 0) == 0);
    QCOMPARE(std::count(csv.begin(), csv.end(), '\n'), 5L);
  }

  void resultStore() {
    std::string path = dir_.filePath("r.sweep.db").toStdString();
    {
      cf::ResultStore store(path, "abc", 3);
      QVERIFY(store.completed().empty());
      store.put(2, R"({"index":2})");
      store.put(0, R"({"index":0})");
    }
    {
      cf::ResultStore store(path, "abc", 3);
      auto done = store.completed();
      QCOMPARE(done.size(), std::size_t(2));
      QCOMPARE(done.begin()->first, std::size_t(0));
    }
    QVERIFY_THROWS_EXCEPTION(cf::StoreError, cf::ResultStore(path, "other", 3));
    cf::writeFileAtomically(dir_.filePath("junk.db").toStdString(), "not a database at all, just text....");
    QVERIFY_THROWS_EXCEPTION(cf::StoreError, cf::ResultStore(dir_.filePath("junk.db").toStdString(), "abc", 3));
  }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "tst_sweep.moc"
