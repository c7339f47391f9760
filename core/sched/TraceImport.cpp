#include "sched/TraceImport.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "common/Csv.h"
#include "common/InputError.h"
#include "common/InputFile.h"
#include "common/JsonReader.h"
#include "design/Limits.h"

namespace cf::sched {
namespace {

std::string at(const std::string& file, std::size_t line) { return file + ":" + std::to_string(line); }

// A number cell, or NaN for an empty one; anything else names line and column.
double cellNumber(const CsvRow& row, std::size_t col, const char* column, const std::string& file) {
  const std::string& s = row.cells[col];
  if (s.empty()) return std::numeric_limits<double>::quiet_NaN();
  double v = 0;
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, v);
  if (ec != std::errc() || p != end || !std::isfinite(v))
    throw InputError(at(file, row.line), std::string("column ") + column + ": expected a number, got \"" + s + "\"");
  return v;
}

void checkColumns(const CsvRow& row, std::size_t n, const std::string& file) {
  if (row.cells.size() != n)
    throw InputError(at(file, row.line), "expected " + std::to_string(n) + " columns, got " +
                                             std::to_string(row.cells.size()));
}

struct AlibabaJob {
  std::string name, user;
  double submit = 0;
  std::size_t line = 0;
  double gpus = 0;
  double start = std::numeric_limits<double>::infinity(), end = -std::numeric_limits<double>::infinity();
  std::size_t endLine = 0;  // the task row that ends the job (its end_time is the job's)
  bool incomplete = false;
};

long long traceRowLimit() { return workBudgetsLifted() ? kMaxTraceRows : kTraceRowBudget; }

// A kept job within the trace's span limit, in finite times (after the shift
// to the first submission). `where(column)` names the field.
template <class Where>
void checkSpan(const TraceJob& t, Where where) {
  const double most = kMaxTraceSpanH * 3600;
  const std::string limit = "more than " + std::to_string(static_cast<long long>(kMaxTraceSpanH)) +
                            " h after the trace's first submission (the limit of a trace's span)";
  if (!std::isfinite(t.submit_s) || t.submit_s > most) throw InputError(where("start_time"), "submitted " + limit);
  if (!std::isfinite(t.duration_s) || !std::isfinite(t.trace_start_s) || t.trace_start_s + t.duration_s > most)
    throw InputError(where("end_time"), "ends " + limit);
}

// Refuses a table of more lines than the row limit before it is parsed (a
// 3·10^6-row job table took 37 s and 1.4 GB to reach the limit row by row).
void checkLineCount(const std::string& text, const std::string& file) {
  const long long limit = traceRowLimit();
  long long lines = 0;
  for (const char* p = text.data(); (p = static_cast<const char*>(std::memchr(p, '\n', text.data() + text.size() - p)));
       ++p)
    if (++lines > limit + 1)  // a header row may come first
      throw InputError(file, "more than " + std::to_string(limit + 1) + " lines; the limit is " + std::to_string(limit) +
                                 " rows" + (workBudgetsLifted() ? "" : " (--allow-large lifts it)"));
}

void skip(TraceReport* rep, const std::string& why, const std::string& where) {
  if (!rep) return;
  ++rep->skipped[why];
  if (rep->skipped_examples.size() < kSkippedExamples) rep->skipped_examples.push_back(where + ": " + why);
}

// A table's text without a UTF-8 byte-order mark: with one, a header row was read as data and, without a header,
// the first job's name carried the mark, so no task matched it and the job was skipped (issue 33).
// Copies the text only when it has the mark.
const std::string& withoutBom(const std::string& text, std::string& copy) {
  if (text.size() < 3 || text.compare(0, 3, "\xEF\xBB\xBF") != 0) return text;
  copy = text.substr(3);
  return copy;
}

// Times from the first submission: both traces log wall-clock times.
void startAtZero(std::vector<TraceJob>& jobs) {
  double t0 = std::numeric_limits<double>::infinity();
  for (const TraceJob& t : jobs) t0 = std::min(t0, t.submit_s);
  for (TraceJob& t : jobs) {
    t.submit_s -= t0;
    t.trace_start_s -= t0;
  }
}

}  // namespace

