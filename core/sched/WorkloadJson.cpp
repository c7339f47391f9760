#include <cmath>

#include "common/JsonReader.h"
#include "design/ScenarioJson.h"
#include "sched/Workload.h"
#include "design/Limits.h"
#include "sched/Jobs.h"

namespace cf::sched {
namespace {

constexpr double kMaxHours = 1e6;  // ~114 years: any longer is a typo

Team readTeam(ObjectReader r) {
  Team t;
  t.name = r.requiredString("name");
  if (t.name.empty()) throw InputError(r.keyPath("name"), "a team needs a name");
  t.share = r.number("share", 1.0, 1e-9, 1e9);
  t.quota_gpus = r.integer("quota_gpus", 0, 0, 1LL << 40);
  r.finish();
  return t;
}

JobClass readClass(ObjectReader r, const Workload& w) {
  JobClass c;
  c.name = r.requiredString("name");
  c.team = r.string("team", "default");
  if (w.team(c.team) < 0)
    throw InputError(r.keyPath("team"), "unknown team \"" + c.team + "\" (not in \"teams\")");
  c.gpus = static_cast<int>(r.requiredInteger("gpus", 1, 1 << 24));
  const bool hasDuration = r.has("duration_h");
  const bool hasModel = r.has("model");
  if (hasDuration == hasModel)
    throw InputError(r.keyPath(hasDuration ? "model" : "duration_h"),
                     "give either duration_h or a model with train_tokens, not both and not neither");
  if (hasDuration) {
    c.size.duration_s = 3600 * r.requiredNumber("duration_h", 1e-6, kMaxHours);
    c.size.distribution = r.choice("duration_distribution", "exponential", {"exponential", "fixed"});
  } else {
    c.size.model = modelFromJson(*r.raw("model"), r.keyPath("model"));
    if (const json* p = r.raw("parallelism")) c.size.parallelism = parallelismFromJson(*p, r.keyPath("parallelism"));
    c.size.precision = r.choice("precision", "bf16", {"fp32", "bf16", "fp16", "fp8"});
    c.size.train_tokens = r.requiredNumber("train_tokens", 1.0, 1e15);
    const long long replica = 1LL * c.size.parallelism.tp * c.size.parallelism.pp * c.size.parallelism.cp;
    if (c.gpus % replica != 0)
      throw InputError(r.keyPath("gpus"), std::to_string(c.gpus) + " GPUs is not a multiple of tp*pp*cp = " +
                                              std::to_string(replica));
  }
  auto a = r.object("arrival", true);
  const std::string process = a.choice("process", "poisson", {"poisson", "list"});
  if (process == "poisson") {
    c.rate_per_h = a.requiredNumber("rate_per_h", 1e-9, 1e9);
  } else {
    const json* times = a.array("times_h", true);
    for (std::size_t i = 0; i < times->size(); ++i) {
      const json& t = (*times)[i];
      const std::string at = indexPath(a.keyPath("times_h"), i);
      if (!t.is_number()) throw InputError(at, "expected hours, got " + describe(t));
      const double h = t.get<double>();
      if (!std::isfinite(h) || h < 0 || h > kMaxHours) throw InputError(at, "hours must be in [0, 1e6]");
      c.arrivals_h.push_back(h);
    }
  }
  a.finish();
  c.count = r.integer("count", 0, 0, 1LL << 32);
  c.priority = static_cast<int>(r.integer("priority", 0, -1000000, 1000000));
  if (r.has("elastic")) {
    auto e = r.object("elastic");
    c.min_gpus = static_cast<int>(e.requiredInteger("min_gpus", 1, 1 << 24));
    c.max_gpus = static_cast<int>(e.requiredInteger("max_gpus", 1, 1 << 24));
    if (c.max_gpus < c.min_gpus)
      throw InputError(e.keyPath("max_gpus"), "max_gpus " + std::to_string(c.max_gpus) + " is below min_gpus " +
                                                  std::to_string(c.min_gpus));
    if (c.gpus < c.min_gpus || c.gpus > c.max_gpus)
      throw InputError(r.keyPath("gpus"), "gpus must lie in the elastic range [min_gpus, max_gpus]");
    e.finish();
  }
  c.deadline_h = r.number("deadline_h", 0.0, 0.0, kMaxHours);
  c.checkpoint_write_s = r.number("checkpoint_write_s", 60.0, 0.0, 1e6);
  r.finish();
  return c;
}

}  // namespace

const char* contentionName(Contention c) { return c == Contention::LeafUplinks ? "leaf-uplinks" : "none"; }

int Workload::team(const std::string& name) const {
  for (std::size_t i = 0; i < teams.size(); ++i)
    if (teams[i].name == name) return static_cast<int>(i);
  return -1;
}

Workload workloadFromJson(const json& j, const std::string& path) {
  ObjectReader r(j, path);
  Workload w;
  const std::string format = r.string("format", kWorkloadFormat);
  if (format != kWorkloadFormat) throw InputError(r.keyPath("format"), "\"" + format + "\" is not " + kWorkloadFormat);
  w.horizon_h = r.number("horizon_h", w.horizon_h, 1e-6, kMaxHours);
  w.failures = r.boolean("failures", true);
  w.restart_s = r.number("restart_s", -1.0, -1.0, 1e6);
  w.contention = r.choice("contention", "none", {"none", "leaf-uplinks"}) == "none" ? Contention::None
                                                                                   : Contention::LeafUplinks;
  if (const json* teams = r.array("teams")) {
    if (static_cast<long long>(teams->size()) > teamLimit())
      throw InputError(r.keyPath("teams"), std::to_string(teams->size()) + " teams; the limit is " +
                                               std::to_string(teamLimit()) +
                                               (workBudgetsLifted() ? "" : " (--allow-large lifts it)"));
    for (std::size_t i = 0; i < teams->size(); ++i) {
      Team t = readTeam(ObjectReader((*teams)[i], indexPath(r.keyPath("teams"), i)));
      if (w.team(t.name) >= 0)
        throw InputError(indexPath(r.keyPath("teams"), i) + ".name", "team \"" + t.name + "\" is listed twice");
      w.teams.push_back(t);
    }
  }
  const json* classes = r.array("classes");
  // A class without "team" belongs to "default", which exists unless the file names teams of its own.
  if (classes && w.teams.empty()) w.teams.push_back(Team{"default"});
  if (classes && classes->size() > kMaxJobClasses)
    throw InputError(r.keyPath("classes"), std::to_string(classes->size()) + " classes; the limit is " +
                                               std::to_string(kMaxJobClasses));
  if (classes) {
    for (std::size_t i = 0; i < classes->size(); ++i) {
      JobClass c = readClass(ObjectReader((*classes)[i], indexPath(r.keyPath("classes"), i)), w);
      for (const JobClass& o : w.classes)
        if (o.name == c.name)
          throw InputError(indexPath(r.keyPath("classes"), i) + ".name", "class \"" + c.name + "\" is listed twice");
      w.classes.push_back(std::move(c));
    }
  }
  r.finish();
  return w;
}

json workloadToJson(const Workload& w) {
  json out = {{"format", kWorkloadFormat}, {"horizon_h", w.horizon_h}, {"failures", w.failures}};
  if (w.restart_s >= 0) out["restart_s"] = w.restart_s;
  if (w.contention != Contention::None) out["contention"] = contentionName(w.contention);
  json teams = json::array();
  for (const Team& t : w.teams) {
    json tj = {{"name", t.name}, {"share", t.share}};
    if (t.quota_gpus > 0) tj["quota_gpus"] = t.quota_gpus;
    teams.push_back(tj);
  }
  out["teams"] = teams;
  json classes = json::array();
  for (const JobClass& c : w.classes) {
    json cj = {{"name", c.name}, {"team", c.team}, {"gpus", c.gpus}, {"priority", c.priority}};
    if (c.size.model) {
      cj["model"] = modelToJson(*c.size.model);
      cj["parallelism"] = parallelismToJson(c.size.parallelism);
      cj["precision"] = c.size.precision;
      cj["train_tokens"] = c.size.train_tokens;
    } else {
      cj["duration_h"] = c.size.duration_s / 3600;
      cj["duration_distribution"] = c.size.distribution;
    }
    if (c.arrivals_h.empty()) cj["arrival"] = {{"process", "poisson"}, {"rate_per_h", c.rate_per_h}};
    else cj["arrival"] = {{"process", "list"}, {"times_h", c.arrivals_h}};
    if (c.count > 0) cj["count"] = c.count;
    if (c.elastic()) cj["elastic"] = {{"min_gpus", c.min_gpus}, {"max_gpus", c.max_gpus}};
    if (c.deadline_h > 0) cj["deadline_h"] = c.deadline_h;
    cj["checkpoint_write_s"] = c.checkpoint_write_s;
    classes.push_back(cj);
  }
  out["classes"] = classes;
  return out;
}

}  // namespace cf::sched
