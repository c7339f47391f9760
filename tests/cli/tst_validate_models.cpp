// `clusterforge-cli validate-models` (issue 16): the table of published runs
// has at least 25 rows from at least 6 publications, every run simulates, and
// no held-out run misses its published figure by more than 25 % — except the
// rows listed in kKnownGaps, each a gap docs/validation.md explains (a lever,
// a memory or fleet effect the model lacks). A listed row still gates: it
// fails when its |error| grows more than kGapRegression beyond the error
// documented here (so a regression shows on a row that is already out), and
// when it starts to pass (XPASS: take it off the list). Calibration rows (used
// to set a constant) are printed but never gate.
#include <QtTest>

#include <cmath>
#include <map>

#include "CliRun.h"

namespace {

constexpr double kHeldOutLimit = 0.25;
// How far a listed gap may drift beyond its documented error before the test
// fails: 2 percentage points of |error|.
constexpr double kGapRegression = 0.02;

struct KnownGap {
  double error;  // the documented (predicted - published) / published, docs/validation.md
  const char* why;
};

// Held-out runs that miss by more than 25 % with today's model, by id, with
// the error documented in docs/validation.md and the reason. Never tune a
// constant or drop a run to empty this list.
const std::map<QString, KnownGap> kKnownGaps = {
    {"mtnlg-530b-3360",
     {-0.255,
      "the same model on the same Selene nodes runs 29 % faster in Megatron SC'21 (sc21-gpt-529.6b, +1.6 %) than in "
      "MT-NLG's DeepSpeed pipeline; no mechanism found in the published configuration (docs/validation.md)"}},
    {"rsc1-fleet-failure-rate",
     {-0.621,
      "per-part failure rates without fleet effects: Meta's two A100 fleets differ 2.8x (RSC-1 6.50, RSC-2 2.34 "
      "failures per 1,000 node-days); the model, with one rate per part, lands at RSC-2 and far under RSC-1"}},
    {"deepseek-v3-2048",
     {-0.297,
      "too fast: DualPipe's SMs given to communication and FP8's fine-grained scaling cost nothing here, every chunk "
      "is paired; the row's unpublished layer split (last_stage_layers 2, which makes rank 0 fit) moved the figure "
      "from -23.9 %, H800's measured FP8 matmul efficiency from -31.8 % (docs/validation.md)"}},
    {"mb2511-qwen3-30b-a3b-gb200-8",
     {-0.298,
      "too fast: a small MoE (hidden 2,048, 128 experts of FFN 768): router, permutation, grouped-GEMM and host "
      "launch overheads the model counts at 4 us a kernel and streaming bytes (docs/validation.md)"}},
    {"mb2511-qwen3-30b-a3b-b200-8",
     {-0.660,
      "the same model at micro-batch 1: the page's B200 throughput is 2.6x under GB200's at micro-batch 4, which "
      "no term of the model (compute, HBM, all-to-all) explains; host-bound kernel launches assumed "
      "(docs/validation.md)"}},
    {"flagperf-llama3-8b-h100-8-fp8-mem",
     {-0.262,
      "FlagPerf's H100 device memory: the model is 16 GiB under at TP 2 in BF16 (-22 %) and 19 GiB under with FP8, "
      "whose cached FP8 weights (+6.5 GiB) the model counts and whose FP8 GEMM inputs it keeps in 1 byte (-7 GiB); "
      "the run used 3 GiB more with FP8 than without; how the README samples memory is not stated "
      "(docs/validation.md)"}},
    {"flagperf-llama3-8b-a800-8-bf16-pp1dp1tp8-mem",
     {-0.251,
      "FlagPerf's A800 ablation at TP 8: the model is 7.5 GiB under (22.5 against 30 GiB); every ablation row with "
      "TP >= 2 is 6-9 GiB under and every TP 1 row with PP >= 4 is 4.5-6.5 GiB over, a pattern no term of the model "
      "follows; the run's throughput is within 6 % (docs/validation.md)"}},
    {"opt-175b-hardware-failures",
     {-0.880,
      "a cloud A100 fleet in its first year (2021-22) where failed hosts came back ('the same bad machine again'): "
      "~105 hardware restarts in 62 days on 124 nodes, 6-8x the model's hardware classes; no fleet-age / burn-in / "
      "lemon-node lever (docs/validation.md)"}},
};

// Training-step rows the model says do not fit in memory although they ran
// (issue 31 item 3), with the reason; docs/validation.md gives the figures.
// Listed rows are expected failures of trainingRowsFit: one that starts to
// fit fails the test (XPASS) so the list stays exact. Never tune a constant
// to empty it; a row may fit under an unpublished assumption only as a
// documented key of that row.
const std::map<QString, const char*> kKnownMisfits = {};

}  // namespace

