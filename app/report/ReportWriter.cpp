#include "ReportWriter.h"

#include <QAbstractTextDocumentLayout>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFont>
#include <QPageLayout>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>

#include "ReportPictures.h"
#include "common/Version.h"
#include "design/Project.h"
#include "report/CsvReport.h"
#include "sim/Simulate.h"

namespace cf {

namespace {

bool saveText(const QString& path, const QByteArray& bytes, QString* error) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
    if (error) *error = ReportWriter::tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  return true;
}

// A4 with 15 mm margins; a footer line (page numbers) under the text.
constexpr double kMarginMm = 15;
constexpr double kFooterPx = 22;
QPageLayout pageLayout() {
  return QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm),
                     QPageLayout::Millimeter);
}

QFont reportFont() {
  QFont font;
  if (!ReportHtml::fontFamilies().isEmpty()) font.setFamilies(ReportHtml::fontFamilies());
  font.setPointSizeF(10);
  return font;
}

// Keeps each heading on the page of what it introduces: a heading whose
// content (the notes under it up to the first picture, table or paragraph of
// substance) starts on a later page gets a page break before it. QTextDocument
// has no keep-with-next; a break moves everything after it, so headings are
// taken one at a time in document order and the layout is redone each time.
void keepHeadingsWithContent(QTextDocument* doc) {
  const double pageH = doc->pageSize().height();
  if (pageH <= 0) return;
  QAbstractTextDocumentLayout* layout = doc->documentLayout();
  auto rectOf = [&](const QTextFrame::iterator& it) {
    return it.currentFrame() ? layout->frameBoundingRect(it.currentFrame()) : layout->blockBoundingRect(it.currentBlock());
  };
  constexpr double kNotes = 120;     // notes and sub-headings under a heading: keep going to what follows them
  constexpr double kFirstRows = 60;  // of a table: its header and first row
  int checked = 0;  // headings before this one are settled
  for (bool moved = true; moved;) {
    moved = false;
    int index = 0;
    for (QTextFrame::iterator it = doc->rootFrame()->begin(); !it.atEnd(); ++it) {
      const QTextBlock b = it.currentBlock();
      if (!b.isValid() || b.blockFormat().headingLevel() == 0) continue;
      if (index++ < checked) continue;
      ++checked;
      const QRectF head = layout->blockBoundingRect(b);
      const int page = static_cast<int>(head.top() / pageH);
      if (head.top() - page * pageH < 1) continue;  // already at the top of a page
      bool split = false;
      QTextFrame::iterator next = it;
      ++next;
      // Through the notes under the heading (a few short paragraphs) to the
      // first picture, table or paragraph of substance: all on the heading's page.
      double notes = 0;
      for (int k = 0; k < 4 && !next.atEnd(); ++k, ++next) {
        const QRectF r = rectOf(next);
        const double reach = next.currentFrame() ? std::min(r.height(), kFirstRows) : r.height();
        if (static_cast<int>((r.top() + reach - 1) / pageH) != page) {
          split = true;
          break;
        }
        const bool picture = !next.currentFrame() && next.currentBlock().text().contains(QChar::ObjectReplacementCharacter);
        notes += r.height();
        if (next.currentFrame() || picture || notes > kNotes) break;
      }
      if (!split) continue;
      QTextBlockFormat f = b.blockFormat();
      f.setPageBreakPolicy(f.pageBreakPolicy() | QTextFormat::PageBreak_AlwaysBefore);
      QTextCursor(b).setBlockFormat(f);
      moved = true;
      break;
    }
  }
}

}  // namespace

bool ReportWriter::parseFormat(const QString& text, Format* format) {
  const QString t = text.toLower();
  if (t == QLatin1String("pdf")) *format = Format::Pdf;
  else if (t == QLatin1String("html") || t == QLatin1String("htm")) *format = Format::Html;
  else if (t == QLatin1String("csv")) *format = Format::Csv;
  else return false;
  return true;
}

QVector<SimResultPtr> ReportWriter::simulateAll(const Project& project, const SimulateOptions& options) {
  QVector<SimResultPtr> results;
  for (std::size_t i = 0; i < project.scenarios.size(); ++i) {
    auto r = std::make_shared<SimResult>();
    QElapsedTimer t;
    t.start();
    try {
      nlohmann::json asJson;
      SimulateOptions opt = options;
      opt.control = nullptr;
      SimOutput out = simulate(project, i, opt, &asJson);
      r->set(std::move(out), std::move(asJson));
    } catch (const std::exception& e) {
      r->error = QString::fromStdString(e.what());
    }
    r->seconds = static_cast<double>(t.nsecsElapsed()) / 1e9;
    results.append(r);
  }
  return results;
}

ReportHtml::Precomputed ReportWriter::precompute(const Project& project, ReportHtml::Precomputed given) {
  const int waterfalls = static_cast<int>(project.waterfalls.size()), scenarios = static_cast<int>(project.scenarios.size());
  given.waterfalls.resize(waterfalls);
  given.schedules.resize(scenarios);
  for (int w = 0; w < waterfalls; ++w) given.waterfalls[w] = ReportHtml::waterfallRun(project, w, given);
  for (int i = 0; i < scenarios; ++i)
    if (!project.scenarios[static_cast<std::size_t>(i)].workload.is_null())
      given.schedules[i] = ReportHtml::scheduleRun(project, i, given);
  return given;
}

