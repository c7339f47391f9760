// "Edit at 100K GPUs -> analytical result" (issue 18 item 5, target <= 200 ms
// on the 2-core build machine): the Llama 3 example scaled to 12,800 DGX-H100
// (102,400 GPUs; TP 8, PP 16, DP 800 on a rail-optimised 3-tier fat-tree of
// 144-port XDR switches, 800 Gb/s NICs), one property edited per iteration (the NIC efficiency,
// alternating), then what the GUI's SimulationRunner computes first: simulate()
// without the Monte Carlo (fabric build + placement + analysis, performance
// model on the fabric graph, per-link load, energy, cost, invariants and the
// output JSON). The fabric of the first run is reused (topology/TopologyCache.h:
// the NIC efficiency does not change it), so BM_Topology100k is what an edit
// of the fabric itself costs with the full analysis, and
// BM_FabricEditThenEstimate100k what the GUI's first answer to a fabric edit
// costs: a new fabric without the hop statistics and bisection
// (SimulateOptions::fabric_paths = false; they follow with the Monte Carlo).
// The parts alone show where the time goes:
//   BM_Topology100k      topology::buildTopology (generate, place, analyse)
//   BM_Generate100k      the fabric graph alone
//   BM_CommFabric100k    GraphFabric over the built fabric (the perf model's placement tables)
//   BM_Evaluate100k      PerfModel + one evaluate on it
//   BM_LinkLoads100k     the analytical per-link load (sim/LinkLoad.h)
// Run: build/tests/bench/sim/bench_edit_100k (CPU time in the "CPU" column).
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "design/Resolved.h"
#include "design/ScenarioJson.h"
#include "perf/GraphFabric.h"
#include "perf/PerfModel.h"
#include "sim/LinkLoad.h"
#include "sim/Simulate.h"
#include "topology/Generators.h"
#include "topology/TopologyModel.h"

