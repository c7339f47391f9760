// Simulation results cached per scenario content: the key is a SHA-256 of the
// scenario's JSON digest (Document::contentDigest of scenarioToJson), the project's custom parts and the
// simulate options, so an undo back to an earlier design finds its result
// again without running the engine. Bounded: the oldest entries go first.
#pragma once
#include <QByteArray>
#include <QHash>
#include <QList>

#include "SimResult.h"
#include "sim/Simulate.h"

namespace cf {

struct Project;

class ResultCache {
 public:
  explicit ResultCache(int capacity = 64) : capacity_(capacity) {}

  // The key of a scenario from its JSON's digest (Document::scenarioDigest / contentDigest).
  static QByteArray keyOfDigest(const QByteArray& scenarioDigest, const Project& p, const SimulateOptions& options);

  SimResultPtr find(const QByteArray& key) const { return entries_.value(key); }
  void insert(const SimResultPtr& result);
  void clear();
  int size() const { return static_cast<int>(entries_.size()); }

 private:
  int capacity_;
  QHash<QByteArray, SimResultPtr> entries_;
  QList<QByteArray> order_;  // insertion order, oldest first
};

}  // namespace cf
