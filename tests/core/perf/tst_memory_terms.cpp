// Memory per GPU, term by term, against closed forms from each term's source
// (issue 31; docs/models.md, "Memory per GPU by term"). Every expected value
// below is written from the publication's formula, not read off the model:
//  - activations per layer: Korthikanti et al. 2022 (arXiv 2205.05198), Table 2;
//  - model states: Rajbhandari et al., ZeRO (SC'20) §5, Fig. 1 (2 + 2 + 12 =
//    16 bytes per parameter, and the three partitioning stages);
//  - micro-batches in flight: Narayanan et al. SC'21 §2.2.1 (1F1B: p - s) and
//    Korthikanti §4.2.3 (interleaved: p(1 + (p-1)/(pv)) on the first stage);
//  - the loss's logits buffers (job.software.cross_entropy), torchtitan's
//    per-op selective policy (job.software.selective_recompute) and the
//    pipeline's kept stage outputs (job.software.pipeline_keeps_outputs);
//  - FP8 GEMM inputs kept in 1 byte (DeepSeek-V3 §3.3.3; Transformer
//    Engine's FP8 linear layers), on by default with precision fp8;
//  - the FP8 weight cache: an FP8 copy and its transpose, 1 byte each, of
//    every GEMM weight for the step (Transformer Engine's
//    is_first_microbatch; Megatron-core's parameter transpose cache);
//  - temporaries: the 1 GiB workspace, with pp > 1 four send/receive
//    buffers of one stage activation, and under ZeRO-3 the block being
//    computed gathered whole (ZeRO §5; PyTorch FSDP2's buffers with
//    state_buffers "per_step"); the allocator's 8 % of what a step
//    allocates and frees.
#include <QtTest>

#include <cmath>
#include <deque>

#include "PerfTestUtil.h"
#include "catalog/Catalog.h"
#include "perf/EvalKernel.h"
#include "perf/MemoryModel.h"
#include "perf/PerfModel.h"
#include "workload/TransformerWorkload.h"

using namespace cf;

namespace {
const Catalog& memTermsParts() { return Catalog::builtin(); }

ResolvedScenario memTermsResolved(const nlohmann::json& j) {
  static std::deque<Scenario> keep;
  keep.push_back(cftest::scenario(j));
  return resolve(keep.back(), memTermsParts());
}

PerfResult memTermsRun(const nlohmann::json& j) {
  ResolvedScenario r = memTermsResolved(j);
  PerfModel m(r, memTermsParts());
  return m.evaluate(m.scenarioConfig());
}

// Llama 3.1 8B's shape (h 4096, 32 heads, 8 KV heads of 128, SwiGLU 14,336,
// vocab 128,256, sequence 8,192) on 2 H100 nodes.
nlohmann::json llama8b(int tp, int pp, int dp, int microBatch, int globalBatch,
                       const nlohmann::json& software = nlohmann::json::object()) {
  return {{"format", "clusterforge.scenario/1"},
          {"cluster",
           {{"accelerator", "H100-SXM5-80GB"}, {"nodes", 2},
            {"scale_up", {{"kind", "nvswitch"}, {"domain_size", 8}, {"bandwidth_GBps", 450}}},
            {"scale_out", {{"nics_per_node", 8}, {"nic_Gbps", 400}, {"tiers", 2}}}}},
          {"job",
           {{"model", {{"layers", 32}, {"hidden", 4096}, {"heads", 32}, {"kv_heads", 8}, {"ffn_hidden", 14336},
                       {"ffn_kind", "swiglu"}, {"seq_len", 8192}, {"vocab", 128256}}},
            {"parallelism",
             {{"tp", tp}, {"pp", pp}, {"dp", dp}, {"micro_batch", microBatch}, {"global_batch", globalBatch},
              {"recompute", "selective"}}},
            {"precision", "bf16"},
            {"software", software}}}};
}

bool near(double got, double expect, double rel = 1e-9) {
  return std::fabs(got - expect) <= rel * std::fabs(expect);
}

// A job.software flag whose default follows the precision: unset, it is not
// written; given (false included), it is written and reads back the same.
void optionalFlagRoundTrip(const char* key) {
  nlohmann::json fp8 = llama8b(1, 1, 8, 1, 16);
  fp8["job"]["precision"] = "fp8";
  const nlohmann::json unset = scenarioToJson(cftest::scenario(fp8));
  QVERIFY(!unset["job"].contains("software") || !unset["job"]["software"].contains(key));
  fp8["job"]["software"] = {{key, false}};
  const Scenario off = cftest::scenario(fp8);
  QCOMPARE(scenarioToJson(off)["job"]["software"][key].get<bool>(), false);
  QVERIFY(scenarioFromJson(scenarioToJson(off)).job.software == off.job.software);
}
}  // namespace

