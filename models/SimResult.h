// One simulation result as the GUI holds it: the engine's output object (an
// immutable value, docs/scenario-format.md), or the error that stopped it,
// with how long it took and which Monte Carlo backend ran.
#pragma once
#include <QByteArray>
#include <QString>
#include <memory>
#include <nlohmann/json.hpp>

namespace cf {

struct SimResult {
  QByteArray key;          // content hash of the simulated scenario (ResultCache::key)
  nlohmann::json output;   // simulateScenario's object; empty when `error` is set
  QString error;           // the engine's message (names the key path) or empty
  double seconds = 0;      // wall time of the run
  QString backend;         // "CPU" / "CUDA" (Monte Carlo backend), or empty

  bool ok() const { return error.isEmpty() && output.is_object(); }
  // output[section][key] as a number, or `fallback` when absent or not a number.
  double number(const char* section, const char* key, double fallback = 0) const {
    if (!output.is_object() || !output.contains(section)) return fallback;
    const auto& s = output[section];
    return s.contains(key) && s[key].is_number() ? s[key].get<double>() : fallback;
  }
};

using SimResultPtr = std::shared_ptr<const SimResult>;

}  // namespace cf
