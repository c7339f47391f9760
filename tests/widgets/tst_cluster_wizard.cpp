// The cluster wizard and the layout generator: counts of nodes, racks and
// switches for known designs, a valid generated scenario, and the wizard
// dialog building the same scenario from its widgets.
#include <QComboBox>
#include <algorithm>
#include <QElapsedTimer>
#include <QLocale>
#include <QFile>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

#include "ClusterWizard.h"
#include "HallView.h"
#include "RackEditor.h"
#include "design/ScenarioJson.h"
#include "Document.h"
#include "WizardChoices.h"
#include "design/Resolved.h"
#include "design/Validation.h"
#include "topology/TopologyModel.h"

using namespace cf;

class TestClusterWizard : public QObject {
  Q_OBJECT

 private slots:
  void counts_data() {
    QTest::addColumn<QString>("accelerator");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<QString>("cooling");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("perRack");
    QTest::addColumn<int>("computeRacks");
    // DGX-H100 draws 10.2 kW: one per rack under the 20 kW air limit ...
    QTest::newRow("H100 air") << "H100-SXM5-80GB" << 1024 << "air" << 128 << 1 << 128;
    // ... and three in a 40 kW air rack under direct-liquid facility cooling: the DGX-H100 is
    // air-cooled (the catalog has no liquid-cooled H100 node), so the generator keeps it out of
    // the 130 kW liquid racks, whose manifolds it could not use.
    QTest::newRow("H100 liquid") << "H100-SXM5-80GB" << 1024 << "direct-liquid" << 128 << 3 << 43;
    // GB200 NVL72: one 72-GPU rack system per rack.
    QTest::newRow("GB200 NVL72") << "GB200" << 576 << "direct-liquid" << 8 << 1 << 8;
  }
  void counts() {
    QFETCH(QString, accelerator);
    QFETCH(int, gpus);
    QFETCH(QString, cooling);
    WizardChoices c;
    c.accelerator = accelerator.toStdString();
    c.gpus = gpus;
    c.cooling = cooling.toStdString();
    LayoutSummary sum;
    const Catalog& parts = Catalog::builtin();
    const Scenario s = buildWizardScenario(c, parts, &sum);
    QTEST(s.cluster.nodes, "nodes");
    QTEST(sum.nodes_per_rack, "perRack");
    QTEST(sum.compute_racks, "computeRacks");
    QCOMPARE(sum.nodes_placed, s.cluster.nodes);
    QVERIFY(sum.network_racks > 0);
    QVERIFY(sum.switches > 0);
    QVERIFY(sum.storage_racks > 0);
    int racks = 0, nodes = 0;
    for (const Hall& h : s.layout.sites[0].halls)
      for (const Row& r : h.rows)
        for (const Rack& k : r.racks) {
          ++racks;
          for (const Placement& p : k.placements) nodes += p.kind == "node";
        }
    QCOMPARE(racks, sum.racks);
    QCOMPARE(racks, sum.compute_racks + sum.network_racks + sum.storage_racks);
    QCOMPARE(nodes, s.cluster.nodes);
    // The generated design is valid: no errors (budgets, overlaps, parallelism).
    for (const Issue& i : validateScenario(s, parts))
      QVERIFY2(i.severity != Issue::Severity::Error, i.text().c_str());
  }

  void switchEstimate() {
    // 128 DGX-H100 x 8 NICs = 1,024 endpoints on 64-port NDR switches, 2 tiers:
    // 32 leaves (32 down) and 16 spines.
    WizardChoices c;
    c.gpus = 1024;
    const Scenario s = buildWizardScenario(c, Catalog::builtin());
    QCOMPARE(s.cluster.scale_out.tiers, 2);
    QCOMPARE(estimateSwitches(s, Catalog::builtin()), 48LL);
  }

  // A 16,384-GPU design (2,048 DGX-H100 in ~390 liquid-cooled racks) builds
  // and opens in the hall and rack views quickly; the figure is printed.
  void bigDesignOpensQuickly() {
    WizardChoices c;
    c.gpus = 16384;
    c.cooling = "direct-liquid";
    QElapsedTimer t;
    t.start();
    LayoutSummary sum;
    const Scenario s = buildWizardScenario(c, Catalog::builtin(), &sum);
    const qint64 buildMs = t.restart();
    Document doc;
    Project p;
    p.scenarios.push_back(s);
    p.adoptParts();
    doc.reset(p);
    HallView hall(&doc);
    RackEditor racks(&doc);
    hall.show();
    racks.show();
    QCoreApplication::processEvents();
    const qint64 openMs = t.elapsed();
    qInfo("16,384 GPUs: %d racks (%d compute); generated in %lld ms, opened in hall and rack views in %lld ms",
          sum.racks, sum.compute_racks, buildMs, openMs);
    QCOMPARE(s.cluster.nodes, 2048);
    QVERIFY(hall.rackItems() > 0);
    // The < 2 s goal is measured by tests/bench/editors/bench_design_open (no timed assertion here).
    if (qEnvironmentVariableIsSet("CF_SCREENSHOT_DIR")) {
      QFile f(qEnvironmentVariable("CF_SCREENSHOT_DIR") + QStringLiteral("/big-16k.cf.json"));
      if (f.open(QIODevice::WriteOnly)) f.write(QByteArray::fromStdString(projectToJson(p).dump(1)));
    }
  }

