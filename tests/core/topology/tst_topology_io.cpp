// Placement, media, BOM, DOT/CSV round trips and the simulate "topology"
// section of a scenario.
#include <QtTest>

#include <cmath>
#include <fstream>
#include <set>

#include "TopologyTestUtil.h"
#include "catalog/Catalog.h"
#include "common/InputError.h"
#include "design/Resolved.h"
#include "design/ScenarioJson.h"
#include "topology/FabricIO.h"
#include "topology/Generators.h"
#include "topology/Media.h"
#include "topology/TopologyCommand.h"
#include "topology/TopologyModel.h"
#include "topology/TopologySection.h"

using namespace cf::topology;
using cf::topology::test::dgxSpec;

namespace {

// The fabric-related categories of the shipped catalog, read from the source
// tree (independent of the other categories' state).
const cf::Catalog& fabricCatalog() {
  static const cf::Catalog cat = [] {
    cf::Catalog c;
    for (const char* category : {"accelerators", "nodes", "switches", "nics", "links", "racks", "cooling"}) {
      std::ifstream in(std::string(CF_SOURCE_DIR) + "/resources/catalog/" + category + ".json");
      c.loadCategory(category, nlohmann::json::parse(in));
    }
    return c;
  }();
  return cat;
}

TopologyModel placed(const FabricSpec& spec, LeafPlacement leaf) {
  PlacementParams p;
  p.leaf = leaf;
  p.nodes_per_rack = 4;
  BomParts bp;
  const cf::Catalog& cat = fabricCatalog();
  bp.fabric_switch = *cat.switchPart("QM9700-NDR-64p");
  bp.nic = *cat.nic("CX7-NDR-400G");
  bp.network_rack = cat.racks.front();
  return buildTopology(spec, p, bp, cat);
}

cf::Scenario scenario(int nodes, const std::string& topology, int tiers, double oversub) {
  nlohmann::json j = {{"name", "fabric test"},
                      {"cluster",
                       {{"accelerator", "H100-SXM5-80GB"},
                        {"accelerators_per_node", 8},
                        {"nodes", nodes},
                        {"scale_up", {{"kind", "nvswitch"}, {"domain_size", 8}}},
                        {"scale_out",
                         {{"nics_per_node", 8},
                          {"nic_Gbps", 400},
                          {"topology", topology},
                          {"tiers", tiers},
                          {"oversubscription", oversub},
                          {"switch", "QM9700-NDR-64p"}}}}},
                      {"job", {{"model", {{"layers", 32}, {"hidden", 4096}, {"heads", 32}}}}}};
  return cf::scenarioFromJson(j);
}

}  // namespace

class TstTopologyIo : public QObject {
  Q_OBJECT
 private slots:
  void mediaByReach_data();
  void mediaByReach();
  void fallbackEstimate();
  void placementLengths();
  void leafPlacement_data();
  void leafPlacement();
  void bomAddsUp();
  void dotRoundTrip();
  void csvRoundTrip();
  void csvErrorsNameTheLine();
  void csvDuplicateColumn();
  void namesCannotInject();
  void scenarioSection_data();
  void scenarioSection();
  void commandExports();
};

void TstTopologyIo::mediaByReach_data() {
  QTest::addColumn<double>("speed");
  QTest::addColumn<double>("length");
  QTest::addColumn<int>("where");
  QTest::addColumn<QString>("kind");
  QTest::newRow("400G in rack") << 400.0 << 2.0 << int(Reach::SameRack) << "dac";
  QTest::newRow("400G 5 m in row") << 400.0 << 5.0 << int(Reach::SameRow) << "aec";
  QTest::newRow("400G 20 m in row") << 400.0 << 20.0 << int(Reach::SameRow) << "aoc";
  QTest::newRow("400G 40 m beyond") << 400.0 << 40.0 << int(Reach::BeyondRow) << "optics";
  QTest::newRow("400G 300 m beyond") << 400.0 << 300.0 << int(Reach::BeyondRow) << "optics";
  QTest::newRow("200G in rack") << 200.0 << 2.0 << int(Reach::SameRack) << "dac";
  QTest::newRow("800G 1 km") << 800.0 << 1000.0 << int(Reach::BeyondRow) << "optics";
}

