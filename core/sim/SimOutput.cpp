#include "sim/SimOutput.h"

#include "reliability/ReliabilitySection.h"

namespace cf {

nlohmann::json toJson(const SimOutput& o, bool hostSpecific) {
  nlohmann::json out = nlohmann::json::object();
  out["performance"] = performanceJson(o.performance);
  if (o.topology) out["topology"] = topology::sectionJson(*o.topology);
  if (o.network && o.topology)
    out["network"] = netsim::networkJson(o.network->result, o.topology->fabric, o.network->options);
  if (o.flow) {
    const FlowFigures& f = *o.flow;
    out["performance"]["flow"] = {{"step_time_s", f.step_time_s},
                                  {"analytical_step_time_s", f.analytical_step_time_s},
                                  {"ratio_to_analytical", f.ratio_to_analytical},
                                  {"time_to_train_days", f.time_to_train_days},
                                  {"mfu", o.mfu()},
                                  {"tokens_per_s", o.tokensPerSecond()},
                                  {"explanation", f.explanation}};
    out["performance"]["step_time_source"] = "flow";
  }
  if (o.reliability) {
    out["reliability"] = reliabilityJson(*o.reliability);
    if (!hostSpecific)
      for (const char* key : {"backend", "backend_detail"}) out["reliability"].erase(key);
  }
  out["energy"] = energySection(o.energy);
  out["cost"] = costSection(o.cost);
  return out;
}

}  // namespace cf
