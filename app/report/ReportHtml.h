// The report's content as HTML that both QTextDocument (for the PDF) and web
// browsers render, in the order a client reads it (issue 19 item 4):
//   1. the executive summary: every scenario side by side (the design, the
//      answer, the bottleneck, cost and PUE) with a one-line verdict;
//   2. comparison charts across scenarios and the full metric table;
//   3. each distinct design once (scenarios that share the cluster and layout
//      share it): its parameters, rack elevations (one of each kind of rack),
//      the fabric and the bill of materials;
//   4. each scenario's details, naming its design instead of repeating it;
//      a chart identical to one already shown is referenced, not repeated;
//   5. lever waterfalls, workloads, uncertainty (when computed), assumptions, versions.
// Charts are drawn through the same ChartView adapter as the dashboard, at the
// size they are printed (text at least kMinTextPt). Pictures come as named
// resources for the PDF (ReportPictures: vector, SVG drawn by the PDF's
// painter) or as inline data URIs (SVG, PNG for a drawing too big as SVG).
// Every table puts its header row in <thead>, which QTextDocument repeats on
// each page the table spans.
#pragma once
#include <QCoreApplication>
#include <QDateTime>
#include <QImage>
#include <QMap>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>
#include <functional>

#include "ScheduleRunner.h"
#include "SimResult.h"
#include "UncertaintyRunner.h"
#include "WaterfallRunner.h"

class QGraphicsScene;

namespace cf {

struct Project;
class ChartView;

class ReportHtml {
  Q_DECLARE_TR_FUNCTIONS(ReportHtml)

 public:
  enum class Images { Resources, DataUris };
  // Printed size of the smallest chart text, in points.
  static constexpr double kMinTextPt = 8.0;
  // Width of the text column in layout pixels (96 per inch): A4 less 15 mm margins.
  static constexpr int kPageWidthPx = 680;
  static constexpr int kHalfWidthPx = 334;  // two pictures side by side

  ReportHtml(const Project& project, const QVector<SimResultPtr>& results);

  // Called before each part is built with (done, total); returning false
  // cancels the build (build() then returns an empty string).
  void setProgress(std::function<bool(int done, int total)> progress) { progress_ = std::move(progress); }

  // The waterfalls' and the workloads' figures, computed before the build
  // (ReportWriter::precompute, on a worker in the GUI); a section without
  // its figures here computes them in place (the CLI).
  struct Precomputed {
    QVector<WaterfallRunPtr> waterfalls;  // by the project's waterfall index
    QVector<ScheduleRunPtr> schedules;    // by scenario index (null: no workload)
    // The uncertainty section (issue 32): a run the user made and the figure
    // (uq::figures() index) it is judged on; no run, no section.
    UncertaintyRunPtr uncertainty;
    std::size_t uncertaintyFigure = 1;
  };
  void setPrecomputed(Precomputed figures) { precomputed_ = std::move(figures); }
  // The time the header says the report was generated: now unless set here
  // or by SOURCE_DATE_EPOCH (seconds since 1970, the reproducible-builds
  // convention: two builds of the same project give the same bytes).
  void setGeneratedAt(QDateTime when) { generatedAt_ = std::move(when); }
  // The figures of waterfall `index` and of scenario `index`'s workload
  // (what the sections show), from `given` when it has them, else computed.
  static WaterfallRunPtr waterfallRun(const Project& project, int index, const Precomputed& given);
  static ScheduleRunPtr scheduleRun(const Project& project, int index, const Precomputed& given);

  QString build(Images mode);

  // A picture of the report: SVG (vector) when the drawing allows, else PNG.
  struct Picture {
    QByteArray svg;      // empty: use image
    QImage image;
    QSizeF logicalSize;  // the size it was drawn at (layout pixels)
    int displayWidth = 0;
    double minTextPt = 0;  // smallest font it was drawn with (0: no text known)
  };
  // After build(Images::Resources): "chart/<scenario>/<n>", "racks/<design>",
  // "fabric/<design>", "compare/<n>" ... → picture.
  const QMap<QString, Picture>& pictures() const { return pictures_; }

