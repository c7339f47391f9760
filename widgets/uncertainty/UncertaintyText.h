// How the uncertainty results (models/UncertaintyRunner) read in the GUI and
// the report, in one place: the headline figures' names, units and number
// format (the unit the Dashboard and Compare use: M USD, %, days), the
// uncertain inputs' names and sources in the interface language (the
// engine's defaults are translated; a scenario's own range keeps the key the
// user wrote), the tornado's order (largest swing first) and the sentences
// of the decision ("A beats B in 83 % of samples").
#pragma once
#include <QCoreApplication>
#include <QString>
#include <QVector>
#include <vector>

#include "UncertaintyRunner.h"

namespace cf {

class UncertaintyText {
  Q_DECLARE_TR_FUNCTIONS(UncertaintyText)

 public:
  // Figures (uq::figures() index).
  static QString figureName(std::size_t f);
  static QString figureUnit(std::size_t f);  // as shown ("M USD", "%", "days"); empty for PUE
  static QString figureNameWithUnit(std::size_t f);
  // Shown value = engine value × this (1e-6 for M USD, 100 for a percentage).
  static double shownFactor(std::size_t f);
  // A value of figure f in its shown unit, without the unit ("12.4", "87.1").
  static QString number(std::size_t f, double value);
  // "a – b" (p5 to p95) in the shown unit, without the unit.
  static QString band(std::size_t f, const uq::Summary& s);
  // "p5–p95: a – b unit", the Dashboard's line under a figure.
  static QString bandLine(std::size_t f, const uq::Summary& s);
  // The same as HTML whose range never breaks inside ("2.98 – 5.00 s" stays
  // whole; the line may break after the label): narrow cards at 1024 px.
  static QString bandLineHtml(std::size_t f, const uq::Summary& s);
  // The figures() index of a MetricTable / Dashboard metric id, or -1.
  static int figureOfMetric(const QString& metricId);

  // Inputs.
  static QString inputName(const uq::UncertainInput& in);
  static QString inputName(const std::string& key);
  static QString inputSource(const uq::UncertainInput& in);
  static QString shapeName(uq::Shape s);
  static QString inputValue(const uq::UncertainInput& in, double v);  // "0.05", "32,500"

  // Indexes of the swings, largest swing of figure f first (ties keep the inputs' order).
  static QVector<int> tornadoOrder(const std::vector<uq::Swing>& swings, std::size_t f);
  static double swingWidth(const uq::Swing& s, std::size_t f);

  // The decision on figure f in words: with two designs "A beats B in 83 % of
  // samples", with more "A is best in 61 % of samples"; tags are "A", "B"...
  static QString decisionSentence(const uq::Comparison& c, const QStringList& tags);
  static QString percent(double fraction);  // "83 %"
  // How the run was made (samples, method, seed, time), one sentence.
  static QString method(const UncertaintyRun& run);
};

}  // namespace cf
