// The bottleneck detail is made of clauses with stable ids (perf/Bottleneck.h):
// every id has a template, the ids are unique, and for the bundled examples
// and for designs that reach the memory, DP-oversubscription and TP-across-
// domain paths, filling the templates with the clause arguments and joining
// them ("; ", or ": " before an "exposed" clause) gives the English detail.
#include <QtTest>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "PerfTestUtil.h"
#include "catalog/Catalog.h"
#include "design/ScenarioJson.h"
#include "design/Validation.h"
#include "perf/Bottleneck.h"
#include "perf/PerfSection.h"

using namespace cf;

namespace {
// The detail rebuilt from performance.bottleneck.clauses as a reader of the
// JSON would (independent of bottleneckDetail): template, %n filled, joined.
std::string rebuild(const nlohmann::json& bottleneck, std::set<std::string>* seen) {
  std::string out;
  for (const nlohmann::json& c : bottleneck.at("clauses")) {
    const std::string id = c.at("id").get<std::string>();
    const char* tmpl = bottleneckTemplate(id);
    if (!tmpl) return "unknown id " + id;
    if (seen) seen->insert(id);
    const std::string text = formatMessage(tmpl, c.at("args").get<std::vector<std::string>>());
    if (!out.empty()) out += id.rfind("bottleneck-exposed", 0) == 0 ? ": " : "; ";
    out += text;
  }
  return out;
}

nlohmann::json perfOf(const nlohmann::json& scenarioJson) {
  Scenario s = cftest::scenario(scenarioJson);
  auto perf = performanceSection(resolve(s, Catalog::builtin()), Catalog::builtin());
  return perf ? *perf : nlohmann::json();
}
}  // namespace

class TestPerfBottleneck : public QObject {
  Q_OBJECT

 private slots:
  void templatesAreUniqueAndNumbered() {
    std::set<std::string> ids;
    for (const BottleneckTemplate& t : bottleneckTemplates()) {
      QVERIFY2(ids.insert(t.id).second, t.id);
      QVERIFY2(std::string(t.id).rfind("bottleneck-", 0) == 0, t.id);
      QCOMPARE(bottleneckTemplate(t.id), t.english);
      // %1..%n without gaps: filling n args leaves no placeholder behind.
      std::vector<std::string> args;
      for (int n = 1; n <= 9; ++n) {
        std::string a = "<";
        a += std::to_string(n);
        a += '>';
        args.push_back(a);
      }
      const std::string filled = formatMessage(t.english, args);
      for (std::size_t i = 0; i + 1 < filled.size(); ++i)
        QVERIFY2(!(filled[i] == '%' && std::isdigit(static_cast<unsigned char>(filled[i + 1]))), t.id);
    }
    QVERIFY(bottleneckTemplate("no-such-clause") == nullptr);
    QVERIFY(bottleneckClauseContinues("bottleneck-exposed-in-all"));
    QVERIFY(!bottleneckClauseContinues("bottleneck-pipeline-bubble"));
  }

