// The error a sweep spec gets from SweepSpec::fromJson, or "" when it is
// accepted (the sweep tests' checks of messages naming the key).
#pragma once
#include <QString>
#include <nlohmann/json.hpp>

#include "common/InputError.h"
#include "sweep/SweepSpec.h"

namespace cftest {

inline QString specError(const nlohmann::json& j) {
  try {
    cf::SweepSpec::fromJson(j, ".");
  } catch (const cf::InputError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

}  // namespace cftest
