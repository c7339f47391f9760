#include "netsim/StepGraph.h"

#include <algorithm>

namespace cf::netsim {

int StepGraph::addLane(int job, std::string name, long long gpus) {
  lanes_.push_back({job, std::move(name), gpus});
  return static_cast<int>(lanes_.size()) - 1;
}

int StepGraph::addCollective(Collective c) {
  collectives_.push_back(std::move(c));
  return static_cast<int>(collectives_.size()) - 1;
}

int StepGraph::addCompute(int job, int lane, std::string label, double duration_s, std::vector<int> deps) {
  Task t;
  t.kind = Task::Kind::Compute;
  t.job = job;
  t.lane = lane;
  t.label = std::move(label);
  t.duration_s = std::max(0.0, duration_s);
  t.deps = std::move(deps);
  tasks_.push_back(std::move(t));
  return static_cast<int>(tasks_.size()) - 1;
}

int StepGraph::addComm(int job, int lane, std::string label, std::vector<std::pair<int, int>> comm,
                       std::vector<int> deps) {
  Task t;
  t.kind = Task::Kind::Comm;
  t.job = job;
  t.lane = lane;
  t.label = std::move(label);
  t.comm = std::move(comm);
  t.deps = std::move(deps);
  tasks_.push_back(std::move(t));
  return static_cast<int>(tasks_.size()) - 1;
}

void StepGraph::append(const StepGraph& g, int jobOffset) {
  const int t0 = static_cast<int>(tasks_.size());
  const int c0 = static_cast<int>(collectives_.size());
  const int l0 = static_cast<int>(lanes_.size());
  for (Lane l : g.lanes_) {
    l.job += jobOffset;
    lanes_.push_back(std::move(l));
  }
  for (const Collective& c : g.collectives_) collectives_.push_back(c);
  for (Task t : g.tasks_) {
    t.job += jobOffset;
    if (t.lane >= 0) t.lane += l0;
    for (auto& [c, r] : t.comm) c += c0;
    for (int& d : t.deps) d += t0;
    tasks_.push_back(std::move(t));
  }
}

int StepGraph::jobs() const {
  int j = 0;
  for (const Task& t : tasks_) j = std::max(j, t.job + 1);
  return j;
}

}  // namespace cf::netsim
