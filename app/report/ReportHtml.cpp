#include "ReportHtml.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QDateTime>
#include <QFontDatabase>
#include <QGraphicsScene>
#include <QLocale>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>

#include "charts/ChartView.h"
#include "charts/ImageExport.h"
#include "compare/MetricTable.h"
#include "dashboard/ResultCharts.h"
#include "common/Version.h"
#include "design/Project.h"

namespace cf {

namespace reporthtml {

const QString kNote = QStringLiteral("color:#555");

QString td(const QString& s, const QString& style) {
  return QStringLiteral("<td style='padding:3px 5px;border:1px solid #bbb;%2'>%1</td>").arg(s, style);
}
QString th(const QString& s, const QString& style) {
  return QStringLiteral("<th style='padding:3px 5px;border:1px solid #bbb;background:#e8eef5;%2'>%1</th>").arg(s, style);
}
QString tableOpen(bool fullWidth) {
  return QStringLiteral("<table cellspacing='0' cellpadding='3' style='border-collapse:collapse'%1>")
      .arg(fullWidth ? QStringLiteral(" width='100%'") : QString());
}
QString smallCell(const QString& s, bool head) {
  return head ? QStringLiteral("<th style='padding:2px 4px;border:1px solid #bbb;background:#e8eef5;font-size:8pt'>%1</th>").arg(s)
              : QStringLiteral("<td style='padding:2px 4px;border:1px solid #bbb;font-size:8pt;white-space:nowrap' align='right'>%1</td>").arg(s);
}

QString headRow(const QStringList& cells, const QString& style) {
  QString html = QStringLiteral("<thead><tr>");
  for (const QString& c : cells) html += th(c, style);
  return html + QStringLiteral("</tr></thead>");
}
QString chartPairs(const QStringList& images) {
  QString html;
  for (int k = 0; k < images.size(); k += 2)
    html += QStringLiteral("<p style='margin:4px 0'>%1&nbsp;%2</p>").arg(images[k], images.value(k + 1));
  return html;
}
QString heading(int level, const QString& text, bool newPage) {
  return QStringLiteral("<h%1%3>%2</h%1>")
      .arg(QString::number(level), text, newPage ? QStringLiteral(" style='page-break-before:always'") : QString());
}

}  // namespace reporthtml

using namespace reporthtml;

namespace {

// The reliability model's notes (core/reliability/ReliabilityInputs.cpp,
// core/sim/Simulate.cpp) in the report's language; an unknown note as the
// engine wrote it.
QString translatedNote(const std::string& note) {
  const QString n = QString::fromStdString(note);
  if (n == QLatin1String("switch and optic counts from the fabric graph"))
    return ReportHtml::tr("switch and optic counts from the fabric graph");
  if (n == QLatin1String("no transceiver in the catalog: optic AFR 0.02 assumed"))
    return ReportHtml::tr("no transceiver in the catalog: optic AFR 0.02 assumed");
  if (n == QLatin1String("NIC not in the catalog: NIC AFR 0.003 assumed"))
    return ReportHtml::tr("NIC not in the catalog: NIC AFR 0.003 assumed");
  static const QRegularExpression checkpoint(
      QStringLiteral("^no checkpoint tier bandwidth: assumed (\\d+) GB/s per node \\(one local SSD\\)$"));
  if (const QRegularExpressionMatch m = checkpoint.match(n); m.hasMatch())
    return ReportHtml::tr("no checkpoint tier bandwidth: assumed %1 GB/s per node (one local SSD)").arg(m.captured(1));
  return n;
}

// Charts print their text at least kMinTextPt: the chart's own font scaled up
// when the interface font is smaller (charts are drawn at their print size).
double chartFontScale() {
  const double pt = QFont().pointSizeF();
  return pt > 0 ? std::max(1.0, ReportHtml::kMinTextPt / pt) : 1.0;
}

// SVG larger than this is embedded as PNG (a fabric of ten thousand links).
constexpr int kMaxSvgBytes = 4 << 20;

// Drops the SVG's text elements that hold only spaces (a chart legend's
// no-break spacers): QSvgRenderer sets text as outlines, and a blank one is a
// path of a lone move, which QPdfWriter fills and strokes as a "closepath"
// without a current point (a renderer error, "No current point in closepath",
// ~55 of them in a Chinese report). They draw nothing.
QByteArray withoutBlankText(QByteArray svg) {
  static const QRegularExpression blank(QStringLiteral("<text\\b[^>]*>[\\s\\x{00a0}]*</text>"));
  QString text = QString::fromUtf8(svg);
  const qsizetype before = text.size();
  text.remove(blank);
  return text.size() == before ? svg : text.toUtf8();
}

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

QString ReportHtml::designTag(int design) { return QStringLiteral("D%1").arg(design + 1); }

QString ReportHtml::scenarioTag(int scenario) {
  return scenario >= 0 && scenario < 26 ? QString(QChar(u'A' + scenario)) : QString::number(scenario + 1);
}

QString ReportHtml::scenarioName(int index) const {
  return QStringLiteral("%1: %2").arg(scenarioTag(index), esc(project_.scenarios[static_cast<std::size_t>(index)].name));
}

void ReportHtml::tick() {
  if (!cancelled_ && progress_ && !progress_(done_, total_)) cancelled_ = true;
}

bool ReportHtml::step() {
  if (cancelled_) return false;
  if (progress_ && !progress_(done_, total_)) cancelled_ = true;
  ++done_;
  return !cancelled_;
}

void ReportHtml::groupDesigns() {
  designs_.clear();
  designOf_.clear();
  for (int i = 0; i < static_cast<int>(project_.scenarios.size()); ++i) {
    const Scenario& s = project_.scenarios[static_cast<std::size_t>(i)];
    int found = -1;
    for (int d = 0; d < designs_.size() && found < 0; ++d) {
      const Scenario& first = project_.scenarios[static_cast<std::size_t>(designs_[d].first())];
      if (first.cluster == s.cluster && first.layout == s.layout) found = d;
    }
    if (found < 0) {
      found = static_cast<int>(designs_.size());
      designs_.append(QVector<int>());
    }
    designs_[found].append(i);
    designOf_.append(found);
  }
}

QString ReportHtml::build(Images mode) {
  pictures_.clear();
  shown_.clear();
  cancelled_ = false;
  done_ = 0;
  groupDesigns();
  const int n = static_cast<int>(project_.scenarios.size());
  total_ = 2 + static_cast<int>(designs_.size()) + n + static_cast<int>(project_.waterfalls.size()) + n + 1;

  QString html = QStringLiteral(
                     "<!DOCTYPE html><html><head><meta charset='utf-8'><title>%1</title></head>"
                     "<body style=\"font-family:%2sans-serif;font-size:10pt\">")
                     .arg(esc(project_.name),
                          fontFamilies().isEmpty() ? QString()
                                                   : QLatin1Char('\'') + fontFamilies().join(QStringLiteral("','")) +
                                                         QStringLiteral("',"));
  if (!step()) return {};
  html += header() + executiveSummary();
  if (!step()) return {};
  if (n > 1) html += comparisonCharts(mode) + comparisonTable();
  for (int d = 0; d < designs_.size(); ++d) {
    if (!step()) return {};
    html += designSection(d, mode);
  }
  for (int i = 0; i < n; ++i) {
    if (!step()) return {};
    html += scenarioSection(i, mode);
  }
  for (int w = 0; w < static_cast<int>(project_.waterfalls.size()); ++w) {
    if (!step()) return {};
    html += waterfallSection(w, mode);
  }
  for (int i = 0; i < n; ++i) {
    if (!step()) return {};
    if (!project_.scenarios[static_cast<std::size_t>(i)].workload.is_null()) html += scheduleSection(i, mode);
  }
  if (!step()) return {};
  if (precomputed_.uncertainty && precomputed_.uncertainty->error.isEmpty()) html += uncertaintySection(mode);
  html += assumptions() + versions();
  return html + QStringLiteral("</body></html>");
}

// The title block above the executive summary (no cover page of its own).
QString ReportHtml::header() const {
  QDateTime generated = generatedAt_;
  if (!generated.isValid()) {
    bool ok = false;
    const qint64 epoch = qgetenv("SOURCE_DATE_EPOCH").toLongLong(&ok);
    generated = ok && epoch >= 0 ? QDateTime::fromSecsSinceEpoch(epoch, Qt::UTC) : QDateTime::currentDateTime();
  }
  QString html = QStringLiteral("<p style='font-size:10pt;color:#555;margin:0'>%1</p>").arg(tr("ClusterForge design report"));
  html += QStringLiteral("<h1 style='font-size:20pt;margin-top:2px'>%1</h1>").arg(esc(project_.name));
  if (!project_.description.empty())
    html += QStringLiteral("<p style='font-size:8pt'>%1</p>").arg(esc(project_.description));
  html += QStringLiteral("<p style='%1;font-size:8pt'>%2</p>")
              .arg(kNote, tr("Generated %1 by ClusterForge %2")
                              .arg(QLocale().toString(generated, QLocale::LongFormat),
                                   QString::fromLatin1(kVersion))
                              .toHtmlEscaped());
  return html;
}

QString ReportHtml::scenarioSection(int index, Images mode) {
  const Scenario& s = project_.scenarios[static_cast<std::size_t>(index)];
  QString html = heading(2, tr("Results: %1").arg(scenarioName(index)), index == 0);
  html += QStringLiteral("<p>%1</p>")
              .arg(tr("Design: %1 (see “Design %1”). Model: %2 layers, hidden size %3; TP %4 × PP %5 × DP %6, "
                      "micro-batch %7; %8 billion tokens.")
                       .arg(designTag(designOf_.value(index)))
                       .arg(s.job.model.layers)
                       .arg(s.job.model.hidden)
                       .arg(s.job.parallelism.tp)
                       .arg(s.job.parallelism.pp)
                       .arg(s.job.parallelism.dp > 0 ? QLocale().toString(s.job.parallelism.dp) : tr("auto"))
                       .arg(s.job.parallelism.micro_batch)
                       .arg(QLocale().toString(s.job.train_tokens / 1e9, 'f', 0)));
  const SimResultPtr r = results_.value(index);
  if (!r || !r->ok()) {
    return html + QStringLiteral("<p>%1</p>").arg(r ? r->error.toHtmlEscaped() : tr("Not simulated."));
  }
  // Key figures, three per row: name, value and unit.
  html += tableOpen();
  int col = 0;
  for (const MetricTable::Metric& m : MetricTable::metrics()) {
    if (col % 3 == 0) html += QStringLiteral("<tr>");
    html += td(QStringLiteral("%1<br><b>%2</b> %3")
                   .arg(m.label.toHtmlEscaped(), MetricTable::format(m, MetricTable::value(m, *r)), m.unit.toHtmlEscaped()),
               QStringLiteral("width:33%"));
    if (++col % 3 == 0) html += QStringLiteral("</tr>");
  }
  if (col % 3 != 0) html += QStringLiteral("</tr>");
  html += QStringLiteral("</table>");
  const QString sentence = ResultCharts::bottleneckSentence(*r);
  if (!sentence.isEmpty())
    html += QStringLiteral("<p style='background:#fff4e0;padding:4px'><b>%1</b> %2</p>")
                .arg(tr("Bottleneck:"), sentence.toHtmlEscaped());

  // The charts, two per row at the size they print; one identical to a chart
  // shown before (the same design's power, PUE, CAPEX ...) is named instead.
  const ResultCharts::Context ctx = ResultCharts::context(project_, index);
  constexpr int kHalf = kHalfWidthPx;
  QStringList cells, wide, repeated;
  for (ResultCharts::Chart c : ResultCharts::all()) {
    ChartView view;  // a fresh view per chart: a reused QChart lays its title out late
    ResultCharts::fill(c, &view, *r, ctx);
    // The sampled run's failures, one row per cause named down the left, take the
    // page's width: at half of it the names left the plot ~45 px, its day ticks overlapping.
    const bool full = c == ResultCharts::Chart::Timeline;
    const bool tall = c == ResultCharts::Chart::Interruptions || c == ResultCharts::Chart::PowerByClass ||
                      c == ResultCharts::Chart::Capex;
    QString sameAs;
    const QString img = chart(QStringLiteral("chart/%1/%2").arg(index).arg(static_cast<int>(c)), &view,
                              full ? kPageWidthPx : kHalf, full ? 300 : tall ? 330 : 250, mode, &sameAs);
    if (!sameAs.isEmpty())
      repeated << tr("“%1” as for %2").toHtmlEscaped().arg(ResultCharts::title(c).toHtmlEscaped(), sameAs);  // sameAs: HTML
    else
      (full ? wide : cells) << img;
  }
  html += chartPairs(cells);
  for (const QString& img : wide) html += QStringLiteral("<p style='margin:4px 0'>%1</p>").arg(img);
  if (!repeated.isEmpty())
    html += QStringLiteral("<p style='%1'>%2</p>")
                .arg(kNote, tr("Not repeated (identical charts): %1.")
                                .toHtmlEscaped()
                                .arg(repeated.join(QStringLiteral("; "))));  // each part escaped once (issue 33)
  return html;
}

QString ReportHtml::chart(const QString& name, ChartView* view, int width, int height, Images mode, QString* sameAs) {
  tick();
  view->setFontScale(chartFontScale());
  Picture p;
  p.logicalSize = QSizeF(width, height);
  p.displayWidth = width;
  p.minTextPt = QFont().pointSizeF() * chartFontScale();
  QSize drawn;
  p.svg = withoutBlankText(view->toSvg(QSize(width, height), &drawn));
  // Drawn larger than asked (the chart's layout needs the room): shown at the
  // asked width, so its text prints smaller by that ratio.
  p.logicalSize = drawn;
  p.minTextPt *= std::min(1.0, static_cast<double>(width) / std::max(1, drawn.width()));
  if (p.svg.isEmpty()) p.image = view->toImage(QSize(width, height), 3.0);
  if (sameAs) {
    const QByteArray key = QCryptographicHash::hash(p.svg, QCryptographicHash::Sha1);
    const int scenario = name.section(QLatin1Char('/'), 1, 1).toInt();
    if (!p.svg.isEmpty() && shown_.contains(key)) {
      *sameAs = shown_.value(key);
      return {};
    }
    if (!p.svg.isEmpty()) shown_.insert(key, scenarioName(scenario));
  }
  return embed(name, std::move(p), mode, view->title());
}

QString ReportHtml::scene(const QString& name, QGraphicsScene* scene, const QRectF& source, QSize logical, Images mode,
                          const QString& alt, Qt::AspectRatioMode aspect) {
  tick();
  Picture p;
  if (aspect == Qt::KeepAspectRatio && source.width() > 0)
    logical.setHeight(static_cast<int>(std::ceil(source.height() * logical.width() / source.width())));
  p.logicalSize = logical;
  p.displayWidth = logical.width();
  p.svg = withoutBlankText(ImageExport::sceneSvg(scene, logical, source, aspect));
  if (p.svg.size() > kMaxSvgBytes) {
    p.svg.clear();
    p.image = ImageExport::sceneImage(scene, logical * 3, source, aspect);
  }
  return embed(name, std::move(p), mode, alt);
}

QString ReportHtml::embed(const QString& name, Picture picture, Images mode, const QString& alt) {
  const int w = picture.displayWidth;
  const int h = static_cast<int>(std::lround(picture.logicalSize.height() * w / std::max(1.0, picture.logicalSize.width())));
  QString src;
  if (mode == Images::Resources) {
    src = name;
  } else if (!picture.svg.isEmpty()) {
    src = QStringLiteral("data:image/svg+xml;base64,") + QString::fromLatin1(picture.svg.toBase64());
  } else {
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    picture.image.save(&buffer, "PNG");
    src = QStringLiteral("data:image/png;base64,") + QString::fromLatin1(png.toBase64());
  }
  pictures_.insert(name, std::move(picture));
  return QStringLiteral("<img src='%1' width='%2' height='%3' alt='%4'>")
      .arg(src, QString::number(w), QString::number(h), alt.toHtmlEscaped());
}

QString ReportHtml::assumptions() const {
  // No page of its own: it follows the last section (a forced break left a
  // page holding only that section's last lines); headings keep with their content.
  QString html = heading(2, tr("Assumptions")) + QStringLiteral("<ul>");
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
  // The engine's notes once each, after the runs they concern.
  QStringList notes;
  for (int i = 0; i < static_cast<int>(project_.scenarios.size()); ++i) {
    const SimResultPtr r = results_.value(i);
    if (!r || !r->ok() || !r->output->reliability) continue;
    const ReliabilityResult& rel = *r->output->reliability;
    html += QStringLiteral("<li>%1</li>")
                .arg(tr("%1: %2 Monte Carlo trials, seed %3, backend %4; checkpoint interval %5 min")
                         .arg(esc(project_.scenarios[static_cast<std::size_t>(i)].name), QString::number(rel.trials),
                              QString::number(rel.seed), esc(rel.backend),
                              QLocale().toString(rel.checkpoint_intervals.used / 60.0, 'f', 1)));
    for (const std::string& note : rel.notes)
      if (!notes.contains(translatedNote(note))) notes << translatedNote(note);
  }
  for (const QString& note : notes) html += QStringLiteral("<li>%1</li>").arg(note.toHtmlEscaped());
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
