#pragma once
// The batch across machines: `mpirun -n K arbiter batch ... --mpi`. Rank 0 is the dispatcher
// (batch_run.h's Dispatcher): it reads the store, hands out work longest expected first to
// whichever rank asks (one long file, or a parcel of short ones: batch_job.h's next_parcel), and
// alone writes the results, each in its own transaction. Ranks 1..K-1 each judge their
// files through a worker process of their own (worker_process.h), with `solver_threads` threads,
// so a problem that crashes the solver costs that problem, not the rank.
//
// A rank that dies (its machine lost) ends the MPI job: Open MPI's runtime aborts the other ranks.
// Every result already recorded stays; the same command again redoes only the files that were
// in hand. Built only with Open MPI (CMake option ARBITER_MPI, on when MPI is found).

#include "solver/batch/batch_run.h"

namespace arbiter::batch {

bool built_with_mpi();

// Runs this process's part. Rank 0 gets the outcome (`is_dispatcher` true); other ranks get an
// empty outcome once rank 0 tells them to stop. Throws std::runtime_error when built without
// MPI or started on fewer than 2 ranks.
BatchOutcome run_mpi_batch(BatchOptions options, bool& is_dispatcher);

}  // namespace arbiter::batch
