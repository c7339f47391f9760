// Time of one kernel on one accelerator: roofline with an achievable-
// efficiency model.
//
//   GEMM:   t = max(F / (peak * eta_gemm(m,n,k)), bytes / (HBM * eta_hbm)) + t_launch
//           eta_gemm = gemm_efficiency * q(m) * q(n) * k / (k + k0)
//           q(x) = x / (128 * ceil(x / 128))      tile quantisation of 128x128 output tiles
//   memory-bound kernel: t = bytes / (HBM * eta_hbm) + kernels * t_launch
//   fused attention: t = F_executed / (peak * gemm_efficiency * eta_flash)
//   FP8 GEMMs: gemm_efficiency * gemm_efficiency_fp8_ratio at the FP8 peak
//
// Constants:
//  - gemm_efficiency: catalog, per accelerator ("achievable share of peak on
//    large GEMMs", sourced there).
//  - gemm_efficiency_fp8_ratio: catalog, per accelerator: FP8 GEMMs reach a
//    smaller share of their (twice as high) peak than BF16 GEMMs of theirs.
//    The ratio of the two measured maximum-achievable matmul efficiencies
//    of the same part (stas00/ml-engineering, compute/accelerator/README.md,
//    "Maximum Achievable Matmul FLOPS comparison table": H100 SXM 70.9 % FP8
//    over 80.3 % BF16 = 0.883; H200 73.4 / 80.3; B200 76.3 / 77.6; GB200
//    72.3 / 72.9); 1 where no FP8 figure was measured.
//  - 128-wide output tiles: the CUTLASS/cuBLAS tile used for bf16 GEMMs on
//    A100/H100 (NVIDIA "Matrix Multiplication Background User's Guide",
//    tile and wave quantisation).
//  - k0 = 128: prologue/epilogue of the k loop amortised over k (estimate; a
//    GEMM with k = 128 reaches about half the large-k rate on A100).
//  - eta_hbm = 0.80: streaming kernels reach 80-90 % of HBM peak on A100 and
//    H100 (NVIDIA BabelStream results; estimate at the low end because
//    LayerNorm/softmax kernels do reductions).
//  - t_launch = 4 us: kernel launch and tail per kernel (estimate; CUDA launch
//    latency is 3-5 us and is only partly hidden by asynchronous launch).
//  - sustained clock 0.90: peak figures are at boost clock; under sustained
//    tensor-core load at TDP the clock settles about 10 % lower (A100 SXM:
//    1410 MHz boost, ~1275 MHz sustained at the 400 W cap; H100 SXM likewise
//    at 700 W) (estimate from nvidia-smi traces of training runs). Applies to
//    tensor-core work (GEMMs, fused attention), not to HBM-bound kernels.
//  - FP8 (job.precision fp8): the transformer blocks' weight GEMMs run at
//    the fp8 peak with 1-byte inputs; attention, norms, the output head and
//    everything else stay bf16 (Transformer Engine's recipe; PerfModel runs
//    the head on a 16-bit ComputeModel); PerfModel adds each fp8 GEMM's cast
//    and amax kernels (PerfModel.h).
//  - eta_flash forward 0.72, backward 0.60: FlashAttention-2 reaches 72 % and
//    60 % of the large-GEMM rate on A100 (Dao, "FlashAttention-2", 2023, Figs. 4-6:
//    ~190 and ~160 TFLOP/s of 312; estimate for other accelerators).
#pragma once
#include "catalog/Parts.h"
#include "workload/LayerWork.h"
#include "workload/Precision.h"

namespace cf {

class ComputeModel {
 public:
  static constexpr double kTile = 128;
  static constexpr double kK0 = 128;
  static constexpr double kHbmEfficiency = 0.80;
  static constexpr double kLaunch_s = 4e-6;
  static constexpr double kSustainedClock = 0.90;
  static constexpr double kFlashForward = 0.72;
  static constexpr double kFlashBackward = 0.60;

  // fp8_gemms: the weight GEMMs run in FP8 at peak_tflops (the FP8 peak) with
  // gemm_efficiency x gemm_efficiency_fp8_ratio, while attention stays in bf16
  // (Transformer Engine) at the bf16 peak and gemm_efficiency.
  ComputeModel(const Accelerator& acc, double peak_tflops, const PrecisionBytes& bytes, bool fp8_gemms = false);

  double gemmEfficiency(const GemmShape& g) const;
  double gemmSeconds(const GemmShape& g) const;
  // Backward of a forward GEMM: data gradient (m x k from m x n by n x k) and
  // weight gradient (k x n from k x m by m x n).
  double gemmBackwardSeconds(const GemmShape& g) const;
  double memorySeconds(double bytes, int kernels) const;
  double flashSeconds(double flops, bool backward) const;

  double hbmBytesPerSecond() const { return hbm_; }

 private:
  double peak_ = 0;  // FLOP/s
  double attnPeak_ = 0;  // FLOP/s of the fused attention kernel
  double hbm_ = 0;   // B/s
  double gemmEff_ = 0.75;  // of the weight GEMMs (FP8 ones with the FP8 ratio)
  double attnEff_ = 0.75;  // of the fused attention kernel (bf16 with FP8 GEMMs)
  PrecisionBytes bytes_;
};

}  // namespace cf
