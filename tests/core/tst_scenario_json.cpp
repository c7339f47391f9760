// Scenario JSON: the stable keys of docs/scenario-format.md, defaults, errors naming
// the key path, and lossless round trips.
#include <QtTest>

#include "TestData.h"
#include "common/JsonReader.h"
#include "design/ScenarioJson.h"

using namespace cf;
using nlohmann::json;

class TestScenarioJson : public QObject {
  Q_OBJECT
 private slots:
  void readsTheFormatExample() {
    Scenario s = scenarioFromJson(cftest::formatExample());
    QCOMPARE(s.cluster.accelerator, std::string("A100-SXM4-80GB"));
    QCOMPARE(s.cluster.nodes, 192);
    QCOMPARE(s.cluster.gpus(), 1536LL);
    QCOMPARE(s.cluster.scale_up.bandwidth_GBps, 300.0);
    QCOMPARE(s.cluster.scale_out.switch_id, std::string("QM8700-HDR-40p"));
    QCOMPARE(s.cluster.storage.size(), std::size_t(2));
    QCOMPARE(s.cluster.storage[1].write_GBps, 250.0);
    QCOMPARE(s.job.model.ffnHidden(), 49152);
    QCOMPARE(s.job.parallelism.tp * s.job.parallelism.pp * s.job.parallelism.dp, 1536);
    QCOMPARE(s.job.parallelism.recompute, std::string("full"));
    QVERIFY(!s.job.checkpoint.interval_s.has_value());  // "optimal"
    QCOMPARE(s.job.checkpoint.target, std::string("pfs"));
    QCOMPARE(s.reliability.trials, 2000);
    QCOMPARE(s.reliability.seed, 42ULL);
  }

  void defaults() {
    Scenario s = scenarioFromJson(cftest::smallScenario());
    QCOMPARE(s.cluster.accelerators_per_node, 8);
    QCOMPARE(s.job.model.kvHeads(), 8);
    QCOMPARE(s.job.parallelism.dp, 0);  // automatic: derived from the GPU count
    QCOMPARE(s.job.precision, std::string("bf16"));
    QCOMPARE(s.cluster.facility.cooling, std::string("air"));
    QCOMPARE(s.job.parallelism.zero_stage, 1);
    json j = cftest::smallScenario();
    j["job"]["model"].erase("ffn_hidden");
    j["job"]["model"].erase("kv_heads");
    Scenario d = scenarioFromJson(j);
    QCOMPARE(d.job.model.ffnHidden(), 4 * 4096);
    QCOMPARE(d.job.model.kvHeads(), 32);
  }

  void roundTripIsLossless() {
    for (const json& in : {cftest::formatExample(), cftest::smallScenario()}) {
      Scenario a = scenarioFromJson(in);
      json out = scenarioToJson(a);
      Scenario b = scenarioFromJson(out);
      QVERIFY(a == b);
      QCOMPARE(QString::fromStdString(scenarioToJson(b).dump()), QString::fromStdString(out.dump()));
    }
  }

  void extensionKeysRoundTrip() {
    json j = cftest::smallScenario();
    j["job"]["software"] = {{"flash_attention", false}, {"overlap_dp", true}};
    j["reliability"] = {{"recovery", "in-memory"}, {"optics_lane_tolerance", true}};
    j["cluster"]["facility"] = {{"cooling", "direct-liquid"}, {"cooling_system", "dlc-full-coldplate"},
                                {"power_redundancy", "2N"}, {"utilization", 0.6}, {"cloud_usd_per_gpu_hour", 2.5}};
    Scenario a = scenarioFromJson(j);
    QCOMPARE(a.job.software.flash_attention, std::optional<bool>(false));
    QVERIFY(!a.job.software.sequence_parallel.has_value());
    QCOMPARE(a.reliability.recovery, std::string("in-memory"));
    QCOMPARE(a.cluster.facility.power_redundancy, std::string("2N"));
    Scenario b = scenarioFromJson(scenarioToJson(a));
    QVERIFY(a == b);
    j["reliability"]["recovery"] = "prayer";
    QVERIFY_THROWS_EXCEPTION(InputError, scenarioFromJson(j));
  }

