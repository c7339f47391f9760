// A lever waterfall (docs/scenario-format.md, "Waterfall"; issue 17): a
// baseline scenario and an ordered list of steps, each a named delta of
// scenario keys. Step k's scenario is the baseline with the changes of steps
// 1..k applied in order (cumulative); the waterfall simulates the baseline and
// each of them, and says what each step bought.
//
// A step's `changes` is a JSON-merge-patch-like object (RFC 7396): keys are
// scenario key paths, written nested ({"job": {"parallelism": {"tp": 4}}}) or
// dotted ({"job.parallelism.tp": 4}, "cluster.storage[0].read_GBps"), through
// the sweeps' key-path machinery (sweep/JsonPath.h). An object merges into an
// object key by key; any other value (or an object over a non-object, e.g. an
// inline accelerator spec over a catalog id) replaces; null removes the key so
// that it takes its default.
//
// Reading checks everything a run would trip over, before any simulation:
// each step's cumulative scenario must parse and validate. Errors name the
// spec's path: `steps[2].changes: "job.parallelism.zero" is not a key of the
// scenario format (...)`, `steps[2].changes: job.parallelism.tp: 6 does not
// divide heads=40`. With order "shapley" every subset of the steps (applied
// in the given order) must be a valid scenario too.
#pragma once
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "design/Project.h"
#include "design/ProjectWaterfall.h"  // WaterfallOrder, WaterfallStepSpec
#include "sweep/BaseScenario.h"

namespace cf {

inline constexpr const char* kWaterfallFormat = "clusterforge.waterfall/1";
// Shapley attribution simulates every subset of the steps: 2^n scenarios.
inline constexpr std::size_t kMaxShapleySteps = 8;
// Budget on the simulations of one waterfall (issue 33: 8 Shapley steps on a 405B Monte Carlo scenario were 256
// simulations, each within its own budget, 141 s in all): 65 = 64 steps as given, or 6 steps with Shapley (64
// subsets). clusterforge-cli waterfall --allow-large lifts it to the hard limits above (design/Limits.h).
inline constexpr std::size_t kWaterfallSimulationBudget = 65;
inline constexpr std::size_t kMaxWaterfallSteps = 64;

// Applies `changes` (see the header comment) to `scenario`. Returns the key
// paths it set or removed (leaves). Throws InputError(`where`...) for a
// changes value that is not an object, a malformed key path, or a path
// through a value that is not an object or array; `where` names the changes
// object (e.g. "steps[1].changes").
std::vector<std::string> applyChanges(nlohmann::json& scenario, const nlohmann::json& changes,
                                      const std::string& where);

class WaterfallSpec {
 public:
  // `baseDir` resolves a "base" given as a path. Throws InputError naming the key path.
  static WaterfallSpec fromJson(const nlohmann::json& spec, const std::string& baseDir);
  // Reads a spec file; a relative base path is taken relative to the file.
  static WaterfallSpec fromFile(const std::string& path);
  // A waterfall stored in `project` (design/ProjectWaterfall.h), checked as a
  // spec is: errors name the spec's keys ("steps[1].changes", "base"); a base
  // scenario the project lacks is InputError("base_scenario", ...).
  static WaterfallSpec fromProject(const Project& project, const ProjectWaterfall& w);
  // The stored form of this spec: the base embedded (as a spec's base is
  // outside the project), steps and order as given.
  ProjectWaterfall toProjectWaterfall() const;

  const std::string& name() const { return name_; }
  const std::string& description() const { return description_; }
  WaterfallOrder order() const { return order_; }
  const std::vector<WaterfallStepSpec>& steps() const { return steps_; }
  int trials() const { return trials_; }  // 0: the scenario's reliability.trials
  const Catalog& parts() const { return base_.parts; }  // the base's parts, then the built-in catalog

  // The baseline with the changes of the steps whose bit is set in `mask`
  // (bit i: steps()[i]) applied in the given order. mask 0: the baseline.
  nlohmann::json scenarioJson(std::uint64_t mask) const;
  // Steps 1..k applied (k = 0: the baseline).
  nlohmann::json cumulativeJson(std::size_t k) const { return scenarioJson(prefixMask(k)); }
  static std::uint64_t prefixMask(std::size_t k) { return k >= 64 ? ~0ULL : (1ULL << k) - 1; }
  // A one-scenario project of scenarioJson(mask) with the spec's parts. Throws InputError.
  Project project(std::uint64_t mask) const;

  // The spec with the base inline (no file references).
  nlohmann::json toJson() const;

 private:
  void checkSteps() const;
  void checkScenario(const nlohmann::json& doc, const std::string& where, const std::vector<std::string>& changed) const;

  std::string name_, description_;
  BaseScenario base_;  // the scenario the steps modify, its project and parts
  std::vector<WaterfallStepSpec> steps_;
  WaterfallOrder order_ = WaterfallOrder::AsGiven;
  int trials_ = 0;
};

}  // namespace cf
