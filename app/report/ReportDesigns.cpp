// The report's design sections: each distinct design (cluster and layout)
// once, whatever the number of scenarios that use it: its parameters in
// words, the rack elevations (one rack of each kind, with how many racks are
// built that way), the fabric coloured by link utilisation, and the bill of
// materials. Pictures are vector (SVG drawn by the PDF painter).
#include <QGraphicsScene>
#include <QLocale>
#include <algorithm>
#include <map>
#include <tuple>

#include "fabric/FabricCanvas.h"
#include "fabric/FabricGeometry.h"
#include "fabric/FabricItem.h"
#include "properties/FieldSpec.h"
#include "fabric/LinkOverlay.h"
#include "rack/RackScene.h"
#include "ReportHtml.h"
#include "dashboard/ResultCharts.h"
#include "design/LayoutGenerator.h"
#include "design/Project.h"
#include "design/Resolved.h"
#include "topology/FabricSpec.h"
#include "topology/Generators.h"

namespace cf {

using namespace reporthtml;

namespace {

// Two racks are of one kind when the same parts sit at the same heights
// (names such as "node-017" differ from rack to rack).
using RackKey = std::tuple<std::string, std::vector<std::tuple<std::string, std::string, int, int, std::string>>>;
RackKey rackKey(const Rack& rack) {
  std::vector<std::tuple<std::string, std::string, int, int, std::string>> p;
  for (const Placement& pl : rack.placements) p.emplace_back(pl.kind, pl.part, pl.u, pl.height_u, pl.face);
  std::sort(p.begin(), p.end());
  return {rack.part, p};
}

// A drawn rack stands for every rack built the same way: it is named by what
// it holds and its parts by their kind, in the reader's language (the
// generator's "R0001", "node-0001", "R0001-pdu-A" are ids, not words).
void nameForTheReader(Rack* rack, int count) {
  bool nodes = false, switches = false, storage = false;
  std::map<std::string, int> seen;
  for (Placement& p : rack->placements) {
    nodes |= p.kind == "node";
    switches |= p.kind == "switch";
    storage |= p.kind == "storage";
    const int n = ++seen[p.kind];
    QString name;
    if (p.kind == "node") name = ReportHtml::tr("Node %1").arg(n);
    else if (p.kind == "switch") name = ReportHtml::tr("Switch %1").arg(n);
    else if (p.kind == "storage") name = ReportHtml::tr("Storage %1").arg(n);
    else if (p.kind == "pdu") {
      const std::size_t at = p.name.rfind("pdu-");
      name = ReportHtml::tr("PDU %1").arg(at == std::string::npos ? QString::number(n) : QString::fromStdString(p.name.substr(at + 4)));
    } else if (p.part.find("cdu") != std::string::npos) name = ReportHtml::tr("CDU");
    else if (p.part.find("cable-manager") != std::string::npos) name = ReportHtml::tr("Cable manager");
    else name = QString::number(n);
    p.name = name.toStdString();
  }
  const QString kind = nodes ? ReportHtml::tr("Compute rack") : switches ? ReportHtml::tr("Network rack")
                                                          : storage ? ReportHtml::tr("Storage rack") : ReportHtml::tr("Rack");
  rack->name = ReportHtml::tr("%1 (×%2)").arg(kind).arg(count).toStdString();
}

}  // namespace

QString ReportHtml::designSection(int design, Images mode) {
  const QVector<int>& users = designs_[design];
  QString html = heading(2, tr("Design %1").arg(designTag(design)), design == 0);
  QStringList names;
  for (int i : users) names << scenarioName(i);
  html += QStringLiteral("<p>%1</p>")
              .arg(users.size() > 1 ? tr("Shared by %n scenario(s): %1.", nullptr, static_cast<int>(users.size()))
                                          .arg(names.join(QStringLiteral("; ")))
                                    : tr("Used by %1.").arg(names.join(QString())));
  html += designTable(users.first());
  html += rackPictures(design, mode);
  html += fabricPicture(design, mode);
  // The bill of materials depends on the design only: the first scenario with a result.
  for (int i : users)
    if (const SimResultPtr r = results_.value(i); r && r->ok()) {
      html += bom(i);
      break;
    }
  return html;
}

QString ReportHtml::rackPictures(int design, Images mode) {
  const Scenario& s = project_.scenarios[static_cast<std::size_t>(designs_[design].first())];
  // The placements' parts, the scenario's generic node included: a rack's power is what it holds.
  Catalog parts = project_.resolvedParts();
  // kPerPicture racks side by side at full size (each about 40 mm wide on A4), up to kMostPerPicture
  // a little narrower rather than one rack alone on a page of its own; kKinds in all.
  constexpr int kPerPicture = 4, kMostPerPicture = 5, kKinds = 8;
  try {
    const bool proposed = s.layout.empty();
    const Layout layout = proposed ? generateLayout(s, parts) : s.layout;
    parts = layoutParts(s, parts);
    std::map<RackKey, int> count;
    std::vector<Rack> kinds;
    int racks = 0;
    for (const Site& site : layout.sites)
      for (const Hall& hall : site.halls)
        for (const Row& row : hall.rows)
          for (const Rack& rack : row.racks) {
            ++racks;
            if (count[rackKey(rack)]++ == 0) kinds.push_back(rack);
          }
    if (kinds.empty()) return {};
    QString html = heading(3, tr("Rack elevations"));
    QString note = tr("%n rack(s) in all; one rack of each kind is drawn (front), with the number of racks built the same way.",
                      nullptr, racks);
    if (proposed) note += QLatin1Char(' ') + tr("The scenario has no layout: this is the layout the generator proposes.");
    if (static_cast<int>(kinds.size()) > kKinds)
      note += QLatin1Char(' ') + tr("The first %1 of %2 kinds are shown.").arg(kKinds).arg(kinds.size());
    html += QStringLiteral("<p style='%1'>%2</p>").arg(kNote, note.toHtmlEscaped());
    const int shown = std::min<int>(kKinds, static_cast<int>(kinds.size()));
    // The kinds spread evenly over the pictures (5 kinds: one picture, not 4 + 1; 7: 4 + 3).
    const int pictures = (shown + kMostPerPicture - 1) / kMostPerPicture;
    const int perPicture = (shown + pictures - 1) / pictures;
    for (int first = 0, picture = 0; first < shown; first += perPicture, ++picture) {
      Row row;
      for (int k = first; k < std::min(shown, first + perPicture); ++k) {
        Rack r = kinds[static_cast<std::size_t>(k)];
        r.slot = 0;  // side by side, not at the position of the rack it stands for
        nameForTheReader(&r, count[rackKey(r)]);
        row.racks.push_back(std::move(r));
      }
      RackScene scene;
      scene.setRow(&row, parts, RackScene::Faces::Front);
      const QRectF source = scene.itemsBoundingRect().adjusted(-8, -8, 8, 8);
      // Racks keep their proportions; a row of fewer racks is narrower, not taller.
      const int width = static_cast<int>(
          kPageWidthPx * static_cast<double>(std::min<int>(kPerPicture, row.racks.size())) / kPerPicture);
      html += QStringLiteral("<p>%1</p>")
                  .arg(this->scene(QStringLiteral("racks/%1/%2").arg(design).arg(picture), &scene, source,
                                   QSize(width, 0), mode, tr("Rack elevations")));
    }
    return html;
  } catch (const std::exception& e) {
    return QStringLiteral("<p>%1</p>").arg(tr("No rack elevations: %1").arg(QString::fromStdString(e.what())).toHtmlEscaped());
  }
}

QString ReportHtml::fabricPicture(int design, Images mode) {
  // The fabric, links coloured by utilisation (LinkOverlay) of the design's first simulated scenario.
  const int scenario = designs_[design].first();
  const Scenario& s = project_.scenarios[static_cast<std::size_t>(scenario)];
  try {
    const topology::Fabric fabric = topology::generate(topology::specFor(resolve(s, project_.resolvedParts())));
    FabricGeometry geometry;
    geometry.build(fabric);
    QGraphicsScene graphics;
    auto* item = new FabricItem(&geometry);
    graphics.addItem(item);
    graphics.setSceneRect(geometry.bounds());
    QString caption;
    const SimResultPtr r = results_.value(scenario);
    if (r && r->ok()) {
      LinkOverlay overlay = LinkOverlay::fromResult(fabric, *r);
      caption = overlay.caption();
      geometry.setLinkValues(overlay.values);
      // Same absolute scale as the canvas: red is a saturated link.
      const double top = overlay.values.empty() ? 0.0 : *std::max_element(overlay.values.begin(), overlay.values.end());
      item->setLinkValues(std::move(overlay.values), std::max(1.0, top));
    }
    const QLocale loc;
    QString html = heading(3, tr("Fabric"));
    // A torus or dragonfly is drawn as such (groups, grids, planes), in its own proportions.
    const bool direct = geometry.direct();
    QString note = (direct ? tr("%1: %2 GPUs, %3 devices, %4 links.")
                           : tr("%1: %2 GPUs, %3 devices, %4 links; tiers from GPUs (bottom) to the top switches."))
                       .arg(choiceText("/cluster/scale_out/topology", fabric.info.topology),
                            loc.toString(static_cast<qlonglong>(fabric.gpuCount())),
                            loc.toString(static_cast<qlonglong>(fabric.devices().size())),
                            loc.toString(static_cast<qlonglong>(fabric.links().size())));
    const QString shape = FabricCanvas::shapeText(fabric.info);
    if (!shape.isEmpty()) note = FabricCanvas::sentences(note, shape);
    if (!caption.isEmpty())
      note = FabricCanvas::sentences(note, tr("Colours: %1, green = idle, red = the busiest.").arg(caption));
    if (designs_[design].size() > 1)
      note = FabricCanvas::sentences(note, tr("Link loads of scenario %1.").arg(scenarioTag(scenario)));
    html += QStringLiteral("<p style='%1'>%2</p>").arg(kNote, note.toHtmlEscaped());
    html += QStringLiteral("<p>%1</p>")
                .arg(scene(QStringLiteral("fabric/%1").arg(design), &graphics, geometry.bounds(),
                           QSize(direct ? std::min(kPageWidthPx, 520) : kPageWidthPx, 300), mode, tr("Fabric"),
                           direct ? Qt::KeepAspectRatio : Qt::IgnoreAspectRatio));
    return html;
  } catch (const std::exception& e) {
    return QStringLiteral("<p>%1</p>").arg(tr("No fabric picture: %1").arg(QString::fromStdString(e.what())).toHtmlEscaped());
  }
}

QString ReportHtml::bom(int index) const {
  const SimResultPtr r = results_.value(index);
  if (!r || !r->ok() || r->output->cost.capex_lines.empty()) return {};
  const QLocale loc;
  QString html = heading(3, tr("Bill of materials and CAPEX"));
  html += tableOpen() + headRow({tr("Item"), tr("Part"), tr("Count"), tr("Unit price (USD)"), tr("Total (USD)")});
  double sum = 0;
  const QString right = QStringLiteral("text-align:right");
  for (const CapexLine& l : r->output->cost.capex_lines) {
    sum += l.total();
    const std::string& key = l.item;
    const QString item = ResultCharts::keyName(QString::fromStdString(key));
    // The power and cooling plants are counted in kW of design load, priced per kW (core/cost).
    const bool perKW = key == "power plant" || key == "cooling plant";
    // The power plant has no catalog part: what it is, in the reader's language (core/cost).
    const QString part = key == "power plant" ? tr("UPS, switchgear, generators") : esc(l.part);
    html += QStringLiteral("<tr>") + td(item.toHtmlEscaped()) + td(part) +
            td(loc.toString(l.count, 'f', 0) + (perKW ? tr(" kW") : QString()), right) +
            td(loc.toString(l.unit_usd, 'f', 0) + (perKW ? tr(" /kW") : QString()), right) +
            td(loc.toString(l.total(), 'f', 0), right) + QStringLiteral("</tr>");
  }
  html += QStringLiteral("<tr>") + td(QStringLiteral("<b>%1</b>").arg(tr("Total"))) + td({}) + td({}) + td({}) +
          td(QStringLiteral("<b>%1</b>").arg(loc.toString(sum, 'f', 0)), right) + QStringLiteral("</tr>");
  return html + QStringLiteral("</table>");
}

}  // namespace cf
