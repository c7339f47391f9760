// Closed forms and invariants of the training-performance model: ZeRO model
// states, activation memory, pipeline bubble, the output contract, the
// bottleneck, checkpoint size/time, MoE and fabric effects.
#include <QtTest>

#include <cmath>
#include <deque>

#include "PerfTestUtil.h"
#include "catalog/Catalog.h"
#include "common/InputError.h"
#include "design/ScenarioJson.h"
#include "perf/Bottleneck.h"
#include "perf/ComputeModel.h"
#include "perf/PerfModel.h"
#include "perf/PerfSection.h"
#include "perf/StorageModel.h"
#include "workload/TransformerWorkload.h"

using namespace cf;

namespace {
ResolvedScenario resolved(const Scenario& s) { return resolve(s, Catalog::builtin()); }
SoftwareStack modernStack() { return SoftwareStack{}; }

// A GPT of `layers` layers (h 4,096, 32 heads, sequence 2,048, vocab 51,200)
// on 8 H100 at TP 1 PP 1 DP 8, batch 64, no recomputation, in `precision`
// with these job.software keys (the FP8 tests' model).
PerfModel h100Gpt(const char* precision, int layers, const nlohmann::json& software = nlohmann::json::object()) {
  static std::deque<Scenario> keep;
  nlohmann::json j = cftest::seleneScenario(32, 4096, layers, 1, 1, 8, 64);
  j["cluster"]["accelerator"] = "H100-SXM5-80GB";
  j["job"]["precision"] = precision;
  j["job"]["parallelism"]["recompute"] = "none";
  if (!software.empty()) j["job"]["software"] = software;
  keep.push_back(cftest::scenario(j));
  return PerfModel(resolved(keep.back()), Catalog::builtin());
}
}  // namespace

class TestPerfModel : public QObject {
  Q_OBJECT

 private slots:
  void zeroModelStates_data();
  void zeroModelStates();
  void activationClosedForms_data();
  void activationClosedForms();
  void pipelineBubble_data();
  void pipelineBubble();
  void interleavedSendsOverlap();
  void outputContract();
  void memoryBottleneck();
  void checkpointEstimate();
  void mixtureOfExperts();
  void oversubscriptionSlowsDp();
  void tpAcrossDomainIsSlower();
  void recomputeTradesTimeForMemory();
  void fp8GemmEfficiency_data();
  void fp8GemmEfficiency();
  void fp8HeadRunsInBf16();
  void fp8CastsActivationsNotWeights();
  void bf16EdgeLayers();
};

void TestPerfModel::zeroModelStates_data() {
  QTest::addColumn<int>("stage");
  QTest::addColumn<double>("expectGB");
  // Rajbhandari et al. (ZeRO, SC'20) Fig. 1: 7.5B parameters, N_d = 64, K = 12.
  QTest::newRow("baseline 16 B/param") << 0 << 120.0;
  QTest::newRow("P_os") << 1 << 31.4;
  QTest::newRow("P_os+g") << 2 << 16.6;
  QTest::newRow("P_os+g+p") << 3 << 1.9;
}

void TestPerfModel::zeroModelStates() {
  QFETCH(int, stage);
  QFETCH(double, expectGB);
  ModelSpec m;
  TransformerWorkload w(m, Precision::Bf16);
  MemoryModel mem(w, modernStack());
  double gb = 7.5e9 * mem.modelStateBytesPerParam(stage, 64) / 1e9;
  QVERIFY2(std::fabs(gb - expectGB) <= 0.05 * expectGB + 0.05, qPrintable(QString::number(gb)));
  if (stage == 0) QCOMPARE(mem.modelStateBytesPerParam(0, 64), 16.0);
}

void TestPerfModel::activationClosedForms_data() {
  QTest::addColumn<int>("tp");
  QTest::addColumn<bool>("sp");
  QTest::addColumn<QString>("mode");
  QTest::newRow("t=1 none") << 1 << false << "none";
  QTest::newRow("t=8 none") << 8 << false << "none";
  QTest::newRow("t=8 sp none") << 8 << true << "none";
  QTest::newRow("t=8 sp selective") << 8 << true << "selective";
  QTest::newRow("t=8 full") << 8 << false << "full";
}

