// The headless commands of clusterforge-cli. Each returns the exit status:
// 0 success, 2 invalid input (messages on stderr name the key path), 1 internal failure.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace cf::cli {

int version(std::ostream& out);
// The metric registry (core/sim/Metrics.h): a Markdown table, or JSON with --json.
int metrics(bool json, std::ostream& out);
int validate(const std::string& file, std::ostream& out, std::ostream& err);
int convert(const std::string& in, const std::string& out, std::ostream& err);
struct SimulateArgs {
  std::string file;
  bool json = true;
  std::string network = "analytical";
  int scenario = -1;  // -1: every scenario (an array when there are several)
  int trials = 0;     // > 0 overrides reliability.trials
  long long seed = -1;
  std::string backend = "auto";
};
int simulate(const SimulateArgs& a, std::ostream& out, std::ostream& err);
struct SearchArgs {
  std::string file;
  int top = 10;
  std::string objective = "time";  // time | cost | memory
  bool allow_idle = false;         // keep layouts that leave a replica's worth of GPUs idle
  bool tp_across_domains = false;  // let TP span scale-up domains
  int scenario = 0;
  std::string backend = "auto";    // auto | cpu | cuda
  std::vector<std::string> pins;   // levers held at the scenario's value (perf/ParallelSearch.h pinNames)
};
int search(const SearchArgs& a, std::ostream& out, std::ostream& err);
struct TopologyArgs {
  std::string file;
  int scenario = 0;
  std::string dot;  // write Graphviz DOT here when set
  std::string csv;  // write the CSV cabling plan here when set
};
int topology(const TopologyArgs& a, std::ostream& out, std::ostream& err);

}  // namespace cf::cli
