#include "uncertainty/Inputs.h"

#include <cmath>

#include "common/InputError.h"
#include "common/JsonReader.h"
#include "design/ScenarioJson.h"
#include "sweep/JsonPath.h"

namespace cf::uq {

namespace {


struct DefaultWidth {
  const char* field;
  Shape shape;
  double lowFactor, highFactor;  // of the catalog's figure (5th/95th percentiles or ends)
  const char* why;
};
// Assumed, not measured: how far an estimated catalog figure may be off.
const DefaultWidth kDefaultWidths[] = {
    {"price_usd", Shape::LogNormal, 0.8, 1.25, "assumed: street prices vary about +-25 % with volume and year"},
    {"gemm_efficiency", Shape::Normal, 0.93, 1.07, "assumed: +-7 % on large-GEMM efficiency without a published figure"},
    {"annual_failure_rate", Shape::LogNormal, 0.5, 2.0, "assumed: failure rates without field data known to a factor 2"},
    {"idle_W", Shape::Uniform, 0.75, 1.25, "assumed: +-25 % on idle power without a datasheet figure"},
};

double acceleratorField(const Accelerator& a, const std::string& f) {
  double Accelerator::*m = acceleratorMember(f);
  return m ? a.*m : NAN;
}

bool isEstimated(const Accelerator& a, const std::string& f) {
  for (const std::string& e : a.estimated)
    if (e == f) return true;
  return false;
}

const Accelerator* scenarioAccelerator(const Scenario& s, const Catalog& parts) {
  if (s.cluster.accelerator_spec) return &*s.cluster.accelerator_spec;
  return parts.accelerator(s.cluster.accelerator);
}

Distribution distributionOf(const UncertainRange& g) {
  Distribution d;
  d.shape = parseShape(g.shape, "uncertainty." + g.key + ".shape");
  d.low = g.low;
  d.high = g.high;
  d.mode = g.mode;
  return d;
}

}  // namespace

const std::vector<ModelError>& modelErrors() {
  static const std::vector<ModelError> m = {
      {ModelOf::Performance, "model.performance_error", "performance", kPerformanceErrorSigma, "the step time",
       "held-out training-step errors of validate-models (docs/validation.md)"},
      {ModelOf::Reliability, "model.reliability_error", "reliability", kReliabilityErrorSigma,
       "every failure class's rate",
       "held-out fleet failure rates of validate-models: RSC-1, RSC-2, OPT-175B (docs/validation.md)"},
      {ModelOf::Memory, "model.memory_error", "memory", kMemoryErrorSigma, "the memory per GPU",
       "held-out memory-per-GPU measurements of validate-models (docs/validation.md)"},
  };
  return m;
}

const ModelError* modelError(const std::string& key) {
  for (const ModelError& m : modelErrors())
    if (key == m.key) return &m;
  return nullptr;
}

double Accelerator::*acceleratorMember(const std::string& field) {
  if (field == "price_usd") return &Accelerator::price_usd;
  if (field == "gemm_efficiency") return &Accelerator::gemm_efficiency;
  if (field == "annual_failure_rate") return &Accelerator::annual_failure_rate;
  if (field == "idle_W") return &Accelerator::idle_W;
  return nullptr;
}

const std::vector<std::string>& acceleratorFields() {
  static const std::vector<std::string> f = [] {
    std::vector<std::string> v;
    for (const DefaultWidth& w : kDefaultWidths) v.push_back(w.field);
    return v;
  }();
  return f;
}

std::vector<UncertainInput> uncertainInputs(const Scenario& s, const Catalog& parts, bool withDefaults) {
  std::vector<UncertainInput> out;
  const Accelerator* acc = scenarioAccelerator(s, parts);
  const nlohmann::json doc = scenarioToJson(s);
  for (const UncertainRange& g : s.uncertainty) {
    const std::string where = "uncertainty." + g.key;
    UncertainInput in;
    in.key = g.key;
    in.dist = distributionOf(g);
    in.source = g.source.empty() ? "the scenario's range" : g.source;
    if (const ModelError* m = modelError(g.key)) {
      in.kind = InputKind::ModelError;
      in.model = m->model;
      in.nominal = 1.0;
      if (!(g.low > 0))
        throw InputError(where + ".low", std::string("the model's error is a factor on ") + m->what + ": must be > 0");
    } else if (g.key.rfind("accelerator.", 0) == 0) {
      in.kind = InputKind::Accelerator;
      const std::string f = g.key.substr(12);
      if (std::isnan(acc ? acceleratorField(*acc, f) : NAN))
        throw InputError(where, "not an uncertain accelerator figure (price_usd, gemm_efficiency, "
                                "annual_failure_rate, idle_W)");
      in.nominal = acceleratorField(*acc, f);
    } else {
      in.kind = InputKind::ScenarioKey;
      if (const nlohmann::json* v = findJsonPath(doc, g.key, where)) {
        if (!v->is_number()) throw InputError(where, "not a number in the scenario (" + describe(*v) + ")");
        in.nominal = v->get<double>();
        in.integer = v->is_number_integer();
      } else {
        // A key the scenario leaves at its default (not written): it must be
        // one the format knows; the design's value is taken as the range's median.
        nlohmann::json probe = doc;
        setJsonPath(probe, g.key, in.dist.median(), where);
        try {
          scenarioFromJson(probe);
        } catch (const InputError& e) {
          throw InputError(where, "not a number of the scenario format (" + e.path() + ": " + e.message() + ")");
        }
        in.nominal = in.dist.median();
      }
    }
    out.push_back(std::move(in));
  }
  if (!withDefaults) return out;
  auto declared = [&](const std::string& key) {
    for (const UncertainInput& i : out)
      if (i.key == key) return true;
    return false;
  };
  if (acc) {
    for (const DefaultWidth& w : kDefaultWidths) {
      const std::string key = std::string("accelerator.") + w.field;
      const double v = acceleratorField(*acc, w.field);
      if (declared(key) || !isEstimated(*acc, w.field) || !(v > 0)) continue;
      UncertainInput in;
      in.key = key;
      in.kind = InputKind::Accelerator;
      in.dist = {w.shape, v * w.lowFactor, v * w.highFactor, NAN};
      if (std::string(w.field) == "gemm_efficiency") in.dist.high = std::min(1.0, in.dist.high);
      in.nominal = v;
      in.source = std::string(w.why) + " (" + acc->id + ": the catalog marks it as an estimate)";
      in.builtin = true;
      out.push_back(std::move(in));
    }
  }
  for (const ModelError& m : modelErrors()) {
    if (declared(m.key)) continue;
    UncertainInput in;
    in.key = m.key;
    in.kind = InputKind::ModelError;
    in.model = m.model;
    in.dist = {Shape::LogNormal, std::exp(-kZ95 * m.sigma), std::exp(kZ95 * m.sigma), NAN};
    in.nominal = 1.0;
    in.source = m.source;
    in.builtin = true;
    out.push_back(std::move(in));
  }
  return out;
}

}  // namespace cf::uq
