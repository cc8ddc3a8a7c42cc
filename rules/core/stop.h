#pragma once
// Stopping a search from outside it: an interrupt (SIGINT), process-wide, and the deadline of
// the current search, per thread: a thread's searches see the deadline it set, and the threads a
// search starts to share its work see the same one (SharedDeadline), so that several searches
// may run side by side on threads of their own, each under its own limit (arbiter regress).
//
// A search polls them where it checks its own clock (solver/prover/limits.h: Budget). The rules'
// own long steps poll them too, but only inside a search (a SearchScope on the thread): Time
// Traveler's Chess move generation between candidates, and its grammar, whose Z3 check gets no
// more time than the deadline leaves. What stops a search is the exception SearchStopped
// (prover::LimitReached), which every search turns into the verdict "unknown" with the
// message as its reason: never a guess. Outside a search (reading a record, spelling the moves
// of a partial result) the rules never throw it and Z3 gets its own full time.
//
// Nothing here acts unless a command asks for it: without catch_interrupt() and a Deadline,
// requested() stays false and seconds_left() infinite (the library and its tests).

#include <stdexcept>
#include <string>

namespace arbiter {

// A search ended by a limit: the time or node limit, or an interrupt. The message says which.
class SearchStopped : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

namespace stop {

// The reason an interrupted search gives.
inline constexpr const char* InterruptReason = "interrupted (SIGINT)";

// Asks every search to stop. Async-signal-safe: one store to a lock-free atomic.
void request() noexcept;
bool requested() noexcept;
// Forgets a request (tests).
void reset() noexcept;

// SIGINT from now on sets the request instead of ending the process, once: the handler is reset
// at delivery, so a second SIGINT ends the process as usual. The handler only stores the flag.
void catch_interrupt();

namespace detail {
struct DeadlineState {
  long long at_ns = 0;  // steady-clock nanoseconds since its epoch
  std::string seconds;  // as given ("1.5"), for the reason
};
}  // namespace detail

// What a thread's searches stop at: null for none.
using DeadlineRef = const detail::DeadlineState*;

// The deadline of the search this thread runs now: `seconds` from construction (<= 0: none).
// Nested deadlines keep the earlier one.
class Deadline {
 public:
  explicit Deadline(double seconds);
  ~Deadline();
  Deadline(const Deadline&) = delete;
  Deadline& operator=(const Deadline&) = delete;

 private:
  DeadlineRef saved_;
  detail::DeadlineState state_;
};

// This thread's deadline, for the threads it starts to work on the same search.
DeadlineRef current_deadline() noexcept;

// On a thread that works for a search started elsewhere: that search's deadline, while it lives.
// The deadline must outlive it (the starting thread joins its helpers before its Deadline ends).
class SharedDeadline {
 public:
  explicit SharedDeadline(DeadlineRef deadline) noexcept;
  ~SharedDeadline();
  SharedDeadline(const SharedDeadline&) = delete;
  SharedDeadline& operator=(const SharedDeadline&) = delete;

 private:
  DeadlineRef saved_;
};

// Seconds before the current deadline (negative: past it); a huge number when there is none.
double seconds_left() noexcept;
bool has_deadline() noexcept;
bool past_deadline() noexcept;  // there is a deadline and it has passed
// "time limit reached (S s)", S as the deadline's seconds were given.
std::string deadline_reason();

namespace detail {
inline thread_local int search_depth = 0;  // constant-initialised: a plain TLS access
}  // namespace detail

// The calling thread is inside a search while one exists: the prover's entry points hold one
// (they nest as the search recurses, at the cost of an increment).
class SearchScope {
 public:
  SearchScope() noexcept { ++detail::search_depth; }
  ~SearchScope() { --detail::search_depth; }
  SearchScope(const SearchScope&) = delete;
  SearchScope& operator=(const SearchScope&) = delete;
};
inline bool in_search() noexcept { return detail::search_depth > 0; }

// Inside a search: throws SearchStopped when an interrupt was requested or the deadline has
// passed. Outside one: nothing.
void check();

}  // namespace stop
}  // namespace arbiter
