// The legend of the fabric canvas's link colours: the green -> yellow -> red
// scale of FabricItem (logarithmic, two decades below the full scale) with
// ticks in percent, under a caption that says where the values come from
// (flow simulation or analytical model). Hidden while no values are shown.
#pragma once
#include <QWidget>

namespace cf {

class FabricLegend : public QWidget {
  Q_OBJECT

 public:
  explicit FabricLegend(QWidget* parent = nullptr);
  void setRange(double max, const QString& caption);  // max <= 0 hides the legend
  double maximum() const { return max_; }
  QString caption() const { return caption_; }
  // The tick labels drawn under the scale, left to right ("1 %", "10 %", "100 %").
  QStringList tickLabels() const;
  QSize sizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  double max_ = 0;
  QString caption_;
};

}  // namespace cf
