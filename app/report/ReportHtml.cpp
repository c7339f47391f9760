#include <algorithm>
#include "ReportHtml.h"

#include <QBuffer>
#include <QDateTime>
#include <QFontDatabase>
#include <QLocale>
#include <cmath>

#include <QGraphicsScene>

#include "ChartView.h"
#include "FabricGeometry.h"
#include "FabricItem.h"
#include "ImageExport.h"
#include "LinkOverlay.h"
#include "MetricTable.h"
#include "RackScene.h"
#include "ResultCharts.h"
#include "common/Version.h"
#include "design/LayoutGenerator.h"
#include "design/Project.h"
#include "design/Resolved.h"
#include "topology/FabricSpec.h"
#include "topology/Generators.h"

namespace cf {

namespace {

QString esc(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }
QString td(const QString& s, const QString& style = {}) {
  return QStringLiteral("<td style='padding:3px 6px;border:1px solid #bbb;%2'>%1</td>").arg(s, style);
}
QString th(const QString& s) {
  return QStringLiteral("<th style='padding:3px 6px;border:1px solid #bbb;background:#e8eef5'>%1</th>").arg(s);
}
QString tableOpen() {
  return QStringLiteral("<table cellspacing='0' cellpadding='3' style='border-collapse:collapse' width='100%'>");
}
const QString kPageBreak = QStringLiteral("<div style='page-break-before:always'></div>");

}  // namespace

ReportHtml::ReportHtml(const Project& project, const QVector<SimResultPtr>& results)
    : project_(project), results_(results) {}

QStringList ReportHtml::fontFamilies() {
  const QStringList installed = QFontDatabase::families();
  QStringList out;
  for (const QString& f : {QStringLiteral("DejaVu Sans"), QStringLiteral("Noto Sans"), QStringLiteral("Noto Sans CJK SC"),
                           QStringLiteral("Noto Sans SC")})
    if (installed.contains(f)) out << f;
  return out;
}

QString ReportHtml::build(Images mode) {
  images_.clear();
  QString html = QStringLiteral(
                     "<!DOCTYPE html><html><head><meta charset='utf-8'><title>%1</title></head>"
                     "<body style=\"font-family:%2sans-serif;font-size:10pt\">")
                     .arg(esc(project_.name),
                          fontFamilies().isEmpty() ? QString()
                                                   : QLatin1Char('\'') + fontFamilies().join(QStringLiteral("','")) +
                                                         QStringLiteral("',"));
  html += cover() + kPageBreak + designSummary();
  if (project_.scenarios.size() > 1) html += comparison();
  for (int i = 0; i < static_cast<int>(project_.scenarios.size()); ++i)
    html += kPageBreak + scenarioSection(i, mode) + designPictures(i, mode) + bom(i);
  for (int w = 0; w < static_cast<int>(project_.waterfalls.size()); ++w) html += kPageBreak + waterfallSection(w, mode);
  for (int i = 0; i < static_cast<int>(project_.scenarios.size()); ++i)
    if (!project_.scenarios[static_cast<std::size_t>(i)].workload.is_null()) html += kPageBreak + scheduleSection(i, mode);
  html += kPageBreak + assumptions() + versions();
  return html + QStringLiteral("</body></html>");
}

QString ReportHtml::cover() const {
  QString html = QStringLiteral("<div style='margin-top:120px'><p style='font-size:12pt;color:#555'>%1</p>")
                     .arg(tr("ClusterForge design report"));
  html += QStringLiteral("<h1 style='font-size:26pt'>%1</h1>").arg(esc(project_.name));
  if (!project_.description.empty()) html += QStringLiteral("<p style='font-size:12pt'>%1</p>").arg(esc(project_.description));
  html += QStringLiteral("<p>%1</p>").arg(tr("Scenarios: %1").arg(project_.scenarios.size()));
  html += QStringLiteral("<ul>");
  for (const Scenario& s : project_.scenarios) html += QStringLiteral("<li>%1</li>").arg(esc(s.name));
  html += QStringLiteral("</ul><p style='color:#555'>%1</p></div>")
              .arg(tr("Generated %1 by ClusterForge %2")
                       .arg(QLocale().toString(QDateTime::currentDateTime(), QLocale::LongFormat),
                            QString::fromLatin1(kVersion)));
  return html;
}

QString ReportHtml::designSummary() const {
  QString html = QStringLiteral("<h2>%1</h2>").arg(tr("Design summary"));
  html += tableOpen() + QStringLiteral("<tr>") + th(tr("Scenario")) + th(tr("Accelerators")) + th(tr("Scale-up")) +
          th(tr("Scale-out")) + th(tr("Cooling")) + th(tr("Model and parallelism")) + QStringLiteral("</tr>");
  const QLocale loc;
  for (const Scenario& s : project_.scenarios) {
    const Cluster& c = s.cluster;
    const auto& m = s.job.model;
    const auto& p = s.job.parallelism;
    html += QStringLiteral("<tr>") + td(esc(s.name)) +
            td(tr("%1 × %2 (%3 nodes)").arg(loc.toString(c.gpus()), esc(c.accelerator), loc.toString(c.nodes))) +
            td(tr("%1, domain %2").arg(esc(c.scale_up.kind), QString::number(c.scale_up.domain_size))) +
            td(tr("%1, %2 tier(s), %3 × %4 Gb/s")
                   .arg(esc(c.scale_out.topology), QString::number(c.scale_out.tiers),
                        QString::number(c.scale_out.nics_per_node), QString::number(c.scale_out.nic_Gbps))) +
            td(QStringLiteral("%1 / %2").arg(esc(c.facility.cooling), esc(c.facility.climate))) +
            td(tr("%1 layers, hidden %2; TP %3 × PP %4, micro-batch %5, %6 B tokens")
                   .arg(m.layers)
                   .arg(m.hidden)
                   .arg(p.tp)
                   .arg(p.pp)
                   .arg(p.micro_batch)
                   .arg(loc.toString(s.job.train_tokens / 1e9, 'f', 0))) +
            QStringLiteral("</tr>");
  }
  return html + QStringLiteral("</table>");
}

QString ReportHtml::comparison() const {
  QString html = QStringLiteral("<h2>%1</h2>").arg(tr("Scenario comparison"));
  html += tableOpen() + QStringLiteral("<tr>") + th(tr("Metric"));
  const int n = static_cast<int>(project_.scenarios.size());
  for (const Scenario& s : project_.scenarios) html += th(esc(s.name));
  html += QStringLiteral("</tr>");
  for (const MetricTable::Metric& m : MetricTable::metrics()) {
    QVector<double> values(n, std::nan(""));
    for (int i = 0; i < n; ++i)
      if (results_.value(i) && results_[i]->ok()) values[i] = MetricTable::value(m, *results_[i]);
    const int best = MetricTable::best(m, values);
    html += QStringLiteral("<tr>") + td(m.unit.isEmpty() ? m.label : tr("%1 (%2)").arg(m.label, m.unit));
    for (int i = 0; i < n; ++i)
      html += td(MetricTable::format(m, values[i]),
                 QStringLiteral("text-align:right;") +
                     (i == best ? QStringLiteral("background:#c6efce;font-weight:bold") : QString()));
    html += QStringLiteral("</tr>");
  }
  return html + QStringLiteral("</table><p style='color:#555'>%1</p>").arg(tr("The best value of each row is highlighted."));
}

QString ReportHtml::scenarioSection(int index, Images mode) {
  const Scenario& s = project_.scenarios[static_cast<std::size_t>(index)];
  QString html = QStringLiteral("<h2>%1</h2>").arg(tr("Results: %1").arg(esc(s.name)));
  const SimResultPtr r = results_.value(index);
  if (!r || !r->ok()) {
    return html + QStringLiteral("<p>%1</p>").arg(r ? r->error.toHtmlEscaped() : tr("Not simulated."));
  }
  html += tableOpen();
  int col = 0;
  for (const MetricTable::Metric& m : MetricTable::metrics()) {
    if (col % 3 == 0) html += QStringLiteral("<tr>");
    html += td(QStringLiteral("%1<br><b>%2</b> %3")
                   .arg(m.label, MetricTable::format(m, MetricTable::value(m, *r)), m.unit.toHtmlEscaped()));
    if (++col % 3 == 0) html += QStringLiteral("</tr>");
  }
  if (col % 3 != 0) html += QStringLiteral("</tr>");
  html += QStringLiteral("</table>");
  const QString sentence = ResultCharts::bottleneckSentence(*r);
  if (!sentence.isEmpty())
    html += QStringLiteral("<p style='background:#fff4e0;padding:4px'><b>%1</b> %2</p>")
                .arg(tr("Bottleneck:"), sentence.toHtmlEscaped());

  const ResultCharts::Context ctx = ResultCharts::context(project_, index);
  int n = 0;
  html += QStringLiteral("<table cellspacing='4' width='100%'>");
  for (ResultCharts::Chart c : ResultCharts::all()) {
    ChartView view;  // a fresh view per chart: a reused QChart lays its title out late
    ResultCharts::fill(c, &view, *r, ctx);
    const QImage image = view.toImage(QSize(560, 360), 2.0);
    if (n % 2 == 0) html += QStringLiteral("<tr>");
    html += QStringLiteral("<td>%1</td>")
                .arg(embed(QStringLiteral("chart/%1/%2").arg(index).arg(n), image, mode, 300, ResultCharts::title(c)));
    if (++n % 2 == 0) html += QStringLiteral("</tr>");
  }
  if (n % 2 != 0) html += QStringLiteral("</tr>");
  return html + QStringLiteral("</table>");
}

QString ReportHtml::embed(const QString& name, const QImage& image, Images mode, int width, const QString& alt) {
  QString src;
  if (mode == Images::Resources) {
    src = name;
    images_.insert(src, image);
  } else {
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    src = QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());
  }
  return QStringLiteral("<img src='%1' width='%2' alt='%3'>").arg(src, QString::number(width), alt.toHtmlEscaped());
}