  // Scenarios that share one design (cluster and layout), in order of first
  // use: designs()[d] lists the scenario indexes of design d.
  const QVector<QVector<int>>& designs() const { return designs_; }
  static QString designTag(int design);  // "D1", "D2" ...
  static QString scenarioTag(int scenario);  // "A", "B" ... (as in Compare)

  // Latin text face first, then a CJK face (Noto Sans CJK SC) for Chinese.
  // (Digits set in the CJK face lose their text in the PDF: pdftotext drops them.)
  static QStringList fontFamilies();

 private:
  bool step();  // progress; false: cancelled
  // The same progress without a step: before each picture, so that the window
  // handles its events between charts, not only between sections (issue 30:
  // a scenario's section held the GUI thread 100-200 ms).
  void tick();
  void groupDesigns();
  QString header() const;
  // ReportSummary.cpp
  QString executiveSummary() const;
  QString verdict() const;
  QString comparisonCharts(Images mode);
  QString comparisonTable() const;
  // ReportDesigns.cpp
  QString designSection(int design, Images mode);
  QString designTable(int scenario) const;
  QString rackPictures(int design, Images mode);
  QString fabricPicture(int design, Images mode);
  QString bom(int scenario) const;
  // This file.
  QString scenarioSection(int index, Images mode);
  // A chart at `width` layout pixels (the size it prints at); the name of an
  // earlier identical chart goes to *sameAs instead.
  QString chart(const QString& name, ChartView* view, int width, int height, Images mode, QString* sameAs = nullptr);
  QString scene(const QString& name, QGraphicsScene* scene, const QRectF& source, QSize logical, Images mode,
                const QString& alt, Qt::AspectRatioMode aspect = Qt::KeepAspectRatio);
  QString embed(const QString& name, Picture picture, Images mode, const QString& alt);
  // One lever waterfall (ReportWaterfall.cpp): the time-to-train chart, the
  // figures of every step with its share, and the assumptions line.
  QString waterfallSection(int index, Images mode);
  // A scenario's workload (ReportSchedule.cpp): the scheduler's run, the
  // utilisation chart, idle GPU-hours by cause and the four policies.
  QString scheduleSection(int index, Images mode);
  // ReportUncertainty.cpp: bands, tornado, P(best) and the inputs' assumptions.
  QString uncertaintySection(Images mode);
  QString assumptions() const;
  QString versions() const;
  QString scenarioName(int index) const;
  static QString esc(const std::string& s);  // user text as HTML text

  const Project& project_;
  QVector<SimResultPtr> results_;
  Precomputed precomputed_;
  QDateTime generatedAt_;
  QMap<QString, Picture> pictures_;
  QMap<QByteArray, QString> shown_;  // picture bytes → where it was first shown
  QVector<QVector<int>> designs_;
  QVector<int> designOf_;  // scenario → design
  std::function<bool(int, int)> progress_;
  int done_ = 0, total_ = 0;
  bool cancelled_ = false;
};

// Table markup shared by the report's parts: the header row in <thead> (so
// that QTextDocument repeats it on every page of the table).
namespace reporthtml {
QString tableOpen(bool fullWidth = true);
QString headRow(const QStringList& cells, const QString& style = {});
QString td(const QString& s, const QString& style = {});
QString th(const QString& s, const QString& style = {});
// A cell of a wide figures table in small type (8 pt, numbers right-aligned, no wrapping):
// ten columns fit an A4 page without breaking words.
QString smallCell(const QString& s, bool head = false);
QString heading(int level, const QString& text, bool newPage = false);
// Pictures two by two, each pair one line of a paragraph: a line never
// splits across pages (a table row of pictures would).
QString chartPairs(const QStringList& images);
extern const QString kNote;  // style of a grey note paragraph
}  // namespace reporthtml

}  // namespace cf
