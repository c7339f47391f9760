// Power, PUE, carbon and cost against published figures and closed forms.
#include <QtTest>

#include "../TestData.h"
#include "cost/CostModel.h"
#include "design/Resolved.h"
#include "energy/EnergyModel.h"
#include "energy/FacilityModel.h"
#include "sim/Simulate.h"
#include "common/InputError.h"

using namespace cf;
using nlohmann::json;

namespace {

struct Fixture {
  Project project;
  Catalog parts;
  ResolvedScenario r;
  explicit Fixture(const json& j) : project(projectFromJson(j)), parts(project.resolvedParts()) {
    r = resolve(project.scenarios[0], parts);
  }
};

json h100Cluster(int nodes, const std::string& cooling, const std::string& climate, const std::string& system = "") {
  json j = cftest::smallScenario();
  j["cluster"]["nodes"] = nodes;
  j["cluster"]["facility"] = {{"cooling", cooling}, {"climate", climate}};
  if (!system.empty()) j["cluster"]["facility"]["cooling_system"] = system;
  return j;
}

const CoolingPart& cooling(const std::string& id) { return *Catalog::builtin().coolingPart(id); }

}  // namespace

class TestEnergy : public QObject {
  Q_OBJECT
 private slots:
  // DGX H100 datasheet: ~10.2 kW max system power (shared/reference/power-cost.md).
  void dgxH100AtFullLoad() {
    Fixture f(h100Cluster(1, "air", "temperate"));
    ItInventory it = itInventory(f.r, f.parts, {});
    double nodeW = it.power_W("accelerator", 1.0) + it.power_W("host", 1.0) + it.power_W("nic", 1.0);
    QVERIFY2(qAbs(nodeW - 10200.0) / 10200.0 < 0.05, qPrintable(QString::number(nodeW)));
    QCOMPARE(it.power_W("accelerator", 1.0), 8 * 700.0);
    // Idle draws far less than training.
    QVERIFY(it.power_W(0.0) < 0.5 * it.power_W(1.0));
  }

  void liquidCoolingRemovesServerFans() {
    Fixture air(h100Cluster(1, "air", "temperate"));
    Fixture dlc(h100Cluster(1, "direct-liquid", "temperate", "dlc-full-coldplate"));
    double a = itInventory(air.r, air.parts, {}).power_W("host", 1.0);
    double d = itInventory(dlc.r, dlc.parts, {}).power_W("host", 1.0);
    QVERIFY(d < a);
    QVERIFY(a - d < 0.1 * 10200);  // fans are a slice, not the host
  }

  void pueFallsAsLoadRises_data() {
    QTest::addColumn<QString>("system");
    QTest::addColumn<QString>("redundancy");
    QTest::addColumn<QString>("chain");
    for (const char* s : {"air-crah-chiller", "air-economiser", "rear-door-hx", "dlc-hybrid", "dlc-full-coldplate", "immersion-1p"})
      for (const char* red : {"N", "N+1", "2N"})
        for (const std::string& ch : powerChainKinds())
          QTest::newRow(qPrintable(QString("%1 %2 %3").arg(s, red, QString::fromStdString(ch)))) << s << red
                                                                                                  << QString::fromStdString(ch);
  }
  void pueFallsAsLoadRises() {
    QFETCH(QString, system);
    QFETCH(QString, redundancy);
    QFETCH(QString, chain);
    double previous = 1e9;
    for (double load = 0.1; load <= 1.0001; load += 0.05) {
      double pue = facilityAt(1000.0 * load, 1000.0, redundancy.toStdString(), cooling(system.toStdString()), 15.0,
                              chain.toStdString())
                       .pue();
      QVERIFY2(pue < previous, qPrintable(QString("load %1: %2 after %3").arg(load).arg(pue).arg(previous)));
      previous = pue;
    }
  }

