// Cross-field validation of scenarios and projects. Every issue names the
// object and field ("job.parallelism.tp: 6 does not divide heads=32",
// "layout.sites[0].halls[0].rows[0].racks[2]: 46.1 kW exceeds the rack's 40 kW budget").
//
// Every issue carries a stable message id and its arguments (design/Messages.h).
// The checks live here; the remedies offered for a fabric that cannot connect
// its NICs in design/Remedies.cpp; Clos capacity in design/ClosRules.h.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "design/Messages.h"
#include "design/Project.h"

namespace cf {

// `prefix` is prepended to every path (e.g. "scenarios[1]").
std::vector<Issue> validateScenario(const Scenario& s, const Catalog& parts, const std::string& prefix = "");
std::vector<Issue> validateProject(const Project& p);
// The path prefix of scenario `index`'s issues in a project of `count`
// scenarios: "scenarios[index]" when there are several, "" when the project is
// one scenario (its issues read as that scenario's). validateProject and
// Document::validate both use it.
std::string scenarioIssuePrefix(std::size_t index, std::size_t count);

}  // namespace cf