// Korthikanti et al. 2022, Table 2: bytes per layer for s, b, h, a in fp16.
void TestPerfModel::activationClosedForms() {
  QFETCH(int, tp);
  QFETCH(bool, sp);
  QFETCH(QString, mode);
  ModelSpec m;
  m.hidden = 12288;
  m.heads = 96;
  m.seq_len = 2048;
  TransformerWorkload w(m, Precision::Bf16);
  LayerSplit split{tp, 1, 1, 1, false, sp};
  LayerWork lw = w.layerWork(split);
  const double s = 2048, b = 1, h = 12288, a = 96, t = tp;
  double expect = 0, got = 0;
  if (mode == "none") {
    expect = sp ? s * b * h / t * (34 + 5 * a * s / h) : s * b * h * (10 + 24 / t + 5 * a * s / (h * t));
    got = lw.act_none_bytes;
  } else if (mode == "selective") {
    expect = s * b * h * 34 / t;
    got = lw.act_selective_bytes - 4 * b * (a / t) * s;  // less the fused kernel's fp32 row statistics
  } else {
    expect = 2 * s * b * h;
    got = lw.act_full_bytes;
  }
  QVERIFY2(std::fabs(got - expect) / expect < 1e-9, qPrintable(QString("%1 vs %2").arg(got).arg(expect)));
}

void TestPerfModel::pipelineBubble_data() {
  QTest::addColumn<int>("pp");
  QTest::addColumn<int>("v");
  QTest::addColumn<int>("batch");
  QTest::newRow("p=4 m=16") << 4 << 1 << 16;
  QTest::newRow("p=8 m=64") << 8 << 1 << 64;
  QTest::newRow("p=8 v=2 m=64") << 8 << 2 << 64;
  QTest::newRow("p=4 v=4 m=32") << 4 << 4 << 32;
}

// Bubble time / ideal time = (p-1)/m, and (p-1)/(v*m) interleaved.
void TestPerfModel::pipelineBubble() {
  QFETCH(int, pp);
  QFETCH(int, v);
  QFETCH(int, batch);
  nlohmann::json j = cftest::seleneScenario(64, 8192, 64, 8, pp, 8 * pp, batch);
  j["job"]["parallelism"]["virtual_stages"] = v;
  Scenario s = cftest::scenario(j);
  ResolvedScenario r = resolved(s);
  PerfModel model(r, Catalog::builtin());
  PerfResult res = model.evaluate(model.scenarioConfig());
  const StepBreakdown& b = res.breakdown;
  double ideal = b.compute + b.tp_comm + b.ep_comm + b.cp_comm;
  QCOMPARE(res.micro_batches, static_cast<long long>(batch));
  QVERIFY(std::fabs(b.bubble / ideal - (pp - 1.0) / (v * batch)) < 1e-9);
}

