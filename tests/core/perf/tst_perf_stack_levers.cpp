// The modern-stack levers of issue 16: NVLS's own cost formula, the software
// preset, TP overlap, parallel block, FP8 cast overhead, MoE capacity and
// imbalance, activation offload, zero-bubble schedules, uneven stages,
// per-stage memory, head_dim, and the search over all of them.
#include <QtTest>

#include <cmath>
#include <deque>

#include "PerfTestUtil.h"
#include "catalog/Catalog.h"
#include "common/InputError.h"
#include "design/StorageRules.h"
#include "design/Validation.h"
#include "perf/Bottleneck.h"
#include "perf/ClosedFormFabric.h"
#include "perf/CollectiveModel.h"
#include "perf/ParallelSearch.h"
#include "perf/SearchKernel.h"
#include "perf/MemoryModel.h"
#include "perf/PerfModel.h"
#include "perf/PerfSection.h"

using namespace cf;

namespace {
const Catalog& parts() { return Catalog::builtin(); }

// A resolved scenario points at its scenario: keep every one alive.
ResolvedScenario resolved(const nlohmann::json& j) {
  static std::deque<Scenario> keep;
  keep.push_back(cftest::scenario(j));
  return resolve(keep.back(), parts());
}

// GPT-3 13B as the public tool's comparison used it: 40 layers, hidden 5,140,
// 40 heads of 128 (hidden is not heads x head size), seq 2048, 64 A100, batch 512.
nlohmann::json gpt13b() {
  nlohmann::json j = cftest::seleneScenario(40, 5140, 40, 1, 2, 64, 512);
  j["job"]["model"]["head_dim"] = 128;
  j["job"]["parallelism"] = {{"tp", 1}, {"pp", 2}, {"dp", 32}, {"micro_batch", 4}, {"global_batch", 512},
                             {"virtual_stages", 20}, {"zero_stage", 1}, {"recompute", "selective"},
                             {"rank_order", "tp-cp-pp-dp"}};
  j["job"]["software"] = {{"overlap_dp", true}};
  return j;
}

// A Llama-style 8B-shaped model on 2 H100 nodes with TP 8.
nlohmann::json h100Tp8(const nlohmann::json& software = nlohmann::json::object(), const std::string& precision = "bf16") {
  nlohmann::json j = {
      {"format", "clusterforge.scenario/1"},
      {"cluster",
       {{"accelerator", "H100-SXM5-80GB"}, {"nodes", 2},
        {"scale_up", {{"kind", "nvswitch"}, {"domain_size", 8}, {"bandwidth_GBps", 450}}},
        {"scale_out", {{"nics_per_node", 8}, {"nic_Gbps", 400}, {"tiers", 2}}}}},
      {"job",
       {{"model", {{"layers", 32}, {"hidden", 4096}, {"heads", 32}, {"kv_heads", 8}, {"ffn_hidden", 14336},
                   {"ffn_kind", "swiglu"}, {"seq_len", 8192}, {"vocab", 128256}}},
        {"parallelism", {{"tp", 8}, {"pp", 2}, {"dp", 1}, {"micro_batch", 1}, {"global_batch", 16}}},
        {"precision", precision},
        {"software", software}}}};
  return j;
}

PerfResult run(const nlohmann::json& j) {
  ResolvedScenario r = resolved(j);
  PerfModel m(r, parts());
  return m.evaluate(m.scenarioConfig());
}

GroupPlacement nvswitch(int p) {
  GroupPlacement g;
  g.size = g.per_domain = p;
  g.intra_GBps = 450;
  g.in_switch_reduction = true;
  return g;
}
}  // namespace

class TestPerfStackLevers : public QObject {
  Q_OBJECT

 private slots:
  void nvlsOwnFormula();
  void presetIsExplicit();
  void tpOverlap();
  void parallelBlock();
  void fp8CastOverhead();
  void moeCapacityAndImbalance();
  void activationOffload();
  void offloadClosedForm();
  void offloadStepTime();
  void offloadHostCapacity();
  void zeroBubbleSchedules();
  void unevenStages();
  void perStageMemory();
  void interleavedRounds();
  void deepSeekMemoryLevers();
  void searchTriesRounds();
  void headDimAccepted();
  void korthikantiFiveTimes();
  void gpt13bSearchContainsPublishedBest();
  void pinsHoldLevers();
};

