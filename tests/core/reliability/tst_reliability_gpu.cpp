// The CUDA backend gives the same trials as the CPU (same seed). Skipped
// when no GPU answers (or the build has no CUDA).
#include <QtTest>

#include <cmath>
#include <cstring>

#include "ReliabilityFixtures.h"
#include "gpu/Backend.h"
#include "reliability/MonteCarlo.h"

using namespace cf;

namespace {
ReliabilityInputs llama() {
  const Scenario s = test::llama3Scenario();
  ReliabilityInputs in = defaultInputs(resolve(s, Catalog::builtin()), Catalog::builtin(), 50 * 86400.0,
                                       test::kLlamaCheckpointBytes, 10);
  in.classes[0].fail_slow_share = 0.1;
  in.spare_nodes = 3;  // exercise the repair queue
  return in;
}
}  // namespace

class TstReliabilityGpu : public QObject {
  Q_OBJECT
 private slots:
  void init() {
    if (activeBackend().kind != BackendInfo::Kind::Cuda)
      QSKIP(qPrintable(QString::fromStdString("no GPU: " + activeBackend().reason)));
  }
  // Exponential classes: bit-identical trials (IEEE-exact arithmetic only).
  void gpuEqualsCpuExactly() {
    const auto p = MonteCarlo::params(llama(), recoveryPreset("checkpoint-restart", 600), 300, 99);
    const int n = 4096;
    const McRun gpu = MonteCarlo::run(p, 0, n, McBackend::Cuda);
    QCOMPARE(QString::fromStdString(gpu.backend), QString("CUDA"));
    const auto cpu = MonteCarlo::runCpu(p, 0, n);
    for (int i = 0; i < n; ++i)
      QVERIFY2(std::memcmp(&gpu.trials[size_t(i)], &cpu[size_t(i)], sizeof(rel::TrialResult)) == 0,
               qPrintable(QString("trial %1").arg(i)));
  }
  // Weibull classes go through pow(): same events, times equal to 1e-9.
  void gpuEqualsCpuWeibull() {
    ReliabilityInputs in = llama();
    in.classes[1].weibull_shape = 0.8;
    in.fleet_age_s = 86400 * 30;
    const auto p = MonteCarlo::params(in, recoveryPreset("elastic", 600), 300, 7);
    const int n = 4096;
    const McRun gpu = MonteCarlo::run(p, 0, n, McBackend::Cuda);
    const auto cpu = MonteCarlo::runCpu(p, 0, n);
    int exact = 0;
    for (int i = 0; i < n; ++i) {
      const auto& a = gpu.trials[size_t(i)];
      const auto& b = cpu[size_t(i)];
      QCOMPARE(a.interruptions, b.interruptions);
      for (int k = 0; k < rel::kMaxClasses; ++k) QCOMPARE(a.by_class[k], b.by_class[k]);
      QVERIFY2(std::abs(a.wall_s - b.wall_s) <= 1e-9 * b.wall_s, qPrintable(QString::number(i)));
      exact += a.wall_s == b.wall_s;
    }
    qInfo("Weibull: GPU = CPU on %d trials (%d bit-identical wall times)", n, exact);
  }
};

QTEST_GUILESS_MAIN(TstReliabilityGpu)
#include "tst_reliability_gpu.moc"
