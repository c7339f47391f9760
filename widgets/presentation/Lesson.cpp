#include "presentation/Lesson.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>

#include "common/InputError.h"
#include "common/InputFile.h"
#include "design/ScenarioJson.h"

namespace cf {

namespace {

using J = nlohmann::json;

LocalText localText(const J& j, const std::string& where) {
  LocalText t;
  if (j.is_string()) {
    t.en = QString::fromStdString(j.get<std::string>());
    if (t.en.size() > Lesson::kMaxTextChars) throw InputError(where, "is longer than " + std::to_string(Lesson::kMaxTextChars) + " characters");
  } else if (j.is_object()) {
    if (!j.contains("en") || !j["en"].is_string()) throw InputError(where + ".en", "English text is required");
    t.en = QString::fromStdString(j["en"].get<std::string>());
    if (t.en.size() > Lesson::kMaxTextChars)
      throw InputError(where + ".en", "is longer than " + std::to_string(Lesson::kMaxTextChars) + " characters");
    if (j.contains("zh_CN")) {
      if (!j["zh_CN"].is_string()) throw InputError(where + ".zh_CN", "must be a string");
      t.zh = QString::fromStdString(j["zh_CN"].get<std::string>());
      if (t.zh.size() > Lesson::kMaxTextChars)
        throw InputError(where + ".zh_CN", "is longer than " + std::to_string(Lesson::kMaxTextChars) + " characters");
    }
  } else {
    throw InputError(where, "must be a string or {\"en\": ..., \"zh_CN\": ...}");
  }
  return t;
}

QString str(const J& j, const char* key, const std::string& where, bool required = true) {
  if (!j.contains(key)) {
    if (required) throw InputError(where + key, "is required");
    return {};
  }
  if (!j[key].is_string()) throw InputError(where + key, "must be a string");
  return QString::fromStdString(j[key].get<std::string>());
}

// An integer in [lo, hi], read without narrowing first (10^10 is refused, not wrapped).
int integer(const J& j, const char* key, int fallback, const std::string& where, int lo, int hi) {
  if (!j.contains(key)) return fallback;
  const J& v = j[key];
  const bool inRange = v.is_number_unsigned() ? v.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi) && hi >= lo &&
                                                    v.get<std::uint64_t>() >= static_cast<std::uint64_t>(std::max(lo, 0))
                                              : v.is_number_integer() && v.get<std::int64_t>() >= lo && v.get<std::int64_t>() <= hi;
  if (!inRange)
    throw InputError(where + key, "must be an integer from " + std::to_string(lo) + " to " + std::to_string(hi));
  return static_cast<int>(v.get<std::int64_t>());
}

const QStringList kTrends = {QStringLiteral("decreasing"), QStringLiteral("increasing"),
                             QStringLiteral("interior_maximum"), QStringLiteral("last_below_first")};

// A metric key: a derived one (LessonSimulator::metric) or "section.key" of the engine output.
void checkMetric(const QString& key, const std::string& where) {
  // The scheduler's figures by name (schedule.KEY); the simulate output's through the registry.
  static const QRegularExpression scheduleKey(QStringLiteral("^schedule\\.[A-Za-z0-9_]+$"));
  if (!Lesson::derivedMetrics().contains(key) && !scheduleKey.match(key).hasMatch() && !Lesson::registryMetric(key))
    throw InputError(where, "\"" + key.toStdString() +
                                "\" is not a metric (\"section.key\" of a figure of `clusterforge-cli metrics`, "
                                "schedule.KEY, or one of " +
                                Lesson::derivedMetrics().join(QStringLiteral(", ")).toStdString() + ")");
}

// Every brace of a text opens a {metric} or {metric@N} placeholder with 1 <= N <= steps.
void checkPlaceholders(const LocalText& t, const std::string& where, int steps) {
  for (const auto& [text, lang] : {std::pair{t.en, "en"}, std::pair{t.zh, "zh_CN"}}) {
    const std::string at = where + (t.zh.isEmpty() && std::string(lang) == "en" ? "" : std::string(".") + lang);
    const QVector<Lesson::Placeholder> found = Lesson::placeholders(text);
    if (text.count(QLatin1Char('{')) != found.size() || text.count(QLatin1Char('}')) != found.size())
      throw InputError(at, "a brace that is not a {metric} or {metric@N} placeholder");
    for (const Lesson::Placeholder& p : found) {
      checkMetric(p.metric, at + " " + p.token.toStdString());
      if (p.step == Lesson::kBadStep)
        throw InputError(at + " " + p.token.toStdString(), "N of {metric@N} counts steps from 1 to " + std::to_string(steps));
      if (p.step >= steps)
        throw InputError(at + " " + p.token.toStdString(), "the lesson has " + std::to_string(steps) + " steps");
    }
  }
}

}  // namespace