// NVLS: (1 + 1/p) S per rank at an efficiency below 1, fitted to one point
// (8x H200, 482.3 GB/s at 16 GiB: a calibration check); the scaling in p is
// the formula's, not a fit.
void TestPerfStackLevers::nvlsOwnFormula() {
  QVERIFY(CollectiveModel::kNvlsEfficiency < 1.0);
  const double S = 16.0 * 1024 * 1024 * 1024;
  const double bus8 = CollectiveModel::allReduceBusBandwidth(S, nvswitch(8));
  QVERIFY2(std::fabs(bus8 - 482.3) / 482.3 < 0.01, qPrintable(QString::number(bus8)));
  const double t8 = CollectiveModel::allReduce(S, nvswitch(8)) - CollectiveModel::kScaleUpStartup_s;
  const double t72 = CollectiveModel::allReduce(S, nvswitch(72)) - CollectiveModel::kScaleUpStartup_s;
  QVERIFY(std::fabs(t72 / t8 - (73.0 / 72) / (9.0 / 8)) < 1e-9);
  // A ring would slow down with p: 2(p-1)/p; NVLS does not.
  GroupPlacement ring = nvswitch(72);
  ring.in_switch_reduction = false;
  QVERIFY(CollectiveModel::allReduce(S, ring) > 1.5 * CollectiveModel::allReduce(S, nvswitch(72)));
}

void TestPerfStackLevers::presetIsExplicit() {
  Accelerator a100, h100;
  a100.release_year = 2020;
  h100.release_year = 2022;
  QCOMPARE(std::string(effectivePreset(a100, "auto")), std::string("megatron-2021"));
  QCOMPARE(std::string(effectivePreset(h100, "auto")), std::string("megatron-core-2024"));
  SoftwareOptions o;
  o.preset = "megatron-core-2024";
  SoftwareStack s = softwareStackFor(a100, o);
  QVERIFY(s.flash_attention && s.sequence_parallel && s.overlap_dp);
  QCOMPARE(s.grad_reduce_bytes, 2.0);
  o.preset = "megatron-2021";
  s = softwareStackFor(h100, o);
  QVERIFY(!s.flash_attention && !s.overlap_dp);
  // The scenario key round-trips and the output says which preset ran.
  nlohmann::json j = h100Tp8({{"preset", "megatron-2021"}});
  Scenario sc = cftest::scenario(j);
  QCOMPARE(sc.job.software.preset, std::string("megatron-2021"));
  QCOMPARE(scenarioFromJson(scenarioToJson(sc)).job.software.preset, std::string("megatron-2021"));
  ResolvedScenario r = resolve(sc, parts());
  auto perf = performanceSection(r, parts());
  QVERIFY(perf.has_value());
  QCOMPARE((*perf)["software_preset"].get<std::string>(), std::string("megatron-2021"));
  bool threw = false;
  try {
    cftest::scenario(h100Tp8({{"preset", "megatron-1999"}}));
  } catch (const std::exception& e) {
    threw = QString(e.what()).contains("job.software.preset");
  }
  QVERIFY(threw);
}

void TestPerfStackLevers::tpOverlap() {
  const PerfResult none = run(h100Tp8());
  const PerfResult bulk = run(h100Tp8({{"tp_overlap", "bulk"}}));
  const PerfResult pipe = run(h100Tp8({{"tp_overlap", "pipelined"}}));
  QVERIFY(none.breakdown.tp_comm > 0);
  QVERIFY(bulk.breakdown.tp_comm < none.breakdown.tp_comm);
  QVERIFY(pipe.breakdown.tp_comm < bulk.breakdown.tp_comm);
  QVERIFY(pipe.step_time_s < bulk.step_time_s && bulk.step_time_s < none.step_time_s);
  // Pipelined never hides the first of tp chunks.
  ResolvedScenario r = resolved(h100Tp8());
  PerfModel m(r, parts());
  const LayerTiming lt0 = m.layerTiming(8, 1, 1, 1, 0, 1), lt2 = m.layerTiming(8, 1, 1, 1, 2, 1);
  QVERIFY(lt2.tp_fwd_s >= lt0.tp_fwd_s / 8 - 1e-15);
  QCOMPARE(lt2.tp_overlap, int8_t(2));
}

void TestPerfStackLevers::parallelBlock() {
  ResolvedScenario r0 = resolved(h100Tp8());
  ResolvedScenario r1 = resolved(h100Tp8({{"parallel_block", true}}));
  PerfModel m0(r0, parts()), m1(r1, parts());
  const LayerTiming a = m0.layerTiming(8, 1, 1, 1), b = m1.layerTiming(8, 1, 1, 1);
  QVERIFY(std::fabs(b.tp_fwd_s - a.tp_fwd_s / 2) < 1e-12);  // one collective per direction, not two
  QVERIFY(b.act_selective_B < a.act_selective_B);
  QVERIFY(b.fwd_s < a.fwd_s);
  // Same FLOPs: the GEMMs fuse, none disappears.
  QVERIFY(std::fabs(m0.workload().modelFlopsPerSequence() - m1.workload().modelFlopsPerSequence()) < 1);
}

