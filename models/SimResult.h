// One simulation result as the GUI holds it: the engine's typed output (an
// immutable value, core/sim/SimOutput.h), or the error that stopped it, with
// how long it took and which Monte Carlo backend ran. Views read the typed
// fields; a section the engine did not compute is an empty optional there and
// shows as "—", never as 0.
#pragma once
#include <QByteArray>
#include <QString>
#include <memory>
#include <nlohmann/json.hpp>

#include "sim/SimOutput.h"

namespace cf {

struct SimResult {
  QByteArray key;                           // content hash of the simulated scenario (ResultCache::key)
  std::shared_ptr<const SimOutput> output;  // null when `error` is set
  // toJson(*output), for the edges that address the output by key path:
  // reports (app/report) and lesson files (widgets/presentation).
  nlohmann::json json;
  QString error;           // the engine's message (names the key path) or empty
  double seconds = 0;      // wall time of the run
  QString backend;         // "CPU" / "CUDA" (Monte Carlo backend), or empty

  bool ok() const { return error.isEmpty() && output != nullptr; }
  // Sets output and json from one run.
  void set(SimOutput out, nlohmann::json asJson) {
    output = std::make_shared<const SimOutput>(std::move(out));
    json = std::move(asJson);
  }
};

using SimResultPtr = std::shared_ptr<const SimResult>;

}  // namespace cf
