// A classroom lesson as data (resources/lessons/*.json, embedded as
// :/lessons/): a base example, a few steps that each change one parameter
// (scenario edits as key path -> value), the metrics and the chart each step
// shows, and the trend the lesson teaches ("decreasing", "increasing",
// "interior_maximum", "last_below_first"). Titles and narration come in
// English and Chinese side by side; text(lang) picks one (English fallback).
// Figures in the text are placeholders ({performance.mfu}, {energy.pue@1})
// filled from the engine's result (LessonSimulator::fill), never typed in.
// docs/lesson-format.md documents the format.
#pragma once
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QVector>
#include <nlohmann/json.hpp>

#include "sim/Metrics.h"

namespace cf {

// {"en": "...", "zh_CN": "..."} or a plain string.
struct LocalText {
  QString en, zh;
  QString text(const QString& lang) const {
    return lang.startsWith(QLatin1String("zh")) && !zh.isEmpty() ? zh : en;
  }
};

struct LessonStep {
  LocalText label;  // short axis label ("25 Gb/s")
  LocalText title, text;
  LocalText notes;  // presenter notes (the second screen), optional
  int scenario = -1;         // -1: the lesson's scenario
  nlohmann::json edits;      // object: key path -> value
  QStringList metrics;       // metric keys (LessonSimulator::metric)
  QString chart;             // ResultCharts chart name ("StepBreakdown", ...)
};

struct Lesson {
  Q_DECLARE_TR_FUNCTIONS(Lesson)

 public:
  QString id;
  LocalText title, summary;
  QString source;    // where the case comes from (seed essay, paper)
  QString example;   // file name under resources/examples
  // A lever waterfall lesson (issue 17): the file name of a waterfall spec
  // under resources/waterfalls whose base is `example`. Step 0 is the
  // baseline and step k the waterfall's first k steps applied (the steps'
  // own "edits" are not used); the trend chart draws the waterfall bar by bar.
  QString waterfall;
  int scenario = 0;
  int trials = 200;  // Monte Carlo trials per step (kept small: steps run on demand)
  nlohmann::json baseEdits = nlohmann::json::object();
  QString metric;    // the metric the lesson is about
  QString expect;    // its trend over the steps
  bool trendAsLine = false;  // "trend_chart": "line" or "bars"
  // "trend_x": a metric whose value per step is the trend's x (a numeric
  // x drawn on a value axis, e.g. checkpoint_interval_min); empty: the
  // steps' labels along a category axis.
  QString trendX;
  // "trend_markers": metrics drawn as dashed vertical lines on a trend_x
  // chart at their value for the step shown (checkpoint_young_min).
  QStringList trendMarkers;
  QVector<LessonStep> steps;
  // The folder of a lesson read from disk: its example and waterfall are
  // looked for there first, then among the built-in ones.
  QString baseDir;

  // Throws InputError naming the field ("steps[2].edits") for bad input.
  static Lesson fromJson(const nlohmann::json& j);
  // The built-in lessons, in order (:/lessons/*.json); problems go to *error.
  static QVector<Lesson> builtin(QString* error = nullptr);
  // Reads one lesson file (resource or disk).
  static bool load(const QString& path, Lesson* out, QString* error);
  // Limits of a lesson read from disk (docs/lesson-format.md; issue 33: a
  // 10 MB lesson hung the window, 10^10 trials were shown as 1,410,065,408).
  static constexpr qint64 kMaxFileBytes = 1 << 20;  // the lesson file
  static constexpr int kMaxTextChars = 10000;       // one title, text or note
  static constexpr int kMaxSteps = 100;
  static constexpr int kMaxTrials = 100000;
  // The bytes of a file a lesson names (or of the lesson itself): a resource
  // (":/...") as it is; a file on disk only when it is a regular file of at
  // most `maxBytes` (common/InputFile.h). Throws InputError naming `key`.
  static std::string readFile(const QString& path, const std::string& key, qint64 maxBytes);
  // The {metric} / {metric@N} placeholders of a text (N: 1-based step).
  struct Placeholder {
    QString token;   // as written, braces included
    QString metric;
    int step = -1;   // 0-based; -1: the step the text belongs to; kBadStep: an N below 1 or too large
  };
  static constexpr int kBadStep = -2;
  static QVector<Placeholder> placeholders(const QString& text);
  // The known chart names of "chart" and the derived metric keys.
  static const QStringList& chartNames();
  static const QStringList& derivedMetrics();
  // A "section.key" metric: the registry figure the simulate output writes
  // at /section/key (core/sim/Metrics.h), or null.
  static const MetricSpec* registryMetric(const QString& key);
  // The expected trend holds for these values (one per step)?
  static bool trendHolds(const QString& expect, const QVector<double>& values);
};

}  // namespace cf
