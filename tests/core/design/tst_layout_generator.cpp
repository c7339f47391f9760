// The layout generator's network racks: by default the closed-form switch
// estimate; with LayoutOptions::fabric_switches (what the cluster wizard
// passes from the fabric graph) exactly those switches, tier by tier, named
// "<tier>-0001"..., filling each network rack to its U and power budget.
#include <QTest>
#include <map>

#include "catalog/Catalog.h"
#include "design/LayoutGenerator.h"
#include "design/Scenario.h"

using namespace cf;

namespace {

Scenario dgxCluster(int nodes) {
  Scenario s;
  s.cluster.accelerator = "H100-SXM5-80GB";
  s.cluster.node_type = "DGX-H100";
  s.cluster.accelerators_per_node = 8;
  s.cluster.nodes = nodes;
  s.cluster.scale_out.nics_per_node = 8;
  s.cluster.scale_out.tiers = 2;
  return s;
}

struct Switches {
  long long total = 0;
  std::map<std::string, long long> byPrefix;
  int racks = 0;
};

Switches switchesIn(const Layout& l) {
  Switches out;
  for (const Hall& h : l.sites[0].halls)
    for (const Row& r : h.rows)
      for (const Rack& k : r.racks) {
        bool any = false;
        for (const Placement& p : k.placements)
          if (p.kind == "switch") {
            ++out.total;
            any = true;
            ++out.byPrefix[p.name.substr(0, p.name.find('-'))];
          }
        out.racks += any;
      }
  return out;
}

}  // namespace

class TestLayoutGenerator : public QObject {
  Q_OBJECT

 private slots:
  void closedFormByDefault() {
    const Catalog& parts = Catalog::builtin();
    const Scenario s = dgxCluster(128);
    LayoutSummary sum;
    const Layout l = generateLayout(s, parts, {}, &sum);
    const Switches sw = switchesIn(l);
    QCOMPARE(sum.switches, estimateSwitches(s, parts));
    QCOMPARE(sw.total, sum.switches);
    QCOMPARE(sw.byPrefix.at("sw"), sum.switches);
    QCOMPARE(sw.racks, sum.network_racks);
  }

  void fabricSwitchesTierByTier() {
    const Catalog& parts = Catalog::builtin();
    const Scenario s = dgxCluster(128);
    LayoutOptions opt;
    opt.fabric_switches = {{"leaf", 37}, {"spine", 0}, {"core", 11}};
    LayoutSummary sum;
    const Layout l = generateLayout(s, parts, opt, &sum);
    const Switches sw = switchesIn(l);
    QCOMPARE(sum.switches, 48LL);
    QCOMPARE(sw.total, 48LL);
    QCOMPARE(sw.byPrefix.at("leaf"), 37LL);
    QCOMPARE(sw.byPrefix.at("core"), 11LL);
    QCOMPARE(sw.byPrefix.count("spine"), std::size_t(0));
    QCOMPARE(sw.racks, sum.network_racks);
    QVERIFY(sum.network_racks >= 2);  // a 20 kW network rack holds 26 switches of 750 W
    // No switches: no network racks.
    opt.fabric_switches = {{"leaf", 0}};
    generateLayout(s, parts, opt, &sum);
    QCOMPARE(sum.switches, 0LL);
    QCOMPARE(sum.network_racks, 0);
  }
};

QTEST_MAIN(TestLayoutGenerator)
#include "tst_layout_generator.moc"
