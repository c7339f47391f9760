#include "perf/ComputeModel.h"

#include <algorithm>
#include <cmath>

namespace cf {

namespace {
double bf16Efficiency(const Accelerator& acc) {
  return (acc.gemm_efficiency > 0 ? std::min(1.0, acc.gemm_efficiency) : 0.75) * ComputeModel::kSustainedClock;
}
}  // namespace

ComputeModel::ComputeModel(const Accelerator& acc, double peak_tflops, const PrecisionBytes& bytes, bool fp8_gemms)
    : peak_(std::max(1e-3, peak_tflops) * 1e12),
      attnPeak_((fp8_gemms && acc.peak_tflops.bf16 > 0 ? acc.peak_tflops.bf16 : std::max(1e-3, peak_tflops)) * 1e12),
      hbm_(std::max(1.0, acc.hbm_GBps) * 1e9),
      gemmEff_(bf16Efficiency(acc) *
               (fp8_gemms
                    ? std::clamp(acc.gemm_efficiency_fp8_ratio > 0 ? acc.gemm_efficiency_fp8_ratio : 1.0, 0.05, 1.0)
                    : 1.0)),
      attnEff_(bf16Efficiency(acc)),
      bytes_(bytes) {}

namespace {
inline double quant(double x, double tile) {
  if (x <= 0) return 1.0;
  return x / (tile * std::ceil(x / tile));
}
}  // namespace

double ComputeModel::gemmEfficiency(const GemmShape& g) const {
  return gemmEff_ * quant(g.m, kTile) * quant(g.n, kTile) * (g.k / (g.k + kK0));
}

double ComputeModel::gemmSeconds(const GemmShape& g) const {
  if (g.m <= 0 || g.n <= 0 || g.k <= 0 || g.count <= 0) return 0;
  double tc = g.flops() / (peak_ * gemmEfficiency(g));
  double bytes = g.count * (bytes_.gemm_input * (g.m * g.k + g.k * g.n) + bytes_.activation * g.m * g.n);
  double tm = bytes / (hbm_ * kHbmEfficiency);
  return std::max(tc, tm) + kLaunch_s;
}

double ComputeModel::gemmBackwardSeconds(const GemmShape& g) const {
  if (g.m <= 0 || g.n <= 0 || g.k <= 0) return 0;
  GemmShape dgrad{g.m, g.k, g.n, g.count};
  GemmShape wgrad{g.k, g.n, g.m, g.count};
  return gemmSeconds(dgrad) + gemmSeconds(wgrad);
}

double ComputeModel::memorySeconds(double bytes, int kernels) const {
  return bytes / (hbm_ * kHbmEfficiency) + kernels * kLaunch_s;
}

double ComputeModel::flashSeconds(double flops, bool backward) const {
  if (flops <= 0) return 0;
  double eta = attnEff_ * (backward ? kFlashBackward : kFlashForward);
  return flops / (attnPeak_ * eta) + kLaunch_s;
}

}  // namespace cf
