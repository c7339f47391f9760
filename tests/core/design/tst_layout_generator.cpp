// The layout generator's network racks: by default the closed-form switch
// estimate; with LayoutOptions::fabric_switches (what the cluster wizard
// passes from the fabric graph) exactly those switches, tier by tier, named
// "<tier>-0001"..., filling each network rack to its U and power budget.
// The hall floor in metres (design/HallGeometry.h): rows in facing pairs with
// cold and hot aisles, and the floor the generator reports. PDUs on A and B
// feeds that each carry the rack alone; storage in air-cooled racks.
#include <QTest>
#include <algorithm>
#include <map>

#include "catalog/Catalog.h"
#include "design/HallGeometry.h"
#include "design/LayoutGenerator.h"
#include "design/ScenarioJson.h"
#include "design/RackFit.h"
#include "design/Validation.h"
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
  // The studio's Cancel (issue 30): a generator asked to stop throws Cancelled at its next rack,
  // and the same call without the request draws the whole layout.
  void cancelStopsBetweenRacks() {
    const Scenario s = dgxCluster(2000);
    RunControl control;
    control.cancel = true;
    QVERIFY_THROWS_EXCEPTION(Cancelled, generateLayout(s, Catalog::builtin(), {}, nullptr, &control));
    control.cancel = false;
    LayoutSummary sum;
    generateLayout(s, Catalog::builtin(), {}, &sum, &control);
    QCOMPARE(sum.nodes_placed, 2000);
  }

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

  // Four rows of 16 racks: 1.2 m end aisles around 16 x 0.6 m = 12.0 m wide;
  // hot 1.0 + row 1.2 + cold 1.2 + row + hot 1.0 + row + cold 1.2 + row + hot 1.0
  // = 10.2 m deep; rows 1 and 2 face each other across the first cold aisle.
  void hallFloorInMetres() {
    Hall hall{"Hall 1", {}};
    for (int r = 0; r < 4; ++r) {
      Row row{"Row " + std::to_string(r + 1), {}};
      for (int i = 0; i < 16; ++i) row.racks.push_back(Rack{"R" + std::to_string(r * 16 + i), "Rack-42U-15kW-air", 0, 0, {}});
      hall.rows.push_back(row);
    }
    HallGeometry g = hallGeometry(hall);
    QCOMPARE(g.row_slots, 16);
    QVERIFY(qFuzzyCompare(g.width_m, 12.0));
    QVERIFY(qFuzzyCompare(g.depth_m, 10.2));
    QCOMPARE(g.aisles.size(), std::size_t(5));
    QVERIFY(!g.aisles[0].cold && g.aisles[1].cold && !g.aisles[2].cold && g.aisles[3].cold && !g.aisles[4].cold);
    QVERIFY(qFuzzyCompare(g.row_y_m[0], 1.0));
    QVERIFY(qFuzzyCompare(g.row_y_m[1], 3.4));  // 1.0 + 1.2 + 1.2
    QVERIFY(qFuzzyCompare(g.row_y_m[2], 5.6));
    QVERIFY(qFuzzyCompare(g.row_y_m[3], 8.0));
    QVERIFY(qFuzzyCompare(g.slotX_m(1), 1.2));
    // A gap: the rack at position 20 widens the floor to 20 positions.
    hall.rows[1].racks.back().slot = 20;
    QVERIFY(qFuzzyCompare(hallGeometry(hall).width_m, 2 * 1.2 + 20 * 0.6));
    // The hall's own aisle widths, kept by the scenario file.
    hall.cold_aisle_m = 1.8;
    hall.hot_aisle_m = 1.2;
    g = hallGeometry(hall);
    QVERIFY(qFuzzyCompare(g.depth_m, 4 * 1.2 + 2 * 1.8 + 3 * 1.2));
    Scenario s = dgxCluster(4);
    s.layout.sites.push_back(Site{"Site 1", {hall}});
    const Scenario back = scenarioFromJson(scenarioToJson(s));
    QCOMPARE(back.layout.sites[0].halls[0].cold_aisle_m, 1.8);
    QCOMPARE(back.layout.sites[0].halls[0].hot_aisle_m, 1.2);
    // Unset widths are not written (files without them keep their form).
    Scenario plain = dgxCluster(4);
    plain.layout.sites.push_back(Site{"Site 1", {Hall{"Hall 1", {}}}});
    QVERIFY(!scenarioToJson(plain)["layout"]["sites"][0]["halls"][0].contains("cold_aisle_m"));
  }

  // The generator's summary gives the floor of its largest hall.
  void generatedHallSize() {
    const Catalog& parts = Catalog::builtin();
    LayoutSummary sum;
    const Layout l = generateLayout(dgxCluster(1024), parts, {}, &sum);
    double area = 0;
    for (const Hall& h : l.sites[0].halls) area = std::max(area, hallGeometry(h).area_m2());
    QVERIFY(sum.hall_width_m > 0);
    QVERIFY(qFuzzyCompare(sum.hall_width_m * sum.hall_depth_m, area));
    const HallGeometry first = hallGeometry(l.sites[0].halls[0]);
    QVERIFY(qFuzzyCompare(sum.hall_width_m, first.width_m));
    // 16 racks a row: 12.0 m wide.
    QVERIFY(qFuzzyCompare(sum.hall_width_m, 12.0));
  }

  // Issue 18: every rack's A feed and B feed each carry its whole load. An
  // air-cooled rack of one DGX H100 (10.2 kW): one 17.3 kW PDU a feed. A
  // GB200 NVL72 (120 kW) in its 130 kW liquid-cooled rack: no catalog PDU
  // carries it alone, three 43.6 kW PDUs a feed do (130.8 kW).
  void pdusCarryTheLoadOnEachFeed() {
    const Catalog& parts = Catalog::builtin();
    Scenario s;
    s.cluster.accelerator = "GB200";
    s.cluster.node_type = "GB200-NVL72";
    s.cluster.accelerators_per_node = 72;
    s.cluster.nodes = 2;
    s.cluster.scale_out.nics_per_node = 72;
    s.cluster.facility.cooling = "direct-liquid";
    s.cluster.storage.push_back(StorageTier{"pfs", "parallel-fs", 0, 0, 0, 500, 250, 10, "", 0});
    const Layout l = generateLayout(s, parts);
    int racks = 0;
    for (const Row& r : l.sites[0].halls[0].rows)
      for (const Rack& k : r.racks) {
        ++racks;
        double load_kW = 0;
        std::map<char, double> feed_kW;
        std::map<char, int> feedCount;
        for (const Placement& p : k.placements) {
          load_kW += placementPower_W(p, parts) / 1000.0;
          if (p.kind != "pdu") continue;
          const char feed = p.name[p.name.find("-pdu-") + 5];
          feed_kW[feed] += parts.pdu(p.part)->rated_kW;
          ++feedCount[feed];
        }
        QVERIFY2(feed_kW['A'] >= load_kW && feed_kW['B'] >= load_kW, k.name.c_str());
        QCOMPARE(feedCount['A'], feedCount['B']);
        if (k.part == "Rack-48U-130kW-liquid") {
          QVERIFY(load_kW > 100);
          QCOMPARE(feedCount['A'], 3);
          QVERIFY(qFuzzyCompare(feed_kW['A'], 3 * 43.6));
          QVERIFY(std::any_of(k.placements.begin(), k.placements.end(),
                              [&](const Placement& p) { return p.name == k.name + "-pdu-B3"; }));
        }
      }
    QVERIFY(racks > 2);
    Scenario one = dgxCluster(1);
    const Layout air = generateLayout(one, parts, LayoutOptions{{}, 16, 10, false, false, true, {}});
    const Rack& k = air.sites[0].halls[0].rows[0].racks[0];
    std::vector<std::string> pdus;
    for (const Placement& p : k.placements)
      if (p.kind == "pdu") pdus.push_back(p.name + " " + p.part);
    QCOMPARE(pdus.size(), std::size_t(2));
    QCOMPARE(pdus[0], k.name + "-pdu-A PDU-3ph-208V-60A-17.3kW");
    QCOMPARE(pdus[1], k.name + "-pdu-B PDU-3ph-208V-60A-17.3kW");
  }

  // Storage racks are air-cooled and loaded to what room air removes (20 kW,
  // the catalog's air cooling) even in a liquid-cooled hall: not the 130 kW
  // liquid-cooled compute rack. 10 PB / 500 GB/s of DDN AI400X2 blocks (2 U,
  // 2.4 kW): 8 a rack (19.2 kW).
  void storageRacksAreAirCooled() {
    const Catalog& parts = Catalog::builtin();
    Scenario s;
    s.cluster.accelerator = "GB200";
    s.cluster.node_type = "GB200-NVL72";
    s.cluster.accelerators_per_node = 72;
    s.cluster.nodes = 4;
    s.cluster.scale_out.nics_per_node = 72;
    s.cluster.facility.cooling = "direct-liquid";
    s.cluster.storage.push_back(StorageTier{"pfs", "parallel-fs", 0, 0, 0, 500, 250, 10, "DDN-AI400X2", 0});
    LayoutSummary sum;
    const Layout l = generateLayout(s, parts, {}, &sum);
    QVERIFY(sum.storage_racks > 0);
    int storageRacks = 0;
    for (const Hall& h : l.sites[0].halls)
      for (const Row& r : h.rows)
        for (const Rack& k : r.racks) {
          int blocks = 0;
          double load_kW = 0;
          for (const Placement& p : k.placements) {
            blocks += p.kind == "storage";
            load_kW += placementPower_W(p, parts) / 1000.0;
          }
          if (!blocks) continue;
          ++storageRacks;
          QVERIFY2(parts.rack(k.part)->cooling != "liquid", k.part.c_str());
          QVERIFY2(load_kW <= 20.0 + 1e-9, k.name.c_str());
          QVERIFY(blocks <= 8);
        }
    QCOMPARE(storageRacks, sum.storage_racks);
    // The first storage rack is full: 8 blocks.
    for (const Hall& h : l.sites[0].halls)
      for (const Row& r : h.rows)
        if (r.name.rfind("Storage row", 0) == 0) {
          int blocks = 0;
          for (const Placement& p : r.racks.front().placements) blocks += p.kind == "storage";
          QCOMPARE(blocks, 8);
        }
  }

  // Issue 30: an edited cluster (sweep variant, lesson step, schedule size)
  // gets the layout drawn for it; a design without a layout stays without.
  void relayoutEditedDrawsTheEditedCluster() {
    const Catalog& parts = Catalog::builtin();
    Scenario s = dgxCluster(16);
    relayoutEdited(s, parts);
    QVERIFY(s.layout.empty());
    s.layout = generateLayout(s, parts);
    s.cluster.nodes = 40;
    relayoutEdited(s, parts);
    QCOMPARE(s.layout, generateLayout(s, parts));
    int nodes = 0;
    for (const Hall& h : s.layout.sites[0].halls)
      for (const Row& r : h.rows)
        for (const Rack& k : r.racks)
          for (const Placement& p : k.placements) nodes += p.kind == "node";
    QCOMPARE(nodes, 40);
  }
};

QTEST_MAIN(TestLayoutGenerator)
#include "tst_layout_generator.moc"