void TestPerfStackLevers::fp8CastOverhead() {
  ResolvedScenario rb = resolved(h100Tp8());
  ResolvedScenario r8 = resolved(h100Tp8({}, "fp8"));
  PerfModel mb(rb, parts()), m8(r8, parts());
  const LayerTiming b = mb.layerTiming(8, 1, 1, 1), f = m8.layerTiming(8, 1, 1, 1);
  QVERIFY(f.gemm_fwd_s < b.gemm_fwd_s);  // fp8 peak
  QVERIFY(f.hbm_fwd_s > b.hbm_fwd_s);    // casts and amax
  QVERIFY(std::fabs(f.attn_fwd_s - b.attn_fwd_s) < 1e-12);  // attention stays bf16
  const PerfResult pb = mb.evaluate(mb.scenarioConfig()), p8 = m8.evaluate(m8.scenarioConfig());
  QVERIFY(p8.step_time_s < pb.step_time_s && p8.step_time_s > 0.5 * pb.step_time_s);
}

void TestPerfStackLevers::moeCapacityAndImbalance() {
  auto moe = [](const nlohmann::json& sw) {
    nlohmann::json j = h100Tp8(sw);
    j["job"]["model"]["experts"] = 8;
    j["job"]["model"]["top_k"] = 2;
    j["job"]["parallelism"] = {{"tp", 1}, {"pp", 1}, {"dp", 16}, {"ep", 8}, {"micro_batch", 1}, {"global_batch", 16}};
    ResolvedScenario r = resolved(j);
    PerfModel m(r, parts());
    return m.layerTiming(1, 1, 8, 1);
  };
  const LayerTiming bal = moe({}), imb = moe({{"moe_load_imbalance", 1.5}}), cap = moe({{"moe_capacity_factor", 1.25}});
  QVERIFY(bal.ep_fwd_s > 0);
  QVERIFY(imb.ep_fwd_s > 1.3 * bal.ep_fwd_s && imb.fwd_s > bal.fwd_s);
  QVERIFY(cap.ep_fwd_s > bal.ep_fwd_s && cap.ep_fwd_s < imb.ep_fwd_s);
}

void TestPerfStackLevers::activationOffload() {
  const PerfResult a = run(h100Tp8());
  const PerfResult b = run(h100Tp8({{"activation_offload", 1.0}}));
  QVERIFY(b.memory.activations_B < 0.7 * a.memory.activations_B);
  QVERIFY(b.breakdown.offload >= 0 && b.step_time_s >= a.step_time_s);
  QCOMPARE(a.breakdown.offload, 0.0);
}

// kern::offloadTiming (PerfModel.h): one direction copies bytes / bandwidth;
// each direction hides behind at most its pass's compute; the rest shows.
void TestPerfStackLevers::offloadClosedForm() {
  const double bw = kHostCopyGBpsPerGpu * 1e9;
  const double bytes = 0.5e9;  // 20 ms each way at 25 GB/s
  const kern::OffloadTiming t = kern::offloadTiming(bytes, bw, 0.015, 0.030);
  QCOMPARE(t.copy_s, bytes / bw);
  QVERIFY(std::fabs(t.copy_s - 0.020) < 1e-15);
  QVERIFY(std::fabs(t.hidden_s - (0.015 + 0.020)) < 1e-15);  // forward hides 15 ms, backward all 20
  QVERIFY(std::fabs(t.exposed_s - 0.005) < 1e-15);
  QVERIFY(std::fabs(t.hidden_s + t.exposed_s - 2 * t.copy_s) < 1e-15);
  const kern::OffloadTiming hidden = kern::offloadTiming(bytes, bw, 0.5, 0.5);
  QCOMPARE(hidden.exposed_s, 0.0);
  const kern::OffloadTiming bare = kern::offloadTiming(bytes, bw, 0, 0);
  QCOMPARE(bare.exposed_s, 2 * bare.copy_s);
  QCOMPARE(kern::offloadTiming(0, bw, 0, 0).exposed_s, 0.0);
}

