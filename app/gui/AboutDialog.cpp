#include "AboutDialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

#include "common/Version.h"
#include "BackendText.h"
#include "gpu/Backend.h"

namespace cf {

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
  setObjectName(QStringLiteral("aboutDialog"));
  setWindowTitle(tr("About ClusterForge"));
  const BackendInfo& b = activeBackend();
  const QString backend =
      QStringLiteral("%1 (%2)").arg(backendName(b), backendDevice(b).toHtmlEscaped());
  body_ = new QLabel(this);
  body_->setObjectName(QStringLiteral("aboutText"));
  body_->setTextFormat(Qt::RichText);
  body_->setWordWrap(true);
  body_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  body_->setText(QStringLiteral("<h2>ClusterForge %1</h2><p>%2</p><table>"
                                "<tr><td><b>%3</b></td><td>%4</td></tr>"
                                "<tr><td><b>%5</b></td><td>%6</td></tr>"
                                "<tr><td><b>%7</b></td><td>%8</td></tr>"
                                "<tr><td><b>%9</b></td><td>%10</td></tr></table>")
                     .arg(QString::fromLatin1(kVersion),
                          tr("A design studio for AI training clusters: racks, fabrics, storage, "
                             "training jobs, reliability, power and cost, side by side."),
                          tr("Compute backend:"), backend, tr("Why:"), backendReason(b).toHtmlEscaped(),
                          tr("CUDA support built in:"), b.cuda_built ? tr("yes") : tr("no"), tr("Qt version:"),
                          QString::fromLatin1(qVersion())));

  auto* icon = new QLabel(this);
  icon->setPixmap(style()->standardIcon(QStyle::SP_ComputerIcon).pixmap(48, 48));
  auto* buttons = new QDialogButtonBox(this);
  QPushButton* close = buttons->addButton(tr("Close"), QDialogButtonBox::AcceptRole);
  close->setDefault(true);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);

  auto* top = new QHBoxLayout;
  top->addWidget(icon, 0, Qt::AlignTop);
  top->addWidget(body_, 1);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(buttons);
  setMinimumWidth(480);
}

QString AboutDialog::text() const { return body_->text(); }

}  // namespace cf
