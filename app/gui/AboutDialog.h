// Help > About: version, what the program is, and which compute backend runs
// the simulations (CPU or CUDA) and why.
#pragma once
#include <QDialog>

class QLabel;

namespace cf {

class AboutDialog : public QDialog {
  Q_OBJECT

 public:
  explicit AboutDialog(QWidget* parent = nullptr);
  QString text() const;

 private:
  QLabel* body_;
};

}  // namespace cf
