// The document's revisions and its scenarios as written (Document::Written):
// the parts the content keys, the snapshots for workers and the saves read.
#include <QCryptographicHash>

#include "Document.h"
#include "JsonPath.h"
#include "design/ScenarioJson.h"

namespace cf {

// Every change moves the revision; a scenario's own revision moves when its
// content, name or position changes. The scenarios' written JSON follows
// them: an added or removed scenario does not change the others' content, so
// their JSON is kept (re-dated), and the added one's is taken when given.
void Document::moveRevisions(const ChangeEvent& e) {
  ++revision_;
  using T = ChangeEvent::Type;
  if (e.isWaterfall() || e.type == T::ProjectInfoChanged) return;
  const std::size_t n = project_.scenarios.size();
  const bool inStep = scenarioRevisions_.size() == n;
  if ((e.type == T::ScenarioValueChanged || e.type == T::ScenarioRenamed) && e.scenario >= 0 &&
      static_cast<std::size_t>(e.scenario) < n && inStep) {
    const auto i = static_cast<std::size_t>(e.scenario);
    // A change outside /layout leaves the layout as it was (SetScenarioValue
    // carries it over): its written part stays valid. A change inside it
    // leaves the fields as they were (EditLayout).
    const bool layoutKept = e.type == T::ScenarioRenamed || e.part != ScenarioPart::Layout;
    if (i < scenarioJson_.size()) {
      JsonMemo& m = scenarioJson_[i];
      if (layoutKept && m.layoutRevision == scenarioRevisions_[i]) m.layoutRevision = revision_;
      if (!layoutKept && m.fieldsRevision == scenarioRevisions_[i]) m.fieldsRevision = revision_;
    }
    scenarioRevisions_[i] = revision_;
    return;
  }
  // Added, removed, replaced: every position moves.
  std::vector<JsonMemo> memo;
  const auto at = static_cast<std::size_t>(e.scenario);
  if (e.type == T::ScenarioAdded && e.scenario >= 0 && scenarioJson_.size() + 1 == n &&
      scenarioRevisions_.size() + 1 == n && at < n) {
    memo = std::move(scenarioJson_);
    for (std::size_t i = 0; i < memo.size(); ++i)
      if (memo[i].revision != scenarioRevisions_[i]) memo[i] = {};
    memo.insert(memo.begin() + static_cast<std::ptrdiff_t>(at), JsonMemo{});
    if (written_.size() == 1) memo[at] = JsonMemo{0, 0, 0, std::move(written_.front())};
  } else if (e.type == T::ScenarioRemoved && e.scenario >= 0 && scenarioJson_.size() == n + 1 &&
             scenarioRevisions_.size() == n + 1 && at <= n) {
    memo = std::move(scenarioJson_);
    for (std::size_t i = 0; i < memo.size(); ++i)
      if (memo[i].revision != scenarioRevisions_[i]) memo[i] = {};
    memo.erase(memo.begin() + static_cast<std::ptrdiff_t>(at));
  } else if (e.type == T::ProjectReplaced && written_.size() == n) {
    for (Written& w : written_) memo.push_back(JsonMemo{0, 0, 0, std::move(w)});
  }
  written_.clear();
  scenarioRevisions_.assign(n, revision_);
  for (JsonMemo& m : memo)
    if (m.written.fields) m.revision = m.fieldsRevision = m.layoutRevision = revision_;
  memo.resize(n);
  scenarioJson_ = std::move(memo);
}

std::shared_ptr<const nlohmann::json> Document::scenarioFieldsJson(int index) const {
  scenarioJson_.resize(project_.scenarios.size());
  JsonMemo& m = scenarioJson_.at(static_cast<std::size_t>(index));
  const quint64 rev = scenarioRevision(index);
  if (!m.written.fields || m.fieldsRevision != rev) {
    m.written.fields = std::make_shared<const nlohmann::json>(scenarioToJson(scenario(index), false));
    m.fieldsRevision = rev;
  }
  return m.written.fields;
}

Document::Written Document::scenarioWritten(int index) const {
  scenarioJson_.resize(project_.scenarios.size());
  JsonMemo& m = scenarioJson_.at(static_cast<std::size_t>(index));
  const quint64 rev = scenarioRevision(index);
  if (m.written.fields && m.revision == rev) return m.written;
  if (m.layoutRevision != rev || !m.written.fields) {  // the layout changed (or was never written)
    const Layout& layout = scenario(index).layout;
    m.written.layout = layout.empty() ? nullptr : std::make_shared<const Layout>(layout);
    m.written.layoutDigest = layoutDigestOf(m.written.layout.get());
    m.layoutRevision = rev;
  }
  scenarioFieldsJson(index);  // the fields' part, written again only when they changed
  m.written.digest = contentDigest(*m.written.fields, m.written.layoutDigest);
  m.revision = rev;
  return m.written;
}

Document::Snapshot Document::snapshot() const {
  Snapshot s;
  s.frame.name = project_.name;
  s.frame.description = project_.description;
  s.frame.notes = project_.notes;
  s.frame.parts = project_.parts;
  s.frame.waterfalls = project_.waterfalls;
  for (int i = 0; i < scenarioCount(); ++i) s.scenarios.push_back(scenarioWritten(i));
  return s;
}

Project Document::Snapshot::project() const {
  Project p = frame;
  for (const Written& w : scenarios) p.scenarios.push_back(w.read());
  return p;
}

Project Document::Snapshot::projectForSaving() const {
  Project p = project();
  p.adoptParts();
  return p;
}

Document::Written Document::write(const Scenario& s) {
  Written w;
  w.fields = std::make_shared<const nlohmann::json>(scenarioToJson(s, false));
  if (!s.layout.empty()) w.layout = std::make_shared<const Layout>(s.layout);
  w.layoutDigest = layoutDigestOf(w.layout.get());
  w.digest = contentDigest(*w.fields, w.layoutDigest);
  return w;
}

nlohmann::json Document::Written::whole() const {
  nlohmann::json j = fields ? *fields : nlohmann::json::object();
  if (layout) j["layout"] = layoutJson(*layout);
  return j;
}

Scenario Document::Written::read() const {
  Scenario s = scenarioFromJson(fields ? *fields : nlohmann::json::object());
  if (layout) s.layout = *layout;
  return s;
}

namespace {
QByteArray sha256Hex(const std::string& text) {
  return QCryptographicHash::hash(QByteArrayView(text.data(), static_cast<qsizetype>(text.size())),
                                  QCryptographicHash::Sha256)
      .toHex();
}
}  // namespace

QByteArray Document::layoutDigestOf(const Layout* layout) {
  if (!layout) return {};
  // Every value, in order, in binary: each text after its length, each
  // number as its 8 bytes, so no two layouts feed the same bytes (a few ms
  // at 100,000 GPUs; its JSON text took ~0.3 s).
  QCryptographicHash hash(QCryptographicHash::Sha256);
  std::string bytes;
  bytes.reserve(1 << 17);
  auto flush = [&] {
    hash.addData(QByteArrayView(bytes.data(), static_cast<qsizetype>(bytes.size())));
    bytes.clear();
  };
  auto number = [&](double v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); };
  auto text = [&](const std::string& v) {
    number(static_cast<double>(v.size()));
    bytes += v;
    if (bytes.size() > (1 << 16)) flush();
  };
  for (const Site& site : layout->sites) {
    text(site.name);
    number(static_cast<double>(site.halls.size()));
    for (const Hall& hall : site.halls) {
      text(hall.name);
      number(hall.cold_aisle_m);
      number(hall.hot_aisle_m);
      number(static_cast<double>(hall.rows.size()));
      for (const Row& row : hall.rows) {
        text(row.name);
        number(static_cast<double>(row.racks.size()));
        for (const Rack& rack : row.racks) {
          text(rack.name);
          text(rack.part);
          number(rack.max_power_kW);
          number(rack.max_weight_kg);
          number(rack.slot);
          number(static_cast<double>(rack.placements.size()));
          for (const Placement& p : rack.placements) {
            text(p.kind);
            text(p.part);
            text(p.name);
            number(p.u);
            number(p.height_u);
            text(p.face);
          }
        }
      }
    }
  }
  flush();
  return hash.result().toHex();
}

QByteArray Document::contentDigest(const nlohmann::json& fields, const QByteArray& layoutDigest) {
  return sha256Hex(fields.dump() + '|' + layoutDigest.toStdString());
}

quint64 Document::scenarioRevision(int index) const {
  if (index < 0 || static_cast<std::size_t>(index) >= scenarioRevisions_.size() ||
      scenarioRevisions_.size() != project_.scenarios.size())
    return revision_;
  return scenarioRevisions_[static_cast<std::size_t>(index)];
}

}  // namespace cf
