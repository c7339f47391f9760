// Every validation issue carries a stable message id and its arguments, and
// its English text is exactly the id's template with the arguments filled in
// (the CLI prints the text; the GUI translates the template by id).
#include <QtTest>
#include <set>

#include "../TestData.h"
#include "design/Resolved.h"
#include "design/Validation.h"

using namespace cf;
using nlohmann::json;

namespace {
std::vector<Issue> issuesOf(const json& j) { return validateProject(projectFromJson(j)); }

const Issue* find(const std::vector<Issue>& issues, const std::string& id) {
  for (const Issue& i : issues)
    if (i.id == id) return &i;
  return nullptr;
}
}  // namespace

class TestMessageIds : public QObject {
  Q_OBJECT
 private slots:
  void tableIsWellFormed() {
    std::set<std::string> ids;
    for (const MessageTemplate& t : engineMessageTemplates()) {
      QVERIFY(std::string(t.id).size() > 3);
      QVERIFY2(ids.insert(t.id).second, t.id);
      QCOMPARE(QString::fromLatin1(engineMessageTemplate(t.id)), QString::fromLatin1(t.english));
    }
    QVERIFY(engineMessageTemplate("no-such-id") == nullptr);
  }

  void formatting() {
    QCOMPARE(formatMessage("%1 does not divide heads=%2", {"6", "32"}), std::string("6 does not divide heads=32"));
    QCOMPARE(formatMessage("%2/%1", {"a", "b"}), std::string("b/a"));
    QCOMPARE(formatMessage("%1 and %2", {"%2", "x"}), std::string("%2 and x"));  // one pass
    QCOMPARE(formatMessage("%3 stays", {"a"}), std::string("%3 stays"));           // missing argument
    QCOMPARE(formatMessage("%10", {"1", "2", "3", "4", "5", "6", "7", "8", "9", "ten"}), std::string("ten"));
  }

  // Mutations that each raise one known message; every issue raised along the
  // way must carry an id whose template reproduces its text exactly.
  void issuesCarryIds_data() {
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("text");  // the full English text, unchanged for the CLI
    QTest::newRow("tp heads") << "/job/parallelism/tp" << "6" << "tp-not-divide-heads"
                              << "job.parallelism.tp: 6 does not divide heads=32";
    QTest::newRow("too many GPUs") << "/job/parallelism/dp" << "8" << "gpus-exceed-cluster"
                                   << "job.parallelism.dp: tp*pp*dp*cp = 64 GPUs, more than the cluster's 32";
    QTest::newRow("batch") << "/job/parallelism/global_batch" << "6" << "global-batch-not-multiple"
                           << "job.parallelism.global_batch: 6 is not a multiple of dp*micro_batch=4";
    QTest::newRow("pp") << "/job/parallelism/pp" << "64" << "pp-exceeds-layers" << "job.parallelism.pp: 64 exceeds layers=32";
    QTest::newRow("accelerator") << "/cluster/accelerator" << "\"Z100\"" << "part-not-in-catalog"
                                 << "cluster.accelerator: \"Z100\" is not in the catalog";
    QTest::newRow("checkpoint") << "/job/checkpoint/target" << "\"tape\"" << "checkpoint-target-unknown"
                                << "job.checkpoint.target: \"tape\" is not a storage tier of the cluster";
    QTest::newRow("ep") << "/job/parallelism/ep" << "2" << "ep-needs-experts"
                        << "job.parallelism.ep: expert parallelism needs experts > 1";
    QTest::newRow("cp") << "/job/parallelism/cp" << "3" << "cp-not-divide-seq"
                        << "job.parallelism.cp: 3 does not divide seq_len=8192";
    QTest::newRow("tp domain") << "/job/parallelism/tp" << "16" << "tp-beyond-scale-up"
                               << "job.parallelism.tp: 16 spans beyond the scale-up domain of 8 GPUs; TP traffic "
                                  "crosses the scale-out network";
    QTest::newRow("climate") << "/cluster/facility" << "{\"climate\": \"Atlantis\"}" << "climate-unknown" << "";
    QTest::newRow("virtual stages") << "/job/parallelism/virtual_stages" << "2" << "interleave-needs-pp"
                                    << "job.parallelism.virtual_stages: interleaving needs pp > 1";
    QTest::newRow("kv heads") << "/job/model/kv_heads" << "5" << "kv-heads-not-divide-heads"
                              << "job.model.kv_heads: 5 must divide heads=32";
  }
  void issuesCarryIds() {
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    QFETCH(QString, id);
    QFETCH(QString, text);
    json j = cftest::smallScenario();
    j[json::json_pointer(pointer.toStdString())] = json::parse(value.toStdString());
    const auto issues = issuesOf(j);
    for (const Issue& i : issues) {
      QVERIFY2(!i.id.empty(), i.text().c_str());
      const char* tmpl = engineMessageTemplate(i.id);
      QVERIFY2(tmpl, i.id.c_str());
      QCOMPARE(QString::fromStdString(formatMessage(tmpl, i.args)), QString::fromStdString(i.message));
    }
    const Issue* hit = find(issues, id.toStdString());
    QVERIFY2(hit, qPrintable(id));
    if (!text.isEmpty()) QCOMPARE(QString::fromStdString(hit->text()), text);
  }

  void argumentsAreTheNumbers() {
    json j = cftest::smallScenario();
    j["job"]["parallelism"]["tp"] = 6;
    const auto issues = issuesOf(j);
    const Issue* i = find(issues, "tp-not-divide-heads");
    QVERIFY(i);
    QCOMPARE(i->args, (std::vector<std::string>{"6", "32"}));
    QCOMPARE(i->path, std::string("job.parallelism.tp"));
  }

  void fabricWarningAndError() {
    json j = cftest::smallScenario();
    j["cluster"]["nodes"] = 200;  // 1,600 NIC ports on 40-port switches: 2 tiers hold 800
    j["cluster"]["accelerators_per_node"] = 8;
    j["cluster"]["scale_out"] = {{"switch", "QM8700-HDR-40p"}, {"nic_Gbps", 200}, {"tiers", 2}, {"nics_per_node", 8}};
    j["job"]["parallelism"]["global_batch"] = 1600;
    auto issues = issuesOf(j);
    const Issue* w = find(issues, "fabric-ports-exhausted-modelled");
    QVERIFY(w);
    QCOMPARE(w->severity, Issue::Severity::Warning);
    QCOMPARE(w->args, (std::vector<std::string>{"2", "40", "800", "1600", "3"}));
    j["cluster"]["nodes"] = 20000;
    j["cluster"]["scale_out"]["tiers"] = 3;
    issues = issuesOf(j);
    const Issue* e = find(issues, "fabric-ports-exhausted");
    QVERIFY(e);
    QCOMPARE(e->severity, Issue::Severity::Error);
  }

  void resolveErrorsCarryIds() {
    Project p = projectFromJson(cftest::smallScenario());
    p.scenarios[0].cluster.accelerator = "Z100";
    try {
      resolve(p.scenarios[0], p.resolvedParts());
      QFAIL("no error");
    } catch (const InputError& e) {
      QCOMPARE(e.id(), std::string("part-not-in-catalog"));
      QCOMPARE(e.args(), std::vector<std::string>{"Z100"});
      QCOMPARE(std::string(e.what()), std::string("cluster.accelerator: \"Z100\" is not in the catalog"));
      QCOMPARE(e.message(), std::string("\"Z100\" is not in the catalog"));
    }
  }
};

QTEST_GUILESS_MAIN(TestMessageIds)
#include "tst_message_ids.moc"
