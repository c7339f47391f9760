// Closed-form checkpoint and goodput formulas, shown beside the Monte Carlo.
// Units: seconds throughout; rates per second.
//
// Young (1974), "A first order approximation to the optimum checkpoint
// interval", CACM 17(9):
//     T_opt = sqrt(2·δ·M)
// Daly (2006), "A higher order estimate of the optimum checkpoint interval
// for restart dumps", FGCS 22(3):
//     T_opt = sqrt(2δM)·[1 + (1/3)·sqrt(δ/(2M)) + (1/9)·(δ/(2M))] − δ   for δ < 2M
//     T_opt = M                                                         for δ ≥ 2M
//   δ checkpoint save time, M mean time between interruptions. Test vector
//   from the paper: δ = 5 min, R = 10 min, M = 24 h → 117 min.
// Kokolis et al. (HPCA'25, arXiv 2410.21680), expected effective training
// time ratio for N nodes failing at r_f each:
//     E[ETTR] ≈ (1 − N·r_f·(u0 + Δt/2)) / (1 + w/Δt)
//   u0 restart overhead, w checkpoint write time, Δt checkpoint interval;
//   their optimum Δt* = sqrt(2·w / (N·r_f)) (Young's with M = 1/(N·r_f)).
#pragma once

namespace cf {

struct ClosedForms {
  static double youngInterval_s(double save_s, double mtbf_s);
  static double dalyInterval_s(double save_s, double mtbf_s);
  // λ = N·r_f (interruptions per second of wall time).
  static double ettrEstimate(double lambda_per_s, double restart_s, double interval_s, double write_s);
  // Expected wall time of a run of `work_s` under the same first-order model.
  static double wallEstimate_s(double work_s, double lambda_per_s, double restart_s, double interval_s,
                               double write_s);
};

}  // namespace cf