bool ReportWriter::write(const Project& project, const QVector<SimResultPtr>& results, Format format,
                         const QString& path, QString* error, const Progress& progress,
                         const ReportHtml::Precomputed& figures) {
  switch (format) {
    case Format::Pdf: {
      // Building is most of the work (three quarters of the bar), printing the rest; in 1/1000.
      PdfContent content;
      const Progress building =
          progress ? Progress([&](int d, int t) { return progress(750 * d / std::max(1, t), 1000); }) : Progress();
      if (!buildPdf(project, results, &content, building, figures)) {
        if (error) *error = tr("Cancelled.");
        return false;
      }
      const Progress printing =
          progress ? Progress([&](int d, int t) { return progress(750 + 250 * d / std::max(1, t), 1000); }) : Progress();
      return printPdf(content, path, error, printing);
    }
    case Format::Html: {
      ReportHtml html(project, results);
      html.setProgress(progress);
      html.setPrecomputed(figures);
      const QString text = html.build(ReportHtml::Images::DataUris);
      if (text.isEmpty()) {
        if (error) *error = tr("Cancelled.");
        return false;
      }
      return saveText(path, text.toUtf8(), error);
    }
    case Format::Csv: {
      std::vector<report::ScenarioOutput> outs;
      for (int i = 0; i < static_cast<int>(project.scenarios.size()); ++i) {
        const SimResultPtr r = results.value(i);
        const bool ok = r && r->ok();
        outs.push_back({project.scenarios[static_cast<std::size_t>(i)].name, ok ? r->json : nlohmann::json::object(),
                        ok ? r->output : nullptr});
      }
      const std::string csv = report::csvReport(outs);
      return saveText(path, QByteArray::fromStdString(csv), error);
    }
  }
  return false;
}

bool ReportWriter::buildPdf(const Project& project, const QVector<SimResultPtr>& results, PdfContent* content,
                            const Progress& progress, const ReportHtml::Precomputed& figures) {
  ReportHtml builder(project, results);
  builder.setProgress(progress);
  builder.setPrecomputed(figures);
  content->html = builder.build(ReportHtml::Images::Resources);
  if (content->html.isEmpty()) return false;
  content->pictures = builder.pictures();
  content->title = tr("ClusterForge report: %1").arg(QString::fromStdString(project.name));
  return true;
}

QSizeF ReportWriter::pageSize() {
  const QRectF text = pageLayout().paintRect(QPageLayout::Point);
  return {text.width() * 96.0 / 72.0, text.height() * 96.0 / 72.0 - kFooterPx};
}

std::unique_ptr<QTextDocument> ReportWriter::layoutPdf(const PdfContent& content) {
  auto doc = std::make_unique<QTextDocument>();
  doc->setDefaultFont(reportFont());
  doc->setDocumentMargin(0);
  // Words are never broken (a narrow table column wraps "Preemptions" at a word boundary or not at all).
  QTextOption text = doc->defaultTextOption();
  text.setWrapMode(QTextOption::WordWrap);
  doc->setDefaultTextOption(text);
  doc->setHtml(content.html);
  auto* pictures = new ReportPictures(content.pictures, doc.get());
  pictures->install(doc.get());
  doc->setPageSize(pageSize());  // paginates: every page break and table header repeat is decided here
  keepHeadingsWithContent(doc.get());
  return doc;
}

bool ReportWriter::printPdf(const PdfContent& content, const QString& path, QString* error, const Progress& progress) {
  const std::unique_ptr<QTextDocument> doc = layoutPdf(content);
  const int pages = doc->pageCount();
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) {
    if (error) *error = tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  {
    QPdfWriter pdf(&file);
    pdf.setPageLayout(pageLayout());
    pdf.setResolution(300);
    pdf.setTitle(content.title);
    pdf.setCreator(QStringLiteral("ClusterForge %1").arg(QString::fromLatin1(kVersion)));
    QPainter painter(&pdf);
    const double scale = pdf.resolution() / 96.0;
    const QSizeF page = pageSize();
    QFont footer = reportFont();
    footer.setPixelSize(11);  // 8 pt in layout pixels (the painter is scaled to them)
    for (int p = 0; p < pages; ++p) {
      if (progress && !progress(p, pages)) {
        painter.end();
        file.cancelWriting();
        if (error) *error = tr("Cancelled.");
        return false;
      }
      if (p > 0) pdf.newPage();
      painter.save();
      painter.scale(scale, scale);
      painter.save();
      painter.translate(0, -p * page.height());
      const QRectF view(0, p * page.height(), page.width(), page.height());
      painter.setClipRect(view);
      QAbstractTextDocumentLayout::PaintContext ctx;
      ctx.clip = view;
      ctx.palette.setColor(QPalette::Text, Qt::black);
      doc->documentLayout()->draw(&painter, ctx);
      painter.restore();
      painter.setFont(footer);
      painter.setPen(QColor(0x55, 0x55, 0x55));
      const QRectF foot(0, page.height() + 4, page.width(), kFooterPx - 4);
      painter.drawText(foot, Qt::AlignLeft | Qt::AlignVCenter, content.title);
      painter.drawText(foot, Qt::AlignRight | Qt::AlignVCenter, tr("%1 / %2").arg(p + 1).arg(pages));
      painter.restore();
    }
  }
  if (!file.commit()) {
    if (error) *error = tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
  }
  return true;
}

}  // namespace cf
