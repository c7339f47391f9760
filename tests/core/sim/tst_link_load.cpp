// Per-link load (sim/LinkLoad.h, issue 18 item 3): the analytical load comes
// from the performance model's ring flows on the fabric graph, so an
// oversubscribed tier carries more per link than the same tier at 1:1 and,
// where it binds, more than the NICs under it; the flow simulation's load is
// its own bytes per link direction, split by collective.
#include <QtTest>

#include "design/ScenarioJson.h"
#include "sim/Simulate.h"

using namespace cf;

namespace {

// 32 H100 nodes (256 GPUs) on a two-tier fat-tree; TP 8 inside the node, DP 32 across it.
Project fatTree(double oversubscription, const char* placement) {
  nlohmann::json j = nlohmann::json::parse(R"({
    "format": "clusterforge.scenario/1", "name": "ft",
    "cluster": { "accelerator": "H100-SXM5-80GB", "nodes": 32,
                 "scale_out": { "nic_Gbps": 400, "topology": "fat-tree", "tiers": 2, "switch_radix": 32 } },
    "job": { "model": { "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8, "ffn_hidden": 14336,
                        "ffn_kind": "swiglu", "vocab": 128256, "seq_len": 4096 },
             "parallelism": { "tp": 8, "pp": 1, "dp": 32, "micro_batch": 1, "global_batch": 256 } }
  })");
  j["cluster"]["scale_out"]["oversubscription"] = oversubscription;
  j["job"]["placement"] = placement;
  Project p;
  p.scenarios.push_back(scenarioFromJson(j));
  return p;
}

SimOutput run(const Project& p, const char* network) {
  SimulateOptions o;
  o.network = network;
  o.monte_carlo = false;
  return simulate(p, 0, o);
}

// Largest busier-direction load over the links of one kind.
double maxOf(const SimOutput& out, topology::LinkKind kind) {
  const auto& links = out.topology->fabric.links();
  double m = 0;
  for (std::size_t i = 0; i < links.size(); ++i)
    if (links[i].kind == kind) m = std::max(m, out.link_loads->busier(i));
  return m;
}

void checkPartsSum(const LinkLoads& l) {
  QVERIFY(!l.parts.empty());
  for (std::size_t i = 0; i < l.size(); ++i) {
    double up = 0, down = 0;
    for (const auto& p : l.parts) {
      up += p.a_to_z[i];
      down += p.z_to_a[i];
    }
    QVERIFY2(std::abs(up - l.a_to_z[i]) <= 1e-4 * std::max(1.0, up), qPrintable(QString::number(i)));
    QVERIFY2(std::abs(down - l.z_to_a[i]) <= 1e-4 * std::max(1.0, down), qPrintable(QString::number(i)));
  }
}

}  // namespace

class TstLinkLoad : public QObject {
  Q_OBJECT
 private slots:
  void analyticalSeesOversubscription() {
    const SimOutput flat = run(fatTree(1, "packed"), "analytical");
    const SimOutput over = run(fatTree(4, "packed"), "analytical");
    for (const SimOutput* o : {&flat, &over}) {
      QVERIFY(o->link_loads);
      QCOMPARE(o->link_loads->source, LinkLoads::Source::Analytical);
      QCOMPARE(o->link_loads->size(), o->topology->fabric.links().size());
      checkPartsSum(*o->link_loads);
    }
    // Packed: the DP rings cross a leaf only at its edge, so the uplinks never
    // bind; at 4:1 a leaf has far fewer uplinks (and serves more nodes), so
    // each uplink carries more than twice the load it has at 1:1 (2.25x here:
    // the colour scale puts that 21 degrees of hue apart).
    const double f1 = maxOf(flat, topology::LinkKind::Fabric), f4 = maxOf(over, topology::LinkKind::Fabric);
    QVERIFY2(f1 > 0 && f4 > 2 * f1, qPrintable(QStringLiteral("%1 %2").arg(f1).arg(f4)));
    QVERIFY(maxOf(over, topology::LinkKind::Access) > 0);
  }

  void analyticalBindingTierIsHottest() {
    // Scattered: consecutive ranks on different leaves, every DP flow leaves
    // its leaf and the 4:1 uplinks set the rate: they run at the collective's
    // share, the NICs under them at about a quarter of it.
    const SimOutput over = run(fatTree(4, "scattered"), "analytical");
    QVERIFY(over.performance.perf.dp_oversubscribed);
    const double up = maxOf(over, topology::LinkKind::Fabric), nic = maxOf(over, topology::LinkKind::Access);
    QVERIFY2(up > 2.5 * nic && nic > 0, qPrintable(QStringLiteral("%1 %2").arg(up).arg(nic)));
    // Loads are means over the step: never above 1.
    for (std::size_t i = 0; i < over.link_loads->size(); ++i) QVERIFY(over.link_loads->busier(i) <= 1.0 + 1e-6);
  }

  void flowLoadsAreTheSimulatedBytes() {
    const SimOutput out = run(fatTree(4, "scattered"), "flow");
    QVERIFY(out.network && out.link_loads);
    QCOMPARE(out.link_loads->source, LinkLoads::Source::Flow);
    checkPartsSum(*out.link_loads);
    const netsim::StepResult& s = out.network->result.step;
    QCOMPARE(out.link_loads->parts.size(), s.collectives.size());
    // One link direction by hand: bytes / (line rate x makespan).
    std::size_t busiest = 0;
    for (std::size_t c = 0; c < s.link_bytes.size(); ++c)
      if (s.link_bytes[c] > s.link_bytes[busiest]) busiest = c;
    const double expected = s.link_bytes[busiest] / (s.link_line_Bps[busiest] * s.makespan_s);
    const auto& dir = busiest % 2 == 0 ? out.link_loads->a_to_z : out.link_loads->z_to_a;
    QVERIFY(expected > 0);
    QVERIFY(std::abs(dir[busiest / 2] - expected) <= 1e-5 * expected);
    // The flow simulation too finds the 4:1 uplinks busier than the NICs.
    QVERIFY(maxOf(out, topology::LinkKind::Fabric) > maxOf(out, topology::LinkKind::Access));
  }
};

QTEST_MAIN(TstLinkLoad)
#include "tst_link_load.moc"