class TestMemoryTerms : public QObject {
  Q_OBJECT

 private slots:
  void korthikantiTable2_data();
  void korthikantiTable2();
  void zeroStates_data();
  void zeroStates();
  void inFlightMicroBatches();
  void lossLogitsBuffers();
  void torchtitanOpPolicy_data();
  void torchtitanOpPolicy();
  void pipelineKeepsOutputs();
  void temporaryBuffers();
  void allocatorAllowance();
  void keysRoundTrip();
  void fp8ActivationCacheDefault();
  void fp8WeightCache();
};

void TestMemoryTerms::korthikantiTable2_data() {
  QTest::addColumn<int>("tp");
  QTest::addColumn<bool>("sp");
  QTest::addColumn<QString>("mode");
  // Table 2 rows: no parallelism; tensor parallel; tensor + sequence
  // parallel; tensor + sequence parallel + selective; full recomputation.
  QTest::newRow("none, t=1") << 1 << false << "none";
  QTest::newRow("TP t=8") << 8 << false << "none";
  QTest::newRow("TP+SP t=8") << 8 << true << "none";
  QTest::newRow("TP+SP+selective t=8") << 8 << true << "selective";
  QTest::newRow("TP+SP+selective t=4") << 4 << true << "selective";
  QTest::newRow("full t=8") << 8 << true << "full";
}

// GPT-3 175B's layer (h 12,288, a 96, s 2,048, b 1) in fp16, unfused
// attention and GPT's dropout masks, as the table counts them.
void TestMemoryTerms::korthikantiTable2() {
  QFETCH(int, tp);
  QFETCH(bool, sp);
  QFETCH(QString, mode);
  ModelSpec m;
  m.hidden = 12288;
  m.heads = 96;
  m.seq_len = 2048;
  TransformerWorkload w(m, Precision::Bf16);
  LayerSplit split{tp, 1, 1, 1, false, sp};
  const LayerWork lw = w.layerWork(split);
  const double s = 2048, b = 1, h = 12288, a = 96, t = tp;
  double expect = 0, got = 0;
  if (mode == "none") {
    // sbh(10 + 24/t + 5as/(ht)) with TP; sbh/t (34 + 5as/h) with TP + SP.
    expect = sp ? s * b * h / t * (34 + 5 * a * s / h) : s * b * h * (10 + 24 / t + 5 * a * s / (h * t));
    got = lw.act_none_bytes;
  } else if (mode == "selective") {
    expect = 34 * s * b * h / t;  // sbh·34/t
    got = lw.act_selective_bytes - 4 * b * (a / t) * s;  // less the fused kernel's fp32 log-sum-exp
  } else {
    expect = 2 * s * b * h / t;  // the layer input (2sbh), split by SP
    got = lw.act_full_bytes;
  }
  QVERIFY2(near(got, expect), qPrintable(QString("%1 vs %2").arg(got).arg(expect)));
}

void TestMemoryTerms::zeroStates_data() {
  QTest::addColumn<int>("stage");
  QTest::addColumn<double>("n");
  QTest::newRow("stage 0, N 64") << 0 << 64.0;
  QTest::newRow("stage 1, N 64") << 1 << 64.0;
  QTest::newRow("stage 2, N 64") << 2 << 64.0;
  QTest::newRow("stage 3, N 64") << 3 << 64.0;
  QTest::newRow("stage 1, N 8") << 1 << 8.0;
  QTest::newRow("stage 3, N 1024") << 3 << 1024.0;
}