std::vector<TraceJob> readAlibaba2020(const std::string& jobTable, const std::string& taskTable, TraceReport* report,
                                      const std::string& jobName, const std::string& taskName) {
  TraceReport local;
  TraceReport* rep = report ? report : &local;
  *rep = {};
  checkLineCount(jobTable, jobName);
  checkLineCount(taskTable, taskName);
  // The rows' line numbers stay those of the file; only the mark goes.
  std::string jobCopy, taskCopy;
  const std::string& jobText = withoutBom(jobTable, jobCopy);
  const std::string& taskText = withoutBom(taskTable, taskCopy);
  std::vector<AlibabaJob> jobs;
  std::unordered_map<std::string, std::size_t> byName;
  for (const CsvRow& row : csvRows(jobText, [&](std::size_t l) { return at(jobName, l); })) {
    if (row.cells.size() > 0 && row.cells[0] == "job_name") continue;  // header row
    checkColumns(row, 6, jobName);
    AlibabaJob j;
    j.name = row.cells[0];
    j.user = row.cells[2];
    j.line = row.line;
    if (j.name.empty()) throw InputError(at(jobName, row.line), "column job_name: empty");
    j.submit = cellNumber(row, 4, "start_time", jobName);
    cellNumber(row, 5, "end_time", jobName);  // checked, not used (the tasks say when it ran)
    if (rep->rows >= traceRowLimit())
      throw InputError(at(jobName, row.line), "more than " + std::to_string(traceRowLimit()) +
                                                  " job rows; the limit is " + std::to_string(traceRowLimit()) +
                                                  (workBudgetsLifted() ? "" : " (--allow-large lifts it)"));
    if (!byName.emplace(j.name, jobs.size()).second)
      throw InputError(at(jobName, row.line), "column job_name: job \"" + j.name + "\" appears twice");
    ++rep->rows;
    jobs.push_back(std::move(j));
  }
  for (const CsvRow& row : csvRows(taskText, [&](std::size_t l) { return at(taskName, l); })) {
    if (row.cells.size() > 0 && row.cells[0] == "job_name") continue;
    checkColumns(row, 10, taskName);
    const double inst = cellNumber(row, 2, "inst_num", taskName);
    const double start = cellNumber(row, 4, "start_time", taskName);
    const double end = cellNumber(row, 5, "end_time", taskName);
    const double gpu = cellNumber(row, 8, "plan_gpu", taskName);
    if (inst < 0) throw InputError(at(taskName, row.line), "column inst_num: negative (" + row.cells[2] + ")");
    if (gpu < 0) throw InputError(at(taskName, row.line), "column plan_gpu: negative (" + row.cells[8] + ")");
    if (gpu > 0 && gpu < kMinPlanGpuPercent)
      throw InputError(at(taskName, row.line), "column plan_gpu: " + row.cells[8] +
                                                   " is not a share of a GPU (percent of one GPU: 0, or at least " +
                                                   "0.01)");
    if (!std::isnan(inst) && inst != std::floor(inst))
      throw InputError(at(taskName, row.line), "column inst_num: " + row.cells[2] + " is not a whole number of instances");
    if (!std::isnan(start) && !std::isnan(end) && end < start)
      throw InputError(at(taskName, row.line), "column end_time: before start_time");
    auto it = byName.find(row.cells[0]);
    if (it == byName.end()) {
      skip(rep, "task of a job not in the job table", at(taskName, row.line) + " (job " + row.cells[0] + ")");
      continue;
    }
    AlibabaJob& j = jobs[it->second];
    if (!std::isnan(inst) && !std::isnan(gpu)) j.gpus += inst * gpu / 100.0;
    if (std::isnan(start) || std::isnan(end)) {
      j.incomplete = true;
    } else {
      j.start = std::min(j.start, start);
      if (end >= j.end) j.endLine = row.line;
      j.end = std::max(j.end, end);
    }
  }
  std::vector<TraceJob> out;
  std::vector<std::size_t> endLines;  // of out[i]
  for (const AlibabaJob& j : jobs) {
    const std::string where = at(jobName, j.line) + " (job " + j.name + ")";
    if (std::isnan(j.submit)) skip(rep, "no submission time", where);
    else if (j.gpus <= 0) skip(rep, "no GPUs", where);
    else if (j.incomplete || !(j.end >= j.start)) skip(rep, "never started or ended in the trace", where);
    else {
      TraceJob t;
      t.id = j.name;
      t.team = j.user.empty() ? "unknown" : j.user;
      t.submit_s = j.submit;
      t.trace_start_s = std::max(j.start, j.submit);
      t.duration_s = j.end - t.trace_start_s;
      // Whole GPUs, at least one: a fraction of a GPU takes a GPU (plan_gpu 1e-300 once made a 0-GPU job).
      t.gpus = static_cast<int>(std::max(1.0, std::min(double(kMaxTraceJobGpus), std::ceil(j.gpus - 1e-9))));
      t.line = j.line;
      out.push_back(std::move(t));
      endLines.push_back(j.endLine);
    }
  }
  startAtZero(out);
  // The submission is the job table's; the end is the task row that ends the job.
  for (std::size_t i = 0; i < out.size(); ++i)
    checkSpan(out[i], [&](const char* column) {
      return std::string(column) == "end_time" ? at(taskName, endLines[i]) + ": column end_time"
                                               : at(jobName, out[i].line) + ": column " + column;
    });
  rep->jobs = static_cast<long long>(out.size());
  return out;
}

