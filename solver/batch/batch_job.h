#pragma once
// The batch's unit of work: one problem file (a Popeye input with its `next` problems and twins,
// a PGN problem file, or a PGN game record), identified by its absolute path and the hash of its
// content, with the time it is expected to take so the longest can be handed out first.

#include <string>
#include <unordered_map>
#include <vector>

namespace arbiter::batch {

struct BatchJob {
  std::string file;          // absolute path: the same file under any spelling is one job
  std::string content_hash;  // "fnv1a64:<16 hex digits>:<size>" of the file's bytes
  double expected_seconds = 0;
  int puzzles = 1;  // problems or games in the file, counted roughly (for the hang limit only)
};

// Every problem file under `paths` (files, or directories searched for *.pgn and *.inp), with
// its hash and expected time: the file's time in an earlier run when the store has one, else an
// estimate from its stipulation and material (expected_seconds_of). Sorted longest first (ties
// by path, so the order is the same on every run). Throws ParseError for a missing path.
std::vector<BatchJob> list_jobs(const std::vector<std::string>& paths,
                                const std::unordered_map<std::string, double>& earlier_seconds);

std::string content_hash(const std::string& bytes);

// The files handed out in one message under MPI, from `next` on (which it advances): the next
// file, and while the parcel is expected to take under ParcelSeconds, the ones after it (at most
// ParcelFiles). Long problems go alone; the many short ones at the end of a longest-first list go
// together, so rank 0 answers one message for many (each result still has its own transaction).
inline constexpr double ParcelSeconds = 0.05;
inline constexpr std::size_t ParcelFiles = 32;
std::vector<std::size_t> next_parcel(const std::vector<BatchJob>& jobs, std::size_t& next);

// A guess of a file's solving time from its text alone, used only to order the work: a search
// grows with the branching factor (about the number of men) to the power of the plies the
// stipulation allows; a game record costs little per move. Never a claim about the problem.
double expected_seconds_of(const std::string& text);

}  // namespace arbiter::batch
