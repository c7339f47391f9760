// Reads and writes "job.data" (design/DataPipeline.h): kept out of
// ScenarioJson.cpp so the scenario reader only names the key.
#pragma once
#include <nlohmann/json.hpp>

#include "common/JsonReader.h"
#include "design/DataPipeline.h"

namespace cf {

DataPipeline readDataPipeline(ObjectReader r);
nlohmann::json dataPipelineToJson(const DataPipeline& d);

}  // namespace cf