// ZeRO §5: mixed-precision Adam holds 2Ψ (fp16 weights) + 2Ψ (fp16
// gradients) + KΨ (fp32 weights, momentum, variance: K = 12).
// P_os: 4Ψ + KΨ/N; P_os+g: 2Ψ + (2 + K)Ψ/N; P_os+g+p: (4 + K)Ψ/N.
void TestMemoryTerms::zeroStates() {
  QFETCH(int, stage);
  QFETCH(double, n);
  ModelSpec m;
  TransformerWorkload w(m, Precision::Bf16);
  SoftwareStack modern = presetStack("megatron-core-2024");
  MemoryModel mem(w, modern);
  const double K = 12;
  const double expect[] = {4 + K, 4 + K / n, 2 + (2 + K) / n, (4 + K) / n};
  QVERIFY(near(mem.modelStateBytesPerParam(stage, n), expect[stage]));
  // The paper's own example (Fig. 1): Ψ = 7.5B, N = 64: 120, 31.4, 16.6, 1.88 GB.
  if (n == 64) {
    const double fig1[] = {120.0, 31.4, 16.6, 1.88};
    const double gb = 7.5e9 * mem.modelStateBytesPerParam(stage, n) / 1e9;
    QVERIFY2(std::fabs(gb - fig1[stage]) < 0.05, qPrintable(QString::number(gb)));
  }
  // fp32 gradients (Megatron's main_grad, job.software.fp32_main_grads): g = 4.
  modern.fp32_main_grads = true;
  MemoryModel mem32(w, modern);
  const double expect32[] = {6 + K, 6 + K / n, 2 + (4 + K) / n, (6 + K) / n};
  QVERIFY(near(mem32.modelStateBytesPerParam(stage, n), expect32[stage]));
}

// 1F1B: stage s holds min(m, p - s) micro-batches (Narayanan et al. SC'21
// §2.2.1). Interleaved with v chunks: the first stage holds
// p(1 + (p-1)/(pv)) micro-batches' worth of its layers (Korthikanti §4.2.3).
void TestMemoryTerms::inFlightMicroBatches() {
  ParallelConfig c;
  c.tp = 1;
  c.dp = 1;
  for (int p : {2, 4, 8, 16}) {
    c.pp = p;
    c.virtual_stages = 1;
    for (int s = 0; s < p; ++s) QCOMPARE(kern::inFlight(c, 1000, s), 1.0 * (p - s));
    QCOMPARE(kern::inFlight(c, 3, 0), std::min(3.0, 1.0 * p));  // never more than the step's micro-batches
    for (int v : {2, 3, 4}) {
      c.virtual_stages = v;
      const double expect = p * (1.0 + (p - 1.0) / (1.0 * p * v));
      QVERIFY2(near(kern::inFlight(c, 1000, 0), expect),
               qPrintable(QString("p %1 v %2: %3 vs %4").arg(p).arg(v).arg(kern::inFlight(c, 1000, 0)).arg(expect)));
    }
  }
}

// The last stage's loss: Megatron's vocab-parallel cross entropy holds the
// fp32 logits and their gradient (2 x 4·T·V/t); eager
// F.cross_entropy(logits.float()) holds, at its backward's peak, the saved
// fp32 log-softmax, nll_loss's fp32 gradient and log-softmax's fp32 result
// (3 x 4·T·V/t); over TP-sharded logits, DTensor's loss_parallel
// (torch/distributed/tensor/parallel/loss.py) holds in its fused backward the
// saved log-softmax x, grad_input = zeros_like(x), exp(x) and their sum
// (4 x 4·T·V/t); a compiled loss the bf16 logits and their bf16 gradient
// (2 x 2·T·V/t). T = micro-batch x sequence / CP tokens, V / t the vocabulary
// shard.
void TestMemoryTerms::lossLogitsBuffers() {
  const double T = 2 * 8192.0, V = 128256, t = 2;
  const double fp32Logits = 4 * T * V / t;
  auto lastStageActs = [](const nlohmann::json& sw) {
    const PerfResult r = memTermsRun(llama8b(2, 2, 4, 2, 32, sw));
    return r.stage_memory[2].activations_B;
  };
  const double base = lastStageActs(nlohmann::json::object());
  const double fp32 = lastStageActs({{"cross_entropy", "fp32"}});
  const double upcast = lastStageActs({{"cross_entropy", "upcast"}});
  const double compiled = lastStageActs({{"cross_entropy", "compiled"}});
  const double lossParallel = lastStageActs({{"cross_entropy", "loss_parallel"}});
  QVERIFY2(near(lossParallel - fp32, 2 * fp32Logits, 1e-9), qPrintable(QString("%1").arg(lossParallel - fp32)));
  QCOMPARE(fp32, base);  // the default
  QVERIFY2(near(upcast - fp32, fp32Logits, 1e-9), qPrintable(QString("%1 vs %2").arg(upcast - fp32).arg(fp32Logits)));
  QVERIFY2(near(fp32 - compiled, fp32Logits, 1e-9), qPrintable(QString("%1").arg(fp32 - compiled)));
  // The first stage holds no logits: the key does not move it.
  const PerfResult a = memTermsRun(llama8b(2, 2, 4, 2, 32, nlohmann::json::object()));
  const PerfResult b = memTermsRun(llama8b(2, 2, 4, 2, 32, {{"cross_entropy", "upcast"}}));
  QCOMPARE(a.stage_memory[0].activations_B, b.stage_memory[0].activations_B);
}

