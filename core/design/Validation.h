// Cross-field validation of scenarios and projects. Every issue names the
// object and field ("job.parallelism.tp: 6 does not divide heads=32",
// "layout.sites[0].halls[0].rows[0].racks[2]: 46.1 kW exceeds the rack's 40 kW budget").
//
// Every issue carries a stable message id and its arguments (Issue::id,
// Issue::args): the English text (Issue::message, what the CLI and JSON print)
// is the id's template below with %1..%n filled in; the GUI translates the
// template by id (models/EngineMessages) and fills in the same arguments.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "common/InputError.h"
#include "design/Project.h"

namespace cf {

// `prefix` is prepended to every path (e.g. "scenarios[1]").
std::vector<Issue> validateScenario(const Scenario& s, const Catalog& parts, const std::string& prefix = "");
std::vector<Issue> validateProject(const Project& p);
bool hasErrors(const std::vector<Issue>& issues);

// The engine's message templates: stable id -> English text with %1..%n.
// Ids never change meaning; a changed wording keeps its id (update the GUI's
// table, models/EngineMessages.cpp, and the zh_CN translation with it).
struct MessageTemplate {
  const char* id;
  const char* english;
};
const std::vector<MessageTemplate>& engineMessageTemplates();
// The English template of `id`; nullptr for an unknown id.
const char* engineMessageTemplate(std::string_view id);
// Fills %1..%99 of `tmpl` with args (in one pass: an argument containing "%2" stays as it is).
std::string formatMessage(std::string_view tmpl, const std::vector<std::string>& args);
// An issue / input error with message id `id` (must be in the table).
Issue makeIssue(std::string path, Issue::Severity severity, const std::string& id, std::vector<std::string> args);
InputError engineError(std::string path, const std::string& id, std::vector<std::string> args);

// Power (W, at full load) and weight (kg) of one placed part, from the catalog.
double placementPower_W(const Placement& p, const Catalog& parts);
double placementWeight_kg(const Placement& p, const Catalog& parts);

// Largest number of endpoints a folded-Clos fabric of `tiers` tiers of
// `radix`-port switches connects with `oversubscription` (down:up) at the leaves.
// Non-blocking: k (1 tier), k^2/2 (2), k^3/4 (3) — Al-Fares et al. 2008.
long long maxFabricEndpoints(int tiers, int radix, double oversubscription);
// The tiers a Clos fabric gets: `tiers`, or more (up to 3) when they cannot
// connect `endpoints` NIC ports (validation warns; topology::specFor builds them).
int tiersNeeded(int tiers, int radix, double oversubscription, long long endpoints);

}  // namespace cf