  // The wizard run offscreen through its widgets: the network counts it shows
  // before Finish are the fabric engine's (topology::buildTopology, what the
  // simulate "topology" section reports) for the design it generates, and the
  // network racks hold exactly those switches, tier by tier.
  void countsFromFabricEngine_data() {
    QTest::addColumn<QString>("topology");
    QTest::addColumn<int>("gpus");
    QTest::addColumn<QString>("cooling");
    QTest::newRow("fat-tree 1k") << "fat-tree" << 1024 << "air";
    QTest::newRow("rail-optimized 2k") << "rail-optimized" << 2048 << "direct-liquid";
    QTest::newRow("fat-tree 3-tier 8k") << "fat-tree" << 8192 << "direct-liquid";
    QTest::newRow("spine-leaf 256") << "spine-leaf" << 256 << "air";
    QTest::newRow("dragonfly 1k") << "dragonfly" << 1024 << "direct-liquid";
    QTest::newRow("torus3d 512") << "torus3d" << 512 << "air";
  }
  void countsFromFabricEngine() {
    QFETCH(QString, topology);
    QFETCH(int, gpus);
    QFETCH(QString, cooling);
    const Catalog parts = Catalog::builtin();
    ClusterWizard wizard(parts);
    wizard.show();
    auto* gpuBox = wizard.findChild<QSpinBox*>(QStringLiteral("wizardGpus"));
    auto* topoBox = wizard.findChild<QComboBox*>(QStringLiteral("wizardTopology"));
    auto* coolBox = wizard.findChild<QComboBox*>(QStringLiteral("wizardCooling"));
    QVERIFY(gpuBox && topoBox && coolBox);
    gpuBox->setValue(gpus);
    topoBox->setCurrentIndex(topoBox->findData(topology));
    coolBox->setCurrentIndex(coolBox->findData(cooling));
    wizard.next();  // the last page, with Finish
    QVERIFY2(wizard.fabricValid(), qPrintable(wizard.summaryText()));
    const WizardFabric shown = wizard.fabricCounts();

    const Scenario s = wizard.scenario();
    QCOMPARE(s.cluster.gpus(), static_cast<long long>(gpus));
    const topology::TopologyModel m = topology::buildTopology(resolve(s, parts), parts);
    const topology::FabricCounts& c = m.analysis.counts;
    QCOMPARE(shown.leaves, c.leaves);
    QCOMPARE(shown.spines, c.spines);
    QCOMPARE(shown.cores, c.cores);
    QCOMPARE(shown.routers, c.routers);
    QCOMPARE(shown.access_links, c.access_links);
    QCOMPARE(shown.fabric_links, c.fabric_links);
    QCOMPARE(shown.dac, m.analysis.bom.dac);
    QCOMPARE(shown.aec, m.analysis.bom.aec);
    QCOMPARE(shown.aoc, m.analysis.bom.aoc);
    QCOMPARE(shown.transceivers, m.analysis.bom.transceivers);
    const nlohmann::json section = topology::sectionJson(m);
    QCOMPARE(shown.switches(), section["switches"].get<long long>());
    QCOMPARE(shown.links(), section["links"].get<long long>());
    QCOMPARE(shown.optics(), section["optics"].get<long long>());
    QCOMPARE(shown.tiers, section["tiers"].get<int>());
    QVERIFY(shown.links() > 0);
    // The page says so, with the same numbers.
    const QLocale loc;
    const QString text = wizard.fabricText();
    QVERIFY2(text.contains(loc.toString(shown.switches()) + QLatin1Char(' ')), qPrintable(text));
    QVERIFY2(text.contains(loc.toString(shown.links()) + QLatin1Char(' ')), qPrintable(text));
    QVERIFY2(text.contains(loc.toString(shown.transceivers) + QLatin1Char(' ')), qPrintable(text));
    // The generated network racks hold exactly these switches.
    long long placed = 0, leaves = 0;
    for (const Hall& h : s.layout.sites[0].halls)
      for (const Row& r : h.rows)
        for (const Rack& k : r.racks)
          for (const Placement& pl : k.placements) {
            placed += pl.kind == "switch";
            leaves += pl.kind == "switch" && pl.name.rfind("leaf-", 0) == 0;
          }
    QCOMPARE(placed, shown.switches());
    QCOMPARE(leaves, shown.leaves);
    if (topology == QLatin1String("fat-tree") && gpus == 1024) {
      // 128 DGX-H100 x 8 NICs = 1,024 ports on 64-port switches, 2 tiers: 32
      // leaves (32 down, 32 up) and 16 spines; 1,024 access and 1,024 leaf-spine links.
      QCOMPARE(shown.leaves, 32LL);
      QCOMPARE(shown.spines, 16LL);
      QCOMPARE(shown.access_links, 1024LL);
      QCOMPARE(shown.fabric_links, 1024LL);
    }
    if (topology == QLatin1String("torus3d")) QCOMPARE(shown.switches(), 0LL);  // routers are the NICs
  }

