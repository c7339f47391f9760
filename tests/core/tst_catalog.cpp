// The built-in catalog: complete, sourced, internally consistent, and round-trips.
#include <QtTest>

#include "catalog/Catalog.h"
#include "catalog/CatalogData.h"
#include "common/JsonReader.h"

using namespace cf;

class TestCatalog : public QObject {
  Q_OBJECT
 private slots:
  void loadsEveryShippedFile() {
    const Catalog& c = Catalog::builtin();
    QVERIFY(c.accelerators.size() >= 9);
    QVERIFY(c.nodes.size() >= 3);
    QVERIFY(!c.switches.empty());
    QVERIFY(!c.nics.empty());
    QVERIFY(!c.links.empty());
    QVERIFY(!c.storage.empty());
    QVERIFY(!c.cooling.empty());
    QVERIFY(!c.racks.empty());
    QVERIFY(!c.pdus.empty());
  }

  void requiredAccelerators_data() {
    QTest::addColumn<QString>("id");
    for (const char* id : {"V100-SXM2-32GB", "A100-SXM4-40GB", "A100-SXM4-80GB", "H100-SXM5-80GB", "H200-SXM-141GB",
                           "B200", "GB200", "MI300X", "Ascend-910B"})
      QTest::newRow(id) << QString(id);
  }
  void requiredAccelerators() {
    QFETCH(QString, id);
    const Accelerator* a = Catalog::builtin().accelerator(id.toStdString());
    QVERIFY2(a, qPrintable(id));
    QVERIFY(a->peak_tflops.forPrecision("bf16") > 0 || a->peak_tflops.fp16 > 0);
    QVERIFY(a->hbm_GiB > 0 && a->hbm_GBps > 0 && a->tdp_W > 0 && a->price_usd > 0);
  }

  // Published datasheet values the models depend on (NVIDIA A100/H100 datasheets).
  void datasheetFigures() {
    const Catalog& c = Catalog::builtin();
    QCOMPARE(c.accelerator("A100-SXM4-80GB")->peak_tflops.bf16, 312.0);
    QCOMPARE(c.accelerator("A100-SXM4-80GB")->scale_up_GBps, 300.0);
    QVERIFY(qAbs(c.accelerator("H100-SXM5-80GB")->peak_tflops.bf16 - 989.0) < 1.0);
    QCOMPARE(c.accelerator("H100-SXM5-80GB")->tdp_W, 700.0);
    QCOMPARE(c.accelerator("H100-SXM5-80GB")->scale_up_GBps, 450.0);
  }

  void everyPartHasASource() {
    const Catalog& c = Catalog::builtin();
    json j = c.toJson();
    int n = 0;
    for (auto it = j.begin(); it != j.end(); ++it)
      for (const auto& part : it.value()) {
        QVERIFY2(!part["source"].get<std::string>().empty(), part["id"].get<std::string>().c_str());
        ++n;
      }
    QCOMPARE(n, static_cast<int>(c.size()));
  }

  void referencesResolve() {
    const Catalog& c = Catalog::builtin();
    for (const auto& n : c.nodes) {
      QVERIFY2(c.accelerator(n.accelerator), n.id.c_str());
      QVERIFY2(n.nic.empty() || c.nic(n.nic), n.id.c_str());
    }
  }

  void roundTrip() {
    const Catalog& c = Catalog::builtin();
    Catalog back = Catalog::fromJson(c.toJson());
    QVERIFY(back == c);
  }

  void defaultSwitchCarriesTheNic() {
    const Catalog& c = Catalog::builtin();
    for (double g : {100.0, 200.0, 400.0, 800.0}) {
      const SwitchPart* s = c.defaultSwitchFor(g);
      QVERIFY(s);
      QVERIFY(s->port_Gbps >= g);
    }
  }

  void badPartNamesTheField() {
    json bad = {{"accelerators", {{{"id", "X"}, {"peak_tflops", {{"bf16", 100}}}, {"hbm_GiB", "lots"},
                                   {"hbm_GBps", 1000}, {"tdp_W", 300}}}}};
    try {
      Catalog::fromJson(bad);
      QFAIL("no error");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("parts.accelerators[0].hbm_GiB"));
    }
    json dup = {{"nics", {{{"id", "N"}, {"port_Gbps", 100}}, {{"id", "N"}, {"port_Gbps", 200}}}}};
    QVERIFY_THROWS_EXCEPTION(InputError, Catalog::fromJson(dup));
  }

  void userPartsOverrideAndMerge() {
    Catalog mine;
    Accelerator a = *Catalog::builtin().accelerator("H100-SXM5-80GB");
    a.price_usd = 1;
    mine.upsert(a);
    mine.mergeMissing(Catalog::builtin());
    QCOMPARE(mine.accelerator("H100-SXM5-80GB")->price_usd, 1.0);
    QCOMPARE(mine.size(), Catalog::builtin().size());
  }
};

QTEST_GUILESS_MAIN(TestCatalog)
#include "tst_catalog.moc"
