// A small schematic of a project's largest scenario, drawn at run time for
// the example gallery: the scale-out fabric (switch tiers, rails in colour,
// a torus as a ring grid), a row of racks with accelerator tiles coloured by
// vendor, a coolant line for liquid cooling, and the GPU count with the
// accelerator. The counts drawn are capped (at most 10 racks, 6 leaves):
// it is a picture of the design's shape, the caption carries the numbers.
#pragma once
#include <QImage>
#include <QSize>

namespace cf {

struct Project;

QImage drawExampleThumbnail(const Project& project, QSize size, qreal devicePixelRatio = 1.0);

}  // namespace cf