// Pipeline sends with job.software.overlap_p2p (Megatron-core's
// overlap_p2p_comm): of the v*m chunks a direction sends, only rank 0's
// warm-up (or cool-down) chunks, W = 2(p-1) + (v-1)p, wait for theirs beside
// the p - 1 sends that fill the pipeline; the rest hide behind the next chunk
// (their sends are far shorter than a 4-layer chunk here). So
// pp_comm(on) / pp_comm(off) = (W + p - 1) / (v*m + p - 1); no change without
// virtual stages, or when m = p (Megatron runs every forward first). The
// preset decides when the key is unset: on for megatron-core-2024, off for
// megatron-2021 (the Selene scenarios' A100 default).
void TestPerfModel::interleavedSendsOverlap() {
  struct Case {
    int p, v, m;
  };
  for (const Case k : {Case{4, 4, 32}, Case{8, 2, 64}, Case{4, 1, 32}, Case{4, 4, 4}}) {
    auto ppComm = [&](const nlohmann::json& software) {
      nlohmann::json j = cftest::seleneScenario(64, 8192, 64, 8, k.p, 8 * k.p, k.m);
      j["job"]["parallelism"]["virtual_stages"] = k.v;
      j["job"]["software"] = software;
      const Scenario s = cftest::scenario(j);
      const PerfModel model(resolved(s), Catalog::builtin());
      const PerfResult res = model.evaluate(model.scenarioConfig());
      [&] { QCOMPARE(res.micro_batches, static_cast<long long>(k.m)); }();
      return res.breakdown.pp_comm;
    };
    const double off = ppComm({{"overlap_p2p", false}}), on = ppComm({{"overlap_p2p", true}});
    const double chunks = 1.0 * k.v * k.m;
    const double waited = k.v > 1 ? std::min(chunks, 2.0 * (k.p - 1) + (k.v - 1.0) * k.p) : chunks;
    const double expect = (waited + k.p - 1) / (chunks + k.p - 1);
    QVERIFY(off > 0);
    QVERIFY2(std::fabs(on / off - expect) < 1e-9,
             qPrintable(QString("p %1 v %2 m %3: %4 vs %5").arg(k.p).arg(k.v).arg(k.m).arg(on / off).arg(expect)));
    QCOMPARE(ppComm(nlohmann::json::object()), off);  // A100: megatron-2021
    QCOMPARE(ppComm({{"preset", "megatron-core-2024"},
                     {"sequence_parallel", false},
                     {"flash_attention", false},
                     {"overlap_dp", false}}),
             on);
  }
  // Written only when given; read back as given.
  nlohmann::json j = cftest::seleneScenario(64, 8192, 64, 8, 4, 32, 32);
  QVERIFY(
      !scenarioToJson(cftest::scenario(j))["job"].value("software", nlohmann::json::object()).contains("overlap_p2p"));
  j["job"]["software"] = {{"overlap_p2p", false}};
  const Scenario given = cftest::scenario(j);
  QCOMPARE(scenarioToJson(given)["job"]["software"]["overlap_p2p"].get<bool>(), false);
  QVERIFY(scenarioFromJson(scenarioToJson(given)).job.software == given.job.software);
}

void TestPerfModel::outputContract() {
  Scenario s = cftest::scenario(cftest::seleneScenario(96, 12288, 80, 8, 8, 1536, 2304));
  ResolvedScenario r = resolved(s);
  auto perf = performanceSection(r, Catalog::builtin());
  QVERIFY(perf.has_value());
  const nlohmann::json& p = *perf;
  for (const char* k : {"step_time_s", "tokens_per_s", "model_tflops_per_gpu", "hardware_tflops_per_gpu", "mfu", "hfu",
                        "memory_per_gpu_GiB", "time_to_train_days"}) {
    QVERIFY2(p.contains(k) && p[k].is_number(), k);
    QVERIFY2(std::isfinite(p[k].get<double>()) && p[k].get<double>() > 0, k);
  }
  QVERIFY(p["fits_in_memory"].is_boolean());
  double sum = 0;
  for (const char* k : {"compute", "tp_comm", "pp_comm", "dp_comm", "ep_comm", "cp_comm", "bubble", "data_io", "other", "offload"}) {
    QVERIFY2(p["breakdown_s"].contains(k), k);
    double v = p["breakdown_s"][k].get<double>();
    QVERIFY(std::isfinite(v) && v >= 0);
    sum += v;
  }
  QVERIFY(std::fabs(sum - p["step_time_s"].get<double>()) < 1e-9 * sum);
  QString res = QString::fromStdString(p["bottleneck"]["resource"].get<std::string>());
  QVERIFY(QStringList({"compute", "scale_up", "scale_out", "storage", "memory"}).contains(res));
  QVERIFY(!p["bottleneck"]["detail"].get<std::string>().empty());
  // Definitions.
  double step = p["step_time_s"].get<double>();
  QVERIFY(std::fabs(p["tokens_per_s"].get<double>() - 2304.0 * 2048 / step) < 1e-6 * p["tokens_per_s"].get<double>());
  QVERIFY(std::fabs(p["mfu"].get<double>() - p["model_tflops_per_gpu"].get<double>() / 312.0) < 1e-9);
  QVERIFY(p["hfu"].get<double>() > p["mfu"].get<double>());  // full recomputation executes more
  double days = s.job.train_tokens / p["tokens_per_s"].get<double>() / 86400;
  QVERIFY(std::fabs(p["time_to_train_days"].get<double>() - days) < 1e-9 * days);
}

