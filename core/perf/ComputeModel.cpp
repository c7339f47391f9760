#include "perf/ComputeModel.h"

#include <algorithm>
#include <cmath>

namespace cf {

ComputeModel::ComputeModel(const Accelerator& acc, double peak_tflops, const PrecisionBytes& bytes,
                           double attn_peak_tflops)
    : peak_(std::max(1e-3, peak_tflops) * 1e12),
      attnPeak_(attn_peak_tflops > 0 ? attn_peak_tflops * 1e12 : std::max(1e-3, peak_tflops) * 1e12),
      hbm_(std::max(1.0, acc.hbm_GBps) * 1e9),
      gemmEff_((acc.gemm_efficiency > 0 ? std::min(1.0, acc.gemm_efficiency) : 0.75) * kSustainedClock),
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
  double eta = gemmEff_ * (backward ? kFlashBackward : kFlashForward);
  return flops / (attnPeak_ * eta) + kLaunch_s;
}

}  // namespace cf
