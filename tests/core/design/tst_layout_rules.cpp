// Where parts may go in a rack and what validation says about a layout
// (design/RackFit.h, design/Validation.cpp, design/LayoutPath.h): the nearest
// free slot, never an overlap or a part past the top; whole-rack systems only
// in an empty rack of their height and cooling; warnings for a node of another
// accelerator, a cooling mismatch and a rack over its cooling; places named as
// people do; explicit rack positions (row gaps) read, written and checked.
#include <QTest>

#include "catalog/Catalog.h"
#include "design/LayoutGenerator.h"
#include "design/LayoutPath.h"
#include "design/RackFit.h"
#include "design/ScenarioJson.h"
#include "design/Validation.h"

using namespace cf;

namespace {

Placement node(const std::string& part, const std::string& name, int u, int h) {
  return Placement{"node", part, name, u, h, "front"};
}

// An H100 scenario (air cooling) whose layout is one row of the given racks.
Scenario withRacks(std::vector<Rack> racks, int nodes = 1) {
  Scenario s;
  s.cluster.accelerator = "H100-SXM5-80GB";
  s.cluster.node_type = "DGX-H100";
  s.cluster.nodes = nodes;
  s.cluster.scale_out.tiers = 1;
  s.job.parallelism.tp = 8;
  s.job.parallelism.global_batch = 8 * nodes;
  s.layout.sites.push_back(Site{"Site 1", {Hall{"Hall 1", {Row{"Row A", std::move(racks)}}}}});
  return s;
}

std::vector<Issue> issuesWith(const Scenario& s, const std::string& id) {
  std::vector<Issue> out;
  for (const Issue& i : validateScenario(s, Catalog::builtin()))
    if (i.id == id) out.push_back(i);
  return out;
}

}  // namespace

class TestLayoutRules : public QObject {
  Q_OBJECT

 private slots:
  void nearestFreeSlotNeverOverlaps() {
    const Catalog& parts = Catalog::builtin();
    Rack k{"R1", "Rack-42U-15kW-air", 0, 0, {node("DGX-H100", "a", 1, 8), node("DGX-H100", "b", 20, 8)}};
    // Wanted U free: taken as is.
    QCOMPARE(fitInRack(k, node("DGX-H100", "c", 10, 8), parts).u, 10);
    // Wanted U5 overlaps "a" (U1-8): the nearest free start is U9 (4 up) rather than none below.
    QCOMPARE(fitInRack(k, node("DGX-H100", "c", 5, 8), parts).u, 9);
    // Near the top: an 8 U node at U40 would stick out of a 42 U rack; it starts at U35 at most.
    QCOMPARE(fitInRack(k, node("DGX-H100", "c", 40, 8), parts).u, 35);
    // Between a (1-8) and b (20-27) there are 11 U: a 10 U DGX-B200 wanted at U15 goes to U10.
    QCOMPARE(fitInRack(k, node("DGX-B200", "c", 15, 10), parts).u, 10);
    // Two more 8 U nodes (U9-16, U28-35) leave 3 U and 7 U free: no room for another.
    k.placements.push_back(node("DGX-H100", "c", 9, 8));
    k.placements.push_back(node("DGX-H100", "d", 28, 8));
    const RackFit none = fitInRack(k, node("DGX-H100", "e", 1, 8), parts);
    QCOMPARE(none.refusal, FitRefusal::NoRoom);
    QCOMPARE(none.u, 0);
    // The part being moved does not block itself.
    QCOMPARE(fitInRack(k, node("DGX-H100", "d", 30, 8), parts, {3}).u, 30);
    // Too tall for the rack.
    QCOMPARE(fitInRack(Rack{"R", "Rack-42U-15kW-air", 0, 0, {}}, node("DGX-H100", "x", 1, 43), parts).refusal,
             FitRefusal::TooTall);
  }