void TstTopologyIo::mediaByReach() {
  QFETCH(double, speed);
  QFETCH(double, length);
  QFETCH(int, where);
  QFETCH(QString, kind);
  const cf::Catalog& cat = fabricCatalog();
  Medium m = MediaSelector(cat).choose(speed, length, static_cast<Reach>(where));
  QCOMPARE(QString::fromStdString(m.kind), kind);
  QVERIFY(!m.estimated);
  const cf::LinkPart* part = cat.link(m.part);
  QVERIFY(part);
  QVERIFY(part->speed_Gbps >= speed);
  QVERIFY(part->max_reach_m >= length);
  if (kind == "optics") {
    QCOMPARE(part->kind, std::string("transceiver"));
    const cf::LinkPart* fibre = cat.link(m.fiber);
    QVERIFY(fibre);
    QCOMPARE(fibre->kind, std::string("fiber"));
    QVERIFY(fibre->max_reach_m >= part->max_reach_m);
    // No other transceiver + fibre pair of this class that reaches is cheaper
    // (strands: 2 x lanes for parallel optics up to 500 m, else a duplex pair).
    const double chosen = linkPrice_usd(m, length);
    QCOMPARE(chosen, 2 * part->price_usd + m.fiber_strands * length * fibre->price_usd);
    for (const cf::LinkPart& t : cat.links) {
      if (t.kind != "transceiver" || t.speed_Gbps != part->speed_Gbps || t.max_reach_m < length) continue;
      int strands = t.max_reach_m <= 500 ? 2 * t.lanes : 2;
      for (const cf::LinkPart& f : cat.links) {
        if (f.kind != "fiber" || f.max_reach_m < t.max_reach_m) continue;
        int cables = (strands + f.lanes - 1) / f.lanes;
        QVERIFY2(chosen <= 2 * t.price_usd + cables * length * f.price_usd + 1e-9, t.id.c_str());
      }
    }
  } else {
    QCOMPARE(QString::fromStdString(part->kind), kind);
  }
}

void TstTopologyIo::fallbackEstimate() {
  cf::Catalog empty;
  Medium m = MediaSelector(empty).choose(400, 30, Reach::BeyondRow);
  QVERIFY(m.estimated);
  QCOMPARE(m.kind, std::string("optics"));
  QCOMPARE(m.modules, 2);
  QCOMPARE(linkPrice_usd(m, 30), 2 * 2.0 * 400 + 30 * 3.0);
  QCOMPARE(linkPower_W(m), 2 * 0.0225 * 400);
  // A speed the catalog does not sell is estimated too.
  QVERIFY(MediaSelector(fabricCatalog()).choose(3200, 2, Reach::SameRack).estimated);
}

void TstTopologyIo::placementLengths() {
  FabricSpec s = dgxSpec("fat-tree", 64, 64, 2, false);
  TopologyModel tor = placed(s, LeafPlacement::TopOfRack);
  TopologyModel eor = placed(s, LeafPlacement::EndOfRow);
  // ToR: a leaf serves 32 GPUs = 4 nodes = one rack; every access cable stays in the rack.
  for (const Link& l : tor.fabric.links()) {
    if (l.kind != LinkKind::Access) continue;
    QCOMPARE(tor.fabric.devices()[l.a].rack, tor.fabric.devices()[l.z].rack);
    QCOMPARE(static_cast<double>(l.length_m), tor.placementParams.in_rack_m);
    QCOMPARE(tor.fabric.media[l.medium].kind, std::string("dac"));
    QCOMPARE(static_cast<double>(l.latency_ns), l.length_m * 5.0);
  }
  // EoR: access cables leave the rack, so they are longer on average.
  QVERIFY(eor.analysis.placement.mean_length_m > tor.analysis.placement.mean_length_m);
  QVERIFY(eor.analysis.placement.network_racks > tor.analysis.placement.network_racks);
  // Lengths follow the Manhattan model.
  const PlacementParams& p = eor.placementParams;
  for (const Link& l : eor.fabric.links()) {
    if (l.kind == LinkKind::ScaleUp) continue;
    const Device& a = eor.fabric.devices()[l.a];
    const Device& z = eor.fabric.devices()[l.z];
    if (a.rack == z.rack) continue;
    double raw = (std::abs(a.x_m - z.x_m) + std::abs(a.y_m - z.y_m) + 2 * p.rack_exit_m) * (1 + p.slack_fraction);
    QVERIFY(l.length_m >= raw - 1e-4 && l.length_m < raw + 0.5 + 1e-4);
  }
}

