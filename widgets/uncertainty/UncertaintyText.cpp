#include "uncertainty/UncertaintyText.h"

#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <cmath>

namespace cf {

namespace {

// How each headline figure (uq::figures() order) is shown: the factor to the
// shown unit and the decimals, as the Dashboard and Compare show it.
struct Shown {
  double factor;
  int decimals;
};
const Shown kShown[] = {
    {1, 2},     // step_time_s
    {1, 1},     // time_to_train_days
    {100, 1},   // goodput
    {1, 0},     // it_power_kW
    {1, 0},     // facility_power_kW
    {1, 3},     // pue
    {1e-6, 2},  // capex_usd
    {1e-6, 2},  // tco_usd
    {1, 2},     // usd_per_gpu_hour
    {1e-6, 2},  // run_cost_usd
    {1, 3},     // usd_per_million_tokens
    {1, 1},     // memory_per_gpu_GiB
};
constexpr std::size_t kFigures = sizeof(kShown) / sizeof(kShown[0]);

}  // namespace

QString UncertaintyText::figureName(std::size_t f) {
  switch (f) {
    case 0: return tr("Step time");
    case 1: return tr("Time to train, with failures");
    case 2: return tr("Goodput (ETTR)");
    case 3: return tr("IT power");
    case 4: return tr("Facility power");
    case 5: return tr("PUE");
    case 6: return tr("CAPEX");
    case 7: return tr("TCO");
    case 8: return tr("Cost per GPU-hour");
    case 9: return tr("Cost of the run");
    case 10: return tr("Cost per million tokens");
    case 11:
      return tr("Memory per GPU");
    default: return QString::fromLatin1(f < uq::figures().size() ? uq::figures()[f].key : "");
  }
}

QString UncertaintyText::figureUnit(std::size_t f) {
  switch (f) {
    case 0: return tr("s");
    case 1: return tr("days");
    case 2: return tr("%");
    case 3:
    case 4: return tr("kW");
    case 6:
    case 7:
    case 9: return tr("M USD");
    case 8:
    case 10: return tr("USD");
    case 11:
      return tr("GiB");
    default: return {};
  }
}

QString UncertaintyText::figureNameWithUnit(std::size_t f) {
  const QString unit = figureUnit(f);
  return unit.isEmpty() ? figureName(f) : tr("%1 (%2)").arg(figureName(f), unit);
}

double UncertaintyText::shownFactor(std::size_t f) { return f < kFigures ? kShown[f].factor : 1.0; }

QString UncertaintyText::number(std::size_t f, double value) {
  if (!std::isfinite(value) || f >= kFigures) return QStringLiteral("—");
  return QLocale().toString(value * kShown[f].factor, 'f', kShown[f].decimals);
}

QString UncertaintyText::band(std::size_t f, const uq::Summary& s) {
  return tr("%1 – %2").arg(number(f, s.p5), number(f, s.p95));
}

QString UncertaintyText::bandLine(std::size_t f, const uq::Summary& s) {
  const QString unit = figureUnit(f);
  const QString b = band(f, s);
  return tr("p5–p95: %1").arg(unit.isEmpty() ? b : tr("%1 %2").arg(b, unit));
}

QString UncertaintyText::bandLineHtml(std::size_t f, const uq::Summary& s) {
  const QString unit = figureUnit(f);
  const QString b = band(f, s);
  const QString range = (unit.isEmpty() ? b : tr("%1 %2").arg(b, unit)).toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;"));
  return tr("p5–p95: %1").toHtmlEscaped().arg(range);
}

int UncertaintyText::figureOfMetric(const QString& id) {
  static const char* const kMetric[] = {"step_time_s",
                                        "time_to_train_days_mean",
                                        "goodput_mean",
                                        "it_power_kW",
                                        "facility_power_kW",
                                        "pue",
                                        "capex_usd",
                                        "tco_usd",
                                        "usd_per_gpu_hour",
                                        "run_cost_usd",
                                        "usd_per_million_tokens",
                                        "memory_per_gpu_GiB"};
  for (std::size_t f = 0; f < kFigures; ++f)
    if (id == QLatin1String(kMetric[f])) return static_cast<int>(f);
  return -1;
}

QString UncertaintyText::inputName(const std::string& key) {
  if (key == "accelerator.price_usd") return tr("GPU price");
  if (key == "accelerator.gemm_efficiency") return tr("GEMM efficiency of the GPU");
  if (key == "accelerator.annual_failure_rate") return tr("GPU annual failure rate");
  if (key == "accelerator.idle_W") return tr("GPU idle power");
  if (key == "model.performance_error") return tr("Step-time model error");
  if (key == "model.reliability_error") return tr("Failure-rate model error");
  if (key == "model.memory_error") return tr("Memory model error");
  if (key == "cluster.facility.electricity_usd_per_kWh") return tr("Electricity price");
  if (key == "cluster.facility.pue") return tr("PUE of the facility");
  return QString::fromStdString(key);  // a key the user wrote in the scenario
}

QString UncertaintyText::inputName(const uq::UncertainInput& in) { return inputName(in.key); }

QString UncertaintyText::inputSource(const uq::UncertainInput& in) {
  if (!in.builtin) {
    if (in.source.empty() || in.source == "the scenario's range") return tr("the scenario's range");
    return QString::fromStdString(in.source);  // the user's words
  }
  // The engine's defaults (core/uncertainty/Inputs.cpp): the reason, then the part.
  const std::size_t open = in.source.rfind(" (");
  const QString part = open == std::string::npos
                           ? QString()
                           : QString::fromStdString(in.source.substr(open + 2, in.source.find(':', open) - open - 2));
  if (in.key == "accelerator.price_usd")
    return tr("assumed: street prices vary about ±25 % with volume and year (%1: the catalog marks it as an estimate)").arg(part);
  if (in.key == "accelerator.gemm_efficiency")
    return tr("assumed: ±7 % on large-GEMM efficiency without a published figure (%1: the catalog marks it as an estimate)").arg(part);
  if (in.key == "accelerator.annual_failure_rate")
    return tr("assumed: failure rates without field data known to a factor 2 (%1: the catalog marks it as an estimate)").arg(part);
  if (in.key == "accelerator.idle_W")
    return tr("assumed: ±25 % on idle power without a datasheet figure (%1: the catalog marks it as an estimate)").arg(part);
  if (in.key == "model.performance_error")
    return tr("held-out training-step errors of validate-models (docs/validation.md)");
  if (in.key == "model.reliability_error")
    return tr("held-out fleet failure rates of validate-models: RSC-1, RSC-2, OPT-175B (docs/validation.md)");
  if (in.key == "model.memory_error")
    return tr("held-out memory-per-GPU measurements of validate-models (docs/validation.md)");
  return QString::fromStdString(in.source);
}

QString UncertaintyText::shapeName(uq::Shape s) {
  switch (s) {
    case uq::Shape::Uniform: return tr("uniform");
    case uq::Shape::Triangular: return tr("triangular");
    case uq::Shape::Normal: return tr("normal");
    case uq::Shape::LogNormal: return tr("lognormal");
  }
  return {};
}

QString UncertaintyText::inputValue(const uq::UncertainInput&, double v) {
  if (!std::isfinite(v)) return QStringLiteral("—");
  const double a = std::abs(v);
  const int decimals = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 1 ? 2 : a >= 0.01 ? 3 : 5;
  return QLocale().toString(v, 'f', decimals);
}

double UncertaintyText::swingWidth(const uq::Swing& s, std::size_t f) {
  if (f >= s.at_low.size() || f >= s.at_high.size()) return 0;
  const double w = std::abs(s.at_high[f] - s.at_low[f]);
  return std::isfinite(w) ? w : 0;
}

QVector<int> UncertaintyText::tornadoOrder(const std::vector<uq::Swing>& swings, std::size_t f) {
  QVector<int> order;
  for (int i = 0; i < static_cast<int>(swings.size()); ++i) order << i;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return swingWidth(swings[static_cast<std::size_t>(a)], f) > swingWidth(swings[static_cast<std::size_t>(b)], f);
  });
  return order;
}

