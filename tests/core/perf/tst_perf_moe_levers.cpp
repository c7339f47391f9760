// The MoE and pipeline levers of issue 16 that DeepSeek-V3 used (arXiv
// 2412.19437): shared experts (job.model.shared_experts), node-limited
// routing with per-node deduplication (job.model.moe_max_nodes) and DualPipe
// (job.parallelism.schedule "dualpipe"). Closed forms for each, validation
// errors naming the key, the flow simulation sending what the analytical
// model sends, the search trying DualPipe, and MoE scenarios without the
// levers giving the figures they gave before them.
#include <QtTest>

#include <cmath>
#include <deque>

#include "PerfTestUtil.h"
#include "catalog/Catalog.h"
#include "design/ParallelRules.h"
#include "design/Validation.h"
#include "netsim/TrainingStep.h"
#include "perf/ParallelSearch.h"
#include "perf/PerfModel.h"
#include "sim/Simulate.h"

using namespace cf;

namespace {
const Catalog& parts() { return Catalog::builtin(); }

ResolvedScenario resolved(const nlohmann::json& j) {
  static std::deque<Scenario> keep;
  keep.push_back(cftest::scenario(j));
  return resolve(keep.back(), parts());
}

// A 64-expert, top-8 MoE on 4 H100 nodes; EP 16 spans two nodes of 8.
nlohmann::json moeScenario() {
  return nlohmann::json::parse(R"({"format":"clusterforge.scenario/1","name":"moe",
 "cluster":{"accelerator":"H100-SXM5-80GB","nodes":4,
  "scale_up":{"kind":"nvswitch","domain_size":8,"bandwidth_GBps":450},
  "scale_out":{"nics_per_node":8,"nic_Gbps":400,"tiers":2}},
 "job":{"model":{"layers":16,"hidden":4096,"heads":32,"kv_heads":8,"ffn_hidden":2048,"ffn_kind":"swiglu",
   "seq_len":4096,"vocab":128256,"experts":64,"top_k":8},
  "parallelism":{"tp":1,"pp":2,"dp":16,"ep":16,"micro_batch":1,"global_batch":128,"recompute":"selective"},
  "precision":"bf16"}})");
}

bool errorAt(const nlohmann::json& j, const std::string& path) {
  for (const Issue& i : validateScenario(cftest::scenario(j), parts()))
    if (i.severity == Issue::Severity::Error && i.path == path) return true;
  return false;
}

bool near(double a, double b, double rel = 1e-12) { return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b)); }
}  // namespace

class TestPerfMoeLevers : public QObject {
  Q_OBJECT

 private slots:
  void unchangedWithoutLevers();
  void sharedExperts();
  void nodeLimitedClosedForm();
  void nodeLimitedStep();
  void nodeLimitedFlowSendsTheSame();
  void dualPipeClosedForm();
  void dualPipeValidation();
  void dualPipeSearched();
};

// MoE scenarios without the new levers: the figures of the build before them
// (commit 43f6dd0, `clusterforge-cli simulate` of this scenario), to 1e-12.
// No MoE example is in resources/examples, so tst_golden does not cover this path.
void TestPerfMoeLevers::unchangedWithoutLevers() {
  struct Row {
    const char* schedule;
    double step, mem, ep, bubble;
  };
  const Row rows[] = {{"1f1b", 2.297610402278252, 31.35135437011719, 1.0192123298133333, 0.25260471057565814},
                      {"zb-h1", 2.2497276531335917, 31.35135437011719, 1.0192123298133333, 0.20472196143099763}};
  for (const Row& row : rows) {
    nlohmann::json j = moeScenario();
    j["job"]["parallelism"]["schedule"] = row.schedule;
    j["job"]["model"]["shared_experts"] = 0;  // the defaults, written out
    j["job"]["model"]["moe_max_nodes"] = 0;
    // As simulate runs it: on the fabric graph with its cable lengths.
    Project proj;
    proj.scenarios.push_back(cftest::scenario(j));
    SimulateOptions o;
    o.monte_carlo = false;
    const nlohmann::json out = simulateScenario(proj, 0, o);
    const nlohmann::json* perf = &out["performance"];
    const double step = (*perf)["step_time_s"].get<double>();
    QVERIFY2(near(step, row.step), qPrintable(QString::fromStdString((*perf)["breakdown_s"].dump())));
    QVERIFY(near((*perf)["memory_per_gpu_GiB"].get<double>(), row.mem));
    QVERIFY(near((*perf)["breakdown_s"]["ep_comm"].get<double>(), row.ep));
    QVERIFY(near((*perf)["breakdown_s"]["bubble"].get<double>(), row.bubble));
  }
}

