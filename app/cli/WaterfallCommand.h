// `clusterforge-cli waterfall SPEC.json [--json|--csv] [--no-monte-carlo]
// [--trials N] [--seed S] [--backend B]`: runs a lever waterfall
// (core/waterfall, docs/scenario-format.md "Waterfall") and prints a table of
// the baseline and each cumulative step (step time, MFU, GPU utilisation,
// failure-free and mean time to train, goodput, run cost and TCO, gain in
// days, share of the total gain, Shapley share with order "shapley") and the
// line "total: X → Y days (−Z %)".
// Exit status: 0 done; 2 invalid spec (the message names the key path);
// 1 an engine failure.
#pragma once
#include <iosfwd>
#include <string>

namespace CLI {
class App;
}

namespace cf::cli {

struct WaterfallArgs {
  std::string spec;
  bool json = false;
  bool csv = false;
  bool no_monte_carlo = false;
  int trials = 0;
  long long seed = -1;
  std::string backend = "auto";
};

CLI::App* addWaterfallCommand(CLI::App& app, WaterfallArgs& args);
int waterfall(const WaterfallArgs& a, std::ostream& out, std::ostream& err);

}  // namespace cf::cli
