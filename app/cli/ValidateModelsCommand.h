// `clusterforge-cli validate-models [--json|--csv] [--runs FILE]`: simulates
// every published training run of the validation table
// (resources/validation/runs.json, core/validation/ValidationRuns.h) with the
// analytical model and prints the table (id, source, hardware, GPUs, model,
// layout, published, predicted, error, calibration|held-out) and the summary:
// held-out median and max |error|, calibration median and max. With
// --network flow the training-step rows also get the flow simulation's figure
// and error (two more columns) and their own summary lines; the analytical
// figure stays the prediction.
// Exit status: 0 every run simulated; 1 a run could not be simulated (its row
// says why); 2 an invalid runs file.
#pragma once
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace cf::cli {

struct ValidateModelsArgs {
  bool json = false;
  bool csv = false;
  std::string runs;  // empty: the table compiled into the engine
  std::string network = "analytical";  // "flow": training-step rows also with the flow simulation
};

CLI::App* addValidateModelsCommand(CLI::App& app, ValidateModelsArgs& args);
int validateModels(const ValidateModelsArgs& a, std::ostream& out, std::ostream& err);

}  // namespace cf::cli