void TstTopologyIo::leafPlacement_data() {
  QTest::addColumn<int>("leaf");
  QTest::newRow("tor") << int(LeafPlacement::TopOfRack);
  QTest::newRow("mor") << int(LeafPlacement::MiddleOfRow);
  QTest::newRow("eor") << int(LeafPlacement::EndOfRow);
}

void TstTopologyIo::leafPlacement() {
  QFETCH(int, leaf);
  const auto where = static_cast<LeafPlacement>(leaf);
  TopologyModel m = placed(dgxSpec("fat-tree", 256, 64, 3, false), where);
  const PlacementParams& p = m.placementParams;
  const int computeRacks = m.analysis.placement.compute_racks;
  QCOMPARE(computeRacks, 256 / p.nodes_per_rack);
  QCOMPARE(static_cast<int>(m.fabric.rackNames.size()), computeRacks + m.analysis.placement.network_racks);
  std::map<int, int> perRack;
  for (const Device& d : m.fabric.devices()) {
    QVERIFY(d.rack >= 0);
    if (d.kind == DeviceKind::Gpu) QVERIFY(d.rack < computeRacks);
    if (d.kind == DeviceKind::Spine || d.kind == DeviceKind::Core) QVERIFY(d.rack >= computeRacks);
    if (isSwitch(d.kind) && d.rack >= computeRacks) ++perRack[d.rack];
    if (d.kind != DeviceKind::Leaf) continue;
    if (where == LeafPlacement::TopOfRack) {
      QVERIFY(d.rack < computeRacks);
    } else {
      QVERIFY(d.rack >= computeRacks);
      const double mid = (p.racks_per_row / 2) * p.rack_width_m;
      if (where == LeafPlacement::MiddleOfRow) QVERIFY(d.x_m >= mid - 1e-4 && d.x_m < mid + 2 * p.rack_width_m);
      else QVERIFY(d.x_m > p.racks_per_row * p.rack_width_m);
    }
  }
  for (auto& [rack, n] : perRack) QVERIFY(n <= p.switches_per_network_rack);
}

void TstTopologyIo::bomAddsUp() {
  TopologyModel m = placed(dgxSpec("rail-optimized", 64, 64, 2, true), LeafPlacement::MiddleOfRow);
  const Bom& b = m.analysis.bom;
  double cables = 0, power = 0;
  long long optical = 0;
  for (const Link& l : m.fabric.links()) {
    if (l.medium < 0) continue;
    const Medium& md = m.fabric.media[l.medium];
    cables += linkPrice_usd(md, l.length_m);
    power += linkPower_W(md);
    optical += md.kind == "optics";
  }
  const FabricCounts& c = m.analysis.counts;
  // Every part the sum names is there (an empty optional here was undefined behaviour).
  QVERIFY(m.bomParts.nic && m.bomParts.network_rack);
  QVERIFY(m.analysis.placement.network_racks > 0 && m.bomParts.network_rack->price_usd > 0);
  double expected = cables + c.switches() * m.bomParts.fabric_switch.price_usd + 64 * 8 * m.bomParts.nic->price_usd +
                    m.analysis.placement.network_racks * m.bomParts.network_rack->price_usd;
  QVERIFY2(std::abs(b.price_usd - expected) < 1e-6 * expected, qPrintable(QString("%1 vs %2").arg(b.price_usd).arg(expected)));
  double expectedPower = power + c.switches() * m.bomParts.fabric_switch.power_W + 64 * 8 * m.bomParts.nic->power_W;
  QVERIFY(std::abs(b.power_W - expectedPower) < 1e-6 * expectedPower);
  QCOMPARE(b.optical_links, optical);
  QCOMPARE(b.transceivers, 2 * optical);
  QCOMPARE(b.dac + b.aec + b.aoc + b.optical_links, c.links());
  for (const BomLine& l : b.lines) QVERIFY(l.count > 0);
}

