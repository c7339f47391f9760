// Link utilisation on the fabric canvas (issue 9): after a simulation the
// hottest links get the hot colour and the legend shows where the values come
// from, for the analytical model (per tier) and for the flow simulation.
#include <QTest>

#include "Document.h"
#include "fabric/FabricCanvas.h"
#include "fabric/FabricItem.h"
#include "fabric/FabricLegend.h"
#include "fabric/FabricView.h"
#include "fabric/LinkOverlay.h"
#include "design/Resolved.h"
#include "sim/Simulate.h"
#include "topology/FabricSpec.h"
#include "topology/Generators.h"

using namespace cf;

namespace {
const QString kExample = QStringLiteral(CF_SOURCE_DIR "/resources/examples/bert-large-128xv100.json");

double hue(const QColor& c) { return c.hsvHueF() * 360.0; }
}  // namespace

class TestLinkOverlay : public QObject {
  Q_OBJECT

  Document doc_;
  std::shared_ptr<topology::Fabric> fabric_;

  SimResult simulate(const char* network) {
    SimResult r;
    SimulateOptions o;
    o.network = network;
    o.trials = 50;
    nlohmann::json j;
    SimOutput out = cf::simulate(doc_.project(), 0, o, &j);
    r.set(std::move(out), std::move(j));
    return r;
  }

 private slots:
  void initTestCase() {
    QString error;
    QVERIFY2(doc_.open(kExample, &error), qPrintable(error));
    const Catalog parts = doc_.project().resolvedParts();
    fabric_ = std::make_shared<topology::Fabric>(topology::generate(topology::specFor(resolve(doc_.scenario(0), parts))));
    QVERIFY(fabric_->links().size() > 100);
  }

  void analyticalColoursOnAbsoluteScale() {
    const SimResult r = simulate("analytical");
    const LinkOverlay o = LinkOverlay::fromResult(*fabric_, r);
    QCOMPARE(o.source, LinkOverlay::Source::Analytical);
    QCOMPARE(o.values.size(), fabric_->links().size());
    // The engine's per-link load, not a second formula: the overlay is its busier direction.
    QCOMPARE(o.loads.get(), r.output->link_loads.get());
    for (std::size_t i = 0; i < o.values.size(); ++i) QCOMPARE(o.values[i], o.loads->busier(i));
    // BERT on 128 V100 is data parallel (no TP): access links carry the all-reduce, scale-up links idle.
    std::uint32_t access = 0, scaleUp = 0;
    bool haveUp = false;
    for (std::uint32_t i = 0; i < fabric_->links().size(); ++i) {
      const auto& l = fabric_->links()[i];
      if (l.kind == topology::LinkKind::Access && o.values[i] > o.values[access]) access = i;
      if (l.kind == topology::LinkKind::ScaleUp && !haveUp) {
        scaleUp = i;
        haveUp = true;
      }
    }
    QVERIFY(haveUp);
    const double share = o.values[access];
    QVERIFY(share > 0);
    QCOMPARE(o.values[scaleUp], 0.0);
    // No link is busier than the share of the step the DP reduction takes.
    const PerfResult& perf = r.output->performance.perf;
    for (double v : o.values) QVERIFY(v <= std::max(perf.dp_raw_s, perf.breakdown.dp_comm) / perf.step_time_s + 1e-6);

    FabricCanvas canvas(&doc_);
    canvas.resize(900, 600);
    canvas.setFabric(fabric_);
    canvas.setLinkLoads(o.loads, o.caption());
    QVERIFY(canvas.legend()->isVisibleTo(&canvas));
    QVERIFY(canvas.legend()->caption().contains(QLatin1String("analytical")));
    // Absolute scale: the legend runs to 100 % and colours mean load, so the
    // partly loaded BERT fabric is not drawn red.
    QVERIFY(share < 0.5);
    QCOMPARE(canvas.legend()->maximum(), 1.0);
    const QColor hot = canvas.item()->linkColor(access);
    const QColor cold = canvas.item()->linkColor(scaleUp);
    QCOMPARE(hot, FabricItem::valueColor(share, 1.0));
    QVERIFY2(hue(hot) < hue(cold) && hue(hot) > 60, qPrintable(hot.name() + QLatin1Char(' ') + cold.name()));
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    auto redPixels = [&canvas] {
      // The view alone: the legend beside it always holds a red end.
      const QImage shot = canvas.view()->viewport()->grab().toImage();
      int red = 0;
      for (int y = 0; y < shot.height(); y += 2)
        for (int x = 0; x < shot.width(); x += 2) {
          const QColor c = shot.pixelColor(x, y);
          if (c.red() > 180 && c.green() < 90 && c.blue() < 90) ++red;
        }
      return red;
    };
    QCOMPARE(redPixels(), 0);
    // Saturate the access links: now the canvas paints them red.
    std::vector<double> saturated(o.values.size(), 0.0);
    for (std::uint32_t i = 0; i < fabric_->links().size(); ++i)
      if (fabric_->links()[i].kind == topology::LinkKind::Access) saturated[i] = 1.0;
    canvas.setLinkOverlay(saturated, o.caption());
    QVERIFY2(hue(canvas.item()->linkColor(access)) < 10, "a saturated link is not red");
    QTest::qWait(20);
    QVERIFY2(redPixels() > 20, qPrintable(QString::number(redPixels())));
    canvas.setLinkOverlay({}, QString());
    QVERIFY(!canvas.legend()->isVisibleTo(&canvas));
  }

  void flowHottestLinksAreHot() {
    const SimResult r = simulate("flow");
    QVERIFY(r.output->network.has_value());
    const LinkOverlay o = LinkOverlay::fromResult(*fabric_, r);
    QCOMPARE(o.source, LinkOverlay::Source::Flow);
    FabricGeometry geometry;
    geometry.build(*fabric_);
    FabricItem item(&geometry);
    item.setLinkValues(o.values);
    // The busiest link the flow simulation lists is drawn red; a link carrying a quarter of it is
    // clearly cooler (the scale is logarithmic: 4x apart is 36 degrees of hue).
    double best = -1;
    long long hottest = -1;
    for (const auto* list : {&r.json["network"]["hottest_links"], &r.json["network"]["hottest_scale_up_links"]})
      for (const auto& l : *list) {
        const std::string name = l["link"].get<std::string>();
        const long long i = std::stoll(name.substr(name.rfind('#') + 1));
        if (l["utilization"].get<double>() > best) {
          best = l["utilization"].get<double>();
          hottest = i;
        }
      }
    QVERIFY(hottest >= 0);
    QVERIFY2(hue(item.linkColor(static_cast<std::uint32_t>(hottest))) < 10, "hottest link not red");
    // Every link shows its own simulated mean: the listed hottest one its listed figure.
    QVERIFY(qAbs(o.values[static_cast<std::size_t>(hottest)] - best) < 1e-6 * best);  // stored as float
    for (std::uint32_t i = 0; i < fabric_->links().size(); ++i)
      if (fabric_->links()[i].kind == topology::LinkKind::Fabric && o.values[i] < best / 4) {
        QVERIFY(hue(item.linkColor(i)) > hue(item.linkColor(static_cast<std::uint32_t>(hottest))) + 20);
        break;
      }
  }
};

QTEST_MAIN(TestLinkOverlay)
#include "tst_link_overlay.moc"
