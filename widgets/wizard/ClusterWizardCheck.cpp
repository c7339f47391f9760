// The Cluster Wizard's check of its answers: the design built on a worker
// (BackgroundTask), its summary and fabric preview, and the remedies offered
// when the answers do not build a cluster.
#include "wizard/ClusterWizard.h"
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include "BackgroundTask.h"
#include "EngineMessages.h"
#include "properties/FieldSpec.h"
#include "common/InputError.h"
#include "design/Climate.h"
#include "design/Limits.h"
#include "design/Validation.h"
#include "job/ModelPresets.h"

namespace cf {

namespace {

// The issue with its whole-number arguments of five digits or more grouped as the locale groups them.
Issue grouped(Issue issue) {
  for (std::string& a : issue.args) {
    const QString text = QString::fromStdString(a);
    bool ok = false;
    const qlonglong n = text.toLongLong(&ok);
    if (ok && text.size() >= 5 && text == QString::number(n)) a = QLocale().toString(n).toStdString();
  }
  return issue;
}

}  // namespace

// Checks the current answers on the worker: the scenario they build (fabric,
// layout), and when it cannot be built, validation's reason and remedies.
void ClusterWizard::updateSummary() {
  summaryTimer_->stop();
  if (check_->isRunning()) {
    checkAgain_ = true;
    return;
  }
  checkAgain_ = false;
  if (fabricValid_) {
    fabricValid_ = false;  // Next and Finish wait for this check
    for (QWizardPage* page : {hardware_, fabricPage_, site_, jobPage_}) emit page->completeChanged();
  }
  auto out = std::make_shared<WizardPreview>();
  out->choices = choices();
  preview_ = out;
  check_->start([c = out->choices, parts = parts_, out](RunControl&) {
    try {
      auto built = std::make_shared<const Scenario>(buildWizardScenario(c, parts, &out->layout, &out->fabric));
      const Scenario& s = *built;
      out->scenario = std::move(built);
      out->built = true;
      out->name = s.name;
      out->nodes = s.cluster.nodes;
      out->gpus = s.cluster.gpus();
    } catch (...) {
      out->failure = std::current_exception();
      out->fabric = {};
    }
    if (!out->built) {
      try {
        out->remedies = wizardRemedies(c, parts, &out->why);
      } catch (const std::exception&) {
        // Unknown parts: the summary already says why; nothing to offer.
      }
    }
  });
}

// Shows the last check: the summary on every page, the network, the remedies.
void ClusterWizard::showPreview() {
  if (!preview_) return;
  const WizardPreview& p = *preview_;
  QString text, fabric;
  fabricValid_ = p.built;
  fabric_ = p.fabric;
  const WizardChoices c = choices();
  if (p.built) {
    const LayoutSummary& sum = p.layout;
    if (!renamed_) name_->setText(QString::fromStdString(p.name));
    const QLocale loc;
    text = tr("%1 nodes (%2 GPUs) in %3 compute racks of %4 (%5 per rack, %6 kW), %7 network racks with %8 "
              "switches, %9 storage racks; %10 rows in %11. Fabric: %12, %13 tiers.")
               .arg(loc.toString(p.nodes), loc.toString(p.gpus), loc.toString(sum.compute_racks),
                    QString::fromStdString(sum.rack_part))
               .arg(sum.nodes_per_rack)
               .arg(loc.toString(sum.rack_load_kW, 'f', 1), loc.toString(sum.network_racks), loc.toString(sum.switches),
                    loc.toString(sum.storage_racks), loc.toString(sum.rows), tr("%n hall(s)", nullptr, sum.halls),
                    topologyName(QString::fromStdString(fabric_.topology)))
               .arg(fabric_.tiers);
    // Sentences joined as the language joins them (no space after a Chinese full stop).
    const auto add = [&text](const QString& sentence) { text = tr("%1 %2").arg(text, sentence); };
    if (sum.hall_width_m > 0)
      add(tr("Largest hall: %1 m × %2 m with its aisles.")
              .arg(loc.toString(sum.hall_width_m, 'f', 1), loc.toString(sum.hall_depth_m, 'f', 1)));
    // The node model follows the cooling; say so when the catalog has none that suits it.
    bool suits = true;
    if (const NodeType* node = wizardNode(c, parts_, &suits); node && !suits)
      add((wizardWantsLiquidNodes(c, parts_)
               ? tr("The catalog has no liquid-cooled node for %1: the air-cooled %2 stays in air-cooled racks.")
               : tr("The catalog has no air-cooled node for %1: the liquid-cooled %2 needs liquid-cooled racks."))
              .arg(QString::fromStdString(c.accelerator), QString::fromStdString(node->id)));
    // What "Automatic" chose: the cooling from rack density, the file system from the GPUs.
    if (c.cooling == "auto")
      add(tr("Cooling: %1 (from rack density: direct liquid when a node draws more than an air-cooled rack removes).")
              .arg(cooling_->itemText(
                  std::max(0, cooling_->findData(QString::fromStdString(wizardCooling(c, parts_)))))));
    if (c.parallel_fs && (c.pfs_capacity_PB <= 0 || c.pfs_read_GBps <= 0)) {
      const WizardStorage st = wizardStorage(c);
      add(tr("File system: %1 PB, %2 GB/s read (per GPU as Meta's Llama 3 cluster: 14.6 TB and 0.43 GB/s).")
              .arg(loc.toString(st.capacity_PB, 'f', st.capacity_PB < 10 ? 1 : 0), loc.toString(st.read_GBps, 'f', 0)));
    }
    if (c.parallelism == "find-best")
      add(tr("After Finish, the parallelism search runs in the background and applies the best configuration."));
    const WizardFabric& f = fabric_;
    QStringList tiers;
    if (f.leaves) tiers << tr("%1 leaf").arg(loc.toString(f.leaves));
    if (f.spines) tiers << tr("%1 spine").arg(loc.toString(f.spines));
    if (f.cores) tiers << tr("%1 core").arg(loc.toString(f.cores));
    if (f.routers && !f.routersAreNics) tiers << tr("%1 router").arg(loc.toString(f.routers));
    if (f.routers && f.routersAreNics) tiers << tr("%1 torus routers in the nodes").arg(loc.toString(f.routers));
    fabric = tr("<b>Network (from the fabric engine):</b> %1 switches (%2) in %3 plane(s); %4 links (%5 NIC to "
                "switch, %6 between switches); cables: %7 DAC, %8 AEC, %9 AOC, %10 optical links with %11 "
                "transceivers (%12 optics, %13 m of fibre).")
                 .arg(loc.toString(f.switches()), tiers.isEmpty() ? tr("none") : tiers.join(QStringLiteral(", ")))
                 .arg(f.planes)
                 .arg(loc.toString(f.links()), loc.toString(f.access_links), loc.toString(f.fabric_links),
                      loc.toString(f.dac), loc.toString(f.aec), loc.toString(f.aoc), loc.toString(f.optical_links),
                      loc.toString(f.transceivers), loc.toString(f.optics()))
                 .arg(loc.toString(f.fiber_m, 'f', 0));
  } else if (p.failure) {
    try {
      std::rethrow_exception(p.failure);
    } catch (const InputError& e) {
      text = tr("Cannot build this cluster: %1").arg(translatedError(e));
    } catch (const std::exception& e) {
      text = tr("Cannot build this cluster: %1").arg(QString::fromStdString(e.what()));
    } catch (...) {
      text = tr("Cannot build this cluster: %1").arg(tr("unknown error"));
    }
  }
  // The fabric engine's reason is plain English; validation's names the same facts with a message id.
  if (const QString why = showRemedies(); !why.isEmpty()) text = tr("Cannot build this cluster: %1").arg(why);
  for (QLabel* l : {summary_, summaryFabric_, summary2_, summaryJob_}) l->setText(text);
  fabricLabel_->setText(fabric);
  fabricLabel2_->setText(fabric);
  for (QWizardPage* page : {hardware_, fabricPage_, site_, jobPage_}) emit page->completeChanged();
}

// When the fabric cannot be built, the changes validation says would fit,
// each a button that applies it (issue 15: ports exhausted → remedies).
QString ClusterWizard::showRemedies() {
  remedies_.clear();
  Issue why;
  if (!fabricValid_ && preview_) {
    remedies_ = preview_->remedies;  // found by the check (wizardRemedies builds each: seconds at 100K)
    why = preview_->why;
  }
  QLayout* box = remedyBox_->layout();
  while (QLayoutItem* item = box->takeAt(0)) {
    delete item->widget();
    delete item;
  }
  if (!remedies_.empty()) {
    auto* title = new QLabel(tr("<b>What would fit</b> (click to apply):"), remedyBox_);
    box->addWidget(title);
  }
  for (std::size_t i = 0; i < remedies_.size(); ++i) {
    const WizardRemedy& r = remedies_[i];
    const Issue issue = grouped(makeIssue("", Issue::Severity::Warning, r.message_id, r.args));
    // The messages say "3 tiers" (what the remedy is sized for); the tiers it gives are said when fewer.
    const QString switches = QLocale().toString(r.switches);
    const QString gives =
        r.tiers == 3 ? tr("%1 switches").arg(switches) : tr("%1-tier fabric, %2 switches").arg(r.tiers).arg(switches);
    auto* button = new QPushButton(tr("%1 → %2").arg(translatedMessage(issue), gives), remedyBox_);
    button->setObjectName(QStringLiteral("wizardRemedy%1").arg(i));
    connect(button, &QPushButton::clicked, this, [this, i] { applyRemedy(i); });
    box->addWidget(button);
  }
  remedyBox_->setVisible(!remedies_.empty());
  // The wizard's fields have no key paths to show, and counts read better grouped (65,536).
  return why.id.empty() ? QString() : translatedMessage(grouped(why));
}

void ClusterWizard::applyRemedy(std::size_t i) {
  if (i >= remedies_.size()) return;
  const WizardChoices next = remedies_[i].applyTo(choices());
  setChoices(next);
}

}  // namespace cf
