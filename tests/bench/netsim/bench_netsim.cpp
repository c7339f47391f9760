// Speed of the flow-level network simulation (issue 5): one full training
// iteration of GPT-3 175B (96 layers, hidden 12288, 96 heads, seq 2048,
// global batch 1536, bf16, full recomputation) with TP8 PP8 on DGX A100 nodes
// (8 x 200 Gb/s HDR per node, rail-optimised 3-tier fat-tree of 40-port
// switches; 64 ports at 16K GPUs, which 3 tiers of 40 ports cannot reach),
// every TP/PP/DP flow:
//  - 1,024 GPUs (DP16, 96 micro-batches): target < 1 s on one core;
//  - 16,384 GPUs (DP256, 6 micro-batches): target < 30 s.
// BM_Llama3Example: the shipped Llama 3 405B example (16,384 H100,
// interleaved schedule v = 4).
// Prints wall time per iteration, "flows" (point-to-point flows the run stands
// for), "flows/s" and "classes" (flow classes the max-min solver handled).
// BM_Solver: one rate solve of many single-path flows on a 16K-GPU fabric,
// by the heap-ordered filling, by rounds on the CPU, and by rounds on the
// auto backend (the CUDA solver when a GPU answers; the label says which).
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>

#include "catalog/Catalog.h"
#include "design/Resolved.h"
#include "design/ScenarioJson.h"
#include "netsim/NetworkModel.h"
#include "topology/Generators.h"

namespace {

nlohmann::json gpt3(int gpus) {
  return nlohmann::json{
      {"format", "clusterforge.scenario/1"},
      {"name", "GPT-3 175B"},
      {"cluster",
       {{"accelerator", "A100-SXM4-80GB"},
        {"accelerators_per_node", 8},
        {"nodes", gpus / 8},
        {"scale_up", {{"kind", "nvswitch"}, {"domain_size", 8}, {"bandwidth_GBps", 300}}},
        {"scale_out",
         {{"nics_per_node", 8}, {"nic_Gbps", 200}, {"topology", "fat-tree"}, {"tiers", 3},
          {"oversubscription", 1.0}, {"rail_optimized", true}, {"switch", "QM8700-HDR-40p"},
          {"switch_radix", gpus > 8192 ? 64 : 40}}},
        {"storage", {{{"name", "pfs"}, {"kind", "parallel-fs"}, {"read_GBps", 500}, {"write_GBps", 250}, {"capacity_PB", 10}}}}}},
      {"job",
       {{"model", {{"layers", 96}, {"hidden", 12288}, {"heads", 96}, {"seq_len", 2048}, {"vocab", 51200}, {"ffn_kind", "gelu"}}},
        {"parallelism",
         {{"tp", 8}, {"pp", 8}, {"dp", gpus / 64}, {"micro_batch", 1}, {"global_batch", 1536},
          {"zero_stage", 1}, {"recompute", "full"}}},
        {"precision", "bf16"},
        {"train_tokens", 3.0e11}}}};
}

void BM_Iteration(benchmark::State& state) {
  const int gpus = static_cast<int>(state.range(0));
  cf::Catalog parts = cf::Catalog::builtin();
  cf::Scenario sc = cf::scenarioFromJson(gpt3(gpus));
  cf::ResolvedScenario r = cf::resolve(sc, parts);
  cf::PerfModel model(r, parts);
  cf::topology::Fabric f = cf::topology::generate(cf::topology::specFor(r));
  cf::netsim::NetworkOptions o;
  long long flows = 0, classes = 0;
  double iteration = 0, analytical = 0;
  for (auto _ : state) {
    cf::netsim::NetworkResult res = cf::netsim::simulateJobs(f, {{"gpt3", &model, model.scenarioConfig()}}, o);
    flows += res.step.flows;
    classes += res.step.flow_classes;
    iteration = res.jobs[0].iteration_time_s;
    analytical = res.jobs[0].analytical_step_time_s;
    benchmark::DoNotOptimize(res.step.makespan_s);
  }
  state.counters["flows"] = static_cast<double>(flows) / state.iterations();
  state.counters["flows/s"] = benchmark::Counter(static_cast<double>(flows), benchmark::Counter::kIsRate);
  state.counters["classes"] = static_cast<double>(classes) / state.iterations();
  state.counters["iteration_s"] = iteration;
  state.counters["analytical_s"] = analytical;
}
BENCHMARK(BM_Iteration)->Arg(1024)->Arg(16384)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1)->Repetitions(1);