QString UncertaintyText::percent(double fraction) {
  return tr("%1 %").arg(QLocale().toString(100.0 * fraction, 'f', 0));
}

QString UncertaintyText::decisionSentence(const uq::Comparison& c, const QStringList& tags) {
  const std::vector<double>& p = c.decision.probability_best;
  if (p.size() < 2 || tags.size() < static_cast<int>(p.size())) return {};
  if (p.size() == 2) {
    const int a = p[0] >= p[1] ? 0 : 1, b = 1 - a;
    return tr("%1 beats %2 in %3 of samples.").arg(tags[a], tags[b], percent(p[static_cast<std::size_t>(a)]));
  }
  const auto best = static_cast<int>(std::max_element(p.begin(), p.end()) - p.begin());
  return tr("%1 is best in %2 of samples.").arg(tags[best], percent(p[static_cast<std::size_t>(best)]));
}

QString UncertaintyText::method(const UncertaintyRun& run) {
  return tr("%1 Latin-hypercube samples per scenario, seed %2, computed in %3 s; the same samples of shared inputs "
            "for every design (common random numbers).")
      .arg(QLocale().toString(run.request.samples))
      .arg(run.request.seed)
      .arg(QLocale().toString(run.seconds, 'f', 1));
}

}  // namespace cf
