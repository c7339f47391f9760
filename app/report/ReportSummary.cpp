// The report's first pages (issue 19 item 4): the executive summary (every
// scenario side by side: the design, the answer, the bottleneck, cost and
// PUE, with a verdict line naming the best scenario of each headline figure),
// then the comparison charts across scenarios and the full metric table.
// Figures, units, formats and "better" directions come from MetricTable (the
// Compare tab's rows) and the charts from CompareCharts (the Compare tab's).
#include <QLocale>
#include <cmath>

#include "common/Printable.h"
#include "charts/ChartView.h"
#include "compare/CompareCharts.h"
#include "properties/FieldSpec.h"
#include "compare/MetricTable.h"
#include "ReportHtml.h"
#include "dashboard/ResultCharts.h"
#include "design/Project.h"

namespace cf {

using namespace reporthtml;

namespace {

const MetricTable::Metric* metric(const QVector<MetricTable::Metric>& all, const char* id) {
  for (const MetricTable::Metric& m : all)
    if (qstrcmp(m.id, id) == 0) return &m;
  return nullptr;
}

QString withUnit(const MetricTable::Metric& m) {
  return m.unit.isEmpty() ? m.label : ReportHtml::tr("%1 (%2)").arg(m.label, m.unit);
}

const QString kSmall = QStringLiteral("font-size:8pt;padding:2px 4px;");
const QString kBest = QStringLiteral("background:#c6efce;font-weight:bold;");

}  // namespace

// The design in words, with display names (the property editor's labels).
QString ReportHtml::designTable(int scenario) const {
  const Cluster& c = project_.scenarios[static_cast<std::size_t>(scenario)].cluster;
  const QLocale loc;
  QStringList fabric;
  fabric << choiceText("/cluster/scale_out/topology", c.scale_out.topology)
         << tr("%n tier(s)", nullptr, c.scale_out.tiers);
  if (c.scale_out.rail_optimized) fabric << fieldText("Rail-optimised").toLower();
  if (c.scale_out.oversubscription > 1)
    fabric << tr("oversubscription %1 : 1").arg(loc.toString(c.scale_out.oversubscription, 'g', 3));
  fabric << tr("%1 × %2 Gb/s per node").arg(c.scale_out.nics_per_node).arg(loc.toString(c.scale_out.nic_Gbps, 'f', 0));
  const QList<QPair<QString, QString>> rows = {
      {tr("GPUs"), tr("%1 × %2 (%3 nodes of %4)")
                       .arg(loc.toString(c.gpus()), esc(c.accelerator), loc.toString(c.nodes),
                            QString::number(c.accelerators_per_node))},
      {tr("Scale-up"), tr("%1, %2 GPUs per domain")
                           .arg(choiceText("/cluster/scale_up/kind", c.scale_up.kind),
                                c.scale_up.domain_size > 0 ? QString::number(c.scale_up.domain_size) : tr("automatic"))},
      {tr("Fabric"), fabric.join(QStringLiteral(", "))},
      {tr("Cooling"), tr("%1, climate %2")
                          .arg(choiceText("/cluster/facility/cooling", c.facility.cooling),
                               choiceText("/cluster/facility/climate", c.facility.climate))},
      {tr("Power"), tr("%1, %2 redundancy")
                        .arg(choiceText("/cluster/facility/power_chain", c.facility.power_chain),
                             QString::fromStdString(c.facility.power_redundancy))},
      {tr("Electricity"), tr("%1 USD/kWh, amortised over %2 years")
                              .arg(loc.toString(c.facility.electricity_usd_per_kWh, 'f', 3),
                                   loc.toString(c.facility.amortization_years, 'g', 3))},
  };
  QString html = tableOpen() + headRow({tr("Item"), tr("Value")});
  for (const auto& [k, v] : rows) html += QStringLiteral("<tr>") + td(k, QStringLiteral("width:25%")) + td(v) + QStringLiteral("</tr>");
  return html + QStringLiteral("</table>");
}

// User text: control characters and bidirectional overrides shown as \uXXXX (common/Printable.h, the same
// function as the CLI's text output), then HTML-escaped.
QString ReportHtml::esc(const std::string& s) { return QString::fromStdString(printableText(s)).toHtmlEscaped(); }

QString ReportHtml::executiveSummary() const {
  const int n = static_cast<int>(project_.scenarios.size());
  const QVector<MetricTable::Metric> all = MetricTable::metrics();
  const QLocale loc;
  QString html = heading(2, tr("Executive summary"));
  html += verdict();

  QStringList head{QString()};
  for (int i = 0; i < n; ++i) head << scenarioName(i);
  html += tableOpen() + headRow(head, kSmall);
  const int span = n + 1;
  auto section = [&](const QString& title) {
    html += QStringLiteral("<tr><td colspan='%1' style='padding:3px 5px;border:1px solid #bbb;background:#f4f4f4;%3'><b>%2</b></td></tr>")
                .arg(span)
                .arg(title, kSmall);
  };
  auto textRow = [&](const QString& label, const std::function<QString(int)>& cell) {
    html += QStringLiteral("<tr>") + td(label, kSmall);
    for (int i = 0; i < n; ++i) html += td(cell(i), kSmall);
    html += QStringLiteral("</tr>");
  };
  auto metricRow = [&](const char* id) {
    const MetricTable::Metric* m = metric(all, id);
    if (!m) return;
    QVector<double> values(n, std::nan(""));
    for (int i = 0; i < n; ++i)
      if (results_.value(i) && results_[i]->ok()) values[i] = MetricTable::value(*m, *results_[i]);
    if (std::all_of(values.begin(), values.end(), [](double v) { return std::isnan(v); })) return;
    const int best = n > 1 ? MetricTable::best(*m, values) : -1;
    html += QStringLiteral("<tr>") + td(withUnit(*m).toHtmlEscaped(), kSmall);
    for (int i = 0; i < n; ++i)
      html += td(MetricTable::format(*m, values[i]), kSmall + QStringLiteral("text-align:right;") + (i == best ? kBest : QString()));
    html += QStringLiteral("</tr>");
  };
  auto cluster = [&](int i) -> const Cluster& { return project_.scenarios[static_cast<std::size_t>(i)].cluster; };

  section(tr("Design"));
  if (designs_.size() > 1) textRow(tr("Design"), [&](int i) { return designTag(designOf_.value(i)); });
  textRow(tr("GPUs"), [&](int i) { return loc.toString(cluster(i).gpus()); });
  textRow(tr("Accelerator"), [&](int i) { return esc(cluster(i).accelerator); });
  textRow(tr("Fabric"), [&](int i) {
    const ScaleOut& so = cluster(i).scale_out;
    return tr("%1, %n tier(s), %2 Gb/s", nullptr, so.tiers)
        .arg(choiceText("/cluster/scale_out/topology", so.topology), loc.toString(so.nic_Gbps, 'f', 0));
  });
  textRow(tr("Cooling"), [&](int i) {
    return tr("%1, %2").arg(choiceText("/cluster/facility/cooling", cluster(i).facility.cooling),
                            choiceText("/cluster/facility/climate", cluster(i).facility.climate));
  });
  section(tr("Answer"));
  metricRow("time_to_train_days_mean");
  metricRow("time_to_train_days");
  metricRow("mfu");
  metricRow("goodput_mean");
  textRow(tr("Bottleneck"), [&](int i) {
    const SimResultPtr r = results_.value(i);
    if (!r || !r->ok()) return QStringLiteral("—");
    QString res = QString::fromStdString(r->output->performance.bottleneck.resource);
    if (res == QLatin1String("compute")) res = QStringLiteral("compute_resource");
    return res.isEmpty() ? QStringLiteral("—") : ResultCharts::keyName(res).toHtmlEscaped();
  });
  section(tr("Cost"));
  metricRow("capex_usd");
  metricRow("tco_usd");
  metricRow("run_cost_usd");
  metricRow("usd_per_million_tokens");
  section(tr("Energy"));
  metricRow("pue");
  metricRow("facility_power_kW");
  html += QStringLiteral("</table>");
  html += QStringLiteral("<p style='%1;%2'>%3</p>")
              .arg(kNote, kSmall,
                   (n > 1 ? tr("The best value of each row is highlighted. ") : QString()) +
                       tr("Time to train with failures is the Monte Carlo mean; TCO covers the amortisation period; "
                          "the cost of the run is the share of TCO the training run uses."));
  return html;
}

// "Fastest: B (12.3 days) · lowest cost of the run: A (3.40 M USD) ..."
QString ReportHtml::verdict() const {
  const int n = static_cast<int>(project_.scenarios.size());
  if (n < 2) return {};
  const QVector<MetricTable::Metric> all = MetricTable::metrics();
  QStringList parts;
  const QList<QPair<const char*, QString>> headline = {
      {"time_to_train_days_mean", tr("fastest with failures")},
      {"time_to_train_days", tr("fastest without failures")},
      {"run_cost_usd", tr("lowest cost of the run")},
      {"tco_usd", tr("lowest TCO")},
      {"pue", tr("lowest PUE")}};
  for (const auto& [id, words] : headline) {
    const MetricTable::Metric* m = metric(all, id);
    if (!m) continue;
    QVector<double> values(n, std::nan(""));
    for (int i = 0; i < n; ++i)
      if (results_.value(i) && results_[i]->ok()) values[i] = MetricTable::value(*m, *results_[i]);
    const int best = MetricTable::best(*m, values);
    if (best < 0) continue;
    // A tie says nothing about the scenarios.
    if (std::count_if(values.begin(), values.end(), [&](double v) {
          return MetricTable::format(*m, v) == MetricTable::format(*m, values[best]);
        }) > 1)
      continue;
    parts << tr("%1: %2 (%3 %4)").arg(words, scenarioTag(best), MetricTable::format(*m, values[best]), m->unit);
  }
  if (parts.isEmpty()) return {};
  QString text = parts.join(QStringLiteral(" · "));
  text[0] = text[0].toUpper();
  return QStringLiteral("<p style='font-size:11pt'><b>%1</b></p>").arg(text.toHtmlEscaped());
}

QString ReportHtml::comparisonCharts(Images mode) {
  const int n = static_cast<int>(project_.scenarios.size());
  QStringList tags, names;
  for (int i = 0; i < n; ++i) {
    tags << scenarioTag(i);
    names << QString::fromStdString(project_.scenarios[static_cast<std::size_t>(i)].name);
  }
  QString html = heading(2, tr("Scenario comparison"), true);
  constexpr int kHalf = kHalfWidthPx;
  QStringList cells;
  {
    ChartView v;
    if (CompareCharts::timeToTrain(&v, tags, results_)) cells << chart(QStringLiteral("compare/time"), &v, kHalf, 280, mode);
  }
  {
    ChartView v;
    if (CompareCharts::cost(&v, tags, results_)) cells << chart(QStringLiteral("compare/cost"), &v, kHalf, 280, mode);
  }
  {
    ChartView v;
    if (CompareCharts::stepBreakdown(&v, tags, results_)) cells << chart(QStringLiteral("compare/step"), &v, kHalf, 300, mode);
  }
  {
    ChartView v;
    if (CompareCharts::tcoAgainstTime(&v, tags, names, results_))
      cells << chart(QStringLiteral("compare/tco"), &v, kHalf, 300, mode);
  }
  return html + chartPairs(cells);
}

QString ReportHtml::comparisonTable() const {
  const int n = static_cast<int>(project_.scenarios.size());
  QString html = heading(3, tr("All figures"));
  QStringList head{tr("Metric")};
  for (int i = 0; i < n; ++i) head << scenarioName(i);
  html += tableOpen() + headRow(head, kSmall);
  for (const MetricTable::Metric& m : MetricTable::metrics()) {
    QVector<double> values(n, std::nan(""));
    for (int i = 0; i < n; ++i)
      if (results_.value(i) && results_[i]->ok()) values[i] = MetricTable::value(m, *results_[i]);
    const int best = MetricTable::best(m, values);
    html += QStringLiteral("<tr>") + td(withUnit(m).toHtmlEscaped(), kSmall);
    for (int i = 0; i < n; ++i)
      html += td(MetricTable::format(m, values[i]), kSmall + QStringLiteral("text-align:right;") + (i == best ? kBest : QString()));
    html += QStringLiteral("</tr>");
  }
  return html + QStringLiteral("</table><p style='%1;%2'>%3</p>").arg(kNote, kSmall, tr("The best value of each row is highlighted."));
}

}  // namespace cf
