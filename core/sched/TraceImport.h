// Import of public GPU-cluster traces as a list of jobs (Workload::trace).
//
// Alibaba PAI GPU cluster trace 2020 (github.com/alibaba/clusterdata,
// cluster-trace-gpu-v2020; Weng et al., NSDI '22). Two CSV tables, with or
// without their header row (the published files have none; the .header files
// name the columns):
//   pai_job_table:  job_name,inst_id,user,status,start_time,end_time
//                   (start_time is the submission, seconds)
//   pai_task_table: job_name,task_name,inst_num,status,start_time,end_time,
//                   plan_cpu,plan_mem,plan_gpu,gpu_type
//                   (plan_gpu in percent of one GPU per instance)
// A job's GPUs = ⌈Σ_tasks inst_num · plan_gpu / 100⌉ (whole GPUs: GPU sharing
// is not modelled, so a 50 % instance takes a GPU); it started at its
// earliest task start and ran until its latest task end; its team is its
// user. Jobs without GPUs, or that never started or ended in the trace
// (status Running/Waiting, empty times), are skipped and counted.
//
// Microsoft Philly trace (github.com/msr-fiddle/philly-traces; Jeon et al.,
// ATC '19): cluster_job_log, a JSON array of jobs {status, vc, jobid,
// attempts: [{start_time, end_time, detail: [{ip, gpus: [...]}]}],
// submitted_time, user}, times "YYYY-MM-DD HH:MM:SS" (or "None"/null when not
// logged). A job ran from its first attempt's start to its last attempt's end
// (retries included), on the GPUs of its last attempt (machines = their ips);
// its team is its virtual cluster (vc). Jobs without a complete attempt are
// skipped and counted.
//
// Times are shifted so the earliest submission is 0. Any malformed row or
// value throws InputError naming the file, the line (CSV) or the JSON path,
// and the column or field; nothing is returned half-loaded.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "sched/Workload.h"

namespace cf::sched {

// Most GPUs one trace job may run (an Alibaba job's summed plan_gpu, a Philly
// attempt's GPUs, on one machine or all together): docs/workload-format.md.
inline constexpr int kMaxTraceJobGpus = 10'000'000;
// Longest span of a trace, submissions and runs alike (~114 years, the
// workload's own limit on hours): two jobs 10^15 s apart once ran forever.
inline constexpr double kMaxTraceSpanH = 1e6;
// Job rows of one trace: budget (the Alibaba 2020 trace has 1.06·10^6,
// Philly 1.2·10^5) and hard limit (`--allow-large`); a 10^7-row trace took
// > 60 s and 6.3 GB before the scheduler even started.
inline constexpr long long kTraceRowBudget = 2'000'000;
inline constexpr long long kMaxTraceRows = 100'000'000;

struct TraceReport {
  long long rows = 0;      // job rows (Alibaba) or job entries (Philly) read
  long long jobs = 0;      // jobs kept
  std::map<std::string, long long> skipped;  // reason -> jobs
  // The first kSkippedExamples rows skipped, each "FILE:LINE (job NAME): reason" or "PATH (job ID): reason", so a
  // user can look at them (issue 33: rows were counted, never shown). clusterforge-cli schedule prints them.
  std::vector<std::string> skipped_examples;
  long long skippedTotal() const;
};
inline constexpr std::size_t kSkippedExamples = 5;
// "trace: 3 of 120 job rows skipped (no GPUs 2, never started or ended in the trace 1); the first: ..." (lines
// ending in \n), or "" when nothing was skipped.
std::string skippedSummary(const TraceReport& r);

// A positive plan_gpu below this (percent of one GPU) is not a share of a GPU: refused (plan_gpu 1e-300 once
// made a job of 0 GPUs, then of 1 GPU that finished in 2.8·10^-13 h).
inline constexpr double kMinPlanGpuPercent = 0.01;

std::vector<TraceJob> readAlibaba2020(const std::string& jobTable, const std::string& taskTable,
                                      TraceReport* report = nullptr, const std::string& jobName = "pai_job_table.csv",
                                      const std::string& taskName = "pai_task_table.csv");
std::vector<TraceJob> readPhilly(const std::string& clusterJobLog, TraceReport* report = nullptr,
                                 const std::string& name = "cluster_job_log");

// Reads a trace from disk: format "alibaba2020" (`path` is the job table, or
// the folder holding pai_job_table.csv; pai_task_table.csv is read beside it)
// or "philly" (`path` is cluster_job_log). Errors as above, InputError(what)
// for an unknown format or a file that cannot be read, and for a trace
// without a single GPU job.
std::vector<TraceJob> readTraceFiles(const std::string& format, const std::string& path,
                                     TraceReport* report = nullptr, const std::string& what = "trace");
// The workload with the trace's jobs added. A trace alone (`w` had no
// classes of its own: `traceOnly`) sets the horizon to the trace's span and
// draws failures.
Workload withTrace(Workload w, std::vector<TraceJob> jobs, bool traceOnly);

// Seconds since 1970-01-01 of "YYYY-MM-DD HH:MM:SS" (calendar arithmetic, no
// time zone); throws InputError(path) on anything else.
double philly_time_s(const std::string& text, const std::string& path);

}  // namespace cf::sched
