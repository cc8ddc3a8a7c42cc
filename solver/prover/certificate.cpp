#include "solver/prover/certificate.h"

namespace arbiter::prover {

namespace {
nlohmann::ordered_json strategy(const AttackerNode& a) {
  nlohmann::ordered_json node = {{"move", a.uci}};
  if (a.defences.empty()) return node;
  nlohmann::ordered_json defences = nlohmann::ordered_json::object();
  for (const auto& d : a.defences)
    if (!d.answers.empty()) defences[d.uci] = strategy(d.answers.front());
  node["defences"] = defences;
  return node;
}
}  // namespace

nlohmann::ordered_json make_certificate(const Solution& s) {
  nlohmann::ordered_json c = {{"format", CertificateFormat}, {"version", 1}, {"variant", s.variant},
                              {"fen", s.fen}, {"stipulation", s.stipulation}, {"keys", nlohmann::ordered_json::array()}};
  for (const auto& k : s.keys) c["keys"].push_back(strategy(k));
  return c;
}

}  // namespace arbiter::prover