  // Default: double conversion, WP 113 constants (4 % of IT at full load on an N UPS).
  void powerChainDefaultUnchanged() {
    const CoolingPart& c = cooling("dlc-full-coldplate");
    for (double load : {300.0, 700.0, 1000.0}) {
      const FacilityPoint def = facilityAt(load, 1000, "N+1", c, 20);
      const FacilityPoint dc = facilityAt(load, 1000, "N+1", c, 20, "double-conversion");
      QCOMPARE(def.facility_kW(), dc.facility_kW());
    }
    QVERIFY(qAbs(facilityAt(1000, 1000, "N", c, 20).chain.ups_kW - 40.0) < 1e-9);
    QCOMPARE(Facility{}.power_chain, powerChainKinds().front());
    QCOMPARE(powerChainKinds().front(), std::string("double-conversion"));
  }
  // Eco-mode (Schneider WP 157: ~98-99 % against ~94-96 % online) and mains + HVDC
  // (~97-98.5 % chain) cut the UPS-stage loss by 2-3.5 % of the IT load, at every load.
  void powerChainSavings() {
    const CoolingPart& c = cooling("dlc-full-coldplate");
    for (double load : {0.3, 0.5, 0.8, 1.0}) {
      const double it = 1000 * load;
      auto ups = [&](const char* kind) { return facilityAt(it, 1000, "N", c, 20, kind).chain.ups_kW / it; };
      const double dc = ups("double-conversion"), eco = ups("eco-mode"), hvdc = ups("hvdc");
      const QString msg = QString("load %1: dc %2 eco %3 hvdc %4").arg(load).arg(dc).arg(eco).arg(hvdc);
      QVERIFY2(eco >= 0.008 && eco <= 0.02, qPrintable(msg));    // 98-99.2 % efficient
      QVERIFY2(hvdc >= 0.012 && hvdc <= 0.03, qPrintable(msg));  // 97-98.8 %
      QVERIFY2(dc - eco >= 0.02 && dc - eco <= 0.045, qPrintable(msg));
      QVERIFY2(dc - hvdc >= 0.015 && dc - hvdc <= 0.04, qPrintable(msg));
      // Whole-facility PUE falls with the chain loss (less heat to remove too).
      QVERIFY(facilityAt(it, 1000, "N", c, 20, "eco-mode").pue() < facilityAt(it, 1000, "N", c, 20).pue() - 0.015);
    }
  }
  void powerChainBadValueNamesTheKey() {
    try {
      facilityAt(500, 1000, "N+1", cooling("air-crah-chiller"), 15, "flywheel-magic");
      QFAIL("no error");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("cluster.facility.power_chain"));
    }
    json j = h100Cluster(4, "air", "temperate");
    j["cluster"]["facility"]["power_chain"] = "flywheel-magic";
    try {
      projectFromJson(j);
      QFAIL("no error");
    } catch (const InputError& e) {
      QVERIFY2(QString::fromStdString(e.path()).endsWith("cluster.facility.power_chain"), e.what());
    }
    // Round trip: written only when not the default, read back the same.
    j["cluster"]["facility"]["power_chain"] = "hvdc";
    const Scenario a = scenarioFromJson(j);
    QCOMPARE(a.cluster.facility.power_chain, std::string("hvdc"));
    QCOMPARE(scenarioToJson(a)["cluster"]["facility"]["power_chain"].get<std::string>(), std::string("hvdc"));
    QVERIFY(scenarioFromJson(scenarioToJson(a)) == a);
    j["cluster"]["facility"].erase("power_chain");
    QVERIFY(!scenarioToJson(scenarioFromJson(j))["cluster"]["facility"].contains("power_chain"));
  }

  // Seed case: liquid-cooled super-node halls at PUE 1.09. The example runs
  // GB200 NVL72 on full cold plates in Guiyang behind mains + HVDC.
  void liquidSupernodeExampleNearSeed() {
    json j = parseJsonText(cftest::readText(std::string(CF_SOURCE_DIR) + "/resources/examples/liquid-supernode-vs-air.json"));
    Project p = projectFromJson(j);
    QCOMPARE(p.scenarios[0].cluster.facility.power_chain, std::string("hvdc"));
    const double pue = simulateScenario(p, 0, {})["energy"]["pue"].get<double>();
    p.scenarios[0].cluster.facility.power_chain = "double-conversion";
    const double online = simulateScenario(p, 0, {})["energy"]["pue"].get<double>();
    qInfo("liquid super-node example: PUE %.3f (double conversion %.3f)", pue, online);
    QVERIFY2(pue > 1.075 && pue < 1.105, qPrintable(QString::number(pue)));
    QVERIFY(online - pue > 0.02);
  }

  void redundancyCostsEfficiency() {
    const CoolingPart& c = cooling("air-crah-chiller");
    QVERIFY(facilityAt(500, 1000, "2N", c, 15).pue() > facilityAt(500, 1000, "N+1", c, 15).pue());
    QVERIFY(facilityAt(500, 1000, "N+1", c, 15).pue() > facilityAt(500, 1000, "N", c, 15).pue());
  }

  // Best published fleets: Google 1.10, Meta 1.08; seeds: liquid super-node 1.09.
  void liquidInACoolClimateNearBestFleets_data() {
    QTest::addColumn<QString>("climate");
    QTest::newRow("nordics") << "nordics";
    QTest::newRow("ulanqab") << "Ulanqab";
    QTest::newRow("oregon") << "oregon";
  }
  void liquidInACoolClimateNearBestFleets() {
    QFETCH(QString, climate);
    Fixture f(h100Cluster(512, "direct-liquid", climate.toStdString(), "dlc-full-coldplate"));
    EnergyResult e = computeEnergy(f.r, f.parts, {}, 0.9);
    QVERIFY2(e.year.pue_annual >= 1.05 && e.year.pue_annual <= 1.15, qPrintable(QString::number(e.year.pue_annual)));
  }

  // Uptime Institute: industry average PUE 1.58 (2023), 1.56 (2024).
  void airInATemperateClimateNearIndustryAverage() {
    Fixture f(h100Cluster(512, "air", "temperate", "air-crah-chiller"));
    EnergyResult e = computeEnergy(f.r, f.parts, {}, 0.9);
    QVERIFY2(e.year.pue_annual >= 1.4 && e.year.pue_annual <= 1.7, qPrintable(QString::number(e.year.pue_annual)));
  }

  void hotClimatesCostMore() {
    Fixture cold(h100Cluster(64, "air", "nordics", "air-economiser"));
    Fixture hot(h100Cluster(64, "air", "singapore", "air-economiser"));
    EnergyResult c = computeEnergy(cold.r, cold.parts, {}, 0.9);
    EnergyResult h = computeEnergy(hot.r, hot.parts, {}, 0.9);
    QVERIFY(h.year.pue_annual > c.year.pue_annual + 0.05);
    // Monthly PUE follows the seasons in the north.
    QVERIFY(c.year.pue[6] > c.year.pue[0]);
  }

  void energyIsFacilityPowerTimesHours() {
    Fixture f(h100Cluster(128, "air", "beijing"));
    EnergyResult e = computeEnergy(f.r, f.parts, {}, 0.8);
    QCOMPARE(e.energy_MWh_per_year, e.year.facility_kW * 8760.0 / 1000.0);
    QCOMPARE(e.co2_t_per_year, e.energy_MWh_per_year * 0.5703);  // China national grid average (MEE)
    QVERIFY(e.it_train_kW < e.it_peak_kW);
  }

  void gridOverride() {
    json j = h100Cluster(16, "air", "beijing");
    j["cluster"]["facility"]["grid_kgCO2_per_kWh"] = 0.0;  // green power contract
    Fixture f(j);
    QCOMPARE(computeEnergy(f.r, f.parts, {}, 1.0).co2_t_per_year, 0.0);
  }

  void rackPlanRespectsBudgets() {
    Fixture f(h100Cluster(100, "air", "temperate"));
    EnergyResult e = computeEnergy(f.r, f.parts, {}, 1.0);
    QVERIFY(e.racks.rack_kW <= e.racks.rack_budget_kW + 1e-9);
    QCOMPARE(e.racks.racks, (100LL + e.racks.nodes_per_rack - 1) / e.racks.nodes_per_rack);
    QCOMPARE(e.racks.rack_BTU_per_h, e.racks.rack_kW * 3412.14);
  }

  void tcoClosedForms() {
    Fixture f(h100Cluster(128, "direct-liquid", "guiyang"));
    std::vector<NetworkItem> net = {{"switch", "QM9700-NDR-64p", 48, 1500, 30000}, {"transceiver", "OSFP-400G-DR4", 2048, 9, 800}};
    EnergyResult e = computeEnergy(f.r, f.parts, net, 0.85);
    const double wall = 30 * 86400.0;
    CostResult c = computeCost(f.r, f.parts, net, e, wall);
    QCOMPARE(c.tco_usd, c.capex_usd + c.years * c.opex_usd_per_year);
    double capex = 0;
    for (const auto& l : c.capex_lines) capex += l.total();
    QVERIFY(qAbs(capex - c.capex_usd) < 1e-6 * capex);
    QCOMPARE(c.electricity_usd_per_year, e.energy_MWh_per_year * 1000.0 * 0.08);
    const double gpus = 1024;
    QVERIFY(qAbs(c.usd_per_gpu_hour - c.tco_usd / (gpus * 5 * 8760 * 0.85)) < 1e-9);
    QVERIFY(qAbs(c.run_cost_usd - 720.0 * 1024 * c.usd_per_gpu_hour) < 1e-6);
    QVERIFY(qAbs(c.usd_per_million_tokens - c.run_cost_usd / 1e11 * 1e6) < 1e-9);
    QVERIFY(qAbs(c.cloud_breakeven_utilization - c.tco_usd / (c.cloud_usd_per_gpu_hour * gpus * 8760 * 5)) < 1e-12);
    // The network lines are in the bill.
    bool hasSwitches = false;
    for (const auto& l : c.capex_lines) hasSwitches |= (l.part == "QM9700-NDR-64p" && l.count == 48);
    QVERIFY(hasSwitches);
  }

  // Sanity against published prices: an H100 cluster owned for 5 years costs more per
  // GPU-hour than its hardware alone and lands in the public $1.5–4 range.
  void h100GpuHourInPublishedRange() {
    Fixture f(h100Cluster(128, "air", "virginia"));
    EnergyResult e = computeEnergy(f.r, f.parts, {}, 0.9);
    CostResult c = computeCost(f.r, f.parts, {}, e, 86400);
    QVERIFY2(c.usd_per_gpu_hour > 1.5 && c.usd_per_gpu_hour < 4.0, qPrintable(QString::number(c.usd_per_gpu_hour)));
    QVERIFY(c.cloud_usd_per_gpu_hour > 2.0 && c.cloud_usd_per_gpu_hour < 3.5);
  }
};

QTEST_GUILESS_MAIN(TestEnergy)
#include "tst_energy.moc"