namespace {

cf::Project big() {
  std::ifstream f(std::string(CF_SOURCE_DIR) + "/resources/examples/llama3-405b-16k-h100.cf.json");
  std::stringstream s;
  s << f.rdbuf();
  nlohmann::json j = cf::parseJsonText(s.str());
  j["cluster"]["nodes"] = 12800;
  // 102,400 NIC ports: past 3 tiers of 64-port switches (65,536); 144-port XDR switches.
  j["cluster"]["scale_out"]["switch"] = "Q3400-XDR-144p";
  j["cluster"]["scale_out"]["nic_Gbps"] = 800;
  j["job"]["parallelism"]["dp"] = 800;
  j["job"]["parallelism"]["global_batch"] = 12800;  // 16 micro-batches per replica: a multiple of pp
  cf::Project p;
  p.scenarios.push_back(cf::scenarioFromJson(j));
  return p;
}

struct Fixture {
  cf::Project project = big();
  cf::Catalog parts = project.resolvedParts();
  cf::ResolvedScenario resolved = cf::resolve(project.scenarios[0], parts);
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

void BM_EditThenAnalytical100k(benchmark::State& state) {
  cf::Project p = fixture().project;
  cf::SimulateOptions opt;
  opt.monte_carlo = false;
  long long gpus = 0;
  bool flip = false;
  // The design as opened: its first run builds the fabric; an edit that leaves
  // the fabric as it was reuses it (topology/TopologyCache.h), as in the GUI.
  cf::simulate(p, 0, opt);
  for (auto _ : state) {
    p.scenarios[0].cluster.scale_out.nic_efficiency = (flip = !flip) ? 0.90 : 0.93;  // the edit
    try {
      const cf::SimOutput out = cf::simulate(p, 0, opt);
      gpus = static_cast<long long>(out.topology->fabric.gpuCount());
      benchmark::DoNotOptimize(out.performance.perf.step_time_s);
    } catch (const std::exception& e) {
      state.SkipWithError(e.what());
      break;
    }
  }
  state.counters["gpus"] = static_cast<double>(gpus);
}
BENCHMARK(BM_EditThenAnalytical100k)->Unit(benchmark::kMillisecond);

void BM_FabricEditThenEstimate100k(benchmark::State& state) {
  cf::Project p = fixture().project;
  cf::SimulateOptions opt;
  opt.monte_carlo = false;
  opt.fabric_paths = false;
  int k = 0;
  for (auto _ : state) {
    // The edit: the leaves' oversubscription, a new fabric graph each time
    // (the topology cache holds two fabrics, so alternate among three).
    static const double ratios[] = {1.0, 1.5, 2.0};
    p.scenarios[0].cluster.scale_out.oversubscription = ratios[k = (k + 1) % 3];
    try {
      const cf::SimOutput out = cf::simulate(p, 0, opt);
      benchmark::DoNotOptimize(out.performance.perf.step_time_s);
    } catch (const std::exception& e) {
      state.SkipWithError(e.what());
      break;
    }
  }
}
BENCHMARK(BM_FabricEditThenEstimate100k)->Unit(benchmark::kMillisecond);

void BM_Topology100k(benchmark::State& state) {
  fixture();
  for (auto _ : state) benchmark::DoNotOptimize(cf::topology::buildTopology(fixture().resolved, fixture().parts));
}
BENCHMARK(BM_Topology100k)->Unit(benchmark::kMillisecond);

void BM_Generate100k(benchmark::State& state) {
  const cf::topology::FabricSpec spec = cf::topology::specFor(fixture().resolved);
  for (auto _ : state) benchmark::DoNotOptimize(cf::topology::generate(spec));
}
BENCHMARK(BM_Generate100k)->Unit(benchmark::kMillisecond);

struct Built {
  cf::topology::TopologyModel topo = cf::topology::buildTopology(fixture().resolved, fixture().parts);
};
Built& built() {
  static Built b;
  return b;
}

// buildTopology's parts on the generated fabric.
template <class F>
void analysisPart(benchmark::State& state, F f) {
  built();
  cf::topology::Fabric fabric = cf::topology::generate(cf::topology::specFor(fixture().resolved));
  cf::topology::place(fabric, fixture().parts, built().topo.placementParams);
  for (auto _ : state) benchmark::DoNotOptimize(f(fabric));
}
void BM_Place100k(benchmark::State& state) {
  built();
  const cf::topology::Fabric fresh = cf::topology::generate(cf::topology::specFor(fixture().resolved));
  for (auto _ : state) {
    state.PauseTiming();
    cf::topology::Fabric f = fresh;
    state.ResumeTiming();
    benchmark::DoNotOptimize(cf::topology::place(f, fixture().parts, built().topo.placementParams));
  }
}
BENCHMARK(BM_Place100k)->Unit(benchmark::kMillisecond);
void BM_Counts100k(benchmark::State& state) {
  analysisPart(state, [](const cf::topology::Fabric& f) { return cf::topology::countFabric(f); });
}
BENCHMARK(BM_Counts100k)->Unit(benchmark::kMillisecond);
void BM_Hops100k(benchmark::State& state) {
  analysisPart(state, [](const cf::topology::Fabric& f) { return cf::topology::hopStats(f); });
}
BENCHMARK(BM_Hops100k)->Unit(benchmark::kMillisecond);
void BM_Bisection100k(benchmark::State& state) {
  analysisPart(state, [](const cf::topology::Fabric& f) { return cf::topology::bisection(f); });
}
BENCHMARK(BM_Bisection100k)->Unit(benchmark::kMillisecond);
void BM_Blast100k(benchmark::State& state) {
  analysisPart(state, [](const cf::topology::Fabric& f) { return cf::topology::blastRadii(f); });
}
BENCHMARK(BM_Blast100k)->Unit(benchmark::kMillisecond);
void BM_Bom100k(benchmark::State& state) {
  analysisPart(state, [](const cf::topology::Fabric& f) { return cf::topology::buildBom(f, built().topo.bomParts); });
}
BENCHMARK(BM_Bom100k)->Unit(benchmark::kMillisecond);

void BM_CommFabric100k(benchmark::State& state) {
  built();  // outside the timed loop
  for (auto _ : state) benchmark::DoNotOptimize(cf::makeCommFabric(fixture().resolved, built().topo.fabric));
}
BENCHMARK(BM_CommFabric100k)->Unit(benchmark::kMillisecond);

void BM_Evaluate100k(benchmark::State& state) {
  built();
  for (auto _ : state) {
    const cf::PerfModel model(fixture().resolved, fixture().parts, cf::makeCommFabric(fixture().resolved, built().topo.fabric));
    benchmark::DoNotOptimize(model.evaluate(model.scenarioConfig()));
  }
}
BENCHMARK(BM_Evaluate100k)->Unit(benchmark::kMillisecond);

void BM_LinkLoads100k(benchmark::State& state) {
  const cf::PerfModel model(fixture().resolved, fixture().parts, cf::makeCommFabric(fixture().resolved, built().topo.fabric));
  const cf::PerfResult r = model.evaluate(model.scenarioConfig());
  for (auto _ : state) benchmark::DoNotOptimize(cf::analyticalLinkLoads(built().topo.fabric, model, r));
}
BENCHMARK(BM_LinkLoads100k)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
