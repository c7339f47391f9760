// Issue 15, "one function per physical rule": every model that needs a rule
// calls the same function, so the models agree. Each slot pins a case on
// which the old copies disagreed.
#include <QTest>
#include <map>

#include "catalog/Catalog.h"
#include "design/ClosRules.h"
#include "design/LayoutGenerator.h"
#include "design/Limits.h"
#include "design/NetworkRules.h"
#include "design/ParallelRules.h"
#include "design/Validation.h"
#include "design/Resolved.h"
#include "design/Scenario.h"
#include "design/StorageRules.h"
#include "perf/ClosedFormFabric.h"
#include "perf/ParallelSearch.h"
#include "netsim/TrainingStep.h"
#include "perf/PerfModel.h"
#include "perf/RankOrder.h"
#include "perf/StorageModel.h"
#include "reliability/ReliabilityInputs.h"
#include "topology/Analysis.h"
#include "topology/FabricSpec.h"
#include "topology/Generators.h"

using namespace cf;

namespace {

Scenario cluster(int nodes, int nics, int tiers, const std::string& topology = "fat-tree", int radix = 64,
                 double oversubscription = 1.0) {
  Scenario s;
  s.cluster.accelerator = "H100-SXM5-80GB";
  s.cluster.node_type = "DGX-H100";
  s.cluster.accelerators_per_node = 8;
  s.cluster.nodes = nodes;
  s.cluster.scale_out.nics_per_node = nics;
  s.cluster.scale_out.tiers = tiers;
  s.cluster.scale_out.topology = topology;
  s.cluster.scale_out.switch_radix = radix;
  s.cluster.scale_out.oversubscription = oversubscription;
  s.job.parallelism.dp = 0;  // the whole cluster
  s.job.parallelism.global_batch = 8LL * nodes;
  return s;
}

const FailureClass* failureClass(const ReliabilityInputs& in, const std::string& name) {
  for (const FailureClass& f : in.classes)
    if (f.name == name) return &f;
  return nullptr;
}

// Nodes all of whose access links end on the first leaf of plane 0.
long long wholeNodesOnFirstLeaf(const topology::Fabric& f, int nicsPerNode, int gpusPerNode) {
  std::uint32_t leaf = 0;
  while (leaf < f.devices().size() && f.devices()[leaf].kind != topology::DeviceKind::Leaf) ++leaf;
  std::map<long long, int> portsOfNode;
  for (const topology::Link& l : f.links())
    if (l.kind == topology::LinkKind::Access && l.z == leaf) ++portsOfNode[l.a / gpusPerNode];
  long long whole = 0;
  for (const auto& [node, ports] : portsOfNode) whole += ports == nicsPerNode;
  return whole;
}

}  // namespace

class TestPhysicalRules : public QObject {
  Q_OBJECT

 private slots:
  // Rule 1: nodes per leaf. 6 NICs a node on 32 down ports: 5 whole nodes a
  // leaf (the 6th straddles two leaves). The closed-form fabric rounded down
  // (5), the reliability model's leaf blast radius rounded up (6).
  void nodesPerLeafAgree() {
    const Catalog& parts = Catalog::builtin();
    const Scenario s = cluster(32, 6, 2);
    const ResolvedScenario r = resolve(s, parts);
    QCOMPARE(closNodesPerLeaf(64, 1.0, 2, 6, false), 5LL);
    QCOMPARE(ClosedFormFabric(r).nodesPerLeaf(), 5LL);
    const ReliabilityInputs in = defaultInputs(r, parts, 86400.0, 1e12);
    const FailureClass* leaf = failureClass(in, "switch_leaf");
    QVERIFY(leaf);
    QCOMPARE(leaf->nodes_lost, 5);
    const topology::Fabric f = topology::generate(topology::specFor(r));
    QCOMPARE(wholeNodesOnFirstLeaf(f, 6, 8), 5LL);
  }

