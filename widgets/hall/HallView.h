// The "Hall" tab: the rows of racks of one hall on a floor grid (0.6 x 1.2 m
// racks, 1.2 m aisles, hot and cold aisles alternating), each rack coloured by
// power, heat to air, weight or free U against its budget, with a legend.
// Double-clicking a rack opens its row in the rack elevations (rowActivated).
#pragma once
#include <QWidget>

#include "LayoutEdit.h"

class QComboBox;
class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QTimer;

namespace cf {

struct ChangeEvent;
class Document;

class HallView : public QWidget {
  Q_OBJECT

 public:
  enum class Metric { Power, Heat, Weight, FreeU };
  explicit HallView(Document* doc, QWidget* parent = nullptr);

  void setScenario(int index);
  void setMetric(Metric m);
  QGraphicsScene* scene() const { return scene_; }
  int rackItems() const { return rackItems_; }

 signals:
  void rowActivated(const cf::RowRef& row);

 protected:
  void changeEvent(QEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void retranslate();
  void rebuild();
  QString metricTitle() const;

  Document* doc_;
  int scenario_ = 0;
  QLabel* hallLabel_;
  QComboBox* halls_;
  QLabel* metricLabel_;
  QComboBox* metric_;
  QLabel* legend_;
  QGraphicsScene* scene_;
  QGraphicsView* view_;
  QTimer* timer_;
  int rackItems_ = 0;
};

}  // namespace cf