// One shared expert: one more expert-sized MLP per layer in the parameters,
// FLOPs and GEMMs, replicated (dense) not sharded by EP, never in the all-to-all.
void TestPerfMoeLevers::sharedExperts() {
  nlohmann::json j0 = moeScenario(), j1 = moeScenario();
  j1["job"]["model"]["shared_experts"] = 1;
  ResolvedScenario r0 = resolved(j0), r1 = resolved(j1);
  PerfModel m0(r0, parts()), m1(r1, parts());
  const TransformerWorkload &w0 = m0.workload(), &w1 = m1.workload();
  const double h = 4096, f = 2048, s = 4096, L = 16;
  const double mlp = 3 * h * f;  // SwiGLU: gate, up, down
  QCOMPARE(w1.mlpParamsPerExpert(), mlp);
  QCOMPARE(w1.totalParams() - w0.totalParams(), L * mlp);
  QCOMPARE(w1.activeParams() - w0.activeParams(), L * mlp);
  QCOMPARE(w1.layerForwardFlopsPerSequence() - w0.layerForwardFlopsPerSequence(), 2 * s * 3 * h * f);
  // The layer: two more GEMMs over the GPU's own tokens, the same all-to-all bytes.
  const LayerSplit sp = m1.layerSplit(1, 1, 16, 1);
  const LayerWork a = w0.layerWork(sp), b = w1.layerWork(sp);
  QCOMPARE(b.gemm_count, a.gemm_count + 2);
  QCOMPARE(b.gemms[b.gemm_count - 2].m, s);
  QCOMPARE(b.gemms[b.gemm_count - 2].n, 2 * f);  // gate and up
  QCOMPARE(b.gemms[b.gemm_count - 1].k, f);
  QCOMPARE(b.ep_bytes, a.ep_bytes);
  QVERIFY(b.act_selective_bytes > a.act_selective_bytes);
  // Memory: replicated with the attention (dense), expert parameters unchanged.
  const ParallelConfig c = m0.scenarioConfig();
  const kern::StageParamsK p0 = kern::stageParamsRole(m0.consts().mem, c, 1), p1 = kern::stageParamsRole(m1.consts().mem, c, 1);
  QCOMPARE(p1.expert, p0.expert);
  QCOMPARE(p1.dense - p0.dense, 8 * mlp);  // 8 layers on the stage, tp 1
  const PerfResult q0 = m0.evaluate(c), q1 = m1.evaluate(c);
  QVERIFY(q1.breakdown.compute > q0.breakdown.compute);
  QCOMPARE(q1.breakdown.ep_comm, q0.breakdown.ep_comm);
  // Key round trip and validation: a dense model has no shared experts.
  QCOMPARE(scenarioFromJson(scenarioToJson(cftest::scenario(j1))).job.model.shared_experts, 1);
  QVERIFY(!errorAt(j1, "job.model.shared_experts"));
  nlohmann::json dense = moeScenario();
  dense["job"]["model"]["experts"] = 1;
  dense["job"]["model"]["top_k"] = 1;
  dense["job"]["parallelism"]["ep"] = 1;
  dense["job"]["model"]["shared_experts"] = 2;
  QVERIFY(errorAt(dense, "job.model.shared_experts"));
  j1["job"]["model"]["shared_experts"] = -1;
  QVERIFY_THROWS_EXCEPTION(InputError, cftest::scenario(j1));
}

