// One class of component failures as the reliability model sees it: how
// many parts the job depends on, how often each fails, and what a failure
// does to the job.
#pragma once
#include <string>

namespace cf {

struct FailureClass {
  std::string name;          // shown in the output ("gpu", "optic_fabric", ...)
  std::string rate_key;      // key of reliability.failure_rates that overrides rate_per_year
  double count = 0;          // parts in the job's failure domain
  double rate_per_year = 0;  // failures per part per year (8,766 h)
  double weibull_shape = 1;  // β of a power-law process; 1 = exponential (constant rate)
  // Share of failures that stop the job; the rest are absorbed (FEC, link
  // retraining, ECMP re-routing, ECC) and only counted.
  double interrupt_share = 1;
  // Share of interrupting failures that first run slow (a straggler) until
  // detected and drained: fail-slow versus fail-stop. Default 0: Llama 3
  // Table 5 counts interruptions, not stragglers, and no published per-class
  // split was found; set it to study fail-slow parts.
  double fail_slow_share = 0;
  // GPUs made unusable by one failure (reported; a synchronous job stops
  // entirely whatever the radius, so GPU-hours lost count all its GPUs).
  // What the radius costs is modelled by nodes_lost (spares, elastic).
  double blast_radius_gpus = 1;
  int nodes_lost = 1;            // nodes swapped from the spare pool; 0 = restart in place
  double repair_s = 24 * 3600.0;  // until the swapped part is back in the pool
  std::string source;            // where the rate and shares come from

  // Interrupting failures per hour of the whole class.
  double interruptsPerHour() const { return count * rate_per_year * interrupt_share / 8766.0; }
  bool operator==(const FailureClass&) const = default;
};

}  // namespace cf
