#include "overview/OverviewPage.h"

#include "PartKinds.h"

#include <QEvent>
#include <QLocale>
#include <QScrollBar>
#include <QAbstractTextDocumentLayout>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <optional>

#include "Document.h"
#include "EngineMessages.h"
#include "properties/FieldSpec.h"
#include "dashboard/ResultCharts.h"
#include "SimulationRunner.h"
#include "workload/TransformerWorkload.h"

namespace cf {

namespace {

QString esc(const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); }
QString num(double v, int decimals = 0) { return QLocale().toString(v, 'f', decimals); }
QString row(const QString& key, const QString& value) {
  return QStringLiteral("<tr><td style='padding-right:18px;color:#555'>%1</td><td>%2</td></tr>").arg(key, value);
}
QString table(const QString& title, const QString& rows) {
  return QStringLiteral("<h3>%1</h3><table cellspacing='2'>%2</table>").arg(title, rows);
}

// Parameters of the main model, counted where the performance model counts
// them (TransformerWorkload: attention of any shape, MLA included, experts,
// dense first layers, embeddings and head; MTP modules apart).
double parameterCount(const ModelSpec& m) { return TransformerWorkload(m, Precision::Bf16).totalParams(); }

}  // namespace

OverviewPage::OverviewPage(Document* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), browser_(new QTextBrowser(this)), timer_(new QTimer(this)) {
  setObjectName(QStringLiteral("overviewPage"));
  browser_->setObjectName(QStringLiteral("overviewBrowser"));
  browser_->setOpenExternalLinks(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(browser_);
  timer_->setSingleShot(true);
  timer_->setInterval(150);  // coalesce bursts of edits (spin box arrows)
  connect(timer_, &QTimer::timeout, this, &OverviewPage::updateNow);
  connect(doc_, &Document::changed, this, &OverviewPage::scheduleUpdate);
  updateNow();
}

void OverviewPage::setScenario(int index) {
  scenario_ = index;
  updateNow();
}

void OverviewPage::setRunner(SimulationRunner* runner) {
  runner_ = runner;
  connect(runner_, &SimulationRunner::resultReady, this, [this](int s) {
    if (s == scenario_) scheduleUpdate();
  });
  connect(runner_, &SimulationRunner::started, this, &OverviewPage::scheduleUpdate);
  connect(runner_, &SimulationRunner::idle, this, &OverviewPage::scheduleUpdate);
  updateNow();
}

QString OverviewPage::html() const { return browser_->toHtml(); }

void OverviewPage::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) updateNow();
  QWidget::changeEvent(event);
}

void OverviewPage::scheduleUpdate() { timer_->start(); }

void OverviewPage::updateNow() {
  timer_->stop();
  if (scenario_ >= doc_->scenarioCount()) scenario_ = qMax(0, doc_->scenarioCount() - 1);
  const Project& p = doc_->project();
  QString html = QStringLiteral("<h2>%1</h2>").arg(esc(p.name));
  if (!p.description.empty()) html += QStringLiteral("<p>%1</p>").arg(esc(p.description));
  html += QStringLiteral("<p style='color:#555'>%1</p>")
              .arg(tr("Scenarios in this project: %1").arg(doc_->scenarioCount()));
  shownKey_.clear();
  if (doc_->scenarioCount() > 0) html += scenarioHtml(scenario_) + estimatesHtml(scenario_);
  shownRevision_ = doc_->revision();
  if (html == html_) return;  // nothing moved: the scroll position and a drag in progress stay
  html_ = html;
  QScrollBar* bar = browser_->verticalScrollBar();
  const int scroll = bar->value();
  const bool atEnd = scroll > 0 && scroll >= bar->maximum();
  browser_->setHtml(html);
  // The new text is laid out before the position comes back, so that the
  // range is the new one (a position past the old range is not cut to it).
  browser_->document()->setTextWidth(browser_->viewport()->width());
  browser_->document()->documentLayout()->documentSize();
  bar->setValue(atEnd ? bar->maximum() : scroll);
}