  // Rule 1: switches and links of every tier. The layout's estimate, the
  // reliability model's closed-form counts and the work limits' size all
  // equal the generated fabric's. Before, the layout estimate used its own
  // three-tier formula and no rails; reliability wired all k - d uplinks and
  // counted rails as a fat-tree.
  void closCountsAgree_data() {
    QTest::addColumn<int>("nodes");
    QTest::addColumn<int>("nics");
    QTest::addColumn<int>("tiers");
    QTest::addColumn<QString>("topology");
    QTest::addColumn<int>("radix");
    QTest::addColumn<double>("oversubscription");
    QTest::newRow("fat-tree 2 tiers, part-filled leaves") << 3 << 8 << 2 << "fat-tree" << 64 << 1.0;
    QTest::newRow("fat-tree 2 tiers") << 128 << 8 << 2 << "fat-tree" << 64 << 1.0;
    QTest::newRow("fat-tree 3 tiers") << 512 << 8 << 3 << "fat-tree" << 64 << 1.0;
    QTest::newRow("3 tiers added for the ports") << 600 << 8 << 2 << "fat-tree" << 64 << 1.0;
    QTest::newRow("oversubscribed 3:1") << 256 << 8 << 2 << "fat-tree" << 64 << 3.0;
    QTest::newRow("rail-optimized") << 100 << 8 << 2 << "rail-optimized" << 64 << 1.0;
    QTest::newRow("spine-leaf") << 40 << 8 << 2 << "spine-leaf" << 64 << 1.0;
    QTest::newRow("radix 48, 6 NICs") << 90 << 6 << 3 << "fat-tree" << 48 << 1.0;
  }
  void closCountsAgree() {
    QFETCH(int, nodes);
    QFETCH(int, nics);
    QFETCH(int, tiers);
    QFETCH(QString, topology);
    QFETCH(int, radix);
    QFETCH(double, oversubscription);
    const Catalog& parts = Catalog::builtin();
    const Scenario s = cluster(nodes, nics, tiers, topology.toStdString(), radix, oversubscription);
    const ResolvedScenario r = resolve(s, parts);
    const topology::Fabric f = topology::generate(topology::specFor(r));
    const topology::FabricCounts c = topology::countFabric(f);
    const long long switches = topology::switchCount(f, c);
    QCOMPARE(estimateSwitches(s, parts), switches);
    const ReliabilityInputs in = defaultInputs(r, parts, 86400.0, 1e12);
    QCOMPARE(in.switches, switches);
    QCOMPARE(in.fabric_links, c.fabric_links);
    QCOMPARE(in.access_links, c.access_links);
    const FabricSize size = fabricSize(fabricShape(r));
    QCOMPARE(size.devices, static_cast<long long>(f.devices().size()));
    QCOMPARE(size.links, static_cast<long long>(f.links().size()));
  }

  // Rule 2: checkpoint write time. Two 8-NIC 400G nodes reach a 2 TB/s store
  // at 800 GB/s over their NICs; the reliability model used the store's
  // 2 TB/s (and 100 GB/s with no tier, where the performance model assumed
  // one 2 GB/s SSD a node).
  void checkpointTimeAgrees_data() {
    QTest::addColumn<bool>("withStore");
    QTest::addColumn<double>("expected_GBps");
    QTest::newRow("store capped by the NICs") << true << 800.0;
    QTest::newRow("no tier: one SSD a node") << false << 2 * kFallbackWriteGBpsPerNode;
  }
  void checkpointTimeAgrees() {
    QFETCH(bool, withStore);
    QFETCH(double, expected_GBps);
    const Catalog& parts = Catalog::builtin();
    Scenario s = cluster(2, 8, 2);
    s.cluster.scale_out.nic_Gbps = 400;
    if (withStore) {
      StorageTier t;
      t.name = "lustre";
      t.kind = "parallel-fs";
      t.write_GBps = 2000;
      t.read_GBps = 4000;
      t.capacity_PB = 10;
      s.cluster.storage = {t};
    }
    const ResolvedScenario r = resolve(s, parts);
    QCOMPARE(checkpointBandwidth(r).write_GBps, expected_GBps);
    const CheckpointEstimate e = checkpointEstimate(r);
    QVERIFY(e.bytes > 0);
    const ReliabilityInputs in = defaultInputs(r, parts, 86400.0, e.bytes);
    QCOMPARE(in.checkpoint_write_s, e.write_s);
    QCOMPARE(in.checkpoint_write_s, e.bytes / (expected_GBps * 1e9));
    QCOMPARE(in.checkpoint_tier, e.target);
  }