double philly_time_s(const std::string& s, const std::string& path) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, se = 0;
  auto bad = [&]() -> double {
    throw InputError(path, "expected a time \"YYYY-MM-DD HH:MM:SS\", got \"" + s + "\"");
  };
  if (s.size() != 19 || s[4] != '-' || s[7] != '-' || s[10] != ' ' || s[13] != ':' || s[16] != ':') return bad();
  auto num = [&](std::size_t pos, std::size_t len, int& v) {
    auto [p, ec] = std::from_chars(s.data() + pos, s.data() + pos + len, v);
    if (ec != std::errc() || p != s.data() + pos + len) bad();
  };
  num(0, 4, y), num(5, 2, mo), num(8, 2, d), num(11, 2, h), num(14, 2, mi), num(17, 2, se);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 60) return bad();
  // Days from civil (H. Hinnant's algorithm, proleptic Gregorian).
  const int yy = y - (mo <= 2);
  const int era = (yy >= 0 ? yy : yy - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(yy - era * 400);
  const unsigned doy = (153 * static_cast<unsigned>(mo + (mo > 2 ? -3 : 9)) + 2) / 5 + static_cast<unsigned>(d) - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  const double days = era * 146097.0 + doe - 719468.0;
  return days * 86400.0 + h * 3600.0 + mi * 60.0 + se;
}

