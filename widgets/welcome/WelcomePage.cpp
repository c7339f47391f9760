#include "welcome/WelcomePage.h"

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QStandardItemModel>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTextLayout>
#include <QVBoxLayout>
#include <memory>

#include "BackgroundTask.h"
#include "welcome/ExampleThumbnail.h"

namespace cf {

namespace {

constexpr QSize kThumb(220, 118);
constexpr int kCardW = 236;  // three to a row at 1024 px
constexpr int kTextLines = 5;  // the title (one or two lines) and the story share them

// Draws `text` word-wrapped into `rect`, at most `maxLines` lines, the last
// one elided; returns the height used.
qreal drawWrapped(QPainter* p, const QString& text, const QRectF& rect, int maxLines) {
  const QFontMetricsF fm(p->font());
  QTextLayout layout(text, p->font());
  QTextOption option;
  option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
  layout.setTextOption(option);
  layout.beginLayout();
  qreal y = 0;
  int lines = 0;
  struct Line { int start, length; qreal y; };
  QVector<Line> drawn;
  for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
    line.setLineWidth(rect.width());
    drawn.push_back({line.textStart(), line.textLength(), y});
    y += fm.lineSpacing();
    if (++lines == maxLines) break;
  }
  layout.endLayout();
  for (int i = 0; i < drawn.size(); ++i) {
    QString s = text.mid(drawn[i].start, i + 1 == drawn.size() ? -1 : drawn[i].length);
    if (i + 1 == drawn.size()) s = fm.elidedText(s.simplified(), Qt::ElideRight, rect.width());
    p->drawText(QPointF(rect.left(), rect.top() + drawn[i].y + fm.ascent()), s.trimmed());
  }
  return y;
}

// One example card: thumbnail, bold title, story of up to three lines.
class ExampleDelegate : public QStyledItemDelegate {
 public:
  using QStyledItemDelegate::QStyledItemDelegate;

  QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex&) const override {
    const QFontMetrics fm(option.font);
    return QSize(kCardW, 8 + kThumb.height() + 6 + kTextLines * fm.lineSpacing() + 2 + 10);
  }

  void paint(QPainter* p, const QStyleOptionViewItem& option, const QModelIndex& index) const override {
    p->save();
    p->setRenderHint(QPainter::Antialiasing);
    const QRectF card = QRectF(option.rect).adjusted(3, 3, -3, -3);
    const bool hover = option.state & QStyle::State_MouseOver;
    const bool selected = option.state & QStyle::State_Selected;
    const QPalette& pal = option.palette;
    p->setPen(QPen(selected || hover ? pal.color(QPalette::Highlight) : pal.color(QPalette::Mid), selected ? 2 : 1));
    p->setBrush(hover ? pal.color(QPalette::AlternateBase) : pal.color(QPalette::Base));
    p->drawRoundedRect(card, 6, 6);
    const QImage thumb = index.data(Qt::DecorationRole).value<QImage>();
    const QPointF thumbAt(card.left() + (card.width() - kThumb.width()) / 2, card.top() + 5);
    p->drawImage(thumbAt, thumb);
    QFont bold = option.font;
    bold.setBold(true);
    p->setFont(bold);
    p->setPen(pal.color(QPalette::Text));
    const qreal textLeft = card.left() + 10, textW = card.width() - 20;
    qreal y = thumbAt.y() + kThumb.height() + 6;
    const qreal titleH = drawWrapped(p, index.data(Qt::DisplayRole).toString(), QRectF(textLeft, y, textW, 0), 2);
    const int titleLines = titleH > QFontMetricsF(bold).lineSpacing() * 1.5 ? 2 : 1;
    y += titleH + 2;
    p->setFont(option.font);
    p->setPen(pal.color(QPalette::PlaceholderText));
    drawWrapped(p, index.data(StoryRole).toString(), QRectF(textLeft, y, textW, card.bottom() - y), kTextLines - titleLines);
    p->restore();
  }

  static constexpr int StoryRole = WelcomePage::StoryRole;
};

QPushButton* sideButton(QStyle::StandardPixmap icon, QWidget* parent) {
  auto* b = new QPushButton(parent->style()->standardIcon(icon), QString(), parent);
  b->setMinimumHeight(32);
  b->setStyleSheet(QStringLiteral("text-align: left; padding-left: 10px;"));
  return b;
}

}  // namespace