void TestPerfModel::memoryBottleneck() {
  // 145.6B on 64 GPUs without recomputation or ZeRO: does not fit in 80 GB.
  nlohmann::json j = cftest::seleneScenario(96, 12288, 80, 8, 8, 64, 64);
  j["job"]["parallelism"]["recompute"] = "none";
  j["job"]["parallelism"]["zero_stage"] = 0;
  Scenario s = cftest::scenario(j);
  ResolvedScenario r = resolved(s);
  auto perf = performanceSection(r, Catalog::builtin());
  QVERIFY(!(*perf)["fits_in_memory"].get<bool>());
  QCOMPARE((*perf)["bottleneck"]["resource"].get<std::string>(), std::string("memory"));
  QVERIFY((*perf)["memory_per_gpu_GiB"].get<double>() > 80);
}

void TestPerfModel::checkpointEstimate() {
  Scenario s = cftest::scenario(cftest::seleneScenario(96, 12288, 80, 8, 8, 1536, 2304));
  ResolvedScenario r = resolved(s);
  CheckpointEstimate e = cf::checkpointEstimate(r);
  TransformerWorkload w(s.job.model, Precision::Bf16);
  QVERIFY(std::fabs(e.bytes - 14.0 * w.totalParams()) < 1e-6 * e.bytes);  // bf16 weights + fp32 master + 2 moments
  QCOMPARE(e.target, std::string("pfs"));
  QVERIFY(std::fabs(e.write_s - e.bytes / 250e9) < 1e-9 * e.write_s);  // 250 GB/s tier, 192 x 200 GB/s of NICs
  QCOMPARE(e.tiers.size(), std::size_t(1));
  QCOMPARE(e.blocking_s, e.write_s);
}

void TestPerfModel::mixtureOfExperts() {
  ModelSpec dense;
  dense.hidden = 4096;
  dense.heads = 32;
  dense.ffn_hidden = 14336;
  dense.ffn_kind = "swiglu";
  ModelSpec moe = dense;
  moe.experts = 8;
  moe.top_k = 2;
  TransformerWorkload wd(dense, Precision::Bf16), wm(moe, Precision::Bf16);
  // Active MLP FLOPs double with top-2; router adds 2*s*h*E.
  const double seq = dense.seq_len;
  double mlp = 2.0 * seq * 3 * 4096 * 14336;
  double router = 2.0 * seq * 4096 * 8;
  QVERIFY(std::fabs(wm.layerForwardFlopsPerSequence() - wd.layerForwardFlopsPerSequence() - mlp - router) < 1e-9 * mlp);
  QVERIFY(std::fabs(wm.layerParams() - wd.layerParams() - 7 * wd.mlpParamsPerExpert() - 4096.0 * 8) < 1);
  // Expert parallelism across nodes costs all-to-all time.
  nlohmann::json j = cftest::seleneScenario(32, 4096, 8, 1, 1, 64, 64);
  j["job"]["model"]["experts"] = 8;
  j["job"]["model"]["top_k"] = 2;
  j["job"]["parallelism"]["ep"] = 8;
  Scenario s = cftest::scenario(j);
  ResolvedScenario r = resolved(s);
  PerfModel model(r, Catalog::builtin());
  PerfResult res = model.evaluate(model.scenarioConfig());
  QVERIFY(res.breakdown.ep_comm > 0);
  ParallelConfig c = model.scenarioConfig();
  c.ep = 1;
  QVERIFY(model.evaluate(c).memory.weights_B > res.memory.weights_B);  // experts not sharded
}

void TestPerfModel::oversubscriptionSlowsDp() {
  nlohmann::json j = cftest::seleneScenario(32, 4096, 36, 8, 1, 512, 512);
  j["cluster"]["scale_out"]["tiers"] = 2;
  j["cluster"]["scale_out"]["switch"] = "QM9700-NDR-64p";
  Scenario a = cftest::scenario(j);
  j["cluster"]["scale_out"]["oversubscription"] = 7.0;
  Scenario b = cftest::scenario(j);
  ResolvedScenario ra = resolved(a), rb = resolved(b);
  PerfModel ma(ra, Catalog::builtin()), mb(rb, Catalog::builtin());
  PerfResult pa = ma.evaluate(ma.scenarioConfig()), pb = mb.evaluate(mb.scenarioConfig());
  QVERIFY(pb.breakdown.dp_comm > 3 * pa.breakdown.dp_comm);
  QVERIFY(pb.dp_oversubscribed && !pa.dp_oversubscribed);
  QVERIFY(pb.step_time_s > pa.step_time_s);
}

