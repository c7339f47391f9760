// The report's uncertainty section (issue 32), when the user has computed it
// (the Uncertainty tab's run for the design as it is now, or the CLI's
// `report --uncertainty FIGURE`): the p5–p95 bands of every headline figure
// per scenario, the tornado of the chosen figure per scenario, with two or
// more scenarios the chance each is best and its expected regret, and the
// stated assumptions (each input, its range, shape and source; the sampling
// method, sample count and seed).
#include <QLocale>
#include <algorithm>

#include "charts/ChartView.h"
#include "ReportHtml.h"
#include "uncertainty/UncertaintyText.h"
#include "uncertainty/UncertaintyView.h"
#include "design/Project.h"

namespace cf {

using namespace reporthtml;

QString ReportHtml::uncertaintySection(Images mode) {
  using T = UncertaintyText;
  const UncertaintyRun& run = *precomputed_.uncertainty;
  const auto& F = uq::figures();
  const std::size_t f = precomputed_.uncertaintyFigure < F.size() ? precomputed_.uncertaintyFigure : 1;
  QString html = heading(2, tr("Uncertainty"), true);
  html += QStringLiteral("<p>%1</p>")
              .arg(tr("How sure each figure is: the engine run on samples of its uncertain inputs (catalog figures "
                      "marked as estimates, the performance model's own error, the scenarios' stated ranges). p50 is "
                      "the median; nine samples in ten lie between p5 and p95.")
                       .toHtmlEscaped());

  // The bands: one column per scenario.
  QStringList head{tr("Figure")};
  for (const UncertaintyDesign& d : run.designs)
    head << QStringLiteral("%1<br>%2").arg(scenarioName(d.scenario), tr("p50 (p5 – p95)").toHtmlEscaped());
  html += tableOpen() + headRow(head);
  for (std::size_t k = 0; k < F.size(); ++k) {
    html += QStringLiteral("<tr>") + td(T::figureNameWithUnit(k).toHtmlEscaped());
    for (const UncertaintyDesign& d : run.designs) {
      const uq::Summary* s = run.band(d.scenario, k);
      html += td(s ? tr("%1 (%2)").arg(T::number(k, s->p50), T::band(k, *s)).toHtmlEscaped() : QStringLiteral("—"),
                 QStringLiteral("text-align:right;white-space:nowrap"));
    }
    html += QStringLiteral("</tr>");
  }
  html += QStringLiteral("</table>");
  for (const UncertaintyDesign& d : run.designs)
    if (!d.ok())
      html += QStringLiteral("<p style='%1'>%2</p>").arg(kNote, tr("%1: not computed: %2").arg(scenarioName(d.scenario), d.error.toHtmlEscaped()));

  // The tornado of the chosen figure, per scenario.
  html += heading(3, tr("What decides %1").arg(T::figureName(f)).toHtmlEscaped());
  for (const UncertaintyDesign& d : run.designs) {
    if (!d.ok() || d.swings.empty()) continue;
    ChartView view;
    UncertaintyView::showTornado(&view, d, f, scenarioTag(d.scenario));
    const int height = 110 + 46 * static_cast<int>(d.swings.size());
    html += QStringLiteral("<p>%1</p>").arg(chart(QStringLiteral("tornado/%1").arg(d.scenario), &view, kPageWidthPx, height, mode));
  }

  // Which design is best.
  if (run.compared.size() > 1 && f < run.comparisons.size()) {
    const uq::Comparison& c = run.comparisons[f];
    html += heading(3, tr("Which design is best on %1").arg(T::figureName(f)).toHtmlEscaped());
    html += tableOpen(false) + headRow({tr("Scenario"), tr("p50 (p5 – p95)").toHtmlEscaped(), tr("Chance best"),
                                        tr("Expected regret (%1)").arg(T::figureUnit(f)).toHtmlEscaped()});
    QStringList tags;
    for (std::size_t k = 0; k < run.compared.size(); ++k) {
      tags << scenarioTag(run.compared[k]);
      html += QStringLiteral("<tr>") + td(scenarioName(run.compared[k])) +
              td(tr("%1 (%2)").arg(T::number(f, c.summaries[k].p50), T::band(f, c.summaries[k])).toHtmlEscaped()) +
              td(T::percent(c.decision.probability_best[k]), QStringLiteral("text-align:right")) +
              td(T::number(f, c.decision.expected_regret[k]), QStringLiteral("text-align:right")) + QStringLiteral("</tr>");
    }
    html += QStringLiteral("</table><p>%1</p>").arg(T::decisionSentence(c, tags).toHtmlEscaped());
  }

  // The assumptions: each distinct input once, with the scenarios it applies to.
  html += heading(3, tr("Assumptions of the uncertainty analysis"));
  struct Row {
    const uq::UncertainInput* in;
    QStringList scenarios;
  };
  std::vector<Row> rows;
  for (const UncertaintyDesign& d : run.designs)
    for (const uq::UncertainInput& in : d.inputs) {
      auto same = std::find_if(rows.begin(), rows.end(), [&](const Row& r) {
        return r.in->key == in.key && r.in->dist.low == in.dist.low && r.in->dist.high == in.dist.high &&
               r.in->dist.shape == in.dist.shape && r.in->source == in.source;
      });
      if (same == rows.end()) rows.push_back({&in, {}}), same = rows.end() - 1;
      same->scenarios << scenarioTag(d.scenario);
    }
  html += tableOpen() + headRow({tr("Input"), tr("Shape"), tr("Range"), tr("Scenarios"), tr("Source")});
  for (const Row& r : rows)
    html += QStringLiteral("<tr>") + td(T::inputName(*r.in).toHtmlEscaped()) + td(T::shapeName(r.in->dist.shape)) +
            td(tr("%1 – %2").arg(T::inputValue(*r.in, r.in->dist.low), T::inputValue(*r.in, r.in->dist.high)),
               QStringLiteral("white-space:nowrap")) +
            td(r.scenarios.join(QStringLiteral(", "))) + td(T::inputSource(*r.in).toHtmlEscaped()) + QStringLiteral("</tr>");
  html += QStringLiteral("</table>");
  html += QStringLiteral("<p style='%1'>%2</p>")
              .arg(kNote, (T::method(run) + QLatin1Char(' ') +
                           tr("Tornado: each input alone at the ends of its range (the 5th and 95th percentiles of a "
                              "normal or lognormal one), the others at the design's values. Goodput and time to train "
                              "with failures from the first-order closed form (Young/Daly interval), not a Monte Carlo "
                              "per sample."))
                              .toHtmlEscaped());
  return html;
}

}  // namespace cf