  void facesAndDepth() {
    const Catalog& parts = Catalog::builtin();
    Rack k{"R1", "Rack-42U-15kW-air", 0, 0, {node("DGX-H100", "a", 1, 8)}};
    // A switch mounted from the rear behind a full-depth node clashes; it goes above it.
    QCOMPARE(fitInRack(k, Placement{"switch", "QM9700-NDR-64p", "sw", 3, 1, "rear"}, parts).u, 9);
    // Shallow parts front and rear share a U.
    Rack shallow{"R2", "Rack-42U-15kW-air", 0, 0, {Placement{"other", "cable-manager", "cm", 10, 1, "front"}}};
    QCOMPARE(fitInRack(shallow, Placement{"other", "blanking-panel", "bp", 10, 1, "rear"}, parts).u, 10);
    QVERIFY(!placementsClash(shallow.placements[0], Placement{"other", "x", "x", 10, 1, "rear"}));
    QVERIFY(placementsClash(k.placements[0], Placement{"switch", "x", "x", 8, 1, "rear"}));
    // Zero-U PDUs take no U.
    QVERIFY(!placementsClash(k.placements[0], Placement{"pdu", "p", "p", 1, 0, "rear"}));
    // Validation agrees: the rear switch at U3 overlaps the node.
    Rack bad = k;
    bad.placements.push_back(Placement{"switch", "QM9700-NDR-64p", "sw", 3, 1, "rear"});
    const auto overlaps = issuesWith(withRacks({bad}), "placement-overlaps");
    QCOMPARE(overlaps.size(), std::size_t(1));
    QCOMPARE(overlaps[0].message, std::string("\"sw\" overlaps \"a\" at U3"));
  }

  void rackSystemsNeedAnEmptyRackOfTheirKind() {
    const Catalog& parts = Catalog::builtin();
    const NodeType* nvl = parts.node("GB200-NVL72");
    QVERIFY(nvl && nvl->rack_system && nvl->cooling == "liquid");
    const Placement system = node("GB200-NVL72", "nvl", 20, nvl->rack_units);
    // Empty liquid rack: accepted at U1 wherever it was dropped.
    Rack liquid{"L1", "Rack-48U-130kW-liquid", 0, 0, {Placement{"pdu", "PDU-3ph-400V-32A-22kW", "pdu-A", 1, 0, "rear"}}};
    const RackFit ok = fitInRack(liquid, system, parts);
    QVERIFY(ok.ok());
    QCOMPARE(ok.u, 1);
    // Half-full 48 U rack: refused, naming what is in it.
    Rack half{"L2", "Rack-48U-130kW-liquid", 0, 0, {node("DGX-B200", "b200", 1, 10)}};
    const RackFit full = fitInRack(half, system, parts);
    QCOMPARE(full.refusal, FitRefusal::RackSystemNeedsEmptyRack);
    QCOMPARE(full.blocker, std::string("b200"));
    // ... unless that part is the one leaving.
    QVERIFY(fitInRack(half, system, parts, {0}).ok());
    // An empty air rack of 48 U: no manifolds. A 42 U rack: too short.
    QCOMPARE(fitInRack(Rack{"A", "Rack-48U-40kW", 0, 0, {}}, system, parts).refusal, FitRefusal::RackSystemNeedsLiquidRack);
    QCOMPARE(fitInRack(Rack{"A", "Rack-42U-15kW-air", 0, 0, {}}, system, parts).refusal, FitRefusal::TooTall);
    // Nothing else goes into a rack the system holds.
    liquid.placements.push_back(Placement{"node", "GB200-NVL72", "nvl", 1, 48, "front"});
    const RackFit taken = fitInRack(liquid, Placement{"switch", "QM9700-NDR-64p", "sw", 1, 1, "front"}, parts);
    QCOMPARE(taken.refusal, FitRefusal::RackHoldsRackSystem);
    QCOMPARE(taken.blocker, std::string("nvl"));
    // Validation: a part sharing the system's rack is an error on the system.
    Rack shared{"L3", "Rack-48U-130kW-liquid", 0, 0, {node("GB200-NVL72", "nvl", 1, 48)}};
    shared.placements.push_back(Placement{"other", "cable-manager", "cm", 10, 1, "rear"});
    const auto errors = issuesWith(withRacks({shared}), "rack-system-shares-rack");
    QCOMPARE(errors.size(), std::size_t(1));
    QCOMPARE(errors[0].severity, Issue::Severity::Error);
    QCOMPARE(errors[0].path, std::string("layout.sites[0].halls[0].rows[0].racks[0].placements[0]"));
  }