void TestMemoryTerms::torchtitanOpPolicy_data() {
  QTest::addColumn<int>("tp");
  QTest::newRow("t=1") << 1;
  QTest::newRow("t=8, SP") << 8;
}

// torchtitan's per-op selective checkpointing (_save_list: aten.mm, the
// SDPA kernels, reduce_scatter_tensor; "Saves output of all compute ops,
// except every second mm"). For a Llama block (wq, wk, wv, wo, w1, w3, w2 in
// call order) it keeps: the block input (2·T·h/t with SP), wq's output
// (2·T·a·d/t), wv's (2·T·kv·d/t), w1's (2·T·f/t), w2's partial sum (2·T·h),
// the attention output (2·T·a·d/t) with its fp32 log-sum-exp (4·b·a/t·s)
// and, with SP, the two reduce-scatter outputs (2 x 2·T·h/t).
void TestMemoryTerms::torchtitanOpPolicy() {
  QFETCH(int, tp);
  ModelSpec m;
  m.layers = 32;
  m.hidden = 4096;
  m.heads = 32;
  m.kv_heads = 8;
  m.ffn_hidden = 14336;
  m.ffn_kind = "swiglu";
  m.seq_len = 8192;
  m.vocab = 128256;
  TransformerWorkload w(m, Precision::Bf16);
  LayerSplit split{tp, 1, 1, 2, true, tp > 1};
  split.op_selective = true;
  const LayerWork lw = w.layerWork(split);
  const double b = 2, s = 8192, T = b * s, h = 4096, a = 32, d = 128, kv = 8, f = 14336, t = tp;
  const double sp = tp > 1 ? 1 : 0;
  const double expect = 2 * T * h / t + 2 * T * a * d / t + 2 * T * kv * d / t + 2 * T * f / t + 2 * T * h +
                        2 * T * a * d / t + 4 * b * (a / t) * s + sp * 2 * (2 * T * h / t);
  QVERIFY2(near(lw.act_selective_bytes, expect), qPrintable(QString("%1 vs %2").arg(lw.act_selective_bytes).arg(expect)));
  // Recomputed: wk, wo, w3 (the even calls), not the attention core.
  QCOMPARE(lw.recompute_gemm_count, 3);
  QVERIFY(!lw.recompute_attention);
  QCOMPARE(lw.recompute_gemms[0].n, kv * d / t);
  QCOMPARE(lw.recompute_gemms[1].n, h);
  QCOMPARE(lw.recompute_gemms[2].n, f / t);
  // For t = 1 that is 2·T·(4h + kv·d + f) + lse: 63,488 bytes a token for the
  // 8B block, against Korthikanti's 139,264 (2·(6h + 2·kv·d + 3f)).
  if (tp == 1) {
    QVERIFY(near(lw.act_selective_bytes - 4 * b * a * s, T * 63488.0));
    LayerSplit kor{1, 1, 1, 2, true, false};
    QVERIFY(near(w.layerWork(kor).act_selective_bytes - 4 * b * a * s, T * 139264.0));
  }
}

