// Workloads and traces: the workload reader names the key of every bad value
// (negative sizes, unknown teams, elastic ranges, jobs larger than the
// cluster); the Alibaba 2020 and Philly readers take the project's excerpts
// (tests/core/sched/data, in the published formats) and name file, line or
// JSON path and column of a malformed row; a replay that keeps the trace's
// own placement reproduces the trace's completion times and utilisation; a
// scenario keeps its workload as written, even a bad one.
#include <QtTest>

#include <fstream>

#include <cmath>

#include "../TestData.h"
#include "SchedFixtures.h"
#include "common/InputError.h"
#include "design/ScenarioJson.h"
#include "sched/Jobs.h"
#include "sched/Simulator.h"
#include "sched/Study.h"
#include "sched/TraceImport.h"

using nlohmann::json;
using namespace cf;
using namespace cf::sched;

namespace {

const std::string kData = std::string(CF_SOURCE_DIR) + "/tests/core/sched/data/";

json goodWorkload() {
  return json::parse(R"({
    "horizon_h": 100,
    "teams": [ { "name": "nlp", "share": 2, "quota_gpus": 16 }, { "name": "vision" } ],
    "classes": [
      { "name": "small", "team": "nlp", "gpus": 1, "duration_h": 1, "arrival": { "rate_per_h": 2 } },
      { "name": "big", "team": "vision", "gpus": 16, "duration_h": 4, "duration_distribution": "fixed",
        "arrival": { "process": "list", "times_h": [0, 10, 20] }, "priority": 5,
        "elastic": { "min_gpus": 8, "max_gpus": 24 }, "deadline_h": 12 }
    ]
  })");
}

// The key path of the error `j` gives, or "" when it reads.
std::string errorPath(const json& j) {
  try {
    workloadFromJson(j, "workload");
  } catch (const InputError& e) {
    return e.path();
  }
  return "";
}