// The step: every micro-batch of every layer of the critical stage pays its
// exposed copy; the host link is kHostCopyGBpsPerGpu whatever the GPU.
void TestPerfStackLevers::offloadStepTime() {
  nlohmann::json j = h100Tp8({{"activation_offload", 1.0}});
  j["job"]["parallelism"] = {{"tp", 8}, {"pp", 1}, {"dp", 2}, {"micro_batch", 1}, {"global_batch", 16}};
  ResolvedScenario r = resolved(j);
  PerfModel m(r, parts());
  const ParallelConfig c = m.explicitConfig(m.scenarioConfig());
  QCOMPARE(c.recompute, Recompute::None);
  const LayerTiming lt = m.layerTiming(c);
  const PerfResult res = m.evaluate(c);
  const double copy = lt.act_none_B / (kHostCopyGBpsPerGpu * 1e9);
  const double exposed = std::max(0.0, copy - lt.fwd_s) + std::max(0.0, copy - lt.bwd_s);
  QCOMPARE(res.micro_batches, 8LL);
  const double expected = 8.0 * 32 * exposed;
  qInfo("per layer: %.2f MB, copy %.3f ms each way, forward %.3f ms, backward %.3f ms; offload %.3f s of %.3f s",
        lt.act_none_B / 1e6, copy * 1e3, lt.fwd_s * 1e3, lt.bwd_s * 1e3, res.breakdown.offload, res.step_time_s);
  QVERIFY(copy > lt.fwd_s);  // this shape exposes part of the forward copy
  QVERIFY2(std::fabs(res.breakdown.offload - expected) <= 1e-12 * expected,
           qPrintable(QString("%1 vs %2").arg(res.breakdown.offload).arg(expected)));
}

// Host memory bounds the offloaded share: DGX H100 2 TiB / 8 GPUs, half of it
// for activations. Past it the configuration does not fit and the bottleneck
// names the key.
void TestPerfStackLevers::offloadHostCapacity() {
  nlohmann::json j = h100Tp8({{"activation_offload", 1.0}});
  j["job"]["parallelism"] = {{"tp", 8}, {"pp", 1}, {"dp", 2}, {"micro_batch", 64}, {"global_batch", 128}};
  ResolvedScenario r = resolved(j);
  QCOMPARE(r.node.host_memory_GiB, 2048.0);
  PerfModel m(r, parts());
  QCOMPARE(m.hostOffloadGiB(), PerfModel::kHostOffloadShare * 2048.0 / 8);
  const PerfResult all = m.evaluate(m.scenarioConfig());
  const LayerTiming lt = m.layerTiming(all.config);
  // pp = 1: one micro-batch of 32 layers stored, two layers stay in HBM.
  const double gib = 1024.0 * 1024 * 1024;
  QVERIFY(std::fabs(all.host_offload_GiB - lt.act_none_B * (32 - 2) / gib) < 1e-9 * all.host_offload_GiB);
  QVERIFY2(all.host_offload_GiB > m.hostOffloadGiB(), qPrintable(QString::number(all.host_offload_GiB)));
  QVERIFY(!all.fits_in_host_memory && !all.fits_in_memory);
  const Bottleneck bn = diagnoseBottleneck(m, all);
  QCOMPARE(bn.resource, std::string("memory"));
  bool named = false;
  for (const BottleneckClause& cl : bn.clauses) named = named || cl.id == "bottleneck-host-memory";
  QVERIFY(named);
  QVERIFY2(bn.detail.find("job.software.activation_offload") != std::string::npos, bn.detail.c_str());
  // A quarter offloaded fits the host: 32 x 0.25 - 2 layers' worth.
  ParallelConfig quarter = all.config;
  quarter.act_offload = 0.25f;
  const PerfResult q = m.evaluate(quarter);
  QVERIFY(std::fabs(q.host_offload_GiB - lt.act_none_B * (32 * 0.25 - 2) / gib) < 1e-9 * q.host_offload_GiB);
  QVERIFY(q.fits_in_host_memory);
}

void TestPerfStackLevers::zeroBubbleSchedules() {
  nlohmann::json j = h100Tp8();
  j["job"]["parallelism"]["pp"] = 4;
  j["job"]["parallelism"]["tp"] = 4;
  const PerfResult f1b = run(j);
  j["job"]["parallelism"]["schedule"] = "zb-h1";
  const PerfResult h1 = run(j);
  j["job"]["parallelism"]["schedule"] = "zb-v";
  j["job"]["parallelism"]["virtual_stages"] = 2;
  const PerfResult zv = run(j);
  QVERIFY(h1.breakdown.bubble < f1b.breakdown.bubble);
  QVERIFY(zv.breakdown.bubble < h1.breakdown.bubble);
  QCOMPARE(h1.memory.activations_B, f1b.memory.activations_B);  // ZB-H1: 1F1B's peak
  // ZB-H1 bubble = 1F1B's minus 2(p-1)W exactly.
  const double t = f1b.breakdown.bubble / 3.0;  // (p-1) t_stage
  QVERIFY(h1.breakdown.bubble < t * 3.0 && h1.breakdown.bubble > 0);
  // Validation: zb-v needs two virtual stages, zb-h1 one.
  j["job"]["parallelism"]["virtual_stages"] = 1;
  bool named = false;
  for (const Issue& i : validateScenario(cftest::scenario(j), parts()))
    named = named || (i.severity == Issue::Severity::Error && i.path == "job.parallelism.virtual_stages");
  QVERIFY(named);
}

