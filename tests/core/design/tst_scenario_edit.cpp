// One edit of a scenario re-reads only the part that holds it
// (design/ScenarioEdit.h). The whole scenario's writer and reader are the
// oracle: for every value of every example scenario's file form, and for
// values the writer leaves out, an edit to the same, a changed, a wrong-typed
// and a removed value gives what the whole round trip gives, or is refused
// where it refuses.
#include <QtTest>

#include "../sim/Examples.h"
#include "design/ScenarioEdit.h"
#include "design/ScenarioJson.h"

using namespace cf;
using json = nlohmann::json;

namespace {

// What an edit was before design/ScenarioEdit.h: the whole scenario through
// JSON (the layout carried over, as the editor did).
Scenario wholeRoundTrip(const Scenario& s, const std::string& pointer, const json& value) {
  json j = scenarioToJson(s, /*withLayout=*/false);
  const json::json_pointer ptr(pointer);
  if (value.is_null()) {
    if (j.contains(ptr)) {
      json& parent = j.at(ptr.parent_pointer());
      if (parent.is_array())
        parent.erase(std::stoul(ptr.back()));
      else
        parent.erase(ptr.back());
    }
  } else {
    j[ptr] = value;
  }
  Scenario out = scenarioFromJson(j);
  out.layout = s.layout;
  return out;
}

// Every leaf's pointer (objects and arrays walked; the layout left out).
void leaves(const json& j, const std::string& at, std::vector<std::string>& out) {
  if (at == "/layout") return;
  if (j.is_object() && !j.empty()) {
    for (auto it = j.begin(); it != j.end(); ++it) leaves(it.value(), at + "/" + it.key(), out);
  } else if (j.is_array() && !j.empty()) {
    for (std::size_t i = 0; i < j.size(); ++i) leaves(j[i], at + "/" + std::to_string(i), out);
  } else {
    out.push_back(at);
  }
}

// Values to try at a leaf: itself, changed, of another type, removed.
std::vector<json> trials(const json& v) {
  std::vector<json> t = {v, json(), json("x"), json::object()};
  if (v.is_number()) {
    const double x = v.get<double>();
    t.push_back(x + 1);
    t.push_back(x * 2);
    t.push_back(-1);
    t.push_back(0);
    if (v.is_number_integer()) t.push_back(v.get<long long>() + 1);
  }
  if (v.is_boolean()) t.push_back(!v.get<bool>());
  if (v.is_string()) t.push_back("optimal");
  return t;
}

}  // namespace

class TstScenarioEdit : public QObject {
  Q_OBJECT
 private slots:
  void partsOfPointers() {
    QCOMPARE(scenarioPartOf("/cluster/nodes"), ScenarioPart::Cluster);
    QCOMPARE(scenarioPartOf("/cluster"), ScenarioPart::Cluster);
    QCOMPARE(scenarioPartOf("/clusters"), ScenarioPart::Other);
    QCOMPARE(scenarioPartOf("/job/parallelism/tp"), ScenarioPart::Job);
    QCOMPARE(scenarioPartOf("/reliability/trials"), ScenarioPart::Reliability);
    QCOMPARE(scenarioPartOf("/layout/sites/0/name"), ScenarioPart::Layout);
    QCOMPARE(scenarioPartOf("/workload/horizon_h"), ScenarioPart::Other);
    QCOMPARE(scenarioPartOf("/"), ScenarioPart::Other);
  }

  void editsAgreeWithTheWholeRoundTrip() {
    int edits = 0, refused = 0;
    for (const test::Example& e : test::examples())
      for (const Scenario& s : e.project.scenarios) {
        const json whole = scenarioToJson(s, /*withLayout=*/false);
        std::vector<std::string> pointers;
        leaves(whole, "", pointers);
        // Values the writer leaves out (the reader's default applies), and a whole part.
        for (const char* absent : {"/job/software/preset", "/job/software/tp_overlap", "/job/parallelism/dp",
                                   "/reliability/spare_nodes", "/cluster/scale_out/planes", "/description",
                                   "/workload/horizon_h", "/cluster/scale_out", "/job/checkpoint"})
          pointers.push_back(absent);
        for (const std::string& p : pointers) {
          const json::json_pointer ptr(p);
          const json current = whole.contains(ptr) ? whole.at(ptr) : json();
          QCOMPARE(scenarioValue(s, p), current);
          for (const json& v : trials(current.is_null() ? json(1) : current)) {
            std::string want, got;
            json wantJson, gotJson;
            try {
              wantJson = scenarioToJson(wholeRoundTrip(s, p, v), /*withLayout=*/false);
            } catch (const InputError& x) {
              want = x.what();
            }
            try {
              const Scenario t = withScenarioValue(s, p, v);
              QVERIFY(t.layout == s.layout);
              gotJson = scenarioToJson(t, /*withLayout=*/false);
            } catch (const InputError& x) {
              got = x.what();
            }
            const std::string what = e.file + " " + p + " = " + v.dump() + ": " + want + " | " + got;
            QVERIFY2(want.empty() == got.empty(), what.c_str());
            if (want.empty()) {
              QVERIFY2(gotJson == wantJson, what.c_str());
            } else {
              ++refused;
            }
            ++edits;
          }
        }
      }
    qInfo("%d edits agree with the whole round trip (%d refused by both)", edits, refused);
    QVERIFY(edits > 1000);
    QVERIFY(refused > 100);
  }

  // The other parts are kept, not copied through JSON: an edit of the job
  // leaves the layout and the workload as they were.
  void editKeepsTheOtherParts() {
    const std::vector<test::Example> all = test::examples();
    for (const test::Example& e : all)
      for (const Scenario& s : e.project.scenarios) {
        if (s.layout.empty()) continue;
        const Scenario t = withScenarioValue(s, "/job/train_tokens", json(2e11));
        QCOMPARE(t.job.train_tokens, 2e11);
        QVERIFY(t.layout == s.layout);
        QVERIFY(t.cluster == s.cluster);
        return;
      }
    QSKIP("no example with a layout");
  }
};

QTEST_GUILESS_MAIN(TstScenarioEdit)
#include "tst_scenario_edit.moc"
