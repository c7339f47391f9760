// The seed levers as inputs (issue 17 item 3, docs/models.md "Co-design
// levers"): each moves the term of the step its rule names, in the direction
// and by the amount the rule says, and its default leaves the figures alone.
#include <QtTest>

#include "PerfTestUtil.h"
#include "catalog/Catalog.h"
#include "perf/PerfSection.h"

using namespace cf;
using nlohmann::json;

namespace {
// 64 A100 (8 nodes), pure data parallelism of a 1.3B-class model, fp32
// gradient all-reduce after the backward pass (not overlapped), 2:1
// oversubscribed two-tier leaves of 40-port switches (3 nodes under a leaf):
// the DP all-reduce is exposed, and how often its ring crosses the leaf
// uplinks depends on where the nodes sit.
json dpScenario() {
  json s = cftest::seleneScenario(32, 2048, 24, 1, 1, 64, 512);
  s["cluster"]["scale_out"] = {{"nics_per_node", 8},  {"nic_Gbps", 200},          {"topology", "fat-tree"},
                               {"tiers", 2},          {"oversubscription", 2.0},  {"rail_optimized", false},
                               {"switch", "QM8700-HDR-40p"}};
  s["job"]["parallelism"] = {{"tp", 1}, {"pp", 1}, {"dp", 64}, {"micro_batch", 4}, {"global_batch", 512},
                             {"zero_stage", 0}, {"recompute", "none"}};
  s["job"]["software"] = {{"overlap_dp", false}};
  return s;
}

json perf(const json& scenario) {
  Scenario s = cftest::scenario(scenario);
  auto p = performanceSection(resolve(s, Catalog::builtin()), Catalog::builtin());
  return p ? *p : json();
}
double part(const json& p, const char* key) { return p["breakdown_s"][key].get<double>(); }
}  // namespace

class TestPerfCodesignLevers : public QObject {
  Q_OBJECT

 private slots:
  void defaultsChangeNothing() {
    json base = dpScenario(), same = dpScenario();
    same["cluster"]["scale_out"]["nic_efficiency"] = 0.93;
    same["job"]["placement"] = "packed";
    same["job"]["software"]["fused_kernels"] = true;
    same["job"]["software"]["gradient_compression_ratio"] = 1;
    QCOMPARE(perf(same).dump(), perf(base).dump());
  }

  // Lossless RoCE tuning: the achieved share of the NIC rate. A bandwidth-
  // bound all-reduce takes about 0.93 / e times as long (latency terms aside).
  void nicEfficiencyScalesScaleOutCollectives() {
    json tuned = dpScenario(), untuned = dpScenario();
    untuned["cluster"]["scale_out"]["nic_efficiency"] = 0.93 / 1.4;
    const double a = part(perf(tuned), "dp_comm"), b = part(perf(untuned), "dp_comm");
    QVERIFY(a > 0);
    QVERIFY2(b / a > 1.2 && b / a <= 1.4 + 1e-9, qPrintable(QString::number(b / a)));
  }

  // Gradient compression: fewer bytes reduced, an HBM cost in the optimizer step.
  void gradientCompressionTradesBytesForHbm() {
    json plain = dpScenario(), compressed = dpScenario();
    compressed["job"]["software"]["gradient_compression_ratio"] = 32;
    const json p = perf(plain), c = perf(compressed);
    QVERIFY(part(c, "dp_comm") < part(p, "dp_comm") / 8);
    QVERIFY(part(c, "other") > part(p, "other"));
    QCOMPARE(part(c, "compute"), part(p, "compute"));
  }

  // Topology-aware placement: scattered nodes put the all-reduce on the
  // oversubscribed leaf uplinks; packed ones keep more of it under a leaf.
  void scatteredPlacementCrossesTheUplinks() {
    json packed = dpScenario(), scattered = dpScenario();
    scattered["job"]["placement"] = "scattered";
    const json a = perf(packed), b = perf(scattered);
    QVERIFY2(part(b, "dp_comm") > part(a, "dp_comm"), qPrintable(QString("%1 vs %2").arg(part(b, "dp_comm")).arg(part(a, "dp_comm"))));
    // Without oversubscription placement cannot change the bandwidth.
    packed["cluster"]["scale_out"]["oversubscription"] = 1.0;
    scattered["cluster"]["scale_out"]["oversubscription"] = 1.0;
    QVERIFY(std::abs(part(perf(scattered), "dp_comm") / part(perf(packed), "dp_comm") - 1) < 0.05);
  }

  // Operator fusion: unfused element-wise kernels only add HBM time to compute.
  void unfusedKernelsCostHbmTime() {
    json fused = dpScenario(), unfused = dpScenario();
    unfused["job"]["software"]["fused_kernels"] = false;
    const json a = perf(fused), b = perf(unfused);
    QVERIFY(part(b, "compute") > part(a, "compute") * 1.01);
    QVERIFY(part(b, "compute") < part(a, "compute") * 1.5);
    QCOMPARE(part(b, "dp_comm"), part(a, "dp_comm"));
    QCOMPARE(b["mfu"].get<double>() < a["mfu"].get<double>(), true);
  }
};

QTEST_GUILESS_MAIN(TestPerfCodesignLevers)
#include "tst_perf_codesign_levers.moc"