// A stage that keeps each in-flight micro-batch's output (torch.distributed.
// pipelining) holds one more activation tensor, 2·b·s·h/t bytes, per
// micro-batch in flight: min(m, p - s) under 1F1B. The last stage sends
// nothing.
void TestMemoryTerms::pipelineKeepsOutputs() {
  const double perMb = 2.0 * 1 * 8192 * 4096 / 2;  // b = 1, t = 2
  const PerfResult a = memTermsRun(llama8b(2, 4, 2, 1, 32));
  const PerfResult b = memTermsRun(llama8b(2, 4, 2, 1, 32, {{"pipeline_keeps_outputs", true}}));
  QVERIFY2(near(b.stage_memory[0].activations_B - a.stage_memory[0].activations_B, 4 * perMb),
           qPrintable(QString::number(b.stage_memory[0].activations_B - a.stage_memory[0].activations_B)));
  QCOMPARE(b.stage_memory[2].activations_B, a.stage_memory[2].activations_B);
}

// Temporaries (docs/models.md, "temporary"): the 1 GiB workspace (CUDA
// context, cuBLAS, NCCL), with pp > 1 four pipeline send/receive buffers of
// one stage activation, 2·b·s·h/t bytes each (forward and backward, both
// ways), and under ZeRO-3 the block being computed with its weights gathered whole:
// w × its parameters after TP (ZeRO §5: stage 3 all-gathers each layer's
// parameters for its forward and backward). A Llama 3 8B block: attention
// 2·h·a·d + 2·h·kv·d, SwiGLU 3·h·f, two norms of h.
void TestMemoryTerms::temporaryBuffers() {
  const double b = 2, s = 8192, h = 4096, a = 32, d = 128, kv = 8, f = 14336;
  const double gib = 1024.0 * 1024 * 1024;
  for (int t : {1, 2, 8}) {
    const PerfResult r = memTermsRun(llama8b(t, 2, 8 / t, 2, 64));
    const double expect = gib + 4 * (2 * b * s * h / t);
    for (int role : {0, 2})
      QVERIFY2(near(r.stage_memory[role].temporary_B, expect),
               qPrintable(QString("t %1: %2 vs %3").arg(t).arg(r.stage_memory[role].temporary_B).arg(expect)));
    // Without a pipeline there is nothing to send: the workspace alone.
    QVERIFY(near(memTermsRun(llama8b(t, 1, 16 / t, 2, 64)).stage_memory[0].temporary_B, gib));
  }
  const double block = 2 * h * a * d + 2 * h * kv * d + 3 * h * f + 2 * h;
  nlohmann::json z3 = llama8b(2, 1, 8, 2, 64);
  z3["job"]["parallelism"]["zero_stage"] = 3;
  nlohmann::json z1 = z3;
  z1["job"]["parallelism"]["zero_stage"] = 1;
  const double gathered = memTermsRun(z3).stage_memory[0].temporary_B - memTermsRun(z1).stage_memory[0].temporary_B;
  // The two norms (2h) are whole on every TP rank in Megatron; the model
  // splits them by t like the rest of the block (7.5e-5 of it here).
  const double t = 2, norms = 2 * h;
  QVERIFY2(near(gathered, 2 * ((block - norms) / t + norms), 1e-4),
           qPrintable(QString("%1 vs %2").arg(gathered).arg(2 * ((block - norms) / t + norms))));
  // PyTorch FSDP (state_buffers "per_step"): two gathered blocks (the next
  // one prefetched), the block's unsharded gradients in the weight dtype and
  // its reduce-scatter input in the gradient dtype, (3w + g)·P_block; no
  // 16-bit shard is kept (the fp32 shard is the optimizer's master copy).
  nlohmann::json fsdp = z3;
  fsdp["job"]["software"] = {{"state_buffers", "per_step"}, {"fp32_main_grads", true}};
  const MemoryBreakdown fs = memTermsRun(fsdp).stage_memory[0];
  const MemoryBreakdown z = memTermsRun(z3).stage_memory[0];
  const double blockOnGpu = (block - norms) / t + norms;
  QVERIFY2(near(fs.temporary_B - z.temporary_B, (3 * 2 + 4 - 2) * blockOnGpu, 1e-4),
           qPrintable(QString("%1 vs %2").arg(fs.temporary_B - z.temporary_B).arg(8 * blockOnGpu)));
  QCOMPARE(fs.weights_B, 0.0);
  QVERIFY(near(fs.gradients_B, 2 * z.gradients_B));  // fp32 shards: 4/N bytes a parameter, not 2/N
  QVERIFY(near(fs.optimizer_B, z.optimizer_B));
  // One data-parallel rank has nothing to gather.
  nlohmann::json alone = llama8b(2, 1, 1, 2, 8);
  alone["cluster"]["nodes"] = 1;
  alone["job"]["parallelism"]["zero_stage"] = 3;
  QVERIFY(near(memTermsRun(alone).stage_memory[0].temporary_B, gib));
}

