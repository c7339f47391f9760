// Throughput of the training-performance model (issue 4):
//  - BM_Search: configurations evaluated per second by the parallelism search
//    (target >= 5,000,000/s, issue 16), printed as "configs/s": every
//    configuration evaluated (whole cluster + partial; "whole_cluster" is
//    the search's configs_evaluated);
//  - BM_SimulateOne: latency of one full performance simulation of a scenario,
//    JSON and the fabric graph included (target <= 10 ms);
//  - BM_EvaluateOne: one configuration with precomputed layer figures.
// Scenario: the Megatron GPT 145.6B example on 1,536 A100 (resources/examples).
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "catalog/Catalog.h"
#include "design/Resolved.h"
#include "design/ScenarioJson.h"
#include "perf/GraphFabric.h"
#include "perf/ParallelSearch.h"
#include "perf/PerfModel.h"
#include "perf/PerfSection.h"

namespace {

cf::Project exampleProject(const char* file = "megatron-gpt-145b.cf.json") {
  std::ifstream f(std::string(CF_SOURCE_DIR) + "/resources/examples/" + file);
  std::stringstream s;
  s << f.rdbuf();
  return cf::projectFromJson(cf::parseJsonText(s.str()));
}

// Each iteration places the groups on a fresh fabric graph (the (size,
// stride) table is filled during the search, as in `clusterforge-cli search`);
// building the graph itself is left out of the timing.
void searchBench(benchmark::State& state, const char* file) {
  cf::Project p = exampleProject(file);
  cf::Catalog parts = p.resolvedParts();
  cf::ResolvedScenario r = cf::resolve(p.scenarios[0], parts);
  cf::SearchOptions opt;
  opt.top = 10;
  opt.backend = cf::SearchBackend::Cpu;
  long long configs = 0, whole = 0;
  double seconds = 0;
  for (auto _ : state) {
    state.PauseTiming();
    cf::PerfModel model(r, parts, cf::makeCommFabric(r));
    state.ResumeTiming();
    cf::SearchResult res = cf::search(model, opt);
    configs += res.configs_evaluated + res.configs_partial;  // every configuration evaluated
    whole += res.configs_evaluated;
    seconds += res.elapsed_s;
    benchmark::DoNotOptimize(res.ranking.data());
  }
  state.counters["configs"] = static_cast<double>(configs) / state.iterations();
  state.counters["whole_cluster"] = static_cast<double>(whole) / state.iterations();
  state.counters["configs/s"] = benchmark::Counter(static_cast<double>(configs), benchmark::Counter::kIsRate);
  state.counters["configs/s(search)"] = seconds > 0 ? configs / seconds : 0;
}
void BM_Search(benchmark::State& state) { searchBench(state, "megatron-gpt-145b.cf.json"); }
BENCHMARK(BM_Search)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);
// Llama 3 405B on 16,384 H100 (3-tier graph of 2,048 nodes).
void BM_SearchLlama16k(benchmark::State& state) { searchBench(state, "llama3-405b-16k-h100.cf.json"); }
BENCHMARK(BM_SearchLlama16k)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);

void BM_SimulateOne(benchmark::State& state) {
  cf::Project p = exampleProject();
  cf::Catalog parts = p.resolvedParts();
  for (auto _ : state) {
    cf::ResolvedScenario r = cf::resolve(p.scenarios[0], parts);
    auto j = cf::performanceSection(r, parts);
    benchmark::DoNotOptimize(j);
  }
}
BENCHMARK(BM_SimulateOne)->Unit(benchmark::kMicrosecond);

// The same on Llama 3 405B / 16,384 H100: the 3-tier fabric graph dominates.
void BM_SimulateLlama16k(benchmark::State& state) {
  cf::Project p = exampleProject("llama3-405b-16k-h100.cf.json");
  cf::Catalog parts = p.resolvedParts();
  for (auto _ : state) {
    cf::ResolvedScenario r = cf::resolve(p.scenarios[0], parts);
    auto j = cf::performanceSection(r, parts);
    benchmark::DoNotOptimize(j);
  }
}
BENCHMARK(BM_SimulateLlama16k)->Unit(benchmark::kMicrosecond);

void BM_EvaluateOne(benchmark::State& state) {
  cf::Project p = exampleProject();
  cf::Catalog parts = p.resolvedParts();
  cf::ResolvedScenario r = cf::resolve(p.scenarios[0], parts);
  cf::PerfModel model(r, parts);
  cf::ParallelConfig c = model.scenarioConfig();
  cf::LayerTiming lt = model.layerTiming(c.tp, c.cp, c.ep, c.micro_batch);
  for (auto _ : state) {
    cf::PerfResult res = model.evaluate(c, lt);
    benchmark::DoNotOptimize(res);
  }
}
BENCHMARK(BM_EvaluateOne)->Unit(benchmark::kNanosecond);

}  // namespace

BENCHMARK_MAIN();
