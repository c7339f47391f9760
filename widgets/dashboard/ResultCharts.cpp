#include "dashboard/ResultCharts.h"

#include <QHash>
#include <QLocale>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "charts/ChartStyle.h"
#include "charts/ChartView.h"
#include "EngineMessages.h"
#include "design/Project.h"

namespace cf {

namespace {

double finiteOr0(double v) { return std::isfinite(v) ? v : 0.0; }

// (key, value) pairs as (translated label, value) pairs, in the given order;
// `keys` (optional) receives the engine keys of the pairs kept.
void series(const std::vector<std::pair<std::string, double>>& parts, QStringList* names, QVector<double>* values,
            QStringList* keys = nullptr, double factor = 1, bool skipZero = true) {
  for (const auto& [key, raw] : parts) {
    const double v = finiteOr0(raw) * factor;
    if (skipZero && std::abs(v) < 1e-12) continue;
    *names << ResultCharts::keyName(QString::fromStdString(key));
    *values << v;
    if (keys) *keys << QString::fromStdString(key);
  }
}

// One stacked bar per part, each in its key's fixed colour.
QVector<ChartView::Series> keyedParts(const QStringList& names, const QVector<double>& values, const QStringList& keys) {
  QVector<ChartView::Series> bars;
  for (int i = 0; i < names.size(); ++i) bars.append({names[i], {values[i]}, {}, keys.value(i)});
  return bars;
}

}  // namespace

std::vector<std::pair<std::string, double>> ResultCharts::breakdownParts(const StepBreakdown& b) {
  return {{"compute", b.compute}, {"tp_comm", b.tp_comm}, {"pp_comm", b.pp_comm},
          {"dp_comm", b.dp_comm}, {"ep_comm", b.ep_comm}, {"cp_comm", b.cp_comm},
          {"bubble", b.bubble},   {"data_io", b.data_io}, {"other", b.other},
          {"offload", b.offload}};
}

QString ResultCharts::bottleneckDetail(const Bottleneck& b) {
  // translatedBottleneck reads the clauses as the output writes them.
  nlohmann::json clauses = nlohmann::json::array();
  for (const BottleneckClause& c : b.clauses) clauses.push_back({{"id", c.id}, {"args", c.args}});
  return translatedBottleneck({{"resource", b.resource}, {"detail", b.detail}, {"clauses", std::move(clauses)}});
}

QList<ResultCharts::Chart> ResultCharts::all() {
  return {Chart::StepBreakdown, Chart::Memory,       Chart::Interruptions, Chart::TimeToTrain, Chart::Timeline,
          Chart::PowerByClass,  Chart::MonthlyPue, Chart::Capex,         Chart::TcoYears};
}

QString ResultCharts::title(Chart c) {
  switch (c) {
    case Chart::StepBreakdown: return tr("Step time breakdown");
    case Chart::Memory: return tr("Memory per GPU against HBM capacity");
    case Chart::Interruptions: return tr("Interruptions by cause (mean per run)");
    case Chart::TimeToTrain: return tr("Time to train with failures");
    case Chart::Timeline: return tr("One sampled run: failures over time");
    case Chart::PowerByClass: return tr("Power by component");
    case Chart::MonthlyPue: return tr("PUE by month");
    case Chart::Capex: return tr("CAPEX breakdown");
    case Chart::TcoYears: return tr("TCO over the years: on-premises vs cloud");
  }
  return {};
}

ResultCharts::Context ResultCharts::context(const Project& p, int scenario) {
  Context ctx;
  if (scenario < 0 || scenario >= static_cast<int>(p.scenarios.size())) return ctx;
  const Scenario& s = p.scenarios[static_cast<std::size_t>(scenario)];
  ctx.gpus = s.cluster.gpus();
  const Catalog parts = p.resolvedParts();
  const Accelerator* acc = s.cluster.accelerator_spec ? &*s.cluster.accelerator_spec
                                                      : parts.accelerator(s.cluster.accelerator);
  if (acc) ctx.hbm_GiB = acc->hbm_GiB;
  return ctx;
}

QString ResultCharts::keyName(const QString& key) {
  static const QHash<QString, const char*> names = {
      {QStringLiteral("compute"), QT_TR_NOOP("Compute")},
      {QStringLiteral("tp_comm"), QT_TR_NOOP("TP communication")},
      {QStringLiteral("pp_comm"), QT_TR_NOOP("PP communication")},
      {QStringLiteral("dp_comm"), QT_TR_NOOP("DP communication")},
      {QStringLiteral("ep_comm"), QT_TR_NOOP("EP communication")},
      {QStringLiteral("cp_comm"), QT_TR_NOOP("CP communication")},
      {QStringLiteral("bubble"), QT_TR_NOOP("Pipeline bubble")},
      {QStringLiteral("data_io"), QT_TR_NOOP("Data loading")},
      {QStringLiteral("other"), QT_TR_NOOP("Other")},
      {QStringLiteral("offload"), QT_TR_NOOP("Activation offload")},
      {QStringLiteral("weights"), QT_TR_NOOP("Weights")},
      {QStringLiteral("gradients"), QT_TR_NOOP("Gradients")},
      {QStringLiteral("optimizer"), QT_TR_NOOP("Optimizer states")},
      {QStringLiteral("activations"), QT_TR_NOOP("Activations")},
      {QStringLiteral("temporary"), QT_TR_NOOP("Temporary buffers")},
      {QStringLiteral("fragmentation"), QT_TR_NOOP("Fragmentation")},
      {QStringLiteral("compute_resource"), QT_TR_NOOP("compute")},
      {QStringLiteral("scale_up"), QT_TR_NOOP("the scale-up network")},
      {QStringLiteral("scale_out"), QT_TR_NOOP("the scale-out network")},
      {QStringLiteral("storage"), QT_TR_NOOP("storage")},
      {QStringLiteral("data_loading"), QT_TR_NOOP("data loading")},
      {QStringLiteral("memory"), QT_TR_NOOP("memory")},
      {QStringLiteral("gpu"), QT_TR_NOOP("GPU")},
      {QStringLiteral("hbm"), QT_TR_NOOP("HBM")},
      {QStringLiteral("nic"), QT_TR_NOOP("NIC")},
      {QStringLiteral("node"), QT_TR_NOOP("Node")},
      {QStringLiteral("psu"), QT_TR_NOOP("PSU")},
      {QStringLiteral("sram"), QT_TR_NOOP("GPU SRAM")},
      {QStringLiteral("sdc"), QT_TR_NOOP("Silent data corruption")},
      {QStringLiteral("ssd"), QT_TR_NOOP("SSD")},
      {QStringLiteral("cable"), QT_TR_NOOP("Cable")},
      {QStringLiteral("cable_access"), QT_TR_NOOP("Cable (access)")},
      {QStringLiteral("software"), QT_TR_NOOP("Software")},
      {QStringLiteral("network_ops"), QT_TR_NOOP("Network operations (switch software, cabling)")},
      {QStringLiteral("switch"), QT_TR_NOOP("Switch")},
      {QStringLiteral("switch_leaf"), QT_TR_NOOP("Leaf switch")},
      {QStringLiteral("switch_spine"), QT_TR_NOOP("Spine switch")},
      {QStringLiteral("optic"), QT_TR_NOOP("Optical module")},
      {QStringLiteral("optic_access"), QT_TR_NOOP("Optical module (access)")},
      {QStringLiteral("optic_fabric"), QT_TR_NOOP("Optical module (fabric)")},
      {QStringLiteral("storage_power"), QT_TR_NOOP("Storage")},
      // IT power classes (energy.it_power_by_class_kW), as "power_" + class.
      {QStringLiteral("power_accelerator"), QT_TR_NOOP("Accelerators")},
      {QStringLiteral("power_host"), QT_TR_NOOP("Hosts (CPU, memory, fans)")},
      {QStringLiteral("power_nic"), QT_TR_NOOP("NICs")},
      {QStringLiteral("power_switch"), QT_TR_NOOP("Switches")},
      {QStringLiteral("power_transceiver"), QT_TR_NOOP("Transceivers")},
      {QStringLiteral("power_fiber"), QT_TR_NOOP("Fibre")},
      {QStringLiteral("power_cable"), QT_TR_NOOP("Cables")},
      {QStringLiteral("power_rack"), QT_TR_NOOP("Rack equipment")},
      {QStringLiteral("power_storage"), QT_TR_NOOP("Storage")},
      // CAPEX items (cost.capex_breakdown[].item); "storage (tier)" in capexItemName.
      {QStringLiteral("accelerators"), QT_TR_NOOP("Accelerators")},
      {QStringLiteral("node systems"), QT_TR_NOOP("Node systems")},
      {QStringLiteral("scale-out NICs"), QT_TR_NOOP("Scale-out NICs")},
      {QStringLiteral("network switch"), QT_TR_NOOP("Network switches")},
      {QStringLiteral("network cable"), QT_TR_NOOP("Network cables")},
      {QStringLiteral("network fiber"), QT_TR_NOOP("Network fibre")},
      {QStringLiteral("network transceiver"), QT_TR_NOOP("Network transceivers")},
      {QStringLiteral("network rack"), QT_TR_NOOP("Network racks")},
      {QStringLiteral("racks"), QT_TR_NOOP("Racks")},
      {QStringLiteral("power plant"), QT_TR_NOOP("Power plant")},
      {QStringLiteral("cooling plant"), QT_TR_NOOP("Cooling plant")},
      {QStringLiteral("cooling"), QT_TR_NOOP("Cooling")},
      {QStringLiteral("chain"), QT_TR_NOOP("Power-chain losses")},
  };
  const auto it = names.constFind(key);
  if (it != names.constEnd()) return tr(it.value());
  // "storage (pfs)": a CAPEX line per storage tier, named by the tier.
  static const QRegularExpression storageTier(QStringLiteral("^storage \\((.+)\\)$"));
  const QRegularExpressionMatch m = storageTier.match(key);
  if (m.hasMatch()) return tr("Storage (%1)").arg(m.captured(1));
  return key;
}

QString ResultCharts::monthName(int month) {
  static const char* const names[] = {QT_TR_NOOP("Jan"), QT_TR_NOOP("Feb"), QT_TR_NOOP("Mar"), QT_TR_NOOP("Apr"),
                                      QT_TR_NOOP("May"), QT_TR_NOOP("Jun"), QT_TR_NOOP("Jul"), QT_TR_NOOP("Aug"),
                                      QT_TR_NOOP("Sep"), QT_TR_NOOP("Oct"), QT_TR_NOOP("Nov"), QT_TR_NOOP("Dec")};
  return month >= 1 && month <= 12 ? tr(names[month - 1]) : QString::number(month);
}

QString ResultCharts::bottleneckSentence(const SimResult& r) {
  if (!r.ok()) return {};
  const PerformanceResult& perf = r.output->performance;
  QString res = QString::fromStdString(perf.bottleneck.resource);
  if (res == QLatin1String("compute")) res = QStringLiteral("compute_resource");
  const QString detail = bottleneckDetail(perf.bottleneck);  // from its clauses, in the interface language
  const double step = finiteOr0(perf.perf.step_time_s);
  const double compute = finiteOr0(perf.perf.breakdown.compute);
  const QString share = step > 0 ? QLocale().toString(100.0 * (step - compute) / step, 'f', 0) : QStringLiteral("0");
  return tr("The step is limited by %1 (%2); %3 % of the step is not compute.").arg(keyName(res), detail, share);
}

void ResultCharts::fill(Chart c, ChartView* view, const SimResult& r, const Context& ctx) {
  view->setTitle(title(c));
  if (!r.ok()) {
    view->showMessage(r.error.isEmpty() ? tr("Not simulated yet.") : r.error.toHtmlEscaped());
    return;
  }
  const SimOutput& out = *r.output;
  const PerfResult& perf = out.performance.perf;
  const std::optional<ReliabilityResult>& rel = out.reliability;
  const EnergyResult& energy = out.energy;
  const CostResult& cost = out.cost;
  auto missing = [&] { view->showMessage(tr("The engine computes no result for this chart here.")); };
  QStringList names;
  QVector<double> values;
  switch (c) {
    case Chart::StepBreakdown: {
      QStringList keys;
      series(breakdownParts(perf.breakdown), &names, &values, &keys);
      view->showBars({tr("Step")}, keyedParts(names, values, keys), tr("seconds"), true, true);
      return;
    }
    case Chart::Memory: {
      const MemoryBreakdown& m = perf.memory;
      constexpr double kGiB = 1024.0 * 1024 * 1024;
      QStringList keys;
      series({{"weights", m.weights_B / kGiB},
              {"gradients", m.gradients_B / kGiB},
              {"optimizer", m.optimizer_B / kGiB},
              {"activations", m.activations_B / kGiB},
              {"temporary", m.temporary_B / kGiB},
              {"fragmentation", m.fragmentation_B / kGiB}},
             &names, &values, &keys);
      QVector<ChartView::Series> bars = keyedParts(names, values, keys);
      double used = 0;
      for (double v : values) used += v;
      if (ctx.hbm_GiB > used) bars.append({tr("Free HBM"), {ctx.hbm_GiB - used}, chartstyle::remainderColor()});
      const QString cat = ctx.hbm_GiB > 0 ? tr("of %1 GiB").arg(QLocale().toString(ctx.hbm_GiB, 'f', 0)) : tr("GPU");
      view->showBars({cat}, bars, tr("GiB"), true, true);
      return;
    }
    case Chart::Interruptions: {
      if (!rel) return missing();
      std::vector<std::pair<std::string, double>> causes;
      for (const ReliabilityCause& k : rel->causes) causes.emplace_back(k.failure.name, k.interruptions_mean);
      series(causes, &names, &values);
      if (ctx.max_bars > 1 && names.size() > ctx.max_bars) {
        // The largest causes in their order, the rest summed into one bar.
        QVector<int> order(names.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return values[a] > values[b]; });
        const QVector<int> kept(order.begin(), order.begin() + (ctx.max_bars - 1));
        double rest = 0;
        for (int i = ctx.max_bars - 1; i < order.size(); ++i) rest += values[order[i]];
        QStringList n;
        QVector<double> v;
        for (int i = 0; i < names.size(); ++i)
          if (kept.contains(i)) {
            n << names[i];
            v << values[i];
          }
        n << tr("Other (%n causes)", nullptr, static_cast<int>(order.size()) - (ctx.max_bars - 1));
        v << rest;
        names = n;
        values = v;
      }
      if (names.isEmpty()) return view->showMessage(tr("No interruptions."));
      view->showBars(names, {{tr("Interruptions"), values, {}, QStringLiteral("interruptions")}}, tr("per run"),
                     false, true);
      return;
    }
    case Chart::TimeToTrain: {
      if (!rel) return missing();
      names = {tr("failure-free"), tr("p50"), tr("mean"), tr("p95")};
      values = {finiteOr0(out.failureFreeDays()), rel->time_to_train_days.p50, rel->time_to_train_days.mean,
                rel->time_to_train_days.p95};
      view->showBars(names, {{tr("Days"), values, {}, QStringLiteral("time_to_train")}}, tr("days"));
      return;
    }
    case Chart::Timeline: {
      if (!rel || !rel->timeline) return missing();
      QStringList rows;
      QVector<QVector<double>> xs;
      double end = 0;
      for (const TimelineEvent& e : *rel->timeline) {
        const QString cause = QString::fromStdString(e.cause);
        const double t = e.t_s / 3600 / 24.0;
        end = std::max(end, t);
        if (cause == QLatin1String("finished")) continue;
        const QString name = keyName(cause);
        qsizetype row = rows.indexOf(name);
        if (row < 0) {
          rows << name;
          xs.append(QVector<double>());
          row = rows.size() - 1;
        }
        xs[row].append(t);
      }
      if (rows.isEmpty()) return view->showMessage(tr("No failures in the sampled run."));
      view->showEventRows(rows, xs, tr("days since start"), end);
      return;
    }
    case Chart::PowerByClass: {
      std::vector<std::pair<std::string, double>> classes;
      for (const auto& [cls, kW] : itPowerByClass_kW(energy)) classes.emplace_back("power_" + cls, kW);
      series(classes, &names, &values);
      names << keyName(QStringLiteral("cooling")) << keyName(QStringLiteral("chain"));
      values << coolingPower_kW(energy) << powerChainLoss_kW(energy);
      view->showBars(names, {{tr("Power"), values, {}, QStringLiteral("power")}}, tr("kW"), false, true);
      return;
    }
    case Chart::MonthlyPue: {
      for (double v : energy.year.pue) values << finiteOr0(v);
      for (int m = 1; m <= values.size(); ++m) names << monthName(m);
      // PUE cannot fall below 1: the axis starts there, marked as zoomed.
      view->showLines(names, {{tr("PUE"), values, {}, QStringLiteral("pue")}}, tr("PUE"), QString(), 1.0);
      return;
    }
    case Chart::Capex: {
      if (cost.capex_lines.empty()) return missing();
      // One bar per item: lines that share an item (AEC and AOC cables, two
      // storage tiers) are summed, so each label stays on its own value.
      for (const CapexLine& l : cost.capex_lines) {
        const QString name = keyName(QString::fromStdString(l.item));
        const qsizetype at = names.indexOf(name);
        if (at < 0) {
          names << name;
          values << l.total() / 1e6;
        } else {
          values[at] += l.total() / 1e6;
        }
      }
      view->showBars(names, {{tr("CAPEX"), values, {}, QStringLiteral("capex")}}, tr("million USD"), false, true);
      return;
    }
    case Chart::TcoYears: {
      const double years = std::max(1.0, cost.years);
      const double capex = cost.capex_usd, opex = cost.opex_usd_per_year;
      const double cloudRate = cost.cloud_usd_per_gpu_hour;
      const double perGpuHour = cost.usd_per_gpu_hour;
      // Paid GPU-hours per year as the cost model counts them (utilisation applied).
      const double tcoTotal = cost.tco_usd;
      const double paidHoursPerYear = perGpuHour > 0 ? tcoTotal / perGpuHour / years : ctx.gpus * 8760.0;
      QVector<double> onPrem, cloud;
      for (int y = 0; y <= static_cast<int>(years); ++y) {
        names << QString::number(y);
        onPrem << (capex + y * opex) / 1e6;
        cloud << cloudRate * paidHoursPerYear * y / 1e6;
      }
      view->showLines(names,
                      {{tr("On-premises (CAPEX + OPEX)"), onPrem, {}, QStringLiteral("onprem")},
                       {tr("Cloud at the same use"), cloud, {}, QStringLiteral("cloud")}},
                      tr("million USD"), tr("years"));
      return;
    }
  }
}

}  // namespace cf