const MetricSpec* Lesson::registryMetric(const QString& key) {
  const qsizetype dot = key.indexOf(QLatin1Char('.'));
  if (dot <= 0) return nullptr;
  return findMetricByOutput("/" + key.left(dot).toStdString() + "/" + key.mid(dot + 1).toStdString());
}

Lesson Lesson::fromJson(const J& j) {
  if (!j.is_object()) throw InputError("", "a lesson is a JSON object");
  if (j.value("format", std::string()) != "clusterforge.lesson/1")
    throw InputError("format", "must be \"clusterforge.lesson/1\"");
  Lesson l;
  l.id = str(j, "id", "");
  if (!j.contains("title")) throw InputError("title", "is required");
  l.title = localText(j["title"], "title");
  if (j.contains("summary")) l.summary = localText(j["summary"], "summary");
  l.source = str(j, "source", "", false);
  l.example = str(j, "example", "");
  l.waterfall = str(j, "waterfall", "", false);
  l.scenario = integer(j, "scenario", 0, "", 0, 1000000);
  l.trials = integer(j, "trials", 200, "", 1, kMaxTrials);
  if (j.contains("base_edits")) {
    if (!j["base_edits"].is_object()) throw InputError("base_edits", "must be an object of key path -> value");
    l.baseEdits = j["base_edits"];
  }
  l.metric = str(j, "metric", "");
  l.expect = str(j, "expect", "");
  if (!kTrends.contains(l.expect))
    throw InputError("expect", "must be one of " + kTrends.join(QStringLiteral(", ")).toStdString());
  const QString trendChart = str(j, "trend_chart", "", false);
  if (!trendChart.isEmpty() && trendChart != QLatin1String("line") && trendChart != QLatin1String("bars"))
    throw InputError("trend_chart", "must be \"line\" or \"bars\"");
  l.trendAsLine = trendChart == QLatin1String("line");
  if (!j.contains("steps") || !j["steps"].is_array() || j["steps"].empty())
    throw InputError("steps", "must be a non-empty array");
  if (j["steps"].size() > static_cast<std::size_t>(kMaxSteps))
    throw InputError("steps", "has more than " + std::to_string(kMaxSteps) + " steps");
  for (std::size_t i = 0; i < j["steps"].size(); ++i) {
    const J& s = j["steps"][i];
    const std::string where = "steps[" + std::to_string(i) + "].";
    if (!s.is_object()) throw InputError(where.substr(0, where.size() - 1), "must be an object");
    LessonStep step;
    if (!s.contains("label")) throw InputError(where + "label", "is required");
    step.label = localText(s["label"], where + "label");
    if (!s.contains("title")) throw InputError(where + "title", "is required");
    step.title = localText(s["title"], where + "title");
    if (!s.contains("text")) throw InputError(where + "text", "is required");
    step.text = localText(s["text"], where + "text");
    step.scenario = integer(s, "scenario", -1, where, 0, 1000000);
    step.edits = s.value("edits", J::object());
    if (!step.edits.is_object()) throw InputError(where + "edits", "must be an object of key path -> value");
    if (s.contains("metrics")) {
      if (!s["metrics"].is_array()) throw InputError(where + "metrics", "must be an array of metric keys");
      for (const J& m : s["metrics"]) {
        if (!m.is_string()) throw InputError(where + "metrics", "must be an array of metric keys");
        step.metrics << QString::fromStdString(m.get<std::string>());
      }
    }
    if (step.metrics.isEmpty()) step.metrics << l.metric;
    if (s.contains("notes")) step.notes = localText(s["notes"], where + "notes");
    step.chart = str(s, "chart", where, false);
    if (!step.chart.isEmpty() && !chartNames().contains(step.chart))
      throw InputError(where + "chart", "must be one of " + chartNames().join(QStringLiteral(", ")).toStdString());
    for (const QString& m : step.metrics) checkMetric(m, where + "metrics");
    l.steps.append(step);
  }
  checkMetric(l.metric, "metric");
  l.trendX = str(j, "trend_x", "", false);
  if (!l.trendX.isEmpty()) checkMetric(l.trendX, "trend_x");
  if (j.contains("trend_markers")) {
    if (!j["trend_markers"].is_array()) throw InputError("trend_markers", "must be an array of metric keys");
    for (const J& m : j["trend_markers"]) {
      if (!m.is_string()) throw InputError("trend_markers", "must be an array of metric keys");
      l.trendMarkers << QString::fromStdString(m.get<std::string>());
      checkMetric(l.trendMarkers.last(), "trend_markers");
    }
    if (!l.trendMarkers.isEmpty() && l.trendX.isEmpty())
      throw InputError("trend_markers", "needs \"trend_x\" (markers stand on a numeric x axis)");
  }
  const int n = static_cast<int>(l.steps.size());
  if (!placeholders(l.summary.en).isEmpty() || !placeholders(l.summary.zh).isEmpty())
    throw InputError("summary", "the overview shows no results: no {metric} placeholders here");
  checkPlaceholders(l.summary, "summary", n);
  for (int i = 0; i < n; ++i) {
    const std::string where = "steps[" + std::to_string(i) + "].";
    checkPlaceholders(l.steps[i].title, where + "title", n);
    checkPlaceholders(l.steps[i].text, where + "text", n);
    checkPlaceholders(l.steps[i].notes, where + "notes", n);
  }
  return l;
}

