#include "sweep/SweepRecord.h"

#include <cmath>

namespace cf {

using json = nlohmann::json;

json metricJson(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::abs(v) < 9.0e15) return json(static_cast<long long>(v));
  return json(v);
}

json recordJson(const SweepRecord& r) {
  json j = {{"index", r.index}, {"values", r.values}, {"status", r.status}};
  if (r.error) j["error"] = *r.error;
  if (r.seed) j["seed"] = *r.seed;
  if (r.parallelism.is_object()) j["parallelism"] = r.parallelism;
  if (r.search)
    j["search"] = {{"configs_evaluated", r.search->configs_evaluated}, {"configs_fitting", r.search->configs_fitting}};
  if (!r.metrics.empty() || r.bottleneck) {
    json m = json::object();
    for (const auto& [id, v] : r.metrics) m[id] = metricJson(v);
    if (r.bottleneck) m["bottleneck"] = *r.bottleneck;
    j["metrics"] = std::move(m);
  }
  if (r.pareto) j["pareto"] = *r.pareto;
  if (!r.result.is_null()) j["result"] = r.result;
  return j;
}

SweepRecord recordFromJson(const json& j) {
  SweepRecord r;
  r.index = j.at("index").get<std::size_t>();
  if (auto it = j.find("values"); it != j.end() && it->is_object()) r.values = *it;
  r.status = j.at("status").get<std::string>();
  if (auto it = j.find("error"); it != j.end() && it->is_string()) r.error = it->get<std::string>();
  if (auto it = j.find("seed"); it != j.end() && it->is_number_unsigned()) r.seed = it->get<std::uint64_t>();
  if (auto it = j.find("parallelism"); it != j.end() && it->is_object()) r.parallelism = *it;
  if (auto it = j.find("search"); it != j.end() && it->is_object()) {
    SweepRecord::Search s;
    if (auto e = it->find("configs_evaluated"); e != it->end() && e->is_number())
      s.configs_evaluated = e->get<long long>();
    if (auto f = it->find("configs_fitting"); f != it->end() && f->is_number()) s.configs_fitting = f->get<long long>();
    r.search = s;
  }
  if (auto it = j.find("metrics"); it != j.end() && it->is_object())
    for (const auto& [id, v] : it->items()) {
      if (id == "bottleneck" && v.is_string())
        r.bottleneck = v.get<std::string>();
      else if (v.is_number())
        r.metrics[id] = v.get<double>();
    }
  if (auto it = j.find("pareto"); it != j.end() && it->is_boolean()) r.pareto = it->get<bool>();
  if (auto it = j.find("result"); it != j.end()) r.result = *it;
  return r;
}

}  // namespace cf
