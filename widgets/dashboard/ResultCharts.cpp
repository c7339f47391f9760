#include "ResultCharts.h"

#include <QHash>
#include <QLocale>
#include <cmath>

#include "ChartView.h"
#include "EngineMessages.h"
#include "design/Project.h"

namespace cf {

namespace {

using J = nlohmann::json;

const J* section(const SimResult& r, const char* name) {
  if (!r.ok() || !r.output.contains(name) || !r.output[name].is_object()) return nullptr;
  return &r.output[name];
}

double num(const J& j, const char* key, double fallback = 0) {
  return j.contains(key) && j[key].is_number() ? j[key].get<double>() : fallback;
}

// A JSON object of numbers as (translated label, value) pairs, in key order.
void objectSeries(const J& obj, QStringList* names, QVector<double>* values, double factor = 1,
                  bool skipZero = true) {
  if (!obj.is_object()) return;
  for (auto it = obj.begin(); it != obj.end(); ++it) {
    if (!it.value().is_number()) continue;
    const double v = it.value().get<double>() * factor;
    if (skipZero && std::abs(v) < 1e-12) continue;
    *names << ResultCharts::keyName(QString::fromStdString(it.key()));
    *values << v;
  }
}

}  // namespace

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
      {QStringLiteral("cooling"), QT_TR_NOOP("Cooling")},
      {QStringLiteral("chain"), QT_TR_NOOP("Power-chain losses")},
  };
  const auto it = names.constFind(key);
  return it == names.constEnd() ? key : tr(it.value());
}

QString ResultCharts::bottleneckSentence(const SimResult& r) {
  const J* perf = section(r, "performance");
  if (!perf || !perf->contains("bottleneck")) return {};
  const J& b = (*perf)["bottleneck"];
  QString res = QString::fromStdString(b.value("resource", std::string()));
  if (res == QLatin1String("compute")) res = QStringLiteral("compute_resource");
  const QString detail = translatedBottleneck(b);  // from its clauses, in the interface language
  const double step = num(*perf, "step_time_s");
  const double compute = perf->contains("breakdown_s") ? num((*perf)["breakdown_s"], "compute") : 0;
  const QString share = step > 0 ? QLocale().toString(100.0 * (step - compute) / step, 'f', 0) : QStringLiteral("0");
  return tr("The step is limited by %1 (%2); %3 % of the step is not compute.").arg(keyName(res), detail, share);
}