class TestValidateModels : public QObject {
  Q_OBJECT
  QJsonArray runs_;
  QJsonObject summary_;

 private slots:
  void initTestCase() {
    cftest::Run r = cftest::run({"validate-models", "--json"}, 300000);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonParseError pe;
    QJsonDocument doc = QJsonDocument::fromJson(r.out.toUtf8(), &pe);
    QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
    QCOMPARE(doc.object()["format"].toString(), QString("clusterforge.validate-models/1"));
    runs_ = doc.object()["runs"].toArray();
    summary_ = doc.object()["summary"].toObject();
  }

  // >= 25 runs from >= 6 publications, held-out and calibration both present,
  // A100, H100/H800 and a non-NVIDIA accelerator, 8 to >= 16,000 GPUs, dense
  // and MoE.
  void tableCoverage() {
    QVERIFY2(runs_.size() >= 25, qPrintable(QString::number(runs_.size())));
    QSet<QString> pubs, hardware;
    double minGpus = 1e18, maxGpus = 0;
    int held = 0, cal = 0;
    for (const QJsonValue& v : runs_) {
      QJsonObject o = v.toObject();
      pubs.insert(o["publication"].toString());
      hardware.insert(o["hardware"].toString());
      minGpus = std::min(minGpus, o["gpus"].toDouble());
      maxGpus = std::max(maxGpus, o["gpus"].toDouble());
      (o["use"].toString() == "calibration" ? cal : held)++;
      QVERIFY(o["use"].toString() == "calibration" || o["use"].toString() == "held-out");
      QVERIFY2(!o["source"].toString().isEmpty() && !o["use_reason"].toString().isEmpty(),
               qPrintable(o["id"].toString()));
    }
    QVERIFY2(pubs.size() >= 6, qPrintable(QString::number(pubs.size())));
    QVERIFY(held > 0 && cal > 0);
    QCOMPARE(summary_["runs"].toInt(), int(runs_.size()));
    QCOMPARE(summary_["held_out"].toInt(), held);
    QCOMPARE(summary_["calibration"].toInt(), cal);
    QCOMPARE(summary_["publications"].toInt(), int(pubs.size()));
    // The held-out figures are also given over the runs not looked at while
    // the model was built (seen_during_development false).
    int unseen = 0;
    for (const QJsonValue& v : runs_) {
      QJsonObject o = v.toObject();
      unseen += o["use"].toString() == "held-out" && !o["seen_during_development"].toBool();
    }
    QCOMPARE(summary_["held_out_not_seen"].toInt(), unseen);
    QVERIFY(summary_["held_out_not_seen_max_abs_error"].toDouble() <= summary_["held_out_max_abs_error"].toDouble());
    QVERIFY(hardware.contains("A100-SXM4-80GB"));
    QVERIFY(hardware.contains("H100-SXM5-80GB") || hardware.contains("H800-SXM5-80GB"));
    // "... and a non-NVIDIA accelerator where published": Google's TPU v5e
    // (MaxText's published v5e-256 table).
    QVERIFY(hardware.contains("TPU-v5e"));
    QVERIFY(minGpus <= 8);
    QVERIFY(maxGpus >= 16000);
    bool moe = false;
    for (const QJsonValue& v : runs_) moe |= v.toObject()["layout"].toString().contains(" EP");
    QVERIFY(moe);
  }

  // Every listed gap is a held-out run of the table.
  void knownGapsAreHeldOutRuns() {
    for (const auto& [id, gap] : kKnownGaps) {
      bool found = false;
      for (const QJsonValue& v : runs_)
        if (v.toObject()["id"].toString() == id) found = v.toObject()["use"].toString() == "held-out";
      QVERIFY2(found, qPrintable(id + " is not a held-out run"));
    }
  }

  void heldOutWithin25Percent_data() {
    QTest::addColumn<QJsonObject>("run");
    for (const QJsonValue& v : runs_) {
      QJsonObject o = v.toObject();
      if (o["use"].toString() == "held-out") QTest::newRow(qPrintable(o["id"].toString())) << o;
    }
  }