// The caching allocator's allowance: 8 % of what is allocated and freed
// within a step on every stage. Megatron's weights and gradient buffer are
// allocated once (excluded); PyTorch FSDP allocates the unsharded weights and
// the gradients every step (state_buffers "per_step": included). The
// optimizer's states are allocated once either way. The documented range
// takes 3 and 15 % of the same.
void TestMemoryTerms::allocatorAllowance() {
  const PerfResult r = memTermsRun(llama8b(2, 4, 2, 1, 32));
  const PerfResult fsdp = memTermsRun(llama8b(2, 4, 2, 1, 32, {{"state_buffers", "per_step"}}));
  for (int role = 0; role < 3; ++role) {
    const MemoryBreakdown& m = r.stage_memory[role];
    QVERIFY(m.activations_B > 0);
    QVERIFY2(near(m.fragmentation_B, 0.08 * (m.activations_B + m.temporary_B)),
             qPrintable(QString("role %1: %2").arg(role).arg(m.fragmentation_B)));
    const MemoryBreakdown& f = fsdp.stage_memory[role];
    QVERIFY2(near(f.fragmentation_B, 0.08 * (f.activations_B + f.temporary_B + f.weights_B + f.gradients_B)),
             qPrintable(QString("per step, role %1: %2").arg(role).arg(f.fragmentation_B)));
    // Nothing else moves.
    QCOMPARE(f.total() - f.fragmentation_B, m.total() - m.fragmentation_B);
    // The documented range, 3-15 % of the same base (performance.memory_range_GiB).
    const double base = f.activations_B + f.temporary_B + f.weights_B + f.gradients_B;
    const MemoryModel::Range range = MemoryModel::allocatorRange(f);
    QVERIFY(near(range.low_B, f.total() - f.fragmentation_B + 0.03 * base));
    QVERIFY(near(range.high_B, f.total() - f.fragmentation_B + 0.15 * base));
  }
}

void TestMemoryTerms::keysRoundTrip() {
  const Scenario s = cftest::scenario(llama8b(1, 1, 8, 2, 16,
                                              {{"cross_entropy", "upcast"},
                                               {"selective_recompute", "every_second_matmul"},
                                               {"pipeline_keeps_outputs", true},
                                               {"state_buffers", "per_step"}}));
  QCOMPARE(s.job.software.cross_entropy, std::string("upcast"));
  QCOMPARE(s.job.software.selective_recompute, std::string("every_second_matmul"));
  QVERIFY(s.job.software.pipeline_keeps_outputs);
  QCOMPARE(s.job.software.state_buffers, std::string("per_step"));
  const Scenario back = scenarioFromJson(scenarioToJson(s));
  QVERIFY(back.job.software == s.job.software);
  // The defaults change nothing and are not written.
  const nlohmann::json plain = scenarioToJson(cftest::scenario(llama8b(1, 1, 8, 2, 16)));
  QVERIFY(!plain["job"].contains("software") || !plain["job"]["software"].contains("cross_entropy"));
  bool threw = false;
  try {
    cftest::scenario(llama8b(1, 1, 8, 2, 16, {{"cross_entropy", "fused"}}));
  } catch (const std::exception&) {
    threw = true;
  }
  QVERIFY(threw);
}