void TestPerfModel::tpAcrossDomainIsSlower() {
  nlohmann::json j = cftest::seleneScenario(64, 8192, 48, 8, 1, 64, 64);
  Scenario a = cftest::scenario(j);
  j["job"]["parallelism"]["tp"] = 16;
  j["job"]["parallelism"]["dp"] = 4;
  Scenario b = cftest::scenario(j);
  ResolvedScenario ra = resolved(a), rb = resolved(b);
  PerfModel ma(ra, Catalog::builtin()), mb(rb, Catalog::builtin());
  PerfResult pa = ma.evaluate(ma.scenarioConfig()), pb = mb.evaluate(mb.scenarioConfig());
  QVERIFY(pb.breakdown.tp_comm > pa.breakdown.tp_comm);
  QVERIFY(pb.mfu < pa.mfu);
  QVERIFY(mb.layerTiming(16, 1, 1, 1).tp_crosses_scale_out);
  QVERIFY(!ma.layerTiming(8, 1, 1, 1).tp_crosses_scale_out);
}

void TestPerfModel::recomputeTradesTimeForMemory() {
  nlohmann::json j = cftest::seleneScenario(64, 8192, 48, 8, 2, 512, 512);
  Scenario s = cftest::scenario(j);
  ResolvedScenario r = resolved(s);
  PerfModel model(r, Catalog::builtin());
  ParallelConfig c = model.scenarioConfig();
  c.recompute = Recompute::None;
  PerfResult none = model.evaluate(c);
  c.recompute = Recompute::Selective;
  PerfResult sel = model.evaluate(c);
  c.recompute = Recompute::Full;
  PerfResult full = model.evaluate(c);
  QVERIFY(none.step_time_s < sel.step_time_s && sel.step_time_s < full.step_time_s);
  QVERIFY(none.memory.activations_B > sel.memory.activations_B && sel.memory.activations_B > full.memory.activations_B);
  QVERIFY(std::fabs(none.model_tflops_per_gpu * none.step_time_s - full.model_tflops_per_gpu * full.step_time_s) <
          1e-9 * none.model_tflops_per_gpu * none.step_time_s);
}

void TestPerfModel::fp8GemmEfficiency_data() {
  QTest::addColumn<QString>("part");
  QTest::addColumn<double>("fp8Mamf");
  QTest::addColumn<double>("bf16Mamf");
  // Maximum achievable matmul efficiency, FP8 and BF16, of the same part
  // (stas00/ml-engineering, compute/accelerator/README.md, MAMF table; H200's
  // BF16 is H100's: "H200 is the same"; H800 is the H100 die).
  QTest::newRow("H100") << "H100-SXM5-80GB" << 70.9 << 80.3;
  QTest::newRow("H800") << "H800-SXM5-80GB" << 70.9 << 80.3;
  QTest::newRow("H200") << "H200-SXM-141GB" << 73.4 << 80.3;
  QTest::newRow("B200") << "B200" << 76.3 << 77.6;
  QTest::newRow("GB200") << "GB200" << 72.3 << 72.9;
}