  void heldOutWithin25Percent() {
    QFETCH(QJsonObject, run);
    const QString id = run["id"].toString();
    QVERIFY2(run["simulated"].toBool(), qPrintable(run["error_message"].toString()));
    const double err = run["error"].toDouble();
    QVERIFY(std::isfinite(err));
    qInfo("%s: published %g, predicted %g, error %+.1f %%", qPrintable(id), run["published"].toDouble(),
          run["predicted"].toDouble(), 100 * err);
    if (auto gap = kKnownGaps.find(id); gap != kKnownGaps.end()) {
      // A listed gap gates too: no worse than documented (a regression shows).
      QVERIFY2(std::fabs(err) <= std::fabs(gap->second.error) + kGapRegression,
               qPrintable(QString("error %1 %, documented %2 %: update docs/validation.md and kKnownGaps only for a "
                                  "change you can explain")
                              .arg(100 * err, 0, 'f', 1)
                              .arg(100 * gap->second.error, 0, 'f', 1)));
      QEXPECT_FAIL("", gap->second.why, Continue);
    }
    QVERIFY2(std::fabs(err) <= kHeldOutLimit, qPrintable(QString("error %1 %").arg(100 * err, 0, 'f', 1)));
  }

  // Issue 31 item 3: a published training run trained on its hardware, so
  // the model must say it fits ("*" in the text table marks one that does
  // not). Listed misfits are expected failures.
  void trainingRowsFit_data() {
    QTest::addColumn<QJsonObject>("run");
    for (const QJsonValue& v : runs_) {
      QJsonObject o = v.toObject();
      if (o["domain"].toString() == "performance") QTest::newRow(qPrintable(o["id"].toString())) << o;
    }
  }
  void trainingRowsFit() {
    QFETCH(QJsonObject, run);
    const QString id = run["id"].toString();
    QVERIFY2(run["simulated"].toBool(), qPrintable(run["error_message"].toString()));
    if (auto m = kKnownMisfits.find(id); m != kKnownMisfits.end()) QEXPECT_FAIL("", m->second, Continue);
    QVERIFY2(run["fits_in_memory"].toBool(),
             qPrintable(QString("%1 GiB per GPU").arg(run["memory_per_gpu_GiB"].toDouble(), 0, 'f', 1)));
  }
  void knownMisfitsAreTrainingRows() {
    for (const auto& [id, why] : kKnownMisfits) {
      bool found = false;
      for (const QJsonValue& v : runs_)
        found = found || (v.toObject()["id"].toString() == id && v.toObject()["domain"].toString() == "performance");
      QVERIFY2(found, qPrintable(id));
    }
  }

  // Issue 31 item 2: measured memory per GPU has its own rows, held out (no
  // constant of the memory model is set from them), with its own summary.
  void memorySection() {
    int held = 0;
    QSet<QString> pubs;
    for (const QJsonValue& v : runs_) {
      QJsonObject o = v.toObject();
      if (o["domain"].toString() != "memory") continue;
      const QString kind = o["figure_kind"].toString();
      QVERIFY2(kind == "memory_per_gpu_GiB" || kind == "memory_max_allocated_GiB", qPrintable(kind));
      QVERIFY2(o["simulated"].toBool(), qPrintable(o["id"].toString()));
      QVERIFY(o["predicted"].toDouble() > 0);
      if (kind == "memory_per_gpu_GiB") {
        QCOMPARE(o["predicted"].toDouble(), o["memory_per_gpu_GiB"].toDouble());
      } else {
        // Peak allocated: the fullest stage less the 1 GiB workspace and the
        // allocator allowance, which the caching allocator never hands out.
        QVERIFY2(o["predicted"].toDouble() < o["memory_per_gpu_GiB"].toDouble() - 1.0, qPrintable(o["id"].toString()));
      }
      held += o["use"].toString() == "held-out";
      pubs.insert(o["publication"].toString());
    }
    QVERIFY(held > 0);
    // Independent measurers (issue 31 asks for 4): the torchtitan team, Trainy, NVIDIA's Megatron-LM CI and
    // BAAI's FlagPerf.
    QVERIFY2(pubs.size() >= 4, qPrintable(QString::number(pubs.size())));
    QJsonObject ms = summary_["domains"].toObject()["memory"].toObject();
    QCOMPARE(ms["held_out"].toInt(), held);
  }