QString ReportHtml::designPictures(int index, Images mode) {
  const Scenario& s = project_.scenarios[static_cast<std::size_t>(index)];
  QString html;
  const Catalog parts = project_.resolvedParts();
  // Rack elevations: the first row, at most kRacks racks (rows hold 16 by default).
  constexpr std::size_t kRacks = 8;
  try {
    const bool proposed = s.layout.empty();
    const Layout layout = proposed ? generateLayout(s, parts) : s.layout;
    const Row* first = nullptr;
    for (const Site& site : layout.sites)
      for (const Hall& hall : site.halls)
        for (const Row& row : hall.rows)
          if (!first && !row.racks.empty()) first = &row;
    if (first) {
      Row row = *first;
      const std::size_t total = row.racks.size();
      if (row.racks.size() > kRacks) row.racks.resize(kRacks);
      RackScene scene;
      scene.setRow(&row, parts, RackScene::Faces::Front);
      const QImage image = ImageExport::sceneImage(&scene, QSize(2000, 900));
      html += QStringLiteral("<h3>%1</h3>").arg(tr("Rack elevations: %1").arg(esc(row.name)));
      QString note = tr("Front view of %1 of the %2 racks in this row.").arg(row.racks.size()).arg(total);
      if (proposed) note += QLatin1Char(' ') + tr("The scenario has no layout: this is the layout the generator proposes.");
      html += QStringLiteral("<p style='color:#555'>%1</p>").arg(note.toHtmlEscaped());
      html += QStringLiteral("<p>%1</p>").arg(embed(QStringLiteral("racks/%1").arg(index), image, mode, 600, tr("Rack elevations")));
    }
  } catch (const std::exception& e) {
    html += QStringLiteral("<p>%1</p>").arg(tr("No rack elevations: %1").arg(QString::fromStdString(e.what())).toHtmlEscaped());
  }
  // The fabric, links coloured by utilisation (LinkOverlay) when simulated.
  try {
    const topology::Fabric fabric = topology::generate(topology::specFor(resolve(s, parts)));
    FabricGeometry geometry;
    geometry.build(fabric);
    QGraphicsScene scene;
    auto* item = new FabricItem(&geometry);
    scene.addItem(item);
    scene.setSceneRect(geometry.bounds());
    QString caption;
    const SimResultPtr r = results_.value(index);
    if (r && r->ok()) {
      LinkOverlay overlay = LinkOverlay::fromResult(fabric, *r);
      caption = overlay.caption();
      geometry.setLinkValues(overlay.values);
      // Same absolute scale as the canvas: red is a saturated link.
      const double top = overlay.values.empty() ? 0.0 : *std::max_element(overlay.values.begin(), overlay.values.end());
      item->setLinkValues(std::move(overlay.values), std::max(1.0, top));
    }
    const QImage image = ImageExport::sceneImage(&scene, QSize(2000, 800), geometry.bounds(), Qt::IgnoreAspectRatio);
    const QLocale loc;
    html += QStringLiteral("<h3>%1</h3>").arg(tr("Fabric"));
    QString note = tr("%1: %2 GPUs, %3 devices, %4 links; tiers from GPUs (bottom) to the top switches.")
                       .arg(QString::fromStdString(fabric.info.topology), loc.toString(static_cast<qlonglong>(fabric.gpuCount())),
                            loc.toString(static_cast<qlonglong>(fabric.devices().size())),
                            loc.toString(static_cast<qlonglong>(fabric.links().size())));
    if (!caption.isEmpty()) note += QLatin1Char(' ') + tr("Colours: %1, green = idle, red = the busiest.").arg(caption);
    html += QStringLiteral("<p style='color:#555'>%1</p>").arg(note.toHtmlEscaped());
    html += QStringLiteral("<p>%1</p>").arg(embed(QStringLiteral("fabric/%1").arg(index), image, mode, 600, tr("Fabric")));
  } catch (const std::exception& e) {
    html += QStringLiteral("<p>%1</p>").arg(tr("No fabric picture: %1").arg(QString::fromStdString(e.what())).toHtmlEscaped());
  }
  return html;
}