QVector<Lesson::Placeholder> Lesson::placeholders(const QString& text) {
  static const QRegularExpression re(QStringLiteral("\\{([A-Za-z0-9_.]+)(?:@([0-9]+))?\\}"));
  QVector<Placeholder> out;
  for (auto it = re.globalMatch(text); it.hasNext();) {
    const QRegularExpressionMatch m = it.next();
    Placeholder p;
    p.token = m.captured(0);
    p.metric = m.captured(1);
    if (m.hasCaptured(2)) {
      bool ok = false;
      const int n = m.captured(2).toInt(&ok);  // not ok above INT_MAX (2^32 + 200 is not 200)
      p.step = ok && n >= 1 ? n - 1 : kBadStep;
    }
    out << p;
  }
  return out;
}

const QStringList& Lesson::chartNames() {
  static const QStringList names = {
      QStringLiteral("StepBreakdown"), QStringLiteral("Memory"),     QStringLiteral("Interruptions"),
      QStringLiteral("TimeToTrain"),   QStringLiteral("Timeline"),   QStringLiteral("PowerByClass"),
      QStringLiteral("MonthlyPue"),    QStringLiteral("Capex"),      QStringLiteral("TcoYears")};
  return names;
}

const QStringList& Lesson::derivedMetrics() {
  static const QStringList keys = {QStringLiteral("comm_share"), QStringLiteral("scale_out_comm_share"),
                                   QStringLiteral("checkpoint_young_min"), QStringLiteral("checkpoint_daly_min"),
                                   QStringLiteral("checkpoint_interval_min"), QStringLiteral("gpus")};
  return keys;
}

std::string Lesson::readFile(const QString& path, const std::string& key, qint64 maxBytes) {
  if (path.startsWith(QLatin1Char(':'))) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) throw InputError(key, "\"" + path.toStdString() + "\" cannot be read");
    return f.readAll().toStdString();
  }
  return readInputFile(QFile::encodeName(path).toStdString(), key, static_cast<std::uint64_t>(maxBytes));
}

bool Lesson::load(const QString& path, Lesson* out, QString* error) {
  if (!path.startsWith(QLatin1Char(':')) && !QFileInfo::exists(path)) {
    if (error) *error = tr("Cannot read the lesson %1").arg(path);
    return false;
  }
  try {
    *out = fromJson(parseJsonText(readFile(path, "lesson", kMaxFileBytes)));
    if (!path.startsWith(QLatin1Char(':'))) out->baseDir = QFileInfo(path).absolutePath();
    return true;
  } catch (const InputError& e) {
    if (error) *error = tr("Lesson %1: %2").arg(QFileInfo(path).fileName(), QString::fromStdString(e.what()));
  } catch (const std::exception& e) {
    if (error) *error = tr("Lesson %1: %2").arg(QFileInfo(path).fileName(), QString::fromStdString(e.what()));
  }
  return false;
}

QVector<Lesson> Lesson::builtin(QString* error) {
  QVector<Lesson> lessons;
  const QDir dir(QStringLiteral(":/lessons"));
  QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
  for (const QString& name : files) {
    Lesson l;
    QString e;
    if (load(dir.filePath(name), &l, &e))
      lessons.append(l);
    else if (error)
      *error += e + QLatin1Char('\n');
  }
  return lessons;
}

bool Lesson::trendHolds(const QString& expect, const QVector<double>& v) {
  if (v.size() < 2) return false;
  if (expect == QLatin1String("decreasing") || expect == QLatin1String("increasing")) {
    const bool down = expect == QLatin1String("decreasing");
    for (int i = 1; i < v.size(); ++i)
      if (down ? !(v[i] < v[i - 1]) : !(v[i] > v[i - 1])) return false;
    return true;
  }
  if (expect == QLatin1String("interior_maximum")) {
    const auto it = std::max_element(v.begin(), v.end());
    const auto at = it - v.begin();
    return at > 0 && at < v.size() - 1 && *it > v.first() && *it > v.last();
  }
  if (expect == QLatin1String("last_below_first")) return v.last() < v.first();
  return false;
}

}  // namespace cf