void TestPerfStackLevers::unevenStages() {
  ParallelConfig c;
  c.pp = 16;
  c.first_layers = c.last_layers = 7;  // Llama 3 405B: 126 layers
  int sum = 0;
  for (int s = 0; s < 16; ++s) sum += kern::layersOnStage(126, c, s);
  QCOMPARE(sum, 126);
  QCOMPARE(kern::layersOnStage(126, c, 1), 8);
  QCOMPARE(kern::layersOnStage(126, c, 15), 7);
  ParallelConfig even;
  even.pp = 16;
  QCOMPARE(kern::layersOnStage(126, even, 0), 8);
  QCOMPARE(kern::layersOnStage(126, even, 15), 7);
  // Bad layouts are named.
  nlohmann::json j = h100Tp8();
  j["job"]["parallelism"]["pp"] = 4;
  j["job"]["parallelism"]["tp"] = 4;
  j["job"]["parallelism"]["first_stage_layers"] = 31;
  bool named = false;
  for (const Issue& i : validateScenario(cftest::scenario(j), parts()))
    named = named || i.path == "job.parallelism.first_stage_layers";
  QVERIFY(named);
}

// 1F1B: the first stage holds p micro-batches, the last one (plus logits);
// interleaving adds (p-1)/v on the first stage (Korthikanti §4.2.3).
void TestPerfStackLevers::perStageMemory() {
  nlohmann::json j = h100Tp8();
  j["job"]["parallelism"] = {{"tp", 4}, {"pp", 4}, {"dp", 1}, {"micro_batch", 1}, {"global_batch", 16}};
  const PerfResult r = run(j);
  const double first = r.stage_memory[0].activations_B, mid = r.stage_memory[1].activations_B;
  QVERIFY(first > mid && mid > 0);
  QCOMPARE(r.stage_layer_count[0], 8);
  ParallelConfig c = r.config;
  QCOMPARE(kern::inFlight(c, 16, 0), 4.0);
  QCOMPARE(kern::inFlight(c, 16, 1), 3.0);
  QCOMPARE(kern::inFlight(c, 16, 3), 1.0);
  c.virtual_stages = 2;
  QCOMPARE(kern::inFlight(c, 16, 0), 4.0 + 3.0 / 2);
  QVERIFY(std::fabs(r.memory.total() - std::max({r.stage_memory[0].total(), r.stage_memory[1].total(),
                                                 r.stage_memory[2].total()})) < 1);
  ResolvedScenario rs = resolved(j);
  auto perf = performanceSection(rs, parts());
  QCOMPARE((*perf)["memory_per_stage_GiB"].size(), std::size_t(3));
  const auto range = (*perf)["memory_range_GiB"];
  QVERIFY(range[0].get<double>() < (*perf)["memory_per_gpu_GiB"].get<double>());
  QVERIFY(range[1].get<double>() > (*perf)["memory_per_gpu_GiB"].get<double>());
}

