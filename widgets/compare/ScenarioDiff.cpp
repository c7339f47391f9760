#include "compare/ScenarioDiff.h"

#include <QLocale>
#include <cmath>
#include <algorithm>
#include <map>

#include "Document.h"
#include "properties/FieldSpec.h"
#include "dashboard/ResultCharts.h"
#include "design/ScenarioJson.h"

namespace cf {

namespace {

const FieldSpec* fieldAt(const std::string& pointer) {
  for (const FieldGroup& g : propertyGroups())
    for (const FieldSpec& f : g.fields)
      if (pointer == f.pointer) return &f;
  return nullptr;
}

// A key without a property-editor label: the key as the scenario file
// writes it ("reliability.optics_lane_tolerance", docs/scenario-format.md),
// array indexes counted from 1 ("cluster.storage[2].read_GBps"). An id, not
// English prose: the same in every interface language.
QString pathInWords(const std::string& pointer) {
  QString out;
  for (const QString& seg : QString::fromStdString(pointer).split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
    bool isIndex = false;
    const int i = seg.toInt(&isIndex);
    if (isIndex)
      out += QStringLiteral("[%1]").arg(i + 1);
    else
      out += (out.isEmpty() ? QString() : QStringLiteral(".")) + seg;
  }
  return out;
}

QString shown(const FieldSpec* f, const nlohmann::json* v) {
  // An absent key is the engine's default for it.
  if (!v || v->is_null()) return ScenarioDiff::tr("default");
  const QLocale loc;
  if (v->is_boolean()) return v->get<bool>() ? ScenarioDiff::tr("yes") : ScenarioDiff::tr("no");
  if (v->is_number()) {
    double x = v->get<double>();
    if (f && f->scale != 0) x /= f->scale;
    QString text = v->is_number_integer() && (!f || f->scale == 1) ? loc.toString(v->get<long long>())
                                                                  : loc.toString(x, 'g', 6);
    if (f && *f->suffix) text += fieldText(f->suffix);
    return text;
  }
  if (v->is_string()) {
    const std::string s = v->get<std::string>();
    return f ? choiceText(f->pointer, s) : QString::fromStdString(s);
  }
  return QString::fromStdString(v->dump());
}

// Racks and parts of a layout's JSON form (sites → halls → rows → racks → placements).
void countLayout(const nlohmann::json& j, long long* racks, long long* parts) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (it.key() == "racks" && it->is_array()) *racks += static_cast<long long>(it->size());
      if (it.key() == "placements" && it->is_array()) *parts += static_cast<long long>(it->size());
      countLayout(*it, racks, parts);
    }
  } else if (j.is_array()) {
    for (const nlohmann::json& e : j) countLayout(e, racks, parts);
  }
}

// Pointers of the lists longer than ScenarioDiff::kMaxListed (not looked into).
void longLists(const nlohmann::json& j, const std::string& at, std::vector<std::string>* out) {
  if (j.is_array() && j.size() > ScenarioDiff::kMaxListed) {
    if (std::find(out->begin(), out->end(), at) == out->end()) out->push_back(at);
    return;
  }
  if (j.is_object())
    for (auto it = j.begin(); it != j.end(); ++it) longLists(*it, at + '/' + it.key(), out);
  else if (j.is_array())
    for (std::size_t i = 0; i < j.size(); ++i) longLists(j[i], at + '/' + std::to_string(i), out);
}

}  // namespace

QString ScenarioDiff::keyText(const std::string& pointer) {
  if (const FieldSpec* f = fieldAt(pointer)) return fieldText(f->label);
  const QString path = pathInWords(pointer);
  const QString label = fieldLabelOfKeyPath(path.toStdString());
  return label.isEmpty() ? path : label;
}

QString ScenarioDiff::valueText(const std::string& pointer, const nlohmann::json* value) {
  return shown(fieldAt(pointer), value);
}