WelcomePage::WelcomePage(QWidget* parent) : QWidget(parent), scan_(new BackgroundTask(this)) {
  setObjectName(QStringLiteral("welcomePage"));
  scan_->setTitle([] { return tr("Reading the examples"); });
  scan_->setCancellable(false);
  auto* side = new QWidget(this);
  side->setObjectName(QStringLiteral("welcomeSide"));
  side->setFixedWidth(220);
  auto* sideLayout = new QVBoxLayout(side);
  sideLayout->setContentsMargins(16, 16, 8, 12);
  title_ = new QLabel(side);
  QFont big = font();
  big.setPointSizeF(big.pointSizeF() * 1.6);
  big.setBold(true);
  title_->setFont(big);
  subtitle_ = new QLabel(side);
  subtitle_->setWordWrap(true);
  sideLayout->addWidget(title_);
  sideLayout->addWidget(subtitle_);
  sideLayout->addSpacing(10);
  wizardButton_ = sideButton(QStyle::SP_FileDialogNewFolder, side);
  wizardButton_->setObjectName(QStringLiteral("welcomeNewFromWizard"));
  openButton_ = sideButton(QStyle::SP_DialogOpenButton, side);
  openButton_->setObjectName(QStringLiteral("welcomeOpen"));
  tourButton_ = sideButton(QStyle::SP_MediaPlay, side);
  tourButton_->setObjectName(QStringLiteral("welcomeTour"));
  shortcutsButton_ = sideButton(QStyle::SP_FileDialogDetailedView, side);
  shortcutsButton_->setObjectName(QStringLiteral("welcomeShortcuts"));
  for (QPushButton* b : {wizardButton_, openButton_, tourButton_, shortcutsButton_}) sideLayout->addWidget(b);
  sideLayout->addSpacing(12);
  recentHeading_ = new QLabel(side);
  QFont heading = font();
  heading.setBold(true);
  recentHeading_->setFont(heading);
  sideLayout->addWidget(recentHeading_);
  recentList_ = new QListWidget(side);
  recentList_->setObjectName(QStringLiteral("welcomeRecent"));
  recentList_->setFrameShape(QFrame::NoFrame);
  recentList_->setTextElideMode(Qt::ElideMiddle);
  recentList_->setMinimumHeight(60);
  sideLayout->addWidget(recentList_, 1);
  showAtStartup_ = new QCheckBox(side);
  showAtStartup_->setObjectName(QStringLiteral("welcomeShowAtStartup"));
  sideLayout->addWidget(showAtStartup_);

  auto* main = new QWidget(this);
  auto* mainLayout = new QVBoxLayout(main);
  mainLayout->setContentsMargins(8, 16, 12, 8);
  examplesHeading_ = new QLabel(main);
  QFont h2 = font();
  h2.setPointSizeF(h2.pointSizeF() * 1.25);
  h2.setBold(true);
  examplesHeading_->setFont(h2);
  examplesHint_ = new QLabel(main);
  examplesHint_->setWordWrap(true);
  examplesModel_ = new QStandardItemModel(this);
  examplesView_ = new QListView(main);
  examplesView_->setObjectName(QStringLiteral("welcomeExamples"));
  examplesView_->setModel(examplesModel_);
  examplesView_->setViewMode(QListView::IconMode);
  examplesView_->setResizeMode(QListView::Adjust);
  examplesView_->setMovement(QListView::Static);
  examplesView_->setUniformItemSizes(true);
  examplesView_->setSpacing(4);
  examplesView_->setMouseTracking(true);
  examplesView_->setFrameShape(QFrame::NoFrame);
  examplesView_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  examplesView_->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
  examplesView_->setItemDelegate(new ExampleDelegate(examplesView_));
  examplesView_->setMinimumWidth(kCardW + 30);
  mainLayout->addWidget(examplesHeading_);
  mainLayout->addWidget(examplesHint_);
  mainLayout->addWidget(examplesView_, 1);

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(side);
  auto* line = new QFrame(this);
  line->setFrameShape(QFrame::VLine);
  line->setFrameShadow(QFrame::Sunken);
  layout->addWidget(line);
  layout->addWidget(main, 1);

  connect(wizardButton_, &QPushButton::clicked, this, &WelcomePage::newFromWizardRequested);
  connect(openButton_, &QPushButton::clicked, this, &WelcomePage::openRequested);
  connect(tourButton_, &QPushButton::clicked, this, &WelcomePage::tourRequested);
  connect(shortcutsButton_, &QPushButton::clicked, this, &WelcomePage::shortcutsRequested);
  connect(showAtStartup_, &QCheckBox::toggled, this, &WelcomePage::showAtStartupChanged);
  // One click opens, as in Qt Creator's gallery; Enter does too.
  connect(examplesView_, &QListView::clicked, this, &WelcomePage::activateExample);
  connect(examplesView_, &QListView::activated, this, &WelcomePage::activateExample);
  connect(recentList_, &QListWidget::itemClicked, this, &WelcomePage::activateRecent);
  connect(recentList_, &QListWidget::itemActivated, this, &WelcomePage::activateRecent);
  retranslate();
}