std::string importError(const std::string& jobs, const std::string& tasks) {
  try {
    readAlibaba2020(jobs, tasks);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string phillyError(const std::string& text) {
  try {
    readPhilly(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

class TstSchedWorkload : public QObject {
  Q_OBJECT
 private slots:
  void readsAndRoundTrips() {
    const Workload w = workloadFromJson(goodWorkload());
    QCOMPARE(w.teams.size(), std::size_t(2));
    QCOMPARE(w.classes.size(), std::size_t(2));
    QCOMPARE(w.classes[1].max_gpus, 24);
    QCOMPARE(w.classes[1].arrivals_h.size(), std::size_t(3));
    QCOMPARE(workloadFromJson(workloadToJson(w)), w);
  }

  void badWorkloads_data() {
    QTest::addColumn<QString>("pointer");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("path");
    QTest::newRow("negative gpus") << "/classes/0/gpus" << "-8" << "workload.classes[0].gpus";
    QTest::newRow("zero duration") << "/classes/0/duration_h" << "0" << "workload.classes[0].duration_h";
    QTest::newRow("negative duration") << "/classes/0/duration_h" << "-1" << "workload.classes[0].duration_h";
    QTest::newRow("unknown team") << "/classes/0/team" << "\"speech\"" << "workload.classes[0].team";
    QTest::newRow("negative rate") << "/classes/0/arrival/rate_per_h" << "-3"
                                   << "workload.classes[0].arrival.rate_per_h";
    QTest::newRow("elastic max < min") << "/classes/1/elastic/max_gpus" << "4" << "workload.classes[1].elastic.max_gpus";
    QTest::newRow("gpus outside elastic range") << "/classes/1/gpus" << "32" << "workload.classes[1].gpus";
    QTest::newRow("negative arrival time") << "/classes/1/arrival/times_h/1" << "-2"
                                           << "workload.classes[1].arrival.times_h[1]";
    QTest::newRow("negative quota") << "/teams/0/quota_gpus" << "-1" << "workload.teams[0].quota_gpus";
    QTest::newRow("unknown key") << "/classes/0/gpu_count" << "4" << "workload.classes[0].gpu_count";
    QTest::newRow("bad distribution") << "/classes/0/duration_distribution" << "\"pareto\""
                                      << "workload.classes[0].duration_distribution";
  }
  void badWorkloads() {
    QFETCH(QString, pointer);
    QFETCH(QString, value);
    QFETCH(QString, path);
    json j = goodWorkload();
    j[json::json_pointer(pointer.toStdString())] = json::parse(value.toStdString());
    QCOMPARE(QString::fromStdString(errorPath(j)), path);
  }

  void durationAndModelBothOrNeither() {
    json j = goodWorkload();
    j["classes"][0].erase("duration_h");
    QCOMPARE(QString::fromStdString(errorPath(j)), QString("workload.classes[0].duration_h"));
  }

  void jobLargerThanTheCluster() {
    const Workload w = workloadFromJson(goodWorkload(), "workload");
    const ClusterModel small = schedtest::cluster(1, 8);  // 8 GPUs; "big" asks for 16
    try {
      generateJobs(w, small, 1);
      QFAIL("no error");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("workload.classes[1].gpus"));
      QVERIFY(QString(e.what()).contains("more than the cluster's 8"));
    }
  }

  void tooManyJobs() {
    json j = goodWorkload();
    j["classes"][0]["arrival"]["rate_per_h"] = 1e7;  // 10^9 jobs over 100 h
    try {
      generateJobs(workloadFromJson(j, "workload"), schedtest::cluster(4, 8), 1);
      QFAIL("no error");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("workload.classes[0].arrival.rate_per_h"));
    }
  }

  void alibaba() {
    TraceReport rep;
    const auto jobs =
        readAlibaba2020(cftest::readText(kData + "pai_job_table.csv"), cftest::readText(kData + "pai_task_table.csv"), &rep);
    QCOMPARE(rep.rows, 6LL);
    QCOMPARE(jobs.size(), std::size_t(4));
    QCOMPARE(rep.skipped.at("no GPUs"), 1LL);
    QCOMPARE(rep.skipped.at("never started or ended in the trace"), 1LL);
    // Job 1: 2 workers at 100 % (the PS has no GPU), submitted at the trace's start, ran 1100..4600.
    QCOMPARE(jobs[0].gpus, 2);
    QCOMPARE(jobs[0].submit_s, 0.0);
    QCOMPARE(jobs[0].trace_start_s, 100.0);
    QCOMPARE(jobs[0].duration_s, 3500.0);
    QCOMPARE(jobs[0].team, std::string("58540f191766"));
    QCOMPARE(jobs[1].gpus, 1);  // one instance at 50 %: a whole GPU
    QCOMPARE(jobs[3].gpus, 8);  // 4 instances at 200 %
  }

  void alibabaMalformed_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("line");
    QTest::addColumn<QString>("replacement");
    QTest::addColumn<QString>("message");
    QTest::newRow("plan_gpu not a number")
        << "task" << 3 << "7b2c3d4e5f60718293a4b5c6,tensorflow,1.0,Terminated,1300.0,2500.0,600.0,29.2,half,MISC"
        << "pai_task_table.csv:3: column plan_gpu: expected a number, got \"half\"";
    QTest::newRow("negative inst_num")
        << "task" << 1 << "6a1b2c3d4e5f60718293a4b5,worker,-2.0,Terminated,1100.0,4600.0,600.0,29.2,100.0,V100"
        << "pai_task_table.csv:1: column inst_num: negative (-2.0)";
    QTest::newRow("end before start")
        << "task" << 4 << "8c3d4e5f60718293a4b5c6d7,worker,8.0,Failed,1600.0,900.0,800.0,60.0,100.0,V100M32"
        << "pai_task_table.csv:4: column end_time: before start_time";
    QTest::newRow("missing column") << "job" << 2 << "7b2c3d4e5f60718293a4b5c6,x,58540f191766,Terminated,1200.0"
                                    << "pai_job_table.csv:2: expected 6 columns, got 5";
    QTest::newRow("bad submission time") << "job" << 5 << "0e5f60718293a4b5c6d7e8f9,x,c9d8e7f6a5b4,Running,2.5e,"
                                         << "pai_job_table.csv:5: column start_time: expected a number, got \"2.5e\"";
    QTest::newRow("job twice") << "job" << 2 << "6a1b2c3d4e5f60718293a4b5,x,58540f191766,Terminated,1200.0,2500.0"
                               << "pai_job_table.csv:2: column job_name: job \"6a1b2c3d4e5f60718293a4b5\" appears twice";
  }
  void alibabaMalformed() {
    QFETCH(QString, file);
    QFETCH(int, line);
    QFETCH(QString, replacement);
    QFETCH(QString, message);
    std::string jobs = cftest::readText(kData + "pai_job_table.csv");
    std::string tasks = cftest::readText(kData + "pai_task_table.csv");
    std::string& text = file == "job" ? jobs : tasks;
    QStringList lines = QString::fromStdString(text).split('\n');
    lines[line - 1] = replacement;
    text = lines.join('\n').toStdString();
    QCOMPARE(QString::fromStdString(importError(jobs, tasks)), message);
  }

  void alibabaHeaderRowIsSkipped() {
    const std::string jobs = "job_name,inst_id,user,status,start_time,end_time\n" +
                             cftest::readText(kData + "pai_job_table.csv");
    QCOMPARE(readAlibaba2020(jobs, cftest::readText(kData + "pai_task_table.csv")).size(), std::size_t(4));
  }

  void philly() {
    TraceReport rep;
    const auto jobs = readPhilly(cftest::readText(kData + "cluster_job_log.json"), &rep);
    QCOMPARE(rep.rows, 6LL);
    QCOMPARE(jobs.size(), std::size_t(4));
    QCOMPARE(rep.skipped.at("no complete attempt"), 2LL);
    // First job: submitted 01:11:39, first attempt 01:12:09, last attempt ends 05:53:12, on m412's 8 GPUs.
    QCOMPARE(jobs[0].submit_s, 0.0);
    QCOMPARE(jobs[0].trace_start_s, 30.0);
    QCOMPARE(jobs[0].duration_s, 4 * 3600.0 + 41 * 60 + 3);
    QCOMPARE(jobs[0].machines, std::vector<std::string>{"m412"});
    QCOMPARE(jobs[2].gpus, 16);
    QCOMPARE(jobs[2].team, std::string("ee9e8c"));
  }

  void phillyMalformed_data() {
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad time") << "\"2017-10-07 02:00:00\"" << "\"2017-10-07 2:00\""
                              << "cluster_job_log[2].attempts[0].start_time: expected a time \"YYYY-MM-DD HH:MM:SS\", "
                                 "got \"2017-10-07 2:00\"";
    QTest::newRow("gpus not a list") << "\"gpus\": [\"gpu0\", \"gpu1\"]" << "\"gpus\": 2"
                                     << "cluster_job_log[1].attempts[0].detail[0].gpus: expected an array, got 2";
    QTest::newRow("missing submitted_time") << "\"submitted_time\": \"2017-10-07 01:15:00\"," << ""
                                            << "cluster_job_log[1].submitted_time: missing";
    QTest::newRow("not JSON") << "\"status\": \"Pass\",\n    \"vc\": \"0e4a51\"" << "\"status\" \"Pass\""
                              << "";
  }
  void phillyMalformed() {
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, message);
    QString text = QString::fromStdString(cftest::readText(kData + "cluster_job_log.json"));
    const int at = text.indexOf(from);
    QVERIFY(at >= 0);
    text.replace(at, from.size(), to);
    const QString err = QString::fromStdString(phillyError(text.toStdString()));
    if (message.isEmpty()) QVERIFY2(err.startsWith("cluster_job_log: ") && err.contains("line"), qPrintable(err));
    else QCOMPARE(err, message);
  }

  // Replay on the trace's own machines: every job starts and ends when the
  // trace says, so the utilisation is the trace's GPU-hours over the cluster's.
  void replayReproducesTheTrace() {
    Workload w;
    w.trace = readPhilly(cftest::readText(kData + "cluster_job_log.json"));
    double last = 0, gpuSeconds = 0;
    for (const TraceJob& t : w.trace) {
      last = std::max(last, t.trace_start_s + t.duration_s);
      gpuSeconds += t.gpus * t.duration_s;
    }
    w.horizon_h = last / 3600;
    const ClusterModel m = schedtest::cluster(4, 8);
    const JobSet js = generateJobs(w, m, 1);
    ScheduleOptions o;
    o.policy = Policy::Replay;
    const ScheduleResult r = simulateSchedule(m, js, o);
    QCOMPARE(r.completed, 4LL);
    for (std::size_t i = 0; i < js.jobs.size(); ++i) {
      const JobSpec& s = js.jobs[i];
      const JobRecord& rec = r.jobs[i];
      QCOMPARE(rec.start_s, s.trace_start_s);
      QVERIFY(std::abs(rec.end_s - (s.trace_start_s + s.ideal_s)) < 1e-6);
      QCOMPARE(rec.goodput(), 1.0);
    }
    QVERIFY(std::abs(r.utilization - gpuSeconds / (32 * last)) < 1e-9);
    QCOMPARE(r.interruptions, 0LL);
  }

  void replayNeedsTheTracesMachines() {
    Workload w;
    w.trace = readPhilly(cftest::readText(kData + "cluster_job_log.json"));
    try {
      generateJobs(w, schedtest::cluster(3, 8), 1);  // the excerpt runs on 4 machines
      QFAIL("no error");
    } catch (const InputError& e) {
      QVERIFY2(QString(e.what()).contains("more machines than the cluster's 3 nodes"), e.what());
      QVERIFY(QString(e.what()).startsWith("trace row 2 (job application_1506638472019_14210)"));
    }
  }

  // Issue 33: a machine listed twice in one attempt (8 GPUs each) took 16 GPUs of an 8-GPU node under
  // replay: the node's free count went to -8 and NodePool::setFree indexed out of bounds (SIGSEGV).
  // Entries of one machine merge; the machine's total is checked against the node.
  void phillyMachineListedTwiceIsOneMachine() {
    std::string text = cftest::readText(kData + "cluster_job_log.json");
    const std::string one = R"({"ip": "m13", "gpus": ["gpu0", "gpu1", "gpu2", "gpu3", "gpu4", "gpu5", "gpu6", "gpu7"]})";
    const std::string other = R"({"ip": "m14", "gpus": ["gpu0", "gpu1", "gpu2", "gpu3", "gpu4", "gpu5", "gpu6", "gpu7"]})";
    QVERIFY(text.find(other) != std::string::npos);
    // Same GPUs named again: refused by the reader.
    std::string same = text;
    same.replace(same.find(other), other.size(), one);
    QCOMPARE(QString::fromStdString(phillyError(same)),
             QString("cluster_job_log[2].attempts[0].detail[1].gpus[0]: GPU gpu0 of machine m13 is listed twice in this attempt"));
    // Other GPU names: one machine running 16 GPUs, refused against 8-GPU nodes, never placed.
    std::string sixteen = text;
    sixteen.replace(sixteen.find(other), other.size(),
                    R"({"ip": "m13", "gpus": ["gpu8", "gpu9", "gpu10", "gpu11", "gpu12", "gpu13", "gpu14", "gpu15"]})");
    Workload w;
    w.trace = readPhilly(sixteen);
    QCOMPARE(w.trace[2].machines, std::vector<std::string>{"m13"});
    QCOMPARE(w.trace[2].machine_gpus, std::vector<int>{16});
    try {
      generateJobs(w, schedtest::cluster(4, 8), 1);
      QFAIL("a machine running 16 GPUs of 8 was accepted");
    } catch (const InputError& e) {
      QVERIFY2(QString(e.what()).contains("(job application_1506638472019_14210).machines: machine m13 runs 16 GPUs; "
                                          "the cluster's nodes have 8"),
               e.what());
    }
    // A TraceJob built elsewhere with the machine twice: generateJobs merges and checks the sum.
    Workload built;
    TraceJob t;
    t.id = "x";
    t.team = "t";
    t.gpus = 16;
    t.duration_s = 3600;
    t.trace_start_s = 0;
    t.machines = {"m1", "m1"};
    t.machine_gpus = {8, 8};
    built.trace = {t};
    QVERIFY_THROWS_EXCEPTION(InputError, generateJobs(built, schedtest::cluster(4, 8), 1));
    built.trace[0].machine_gpus = {4, 4};
    built.trace[0].gpus = 8;
    const JobSet js = generateJobs(built, schedtest::cluster(4, 8), 1);
    QCOMPARE(js.jobs[0].trace_nodes, std::vector<long long>{0});
    QCOMPARE(js.jobs[0].trace_gpus, std::vector<int>{8});
    ScheduleOptions o;
    o.policy = Policy::Replay;
    built.horizon_h = 2;
    QCOMPARE(simulateSchedule(schedtest::cluster(4, 8), generateJobs(built, schedtest::cluster(4, 8), 1), o).completed, 1LL);
  }

  // Issue 33: a trace's span is bounded (two jobs 10^15 s apart ran forever; an overflowing
  // duration printed "horizon inf h"), and a sliver of a GPU is a GPU, not a 0-GPU job.
  void traceTimesAreBounded() {
    const std::string far = importError("j1,i1,u1,T,0,3600\nj2,i2,u1,T,1e15,1e15\n",
                                        "j1,w,1,T,0,3600,600,29,100,V100\nj2,w,1,T,1e15,1.000000000001e15,600,29,100,V100\n");
    QVERIFY2(QString::fromStdString(far).startsWith("pai_job_table.csv:2: column start_time: submitted more than 1000000 h"),
             far.c_str());
    const std::string overflow = importError("j1,i1,u1,T,0,3600\n", "j1,w,1,T,-1e308,1e308,600,29,100,V100\n");
    // The end is the task row's (it named the job table's line, whose end_time is not used).
    QVERIFY2(QString::fromStdString(overflow).startsWith("pai_task_table.csv:1: column end_time: ends more than"),
             overflow.c_str());
    // A sliver of a GPU is refused (it made a 0-GPU job, then a 1-GPU job finishing in 2.8e-13 h); a fraction
    // of a GPU (50 %) still takes a GPU; instances come whole.
    const std::string sliver = importError("j1,i1,u1,T,0,3600\n", "j1,w,1,T,0,3600,600,29,1e-300,V100\n");
    QVERIFY2(QString::fromStdString(sliver).startsWith("pai_task_table.csv:1: column plan_gpu: 1e-300 is not a share of a GPU"),
             sliver.c_str());
    const auto half = readAlibaba2020("j1,i1,u1,T,0,3600\n", "j1,w,1,T,0,3600,600,29,50,V100\n");
    QCOMPARE(half.size(), std::size_t(1));
    QCOMPARE(half[0].gpus, 1);
    const std::string inst = importError("j1,i1,u1,T,0,3600\n", "j1,w,1e-300,T,0,3600,600,29,100,V100\n");
    QVERIFY2(QString::fromStdString(inst).contains("column inst_num: 1e-300 is not a whole number"), inst.c_str());
    // A byte-order mark: no header (the first job was lost) and with a header (read as data).
    const auto bom = readAlibaba2020("\xEF\xBB\xBFj1,i1,u1,T,0,3600\nj2,i2,u1,T,5,3600\n",
                                     "\xEF\xBB\xBFj1,w,1,T,0,3600,600,29,100,V100\nj2,w,1,T,5,3600,600,29,100,V100\n");
    QCOMPARE(bom.size(), std::size_t(2));
    QCOMPARE(bom[0].id, std::string("j1"));
    const auto bomHeader = readAlibaba2020(
        "\xEF\xBB\xBFjob_name,inst_id,user,status,start_time,end_time\nj1,i1,u1,T,0,3600\n",
        "\xEF\xBB\xBFjob_name,task_name,inst_num,status,start_time,end_time,plan_cpu,plan_mem,plan_gpu,gpu_type\n"
        "j1,w,1,T,0,3600,600,29,100,V100\n");
    QCOMPARE(bomHeader.size(), std::size_t(1));
    // Skipped rows are shown, not only counted.
    TraceReport rep;
    readAlibaba2020("j1,i1,u1,T,0,3600\nj2,i2,u1,T,5,3600\n", "j1,w,1,T,0,3600,600,29,100,V100\n", &rep);
    QCOMPARE(rep.skippedTotal(), 1LL);
    QCOMPARE(rep.skipped_examples.size(), std::size_t(1));
    QVERIFY2(skippedSummary(rep).find("pai_job_table.csv:2 (job j2): no GPUs") != std::string::npos,
             skippedSummary(rep).c_str());
    // Rows: a table of more lines than the row budget is refused before it is parsed.
    const std::string rows = importError(std::string(2'000'002, '\n'), "");
    QVERIFY2(QString::fromStdString(rows).startsWith("pai_job_table.csv: more than 2000001 lines; the limit is 2000000 rows"),
             rows.c_str());
    // Philly: a submission after the last attempt ended was a silent 0-second job.
    std::string text = cftest::readText(kData + "cluster_job_log.json");
    const std::string submitted = R"("submitted_time": "2017-10-07 01:30:00")";
    QVERIFY(text.find(submitted) != std::string::npos);
    text.replace(text.find(submitted), submitted.size(), R"("submitted_time": "2017-10-07 07:00:00")");
    QCOMPARE(QString::fromStdString(phillyError(text)),
             QString("cluster_job_log[2].submitted_time: after the job's last attempt ended (negative time)"));
  }

  // Issue 33: the jobs limit counts all classes together (it was per class), and memory is
  // reserved for what is drawn (a class with count 1 at 10^9 arrivals an hour reserved 10^8 jobs).
  void jobLimitsAreTotalAndReservationsDrawn() {
    json w = goodWorkload();
    w["horizon_h"] = 1e6;
    w["classes"][0]["arrival"]["rate_per_h"] = 3;  // 3·10^6 jobs: within the budget alone
    w["classes"][1]["arrival"] = {{"rate_per_h", 3}};
    w["classes"][1].erase("elastic");
    try {
      generateJobs(workloadFromJson(w), schedtest::cluster(4, 8), 1);
      QFAIL("6·10^6 jobs over two classes passed a 4·10^6 budget");
    } catch (const InputError& e) {
      QCOMPARE(QString::fromStdString(e.path()), QString("workload.classes"));
    }
    std::ifstream burstFile(CF_SOURCE_DIR "/tests/data/bad/figures/burst-count-1-at-1e9.json");
    QVERIFY(burstFile.good());
    const Workload bw = workloadFromJson(json::parse(burstFile));
    const JobSet js = generateJobs(bw, schedtest::cluster(4, 8), 1);
    QCOMPARE(js.jobs.size(), std::size_t(4));  // 1 + the 3 listed arrivals
    QVERIFY2(js.jobs.capacity() < 1000, qPrintable(QString::number(js.jobs.capacity())));
    json teams = goodWorkload();
    for (int i = 0; i < 10001; ++i) teams["teams"].push_back({{"name", "t" + std::to_string(i)}});
    QCOMPARE(QString::fromStdString(errorPath(teams)), QString("workload.teams"));
  }

  void scenarioKeepsItsWorkload() {
    json s = cftest::smallScenario();
    s["workload"] = goodWorkload();
    s["workload"]["classes"][0]["gpus"] = -3;  // bad: the scenario still opens
    const Scenario sc = scenarioFromJson(s);
    QCOMPARE(sc.workload, s["workload"]);
    QCOMPARE(scenarioToJson(sc)["workload"], s["workload"]);
    QCOMPARE(QString::fromStdString(errorPath(sc.workload)), QString("workload.classes[0].gpus"));
  }
};

QTEST_GUILESS_MAIN(TstSchedWorkload)
#include "tst_sched_workload.moc"