  void compatibilityWarnings() {
    // Two DGX-B200 (B200) in an H100 cluster: one warning for the type, with the count.
    Rack r1{"R1", "Rack-48U-40kW", 0, 0, {node("DGX-B200", "b1", 1, 10), node("DGX-B200", "b2", 11, 10)}};
    Rack r2{"R2", "Rack-42U-15kW-air", 0, 0, {node("DGX-H100", "h1", 1, 8)}};
    Scenario s = withRacks({r1, r2}, 3);
    auto w = issuesWith(s, "node-accelerator-mismatch");
    QCOMPARE(w.size(), std::size_t(1));
    QCOMPARE(w[0].severity, Issue::Severity::Warning);
    QCOMPARE(w[0].message, std::string("2 placed node(s) of type \"DGX-B200\" carry B200, but the cluster is modelled "
                                       "with H100-SXM5-80GB (first: \"b1\")"));
    QCOMPARE(w[0].path, std::string("layout.sites[0].halls[0].rows[0].racks[0].placements[0]"));
    // The same layout in a B200 cluster: the H100 node is the foreign one.
    s.cluster.accelerator = "B200";
    s.cluster.node_type = "DGX-B200";
    w = issuesWith(s, "node-accelerator-mismatch");
    QCOMPARE(w.size(), std::size_t(1));
    QCOMPARE(w[0].args[1], std::string("DGX-H100"));

    // A liquid-cooled system in an air rack; an air-cooled node in a liquid rack.
    Scenario liquid = withRacks({Rack{"A1", "Rack-48U-40kW", 0, 0, {node("GB200-NVL72", "nvl", 1, 48)}},
                                 Rack{"L1", "Rack-48U-130kW-liquid", 0, 0, {node("DGX-H100", "h", 1, 8)}}},
                                2);
    QCOMPARE(issuesWith(liquid, "liquid-part-in-air-rack").size(), std::size_t(1));
    QCOMPARE(issuesWith(liquid, "air-part-in-liquid-rack").size(), std::size_t(1));
    QCOMPARE(issuesWith(liquid, "air-part-in-liquid-rack")[0].args[1], std::string("L1"));

    // Three DGX-H100 (30.6 kW) in a 40 kW rack: within the rack's budget, over the 20 kW that air cooling removes.
    Rack hot{"R1", "Rack-48U-40kW", 0, 0, {node("DGX-H100", "a", 1, 8), node("DGX-H100", "b", 9, 8), node("DGX-H100", "c", 17, 8)}};
    Scenario air = withRacks({hot}, 3);
    auto cooling = issuesWith(air, "rack-over-cooling");
    QCOMPARE(cooling.size(), std::size_t(1));
    QCOMPARE(cooling[0].args[2], std::string("20.0"));
    QVERIFY(issuesWith(air, "rack-over-power").empty());
    // With direct liquid cooling (80 kW per rack) it is fine.
    air.cluster.facility.cooling = "direct-liquid";
    QVERIFY(issuesWith(air, "rack-over-cooling").empty());
    // Matching parts raise none of these.
    Scenario fine = withRacks({Rack{"R1", "Rack-42U-15kW-air", 0, 0, {node("DGX-H100", "a", 1, 8)}}});
    for (const char* id : {"node-accelerator-mismatch", "liquid-part-in-air-rack", "air-part-in-liquid-rack",
                           "rack-over-cooling", "placement-overlaps", "rack-slot-order"})
      QVERIFY2(issuesWith(fine, id).empty(), id);
  }