  // Every bundled example: the clauses reproduce the detail byte for byte.
  void examplesReproduceDetail() {
    const std::filesystem::path dir = std::filesystem::path(CF_SOURCE_DIR) / "resources/examples";
    std::set<std::string> seen;
    int checked = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() != ".json") continue;
      std::ifstream f(entry.path());
      std::stringstream text;
      text << f.rdbuf();
      Project p;
      try {
        p = projectFromJson(parseJsonText(text.str()));
      } catch (const std::exception&) {
        continue;  // a sweep file, not a project
      }
      const Catalog parts = p.resolvedParts();
      for (const Scenario& s : p.scenarios) {
        std::optional<nlohmann::json> perf;
        try {
          perf = performanceSection(resolve(s, parts), parts);
        } catch (const std::exception&) {
          continue;
        }
        if (!perf) continue;
        const nlohmann::json& b = (*perf)["bottleneck"];
        QVERIFY2(b.contains("clauses") && b["clauses"].is_array() && !b["clauses"].empty(),
                 entry.path().filename().c_str());
        QCOMPARE(rebuild(b, &seen), b["detail"].get<std::string>());
        ++checked;
      }
    }
    QVERIFY(checked >= 6);
    QVERIFY(seen.count("bottleneck-compute-bound"));
    QVERIFY(seen.count("bottleneck-pipeline-bubble"));
  }

  // The Megatron example's sentence names compute, the bubble and recomputation.
  void megatronClauses() {
    std::ifstream f(CF_SOURCE_DIR "/resources/examples/megatron-gpt-145b.cf.json");
    std::stringstream text;
    text << f.rdbuf();
    Project p = projectFromJson(parseJsonText(text.str()));
    const Catalog parts = p.resolvedParts();
    auto perf = performanceSection(resolve(p.scenarios.at(0), parts), parts);
    QVERIFY(perf.has_value());
    const nlohmann::json& clauses = (*perf)["bottleneck"]["clauses"];
    QCOMPARE(clauses.size(), std::size_t(3));
    QCOMPARE(clauses[0]["id"].get<std::string>(), std::string("bottleneck-compute-bound"));
    QCOMPARE(clauses[1]["id"].get<std::string>(), std::string("bottleneck-pipeline-bubble"));
    QCOMPARE(clauses[2]["id"].get<std::string>(), std::string("bottleneck-full-recompute"));
    QCOMPARE(clauses[1]["args"][2].get<std::string>(), std::string("8"));  // pp=8
    QVERIFY(clauses[2]["args"].empty());
  }

  // Designs that reach the other paths: memory, oversubscribed DP, TP across domains.
  void otherPathsReproduceDetail() {
    std::set<std::string> seen;
    {
      nlohmann::json j = cftest::seleneScenario(96, 12288, 80, 8, 8, 64, 64);
      j["job"]["parallelism"]["recompute"] = "none";
      j["job"]["parallelism"]["zero_stage"] = 0;
      const nlohmann::json p = perfOf(j);
      QCOMPARE(p["bottleneck"]["resource"].get<std::string>(), std::string("memory"));
      QCOMPARE(rebuild(p["bottleneck"], &seen), p["bottleneck"]["detail"].get<std::string>());
    }
    {
      nlohmann::json j = cftest::seleneScenario(32, 4096, 36, 8, 1, 512, 512);
      j["cluster"]["scale_out"]["tiers"] = 2;
      j["cluster"]["scale_out"]["switch"] = "QM9700-NDR-64p";
      j["cluster"]["scale_out"]["oversubscription"] = 7.0;
      const nlohmann::json p = perfOf(j);
      QCOMPARE(rebuild(p["bottleneck"], &seen), p["bottleneck"]["detail"].get<std::string>());
    }
    {
      nlohmann::json j = cftest::seleneScenario(64, 8192, 48, 8, 1, 64, 64);
      j["job"]["parallelism"]["tp"] = 16;
      j["job"]["parallelism"]["dp"] = 4;
      const nlohmann::json p = perfOf(j);
      QCOMPARE(rebuild(p["bottleneck"], &seen), p["bottleneck"]["detail"].get<std::string>());
    }
    QVERIFY(seen.count("bottleneck-memory"));
    QVERIFY2(seen.size() >= 3, std::to_string(seen.size()).c_str());
  }

  // bottleneckDetail: the joining rule, an unknown id contributes nothing.
  void detailJoin() {
    const std::vector<BottleneckClause> clauses = {{"bottleneck-pp", {"4"}},
                                                   {"bottleneck-exposed", {"1.00 s", "2.00 s"}},
                                                   {"no-such-clause", {}},
                                                   {"bottleneck-full-recompute", {}}};
    QCOMPARE(bottleneckDetail(clauses),
             std::string("pipeline send/receive between 4 stages: 1.00 s of 2.00 s exposed; "
                         "full recomputation repeats every forward pass"));
  }
};

QTEST_GUILESS_MAIN(TestPerfBottleneck)
#include "tst_perf_bottleneck.moc"
