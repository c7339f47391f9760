// Merge ids of the undo commands, in one place (Qt's Undo Framework example).
#pragma once

namespace cf {

enum CommandId : int {
  kSetScenarioValueId = 1,
  kEditLayoutId = 2,
};

}  // namespace cf