// FP8 weight GEMMs run at gemm_efficiency x gemm_efficiency_fp8_ratio of the
// FP8 peak; the fused attention stays at the BF16 peak and gemm_efficiency.
void TestPerfModel::fp8GemmEfficiency() {
  QFETCH(QString, part);
  QFETCH(double, fp8Mamf);
  QFETCH(double, bf16Mamf);
  const Accelerator* acc = Catalog::builtin().accelerator(part.toStdString());
  QVERIFY(acc);
  QVERIFY2(std::fabs(acc->gemm_efficiency_fp8_ratio - fp8Mamf / bf16Mamf) < 0.0015,
           qPrintable(QString::number(acc->gemm_efficiency_fp8_ratio)));
  const PrecisionBytes b8 = precisionBytes(Precision::Fp8), b16 = precisionBytes(Precision::Bf16);
  const ComputeModel fp8(*acc, acc->peak_tflops.fp8, b8, true), bf16(*acc, acc->peak_tflops.bf16, b16, false);
  // A large tile-aligned GEMM: q(m) = q(n) = 1, k / (k + 128).
  const GemmShape g{16384, 16384, 16384, 1};
  const double kEff = 16384.0 / (16384.0 + ComputeModel::kK0);
  const double eff = acc->gemm_efficiency * ComputeModel::kSustainedClock;
  const double t8 = g.flops() / (acc->peak_tflops.fp8 * 1e12 * eff * acc->gemm_efficiency_fp8_ratio * kEff);
  const double t16 = g.flops() / (acc->peak_tflops.bf16 * 1e12 * eff * kEff);
  QVERIFY2(std::fabs(fp8.gemmSeconds(g) - ComputeModel::kLaunch_s - t8) < 1e-9 * t8, qPrintable(QString::number(t8)));
  QVERIFY2(std::fabs(bf16.gemmSeconds(g) - ComputeModel::kLaunch_s - t16) < 1e-9 * t16,
           qPrintable(QString::number(t16)));
  // FP8 is still faster per GEMM (twice the peak at a lower share of it).
  QVERIFY(fp8.gemmSeconds(g) < bf16.gemmSeconds(g));
  // Attention: the same kernel time with FP8 GEMMs as with BF16 ones.
  const double flops = 1e15;
  QVERIFY(std::fabs(fp8.flashSeconds(flops, false) - bf16.flashSeconds(flops, false)) < 1e-12);
  QVERIFY(std::fabs(fp8.flashSeconds(flops, true) - bf16.flashSeconds(flops, true)) < 1e-12);
}

// An FP8 job runs its output head in 16 bits (DeepSeek-V3 §3.3.1; Megatron's
// output layer is outside Transformer Engine's FP8 autocast): the head's
// forward is 2·T·h·V/t FLOPs at the BF16 peak, so on H100 (989 TF BF16,
// 1,979 TF FP8) the FP8 job's head takes what the BF16 job's does, while its
// layers run faster.
void TestPerfModel::fp8HeadRunsInBf16() {
  const PerfModel fp8Model = h100Gpt("fp8", 4);
  const LayerTiming fp8 = fp8Model.layerTiming(1, 1, 1, 1), bf16 = h100Gpt("bf16", 4).layerTiming(1, 1, 1, 1);
  QVERIFY2(std::fabs(fp8.head_fwd_s - bf16.head_fwd_s) <= 1e-12 * bf16.head_fwd_s,
           qPrintable(QString("%1 vs %2").arg(fp8.head_fwd_s).arg(bf16.head_fwd_s)));
  QVERIFY(std::fabs(fp8.head_bwd_s - bf16.head_bwd_s) <= 1e-12 * bf16.head_bwd_s);
  QVERIFY(fp8.fwd_s < bf16.fwd_s);
  // The head GEMM (T = 2,048 rows, V = 51,200, h = 4,096: tile-aligned) at
  // the BF16 rate, not the FP8 one, which would take about half as long;
  // then the loss's memory-bound kernels (three, on HBM).
  const Accelerator& acc = *Catalog::builtin().accelerator("H100-SXM5-80GB");
  const double T = 2048, h = 4096, V = 51200;
  const double eta = acc.gemm_efficiency * ComputeModel::kSustainedClock * h / (h + ComputeModel::kK0);
  const double gemm = 2 * T * h * V / (acc.peak_tflops.bf16 * 1e12 * eta) + ComputeModel::kLaunch_s;
  const EdgeWork e = fp8Model.workload().edgeWork(LayerSplit{1, 1, 1, 1});  // the loss's bytes
  const double loss =
      e.loss_fwd_bytes / (acc.hbm_GBps * 1e9 * ComputeModel::kHbmEfficiency) + 3 * ComputeModel::kLaunch_s;
  QVERIFY2(std::fabs(fp8.head_fwd_s - (gemm + loss)) <= 1e-9 * (gemm + loss),
           qPrintable(QString("%1 vs GEMM %2 + loss %3").arg(fp8.head_fwd_s).arg(gemm).arg(loss)));
}

