#pragma once
// Reading a certificate file, as `arbiter check-certificate` takes it: one certificate
// (certificate.h), or {"certificates": [...]} as `arbiter solve --certificate` writes for a
// twinned problem. The reader checks the JSON and each certificate's fields; replaying one is
// check_certificate's work, with the rule set its "variant" names.

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/parse_error.h"
#include "rules/registry/interpretations.h"
#include "solver/stipulation/stipulation.h"

namespace arbiter::prover {

struct CertificateEntry {
  nlohmann::json certificate;  // the whole object, as the checker replays it
  std::string variant;         // as written: the caller resolves it (find_variant)
  std::string fen;
  Stipulation stipulation;
  InterpretationSettings interpretations;  // the certificate's own "interpretations"
};

// Throws ParseError in `file`: at the character where the JSON is malformed, or at the file's
// start for JSON the library cannot hold (a number beyond a double), an empty or non-array
// "certificates", a certificate without its "format", "variant", "fen" and "stipulation"
// strings, another format, a malformed stipulation or an unknown interpretation.
std::vector<CertificateEntry> read_certificates(std::string_view text, const std::string& file);

// An error inside one of a certificate's strings ("fen", "stipulation"), read with its origin
// at column 1: the JSON reader does not say where the string stands in the file, so the error
// is placed at the file's start and names the field and the column in its text.
ParseError string_field_error(const ParseError& inside, std::string_view field, const std::string& file);

}  // namespace arbiter::prover
