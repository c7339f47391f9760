// A directed acyclic graph of compute and communication tasks: one training
// step of one or more jobs, as StepSimulator runs it.
//
// Tasks run on lanes: a lane is a rank group whose GPUs do the same thing at
// the same time (a pipeline stage of a job: its tp * cp * dp GPUs), so one
// task stands for all of them (the symmetry reduction of the step: DP replicas
// and TP ranks run identical schedules). A compute task takes a fixed time; a
// communication task runs a sequence of collectives, each `repeat` times back
// to back, whose flows go through the network. A task starts when all its
// dependencies have finished.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "netsim/Collective.h"

namespace cf::netsim {

struct Task {
  enum class Kind : std::uint8_t { Compute, Comm };
  Kind kind = Kind::Compute;
  int job = 0;
  int lane = -1;                 // -1 = not shown on a timeline
  std::string label;             // "forward", "backward", "optimizer", "tp", "pp", "dp", ...
  double duration_s = 0;         // Compute
  std::vector<std::pair<int, int>> comm;  // Comm: (collective index, repeat)
  std::vector<int> deps;
};

struct Lane {
  int job = 0;
  std::string name;  // e.g. "job 0 stage 3"
  long long gpus = 0;
};

class StepGraph {
 public:
  int addLane(int job, std::string name, long long gpus);
  int addCollective(Collective c);
  int addCompute(int job, int lane, std::string label, double duration_s, std::vector<int> deps = {});
  int addComm(int job, int lane, std::string label, std::vector<std::pair<int, int>> comm, std::vector<int> deps = {});
  // Appends another graph (its jobs renumbered from `jobOffset`).
  void append(const StepGraph& g, int jobOffset);

  const std::vector<Task>& tasks() const { return tasks_; }
  std::vector<Task>& tasks() { return tasks_; }
  const std::vector<Collective>& collectives() const { return collectives_; }
  const std::vector<Lane>& lanes() const { return lanes_; }
  int jobs() const;

 private:
  std::vector<Task> tasks_;
  std::vector<Collective> collectives_;
  std::vector<Lane> lanes_;
};

}  // namespace cf::netsim