// Expected distinct nodes of k uniform picks over N: N(1 - (1 - 1/N)^k),
// capped at M; remote share (N-1)/N; NVLink carries k(p-1)/p copies.
void TestPerfMoeLevers::nodeLimitedClosedForm() {
  QCOMPARE(kern::moeNodesPerToken(1, 8, 0), 1.0);
  QVERIFY(near(kern::moeNodesPerToken(8, 8, 0), 8 * (1 - std::pow(7.0 / 8, 8))));  // 5.25
  QCOMPARE(kern::moeNodesPerToken(8, 8, 4), 4.0);                                   // DeepSeek-V3: M = 4
  QVERIFY(near(kern::moeNodesPerToken(2, 8, 4), 8 * (1 - std::pow(7.0 / 8, 2))));  // 1.875 < M
  QVERIFY(near(kern::moeNodesPerToken(8, 1, 0), 1.0));
  GroupPlacement g;  // EP 64 over 8 nodes of 8
  g.size = 64;
  g.per_domain = 8;
  g.domains = 8;
  g.intra_GBps = 200;
  g.inter_GBps = 50;
  const double copy = 1e6;
  const kern::MoeA2aBytes b = kern::moeNodeLimitedBytes(copy, 8, g, 4);
  QVERIFY(near(b.inter, copy * 4 * 7 / 8));
  QVERIFY(near(b.intra, copy * 8 * 7 / 8));
  // Without the limit: 8 copies, 56/64 of them remote; the limit halves the scale-out bytes.
  const double unlimitedInter = 56.0 / 64 * 8 * copy;
  QVERIFY(near(b.inter / unlimitedInter, 0.5));
  const double t = kern::allToAllBytes(b.intra, b.inter, g);
  QVERIFY(near(t, std::max(b.intra / (200e9 * kern::kAllToAllEfficiency),
                           b.inter / (50e9 * kern::kAllToAllEfficiency) + g.inter_step_latency_s) +
                      g.inter_startup_s));
  // The uniform all-to-all is the same function with (p-1)/n and (n-p)/n.
  QCOMPARE(kern::allToAll(8 * copy, g), kern::allToAllBytes(7.0 / 64 * 8 * copy, 56.0 / 64 * 8 * copy, g));
}

// In the step: EP 16 over two nodes, M = 1 keeps a token's experts on one node.
void TestPerfMoeLevers::nodeLimitedStep() {
  nlohmann::json j = moeScenario();
  ResolvedScenario r0 = resolved(j);
  j["job"]["model"]["moe_max_nodes"] = 1;
  ResolvedScenario r1 = resolved(j);
  PerfModel m0(r0, parts()), m1(r1, parts());
  const LayerTiming a = m0.layerTiming(1, 1, 16, 1), b = m1.layerTiming(1, 1, 16, 1);
  const LayerWork w = m1.workload().layerWork(m1.layerSplit(1, 1, 16, 1));
  const GroupPlacement g = m1.fabric().place(16, 1);
  QCOMPARE(g.domains, 2);
  QCOMPARE(w.ep_routed, 8);
  QVERIFY(near(w.ep_bytes, 8 * w.ep_copy_bytes));
  const kern::MoeA2aBytes nb = kern::moeNodeLimitedBytes(w.ep_copy_bytes, 8, g, 1);
  QVERIFY(near(nb.inter, w.ep_copy_bytes * 0.5));  // one node, remote half the time
  QVERIFY(near(b.ep_fwd_s, 2 * kern::allToAllBytes(nb.intra, nb.inter, g)));
  QVERIFY(near(a.ep_fwd_s, 2 * kern::allToAll(w.ep_bytes, g)));  // 0: the uniform all-to-all
  QVERIFY(b.ep_fwd_s < 0.5 * a.ep_fwd_s);
  QCOMPARE(scenarioFromJson(scenarioToJson(cftest::scenario(j))).job.model.moe_max_nodes, 1);
  // Inside one node the limit changes nothing but the formula: k(p-1)/p = (p-1)/n of k copies.
  nlohmann::json one = moeScenario();
  one["job"]["parallelism"]["ep"] = 8;
  ResolvedScenario r2 = resolved(one);
  one["job"]["model"]["moe_max_nodes"] = 4;
  ResolvedScenario r3 = resolved(one);
  PerfModel m2(r2, parts()), m3(r3, parts());
  QVERIFY(near(m2.layerTiming(1, 1, 8, 1).ep_fwd_s, m3.layerTiming(1, 1, 8, 1).ep_fwd_s, 1e-9));
  nlohmann::json dense = moeScenario();
  dense["job"]["model"]["experts"] = 1;
  dense["job"]["model"]["top_k"] = 1;
  dense["job"]["parallelism"]["ep"] = 1;
  dense["job"]["model"]["moe_max_nodes"] = 4;
  QVERIFY(errorAt(dense, "job.model.moe_max_nodes"));
}

