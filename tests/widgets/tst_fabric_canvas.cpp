// The fabric canvas: tiers laid out, aggregates when zoomed out, the path
// between two GPUs, a click picks a switch and shows its properties, and the
// per-link overlay hook.
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
#include <QTest>

#include "Document.h"
#include "fabric/FabricCanvas.h"
#include "fabric/FabricItem.h"
#include "fabric/FabricView.h"
#include "topology/Generators.h"

using namespace cf;

namespace {
std::shared_ptr<topology::Fabric> smallFatTree() {
  topology::FabricSpec s;
  s.nodes = 64;
  s.gpus_per_node = 8;
  s.nics_per_node = 8;
  s.tiers = 2;
  s.radix = 64;
  return std::make_shared<topology::Fabric>(topology::generate(s));
}
}  // namespace

class TestFabricCanvas : public QObject {
  Q_OBJECT

 private slots:
  void exportAndImportDotAndCsv() {
    QTemporaryDir dir;
    Document doc;
    FabricCanvas canvas(&doc);
    auto original = smallFatTree();
    canvas.setFabric(original);
    for (const QString& name : {QStringLiteral("fabric.dot"), QStringLiteral("cabling.csv")}) {
      QString error;
      QVERIFY2(canvas.exportToFile(dir.filePath(name), &error), qPrintable(error));
      FabricCanvas other(&doc);
      QVERIFY2(other.importFromFile(dir.filePath(name), &error), qPrintable(error));
      QVERIFY(other.fabric());
      QCOMPARE(other.fabric()->devices().size(), original->devices().size());
      QCOMPARE(other.fabric()->links().size(), original->links().size());
      QCOMPARE(other.fabric()->gpuCount(), original->gpuCount());
    }
    // A damaged cabling plan is refused, naming the line; the canvas keeps its fabric.
    QFile bad(dir.filePath("bad.csv"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("link,a_device\n0,gpu-0-0\n");
    bad.close();
    QString error;
    QVERIFY(!canvas.importFromFile(dir.filePath("bad.csv"), &error));
    QVERIFY2(error.contains(QStringLiteral("csv:")), qPrintable(error));
    QCOMPARE(canvas.fabric(), original.get());
  }

  void followsScenario() {
    Document doc;  // 16 x DGX-H100
    FabricCanvas canvas(&doc);
    canvas.resize(1200, 700);
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    QTRY_VERIFY(canvas.fabric() != nullptr);
    QCOMPARE(static_cast<int>(canvas.fabric()->gpuCount()), 128);
  }

  void pathAndPicking() {
    Document doc;
    FabricCanvas canvas(&doc);
    canvas.resize(1200, 700);
    canvas.setFabric(smallFatTree());
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    // GPU 0 to the last GPU: GPU -> leaf -> spine -> leaf -> GPU.
    const auto path = canvas.showPath(0, 511);
    QCOMPARE(static_cast<int>(path.size()), 4);
    QCOMPARE(canvas.item()->path().size(), path.size());
    QVERIFY(canvas.propertiesText().contains(QStringLiteral("4")));
    // Same node: through the scale-up switch, 2 hops.
    QCOMPARE(static_cast<int>(canvas.showPath(0, 1).size()), 2);

    // A click on the first leaf shows its properties.
    FabricGeometry geo;  // the same deterministic layout as the canvas's own
    geo.build(*canvas.fabric());
    const std::uint32_t leaf = geo.deviceAt(2, 0);
    long long device = -1, link = -1;
    canvas.view()->pick(geo.position(leaf), &device, &link);
    QCOMPARE(device, static_cast<long long>(leaf));
    const QPoint at = canvas.view()->mapFromScene(geo.position(leaf));
    QTest::mouseClick(canvas.view()->viewport(), Qt::LeftButton, Qt::NoModifier, at);
    QVERIFY2(canvas.propertiesText().contains(QStringLiteral("leaf")), qPrintable(canvas.propertiesText()));

    // The overlay hook takes one value per link and renders.
    std::vector<double> values(canvas.fabric()->links().size());
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(i % 7);
    canvas.setLinkValues(values);
    QCOMPARE(canvas.item()->linkValues().size(), values.size());
    QImage img(800, 500, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::white);
    QPainter p(&img);
    canvas.scene()->render(&p);
    p.end();
    int painted = 0;
    for (int y = 0; y < img.height(); y += 4)
      for (int x = 0; x < img.width(); x += 4) painted += img.pixelColor(x, y) != QColor(Qt::white);
    QVERIFY2(painted > 500, qPrintable(QString::number(painted)));
  }
};

QTEST_MAIN(TestFabricCanvas)
#include "tst_fabric_canvas.moc"
