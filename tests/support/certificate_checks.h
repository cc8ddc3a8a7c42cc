#pragma once
// Assertions on a certificate check (solver/prover/certificate_check.h): valid, or refused with
// the expected first error; each shows every error when it fails.

#include <catch2/catch.hpp>

#include <string>

#include "solver/prover/certificate_check.h"

namespace arbiter::test {

inline std::string errors_of(const prover::CertificateCheck& c) {
  std::string out;
  for (const auto& e : c.errors) out += e + "\n";
  return out;
}

inline void valid(const prover::CertificateCheck& result) {
  INFO(errors_of(result));
  CHECK(result.valid);
}

// Refused, its first error `error`.
inline void rejected(const prover::CertificateCheck& result, const std::string& error) {
  INFO(errors_of(result));
  CHECK_FALSE(result.valid);
  REQUIRE_FALSE(result.errors.empty());
  CHECK(result.errors[0] == error);
}

}  // namespace arbiter::test