// The shipped Llama 3 405B example: 16,384 H100, TP8 PP16 DP128 with the
// interleaved schedule (v = 4), ECMP routing as `simulate --network flow`.
void BM_Llama3Example(benchmark::State& state) {
  cf::Catalog parts = cf::Catalog::builtin();
  std::ifstream in(std::string(CF_SOURCE_DIR) + "/resources/examples/llama3-405b-16k-h100.cf.json");
  std::stringstream text;
  text << in.rdbuf();
  cf::Project p = cf::projectFromJson(cf::parseJsonText(text.str()));
  cf::ResolvedScenario r = cf::resolve(p.scenarios.at(0), parts);
  cf::PerfModel model(r, parts);
  cf::topology::Fabric f = cf::topology::generate(cf::topology::specFor(r));
  cf::netsim::NetworkOptions o;
  long long flows = 0;
  double iteration = 0, analytical = 0;
  for (auto _ : state) {
    cf::netsim::NetworkResult res = cf::netsim::simulateJobs(f, {{"llama3", &model, model.scenarioConfig()}}, o);
    flows += res.step.flows;
    iteration = res.jobs[0].iteration_time_s;
    analytical = res.jobs[0].analytical_step_time_s;
    state.SetLabel("large solves " + std::to_string(res.step.solver.large) + " on " + res.step.solver.backend);
  }
  state.counters["flows"] = static_cast<double>(flows) / state.iterations();
  state.counters["flows/s"] = benchmark::Counter(static_cast<double>(flows), benchmark::Counter::kIsRate);
  state.counters["iteration_s"] = iteration;
  state.counters["analytical_s"] = analytical;
}
BENCHMARK(BM_Llama3Example)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1)->Repetitions(1);

void BM_Solver(benchmark::State& state) {
  cf::topology::FabricSpec s;
  s.nodes = 2048;
  s.gpus_per_node = 8;
  s.nics_per_node = 8;
  s.nic_Gbps = 400;
  s.tiers = 3;
  s.radix = 64;
  s.rail_optimized = true;
  s.domain_size = 8;
  s.scale_up_GBps = 450;
  cf::topology::Fabric f = cf::topology::generate(s);
  cf::netsim::Router router(f, {});
  const std::size_t n = static_cast<std::size_t>(state.range(0));
  std::vector<std::vector<cf::netsim::Usage>> paths(n);
  const std::uint32_t G = static_cast<std::uint32_t>(f.gpuCount());
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t a = static_cast<std::uint32_t>((i * 7919) % G), b = static_cast<std::uint32_t>((i * 104729 + 13) % G);
    if (a == b) b = (b + 8) % G;
    router.route(a, b, i, 1.0, paths[i]);
    cf::netsim::Router::merge(paths[i]);
  }
  std::vector<double> cap(2 * f.links().size());
  for (std::size_t l = 0; l < f.links().size(); ++l) cap[2 * l] = cap[2 * l + 1] = f.links()[l].capacity_Gbps * 1e9 / 8;
  cf::netsim::MaxMinSolver solver(cap);
  // 0: heap-ordered filling; 1: rounds on the CPU; 2: rounds on the auto backend (CUDA when a GPU answers).
  const int mode = static_cast<int>(state.range(1));
  solver.configure(mode == 2 ? cf::netsim::SolverBackend::Auto : cf::netsim::SolverBackend::Cpu,
                   mode == 0 ? 0xffffffffu : 0u);
  std::vector<cf::netsim::MaxMinSolver::Var> vars;
  for (auto& p : paths) vars.push_back({p.data(), static_cast<std::uint32_t>(p.size()), 0});
  std::vector<double> rates;
  for (auto _ : state) {
    solver.solve(vars, rates);
    benchmark::DoNotOptimize(rates.data());
  }
  state.counters["flows/s"] = benchmark::Counter(static_cast<double>(n) * state.iterations(), benchmark::Counter::kIsRate);
  state.SetLabel(mode == 0 ? "heap" : std::string("rounds ") + solver.stats().backend +
                                          (solver.stats().detail.empty() ? "" : " (" + solver.stats().detail + ")"));
}
BENCHMARK(BM_Solver)
    ->ArgsProduct({{16384, 131072}, {0, 1, 2}})
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