void ResultCharts::fill(Chart c, ChartView* view, const SimResult& r, const Context& ctx) {
  view->setTitle(title(c));
  if (!r.ok()) {
    view->showMessage(r.error.isEmpty() ? tr("Not simulated yet.") : r.error.toHtmlEscaped());
    return;
  }
  const J* perf = section(r, "performance");
  const J* rel = section(r, "reliability");
  const J* energy = section(r, "energy");
  const J* cost = section(r, "cost");
  auto missing = [&] { view->showMessage(tr("The engine computes no result for this chart here.")); };
  QStringList names;
  QVector<double> values;
  switch (c) {
    case Chart::StepBreakdown: {
      if (!perf || !perf->contains("breakdown_s")) return missing();
      objectSeries((*perf)["breakdown_s"], &names, &values);
      QVector<ChartView::Series> series;
      for (int i = 0; i < names.size(); ++i) series.append({names[i], {values[i]}, {}});
      view->showBars({tr("Step")}, series, tr("seconds"), true, true);
      return;
    }
    case Chart::Memory: {
      if (!perf || !perf->contains("memory_breakdown_GiB")) return missing();
      objectSeries((*perf)["memory_breakdown_GiB"], &names, &values);
      QVector<ChartView::Series> series;
      double used = 0;
      for (int i = 0; i < names.size(); ++i) {
        series.append({names[i], {values[i]}, {}});
        used += values[i];
      }
      if (ctx.hbm_GiB > used) series.append({tr("Free HBM"), {ctx.hbm_GiB - used}, QColor(220, 220, 220)});
      const QString cat = ctx.hbm_GiB > 0 ? tr("of %1 GiB").arg(QLocale().toString(ctx.hbm_GiB, 'f', 0)) : tr("GPU");
      view->showBars({cat}, series, tr("GiB"), true, true);
      return;
    }
    case Chart::Interruptions: {
      if (!rel || !rel->contains("interruptions_by_cause")) return missing();
      objectSeries((*rel)["interruptions_by_cause"], &names, &values);
      if (names.isEmpty()) return view->showMessage(tr("No interruptions."));
      view->showBars(names, {{tr("Interruptions"), values, {}}}, tr("per run"), false, true);
      return;
    }
    case Chart::TimeToTrain: {
      if (!rel || !perf) return missing();
      names = {tr("failure-free"), tr("p50"), tr("mean"), tr("p95")};
      values = {num(*perf, "time_to_train_days"), num(*rel, "time_to_train_days_p50"),
                num(*rel, "time_to_train_days_mean"), num(*rel, "time_to_train_days_p95")};
      view->showBars(names, {{tr("Days"), values, {}}}, tr("days"));
      return;
    }
    case Chart::Timeline: {
      if (!rel || !rel->contains("timeline") || !(*rel)["timeline"].is_array()) return missing();
      QStringList rows;
      QVector<QVector<double>> xs;
      double end = 0;
      for (const J& e : (*rel)["timeline"]) {
        const QString cause = QString::fromStdString(e.value("cause", std::string()));
        const double t = num(e, "t_h") / 24.0;
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
      if (!energy) return missing();
      if (energy->contains("it_power_by_class_kW")) objectSeries((*energy)["it_power_by_class_kW"], &names, &values);
      names << keyName(QStringLiteral("cooling")) << keyName(QStringLiteral("chain"));
      values << num(*energy, "cooling_power_kW") << num(*energy, "power_chain_loss_kW");
      view->showBars(names, {{tr("Power"), values, {}}}, tr("kW"), false, true);
      return;
    }
    case Chart::MonthlyPue: {
      if (!energy || !energy->contains("monthly_pue")) return missing();
      for (const J& v : (*energy)["monthly_pue"]) values << (v.is_number() ? v.get<double>() : 0.0);
      for (int m = 1; m <= values.size(); ++m) names << QLocale().standaloneMonthName(m, QLocale::ShortFormat);
      view->showLines(names, {{tr("PUE"), values, {}}}, tr("PUE"));
      return;
    }
    case Chart::Capex: {
      if (!cost || !cost->contains("capex_breakdown")) return missing();
      // One bar per item: lines that share an item (AEC and AOC cables, two
      // storage tiers) are summed, so each label stays on its own value.
      for (const J& l : (*cost)["capex_breakdown"]) {
        const QString name = keyName(QString::fromStdString(l.value("item", std::string())));
        const qsizetype at = names.indexOf(name);
        if (at < 0) {
          names << name;
          values << num(l, "total_usd") / 1e6;
        } else {
          values[at] += num(l, "total_usd") / 1e6;
        }
      }
      view->showBars(names, {{tr("CAPEX"), values, {}}}, tr("million USD"), false, true);
      return;
    }
    case Chart::TcoYears: {
      if (!cost) return missing();
      const double years = std::max(1.0, num(*cost, "amortization_years", 5));
      const double capex = num(*cost, "capex_usd"), opex = num(*cost, "opex_usd_per_year");
      const double cloudRate = num(*cost, "cloud_usd_per_gpu_hour");
      const double perGpuHour = num(*cost, "usd_per_gpu_hour");
      // Paid GPU-hours per year as the cost model counts them (utilisation applied).
      const double tcoTotal = num(*cost, "tco_usd");
      const double paidHoursPerYear = perGpuHour > 0 ? tcoTotal / perGpuHour / years : ctx.gpus * 8760.0;
      QVector<double> onPrem, cloud;
      for (int y = 0; y <= static_cast<int>(years); ++y) {
        names << QString::number(y);
        onPrem << (capex + y * opex) / 1e6;
        cloud << cloudRate * paidHoursPerYear * y / 1e6;
      }
      view->showLines(names, {{tr("On-premises (CAPEX + OPEX)"), onPrem, {}}, {tr("Cloud at the same use"), cloud, {}}},
                      tr("million USD"));
      return;
    }
  }
}

}  // namespace cf