QString OverviewPage::scenarioHtml(int index) const {
  const Scenario& s = doc_->scenario(index);
  const Cluster& c = s.cluster;
  const Job& j = s.job;
  const QLocale loc;
  QString html = QStringLiteral("<hr><h2>%1</h2>").arg(tr("Scenario: %1").arg(esc(s.name)));
  if (!s.description.empty() && s.description != doc_->project().description)
    html += QStringLiteral("<p>%1</p>").arg(esc(s.description));

  const Catalog parts = doc_->project().resolvedParts();
  QString rows = row(tr("Accelerators"), tr("%1 × %2 (%3 nodes × %4)")
                                             .arg(loc.toString(c.gpus()), esc(c.accelerator))
                                             .arg(loc.toString(c.nodes))
                                             .arg(c.accelerators_per_node));
  const Accelerator* acc = c.accelerator_spec ? &*c.accelerator_spec : parts.accelerator(c.accelerator);
  if (acc) {
    const double peak = acc->peak_tflops.forPrecision(j.precision) * static_cast<double>(c.gpus()) / 1000.0;
    rows += row(tr("Peak compute"), tr("%1 PFLOP/s (%2, dense)").arg(num(peak, 1), esc(j.precision)));
    rows += row(tr("HBM"), tr("%1 GiB per card, %2 TiB in total")
                               .arg(num(acc->hbm_GiB))
                               .arg(num(acc->hbm_GiB * static_cast<double>(c.gpus()) / 1024.0, 1)));
  }
  rows += row(tr("Scale-up"), tr("%1, domain of %2 accelerators")
                                  .arg(choiceText("/cluster/scale_up/kind", c.scale_up.kind).toHtmlEscaped())
                                  .arg(c.scale_up.domain_size));
  const ScaleOut& so = c.scale_out;
  rows += row(tr("Scale-out"), tr("%1, %2 tier(s), %3 × %4 Gb/s per node, oversubscription %5:1%6")
                                   .arg(choiceText("/cluster/scale_out/topology", so.topology).toHtmlEscaped())
                                   .arg(so.tiers)
                                   .arg(so.nics_per_node)
                                   .arg(num(so.nic_Gbps))
                                   .arg(num(so.oversubscription, 2))
                                   .arg(so.rail_optimized ? tr(", rail-optimised") : QString()));
  QStringList tiers;
  for (const auto& t : c.storage)
    tiers << QStringLiteral("%1 (%2)").arg(esc(t.name), tierKindText(t.kind).toHtmlEscaped());
  rows += row(tr("Storage tiers"), tiers.isEmpty() ? tr("none") : tiers.join(QStringLiteral(", ")));
  rows += row(tr("Facility"), tr("%1; climate: %2")
                                  .arg(choiceText("/cluster/facility/cooling", c.facility.cooling).toHtmlEscaped(),
                                       choiceText("/cluster/facility/climate", c.facility.climate).toHtmlEscaped()));
  html += table(tr("Cluster"), rows);

  const auto& m = j.model;
  const auto& par = j.parallelism;
  rows = row(tr("Model"), tr("%1 layers, hidden %2, %3 heads, sequence %4")
                              .arg(m.layers)
                              .arg(loc.toString(m.hidden))
                              .arg(m.heads)
                              .arg(loc.toString(m.seq_len)));
  rows += row(tr("Parameters"), tr("≈ %1 B").arg(num(parameterCount(m) / 1e9, 1)));
  const long long dp = par.dp > 0 ? par.dp : 0;
  rows += row(tr("Parallelism"), tr("TP %1 × PP %2 × DP %3 × CP %4")
                                     .arg(par.tp)
                                     .arg(par.pp)
                                     .arg(dp > 0 ? QString::number(dp) : tr("auto"))
                                     .arg(par.cp));
  rows += row(tr("Batch"), tr("global %1, micro-batch %2").arg(loc.toString(par.global_batch)).arg(par.micro_batch));
  rows += row(tr("Training tokens"), tr("%1 B").arg(num(j.train_tokens / 1e9, 1)));
  html += table(tr("Training job"), rows);
  return html;
}

