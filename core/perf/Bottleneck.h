// Names what limits a training step, in an architect's words.
//
// Rule: when the job does not fit in HBM, "memory". Otherwise the exposed
// time of every term is charged to a resource: compute (kernels, pipeline
// bubble, optimizer), scale_up (collectives inside the scale-up domain),
// scale_out (collectives crossing the scale-out fabric) and data_loading (the
// wait for the next batch: storage, request latency or host CPU,
// perf/DataLoading.h). A communication or data-loading resource is the bottleneck when it
// holds at least kShareThreshold of the step; otherwise compute is, and the
// detail names the largest loss (bubble, HBM-bound kernels, ...).
// kShareThreshold = 0.15 (estimate: below that, no fabric upgrade changes
// the step time by more than ~15 %).
//
// The detail is made of clauses, each a stable id and its arguments (numbers
// already formatted, as strings), like the validation messages
// (design/Validation.h): the English detail is every clause's template with
// %1..%n filled in, joined with "; " — except a clause whose id starts with
// "bottleneck-exposed", which is joined to the one before with ": ". The GUI
// translates the templates by id (models/EngineMessages) with the same args.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "perf/PerfModel.h"

namespace cf {

struct BottleneckClause {
  std::string id;
  std::vector<std::string> args;
};

struct Bottleneck {
  std::string resource;  // compute | scale_up | scale_out | data_loading | memory
  std::string detail;
  std::vector<BottleneckClause> clauses;  // detail == bottleneckDetail(clauses)
};

Bottleneck diagnoseBottleneck(const PerfModel& model, const PerfResult& r);

// The bottleneck clause templates: stable id -> English text with %1..%n.
// Ids never change meaning (keep models/EngineMessages.cpp and the zh_CN
// translation in step with this table).
struct BottleneckTemplate {
  const char* id;
  const char* english;
};
const std::vector<BottleneckTemplate>& bottleneckTemplates();
// The English template of `id`; nullptr for an unknown id.
const char* bottleneckTemplate(std::string_view id);
// True for a clause joined to the one before with ": " rather than "; ".
bool bottleneckClauseContinues(std::string_view id);
// The English detail of `clauses` (an unknown id contributes nothing).
std::string bottleneckDetail(const std::vector<BottleneckClause>& clauses);

}  // namespace cf