  void placesNamedAsPeopleDo() {
    Rack r{"R17", "Rack-42U-15kW-air", 0, 0,
           {node("DGX-H100", "node-1", 5, 8), Placement{"pdu", "PDU-3ph-400V-32A-22kW", "R17-pdu-A", 1, 0, "rear"}}};
    Scenario s = withRacks({Rack{"R16", "Rack-42U-15kW-air", 0, 0, {}}, r});
    LayoutAddress a;
    QVERIFY(parseLayoutPath("layout.sites[0].halls[0].rows[0].racks[1].placements[0].u", &a));
    QCOMPARE(a, (LayoutAddress{0, 0, 0, 1, 0}));
    QCOMPARE(layoutLocation(s.layout, a), std::string("Hall 1 \xC2\xB7 Row A \xC2\xB7 R17 \xC2\xB7 U5"));
    a.placement = 1;  // a zero-U PDU: by name
    QCOMPARE(layoutLocation(s.layout, a), std::string("Hall 1 \xC2\xB7 Row A \xC2\xB7 R17 \xC2\xB7 R17-pdu-A"));
    QVERIFY(parseLayoutPath("layout.sites[0].halls[0].rows[0].racks[1]", &a));
    QCOMPARE(a.placement, -1);
    QCOMPARE(layoutLocation(s.layout, a), std::string("Hall 1 \xC2\xB7 Row A \xC2\xB7 R17"));
    a.rack = 9;  // not in the layout
    QVERIFY(layoutLocation(s.layout, a).empty());
    QVERIFY(!parseLayoutPath("job.parallelism.tp", &a));
    QVERIFY(!parseLayoutPath("layout", &a));
    QVERIFY(!parseLayoutPath("layout.sites[x]", &a));
  }

  void rowGapsAndPositions() {
    Row row{"Row A", {Rack{"A1", "Rack-42U-15kW-air", 0, 0, {}}, Rack{"A2", "Rack-42U-15kW-air", 0, 0, {}},
                      Rack{"A3", "Rack-42U-15kW-air", 0, 0, {}}}};
    QCOMPARE(rackPositions(row), (std::vector<int>{1, 2, 3}));
    row.racks[1].slot = 5;  // a gap of three tiles before A2; A3 follows it
    QCOMPARE(rackPositions(row), (std::vector<int>{1, 5, 6}));
    // Saved and read back; a file without positions writes none (old files load and save unchanged).
    Scenario s = withRacks(row.racks);
    const nlohmann::json j = scenarioToJson(s);
    const auto& racks = j["layout"]["sites"][0]["halls"][0]["rows"][0]["racks"];
    QVERIFY(!racks[0].contains("slot"));
    QCOMPARE(racks[1]["slot"].get<int>(), 5);
    QCOMPARE(scenarioFromJson(j).layout, s.layout);
    Scenario plain = withRacks({Rack{"A1", "Rack-42U-15kW-air", 0, 0, {}}});
    QVERIFY(scenarioToJson(plain)["layout"].dump().find("slot") == std::string::npos);
    // Positions out of order: an error naming the key.
    s.layout.sites[0].halls[0].rows[0].racks[2].slot = 4;
    const auto order = issuesWith(s, "rack-slot-order");
    QCOMPARE(order.size(), std::size_t(1));
    QCOMPARE(order[0].path, std::string("layout.sites[0].halls[0].rows[0].racks[2].slot"));
    QCOMPARE(order[0].message, std::string("slot 4 is not right of the previous rack \"A2\" (slot 5)"));
  }

  void generatorTakesRacksOfTheNodesCooling() {
    const Catalog& parts = Catalog::builtin();
    Scenario s = withRacks({});
    s.layout = {};
    s.cluster.nodes = 8;
    s.cluster.facility.cooling = "direct-liquid";
    LayoutSummary sum;
    generateLayout(s, parts, {}, &sum);
    QCOMPARE(parts.rack(sum.rack_part)->cooling, std::string("air"));  // DGX-H100 is air-cooled
    s.cluster.accelerator = "GB200";
    s.cluster.node_type = "GB200-NVL72";
    s.cluster.accelerators_per_node = 72;
    s.cluster.nodes = 2;
    s.cluster.facility.cooling_system = "dlc-full-coldplate";  // 140 kW per rack: an NVL72 (120 kW) fits
    const Layout l = generateLayout(s, parts, {}, &sum);
    QCOMPARE(sum.rack_part, std::string("Rack-48U-130kW-liquid"));
    s.layout = l;
    for (const char* id : {"placement-does-not-fit", "placement-overlaps", "rack-over-power", "rack-over-weight",
                           "rack-system-shares-rack", "liquid-part-in-air-rack", "air-part-in-liquid-rack",
                           "rack-over-cooling", "node-accelerator-mismatch"})
      QVERIFY2(issuesWith(s, id).empty(), id);
  }
};

QTEST_APPLESS_MAIN(TestLayoutRules)
#include "tst_layout_rules.moc"