std::vector<TraceJob> readPhilly(const std::string& text, TraceReport* report, const std::string& name) {
  TraceReport local;
  TraceReport* rep = report ? report : &local;
  *rep = {};
  json all;
  try {
    all = parseJson(text);
  } catch (const InputError& e) {
    throw InputError(name, e.what());
  }
  if (!all.is_array()) throw InputError(name, "expected a JSON array of jobs, got " + describe(all));
  // A time, or NaN when the trace did not log it ("None", null).
  auto time = [](const json& v, const std::string& path) {
    if (v.is_null() || (v.is_string() && v.get<std::string>() == "None")) return std::numeric_limits<double>::quiet_NaN();
    if (!v.is_string()) throw InputError(path, "expected a time string, got " + describe(v));
    return philly_time_s(v.get<std::string>(), path);
  };
  auto field = [](const json& obj, const char* key, const std::string& path) -> const json& {
    auto it = obj.find(key);
    if (it == obj.end()) throw InputError(path + "." + key, "missing");
    return *it;
  };
  std::vector<TraceJob> out;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const json& j = all[i];
    const std::string p = indexPath(name, i);
    if (!j.is_object()) throw InputError(p, "expected a job object, got " + describe(j));
    if (rep->rows >= traceRowLimit())
      throw InputError(p, "more than " + std::to_string(traceRowLimit()) + " jobs; the limit is " +
                              std::to_string(traceRowLimit()) + (workBudgetsLifted() ? "" : " (--allow-large lifts it)"));
    ++rep->rows;
    const json& id = field(j, "jobid", p);
    const json& vc = field(j, "vc", p);
    if (!id.is_string()) throw InputError(p + ".jobid", "expected a string, got " + describe(id));
    if (!vc.is_string()) throw InputError(p + ".vc", "expected a string, got " + describe(vc));
    const double submit = time(field(j, "submitted_time", p), p + ".submitted_time");
    const json& attempts = field(j, "attempts", p);
    if (!attempts.is_array()) throw InputError(p + ".attempts", "expected an array, got " + describe(attempts));
    double first = std::numeric_limits<double>::quiet_NaN(), last = first, prevStart = first;
    int gpus = 0;
    std::vector<std::string> machines;
    std::vector<int> machineGpus;
    for (std::size_t k = 0; k < attempts.size(); ++k) {
      const json& a = attempts[k];
      const std::string ap = indexPath(p + ".attempts", k);
      if (!a.is_object()) throw InputError(ap, "expected an attempt object, got " + describe(a));
      const double s = time(field(a, "start_time", ap), ap + ".start_time");
      const double e = time(field(a, "end_time", ap), ap + ".end_time");
      if (!std::isnan(s) && !std::isnan(e) && e < s) throw InputError(ap + ".end_time", "before start_time");
      const json& detail = field(a, "detail", ap);
      if (!detail.is_array()) throw InputError(ap + ".detail", "expected an array, got " + describe(detail));
      int g = 0;
      std::vector<std::string> ms;
      std::vector<int> mg;
      // A machine listed twice in one attempt is one machine: its entries
      // merge (the GPUs each lists add up), and a GPU named twice on it is
      // refused. Replay then checks the machine's total against the node's
      // GPUs (generateJobs); entries taken one by one once let a machine run
      // 16 GPUs of 8 (issue 33).
      std::unordered_map<std::string, std::size_t> machineAt;
      std::vector<std::unordered_set<std::string>> gpuNames;
      for (std::size_t m = 0; m < detail.size(); ++m) {
        const std::string dp = indexPath(ap + ".detail", m);
        const json& d = detail[m];
        if (!d.is_object()) throw InputError(dp, "expected an object, got " + describe(d));
        const json& ip = field(d, "ip", dp);
        const json& list = field(d, "gpus", dp);
        if (!ip.is_string()) throw InputError(dp + ".ip", "expected a string, got " + describe(ip));
        if (!list.is_array()) throw InputError(dp + ".gpus", "expected an array, got " + describe(list));
        if (list.size() > static_cast<std::size_t>(kMaxTraceJobGpus))
          throw InputError(dp + ".gpus", std::to_string(list.size()) + " GPUs on one machine; the limit is " +
                                             std::to_string(kMaxTraceJobGpus));
        auto [slot, fresh] = machineAt.emplace(ip.get<std::string>(), ms.size());
        if (fresh) {
          ms.push_back(ip.get<std::string>());
          mg.push_back(0);
          gpuNames.emplace_back();
        }
        std::unordered_set<std::string>& names = gpuNames[slot->second];
        for (std::size_t q = 0; q < list.size(); ++q) {
          const std::string name = list[q].is_string() ? list[q].get<std::string>() : list[q].dump();
          if (!names.insert(name).second)
            throw InputError(indexPath(dp + ".gpus", q), "GPU " + name + " of machine " + ip.get<std::string>() +
                                                             " is listed twice in this attempt");
        }
        mg[slot->second] += static_cast<int>(list.size());
        g += static_cast<int>(list.size());
        if (g > kMaxTraceJobGpus)
          throw InputError(dp + ".gpus", "the attempt runs more than " + std::to_string(kMaxTraceJobGpus) + " GPUs");
      }
      if (std::isnan(s) || std::isnan(e) || g == 0) continue;
      // Attempts in time order: a later attempt starting before the previous one did would make the job's run
      // (first start to last end) a made-up figure.
      if (!std::isnan(prevStart) && s < prevStart)
        throw InputError(ap + ".start_time", "before the previous attempt's start (attempts out of order)");
      prevStart = s;
      if (std::isnan(first)) first = s;
      last = e;
      gpus = g;
      machines = std::move(ms);
      machineGpus = std::move(mg);
    }
    const std::string where = p + " (job " + (id.is_string() ? id.get<std::string>() : id.dump()) + ")";
    if (std::isnan(submit)) skip(rep, "no submission time", where);
    else if (std::isnan(first)) skip(rep, "no complete attempt", where);
    else {
      TraceJob t;
      t.id = id.get<std::string>();
      t.team = vc.get<std::string>();
      t.submit_s = submit;
      t.trace_start_s = std::max(first, submit);
      // Attempts out of order, or a submission after the last attempt ended,
      // once gave a silent 0-second job (the Alibaba reader refuses the same).
      if (last < first) throw InputError(p + ".attempts", "the last attempt ends before the first one starts (out of order)");
      if (last < t.trace_start_s)
        throw InputError(p + ".submitted_time", "after the job's last attempt ended (negative time)");
      t.duration_s = last - t.trace_start_s;
      t.gpus = gpus;
      t.machines = std::move(machines);
      t.machine_gpus = std::move(machineGpus);
      t.line = i;
      out.push_back(std::move(t));
    }
  }
  startAtZero(out);
  for (const TraceJob& t : out)
    checkSpan(t, [&](const char* column) {
      return indexPath(name, t.line) + "." + (std::string(column) == "start_time" ? "submitted_time" : "attempts");
    });
  rep->jobs = static_cast<long long>(out.size());
  return out;
}