  // A run published as out of memory (FlagPerf's ablation table: Llama 3 8B
  // at TP1 PP1 DP8 on 80 GiB A800s) is a measurement too: the model must say
  // it does not fit, and the row's error is 0 only then.
  void outOfMemoryRowsDoNotFit() {
    int rows = 0;
    for (const QJsonValue& v : runs_) {
      QJsonObject o = v.toObject();
      if (o["domain"].toString() != "fit") continue;
      ++rows;
      const QString id = o["id"].toString();
      QCOMPARE(o["figure_kind"].toString(), QString("out_of_memory"));
      QVERIFY2(o["simulated"].toBool(), qPrintable(id));
      QVERIFY2(!o["fits_in_memory"].toBool(),
               qPrintable(QString("%1: %2 GiB per GPU fits").arg(id).arg(o["memory_per_gpu_GiB"].toDouble())));
      QVERIFY2(o["memory_per_gpu_GiB"].toDouble() > o["published"].toDouble() * 0.9, qPrintable(id));
      QCOMPARE(o["error"].toDouble(), 0.0);
    }
    QVERIFY(rows >= 1);
    QCOMPARE(summary_["domains"].toObject()["fit"].toObject()["runs"].toInt(), rows);
  }

  // Issue 16 items 6 and 7: the collective model and the failure model have
  // held-out rows of their own (not only the points they were fitted to), and
  // the summary is given per model, so a miss in one does not hide in another.
  void collectivesAndReliabilityHeldOut() {
    QMap<QString, int> held, cal;
    for (const QJsonValue& v : runs_) {
      QJsonObject o = v.toObject();
      (o["use"].toString() == "held-out" ? held : cal)[o["domain"].toString()]++;
    }
    for (const char* d : {"performance", "collectives", "reliability"}) {
      QVERIFY2(held.value(d) > 0, d);
      QVERIFY2(cal.value(d) > 0, d);
      QJsonObject ds = summary_["domains"].toObject()[d].toObject();
      QCOMPARE(ds["held_out"].toInt(), held.value(d));
      QCOMPARE(ds["calibration"].toInt(), cal.value(d));
    }
    // Fleets other than the calibration source (Llama 3 Table 5) are held out.
    QSet<QString> reliabilityHeldOutPubs;
    for (const QJsonValue& v : runs_) {
      QJsonObject o = v.toObject();
      if (o["domain"].toString() == "reliability" && o["use"].toString() == "held-out")
        reliabilityHeldOutPubs.insert(o["publication"].toString());
    }
    QVERIFY(!reliabilityHeldOutPubs.contains("llama3-2024"));
    QVERIFY(reliabilityHeldOutPubs.size() >= 2);
  }

  // The text table prints every run and the summary lines; CSV has a row per run.
  // The model-error band of `uncertainty` (issue 32): its leave-one-out
  // coverage over the held-out performance runs is printed, and the engine's
  // default sigma is the one the current table implies (within 10 %: a table
  // that moves it asks for the constant to follow, uncertainty/Inputs.h).
  void uncertaintyBandCoverage() {
    const QJsonObject b = summary_["uncertainty_band"].toObject();
    QVERIFY(b["runs"].toInt() >= 20);
    const double coverage = b["coverage"].toDouble();
    qInfo("band coverage %d of %d = %.1f %%, sigma %.3f (default %.3f)", b["covered"].toInt(), b["runs"].toInt(),
          100 * coverage, b["sigma_all"].toDouble(), b["default_sigma"].toDouble());
    QVERIFY2(coverage >= 0.75 && coverage < 1.0, "a calibrated band covers about 90 % of the held-out runs");
    QVERIFY(std::abs(b["sigma_all"].toDouble() / b["default_sigma"].toDouble() - 1) < 0.10);
  }

  // The failure and memory models' errors are inputs too: each band is
  // printed over its own model's held-out runs, and each default sigma is the
  // one the current table implies (within 10 %).
  void everyModelErrorHasItsBand() {
    const QJsonObject bands = summary_["uncertainty_bands"].toObject();
    QCOMPARE(bands["performance"].toObject(), summary_["uncertainty_band"].toObject());
    for (const char* d : {"performance", "reliability", "memory"}) {
      const QJsonObject b = bands[d].toObject();
      qInfo("%s: band coverage %d of %d, sigma %.3f (default %.3f)", d, b["covered"].toInt(), b["runs"].toInt(),
            b["sigma_all"].toDouble(), b["default_sigma"].toDouble());
      QCOMPARE(b["key"].toString(), QString("model.%1_error").arg(d));
      QVERIFY2(b["runs"].toInt() >= 3, d);
      QVERIFY2(b["covered"].toInt() >= 1 && b["covered"].toInt() <= b["runs"].toInt(), d);
      QVERIFY2(std::abs(b["sigma_all"].toDouble() / b["default_sigma"].toDouble() - 1) < 0.10, d);
    }
    QVERIFY(!bands.contains("collectives"));  // inside the step-time rows: no factor of its own
  }

