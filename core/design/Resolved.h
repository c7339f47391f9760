// A scenario with every automatic value filled in and every part looked up:
// what the models read. Built by resolve(); throws InputError naming the key
// when a referenced part is missing.
#pragma once
#include <string>

#include "catalog/Catalog.h"
#include "design/Scenario.h"

namespace cf {

struct ResolvedScenario {
  const Scenario* scenario = nullptr;
  Accelerator accelerator;
  NodeType node;       // the catalog node, or one synthesised from the cluster's figures
  bool node_from_catalog = false;
  SwitchPart fabric_switch;
  bool switch_from_catalog = false;
  int switch_radix = 0;
  CoolingPart cooling;         // facility.cooling_system, or the first catalog system of facility.cooling
  int domain_size = 8;         // scale-up domain (GPUs)
  double scale_up_GBps = 0;    // per GPU per direction
  int dp = 1;                  // data-parallel degree (derived when the file leaves it out)
  long long global_batch = 1;  // sequences per step
  long long gpus_in_use = 1;   // tp*pp*dp*cp
  long long gpus_total = 1;    // nodes * accelerators_per_node
  double peak_tflops = 0;      // dense peak at the job's precision, per GPU
};

ResolvedScenario resolve(const Scenario& s, const Catalog& parts);

}  // namespace cf
