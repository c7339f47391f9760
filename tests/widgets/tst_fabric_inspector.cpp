// The fabric view that shows load (issue 18 item 3): "Show path" lists every
// hop, the inspector of a link says its medium, part, length, price, power,
// load in both directions and the flows through it, the switch inspector its
// part and load, the legend names the source, and the colour scale tells a
// load from four times that load.
#include <QTest>

#include "Document.h"
#include "fabric/FabricCanvas.h"
#include "fabric/FabricInspector.h"
#include "fabric/FabricItem.h"
#include "fabric/FabricLegend.h"
#include "fabric/LinkOverlay.h"
#include "sim/Simulate.h"
#include "topology/Generators.h"
#include "topology/Media.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/bert-large-128xv100.json");

std::shared_ptr<topology::Fabric> smallFatTree() {
  topology::FabricSpec s;
  s.nodes = 64;
  s.gpus_per_node = 8;
  s.nics_per_node = 8;
  s.tiers = 2;
  s.radix = 64;
  return std::make_shared<topology::Fabric>(topology::generate(s));
}

QString name(const topology::Fabric& f, std::uint32_t d) { return QString::fromStdString(f.name(d)); }
double hue(const QColor& c) { return c.hsvHueF() * 360.0; }
}  // namespace

class TestFabricInspector : public QObject {
  Q_OBJECT

  Document doc_;
  SimResult flow_;

 private slots:
  void initTestCase() {
    QString error;
    QVERIFY2(doc_.open(kExample, &error), qPrintable(error));
    SimulateOptions o;
    o.network = "flow";
    o.monte_carlo = false;
    nlohmann::json j;
    flow_.set(simulate(doc_.project(), 0, o, &j), std::move(j));
  }