void TstTopologyIo::dotRoundTrip() {
  TopologyModel m = placed(dgxSpec("rail-optimized", 12, 16, 3, true), LeafPlacement::EndOfRow);
  const std::string dot = toDot(m.fabric);
  QVERIFY(dot.rfind("graph \"fabric\" {", 0) == 0);
  Fabric back = fromDot(dot, &fabricCatalog());
  QCOMPARE(toDot(back), dot);
  FabricCounts a = countFabric(m.fabric), b = countFabric(back);
  QCOMPARE(b.switches(), a.switches());
  QCOMPARE(b.links(), a.links());
  QCOMPARE(b.scale_up_links, a.scale_up_links);
  QCOMPARE(hopStats(back).max_hops, hopStats(m.fabric).max_hops);
  QCOMPARE(back.info.topology, m.fabric.info.topology);
  // Media prices come back from the catalog.
  Bom bb = buildBom(back, m.bomParts);
  QVERIFY(std::abs(bb.price_usd - buildBom(m.fabric, m.bomParts).price_usd) < 1e-6 * bb.price_usd);
}

void TstTopologyIo::csvRoundTrip() {
  FabricSpec s = dgxSpec("fat-tree", 40, 32, 2, false);
  s.planes = 2;
  TopologyModel m = placed(s, LeafPlacement::TopOfRack);
  const std::string csv = toCablingCsv(m.fabric);
  QVERIFY(csv.rfind("link,a_device,a_port,a_rack,z_device,z_port,z_rack,kind,medium,part,fiber", 0) == 0);
  Fabric back = fromCablingCsv(csv, &fabricCatalog());
  QCOMPARE(toCablingCsv(back), csv);
  FabricCounts a = countFabric(m.fabric), b = countFabric(back);
  QCOMPARE(b.leaves, a.leaves);
  QCOMPARE(b.spines, a.spines);
  QCOMPARE(b.access_links, a.access_links);
  QCOMPARE(back.info.nodes, 40);
  QCOMPARE(back.info.gpus_per_node, 8);
  QCOMPARE(back.info.planes, 2);
  QCOMPARE(back.info.nics_per_node, 8);
  QCOMPARE(blastRadii(back).max_gpus, blastRadii(m.fabric).max_gpus);
}

void TstTopologyIo::csvErrorsNameTheLine() {
  const std::string header =
      "link,a_device,a_port,a_rack,z_device,z_port,z_rack,kind,medium,part,fiber,fiber_strands,length_m,speed_Gbps\n";
  try {
    fromCablingCsv(header + "0,gpu-0-0,0,R0,leaf-0-0,x,R0,access,dac,DAC-400G-2m,,0,2,400\n");
    QFAIL("no error");
  } catch (const cf::InputError& e) {
    QCOMPARE(e.path(), std::string("csv:2"));
  }
  QVERIFY_THROWS_EXCEPTION(cf::InputError, fromCablingCsv("a_device,z_device\n"));
  QVERIFY_THROWS_EXCEPTION(cf::InputError,
                           fromCablingCsv(header + "0,widget-1,0,R0,leaf-0-0,0,R0,access,dac,D,,0,2,400\n"));
}

void TstTopologyIo::csvDuplicateColumn() {
  // Found by fuzz_topology_dot: a switch of tier 4 made countFabric read past
  // its tier table (heap-buffer-overflow); tiers are 0-3, planes 8-bit.
  {
    std::ifstream dot(std::string(CF_SOURCE_DIR) + "/tests/data/bad/fuzz/fuzz_topology_dot-1");
    const std::string bytes((std::istreambuf_iterator<char>(dot)), std::istreambuf_iterator<char>());
    QVERIFY(!bytes.empty());
    QVERIFY_THROWS_EXCEPTION(cf::InputError, fromDot(bytes));
    QVERIFY_THROWS_EXCEPTION(cf::InputError, fromDot("graph g {\n  \"leaf-0-0\" [kind=leaf, plane=300];\n}\n"));
  }
  // A header naming a column twice read past the end of the row (issue 21 #10).
  std::ifstream in(std::string(CF_SOURCE_DIR) + "/tests/data/bad/cabling-duplicate-column.csv");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  QVERIFY(!text.empty());
  try {
    fromCablingCsv(text);
    QFAIL("no error");
  } catch (const cf::InputError& e) {
    QCOMPARE(e.path(), std::string("csv:1"));
    QVERIFY2(std::string(e.what()).find("\"a_device\" appears twice (columns 2 and 15)") != std::string::npos, e.what());
  }
  // A row with more or fewer cells than the header names its line.
  const std::string header = "a_device,a_port,z_device,z_port,kind,medium,length_m,speed_Gbps\n";
  QVERIFY_THROWS_EXCEPTION(cf::InputError, fromCablingCsv(header + "gpu-0-0,0,leaf-0-0,0,access,dac,2\n"));
  QVERIFY_THROWS_EXCEPTION(cf::InputError, fromCablingCsv(header + "gpu-0-0,0,leaf-0-0,0,access,dac,2,400,x\n"));
}