QString OverviewPage::estimatesHtml(int index) const {
  const SimResultPtr result = runner_ ? runner_->result(index) : SimResultPtr();
  if (!result)  // the current design's figures are on their way: never an older design's
    return table(tr("Estimates"), row(tr("Not simulated"), runner_ && runner_->isPending()
                                                               ? tr("Updating… (the figures of this design are being "
                                                                    "computed)")
                                                               : tr("Not simulated yet.")));
  const_cast<OverviewPage*>(this)->shownKey_ = result->key;
  if (!result->ok()) return table(tr("Estimates"), row(tr("Not simulated"), result->error.toHtmlEscaped()));
  const SimOutput& out = *result->output;
  QString rows;
  auto put = [&](std::optional<double> v, const QString& label, int decimals, double factor = 1) {
    if (v && std::isfinite(*v)) rows += row(label, num(*v * factor, decimals));
  };
  const PerfResult& perf = out.performance.perf;
  // The step the later models used: the flow simulation's when it ran.
  put(out.stepTime_s(), out.flow ? tr("Step time, flow simulation (s)") : tr("Step time (s)"), 2);
  if (out.flow) put(out.flow->analytical_step_time_s, tr("Step time, analytical (s)"), 2);
  put(out.tokensPerSecond(), tr("Tokens per second"), 0);
  put(out.mfu(), tr("MFU (%)"), 1, 100);
  put(perf.memory_per_gpu_GiB, tr("Memory per GPU (GiB)"), 1);
  put(out.failureFreeDays(), tr("Time to train, failure-free (days)"), 1);
  const Bottleneck& b = out.performance.bottleneck;
  rows += row(tr("Bottleneck"),
              QStringLiteral("%1 — %2").arg(esc(b.resource), ResultCharts::bottleneckDetail(b).toHtmlEscaped()));
  if (out.topology) {
    const topology::TopologyModel& t = *out.topology;
    put(static_cast<double>(topology::switchCount(t.fabric, t.analysis.counts)), tr("Switches"), 0);
    put(static_cast<double>(t.analysis.counts.links()), tr("Links"), 0);
    if (t.analysis.paths)
      put(t.analysis.bisection.bisection_Gbps / 1000.0, tr("Bisection bandwidth (Tb/s)"), 1);
    else  // an analytical-first estimate of a large design: the full run follows
      rows += row(tr("Bisection bandwidth (Tb/s)"), tr("follows with the full run").toHtmlEscaped());
  }
  put(out.energy.it_train_kW, tr("IT power (kW)"), 0);
  put(out.energy.year.pue_annual, tr("PUE"), 2);
  put(out.cost.capex_usd, tr("CAPEX (million USD)"), 1, 1e-6);
  put(out.cost.tco_usd, tr("TCO (million USD)"), 1, 1e-6);
  // The user guide's last two figures: goodput (ETTR, from the Monte Carlo)
  // and the cost of a GPU-hour.
  if (out.reliability)
    put(out.reliability->goodput.mean, tr("Goodput, ETTR (%)"), 1, 100);
  else if (runner_ && runner_->isEstimate(index))
    rows += row(tr("Goodput, ETTR (%)"), tr("follows with the Monte Carlo run").toHtmlEscaped());
  put(out.cost.usd_per_gpu_hour, tr("Cost per GPU-hour (USD)"), 2);
  if (rows.isEmpty()) rows = row(tr("Estimates"), tr("The engine computes no section for this scenario yet."));
  return table(tr("Estimates"), rows);
}

}  // namespace cf
