// The report's content as HTML that both QTextDocument (for the PDF) and web
// browsers render: cover, design summary, comparison table, per-scenario key
// figures with every chart, bill of materials, lever waterfalls, workloads, assumptions,
// versions. Charts
// are drawn through the same ChartView adapter as the dashboard; they come
// either as named resources (for QTextDocument) or inline PNG data URIs.
#pragma once
#include <QCoreApplication>
#include <QImage>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVector>

#include "SimResult.h"
#include "WaterfallRunner.h"

namespace cf {

struct Project;

class ReportHtml {
  Q_DECLARE_TR_FUNCTIONS(ReportHtml)

 public:
  enum class Images { Resources, DataUris };
  ReportHtml(const Project& project, const QVector<SimResultPtr>& results);

  // Results of the project's waterfalls, by index (the GUI's runner has them);
  // a waterfall without one is run here, in this thread, when the report is built.
  void setWaterfallResults(const QVector<WaterfallRunPtr>& runs) { waterfalls_ = runs; }

  QString build(Images mode);
  // After build(Images::Resources): "chart/<scenario>/<n>", "racks/<scenario>",
  // "fabric/<scenario>" → image.
  const QMap<QString, QImage>& images() const { return images_; }
  // Latin text face first, then a CJK face (Noto Sans CJK SC) for Chinese.
  // (Digits set in the CJK face lose their text in the PDF: pdftotext drops them.)
  static QStringList fontFamilies();

 private:
  QString cover() const;
  QString designSummary() const;
  QString comparison() const;
  QString scenarioSection(int index, Images mode);
  // Rack elevations of the first row (the scenario's layout, else a proposed
  // one) and the fabric coloured by link utilisation, rendered offscreen.
  QString designPictures(int index, Images mode);
  QString embed(const QString& name, const QImage& image, Images mode, int width, const QString& alt);
  QString bom(int index) const;
  // One lever waterfall (ReportWaterfall.cpp): the time-to-train chart, the
  // figures of every step with its share, and the assumptions line.
  QString waterfallSection(int index, Images mode);
  // A scenario's workload (ReportSchedule.cpp): the scheduler's run, the
  // utilisation chart, idle GPU-hours by cause and the four policies.
  QString scheduleSection(int index, Images mode);
  QString assumptions() const;
  QString versions() const;

  const Project& project_;
  QVector<SimResultPtr> results_;
  QVector<WaterfallRunPtr> waterfalls_;
  QMap<QString, QImage> images_;
};

}  // namespace cf
