#include "solver/studio/referee_games.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/random.h>

#include <fmt/format.h>

#include "rules/core/fen.h"
#include "rules/core/json_depth.h"
#include "rules/notation/san.h"
#include "rules/notation/uci.h"
#include "solver/play/play_line.h"
#include "solver/diagram/svg_diagram.h"
#include "solver/text_file.h"

namespace arbiter::studio {

namespace fs = std::filesystem;
using transactional::Referee;

namespace {

const char* colour_name(Color c) { return c == White ? "white" : "black"; }
const char* player_name(Color c) { return c == White ? "White" : "Black"; }

// 128 bits from the kernel's generator, in hex: a token nobody guesses.
std::string random_hex(std::size_t bytes) {
  std::vector<unsigned char> b(bytes);
  for (std::size_t got = 0; got < bytes;) {
    const ssize_t n = ::getrandom(b.data() + got, bytes - got, 0);
    if (n < 0) throw std::runtime_error("the kernel gave no random bytes for a token");
    got += std::size_t(n);
  }
  std::string text;
  for (unsigned char c : b) text += fmt::format("{:02x}", c);
  return text;
}

// Comparing a token costs the same whatever the first difference: its time tells nothing.
bool same_token(const std::string& a, const std::string& b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

std::vector<std::string> squares(Bitboard b) {
  std::vector<std::string> out;
  for (Square s = 0; s < 64; ++s)
    if (b >> s & 1) out.push_back(square_name(s));
  return out;
}

nlohmann::ordered_json board_json(const Position& pos, const report::DiagramSpec& spec) {
  return {{"board", play::rank_rows(pos)}, {"fen", write_fen(pos)}, {"svg", report::svg_diagram(pos, spec)}};
}

// The pending moves as the record writes them: "T1: Nc3".
std::vector<std::string> pending_texts(const Referee& r, Color player) {
  std::vector<std::string> out;
  for (const auto& t : r.texts[player]) out.push_back(transactional_referee::Session::with_transaction(t, r.transaction[player]));
  return out;
}

}  // namespace

RefereeGames::RefereeGames(std::string folder, std::vector<std::string>* warnings) : folder_(std::move(folder)) {
  fs::create_directories(folder_);
  for (const auto& entry : fs::directory_iterator(folder_)) {
    if (entry.path().extension() != ".json") continue;
    try {
      games_.emplace(entry.path().stem().string(), load(entry.path().string()));
    } catch (const std::exception& e) {
      if (warnings) warnings->push_back(fmt::format("{}: not resumed: {}", entry.path().string(), e.what()));
    }
  }
}

RefereeGames::Created RefereeGames::create(const std::string& fen, const InterpretationSettings& interpret) {
  Game g{interpret, {random_hex(16), random_hex(16)}, {}, {}, transactional_referee::Session(fen, {"fen", 1, 1}, interpret)};
  for (Color c : {White, Black}) g.messages[c].push_back(fmt::format("You play {}. White moves first.", player_name(c)));
  std::lock_guard lock(mutex_);
  std::string id;
  do id = random_hex(8);
  while (games_.contains(id));
  save(id, g);
  Created created{id, g.tokens[White], g.tokens[Black]};
  games_.emplace(id, std::move(g));
  return created;
}

RefereeGames::Access RefereeGames::access(const std::string& game, const std::string& token) const {
  std::lock_guard lock(mutex_);
  const auto it = games_.find(game);
  if (it == games_.end()) return Access::NoGame;
  if (same_token(token, it->second.tokens[White])) return Access::White;
  if (same_token(token, it->second.tokens[Black])) return Access::Black;
  return Access::Denied;
}

nlohmann::ordered_json RefereeGames::view(const std::string& id, Color player) const {
  std::lock_guard lock(mutex_);
  const Game& g = games_.at(id);
  const Referee& r = g.session.game().referee();
  const GameStatus status = g.session.game().status();
  const bool over = g.session.over();
  nlohmann::ordered_json j{{"game", id},
                           {"you", colour_name(player)},
                           {"to_move", colour_name(r.side)},
                           {"status", over ? status_name(status) : "ongoing"},
                           {"result", over ? std::string(result_of(status, r.side)) : "*"},
                           {"transaction", r.transaction[player]},
                           {"pending", pending_texts(r, player)},
                           {"locks", squares(r.locks[player])}};
  report::DiagramSpec committed_spec, view_spec;
  committed_spec.title = "Committed view";
  view_spec.title = fmt::format("{}'s transactional view", player_name(player));
  view_spec.flipped = committed_spec.flipped = player == Black;
  for (Square s = 0; s < 64; ++s)
    if (r.locks[player] >> s & 1) view_spec.marks.push_back({s, player == White ? "lock-white" : "lock-black"});
  for (const Move& m : r.moves[player]) view_spec.arrows.push_back({m.from(), m.to(), "pending"});
  j["committed"] = board_json(r.committed_view_of(player), committed_spec);
  j["view"] = board_json(r.transactional_view(player), view_spec);
  nlohmann::ordered_json legal = nlohmann::ordered_json::array();
  if (r.side == player && !over) {
    const transactional::Game known = g.session.known_to(player);
    for (const auto& a : g.session.offered(player)) {
      const std::string uci = known.move_uci(a);
      legal.push_back({{"text", known.move_text(a)}, {"uci", uci}, {"from", uci.substr(0, 2)}, {"to", uci.substr(2, 2)}});
    }
  }
  j["legal"] = std::move(legal);
  j["messages"] = g.messages[player];
  return j;
}

RefereeAnswer RefereeGames::move(const std::string& id, Color player, const RefereeMove& move) {
  std::lock_guard lock(mutex_);
  Game& g = games_.at(id);
  if (g.session.over()) throw NotYourTurn("the game is over");
  if (g.session.to_move() != player) throw NotYourTurn(fmt::format("it is {}'s turn", player_name(g.session.to_move())));
  const transactional_referee::Turn turn =
      move.text.empty() ? g.session.play_squares(move.uci, move.decision) : g.session.play_text(move.text, {"move", 1, 1});
  if (!turn.played) return {false, turn.predicate, turn.refusal};
  g.actions.push_back(turn.text);
  g.messages[player].push_back(fmt::format("played {}", turn.text));
  for (const auto& line : turn.announcement) g.messages[~player].push_back(line);
  if (turn.decision == transactional::Decision::Commit) g.messages[player].push_back("committed");
  else if (turn.decision == transactional::Decision::Rollback) g.messages[player].push_back("rolled back");  // the opponent is not told
  if (turn.game_over)
    for (Color c : {White, Black}) g.messages[c].push_back(*turn.game_over);
  save(id, g);
  return {true, std::nullopt, fmt::format("played {}", turn.text)};
}

void RefereeGames::save(const std::string& id, const Game& g) const {
  const nlohmann::json j{{"format", "arbiter-referee-game 1"},
                         {"fen", g.session.start_fen()},
                         {"interpret", g.interpret.text()},
                         {"tokens", {{"white", g.tokens[White]}, {"black", g.tokens[Black]}}},
                         {"actions", g.actions},
                         {"messages", {{"white", g.messages[White]}, {"black", g.messages[Black]}}}};
  // Written beside, then renamed over: a crash leaves the old file or the new, never half of one.
  const fs::path path = fs::path(folder_) / (id + ".json"), temporary = fs::path(folder_) / (id + ".json.tmp");
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << j.dump(1) << "\n";
    out.flush();
    if (!out) throw std::runtime_error(fmt::format("{}: cannot save the game", temporary.string()));
  }
  fs::rename(temporary, path);
}

RefereeGames::Game RefereeGames::load(const std::string& path) const {
  const std::string text = read_text_file(path);
  check_json_depth(text, path);
  const nlohmann::json j = nlohmann::json::parse(text);
  InterpretationSettings interpret;
  const std::string pins = j.at("interpret").get<std::string>();
  if (!pins.empty()) interpret.set_list(pins, {path, 1, 1});
  Game g{interpret, {j.at("tokens").at("white").get<std::string>(), j.at("tokens").at("black").get<std::string>()}, {}, {},
         transactional_referee::Session(j.at("fen").get<std::string>(), {path, 1, 1}, interpret)};
  // The game is played again from its actions: the saved file holds no state the rules did not make.
  int n = 0;
  for (const auto& a : j.at("actions")) {
    const std::string text = a.get<std::string>();
    const transactional_referee::Turn turn = g.session.play_text(text, {path + " action", ++n, 1});
    if (!turn.played) throw ParseError({path + " action", n, 1}, fmt::format("'{}' is refused: {}", text, turn.refusal));
    g.actions.push_back(text);
  }
  for (Color c : {White, Black}) g.messages[c] = j.at("messages").at(colour_name(c)).get<std::vector<std::string>>();
  return g;
}

}  // namespace arbiter::studio
