// The MPI side of `clusterforge-cli sweep --mpi`, compiled only when CMake
// finds MPI (SweepMpiStub.cpp otherwise).
//
// Rank 0 reads the spec and the results file and broadcasts the spec, base
// inline, to every rank. Variants are then handed out by a dynamic queue:
// each worker thread of ranks 1..N-1 asks rank 0 for an index, evaluates the
// variant and sends back its record; rank 0 computes variants too (on its own
// threads) while its main thread serves the queue and writes every record to
// the results file as it arrives. Records depend only on (spec, index), so the
// report is the same for any rank count and equal to the threaded run's.
#pragma once
#include <iosfwd>

#include "SweepCommand.h"

namespace cf::cli {

bool mpiAvailable();
// Ranks started by a launcher (mpirun, srun), from its environment; 1 alone.
// Without --mpi each would run the whole command and overwrite one another's output.
long launcherRanks();
// Initialises and finalises MPI. Returns the exit status (rank 0's).
int mpiSweep(const SweepArgs& a, std::ostream& err);

}  // namespace cf::cli