void TstTopologyIo::namesCannotInject() {
  // Names and part ids that end a DOT string or a CSV field early, open HTML or
  // a spreadsheet formula: written quoted and escaped, read back unchanged (issue 21 #11, #17).
  TopologyModel m = placed(dgxSpec("fat-tree", 8, 16, 2, false), LeafPlacement::EndOfRow);
  Fabric& f = m.fabric;
  QVERIFY(f.media.size() >= 2 && f.rackNames.size() >= 3);
  const std::string inject = R"("]; "gpu-0-0" -- "leaf-9-9" [kind="fabric)";
  f.media[0].part = inject;
  f.media[0].fiber = "<script>alert(1)</script> %1 \\";
  f.media[1].part = "=HYPERLINK(\"http://x\",\"y\"), @SUM(A1)";
  f.rackNames[0] = "\"; DROP TABLE racks; --\nnext line";
  f.rackNames[1] = "-2+3";
  f.rackNames[2] = "'=already quoted";
  const long long links = countFabric(f).links();

  const std::string dot = toDot(f);
  QCOMPARE(std::count(dot.begin(), dot.end(), '\n'), static_cast<long>(f.devices().size() + f.links().size() + 4));
  QVERIFY(dot.find(R"(part="\"]; \"gpu-0-0\" -- \"leaf-9-9\" [kind=\"fabric")") != std::string::npos);
  Fabric back = fromDot(dot);
  QCOMPARE(toDot(back), dot);
  QCOMPARE(back.devices().size(), f.devices().size());
  QCOMPARE(countFabric(back).links(), links);
  QCOMPARE(back.media[0].part, inject);
  QCOMPARE(std::set<std::string>(back.rackNames.begin(), back.rackNames.end()),
           std::set<std::string>(f.rackNames.begin(), f.rackNames.end()));

  const std::string csv = toCablingCsv(f);
  QVERIFY(csv.find(",\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\"), @SUM(A1)\",") != std::string::npos);
  QVERIFY(csv.find(",'-2+3,") != std::string::npos);
  QVERIFY(csv.find(",''=already quoted,") != std::string::npos);
  Fabric fromCsv = fromCablingCsv(csv);
  QCOMPARE(toCablingCsv(fromCsv), csv);
  QCOMPARE(countFabric(fromCsv).links(), links);
  QCOMPARE(fromCsv.devices().size(), f.devices().size());
  std::set<std::string> parts, racks(fromCsv.rackNames.begin(), fromCsv.rackNames.end());
  for (const Medium& md : fromCsv.media) parts.insert(md.part);
  QVERIFY(parts.count(inject) && parts.count(f.media[1].part));
  for (const std::string& r : {f.rackNames[0], f.rackNames[1], f.rackNames[2]}) QVERIFY2(racks.count(r), r.c_str());
}

void TstTopologyIo::scenarioSection_data() {
  QTest::addColumn<int>("nodes");
  QTest::addColumn<QString>("topology");
  QTest::addColumn<int>("tiers");
  QTest::addColumn<double>("o");
  QTest::addColumn<int>("switches");
  QTest::addColumn<int>("maxHops");
  // 2,048 endpoints on 64-port switches: 64 leaves + 32 spines; bisection = injection / 2.
  QTest::newRow("2-tier non-blocking") << 256 << "fat-tree" << 2 << 1.0 << 96 << 4;
  QTest::newRow("2-tier rail 1:1") << 256 << "rail-optimized" << 2 << 1.0 << 96 << 4;
  // 768 endpoints, 48 down + 16 up per leaf: 16 leaves, ceil(16*16/64) = 4 spines.
  QTest::newRow("2-tier 3:1") << 96 << "fat-tree" << 2 << 3.0 << 16 + 4 << 4;
}

void TstTopologyIo::scenarioSection() {
  QFETCH(int, nodes);
  QFETCH(QString, topology);
  QFETCH(int, tiers);
  QFETCH(double, o);
  QFETCH(int, switches);
  QFETCH(int, maxHops);
  const cf::Catalog& cat = fabricCatalog();
  cf::Scenario s = scenario(nodes, topology.toStdString(), tiers, o);
  cf::ResolvedScenario r = cf::resolve(s, cat);
  auto sec = cf::topologySection(r, cat);
  QVERIFY(sec.has_value());
  const nlohmann::json& j = *sec;
  for (const char* k : {"switches", "links", "optics", "bisection_Tbps", "max_hops"}) QVERIFY2(j.contains(k), k);
  QCOMPARE(j["switches"].get<int>(), switches);
  const long long endpoints = 8LL * nodes;
  QCOMPARE(j["links"].get<long long>(), endpoints + endpoints / static_cast<long long>(o));
  QCOMPARE(j["max_hops"].get<int>(), maxHops);
  const double injection_Tbps = endpoints * 0.4;
  QVERIFY(std::abs(j["bisection_Tbps"].get<double>() - injection_Tbps / (2 * o)) < 1e-6 * injection_Tbps);
  QCOMPARE(j["optics"].get<long long>(), j["cables"]["transceivers"].get<long long>() + j["cables"]["aoc"].get<long long>());
  QVERIFY(j["network_capex_usd"].get<double>() > 0);
  QVERIFY(j["bom"].is_array() && !j["bom"].empty());
  QCOMPARE(j["rail_optimized"].get<bool>(), topology == "rail-optimized");
  QVERIFY(!j.dump().empty());  // every number finite: dump() would throw on NaN? no, check explicitly
  for (auto& [k, v] : j.items())
    if (v.is_number()) QVERIFY2(std::isfinite(v.get<double>()), k.c_str());
}

void TstTopologyIo::commandExports() {
  const cf::Catalog& cat = fabricCatalog();
  cf::Scenario s = scenario(16, "fat-tree", 2, 1.0);
  cf::ResolvedScenario r = cf::resolve(s, cat);
  nlohmann::json rep = cf::topologyReport(r, cat);
  QVERIFY(rep.contains("hop_histogram"));
  QVERIFY(rep.contains("placement"));
  QCOMPARE(rep["switches"].get<int>(), 4 + 2);  // 128 endpoints: 4 leaves, 128/64 = 2 spines
  std::string dot = cf::exportDot(r, cat);
  std::string csv = cf::exportCablingCsv(r, cat);
  QCOMPARE(countFabric(fromDot(dot)).links(), 256LL);
  QCOMPARE(countFabric(fromCablingCsv(csv)).links(), 256LL);
  // Too few tiers for the endpoints: the model adds tiers (validation warns) and says so.
  cf::Scenario grown = scenario(64, "fat-tree", 1, 1.0);  // 512 NIC ports > 64 on one tier
  nlohmann::json g = cf::topologySection(cf::resolve(grown, cat), cat).value();
  QCOMPARE(g["tiers"].get<int>(), 2);
  QCOMPARE(g["tiers_requested"].get<int>(), 1);
  QVERIFY(g["connected"].get<bool>());
  // An impossible fabric (more than 3 tiers of 64-port switches: > 65,536 ports) names the key.
  cf::Scenario big = scenario(10000, "fat-tree", 3, 1.0);
  try {
    cf::topologyReport(cf::resolve(big, cat), cat);
    QFAIL("no error");
  } catch (const cf::InputError& e) {
    QCOMPARE(e.path(), std::string("cluster.scale_out.tiers"));
  }
}

QTEST_APPLESS_MAIN(TstTopologyIo)
#include "tst_topology_io.moc"
