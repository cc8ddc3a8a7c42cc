#include "tests/fuzz/harnesses.h"

namespace arbiter::fuzz {

const std::vector<Harness>& harnesses() {
  static const std::vector<Harness> all = {
      {"fen", &fen_harness},
      {"move", &move_harness},
      {"pgn", &pgn_harness},
      {"problem", &problem_harness},
      {"statement", &statement_harness},
      {"certificate", &certificate_harness},
      {"interpret", &interpret_harness},
  };
  return all;
}

}  // namespace arbiter::fuzz
