#include "messages/MessagesDock.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QTimer>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTreeView>
#include <QVBoxLayout>

#include "IssueListModel.h"

namespace cf {

namespace {

// Draws the severity column with the style's error / warning icon.
class SeverityDelegate : public QStyledItemDelegate {
 public:
  using QStyledItemDelegate::QStyledItemDelegate;

 protected:
  void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override {
    QStyledItemDelegate::initStyleOption(option, index);
    const bool error = index.data(IssueListModel::IsErrorRole).toBool();
    option->icon =
        option->widget->style()->standardIcon(error ? QStyle::SP_MessageBoxCritical : QStyle::SP_MessageBoxWarning);
    option->features |= QStyleOptionViewItem::HasDecoration;
    option->decorationSize = QSize(16, 16);
  }
};

}  // namespace

MessagesDock::MessagesDock(Document* doc, QWidget* parent)
    : QDockWidget(parent), model_(new IssueListModel(doc, this)) {
  setObjectName(QStringLiteral("messagesDock"));
  auto* body = new QWidget(this);
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(4, 4, 4, 4);
  summary_ = new QLabel(body);
  summary_->setObjectName(QStringLiteral("messagesSummary"));
  layout->addWidget(summary_);
  view_ = new QTreeView(body);
  view_->setObjectName(QStringLiteral("messagesView"));
  view_->setModel(model_);
  view_->setRootIsDecorated(false);
  view_->setUniformRowHeights(true);
  view_->setAlternatingRowColors(true);
  view_->setItemDelegateForColumn(IssueListModel::SeverityColumn, new SeverityDelegate(view_));
  view_->header()->setStretchLastSection(true);
  view_->header()->setSectionResizeMode(IssueListModel::FieldColumn, QHeaderView::ResizeToContents);
  view_->setColumnWidth(IssueListModel::SeverityColumn, 110);
  view_->setColumnWidth(IssueListModel::ScenarioColumn, 220);
  layout->addWidget(view_);
  setWidget(body);

  connect(view_, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
    if (index.data(IssueListModel::MessageIdRole).toString() == QLatin1String("layout-node-count")) {
      emit layoutOutOfDate(index.data(IssueListModel::ScenarioIndexRole).toInt(),
                           index.sibling(index.row(), IssueListModel::MessageColumn).data().toString());
      return;
    }
    emit issueActivated(index.data(IssueListModel::ScenarioIndexRole).toInt(),
                        index.data(IssueListModel::KeyPathRole).toString());
  });
  // One click on a message about a place in the layout selects that part or rack (Racks / Hall tab).
  connect(view_, &QAbstractItemView::clicked, this, [this](const QModelIndex& index) {
    if (!index.data(IssueListModel::LocationRole).toString().isEmpty())
      emit issueActivated(index.data(IssueListModel::ScenarioIndexRole).toInt(),
                          index.data(IssueListModel::KeyPathRole).toString());
  });
  connect(model_, &IssueListModel::countsChanged, this, &MessagesDock::updateSummary);
  retranslate();
}

QString MessagesDock::validateNow() {
  model_->refresh();
  return summary_->text();
}

void MessagesDock::updateSummary() {
  const int e = model_->errorCount();
  const int w = model_->warningCount();
  if (e == 0 && w == 0)
    summary_->setText(tr("No problems found."));
  else
    summary_->setText(tr("Errors: %1, warnings: %2").arg(e).arg(w));
  setWindowTitle(e + w > 0 ? tr("Messages (%1)").arg(e + w) : tr("Messages"));
  // An empty list took a quarter of the height at 1024 x 768 (issue 30).
  if ((e + w == 0) != view_->isHidden()) {
    view_->setVisible(e + w > 0);
    fitHeight();
  }
}

void MessagesDock::setListHeight(int px) {
  listHeight_ = px;
  fitHeight();
}

int MessagesDock::preferredHeight() const {
  if (!view_->isHidden()) return listHeight_;
  const int title = style()->pixelMetric(QStyle::PM_TitleBarHeight, nullptr, this);
  return widget()->sizeHint().height() + title;
}

void MessagesDock::fitHeight() {
  auto* window = qobject_cast<QMainWindow*>(parentWidget());
  if (!window || isFloating()) return;
  fitPending_ = !isVisible();
  if (!fitPending_) window->resizeDocks({this}, {preferredHeight()}, Qt::Vertical);
}

void MessagesDock::showEvent(QShowEvent* event) {
  QDockWidget::showEvent(event);
  if (fitPending_) QTimer::singleShot(0, this, &MessagesDock::fitHeight);
}

void MessagesDock::retranslate() {
  model_->retranslate();
  updateSummary();
}

void MessagesDock::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QDockWidget::changeEvent(event);
}

}  // namespace cf
