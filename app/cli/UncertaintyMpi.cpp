#include "UncertaintyMpi.h"

#include <mpi.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <vector>

#include "common/RunControl.h"
#include "uncertainty/Propagation.h"

namespace cf::cli {
namespace {

// Rows i = r, r + N, r + 2N, ... on rank r; every row is figures().size() numbers.
uq::Rows spreadRows(std::size_t n, const std::function<std::vector<double>(std::size_t)>& run, RunControl* control) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const std::size_t R = static_cast<std::size_t>(ranks), me = static_cast<std::size_t>(rank);
  const std::size_t F = uq::figures().size();
  auto share = [&](std::size_t r) { return r < n ? (n - r + R - 1) / R : 0; };
  std::vector<double> mine(share(me) * F);
  tbb::parallel_for(std::size_t{0}, share(me), [&](std::size_t k) {
    throwIfCancelled(control);  // SIGTERM reaches every rank (mpirun forwards it): all stop here
    const std::vector<double> row = run(me + k * R);
    std::copy_n(row.begin(), std::min(F, row.size()), mine.begin() + static_cast<std::ptrdiff_t>(k * F));
    if (control) control->done.fetch_add(1, std::memory_order_relaxed);
  });
  std::vector<int> counts(R), displs(R);
  std::size_t at = 0;
  for (std::size_t r = 0; r < R; ++r) {
    counts[r] = static_cast<int>(share(r) * F);
    displs[r] = static_cast<int>(at);
    at += share(r) * F;
  }
  std::vector<double> all(at);
  MPI_Allgatherv(mine.data(), static_cast<int>(mine.size()), MPI_DOUBLE, all.data(), counts.data(), displs.data(),
                 MPI_DOUBLE, MPI_COMM_WORLD);
  uq::Rows rows(n, std::vector<double>(F));
  for (std::size_t r = 0; r < R; ++r)
    for (std::size_t k = 0; k < share(r); ++k)
      std::copy_n(all.begin() + displs[r] + static_cast<std::ptrdiff_t>(k * F), F, rows[r + k * R].begin());
  return rows;
}

}  // namespace

int mpiUncertainty(const std::function<int(bool root)>& run) {
  int provided = MPI_THREAD_SINGLE;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);  // MPI from the main thread only
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  uq::setRowRunner(spreadRows);
  const int status = run(rank == 0);
  uq::setRowRunner({});
  MPI_Finalize();
  return status;
}

}  // namespace cf::cli