  void textAndCsv() {
    cftest::Run t = cftest::run({"validate-models"}, 300000);
    QCOMPARE(t.code, 0);
    for (const QJsonValue& v : runs_) QVERIFY(t.out.contains(v.toObject()["id"].toString()));
    QVERIFY(t.out.contains(QRegularExpression("held-out +\\|error\\|: median [0-9.]+ %, max [0-9.]+ %")));
    QVERIFY(t.out.contains(QRegularExpression("calibration \\|error\\|: median [0-9.]+ %, max [0-9.]+ %")));
    QVERIFY(t.out.contains(QRegularExpression("of which [0-9]+ not seen during development: median [0-9.]+ %, max [0-9.]+ %")));
    for (const char* d : {"performance", "memory", "collectives", "reliability"})
      QVERIFY2(t.out.contains(QRegularExpression(QString("\\n%1: [0-9]+ runs \\([0-9]+ held-out").arg(d))), d);
    for (const char* d : {"performance", "reliability", "memory"})
      QVERIFY2(
          t.out.contains(QRegularExpression(
              QString("uncertainty band \\(model.%1_error .*held-out %1 runs\\): covers [0-9]+ of [0-9]+").arg(d))),
          d);
    cftest::Run c = cftest::run({"validate-models", "--csv"}, 300000);
    QCOMPARE(c.code, 0);
    QStringList lines = c.out.split('\n', Qt::SkipEmptyParts);
    int data = 0;
    for (const QString& l : lines) data += !l.startsWith('#');
    QCOMPARE(data, int(runs_.size()) + 1);  // + header
    QVERIFY(lines.first().startsWith("id,publication,source,hardware,gpus"));
  }

  // --network flow: training-step rows also get the flow simulation's figure
  // and error, other rows none; the summary has a "flow" part; the analytical
  // prediction is unchanged. Two runs of the built-in table (a whole-table
  // flow run takes minutes).
  void flowColumn() {
    QFile src(CF_RUNS_JSON);
    QVERIFY(src.open(QIODevice::ReadOnly));
    QJsonObject doc = QJsonDocument::fromJson(src.readAll()).object();
    QJsonArray some;
    for (const QJsonValue& v : doc["runs"].toArray()) {
      const QString id = v.toObject()["id"].toString();
      if (id == "megascale-megatron-175b-256" || id == "nccl-8xh200-allreduce-16mib") some.append(v);
    }
    QCOMPARE(some.size(), 2);
    doc["runs"] = some;
    QTemporaryDir dir;
    QFile f(dir.filePath("runs.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(doc).toJson());
    f.close();
    cftest::Run r = cftest::run({"validate-models", "--runs", f.fileName(), "--network", "flow", "--json"}, 300000);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QJsonObject out = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QJsonArray rows = out["runs"].toArray();
    QCOMPARE(rows.size(), 2);
    for (const QJsonValue& v : rows) {
      QJsonObject o = v.toObject();
      const bool perf = o["domain"].toString() == "performance";
      QCOMPARE(o.contains("flow_predicted"), perf);
      if (!perf) continue;
      const double flow = o["flow_predicted"].toDouble(), published = o["published"].toDouble();
      QVERIFY(flow > 0);
      QVERIFY(std::fabs(o["flow_error"].toDouble() - (flow - published) / published) < 1e-12);
      // The analytical prediction is the one of the default run.
      for (const QJsonValue& w : runs_)
        if (w.toObject()["id"] == o["id"]) QCOMPARE(o["predicted"].toDouble(), w.toObject()["predicted"].toDouble());
    }
    QCOMPARE(out["summary"].toObject()["flow"].toObject()["runs"].toInt(), 1);
    cftest::Run t = cftest::run({"validate-models", "--runs", f.fileName(), "--network", "flow"}, 300000);
    QCOMPARE(t.code, 0);
    QVERIFY(t.out.contains(QRegularExpression("\\nperformance, flow simulation: 1 runs")));
    QCOMPARE(cftest::run({"validate-models", "--network", "packets"}).code == 0, false);
  }

  // A runs file that is not one is refused with status 2.
  void badRunsFile() {
    QTemporaryDir dir;
    QFile f(dir.filePath("runs.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"format": "clusterforge.validation/1", "publications": {}, "clusters": {}, "runs": [{"id": "x"}]})");
    f.close();
    cftest::Run r = cftest::run({"validate-models", "--runs", f.fileName()});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains("runs[0]"), qPrintable(r.err));
  }
};

QTEST_GUILESS_MAIN(TestValidateModels)
#include "tst_validate_models.moc"
