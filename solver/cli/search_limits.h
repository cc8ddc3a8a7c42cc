#pragma once
// The flags that bound a search, declared alike by every command that searches (solve, verify,
// correct, compose, regress, report): --max-seconds, --max-nodes, --threads and --hash, each
// with the same range check and the same words, the command saying only what a limit bounds and
// what its threads share out.

#include <cstddef>
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

namespace arbiter::cli {

struct SearchLimitFlags {
  std::string scope;                   // what a limit bounds: "each problem (each twin)"
  double* max_seconds = nullptr;       // a null target leaves its flag out
  std::uint64_t* max_nodes = nullptr;
  int* threads = nullptr;
  std::string threads_help;            // what the threads do and why the result is the same for any number
  std::size_t* hash_mb = nullptr;
};

// Declares the flags whose targets are given; a target's value on entry is the default shown
// (--max-seconds: "default S" when S > 0).
void add_search_limits(CLI::App* cmd, const SearchLimitFlags& flags);

}  // namespace arbiter::cli