  void pathListsEveryHop() {
    Document doc;
    FabricCanvas canvas(&doc);
    auto f = smallFatTree();
    canvas.setFabric(f);
    const auto path = canvas.showPath(0, 511);
    QCOMPARE(path.size(), std::size_t(4));  // GPU -> leaf -> spine -> leaf -> GPU
    const FabricInspector inspector(*f, nullptr, nullptr);
    const QStringList hops = inspector.hops(0, path);
    QCOMPARE(hops.size(), 4);
    // Device to device in order, each hop starting where the last ended.
    QVERIFY2(hops.first().startsWith(name(*f, 0) + QStringLiteral(" → ")), qPrintable(hops.first()));
    QVERIFY2(hops.last().contains(QStringLiteral(" → ") + name(*f, 511) + QStringLiteral(" (")), qPrintable(hops.last()));
    for (int i = 1; i < hops.size(); ++i) {
      const QString prevEnd = hops[i - 1].section(QStringLiteral(" → "), 1).section(QStringLiteral(" ("), 0, 0);
      QVERIFY2(hops[i].startsWith(prevEnd + QStringLiteral(" → ")), qPrintable(hops[i - 1] + " | " + hops[i]));
    }
    QVERIFY(hops.first().endsWith(QStringLiteral("(access)")));
    QVERIFY(hops[1].endsWith(QStringLiteral("(fabric)")));
    // The panel lists them all, not only the count.
    const QString text = canvas.propertiesText();
    for (const QString& h : hops) QVERIFY2(text.contains(h), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("4 hops")));
  }

  void linkInspectorShowsMediumPriceAndLoad() {
    FabricCanvas canvas(&doc_);
    canvas.resize(900, 600);
    canvas.setScenario(0);
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    QTRY_VERIFY(canvas.fabric() != nullptr);
    const topology::Fabric& f = *canvas.fabric();
    const LinkOverlay o = LinkOverlay::fromResult(f, flow_);
    QCOMPARE(o.source, LinkOverlay::Source::Flow);
    QVERIFY(o.loads);
    canvas.setLinkLoads(o.loads, o.caption());
    QVERIFY(canvas.legend()->caption().contains(QStringLiteral("flow simulation")));
    QCOMPARE(canvas.legend()->tickLabels().size(), 3);

    // The busiest placed scale-out link.
    long long best = -1;
    for (std::size_t i = 0; i < f.links().size(); ++i)
      if (f.links()[i].kind != topology::LinkKind::ScaleUp && f.links()[i].medium >= 0 &&
          (best < 0 || o.loads->busier(i) > o.loads->busier(static_cast<std::size_t>(best))))
        best = static_cast<long long>(i);
    QVERIFY(best >= 0 && o.loads->busier(static_cast<std::size_t>(best)) > 0);
    const auto li = static_cast<std::uint32_t>(best);
    canvas.select(-1, best);
    const QString text = canvas.propertiesText();
    const topology::Link& k = f.links()[li];
    const topology::Medium& m = f.media[static_cast<std::size_t>(k.medium)];
    QVERIFY2(text.contains(QString::fromStdString(m.part)), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("USD")) && text.contains(QStringLiteral(" W")));
    const QLocale loc;
    QVERIFY2(text.contains(loc.toString(k.length_m, 'f', 1) + QStringLiteral(" m")), qPrintable(text));
    QVERIFY(text.contains(loc.toString(topology::linkPrice_usd(m, k.length_m), 'f', 0)));
    // Both directions, each with its own figure.
    const QString up = loc.toString(o.loads->a_to_z[li] * 100.0, 'f', 1), down = loc.toString(o.loads->z_to_a[li] * 100.0, 'f', 1);
    QVERIFY2(text.contains(name(f, k.a) + QStringLiteral(" → ") + name(f, k.z)) && text.contains(up + QStringLiteral(" %")),
             qPrintable(text));
    QVERIFY2(text.contains(name(f, k.z) + QStringLiteral(" → ") + name(f, k.a)) && text.contains(down + QStringLiteral(" %")),
             qPrintable(text));
    // The flows through it: every collective that loads it, none that does not.
    QVERIFY(text.contains(QStringLiteral("Flows through it")));
    int listed = 0;
    for (const LinkLoads::Part& p : o.loads->parts) {
      const bool through = p.a_to_z[li] > 0 || p.z_to_a[li] > 0;
      QCOMPARE(text.contains(QString::fromStdString(p.label)), through);
      listed += through;
    }
    QVERIFY(listed > 0);

    // The switch at its upper end: its part, price and power, and the load on its links.
    canvas.select(k.z, -1);
    const QString sw = canvas.propertiesText();
    QVERIFY2(sw.contains(FabricInspector::deviceKindText(f.devices()[k.z].kind)) && sw.contains(QStringLiteral("switch")),
             qPrintable(sw));
    QVERIFY(sw.contains(QStringLiteral("USD")) && sw.contains(QStringLiteral("Busiest link")));
    QVERIFY(sw.contains(QStringLiteral("Sent, mean over its links")) && sw.contains(QStringLiteral("Received")));
  }

  void scaleSeparatesFourTimesTheLoad() {
    // A 4:1 tier carries 4x the per-link load of the same tier at 1:1: at any
    // load level between 1 % and 25 % the two colours differ clearly.
    for (double x : {0.01, 0.03, 0.1, 0.25}) {
      const double h1 = hue(FabricItem::valueColor(x, 1.0)), h4 = hue(FabricItem::valueColor(4 * x, 1.0));
      QVERIFY2(h1 - h4 > 30, qPrintable(QStringLiteral("%1: %2 vs %3").arg(x).arg(h1).arg(h4)));
    }
    QVERIFY(hue(FabricItem::valueColor(1.0, 1.0)) < 1);    // saturated: red
    QVERIFY(hue(FabricItem::valueColor(0.005, 1.0)) > 119);  // idle: green
  }
};

QTEST_MAIN(TestFabricInspector)
#include "tst_fabric_inspector.moc"
