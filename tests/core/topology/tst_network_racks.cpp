// Network racks: one rule for the racks the layout generator draws and the
// racks the bill of materials counts and prices (design/RackFit.h). The 10K
// example's report priced 50 network racks while its elevations drew 31.
#include <QtTest>

#include <fstream>

#include "catalog/Catalog.h"
#include "design/LayoutGenerator.h"
#include "design/RackFit.h"
#include "design/Resolved.h"
#include "design/ScenarioJson.h"
#include "topology/TopologyModel.h"

using namespace cf;

namespace {

Project example(const std::string& name) {
  std::ifstream in(std::string(CF_SOURCE_DIR) + "/resources/examples/" + name);
  return projectFromJson(nlohmann::json::parse(in));
}

// The bill of materials' count of racks (its "rack" lines).
double bomRacks(const topology::Bom& bom) {
  double n = 0;
  for (const topology::BomLine& l : bom.lines)
    if (l.category == "rack") n += l.count;
  return n;
}

}  // namespace

class TestNetworkRacks : public QObject {
  Q_OBJECT

 private slots:
  // The example ships with its layout: the bill of materials prices the
  // network racks its elevations draw, and one rack fewer in the layout is
  // one rack fewer in the bill.
  void bomCountsTheLayoutsRacks() {
    const Project p = example("10k-cards-optics-and-recovery.json");
    const Catalog parts = p.resolvedParts();
    Scenario s = p.scenarios.at(0);
    QVERIFY(!s.layout.empty());
    const LayoutNetworkRacks drawn = layoutNetworkRacks(s.layout);
    QVERIFY(drawn.count > 0);
    const topology::TopologyModel m = topology::buildTopology(resolve(s, parts), parts, false);
    QCOMPARE(bomRacks(m.analysis.bom), static_cast<double>(drawn.count));
    QCOMPARE(m.bomParts.network_rack->id, drawn.part);

    // Take the last network rack away (its switches with it).
    bool removed = false;
    for (auto h = s.layout.sites.at(0).halls.rbegin(); !removed && h != s.layout.sites.at(0).halls.rend(); ++h)
      for (auto row = h->rows.rbegin(); !removed && row != h->rows.rend(); ++row)
        for (auto k = row->racks.begin(); !removed && k != row->racks.end(); ++k)
          if (std::any_of(k->placements.begin(), k->placements.end(),
                          [](const Placement& pl) { return pl.kind == "switch"; }) &&
              std::none_of(k->placements.begin(), k->placements.end(),
                           [](const Placement& pl) { return pl.kind == "node"; })) {
            row->racks.erase(k);
            removed = true;
          }
    QVERIFY(removed);
    const topology::TopologyModel fewer = topology::buildTopology(resolve(s, parts), parts, false);
    QCOMPARE(bomRacks(fewer.analysis.bom), static_cast<double>(drawn.count - 1));
  }

  // A generated layout and the bill of materials of the same design agree,
  // and the rack holds what its U and its power budget allow (closed form
  // from the catalog's figures, not from the rule's code).
  void generatorAndBomAgree() {
    const Catalog parts = Catalog::builtin();
    const Project p = example("10k-cards-optics-and-recovery.json");
    Scenario s = p.scenarios.at(0);
    s.layout = {};
    LayoutSummary sum;
    s.layout = generateLayout(s, parts, {}, &sum);
    QVERIFY(sum.network_racks > 0);
    QCOMPARE(layoutNetworkRacks(s.layout).count, sum.network_racks);
    const ResolvedScenario r = resolve(s, parts);
    const topology::TopologyModel m = topology::buildTopology(r, parts, false);
    QCOMPARE(bomRacks(m.analysis.bom), static_cast<double>(sum.network_racks));

    const RackPart* net = networkRackPart(parts);
    QVERIFY(net);
    const SwitchPart& sw = r.fabric_switch;
    QVERIFY(sw.rack_units > 0 && sw.power_W > 0 && net->max_power_kW > 0);
    const int byU = (net->rack_units - 2) / sw.rack_units;
    const int byPower = static_cast<int>(net->max_power_kW * 1000.0 / sw.power_W);
    QCOMPARE(switchesPerNetworkRack(*net, sw), std::max(1, std::min(byU, byPower)));
    QCOMPARE(m.placementParams.switches_per_network_rack, switchesPerNetworkRack(*net, sw));
    // Every network rack of the generated layout holds at most that many switches.
    for (const Site& site : s.layout.sites)
      for (const Hall& h : site.halls)
        for (const Row& row : h.rows)
          for (const Rack& k : row.racks) {
            const auto n = std::count_if(k.placements.begin(), k.placements.end(),
                                         [](const Placement& pl) { return pl.kind == "switch"; });
            QVERIFY(n <= switchesPerNetworkRack(*net, sw));
          }
  }

  // Without a layout, or with one of compute racks only (the wizard's first
  // pass; it says nothing of where the switches go), the floor model counts
  // them (16 switches a rack no longer assumed: the rack's own capacity).
  void withoutNetworkRacksTheFloorModelCounts() {
    const Catalog parts = Catalog::builtin();
    Scenario s = example("10k-cards-optics-and-recovery.json").scenarios.at(0);
    s.layout = {};
    const topology::TopologyModel m = topology::buildTopology(resolve(s, parts), parts, false);
    QCOMPARE(m.bomParts.layout_network_racks, -1);
    QVERIFY(m.analysis.placement.network_racks > 0);
    QCOMPARE(bomRacks(m.analysis.bom), static_cast<double>(m.analysis.placement.network_racks));
    LayoutOptions computeOnly;
    computeOnly.network_racks = false;
    s.layout = generateLayout(s, parts, computeOnly);
    QCOMPARE(layoutNetworkRacks(s.layout).count, 0);
    const topology::TopologyModel c = topology::buildTopology(resolve(s, parts), parts, false);
    QCOMPARE(c.bomParts.layout_network_racks, -1);
    QVERIFY(c.analysis.placement.network_racks > 0);
    QCOMPARE(bomRacks(c.analysis.bom), static_cast<double>(c.analysis.placement.network_racks));
  }
};

QTEST_APPLESS_MAIN(TestNetworkRacks)
#include "tst_network_racks.moc"