QString ReportHtml::bom(int index) const {
  const SimResultPtr r = results_.value(index);
  if (!r || !r->ok() || !r->json.contains("cost") || !r->json["cost"].contains("capex_breakdown")) return {};
  const QLocale loc;
  QString html = QStringLiteral("<h3>%1</h3>").arg(tr("Bill of materials and CAPEX"));
  html += tableOpen() + QStringLiteral("<tr>") + th(tr("Item")) + th(tr("Part")) + th(tr("Count")) +
          th(tr("Unit price (USD)")) + th(tr("Total (USD)")) + QStringLiteral("</tr>");
  double sum = 0;
  for (const auto& l : r->json["cost"]["capex_breakdown"]) {
    const QString right = QStringLiteral("text-align:right");
    sum += l.value("total_usd", 0.0);
    const QString item = ResultCharts::keyName(QString::fromStdString(l.value("item", "")));
    html += QStringLiteral("<tr>") + td(item.toHtmlEscaped()) +
            td(esc(l.value("part", ""))) + td(loc.toString(l.value("count", 0.0), 'f', 0), right) +
            td(loc.toString(l.value("unit_usd", 0.0), 'f', 0), right) +
            td(loc.toString(l.value("total_usd", 0.0), 'f', 0), right) + QStringLiteral("</tr>");
  }
  html += QStringLiteral("<tr>") + td(QStringLiteral("<b>%1</b>").arg(tr("Total"))) + td({}) + td({}) + td({}) +
          td(QStringLiteral("<b>%1</b>").arg(loc.toString(sum, 'f', 0)), QStringLiteral("text-align:right")) +
          QStringLiteral("</tr>");
  return html + QStringLiteral("</table>");
}

