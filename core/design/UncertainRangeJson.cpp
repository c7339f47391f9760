#include "design/UncertainRangeJson.h"

#include <cmath>

#include "common/InputError.h"
#include "common/JsonReader.h"

namespace cf {

// "uncertainty": {"<key>": {"low", "high", "shape", "mode", "source"}, ...}
// (docs/scenario-format.md). The keys themselves are checked where they are
// applied (core/uncertainty names an unknown one).
std::vector<UncertainRange> readUncertainty(const nlohmann::json* u, const std::string& path) {
  std::vector<UncertainRange> out;
  if (!u) return out;
  if (!u->is_object()) throw InputError(path, "must be an object of ranges, one per key");
  if (u->size() > kMaxUncertainRanges)
    throw InputError(path, std::to_string(u->size()) + " ranges; at most " + std::to_string(kMaxUncertainRanges));
  for (const auto& [key, value] : u->items()) {
    const std::string where = joinPath(path, key);
    if (key.empty()) throw InputError(path, "a range needs the key of the input it is on");
    ObjectReader r(value, where);
    UncertainRange g;
    g.key = key;
    g.shape = r.choice("shape", "uniform", {"uniform", "triangular", "normal", "lognormal"});
    g.low = r.requiredNumber("low", -1e15, 1e15);
    g.high = r.requiredNumber("high", -1e15, 1e15);
    if (!(g.high >= g.low)) throw InputError(r.keyPath("high"), "must be >= low (" + describe(value.at("low")) + ")");
    if (g.shape == "lognormal" && !(g.low > 0)) throw InputError(r.keyPath("low"), "must be > 0 for a lognormal range");
    if (r.has("mode")) {
      if (g.shape != "triangular") throw InputError(r.keyPath("mode"), "only a triangular range has a mode");
      g.mode = r.requiredNumber("mode", g.low, g.high);
    }
    g.source = r.string("source", "");
    r.finish();
    out.push_back(std::move(g));
  }
  return out;
}

nlohmann::json uncertaintyToJson(const std::vector<UncertainRange>& ranges) {
  nlohmann::json out = nlohmann::json::object();
  for (const UncertainRange& g : ranges) {
    nlohmann::json v = {{"low", g.low}, {"high", g.high}};
    if (g.shape != "uniform") v["shape"] = g.shape;
    if (!std::isnan(g.mode)) v["mode"] = g.mode;
    if (!g.source.empty()) v["source"] = g.source;
    out[g.key] = v;
  }
  return out;
}

}  // namespace cf