  // A fabric the engine cannot build (131,072 NIC ports on three tiers of
  // 64-port switches) is shown as the reason, and the wizard cannot finish.
  void unbuildableFabricBlocksFinish() {
    ClusterWizard wizard(Catalog::builtin());
    wizard.show();
    wizard.findChild<QSpinBox*>(QStringLiteral("wizardGpus"))->setValue(131072);
    QTRY_VERIFY(!wizard.fabricValid());
    QVERIFY(!wizard.currentPage()->isComplete());
    QVERIFY2(wizard.summaryText().contains(QStringLiteral("cluster.scale_out.tiers")), qPrintable(wizard.summaryText()));
    QVERIFY(wizard.fabricText().isEmpty());
    wizard.findChild<QSpinBox*>(QStringLiteral("wizardGpus"))->setValue(4096);
    QTRY_VERIFY(wizard.fabricValid());
    QVERIFY(wizard.currentPage()->isComplete());
  }

  // Issue 15: when the ports run out, the wizard offers what would fit and
  // one click makes the design build. 100,000 H100 (100,000 NIC ports) do not
  // fit three tiers of the default 64-port switch (65,536 ports).
  void remediesMakeItFit() {
    WizardChoices c;
    c.gpus = 100000;
    const std::vector<WizardRemedy> remedies = wizardRemedies(c, Catalog::builtin());
    QVERIFY(!remedies.empty());
    const auto sw = std::find_if(remedies.begin(), remedies.end(),
                                 [](const WizardRemedy& r) { return r.kind == WizardRemedy::Kind::Switch; });
    QVERIFY(sw != remedies.end());
    const WizardChoices fixed = sw->applyTo(c);
    QCOMPARE(fixed.switch_id, sw->value);
    const Scenario s = buildWizardScenario(fixed, Catalog::builtin());
    QCOMPARE(s.cluster.scale_out.switch_id, sw->value);
    QVERIFY(wizardRemedies(fixed, Catalog::builtin()).empty());
    // Every remedy offered builds.
    for (const WizardRemedy& r : remedies) {
      WizardFabric f;
      buildWizardScenario(r.applyTo(c), Catalog::builtin(), nullptr, &f);
      QVERIFY(f.switches() > 0);
    }
    // A design that builds gets none.
    QVERIFY(wizardRemedies(WizardChoices{}, Catalog::builtin()).empty());

    ClusterWizard wizard(Catalog::builtin());
    wizard.show();
    wizard.findChild<QSpinBox*>(QStringLiteral("wizardGpus"))->setValue(100000);
    QTRY_VERIFY(!wizard.fabricValid());
    QTRY_VERIFY(!wizard.remedies().empty());
    auto* button = wizard.findChild<QPushButton*>(QStringLiteral("wizardRemedy0"));
    QVERIFY(button);
    QVERIFY(!button->text().isEmpty());
    if (qEnvironmentVariableIsSet("CF_SCREENSHOT_DIR"))
      wizard.grab().save(qEnvironmentVariable("CF_SCREENSHOT_DIR") + QStringLiteral("/wizard-remedies.png"));
    button->click();
    QTRY_VERIFY(wizard.fabricValid());
    QVERIFY(wizard.currentPage()->isComplete());
    QVERIFY(wizard.remedies().empty());
  }

  void dialogAddsOneScenario() {
    Document doc;
    ClusterWizard wizard(doc.project().resolvedParts());
    WizardChoices c;
    c.gpus = 2048;
    c.cooling = "direct-liquid";
    wizard.setChoices(c);
    QCOMPARE(wizard.findChild<QSpinBox*>(QStringLiteral("wizardGpus"))->value(), 2048);
    QVERIFY(wizard.summaryText().contains(QStringLiteral("256")));
    if (qEnvironmentVariableIsSet("CF_SCREENSHOT_DIR")) {  // for looking at the pages by eye
      wizard.show();
      wizard.grab().save(qEnvironmentVariable("CF_SCREENSHOT_DIR") + QStringLiteral("/wizard-1.png"));
      wizard.next();
      wizard.grab().save(qEnvironmentVariable("CF_SCREENSHOT_DIR") + QStringLiteral("/wizard-2.png"));
    }
    const Scenario s = wizard.scenario();
    QCOMPARE(s.cluster.nodes, 256);
    QCOMPARE(s.cluster.facility.cooling, std::string("direct-liquid"));
    doc.addScenario(s);
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.scenarioCount(), 2);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenarioCount(), 1);
  }
};

QTEST_MAIN(TestClusterWizard)
#include "tst_cluster_wizard.moc"
