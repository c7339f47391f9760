// Built when CMake finds no MPI: `sweep --mpi` reports that it is unavailable.
#include "SweepMpi.h"

namespace cf::cli {

bool mpiAvailable() { return false; }
int mpiSweep(const SweepArgs&, std::ostream&) { return 2; }

}  // namespace cf::cli