  // The MLA, dense-first-layer and MTP model keys (docs/scenario-format.md) read, write and round-trip.
  void architectureKeysRoundTrip() {
    json j = cftest::smallScenario();
    j["job"]["model"].update({{"attention", "mla"}, {"q_lora_rank", 1536}, {"kv_lora_rank", 512},
                              {"qk_rope_head_dim", 64}, {"v_head_dim", 128}, {"head_dim", 128},
                              {"experts", 8}, {"top_k", 2}, {"first_dense_layers", 1},
                              {"dense_ffn_hidden", 18432}, {"mtp_depth", 1}});
    Scenario a = scenarioFromJson(j);
    const ModelSpec& m = a.job.model;
    QCOMPARE(m.attention, std::string("mla"));
    QVERIFY(m.mla());
    QCOMPARE(m.q_lora_rank, 1536);
    QCOMPARE(m.kv_lora_rank, 512);
    QCOMPARE(m.qk_rope_head_dim, 64);
    QCOMPARE(m.vHeadDim(), 128);
    QCOMPARE(m.first_dense_layers, 1);
    QCOMPARE(m.denseFfnHidden(), 18432);
    QCOMPARE(m.mtp_depth, 1);
    json out = scenarioToJson(a);
    QCOMPARE(QString::fromStdString(out["job"]["model"]["attention"].get<std::string>()), QString("mla"));
    Scenario b = scenarioFromJson(out);
    QVERIFY(a == b);
    // Defaults are not written: a plain model's file gains no key.
    Scenario plain = scenarioFromJson(cftest::smallScenario());
    QCOMPARE(plain.job.model.attention, std::string("mha"));
    json po = scenarioToJson(plain)["job"]["model"];
    for (const char* key : {"attention", "q_lora_rank", "kv_lora_rank", "qk_rope_head_dim", "v_head_dim",
                            "first_dense_layers", "dense_ffn_hidden", "mtp_depth"})
      QVERIFY2(!po.contains(key), key);
  }

  void inlineAcceleratorSpec() {
    json j = cftest::smallScenario();
    j["cluster"]["accelerator"] = {{"id", "MyChip"}, {"peak_tflops", {{"bf16", 500}}}, {"hbm_GiB", 96},
                                   {"hbm_GBps", 3000}, {"tdp_W", 600}, {"source", "vendor brief"}};
    Project p = projectFromJson(j);
    QVERIFY(p.scenarios[0].cluster.accelerator_spec.has_value());
    QVERIFY(p.parts.accelerator("MyChip"));
    Scenario back = scenarioFromJson(scenarioToJson(p.scenarios[0]));
    QVERIFY(back == p.scenarios[0]);
  }