long long TraceReport::skippedTotal() const {
  long long n = 0;
  for (const auto& [why, k] : skipped) n += k;
  return n;
}

std::string skippedSummary(const TraceReport& r) {
  const long long n = r.skippedTotal();
  if (n == 0) return {};
  std::string out = "trace: " + std::to_string(n) + " skipped (" + std::to_string(r.rows) + " job rows read, " +
                    std::to_string(r.jobs) + " jobs kept):";
  bool firstReason = true;
  for (const auto& [why, k] : r.skipped) {
    out += (firstReason ? " " : ", ") + why + " " + std::to_string(k);
    firstReason = false;
  }
  out += "\n";
  for (const std::string& e : r.skipped_examples) out += "  skipped " + e + "\n";
  if (n > static_cast<long long>(r.skipped_examples.size()))
    out += "  ... and " + std::to_string(n - static_cast<long long>(r.skipped_examples.size())) + " more\n";
  return out;
}

namespace {
std::string readTextFile(const std::string& path, const std::string& what) {
  return readInputFile(path, what, kMaxTraceFileBytes);
}
}  // namespace

std::vector<TraceJob> readTraceFiles(const std::string& format, const std::string& path, TraceReport* report,
                                     const std::string& what) {
  namespace fs = std::filesystem;
  std::vector<TraceJob> jobs;
  if (format == "alibaba2020") {
    fs::path table = path, tasks;
    std::error_code ec;
    if (fs::is_directory(table, ec)) {
      tasks = table / "pai_task_table.csv";
      table = table / "pai_job_table.csv";
    } else {
      tasks = table.parent_path() / "pai_task_table.csv";
    }
    jobs = readAlibaba2020(readTextFile(table.string(), what), readTextFile(tasks.string(), what), report,
                           table.string(), tasks.string());
  } else if (format == "philly") {
    // One JSON document, parsed whole (several times its size in memory): the general 256 MiB limit.
    jobs = readPhilly(readInputFile(path, what), report, path);
  } else {
    throw InputError(what, "unknown trace format \"" + format + "\" (alibaba2020 or philly)");
  }
  if (jobs.empty()) throw InputError(what, path + ": no job of the trace ran on GPUs");
  return jobs;
}

Workload withTrace(Workload w, std::vector<TraceJob> jobs, bool traceOnly) {
  if (traceOnly) {  // the trace alone: its span is the horizon
    double last = 0;
    for (const TraceJob& t : jobs) last = std::max(last, t.trace_start_s + t.duration_s);
    if (!(last / 3600 <= kMaxTraceSpanH))  // the readers refuse such traces; this guards other callers
      throw InputError("trace", "spans more than " + std::to_string(static_cast<long long>(kMaxTraceSpanH)) + " h");
    w.horizon_h = std::max(1e-3, last / 3600);
    w.horizon_is_trace_span = true;
    w.failures = true;
  }
  w.trace = std::move(jobs);
  return w;
}

}  // namespace cf::sched