// job.software.bf16_edge_layers N: an FP8 job's first N and last N layers
// run as a BF16 job's layer does (16-bit GEMMs at the BF16 peak, no FP8
// casts, 16-bit activations stored). On one pipeline stage of L layers with
// m micro-batches and no recomputation, the step's compute grows by
// m · 2N · ((F + B)_bf16 − (F + B)_fp8), F and B one layer's forward and
// backward; the FP8 weight cache leaves out those layers' GEMM weights.
// Transformer Engine's FP8 forward casts each GEMM's bf16 input (read 2
// bytes, write 1) per micro-batch, not its weight: the weight cache casts
// the weights on a step's first micro-batch only and FP8 primary weights are
// never cast. So an FP8 layer's forward memory-bound time exceeds the BF16
// layer's by exactly sum over GEMMs of count·3·m·k bytes at HBM speed plus
// one launch a GEMM, whatever the weights' size (here 4,096² and larger per
// GEMM against 2,048-row inputs: a per-micro-batch weight cast would add
// more than the inputs' casts). Current (tensorwise) scaling,
// job.software.fp8_recipe "tensorwise", reads each cast tensor once more for
// its amax and launches two more kernels: + count·2·m·k bytes and 2 launches
// a GEMM in the forward, + count·2·m·n bytes and 2 launches in the backward;
// delayed, MXFP8 and blockwise scaling cost the same.
void TestPerfModel::fp8CastsActivationsNotWeights() {
  const PerfModel fp8Model = h100Gpt("fp8", 4);
  const LayerTiming fp8 = fp8Model.layerTiming(1, 1, 1, 1), bf16 = h100Gpt("bf16", 4).layerTiming(1, 1, 1, 1);
  const LayerWork w = fp8Model.workload().layerWork(LayerSplit{1, 1, 1, 1});
  const Accelerator& acc = *Catalog::builtin().accelerator("H100-SXM5-80GB");
  double inputs = 0, weights = 0;
  for (int i = 0; i < w.gemm_count; ++i) {
    inputs += w.gemms[i].count * 3.0 * w.gemms[i].m * w.gemms[i].k;
    weights += w.gemms[i].count * 3.0 * w.gemms[i].k * w.gemms[i].n;
  }
  QVERIFY(weights > inputs);
  const double expect =
      inputs / (acc.hbm_GBps * 1e9 * ComputeModel::kHbmEfficiency) + w.gemm_count * ComputeModel::kLaunch_s;
  const double got = fp8.hbm_fwd_s - bf16.hbm_fwd_s;
  QVERIFY2(std::fabs(got - expect) <= 1e-9 * expect, qPrintable(QString("%1 vs %2").arg(got).arg(expect)));

  const double hbm = acc.hbm_GBps * 1e9 * ComputeModel::kHbmEfficiency;
  double amaxF = 0, amaxB = 0;
  for (int i = 0; i < w.gemm_count; ++i) {
    amaxF += w.gemms[i].count * 2.0 * w.gemms[i].m * w.gemms[i].k;
    amaxB += w.gemms[i].count * 2.0 * w.gemms[i].m * w.gemms[i].n;
  }
  const LayerTiming current = h100Gpt("fp8", 4, {{"fp8_recipe", "tensorwise"}}).layerTiming(1, 1, 1, 1);
  const double expectF = amaxF / hbm + 2 * w.gemm_count * ComputeModel::kLaunch_s;
  const double expectB = amaxB / hbm + 2 * w.gemm_count * ComputeModel::kLaunch_s;
  QVERIFY2(std::fabs(current.hbm_fwd_s - fp8.hbm_fwd_s - expectF) <= 1e-9 * expectF,
           qPrintable(QString("%1 vs %2").arg(current.hbm_fwd_s - fp8.hbm_fwd_s).arg(expectF)));
  QVERIFY(std::fabs((current.bwd_s - fp8.bwd_s) - expectB) <= 1e-9 * expectB);
  for (const char* same : {"delayed", "mxfp8", "blockwise"}) {
    const LayerTiming t = h100Gpt("fp8", 4, {{"fp8_recipe", same}}).layerTiming(1, 1, 1, 1);
    QCOMPARE(t.fwd_s, fp8.fwd_s);
    QCOMPARE(t.bwd_s, fp8.bwd_s);
  }
  // Written only when not the default; an unknown recipe is refused naming the key.
  nlohmann::json j = cftest::seleneScenario(32, 4096, 4, 1, 1, 8, 64);
  j["job"]["software"] = {{"fp8_recipe", "tensorwise"}};
  const Scenario s = cftest::scenario(j);
  QCOMPARE(scenarioToJson(s)["job"]["software"]["fp8_recipe"].get<std::string>(), std::string("tensorwise"));
  QVERIFY(scenarioFromJson(scenarioToJson(s)).job.software == s.job.software);
  j["job"]["software"] = {{"fp8_recipe", "delayed"}};
  QVERIFY(!scenarioToJson(cftest::scenario(j))["job"]["software"].contains("fp8_recipe"));
  j["job"]["software"] = {{"fp8_recipe", "hybrid"}};
  try {
    cftest::scenario(j);
    QFAIL("an unknown fp8_recipe was accepted");
  } catch (const InputError& e) {
    QCOMPARE(QString::fromStdString(e.path()), QString("job.software.fp8_recipe"));
  }
}

