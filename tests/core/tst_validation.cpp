// Cross-field validation: every problem names the object and field.
#include <QtTest>

#include <map>

#include "TestData.h"
#include "design/Limits.h"
#include "design/Resolved.h"
#include "design/ClosRules.h"
#include "design/Validation.h"
#include "topology/Generators.h"

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

  // Issue 15: 100,000 GPUs on 64-port switches was refused without saying
  // what would fit. The error comes with the remedies, each on its field, and
  // the switch it names does build the fabric.
  void portsExhaustedNamesRemedies() {
    json j = cftest::smallScenario();
    j["cluster"]["nodes"] = 12500;
    j["cluster"]["scale_out"] = {{"nic_Gbps", 400}, {"tiers", 3}, {"switch", "QM9700-NDR-64p"}, {"rail_optimized", true}};
    Project p = projectFromJson(j);
    std::map<std::string, Issue> byPath;
    for (const Issue& i : validateProject(p)) byPath[i.path] = i;
    QCOMPARE(byPath["cluster.scale_out.tiers"].id, std::string("fabric-ports-exhausted"));
    QCOMPARE(byPath["cluster.scale_out.switch"].id, std::string("fabric-ports-remedy-switch"));
    QCOMPARE(byPath["cluster.scale_out.switch"].args.at(0), std::string("Q3400-XDR-144p"));
    QCOMPARE(byPath["cluster.scale_out.oversubscription"].id, std::string("fabric-ports-remedy-oversubscription"));
    // 65,536 ports / 12,500 nodes = 5.2 a node, but 5 NICs do not serve 8 GPUs evenly (issue 30 item 7):
    // the remedy is the largest divisor of the GPUs per node that fits, 4.
    QCOMPARE(byPath["cluster.scale_out.nics_per_node"].args.at(0), std::string("4"));
    // Issue 18: two planes of 200 Gb/s links on the QM9700 split to 128 NDR200
    // ports (three tiers reach 128·64·64 = 524,288 per plane), or the
    // InfiniBand switch of 800G ports split to 2 × 400G (288 ports).
    QCOMPARE(byPath["cluster.scale_out.planes"].id, std::string("fabric-ports-remedy-planes"));
    const std::vector<std::string>& planeArgs = byPath["cluster.scale_out.planes"].args;
    QCOMPARE(planeArgs.size(), std::size_t(3));
    QCOMPARE(planeArgs[0] + " " + planeArgs[1] + " " + planeArgs[2], std::string("2 200 128"));
    QCOMPARE(byPath["cluster.scale_out.switch_radix"].id, std::string("fabric-ports-remedy-radix"));
    const std::vector<std::string>& radixArgs = byPath["cluster.scale_out.switch_radix"].args;
    QCOMPARE(radixArgs.size(), std::size_t(3));
    QCOMPARE(radixArgs[0] + " " + radixArgs[1] + " " + radixArgs[2], std::string("Q3400-XDR-144p 288 400"));
    {
      json planes = j;
      planes["cluster"]["scale_out"]["planes"] = 2;
      planes["cluster"]["scale_out"]["switch_radix"] = 128;
      planes["job"]["parallelism"]["global_batch"] = 12500;
      for (const Issue& e : errorsOf(planes)) QFAIL((e.path + ": " + e.message).c_str());
    }
    j["cluster"]["scale_out"]["switch"] = "Q3400-XDR-144p";
    j["job"]["parallelism"]["global_batch"] = 12500;
    for (const Issue& e : errorsOf(j)) QFAIL((e.path + ": " + e.message).c_str());
    const topology::FabricSpec spec = topology::specFor(resolve(projectFromJson(j).scenarios.at(0), Catalog::builtin()));
    QCOMPARE(topology::generatePlaneZero(spec).gpuCount(), std::size_t(100000));
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

  void countProductsDoNotWrap() {
    // tp*pp*cp*dp = 2^64 wrapped to 0 and crashed the fabric model.
    json j = cftest::smallScenario();
    for (const char* k : {"tp", "pp", "cp", "dp"}) j["job"]["parallelism"][k] = 65536;
    auto errors = errorsOf(j);
    QVERIFY(!errors.empty());
    QCOMPARE(QString::fromStdString(errors[0].path), QString("job.parallelism.dp"));
    QVERIFY2(QString::fromStdString(errors[0].message).contains("overflows"), errors[0].message.c_str());
  }

  void multiNodeNeedsNics() {
    json j = cftest::smallScenario();
    j["cluster"]["scale_out"]["nics_per_node"] = 0;
    auto errors = errorsOf(j);
    QVERIFY(!errors.empty());
    QCOMPARE(QString::fromStdString(errors[0].text()),
             QString("cluster.scale_out.nics_per_node: 0 NICs on 4 nodes: traffic between nodes has no network"));
    j["cluster"]["nodes"] = 1;
    j["job"]["parallelism"]["global_batch"] = 16;
    QVERIFY(errorsOf(j).empty());  // one node: no scale-out traffic
  }

  void fabricSizeIsTheGeneratorsCount_data() {
    QTest::addColumn<QString>("patch");  // JSON merged into cluster
    QTest::newRow("1 tier") << R"({"nodes": 2, "scale_out": {"tiers": 1}})";
    QTest::newRow("2 tiers") << R"({"nodes": 64, "scale_out": {"tiers": 2, "switch_radix": 64}})";
    QTest::newRow("2 tiers, part-full leaf") << R"({"nodes": 3, "scale_out": {"tiers": 2, "switch_radix": 64}})";
    QTest::newRow("spine-leaf") << R"({"nodes": 16, "scale_out": {"topology": "spine-leaf", "switch_radix": 32}})";
    QTest::newRow("rail 3 tiers") << R"({"nodes": 40, "scale_out": {"tiers": 3, "rail_optimized": true, "switch_radix": 16}})";
    QTest::newRow("3 tiers, oversubscribed") << R"({"nodes": 300, "scale_out": {"tiers": 3, "oversubscription": 3, "switch_radix": 32}})";
    QTest::newRow("radix 1024, 3 tiers") << R"({"nodes": 4, "scale_out": {"tiers": 3, "switch_radix": 1024}, "scale_up": {"kind": "nvlink"}})";
    QTest::newRow("planes") << R"({"nodes": 8, "scale_out": {"planes": 4, "switch_radix": 16}})";
    QTest::newRow("tiers added") << R"({"nodes": 200, "scale_out": {"tiers": 1, "switch_radix": 32}})";
  }
  void fabricSizeIsTheGeneratorsCount() {
    // Validation's closed-form size (design/Limits.cpp) is the Clos generator's exact count.
    QFETCH(QString, patch);
    json j = cftest::smallScenario();
    j["cluster"].merge_patch(json::parse(patch.toStdString()));
    j["job"]["parallelism"].erase("global_batch");
    Project p = projectFromJson(j);
    ResolvedScenario r = resolve(p.scenarios[0], p.resolvedParts());
    FabricSize size = fabricSize(fabricShape(r));
    topology::Fabric f = topology::generate(topology::specFor(r));
    QCOMPARE(size.devices, static_cast<long long>(f.devices().size()));
    QCOMPARE(size.links, static_cast<long long>(f.links().size()));
  }

  void radixDoesNotScaleTheFabric() {
    // 1,024-port switches above 4 nodes wire the uplinks the 32 NICs need, not 512 per switch.
    FabricShape s;
    s.nodes = 4;
    s.radix = 1024;
    s.tiers = 3;
    FabricSize size = fabricSize(s);
    QVERIFY2(size.links < 200, qPrintable(QString::number(size.links)));
  }

  void workBudgetsNameTheField() {
    json j = cftest::smallScenario();
    j["cluster"]["nodes"] = 1024;
    j["cluster"]["scale_out"] = {{"nics_per_node", 1024}, {"planes", 64}, {"switch_radix", 1024}};
    j["job"]["parallelism"].erase("global_batch");
    auto errors = errorsOf(j);
    QVERIFY(!errors.empty());
    QCOMPARE(QString::fromStdString(errors[0].path), QString("cluster.scale_out.nics_per_node"));
    QVERIFY2(QString::fromStdString(errors[0].message).contains("67,108,864 NIC ports"), errors[0].message.c_str());
    QVERIFY2(QString::fromStdString(errors[0].message).contains("over the budget of 40,000,000"), errors[0].message.c_str());
    // The engine refuses the same fabric with the same words, before any allocation.
    Project p = projectFromJson(j);
    ResolvedScenario r = resolve(p.scenarios[0], p.resolvedParts());
    try {
      topology::generate(topology::specFor(r));
      QFAIL("generated a 67M-port fabric");
    } catch (const InputError& e) {
      QCOMPARE(QString(e.what()), QString::fromStdString(errors[0].text()));
    }
    liftWorkBudgets(true);
    auto lifted = errorsOf(j);
    liftWorkBudgets(false);
    QVERIFY(lifted.empty());
    // Hard limits stay: 10^7 nodes x 1,024 GPUs do not fit 32-bit indices.
    j["cluster"]["nodes"] = 10'000'000;
    j["cluster"]["accelerators_per_node"] = 1024;
    j["cluster"]["scale_out"] = {{"nics_per_node", 8}, {"switch_radix", 1024}};
    j["job"]["parallelism"]["dp"] = 4;
    liftWorkBudgets(true);
    auto hard = errorsOf(j);
    liftWorkBudgets(false);
    QVERIFY(!hard.empty());
    QCOMPARE(QString::fromStdString(hard[0].path), QString("cluster.nodes"));
    QVERIFY2(QString::fromStdString(hard[0].message).contains("32-bit"), hard[0].message.c_str());
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