// The layouts are compared as values and summed up from the structs: a
// generated layout of 100,000 GPUs is megabytes of JSON, and writing it out
// on every refresh of the Compare tab cost seconds.
QVector<ScenarioDiff::Input> ScenarioDiff::inputs(const std::vector<const Scenario*>& scenarios) {
  std::vector<nlohmann::json> js;
  bool layoutsDiffer = false;
  for (const Scenario* s : scenarios) {
    js.push_back(scenarioToJson(*s, false));
    layoutsDiffer = layoutsDiffer || !(s->layout == scenarios.front()->layout);
  }
  QVector<Input> out = inputs(js);
  if (layoutsDiffer) {
    Input in;
    in.pointer = "/layout";
    in.label = tr("Rack layout");
    for (const Scenario* s : scenarios) {
      long long racks = 0, parts = 0;
      for (const Site& site : s->layout.sites)
        for (const Hall& hall : site.halls)
          for (const Row& row : hall.rows) {
            racks += static_cast<long long>(row.racks.size());
            for (const Rack& rack : row.racks) parts += static_cast<long long>(rack.placements.size());
          }
      in.values << (racks == 0 ? tr("none") : tr("%1 racks, %2 parts").arg(QLocale().toString(racks),
                                                                           QLocale().toString(parts)));
    }
    out << in;
  }
  return out;
}

QVector<ScenarioDiff::Input> ScenarioDiff::inputs(const std::vector<nlohmann::json>& scenarioJson) {
  QVector<Input> out;
  if (scenarioJson.size() < 2) return out;
  // Bulk data first taken out of the forms, compared whole, one row each.
  std::vector<std::string> bulk{"/layout"};
  for (const nlohmann::json& j : scenarioJson)
    if (j.is_object())
      for (auto it = j.begin(); it != j.end(); ++it)
        if (it.key() != "layout") longLists(*it, '/' + it.key(), &bulk);
  std::vector<nlohmann::json> rest = scenarioJson;
  std::vector<Input> bulkRows;
  for (const std::string& pointer : bulk) {
    const nlohmann::json::json_pointer ptr(pointer);
    std::vector<nlohmann::json> parts;
    for (nlohmann::json& j : rest) {
      if (j.contains(ptr)) {
        parts.push_back(std::move(j.at(ptr)));
        j.at(ptr) = nullptr;  // a placeholder leaf, skipped below
      } else {
        parts.push_back(nullptr);
      }
    }
    bool differ = false;
    for (std::size_t i = 1; i < parts.size() && !differ; ++i) differ = parts[i] != parts[0];
    if (!differ) continue;
    Input in;
    in.pointer = pointer;
    const bool layout = pointer == "/layout";
    in.label = layout ? tr("Rack layout") : pathInWords(pointer);
    for (const nlohmann::json& part : parts) {
      if (layout) {
        long long racks = 0, placed = 0;
        countLayout(part, &racks, &placed);
        in.values << (racks == 0 ? tr("none")
                                 : tr("%1 racks, %2 parts").arg(QLocale().toString(racks), QLocale().toString(placed)));
      } else {
        in.values << (part.is_null() ? tr("default")
                                     : part.is_array() ? tr("%n entries", nullptr, static_cast<int>(part.size()))
                                                       : tr("changed"));
      }
    }
    bulkRows.push_back(std::move(in));
  }
  std::vector<nlohmann::json> flat;
  for (const nlohmann::json& j : rest) flat.push_back(j.flatten());
  // Every leaf of any scenario, in first-seen order.
  std::vector<std::string> order;
  std::map<std::string, bool> seen;
  for (const nlohmann::json& f : flat)
    for (auto it = f.begin(); it != f.end(); ++it)
      if (!seen[it.key()]) {
        seen[it.key()] = true;
        order.push_back(it.key());
      }
  auto inBulk = [&](const std::string& pointer) {
    for (const std::string& b : bulk)
      if (pointer.size() >= b.size() && pointer.compare(0, b.size(), b) == 0 &&
          (pointer.size() == b.size() || pointer[b.size()] == '/'))
        return true;
    return false;
  };
  for (const std::string& pointer : order) {
    if (pointer == "/name" || pointer == "/description" || pointer == "/format") continue;
    if (inBulk(pointer)) continue;
    bool differ = false;
    const nlohmann::json* first = flat[0].contains(pointer) ? &flat[0][pointer] : nullptr;
    for (std::size_t i = 1; i < flat.size() && !differ; ++i) {
      const nlohmann::json* v = flat[i].contains(pointer) ? &flat[i][pointer] : nullptr;
      differ = (first == nullptr) != (v == nullptr) || (first && v && *first != *v);
    }
    if (!differ) continue;
    Input in;
    in.pointer = pointer;
    in.label = keyText(pointer);
    for (const nlohmann::json& fj : flat)
      in.values << valueText(pointer, fj.contains(pointer) ? &fj[pointer] : nullptr);
    out << in;
  }
  for (Input& in : bulkRows) out << std::move(in);
  return out;
}

