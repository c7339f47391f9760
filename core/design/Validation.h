// Cross-field validation of scenarios and projects. Every issue names the
// object and field ("job.parallelism.tp: 6 does not divide heads=32",
// "layout.sites[0].halls[0].rows[0].racks[2]: 46.1 kW exceeds the rack's 40 kW budget").
#pragma once
#include <vector>

#include "common/InputError.h"
#include "design/Project.h"

namespace cf {

// `prefix` is prepended to every path (e.g. "scenarios[1]").
std::vector<Issue> validateScenario(const Scenario& s, const Catalog& parts, const std::string& prefix = "");
std::vector<Issue> validateProject(const Project& p);
bool hasErrors(const std::vector<Issue>& issues);

// Power (W, at full load) and weight (kg) of one placed part, from the catalog.
double placementPower_W(const Placement& p, const Catalog& parts);
double placementWeight_kg(const Placement& p, const Catalog& parts);

// Largest number of endpoints a folded-Clos fabric of `tiers` tiers of
// `radix`-port switches connects with `oversubscription` (down:up) at the leaves.
// Non-blocking: k (1 tier), k^2/2 (2), k^3/4 (3) — Al-Fares et al. 2008.
long long maxFabricEndpoints(int tiers, int radix, double oversubscription);

}  // namespace cf
