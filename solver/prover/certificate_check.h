#pragma once
// What checking a certificate (solver/prover/certificate.h) found: a result-side header, so
// that the registry (solver/variants/registry.h) needs no checking template.

#include <cstdint>
#include <string>
#include <vector>

#include "solver/prover/goal.h"

namespace arbiter::prover {

struct CertificateCheck {
  bool valid = false;
  std::vector<std::string> errors;  // each names the line of moves where it fails
  Goal goal = Goal::DirectMate;
  int keys = 0;
  int solutions = 0;        // helpmates: solutions in the certificate
  int solutions_replayed = 0;  // helpmates: of those, replayed without error (legal, mating)
  std::uint64_t lines = 0;  // leaves (mating moves) confirmed; helpmates: solutions replayed
};

}  // namespace arbiter::prover