// Interleaved 1F1B with N micro-batches per round (Megatron-core
// microbatch_group_size_per_vp_stage; Llama 3 §3.3.2 Fig. 6): stage s warms
// up 2(p-s-1) + (v-1)N chunks (get_pp_rank_microbatches) and holds one more
// in progress, each 1/v of the stage; default N = p. With N < p each of the
// v-1 chunk changes of each round stalls p - N chunk slots of t_stage / v.
void TestPerfStackLevers::interleavedRounds() {
  ParallelConfig c;
  c.pp = 16;
  c.virtual_stages = 4;
  QCOMPARE(kern::inFlight(c, 32, 1), (2.0 * 14 + 3 * 16 + 1) / 4);  // 19.25, the default N = p
  QCOMPARE(kern::inFlight(c, 32, 0), (2.0 * 15 + 3 * 16 + 1) / 4);
  c.mb_per_round = 16;
  QCOMPARE(kern::inFlight(c, 32, 1), 19.25);  // N = p is the default
  QCOMPARE(kern::roundStall(c, 32, 1.0), 0.0);
  c.mb_per_round = 8;
  QCOMPARE(kern::inFlight(c, 32, 1), (2.0 * 14 + 3 * 8 + 1) / 4);  // 13.25
  QCOMPARE(kern::inFlight(c, 32, 15), (3.0 * 8 + 1) / 4);
  // 4 rounds x 3 chunk changes x (16 - 8) slots of t_stage / 4.
  QCOMPARE(kern::roundStall(c, 32, 2.0), 4.0 * 3 * 8 * 2.0 / 4);
  c.mb_per_round = 12;  // ceil(32 / 12) = 3 rounds
  QCOMPARE(kern::roundStall(c, 32, 1.0), 3.0 * 3 * 4 / 4);
  c.mb_per_round = 64;  // at most m
  QCOMPARE(kern::inFlight(c, 32, 1), std::min(32.0 * 4, 2.0 * 14 + 3 * 32 + 1) / 4);
  // Without interleaving N does nothing: 1F1B holds p - s.
  c.virtual_stages = 1;
  c.mb_per_round = 4;
  QCOMPARE(kern::inFlight(c, 32, 1), 15.0);
  QCOMPARE(kern::roundStall(c, 32, 1.0), 0.0);

  // The scenario key: read, written back, refused out of range naming the key.
  nlohmann::json j = h100Tp8();
  j["job"]["parallelism"] = {{"tp", 4}, {"pp", 4}, {"dp", 1}, {"virtual_stages", 2}, {"micro_batch", 1},
                             {"global_batch", 16}, {"micro_batches_per_round", 2}};
  const Scenario s = cftest::scenario(j);
  QCOMPARE(s.job.parallelism.micro_batches_per_round, 2);
  QCOMPARE(scenarioToJson(s)["job"]["parallelism"]["micro_batches_per_round"].get<int>(), 2);
  const PerfResult r2 = run(j);
  QCOMPARE(r2.config.mb_per_round, 2);
  j["job"]["parallelism"].erase("micro_batches_per_round");
  const PerfResult r4 = run(j);
  QVERIFY(r2.stage_memory[0].activations_B < r4.stage_memory[0].activations_B);
  QVERIFY(r2.breakdown.bubble > r4.breakdown.bubble);
  j["job"]["parallelism"]["micro_batches_per_round"] = 0;
  try {
    cftest::scenario(j);
    QFAIL("0 accepted");
  } catch (const InputError& e) {
    QCOMPARE(QString::fromStdString(e.path()), QString("job.parallelism.micro_batches_per_round"));
  }
}

// DeepSeek-V3's memory levers against their closed forms (§3.2.3, §3.3.3),
// on a Llama-style block (GQA, SwiGLU, no dropout), t = 1, one sequence:
// selective stores 2 norm inputs + 2 norm outputs (e each), Q/K/V, the
// attention output and the SwiGLU's 2f input and f output. Recomputing the
// norms drops their outputs; FP8 caching stores the attention output in
// E5M6 (1.5 bytes) and the MLP's GEMM-side tensors in 1 byte.
void TestPerfStackLevers::deepSeekMemoryLevers() {
  ModelSpec m;
  m.layers = 32;
  m.hidden = 4096;
  m.heads = 32;
  m.kv_heads = 8;
  m.ffn_hidden = 14336;
  m.ffn_kind = "swiglu";
  m.seq_len = 8192;
  TransformerWorkload w(m, Precision::Bf16);
  const double s = 8192, h = 4096, d = 128, a = 32, kv = 8, f = 14336, e = 2;
  const double lse = 4 * a * s;
  LayerSplit sp{1, 1, 1, 1, true, false};
  const double base = 4 * e * s * h + e * s * (a * d + kv * 2 * d) + e * s * h + 3 * e * f * s + lse;
  QVERIFY(std::fabs(w.layerWork(sp).act_selective_bytes - base) / base < 1e-12);
  sp.recompute_norm = true;
  sp.fp8_activation_cache = true;
  const double levers = 2 * e * s * h + e * s * (a * d + kv * 2 * d) + 1.5 * s * h + 1 * 2 * f * s + 1 * f * s + lse;
  QVERIFY2(std::fabs(w.layerWork(sp).act_selective_bytes - levers) / levers < 1e-12,
           qPrintable(QString("%1 vs %2").arg(w.layerWork(sp).act_selective_bytes).arg(levers)));
  // What recomputing the norms costs: each of the two norms read and written again (2e bytes per element).
  QCOMPARE(w.layerWork(sp).recompute_bytes, 2 * 2 * e * s * h);
  QCOMPARE(w.layerWork(LayerSplit{1, 1, 1, 1, true, false}).recompute_bytes, 0.0);
  // ZeRO's model states with BF16 moments and fp32 main gradients: 2 + 4 + (4 + 2 + 2) = 14 B/param,
  // ZeRO-1 over N: 2 + 4 + 8/N (ZeRO §5 with DeepSeek-V3 §3.3.3's dtypes).
  SoftwareOptions o;
  o.optimizer_moments = "bf16";
  o.fp32_main_grads = true;
  Accelerator h100;
  h100.release_year = 2022;
  const MemoryModel mm(w, softwareStackFor(h100, o));
  QCOMPARE(mm.modelStateBytesPerParam(0, 64), 14.0);
  QCOMPARE(mm.modelStateBytesPerParam(1, 64), 2 + 4 + 8.0 / 64);
  QCOMPARE(mm.modelStateBytesPerParam(3, 64), 14.0 / 64);
  // The keys round-trip and are refused by name.
  nlohmann::json j = h100Tp8({{"recompute_modules", {"layernorm", "moe_act"}}, {"fp8_activation_cache", true},
                              {"optimizer_moments", "bf16"}, {"fp32_main_grads", true}});
  const Scenario sc = cftest::scenario(j);
  QCOMPARE(scenarioFromJson(scenarioToJson(sc)).job.software, sc.job.software);
  QCOMPARE(int(sc.job.software.recompute_modules.size()), 2);
  j["job"]["software"]["recompute_modules"] = {"layernorm", "attention"};
  try {
    cftest::scenario(j);
    QFAIL("accepted");
  } catch (const InputError& e) {
    QCOMPARE(QString::fromStdString(e.path()), QString("job.software.recompute_modules[1]"));
  }
}