void TestPerfModel::bf16EdgeLayers() {
  const PerfModel fp8 = h100Gpt("fp8", 8), edge = h100Gpt("fp8", 8, {{"bf16_edge_layers", 1}}),
                  bf16 = h100Gpt("bf16", 8);
  const LayerTiming l8 = fp8.layerTiming(1, 1, 1, 1), le = edge.layerTiming(1, 1, 1, 1),
                    l16 = bf16.layerTiming(1, 1, 1, 1);
  QCOMPARE(le.bf16.fwd_s, l16.fwd_s);
  QCOMPARE(le.bf16.bwd_s, l16.bwd_s);
  QCOMPARE(le.bf16.act_none_B, l16.act_none_B);
  QCOMPARE(le.fwd_s, l8.fwd_s);
  QVERIFY(l16.fwd_s > l8.fwd_s);
  const PerfResult r8 = fp8.evaluate(fp8.scenarioConfig()), re = edge.evaluate(edge.scenarioConfig());
  const double m = 64.0 / 8, n = 1;
  const double expect = m * 2 * n * ((l16.fwd_s + l16.bwd_s) - (l8.fwd_s + l8.bwd_s));
  QVERIFY2(std::fabs((re.breakdown.compute - r8.breakdown.compute) - expect) <= 1e-9 * expect,
           qPrintable(QString("%1 vs %2").arg(re.breakdown.compute - r8.breakdown.compute).arg(expect)));
  // The FP8 weight cache (2 bytes a GEMM weight) leaves out the 2N BF16
  // layers: h(3h) + h·h + 2·h·4h (GPT's QKV, projection, MLP) each (the
  // model counts their biases too, 9h: 2e-4 of it).
  const double h = 4096, layerGemm = 3 * h * h + h * h + 8 * h * h;
  QVERIFY2(std::fabs((r8.memory.weights_B - re.memory.weights_B) - 2 * 2 * n * layerGemm) <= 1e-3 * layerGemm,
           qPrintable(QString::number(r8.memory.weights_B - re.memory.weights_B)));
  // Too many: 2N may not exceed the layers, and the reader names the key.
  nlohmann::json bad = cftest::seleneScenario(32, 4096, 8, 1, 1, 8, 64);
  bad["job"]["software"] = {{"bf16_edge_layers", 5}};
  try {
    cftest::scenario(bad);
    QFAIL("5 first and 5 last of 8 layers was accepted");
  } catch (const InputError& e) {
    QVERIFY2(std::string(e.what()).find("job.software.bf16_edge_layers") != std::string::npos, e.what());
  }
}

QTEST_APPLESS_MAIN(TestPerfModel)
#include "tst_perf_model.moc"