  void errorsNameTheKeyPath_data() {
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("value");  // JSON text
    QTest::addColumn<QString>("path");
    QTest::newRow("tp as word") << "/job/parallelism/tp" << "\"eight\"" << "job.parallelism.tp";
    QTest::newRow("negative nodes") << "/cluster/nodes" << "-4" << "cluster.nodes";
    QTest::newRow("fractional layers") << "/job/model/layers" << "2.5" << "job.model.layers";
    QTest::newRow("unknown topology") << "/cluster/scale_out/topology" << "\"hypercube\"" << "cluster.scale_out.topology";
    QTest::newRow("oversubscription < 1") << "/cluster/scale_out/oversubscription" << "0.5" << "cluster.scale_out.oversubscription";
    QTest::newRow("unknown key") << "/job/parallelism/tensor_parallel" << "4" << "job.parallelism.tensor_parallel";
    QTest::newRow("bad interval") << "/job/checkpoint/interval_s" << "\"sometimes\"" << "job.checkpoint.interval_s";
    QTest::newRow("storage not array") << "/cluster/storage" << "{}" << "cluster.storage";
    QTest::newRow("tier without name") << "/cluster/storage/0/name" << "null" << "cluster.storage[0].name";
    QTest::newRow("bad precision") << "/job/precision" << "\"int4\"" << "job.precision";
    QTest::newRow("zero stage 4") << "/job/parallelism/zero_stage" << "4" << "job.parallelism.zero_stage";
    QTest::newRow("rate negative") << "/reliability/failure_rates/gpu" << "-1" << "reliability.failure_rates.gpu";
    QTest::newRow("wrong format") << "/format" << "\"clusterforge.scenario/9\"" << "format";
    QTest::newRow("cluster missing") << "/cluster" << "null" << "cluster";
    QTest::newRow("unknown attention") << "/job/model/attention" << "\"linear\"" << "job.model.attention";
    QTest::newRow("negative kv_lora_rank") << "/job/model/kv_lora_rank" << "-1" << "job.model.kv_lora_rank";
    QTest::newRow("zero v_head_dim") << "/job/model/v_head_dim" << "0" << "job.model.v_head_dim";
    QTest::newRow("mtp_depth 101") << "/job/model/mtp_depth" << "101" << "job.model.mtp_depth";
  }
  void errorsNameTheKeyPath() {
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    QFETCH(QString, path);
    json j = cftest::formatExample();
    j[json::json_pointer(pointer.toStdString())] = json::parse(value.toStdString());
    try {
      scenarioFromJson(j);
      QFAIL("accepted bad input");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), path);
      QVERIFY(QString(e.what()).startsWith(path + ": "));
    }
  }

  // A key holding control characters (a NUL among them, found by fuzz_project
  // in a catalog object): the message names it escaped, never an internal error.
  void unknownKeyWithControlCharacters() {
    json j = cftest::formatExample();
    j["job"]["parallelism"][std::string("t\0p\n", 4)] = 4;
    try {
      scenarioFromJson(j);
      QFAIL("accepted an unknown key");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QStringLiteral("job.parallelism.t\\u0000p\\u000a"));
      QCOMPARE(QString::fromStdString(e.message()), QStringLiteral("unknown key"));
      QCOMPARE(QString::fromUtf8(e.what()), QStringLiteral("job.parallelism.t\\u0000p\\u000a: unknown key"));
    }
  }

  void physicalRanges_data() {
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("value");  // JSON text
    QTest::addColumn<QString>("message");  // the whole error text
    QTest::newRow("nodes 1e19") << "/cluster/nodes" << "1e19" << "cluster.nodes: 1e+19 is out of range [1, 10000000]";
    QTest::newRow("nodes 2^64") << "/cluster/nodes" << "18446744073709551615"
                                << "cluster.nodes: 18446744073709551615 is out of range [1, 10000000]";
    QTest::newRow("train tokens") << "/job/train_tokens" << "1e300" << "job.train_tokens: 1e+300 is out of range [1, 1e+15]";
    QTest::newRow("failure rate") << "/reliability/failure_rates" << "{\"gpu\": 1e9}"
                                  << "reliability.failure_rates.gpu: 1e+09 is out of range [0, 100]";
    QTest::newRow("scale-up bandwidth") << "/cluster/scale_up/bandwidth_GBps" << "1e-300"
                                        << "cluster.scale_up.bandwidth_GBps: 1e-300 is out of range: 0 or [1, 100000]";
    QTest::newRow("storage read") << "/cluster/storage/1/read_GBps" << "1e300"
                                  << "cluster.storage[1].read_GBps: 1e+300 is out of range [0, 1e+06]";
    QTest::newRow("switch radix") << "/cluster/scale_out/switch_radix" << "100000"
                                  << "cluster.scale_out.switch_radix: 100000 is out of range [0, 1024]";
    QTest::newRow("accelerator TFLOP/s") << "/cluster/accelerator"
                                         << R"({"id": "x", "peak_tflops": {"bf16": 1e-300}, "hbm_GiB": 80, "hbm_GBps": 2000, "tdp_W": 400})"
                                         << "cluster.accelerator.peak_tflops.bf16: 1e-300 is out of range: 0 or [0.01, 1e+06]";
    QTest::newRow("part price") << "/cluster/accelerator"
                                << R"({"id": "x", "peak_tflops": {"bf16": 300}, "hbm_GiB": 80, "hbm_GBps": 2000, "tdp_W": 400, "price_usd": 1e300})"
                                << "cluster.accelerator.price_usd: 1e+300 is out of range [0, 1e+09]";
  }
  void physicalRanges() {
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    QFETCH(QString, message);
    json j = cftest::formatExample();
    j[json::json_pointer(pointer.toStdString())] = json::parse(value.toStdString());
    try {
      scenarioFromJson(j);
      QFAIL("accepted an out-of-range value");
    } catch (const InputError& e) {
      QCOMPARE(QString(e.what()), message);
    }
  }

  void numberBeyondDoubleNamesKeyAndLine() {
    try {
      parseJsonText("{\n  \"job\": {\"a\": [1, {\"train_tokens\": 1E400}]}\n}");
      QFAIL("accepted 1E400");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("job.a[1].train_tokens"));
      QVERIFY2(QString(e.what()).contains("number out of range: 1E400"), e.what());
      QVERIFY2(QString(e.what()).contains("line 2, column 37"), e.what());
    }
    QVERIFY_THROWS_EXCEPTION(InputError, parseJsonText("[-1e999]"));
  }

  void checkedProducts() {
    QCOMPARE(checkedProduct(1LL << 31, 1LL << 31, "x", "a * b"), 1LL << 62);
    try {
      checkedProduct(1LL << 32, 1LL << 32, "job.parallelism.dp", "tp * dp");
      QFAIL("2^64 did not overflow");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("job.parallelism.dp"));
    }
  }

  void syntaxErrorsAreInputErrors() {
    QVERIFY_THROWS_EXCEPTION(InputError, parseJsonText("{ \"format\": "));
    QVERIFY_THROWS_EXCEPTION(InputError, parseJsonText("\x01\x02garbage"));
    QVERIFY_THROWS_EXCEPTION(InputError, projectFromJson(json::array()));
  }

  void projectFormat() {
    json proj = {{"format", kProjectFormat}, {"name", "Before/after"}, {"description", "Two designs"},
                 {"scenarios", {cftest::smallScenario(), cftest::formatExample()}}};
    Project p = projectFromJson(proj);
    QCOMPARE(p.scenarios.size(), std::size_t(2));
    QVERIFY(p.parts.accelerator("H100-SXM5-80GB"));
    QVERIFY(p.parts.accelerator("A100-SXM4-80GB"));
    QVERIFY(p.parts.switchPart("QM8700-HDR-40p"));
    json out = projectToJson(p);
    QCOMPARE(QString::fromStdString(out["format"].get<std::string>()), QString(kProjectFormat));
    QVERIFY(!out.contains("parts"));  // only catalog parts: nothing custom to carry
    Project back = projectFromJson(out);
    QVERIFY(back == p);
    // Errors inside a project name the scenario.
    proj["scenarios"][1]["job"]["parallelism"]["pp"] = "x";
    try {
      projectFromJson(proj);
      QFAIL("accepted bad input");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("scenarios[1].job.parallelism.pp"));
    }
  }

  void customPartsTravelWithTheFile() {
    Project p = projectFromJson(cftest::smallScenario());
    Accelerator a = *p.parts.accelerator("H100-SXM5-80GB");
    a.price_usd = 19999;  // negotiated price: must survive, and not leak into the built-in catalog
    p.parts.upsert(a);
    json out = projectToJson(p);
    QVERIFY(out.contains("parts"));
    Project back = projectFromJson(out);
    QCOMPARE(back.parts.accelerator("H100-SXM5-80GB")->price_usd, 19999.0);
    QVERIFY(Catalog::builtin().accelerator("H100-SXM5-80GB")->price_usd != 19999.0);
  }
};

QTEST_GUILESS_MAIN(TestScenarioJson)
#include "tst_scenario_json.moc"