  // Rule 3: host copy. The asynchronous checkpoint's stall (performance
  // model) and the in-memory snapshot (reliability model) copy the same
  // bytes per GPU at the same rate (one constant; the two copies had the
  // same value under two sources).
  void hostCopyAgrees() {
    const Catalog& parts = Catalog::builtin();
    Scenario s = cluster(4, 8, 2);
    s.job.checkpoint.async = true;
    const ResolvedScenario r = resolve(s, parts);
    const CheckpointEstimate e = checkpointEstimate(r);
    const ReliabilityInputs in = defaultInputs(r, parts, 86400.0, e.bytes);
    QCOMPARE(in.memory_checkpoint_write_s, e.blocking_s);
    QCOMPARE(e.blocking_s, e.bytes_per_gpu / (kHostCopyGBpsPerGpu * 1e9));
  }

  // The host link is the node's: a catalog node may give host_link_GBps
  // (GB200 NVL72's NVLink-C2C), others copy at the PCIe Gen4 figure. Both
  // copies (async checkpoint, in-memory snapshot) use it.
  void hostCopyIsTheNodes() {
    const Catalog& parts = Catalog::builtin();
    QCOMPARE(hostCopyGBpsPerGpu(*parts.node("DGX-H100")), kHostCopyGBpsPerGpu);
    const NodeType* nvl72 = parts.node("GB200-NVL72");
    QVERIFY(nvl72 && nvl72->host_link_GBps > kHostCopyGBpsPerGpu);
    QCOMPARE(hostCopyGBpsPerGpu(*nvl72), nvl72->host_link_GBps);
    Scenario s = cluster(2, 72, 2);
    s.cluster.accelerator = "GB200";
    s.cluster.node_type = "GB200-NVL72";
    s.cluster.accelerators_per_node = 72;
    s.job.checkpoint.async = true;
    const ResolvedScenario r = resolve(s, parts);
    const CheckpointEstimate e = checkpointEstimate(r);
    const ReliabilityInputs in = defaultInputs(r, parts, 86400.0, e.bytes);
    QCOMPARE(e.blocking_s, e.bytes_per_gpu / (nvl72->host_link_GBps * 1e9));
    QCOMPARE(in.memory_checkpoint_write_s, e.blocking_s);
  }

  // Rule 4: parallel layouts. pp = 4 with 2 virtual stages and 6
  // micro-batches a step: Megatron's interleaved schedule needs a multiple of
  // pp. The search never tried it; validation accepted it.
  void interleavingNeedsMicroBatchesOfPp() {
    const Catalog& parts = Catalog::builtin();
    Scenario s = cluster(4, 8, 2);
    Parallelism& p = s.job.parallelism;
    p.tp = 8;
    p.pp = 4;
    p.dp = 1;
    p.virtual_stages = 2;
    p.micro_batch = 1;
    p.global_batch = 6;
    bool flagged = false;
    for (const Issue& i : validateScenario(s, parts))
      flagged |= i.id == "interleave-micro-batches" && i.path == "job.parallelism.virtual_stages";
    QVERIFY(flagged);
    const ParallelDims dims = parallelDims(s.job.model);
    QCOMPARE(maxVirtualStages(dims, 4, 6), 1);
    p.global_batch = 8;  // 8 micro-batches: interleaving is fine
    for (const Issue& i : validateScenario(s, parts)) QVERIFY2(i.id != "interleave-micro-batches", i.message.c_str());
    QVERIFY(maxVirtualStages(dims, 4, 8) > 1);
  }

  // Rule 4: whatever the search ranks passes the rules validation applies.
  void searchProposesOnlyValidLayouts() {
    const Catalog& parts = Catalog::builtin();
    Scenario s = cluster(4, 8, 2);
    s.job.parallelism.global_batch = 96;
    const ResolvedScenario r = resolve(s, parts);
    const PerfModel model(r, parts);
    SearchOptions opt;
    opt.top = 200;
    opt.backend = SearchBackend::Cpu;
    const SearchResult res = search(model, opt);
    QVERIFY(!res.ranking.empty());
    const ParallelDims dims = parallelDims(s.job.model);
    for (const PerfResult& e : res.ranking) {
      const ParallelConfig& c = e.config;
      QVERIFY(parallelRule(dims, c.tp, c.pp, c.dp, c.cp, c.ep, c.virtual_stages, c.micro_batch, 96) ==
              ParallelRule::Ok);
    }
  }