bool ScenarioDiff::isUntouchedDefault(const Scenario& s) {
  if (!s.layout.empty()) return false;  // the default scenario has none
  nlohmann::json a = scenarioToJson(s), b = scenarioToJson(Document::defaultScenario(QString::fromStdString(s.name)));
  return a == b;
}

int ScenarioDiff::defaultBaseline(const std::vector<const Scenario*>& scenarios) {
  for (std::size_t i = 0; i < scenarios.size(); ++i)
    if (!isUntouchedDefault(*scenarios[i])) return static_cast<int>(i);
  return 0;
}

QString ScenarioDiff::pairSummary(const QString& baseName, const SimOutput& base, const QString& otherName,
                                  const SimOutput& other, const QVector<Input>& differing, int baseIndex,
                                  int otherIndex) {
  const QLocale loc;
  auto pct = [&](double v) { return loc.toString(std::abs(v), 'f', std::abs(v) < 10 ? 1 : 0); };
  // Time to train with failures when the Monte Carlo ran, else failure-free.
  const double tb = base.timeToTrainMeanDays().value_or(base.failureFreeDays());
  const double to = other.timeToTrainMeanDays().value_or(other.failureFreeDays());
  QString time;
  const double dt = tb > 0 ? (to - tb) / tb * 100.0 : 0.0;
  const QString days = tr("%1 vs %2 days").arg(loc.toString(to, 'f', 1), loc.toString(tb, 'f', 1));
  if (std::abs(dt) < 0.5)
    time = tr("%1 trains in about the same time as %2 (%3)").arg(otherName, baseName, days);
  else if (dt < 0)
    time = tr("%1 trains in %2 % less time than %3 (%4)").arg(otherName, pct(dt), baseName, days);
  else
    time = tr("%1 takes %2 % longer to train than %3 (%4)").arg(otherName, pct(dt), baseName, days);
  const double cb = base.cost.tco_usd, co = other.cost.tco_usd;
  const double dc = cb > 0 ? (co - cb) / cb * 100.0 : 0.0;
  const QString tco = tr("TCO %1 vs %2 M USD").arg(loc.toString(co / 1e6, 'f', 1), loc.toString(cb / 1e6, 'f', 1));
  QString cost;
  if (std::abs(dc) < 0.5)
    cost = tr("costs about the same (%1)").arg(tco);
  else if (dc > 0)
    cost = tr("costs %1 % more (%2)").arg(pct(dc), tco);
  else
    cost = tr("costs %1 % less (%2)").arg(pct(dc), tco);

  auto resource = [](const SimOutput& o) {
    QString r = QString::fromStdString(o.performance.bottleneck.resource);
    if (r == QLatin1String("compute")) r = QStringLiteral("compute_resource");
    return ResultCharts::keyName(r);
  };
  const QString rb = resource(base), ro = resource(other);
  QString why = rb == ro ? tr("both are limited by %1").arg(rb) : tr("the bottleneck moves from %1 to %2").arg(rb, ro);
  QVector<const Input*> pair;  // the inputs in which these two differ
  for (const Input& in : differing)
    if (in.values.value(baseIndex) != in.values.value(otherIndex)) pair << &in;
  if (!pair.isEmpty()) {
    QStringList shownInputs;
    for (int i = 0; i < pair.size() && i < 3; ++i)
      shownInputs << tr("%1 %2 → %3").arg(pair[i]->label, pair[i]->values.value(baseIndex),
                                          pair[i]->values.value(otherIndex));
    QString list = shownInputs.join(tr(", "));
    if (pair.size() > 3) list = tr("%1 and %2 more").arg(list).arg(pair.size() - 3);
    why = tr("%1; inputs that differ: %2").arg(why, list);
  }
  return tr("%1 and %2, because %3.").arg(time, cost, why);
}

}  // namespace cf