// job.software.fp8_activation_cache: unset, it follows the precision (on with
// FP8: Transformer Engine's FP8 linear layers save their FP8-cast inputs);
// given, it is used as given and written back. Per Llama 3 8B layer at TP 1,
// one sequence of s tokens, selective recomputation with flash attention:
// without the cache 4e·sh (two norm inputs, QKV and MLP inputs) + e·s(a·d +
// 2kv·d) (Q, K, V) + e·sh (attention output) + 3e·fs (SwiGLU) + 4as (LSE);
// with it the norm inputs stay e, the two GEMM inputs after them 1 byte, the
// attention output 1.5 bytes (E5M6, DeepSeek-V3), the SwiGLU's up/gate and
// down inputs 1 byte each (2fs + fs).
void TestMemoryTerms::fp8ActivationCacheDefault() {
  const double s = 8192, h = 4096, d = 128, a = 32, kv = 8, f = 14336, e = 2, lse = 4 * a * s;
  const double plain = 4 * e * s * h + e * s * (a * d + 2 * kv * d) + e * s * h + 3 * e * f * s + lse;
  const double cached = 2 * e * s * h + 2 * 1 * s * h + e * s * (a * d + 2 * kv * d) + 1.5 * s * h + 3 * f * s + lse;
  auto actPerLayer = [](const char* precision, const nlohmann::json& sw) {
    nlohmann::json j = llama8b(1, 1, 8, 1, 16, sw);
    j["job"]["precision"] = precision;
    ResolvedScenario r = memTermsResolved(j);
    PerfModel m(r, memTermsParts());
    return m.layerTiming(1, 1, 1, 1).act_selective_B;
  };
  QVERIFY2(near(actPerLayer("bf16", {}), plain), qPrintable(QString::number(actPerLayer("bf16", {}))));
  QVERIFY2(near(actPerLayer("fp8", {}), cached), qPrintable(QString::number(actPerLayer("fp8", {}))));
  QVERIFY(near(actPerLayer("fp8", {{"fp8_activation_cache", false}}), plain));
  QVERIFY(near(actPerLayer("bf16", {{"fp8_activation_cache", true}}), cached));
  optionalFlagRoundTrip("fp8_activation_cache");
}

// job.software.fp8_weight_cache: with FP8 GEMMs each GEMM weight on the GPU
// has an FP8 copy and its transpose (1 + 1 bytes) for the whole step, on by
// default. Llama 3 8B's GEMM weights per layer: QKV h(a·d + 2kv·d), the
// output projection a·d·h, SwiGLU's up, gate and down 3hf; 32 layers split
// over TP; not the norms, the embedding or the output head. Nothing without
// FP8 GEMMs, and nothing step-long under ZeRO-3 over several ranks (a block
// is gathered at a time).
void TestMemoryTerms::fp8WeightCache() {
  const double h = 4096, d = 128, a = 32, kv = 8, f = 14336, L = 32;
  const double gemmPerLayer = h * (a * d + 2 * kv * d) + a * d * h + 3 * h * f;
  auto weights = [](const char* precision, int tp, int zero, const nlohmann::json& sw) {
    nlohmann::json j = llama8b(tp, 1, 16 / tp, 1, 64, sw);
    j["job"]["precision"] = precision;
    j["job"]["parallelism"]["zero_stage"] = zero;
    return memTermsRun(j).stage_memory[0].weights_B;
  };
  for (int tp : {1, 2, 8}) {
    const double cache = weights("fp8", tp, 1, {}) - weights("fp8", tp, 1, {{"fp8_weight_cache", false}});
    const double expect = 2.0 * L * gemmPerLayer / tp;
    QVERIFY2(near(cache, expect), qPrintable(QString("tp %1: %2 vs %3").arg(tp).arg(cache).arg(expect)));
  }
  QVERIFY(near(weights("bf16", 2, 1, {{"fp8_weight_cache", true}}), weights("bf16", 2, 1, {})));
  QVERIFY(near(weights("fp8", 2, 3, {}), weights("fp8", 2, 3, {{"fp8_weight_cache", false}})));
  optionalFlagRoundTrip("fp8_weight_cache");
}

QTEST_APPLESS_MAIN(TestMemoryTerms)
#include "tst_memory_terms.moc"
