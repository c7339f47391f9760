// simulate of the Llama 3 405B example (16,384 H100, 3-tier fabric of 2,048
// nodes): BM_SimulateAnalytical runs every model but the Monte Carlo (one
// fabric, performance, energy, cost, invariants; target <= 50 ms of CPU);
// BM_SimulateWithMonteCarlo adds the reliability run at the file's trials.
// Both report CPU time (benchmark's "CPU" column).
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "design/ScenarioJson.h"
#include "sim/Simulate.h"

namespace {

cf::Project llama3() {
  std::ifstream f(std::string(CF_SOURCE_DIR) + "/resources/examples/llama3-405b-16k-h100.cf.json");
  std::stringstream s;
  s << f.rdbuf();
  return cf::projectFromJson(cf::parseJsonText(s.str()));
}

void BM_SimulateAnalytical(benchmark::State& state) {
  const cf::Project p = llama3();
  cf::SimulateOptions opt;
  opt.monte_carlo = false;
  for (auto _ : state) benchmark::DoNotOptimize(cf::simulateScenario(p, 0, opt));
}
BENCHMARK(BM_SimulateAnalytical)->Unit(benchmark::kMillisecond);

void BM_SimulateWithMonteCarlo(benchmark::State& state) {
  const cf::Project p = llama3();
  cf::SimulateOptions opt;
  opt.backend = "cpu";
  for (auto _ : state) benchmark::DoNotOptimize(cf::simulateScenario(p, 0, opt));
}
BENCHMARK(BM_SimulateWithMonteCarlo)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