void WelcomePage::setExamplesDir(const QString& dir) {
  examplesDir_ = dir;
  if (scan_->isRunning())
    rescan_ = true;
  else
    scanExamples();
}

bool WelcomePage::examplesLoading() const { return scan_->isRunning() || rescan_; }

void WelcomePage::scanExamples() {
  rescan_ = false;
  auto found = std::make_shared<QVector<ExampleInfo>>();
  scan_->start([found, dir = examplesDir_](RunControl&) { *found = ExampleCatalog::scan(dir); });
  connect(scan_, &BackgroundTask::finished, this, [this, found](bool) {
    if (rescan_) {  // a newer folder: its scan replaces this one
      scanExamples();
      return;
    }
    examples_ = std::move(*found);
    fillExamples();
    emit examplesLoaded();
  }, Qt::SingleShotConnection);
}

void WelcomePage::fillExamples() {
  examplesModel_->clear();
  const qreal dpr = devicePixelRatioF();
  for (const ExampleInfo& e : examples_) {
    auto* item = new QStandardItem(e.title);
    item->setData(e.path, PathRole);
    item->setData(e.story, StoryRole);
    item->setData(drawExampleThumbnail(e.project, kThumb, dpr), Qt::DecorationRole);
    item->setToolTip(QStringLiteral("<p><b>%1</b></p><p>%2</p><p><i>%3</i></p>")
                         .arg(e.title.toHtmlEscaped(), (e.error.isEmpty() ? e.description : e.error).toHtmlEscaped(),
                              e.fileName.toHtmlEscaped()));
    item->setEditable(false);
    if (!e.error.isEmpty()) item->setEnabled(false);
    examplesModel_->appendRow(item);
  }
}

void WelcomePage::setRecentFiles(const QStringList& files) {
  recent_ = files;
  fillRecent();
}

void WelcomePage::fillRecent() {
  recentList_->clear();
  for (const QString& path : recent_) {
    const QFileInfo fi(path);
    auto* item = new QListWidgetItem(style()->standardIcon(QStyle::SP_FileIcon), fi.fileName(), recentList_);
    item->setData(PathRole, path);
    item->setToolTip(QDir::toNativeSeparators(path));
    if (!fi.exists()) {
      item->setText(tr("%1 (missing)").arg(fi.fileName()));
      item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
    }
  }
  if (recent_.isEmpty()) {
    auto* item = new QListWidgetItem(tr("No recent projects"), recentList_);
    item->setFlags(Qt::NoItemFlags);
  }
}

void WelcomePage::setShowAtStartup(bool on) {
  const QSignalBlocker block(showAtStartup_);
  showAtStartup_->setChecked(on);
}

void WelcomePage::activateExample(const QModelIndex& index) {
  if (!index.isValid() || !(index.flags() & Qt::ItemIsEnabled)) return;
  emit openExampleRequested(index.data(PathRole).toString());
}

void WelcomePage::activateRecent(QListWidgetItem* item) {
  if (!item || !(item->flags() & Qt::ItemIsEnabled)) return;
  emit openFileRequested(item->data(PathRole).toString());
}

void WelcomePage::retranslate() {
  title_->setText(QStringLiteral("ClusterForge"));
  subtitle_->setText(tr("Design AI training clusters: racks, fabrics, storage, the job, and what it costs."));
  wizardButton_->setText(tr("New from Wizard…"));
  wizardButton_->setToolTip(tr("Start a new project from the cluster wizard"));
  openButton_->setText(tr("Open…"));
  openButton_->setToolTip(tr("Open a project (.cfproj) or a scenario file (.cf.json)"));
  tourButton_->setText(tr("Guided Tour"));
  tourButton_->setToolTip(tr("A short tour of the main window"));
  shortcutsButton_->setText(tr("Keyboard Shortcuts"));
  recentHeading_->setText(tr("Recent Projects"));
  showAtStartup_->setText(tr("Show this page at start-up"));
  examplesHeading_->setText(tr("Examples"));
  examplesHint_->setText(tr("Case studies from published runs. A click opens one as an untitled copy; "
                            "the example file itself is never changed."));
  fillRecent();
  // Titles and stories are translated by the catalog: read them again.
  if (!examplesDir_.isEmpty()) setExamplesDir(examplesDir_);
}

void WelcomePage::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace cf
