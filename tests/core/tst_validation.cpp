// Cross-field validation: every problem names the object and field.
#include <QtTest>

#include "TestData.h"
#include "design/Resolved.h"
#include "design/Validation.h"

using namespace cf;
using nlohmann::json;

namespace {
std::vector<Issue> errorsOf(const json& j) {
  Project p = projectFromJson(j);
  std::vector<Issue> out;
  for (const Issue& i : validateProject(p))
    if (i.severity == Issue::Severity::Error) out.push_back(i);
  return out;
}
}  // namespace

class TestValidation : public QObject {
  Q_OBJECT
 private slots:
  void validExamplesPass() {
    QVERIFY(errorsOf(cftest::formatExample()).empty());
    QVERIFY(errorsOf(cftest::smallScenario()).empty());
  }

  void crossFieldErrors_data() {
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("expected");  // full text of the first error
    QTest::newRow("tp does not divide heads")
        << "/job/parallelism/tp" << "6" << "job.parallelism.tp: 6 does not divide heads=32";
    QTest::newRow("too many GPUs")
        << "/job/parallelism/dp" << "8" << "job.parallelism.dp: tp*pp*dp*cp = 64 GPUs, more than the cluster's 32";
    QTest::newRow("batch not multiple")
        << "/job/parallelism/global_batch" << "6" << "job.parallelism.global_batch: 6 is not a multiple of dp*micro_batch=4";
    QTest::newRow("pp beyond layers") << "/job/parallelism/pp" << "64" << "job.parallelism.pp: 64 exceeds layers=32";
    QTest::newRow("unknown accelerator")
        << "/cluster/accelerator" << "\"Z100\"" << "cluster.accelerator: \"Z100\" is not in the catalog";
    QTest::newRow("unknown checkpoint tier")
        << "/job/checkpoint/target" << "\"tape\"" << "job.checkpoint.target: \"tape\" is not a storage tier of the cluster";
    QTest::newRow("ep without experts")
        << "/job/parallelism/ep" << "2" << "job.parallelism.ep: expert parallelism needs experts > 1";
    QTest::newRow("cp does not divide seq")
        << "/job/parallelism/cp" << "3" << "job.parallelism.cp: 3 does not divide seq_len=8192";
  }
  void crossFieldErrors() {
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    QFETCH(QString, expected);
    json j = cftest::smallScenario();
    j[json::json_pointer(pointer.toStdString())] = json::parse(value.toStdString());
    auto errors = errorsOf(j);
    QVERIFY2(!errors.empty(), qPrintable(expected));
    QCOMPARE(QString::fromStdString(errors[0].text()), expected);
  }

  void unsupportedPrecision() {
    json j = cftest::smallScenario();
    j["cluster"]["accelerator"] = "V100-SXM2-32GB";  // Volta: no FP8 tensor cores
    j["job"]["precision"] = "fp8";
    auto errors = errorsOf(j);
    QVERIFY(!errors.empty());
    QCOMPARE(QString::fromStdString(errors[0].path), QString("job.precision"));
  }

  void derivedDataParallelism() {
    Project p = projectFromJson(cftest::smallScenario());
    ResolvedScenario r = resolve(p.scenarios[0], p.resolvedParts());
    QCOMPARE(r.dp, 4);  // 32 GPUs / tp 8
    QCOMPARE(r.gpus_in_use, 32LL);
    QCOMPARE(r.domain_size, 8);
    QCOMPARE(r.scale_up_GBps, 450.0);  // from the H100's NVLink 4
  }

  void fabricCapacityClosedForms() {
    // Al-Fares et al.: k^2/2 hosts on 2 tiers, k^3/4 on 3 tiers (non-blocking).
    QCOMPARE(maxFabricEndpoints(2, 64, 1.0), 2048LL);
    QCOMPARE(maxFabricEndpoints(3, 64, 1.0), 65536LL);
    QCOMPARE(maxFabricEndpoints(1, 40, 1.0), 40LL);
    QCOMPARE(maxFabricEndpoints(2, 64, 3.0), 64LL * 48);
  }

  void portsExhausted() {
    json j = cftest::smallScenario();
    j["cluster"]["nodes"] = 20000;
    j["cluster"]["scale_out"]["switch"] = "QM8700-HDR-40p";
    j["cluster"]["scale_out"]["nic_Gbps"] = 200;
    j["cluster"]["scale_out"]["tiers"] = 3;
    auto errors = errorsOf(j);
    QVERIFY(!errors.empty());
    QCOMPARE(QString::fromStdString(errors[0].path), QString("cluster.scale_out.tiers"));
    QVERIFY(QString::fromStdString(errors[0].message).contains("switch ports exhausted"));
  }

  void rackBudgetsAndOverlaps() {
    json j = cftest::smallScenario();
    json rack = {{"name", "R1"}, {"part", "Rack-42U-15kW-air"}, {"placements", json::array()}};
    for (int i = 0; i < 2; ++i)
      rack["placements"].push_back({{"kind", "node"}, {"part", "DGX-H100"}, {"name", "n" + std::to_string(i)},
                                    {"u", 1 + 8 * i}, {"height_u", 8}});
    rack["placements"].push_back({{"kind", "node"}, {"part", "DGX-H100"}, {"name", "clash"}, {"u", 5}, {"height_u", 8}});
    j["layout"] = {{"sites", {{{"name", "S"}, {"halls", {{{"name", "H"}, {"rows", {{{"name", "A"}, {"racks", {rack}}}}}}}}}}}};
    auto errors = errorsOf(j);
    QStringList texts;
    for (const auto& e : errors) texts << QString::fromStdString(e.text());
    const QString base = "layout.sites[0].halls[0].rows[0].racks[0]";
    QVERIFY2(texts.filter(base + ".placements[2].u: \"clash\" overlaps \"n0\" at U5").size() == 1, qPrintable(texts.join("\n")));
    QVERIFY2(texts.filter(QRegularExpression("^" + QRegularExpression::escape(base) + ": \"R1\" draws .* kW, over its 15.0 kW power budget")).size() == 1,
             qPrintable(texts.join("\n")));
  }

  void unknownClimate() {
    json j = cftest::smallScenario();
    j["cluster"]["facility"] = {{"climate", "Atlantis"}};
    auto errors = errorsOf(j);
    QVERIFY(!errors.empty());
    QCOMPARE(QString::fromStdString(errors[0].path), QString("cluster.facility.climate"));
    j["cluster"]["facility"] = {{"climate", "Ulanqab"}};  // case-insensitive
    QVERIFY(errorsOf(j).empty());
  }
};

QTEST_GUILESS_MAIN(TestValidation)
#include "tst_validation.moc"