  // Rule 5: rank order. With DP outermost ([TP, CP, PP, DP], Llama 3) the
  // analytical model places the pipeline at stride tp·cp and the DP replicas
  // at stride tp·cp·pp; the flow simulation built Megatron's order whatever
  // the stack said, so its pipeline flows ran between GPUs tp·cp·dp apart.
  void rankOrderShared_data() {
    QTest::addColumn<bool>("dpOutermost");
    QTest::newRow("Megatron [TP, CP, DP, PP]") << false;
    QTest::newRow("DP outermost [TP, CP, PP, DP]") << true;
  }
  void rankOrderShared() {
    QFETCH(bool, dpOutermost);
    const Catalog& parts = Catalog::builtin();
    Scenario s = cluster(4, 8, 2);
    Parallelism& p = s.job.parallelism;
    p.tp = 8;
    p.pp = 2;
    p.dp = 2;
    p.global_batch = 8;
    const ResolvedScenario r = resolve(s, parts);
    SoftwareStack stack = defaultSoftwareStack(r.accelerator);
    stack.dp_outermost = dpOutermost;
    const PerfModel model(r, parts, stack);
    const ParallelConfig c = model.scenarioConfig();
    const PerfModel::GroupKeys keys = model.groupKeys(c);
    QCOMPARE(keys.key[0].stride, dpOutermost ? 8LL : 16LL);  // pipeline
    QCOMPARE(keys.key[1].stride, dpOutermost ? 16LL : 8LL);  // data parallel
    std::vector<std::uint32_t> ranks(static_cast<std::size_t>(c.gpus()));
    for (std::size_t i = 0; i < ranks.size(); ++i) ranks[i] = static_cast<std::uint32_t>(i);
    const netsim::StepGraph g = netsim::TrainingStep(model, c).build(ranks);
    bool sawPp = false, sawDp = false;
    for (const netsim::Collective& x : g.collectives()) {
      if (x.groups.empty() || x.groups.front().size() < 2) continue;
      const long long gap = static_cast<long long>(x.groups.front()[1]) - x.groups.front()[0];
      if (x.label == "pp send-recv") {
        sawPp = true;
        QCOMPARE(std::abs(gap), keys.key[0].stride);
      } else if (x.label.rfind("dp ", 0) == 0) {
        sawDp = true;
        QCOMPARE(gap, keys.key[1].stride);
      }
    }
    QVERIFY(sawPp && sawDp);
  }

  // Scale-out bandwidth of a node: 8 NICs of 400G on two planes of 400G
  // switch ports reach 8 x 400G, as each plane link runs at 200G. The
  // closed-form fabric counted the planes twice (800G a NIC); the storage
  // rule did not look at the switch at all.
  void nodeScaleOutAgrees() {
    const Catalog& parts = Catalog::builtin();
    Scenario s = cluster(4, 8, 2);
    s.cluster.scale_out.switch_id = "QM9700-NDR-64p";
    s.cluster.scale_out.nic_Gbps = 400;
    s.cluster.scale_out.planes = 2;
    const ResolvedScenario r = resolve(s, parts);
    QCOMPARE(r.fabric_switch.port_Gbps, 400.0);
    QCOMPARE(nodeScaleOutGBps(s.cluster.scale_out, r.fabric_switch.port_Gbps), 400.0);
    QCOMPARE(ClosedFormFabric(r).nicGBpsPerGpu(), 400.0 / 8);
    QCOMPARE(nodeScaleOutGBps(r), 400.0);
    s.cluster.scale_out.nic_Gbps = 1600;  // ports of 400G on two planes cap a 1.6T NIC at 800G
    const ResolvedScenario capped = resolve(s, parts);
    QCOMPARE(ClosedFormFabric(capped).nicGBpsPerGpu(), 800.0 / 8);
    QCOMPARE(nodeScaleOutGBps(capped), 800.0);
  }
};

QTEST_GUILESS_MAIN(TestPhysicalRules)
#include "tst_physical_rules.moc"
