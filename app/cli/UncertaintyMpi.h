// `clusterforge-cli uncertainty --mpi` (issue 32): the engine runs of the
// propagation, the tornado, the Sobol' design and the comparison spread over
// MPI ranks (uq::setRowRunner). Rank r runs the indices i with i mod N = r on
// its threads; an all-gather gives every rank every row, so each rank goes on
// with the same figures and rank 0 prints them. A run depends only on its
// index: the output is the same bytes for any rank or thread count.
// Compiled with MPI (UncertaintyMpiStub.cpp otherwise).
#pragma once
#include <functional>

namespace cf::cli {

// Initialises MPI, installs the spreading row runner, calls run(root) (root:
// this is rank 0, the one that prints), removes the runner and finalises MPI.
// Returns run's status.
int mpiUncertainty(const std::function<int(bool root)>& run);

}  // namespace cf::cli
