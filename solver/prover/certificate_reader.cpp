#include "solver/prover/certificate_reader.h"

#include <fmt/format.h>

#include "rules/core/json_depth.h"
#include "solver/prover/certificate.h"

namespace arbiter::prover {

namespace {

// Where the byte at 1-based offset `byte` stands in `text` (nlohmann reports offsets).
SourceLocation location_of(std::string_view text, std::size_t byte, const std::string& file) {
  SourceLocation where{file, 1, 1};
  for (std::size_t i = 0; i + 1 < byte && i < text.size(); ++i) {
    if (text[i] == '\n') where.line++, where.column = 1;
    else where.column++;
  }
  return where;
}

CertificateEntry read_entry(const nlohmann::json& c, const std::string& file) {
  const SourceLocation where{file, 1, 1};
  for (const char* field : {"format", "variant", "fen", "stipulation"})
    if (!c.contains(field) || !c[field].is_string())
      throw ParseError(where, std::string("expected a certificate with a \"") + field + "\" string");
  if (c["format"] != CertificateFormat) throw ParseError(where, "expected \"format\": \"arbiter-certificate\"");
  CertificateEntry entry;
  entry.certificate = c;
  entry.variant = c["variant"].get<std::string>();
  entry.fen = c["fen"].get<std::string>();
  try {
    entry.stipulation = parse_certificate_stipulation(c["stipulation"].get<std::string>(), where);
    (void)certificate_goal_of(entry.stipulation, where);  // a form with a certificate format
  } catch (const ParseError& e) {
    throw string_field_error(e, "stipulation", file);
  }
  if (c.contains("interpretations")) {
    if (!c["interpretations"].is_object())
      throw ParseError(where, "expected \"interpretations\" to be an object {id: choice}");
    for (const auto& [id, choice] : c["interpretations"].items()) {
      if (!choice.is_string()) throw ParseError(where, "expected the choice of " + id + " to be a string");
      entry.interpretations.set(id, choice.get<std::string>(), where);
    }
  }
  return entry;
}

}  // namespace

ParseError string_field_error(const ParseError& inside, std::string_view field, const std::string& file) {
  return ParseError({file, 1, 1}, fmt::format("in the \"{}\" string, column {}: {}", field, inside.where().column, inside.message()));
}

std::vector<CertificateEntry> read_certificates(std::string_view text, const std::string& file) {
  check_json_depth(text, file);
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // e.byte is the 1-based offset of the character where parsing failed.
    throw ParseError(location_of(text, e.byte, file), std::string("expected a JSON certificate: ") + e.what());
  } catch (const nlohmann::json::exception& e) {
    // Well-formed JSON the library cannot hold (a number beyond a double's range: "1e999").
    throw ParseError({file, 1, 1}, std::string("expected a JSON certificate: ") + e.what());
  }
  std::vector<CertificateEntry> entries;
  if (doc.contains("certificates")) {
    if (!doc["certificates"].is_array() || doc["certificates"].empty())
      throw ParseError({file, 1, 1}, "expected \"certificates\" to be a non-empty array of certificates");
    for (const auto& c : doc["certificates"]) entries.push_back(read_entry(c, file));
  } else {
    entries.push_back(read_entry(doc, file));
  }
  return entries;
}

}  // namespace arbiter::prover