// The search's interleaved variants with N = pp/2 micro-batches per round
// (SearchKernel.h): one per v >= 2 of the candidate's v0..nv, after the
// plain 1F1B ones; and a search ranks some of them where they are valid.
void TestPerfStackLevers::searchTriesRounds() {
  kern::SearchCandidate c;
  c.pp = 8;
  c.dp = 2;
  c.v0 = 1;
  c.nv = 4;
  c.roundN = 4;
  QCOMPARE(c.oneF1B(), 4);
  QCOMPARE(c.roundVariants(), 3);  // v = 2, 3, 4
  QCOMPARE(c.variants(), 7);
  LayerTiming lt;
  lt.tp = lt.cp = lt.ep = lt.micro_batch = 1;
  const int inner = c.space.inner();
  for (int var = 0; var < 7; ++var) {
    const ParallelConfig p = kern::candidateConfig(c, lt, var * inner);
    QCOMPARE(p.virtual_stages, var < 4 ? var + 1 : var - 2);
    QCOMPARE(p.mb_per_round, var < 4 ? 0 : 4);
  }
  c.v0 = 3;  // v = 3, 4 only
  QCOMPARE(c.roundVariants(), 2);
  QCOMPARE(kern::candidateConfig(c, lt, 2 * inner).virtual_stages, 3);
  c.roundN = 0;
  QCOMPARE(c.roundVariants(), 0);

  // On 16 GPUs with pp up to 8 the search evaluates N = pp/2 layouts.
  nlohmann::json j = h100Tp8();
  j["job"]["parallelism"] = {{"tp", 2}, {"pp", 8}, {"dp", 1}, {"micro_batch", 1}, {"global_batch", 16}};
  ResolvedScenario r = resolved(j);
  PerfModel m(r, parts());
  SearchOptions opt;
  opt.top = 100000;
  opt.backend = SearchBackend::Cpu;
  opt.only_fitting = false;
  opt.max_micro_batch = 1;
  const SearchResult res = search(m, opt);
  int rounds = 0;
  for (const PerfResult& p : res.ranking) rounds += p.config.mb_per_round > 0;
  QVERIFY(rounds > 0);
}

// Korthikanti et al. 2022 (abstract, §5): sequence parallelism with selective
// recomputation "reduces activation memory by 5x" against tensor parallelism
// alone without recomputation; their 530B model (h 20480, 128 heads, s 2048,
// t 8) in our per-layer accounting (unfused attention, as they ran).
void TestPerfStackLevers::korthikantiFiveTimes() {
  ModelSpec m;
  m.hidden = 20480;
  m.heads = 128;
  m.seq_len = 2048;
  m.layers = 105;
  TransformerWorkload w(m, Precision::Bf16);
  LayerSplit base{8, 1, 1, 1, false, false};
  LayerSplit sp{8, 1, 1, 1, false, true};
  const double ratio = w.layerWork(base).act_none_bytes / w.layerWork(sp).act_selective_bytes;
  qInfo("activation memory, TP alone / TP + SP + selective: %.2fx (published: 5x)", ratio);
  QVERIFY(ratio > 4.5 && ratio < 5.5);
}