QString ReportHtml::assumptions() const {
  QString html = QStringLiteral("<h2>%1</h2><ul>").arg(tr("Assumptions"));
  html += QStringLiteral("<li>%1</li>").arg(tr("Performance: analytical model — roofline compute with per-accelerator "
                                               "achievable efficiency, ring/tree/hierarchical collectives placed on the "
                                               "fabric, pipeline bubble, ZeRO and recomputation memory."));
  html += QStringLiteral("<li>%1</li>").arg(tr("Reliability: Monte Carlo over failure classes with catalog failure "
                                               "rates, checkpoint/restart recovery, Young/Daly and numerical optimum "
                                               "checkpoint intervals."));
  html += QStringLiteral("<li>%1</li>").arg(tr("Energy: IT power by component and utilisation; PUE by month from the "
                                               "cooling system and climate profile."));
  html += QStringLiteral("<li>%1</li>").arg(tr("Cost: CAPEX from the bill of materials, OPEX (electricity, support, "
                                               "plant, space), TCO over the amortisation period."));
  for (int i = 0; i < static_cast<int>(project_.scenarios.size()); ++i) {
    const SimResultPtr r = results_.value(i);
    if (!r || !r->ok() || !r->json.contains("reliability")) continue;
    const auto& rel = r->json["reliability"];
    html += QStringLiteral("<li>%1</li>")
                .arg(tr("%1: %2 Monte Carlo trials, seed %3, backend %4; checkpoint interval %5 min")
                         .arg(esc(project_.scenarios[static_cast<std::size_t>(i)].name),
                              QString::number(rel.value("trials", 0)), QString::number(rel.value("seed", 0LL)),
                              esc(rel.value("backend", std::string())),
                              QLocale().toString(rel.value("checkpoint_interval_s", 0.0) / 60.0, 'f', 1)));
    if (rel.contains("notes") && rel["notes"].is_array())
      for (const auto& note : rel["notes"])
        if (note.is_string()) html += QStringLiteral("<li>%1</li>").arg(esc(note.get<std::string>()));
  }
  return html + QStringLiteral("</ul>");
}

QString ReportHtml::versions() const {
  return QStringLiteral("<h2>%1</h2><p>%2</p><p>%3</p>")
      .arg(tr("Model and catalog versions"),
           tr("Simulation engine and models: ClusterForge %1 (performance, reliability, energy and cost models; "
              "docs/models.md).")
               .arg(QString::fromLatin1(kVersion)),
           tr("Part catalog: built-in catalog of ClusterForge %1, with %2 custom parts in this project.")
               .arg(QString::fromLatin1(kVersion))
               .arg(project_.parts.accelerators.size() + project_.parts.nodes.size()));
}

}  // namespace cf
