#include "solver/studio/board_json.h"

#include "rules/core/fen.h"
#include "rules/notation/pgn.h"

namespace arbiter::studio {

namespace {

const char* colour_name(Color c) { return c == White ? "white" : "black"; }

// The line as a record: what `replay` reads back.
std::string line_pgn(const VariantEngines& rules, const std::string& start_fen, const play::LineState& line) {
  PgnGame record;
  record.set_tag("Event", "Arbiter Studio");
  record.set_tag("Variant", rules.name);
  if (start_fen != rules.start_fen) {
    record.set_tag("SetUp", "1");
    record.set_tag("FEN", start_fen);
  }
  for (const auto& m : line.played) {
    PgnMove move;
    move.san = m.text;
    record.moves.push_back(std::move(move));
  }
  record.result = std::string(result_of(line.status, line.side));
  record.set_tag("Result", record.result);
  return write_pgn(record);
}

}  // namespace

nlohmann::ordered_json move_json(const play::PlayedMove& m) {
  nlohmann::ordered_json j{{"text", m.text}, {"uci", m.uci}, {"from", nullptr}, {"to", nullptr}};
  if (m.uci.size() >= 4 && parse_square(m.uci.substr(0, 2)) != NoSquare && parse_square(m.uci.substr(2, 2)) != NoSquare) {
    j["from"] = m.uci.substr(0, 2);
    j["to"] = m.uci.substr(2, 2);
  }
  return j;
}

nlohmann::ordered_json line_json(const VariantEngines& rules, const std::string& start_fen, const play::LineState& line,
                                 const InterpretationSettings& interpret) {
  nlohmann::ordered_json played = nlohmann::ordered_json::array(), legal = nlohmann::ordered_json::array();
  std::vector<std::string> texts;
  for (const auto& m : line.played) {
    played.push_back(move_json(m));
    texts.push_back(m.text);
  }
  for (const auto& m : line.legal) legal.push_back(move_json(m));
  return {{"variant", rules.name},
          {"start_fen", start_fen},
          {"fen", line.fen},
          {"side", colour_name(line.side)},
          {"status", status_name(line.status)},
          {"result", result_of(line.status, line.side)},
          {"board", line.board},
          {"played", played},
          {"legal", legal},
          {"legal_count", line.legal_count},
          {"truncated", int(line.legal.size()) < line.legal_count},
          {"svg", rules.svg(start_fen, {"fen", 1, 1}, texts, {}, {}, interpret)},
          {"pgn", line_pgn(rules, start_fen, line)}};
}

}  // namespace arbiter::studio