void TestPerfStackLevers::headDimAccepted() {
  Scenario s = cftest::scenario(gpt13b());
  for (const Issue& i : validateScenario(s, parts()))
    QVERIFY2(i.severity != Issue::Severity::Error, i.text().c_str());
  TransformerWorkload w(s.job.model, Precision::Bf16);
  QCOMPARE(w.headDim(), 128);
  nlohmann::json bad = gpt13b();
  bad["job"]["model"].erase("head_dim");
  bool named = false;
  for (const Issue& i : validateScenario(cftest::scenario(bad), parts())) named = named || i.path == "job.model.heads";
  QVERIFY(named);
}

// Issue 16 item 5: the other tool's best (TP1 PP2 DP32, micro-batch 4,
// interleave 20, selective, ZeRO-1, DP overlap, pipeline inside NVLink) is in
// the space; the search returns a fitting configuration at least as fast.
// Memory, honestly: by Korthikanti's count (34sbh a layer with selective
// recomputation) its first stage holds 2.05 micro-batches x 20 layers = 54.7
// GiB of activations beside 26.5 GiB of model states, over 80 GiB before any
// workspace; it fits once a share of the activations is offloaded to host
// memory (a searched lever), which the test checks. Levers that do not bear
// on the claim are pinned to keep the test fast.
void TestPerfStackLevers::gpt13bSearchContainsPublishedBest() {
  ResolvedScenario r = resolved(gpt13b());
  PerfModel m(r, parts());
  const PerfResult theirs = m.evaluate(m.scenarioConfig());
  qInfo("theirs: %.2f GiB (activations %.2f GiB, model states %.2f GiB)", theirs.memory_per_gpu_GiB,
        theirs.memory.activations_B / (1 << 30),
        (theirs.memory.weights_B + theirs.memory.gradients_B + theirs.memory.optimizer_B) / (1 << 30));
  ParallelConfig offloaded = m.scenarioConfig();
  offloaded.act_offload = 0.3f;
  const PerfResult off = m.evaluate(offloaded);
  QVERIFY2(off.fits_in_memory, qPrintable(QString::number(off.memory_per_gpu_GiB)));
  SearchOptions opt;
  opt.top = 1;
  opt.backend = SearchBackend::Cpu;
  opt.max_micro_batch = 8;
  opt.pins.sequence_parallel = false;
  opt.pins.tp_overlap = 0;
  opt.pins.zero_stage = 1;
  const SearchResult res = search(m, opt);
  QVERIFY(!res.ranking.empty());
  const PerfResult& best = res.ranking[0];
  qInfo("theirs %.3f s/step; search best %.3f s/step (tp%d pp%d dp%d mb%d v%d %s offload %.2f), %lld configs (+%lld partial)",
        theirs.step_time_s, best.step_time_s, best.config.tp, best.config.pp, best.config.dp, best.config.micro_batch,
        best.config.virtual_stages, recomputeName(best.config.recompute), best.config.act_offload, res.configs_evaluated,
        res.configs_partial);
  QVERIFY(best.fits_in_memory);
  QVERIFY(best.step_time_s <= theirs.step_time_s * (1 + 1e-12));
  QVERIFY(res.configs_evaluated > 0);
}

void TestPerfStackLevers::pinsHoldLevers() {
  ResolvedScenario r = resolved(gpt13b());
  PerfModel m(r, parts());
  SearchOptions opt;
  opt.top = 5;
  opt.backend = SearchBackend::Cpu;
  opt.max_micro_batch = 4;
  opt.pins = pinsFromScenario(m, r.scenario->job, {"recompute", "schedule", "rank_order", "overlap_dp", "zero_stage",
                                                   "activation_offload", "micro_batch"});
  const SearchResult res = search(m, opt);
  QVERIFY(!res.ranking.empty());
  for (const PerfResult& p : res.ranking) {
    QCOMPARE(p.config.recompute, Recompute::Selective);
    QCOMPARE(p.config.micro_batch, 4);
    QCOMPARE(int(p.config.dp_outermost), 1);
    QCOMPARE(p.config.schedule, Schedule::OneF1B);
    QCOMPARE(p.config.virtual_stages, 20);
  }
  bool threw = false;
  try {
    pinsFromScenario(m, r.scenario->job, {"colour"});
  } catch (const std::exception& e) {
    threw = QString(e.what()).contains("pin");
  }
  QVERIFY(threw);
}

QTEST_APPLESS_MAIN(TestPerfStackLevers)
#include "tst_perf_stack_levers.moc"