// The flow simulation's EP all-to-all moves, per source GPU, the analytical
// model's scale-out and NVLink bytes (one formula: kern::moeNodeLimitedBytes).
void TestPerfMoeLevers::nodeLimitedFlowSendsTheSame() {
  nlohmann::json j = moeScenario();
  j["job"]["model"]["moe_max_nodes"] = 1;
  ResolvedScenario r = resolved(j);
  PerfModel m(r, parts());
  const ParallelConfig c = m.scenarioConfig();
  netsim::TrainingStep ts(m, c);
  std::vector<std::uint32_t> ranks(static_cast<std::size_t>(c.gpus()));
  for (std::size_t i = 0; i < ranks.size(); ++i) ranks[i] = static_cast<std::uint32_t>(i);
  const netsim::StepGraph g = ts.build(ranks);
  const LayerWork w = m.workload().layerWork(m.layerSplit(1, 1, 16, 1));
  const kern::MoeA2aBytes nb = kern::moeNodeLimitedBytes(w.ep_copy_bytes, 8, m.fabric().place(16, 1), 1);
  int found = 0;
  for (const netsim::Collective& col : g.collectives()) {
    if (col.label != "ep all-to-all") continue;
    ++found;
    const std::uint32_t src = col.groups.front().front();
    double local = 0, remote = 0;
    for (const netsim::Chain& ch : netsim::expand(col))
      for (const netsim::Step& st : ch)
        for (const auto& [a, b] : *st.transfers)
          if (a == src) (a / 8 == b / 8 ? local : remote) += st.bytes;
    QVERIFY2(near(remote, nb.inter, 1e-9), qPrintable(QString("%1 vs %2").arg(remote).arg(nb.inter)));
    QVERIFY2(near(local, nb.intra, 1e-9), qPrintable(QString("%1 vs %2").arg(local).arg(nb.intra)));
  }
  QVERIFY(found > 0);
}

// DualPipe (DeepSeek-V3 Table 2): bubble (p/2-1)(F&B + B - 3W), the EP
// all-to-all of each chunk behind the paired chunk's compute, two stages'
// parameters per GPU, p + 1 micro-batches of activations.
void TestPerfMoeLevers::dualPipeClosedForm() {
  nlohmann::json j = moeScenario();
  j["cluster"]["nodes"] = 8;
  j["job"]["parallelism"]["pp"] = 4;
  j["job"]["parallelism"]["dp"] = 16;
  j["job"]["parallelism"]["global_batch"] = 256;  // 16 micro-batches >= 2 pp
  j["job"]["model"]["layers"] = 16;
  ResolvedScenario r1 = resolved(j);
  j["job"]["parallelism"]["schedule"] = "dualpipe";
  QVERIFY(validateScenario(cftest::scenario(j), parts()).empty() ||
          !errorAt(j, "job.parallelism.schedule"));
  ResolvedScenario r2 = resolved(j);
  PerfModel m1(r1, parts()), m2(r2, parts());
  const ParallelConfig c1 = m1.scenarioConfig(), c2 = m2.scenarioConfig();
  QCOMPARE(c2.schedule, Schedule::DualPipe);
  const LayerTiming lt = m2.layerTiming(c2);
  const PerfResult a = m1.evaluate(c1), d = m2.evaluate(c2);
  const double p = 4, m = 16, L = 4;  // 4 layers a stage: rank 1 holds stages 1 and 2 (8 layers, no edges)
  QCOMPARE(d.micro_batches, 16LL);
  QVERIFY(lt.ep_fwd_s > 0);
  // Rank 0 (stages 0 and 3: embedding and head) or rank 1: the same layers, rank 0 has the edges.
  const double crit = L;  // mean of the two stages' layers
  const double compF = crit * lt.fwd_s, compB = crit * (lt.bwd_s + lt.attn_fwd_s);
  const double epF = crit * lt.ep_fwd_s, epB = crit * lt.ep_bwd_s;
  const double epExposed = std::max(0.0, epF - compB) + std::max(0.0, epB - compF);
  QVERIFY(near(d.breakdown.ep_comm, m * epExposed, 1e-12));
  QVERIFY(d.breakdown.ep_comm < a.breakdown.ep_comm);
  const double edge = 0.5 * (lt.embed_fwd_s + lt.embed_bwd_s + lt.head_fwd_s + lt.head_bwd_s);
  const double fb = crit * (lt.fwd_s + lt.bwd_s + lt.attn_fwd_s) + edge + epExposed;  // F&B
  const double B = compB + epB, W = crit * lt.wgrad_s;
  QVERIFY2(near(d.breakdown.bubble, (p / 2 - 1) * std::max(0.0, fb + B - 3 * W), 1e-12),
           qPrintable(QString("%1 vs %2").arg(d.breakdown.bubble).arg((p / 2 - 1) * (fb + B - 3 * W))));
  QVERIFY(d.breakdown.bubble < a.breakdown.bubble);
  QVERIFY(near(d.breakdown.compute, m * (crit * (lt.fwd_s + lt.bwd_s + lt.attn_fwd_s) + edge), 1e-12));
  // Memory: two stages' parameters per GPU; p + 1 micro-batches of a stage's activations.
  const kern::MemConsts& mc = m2.consts().mem;
  const kern::StageParamsK one = kern::stageParamsAt(mc, c2, 1), two = kern::stageParamsRole(mc, c2, 1);
  QCOMPARE(two.dense, 2 * one.dense);  // stages 1 and 2: 4 layers each, no edges
  QCOMPARE(two.expert, 2 * one.expert);
  QVERIFY(near(d.stage_memory[1].weights_B, 2 * a.stage_memory[1].weights_B, 1e-12));
  QCOMPARE(kern::inFlight(c2, 16, 1), p + 1);
  QCOMPARE(kern::inFlight(c2, 3, 1), 3.0);
  const double act = (p + 1) * L * lt.act_selective_B;  // + the recompute working set (0 with flash attention)
  QVERIFY(d.stage_memory[1].activations_B >= act && d.stage_memory[1].activations_B < act + lt.act_none_B);
  // Rank 0 also holds the last stage: the logits.
  QVERIFY(d.stage_memory[0].activations_B > d.stage_memory[1].activations_B);
  QCOMPARE(std::string(scheduleName(c2.schedule)), std::string("dualpipe"));
}

void TestPerfMoeLevers::dualPipeValidation() {
  nlohmann::json j = moeScenario();
  j["job"]["parallelism"]["schedule"] = "dualpipe";
  // pp 2, 8 micro-batches: valid.
  QVERIFY(!errorAt(j, "job.parallelism.pp") && !errorAt(j, "job.parallelism.global_batch"));
  j["cluster"]["nodes"] = 6;
  j["job"]["parallelism"]["pp"] = 3;
  QVERIFY(errorAt(j, "job.parallelism.pp"));
  j = moeScenario();
  j["job"]["parallelism"]["schedule"] = "dualpipe";
  j["job"]["parallelism"]["global_batch"] = 48;  // 3 micro-batches: odd and fewer than 2 pp
  QVERIFY(errorAt(j, "job.parallelism.global_batch"));
  j["job"]["parallelism"]["global_batch"] = 32;  // 2 micro-batches: even, fewer than 4
  QVERIFY(errorAt(j, "job.parallelism.global_batch"));
  j["job"]["parallelism"]["global_batch"] = 64;
  QVERIFY(!errorAt(j, "job.parallelism.global_batch"));
  j["job"]["parallelism"]["virtual_stages"] = 2;
  QVERIFY(errorAt(j, "job.parallelism.virtual_stages"));
  j["job"]["parallelism"]["virtual_stages"] = 1;
  j["job"]["parallelism"]["schedule"] = "dual-pipe";
  QVERIFY_THROWS_EXCEPTION(InputError, cftest::scenario(j));
}

// The search tries DualPipe where its rules allow it, and a pinned schedule holds.
void TestPerfMoeLevers::dualPipeSearched() {
  nlohmann::json j = moeScenario();
  j["job"]["parallelism"]["schedule"] = "dualpipe";
  ResolvedScenario r = resolved(j);
  PerfModel m(r, parts());
  SearchOptions opt;
  opt.top = 5;
  opt.backend = SearchBackend::Cpu;
  opt.max_micro_batch = 2;
  opt.pins = pinsFromScenario(m, cftest::scenario(j).job, {"schedule"});
  const SearchResult res = search(m, opt);
  QVERIFY(!res.ranking.empty());
  for (const PerfResult& t : res.ranking) {
    QCOMPARE(t.config.schedule, Schedule::DualPipe);
    QVERIFY(t.config.pp % 2 == 0);
    QCOMPARE(dualPipeRule(t.config.pp, t.micro_batches), ParallelRule::Ok);
  }
}

QTEST_MAIN(TestPerfMoeLevers)
#include "tst_perf_moe_levers.moc"
