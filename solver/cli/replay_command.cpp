// arbiter replay FILE [--json] [--game N]

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string_view>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "rules/notation/pgn.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/commands.h"
#include "solver/variants/registry.h"
#include "solver/replay/diagram.h"
#include "solver/regress/checked_game.h"
#include "solver/replay/replay.h"

namespace arbiter::cli {

namespace {

std::string numbered(const PgnGame& game, const ReplayError& e) {
  if (e.result_claim) return "result " + e.move;
  return move_number_text(game.first_ply() + e.ply - 1) + " " + e.move;
}

// The whole-record reading: its cost, whether it is proven least, its ties, the comments.
std::string reading_text(const RecordReading& r) {
  auto edits = [](double e) { return e == 1 ? std::string("1 edit") : fmt::format("{:g} edits", e); };
  std::string out = fmt::format("  reading  the whole record at {} in all, ", edits(r.cost));
  if (r.proven && r.all_ties)
    out += r.ties == 1 ? "proven least-cost within the edit model, and the only reading at that cost\n"
                       : fmt::format("proven least-cost within the edit model; {} readings cost as little\n", r.ties);
  else if (r.proven)
    out += fmt::format("proven least-cost within the edit model; {} reading{} found at that cost before {} was reached\n", r.ties,
                       r.ties == 1 ? "" : "s", r.limit);
  else
    out += fmt::format("the best found: not proven least-cost ({} reached; no reading costs less than {}){}\n", r.limit,
                       edits(r.lower_bound),
                       r.ties > 1 ? fmt::format("; {} readings found at this cost", r.ties) : std::string());
  for (const auto& o : r.other_readings) out += fmt::format("           - as cheap: {}\n", o);
  for (const auto& c : r.comments) out += fmt::format("           - comment {}\n", c);
  return out;
}

std::string game_text(const CheckedGame& checked, const std::string& file) {
  const ReplayReport& r = checked.report;
  const PgnGame& g = *checked.game;
  std::string out = game_title(checked) + "\n";
  out += fmt::format("  verdict  {}\n", r.legal()                          ? "legal"
                                         : checked.unexpected_errors() == 0 ? "illegal as printed (every erratum is one the record expects)"
                                                                            : "illegal");
  out += fmt::format("  plies    {}", r.plies);
  if (r.variation_plies > 0) out += fmt::format(" (and {} in variations)", r.variation_plies);
  out += "\n";
  for (const auto& e : r.errors) {
    const std::string what = e.result_claim ? numbered(g, e)
                                            : fmt::format("ply {}{}, {}", e.ply, e.in_variation ? " in a variation" : "", numbered(g, e));
    out += fmt::format("  error    {}, {}:{}:{}\n           {}\n", what, file, e.where.line, e.where.column, e.reason);
  }
  for (const auto& w : r.warnings)
    out += fmt::format("  warning  ply {}, {}, {}:{}:{}: {}\n", w.ply, w.move, file, w.where.line, w.where.column, w.message);
  if (r.reading) out += reading_text(*r.reading);
  for (const auto& f : r.findings) {
    out += fmt::format("  {:<8} ply {}, {}: {}\n", f.kind == "gap" ? "gap" : "note", f.ply, f.move, f.reason);
    for (const auto& d : f.details) out += fmt::format("           - {}\n", d);
  }
  for (const auto& c : r.claims) {
    out += fmt::format("  claim    ply {}{}, {}: [{}] {}\n           {}\n", c.ply, c.in_variation ? " in a variation" : "", c.move,
                       c.claim, c.verified ? "verified" : checked.expected_to_fail(c) ? "NOT verified, as the record expects" : "NOT verified",
                       c.reason);
    for (const auto& d : c.details) out += fmt::format("           - {}\n", d);
  }
  if (!r.timeline.empty()) out += "  plies, slot by slot:\n";
  for (const auto& p : r.timeline)
    out += fmt::format("    {:>3} {:<5} {:<2} {:<16} {:<9} {}{}\n", p.ply, p.side, p.slot, p.move, p.verdict, p.detail,
                       p.correction.empty() ? "" : fmt::format(" [read as {}]", p.correction));
  out += fmt::format("  result   {}\n", r.result);
  out += fmt::format("  status   {} ({} to move){}\n", status_name(r.status),
                     r.side_to_move == White ? "White" : "Black",
                     std::any_of(r.errors.begin(), r.errors.end(), [&r](const ReplayError& e) { return !e.in_variation && e.ply > r.plies; })
                         ? ", before the illegal move"
                         : "");
  out += fmt::format("  fen      {}\n\n", r.fen);
  std::istringstream diagram(r.diagram);
  for (std::string line; std::getline(diagram, line);) out += "    " + line + "\n";
  return out;
}

// `json` (an element of the "games" array) as dump(2) prints it at that depth.
std::string indented_element(const nlohmann::json& json) {
  std::string out = "    ";
  for (char c : json.dump(2)) {
    out.push_back(c);
    if (c == '\n') out += "    ";  // the dump's only line breaks are its own (strings escape theirs)
  }
  return out;
}

int run_replay(const std::string& path, int only_game, bool json, const std::vector<std::string>& interpret_args) {
  const InterpretationSettings interpret = interpretations_from(interpret_args);
  const std::string text = read_text_file(path);
  // Every game is read before any is checked, and every game is checked before anything is
  // printed: bad input anywhere means no report. Games are read one at a time, twice (first
  // for the syntax, then to check them), and each checked game is kept only as its rendered
  // report: a file of thousands of games is held as its text and its report, never as games.
  int count = 0;
  for (PgnStream syntax(text, path); syntax.next();) ++count;
  if (count == 0) throw ParseError({path, 1, 1}, "expected at least one game (tag pairs and movetext ending in a result)");
  if (only_game > count)
    throw std::runtime_error(fmt::format("{}: --game {} asked for, but the file holds {} game{}", path, only_game, count,
                                         count == 1 ? "" : "s"));

  int checked = 0, illegal_games = 0, surprising = 0;
  std::string report;                  // text: the games' reports
  std::vector<std::string> elements;  // JSON: the games' objects, printed
  nlohmann::json shown;               // JSON: the first illegal game, or else the last one checked
  PgnStream stream(text, path);
  for (int number = 1; auto record = stream.next(); ++number) {
    if (only_game != 0 && only_game != number) continue;
    const CheckedGame c = check_game(*record, number, interpret);
    ++checked;
    surprising += c.surprising_claims();
    const bool illegal = c.unexpected_errors() != 0;
    if (json) {
      nlohmann::json j = game_json(c);
      elements.push_back(indented_element(j));
      if (illegal_games == 0) shown = std::move(j);
    } else {
      report += (checked > 1 ? "\n" : "") + game_text(c, path);
    }
    illegal_games += illegal;
  }

  if (json) {
    // The object as dump(2) prints it with "games" in its (sorted) place, assembled from the
    // games printed one by one.
    constexpr const char* Placeholder = "\x01games\x01";
    nlohmann::json out = std::move(shown);
    out["games"] = Placeholder;
    out["games_checked"] = checked;
    out["illegal_games"] = illegal_games;
    out["claims_unexpected"] = surprising;
    const std::string text_out = out.dump(2);
    const std::string marker = nlohmann::json(Placeholder).dump();
    const std::size_t at = text_out.find(marker);
    std::cout << std::string_view(text_out).substr(0, at) << "[\n";
    for (std::size_t i = 0; i < elements.size(); ++i) std::cout << elements[i] << (i + 1 < elements.size() ? ",\n" : "\n");
    std::cout << "  ]" << std::string_view(text_out).substr(at + marker.size()) << "\n";
  } else {
    if (checked > 1)
      std::cout << fmt::format("{}: {} games checked, {} legal, {} illegal\n\n", path, checked, checked - illegal_games,
                               illegal_games);
    std::cout << report;
  }
  return illegal_games > 0 || surprising > 0 ? ExitClaimFalse : ExitOk;
}

// The manual beyond the options: `arbiter replay --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* ReplayHelp = R"help(Replay the games of a PGN file under the rules each game's [Variant] tag names (orthodox chess when
absent; an unknown variant is bad input): every move of the main line and of every variation must be
legal where it is played, and a result claimed after checkmate or stalemate must match the board. A
game may start from a [FEN] tag. Capture, check and mate signs that do not match the move are
reported as warnings (the move stays legal). The text report of each game ends with its final
position (or the one before the first illegal move) as a diagram.

Exit status: 0 all games legal, 1 an illegal move, a false result claim or a claim not verified, 2
bad input (missing file, unreadable PGN, bad FEN, garbled or ambiguous SAN), reported on stderr as
FILE:LINE:COL: message.

--json prints one object: the fields of one game (verdict legal/illegal, plies, variation_plies,
result, status (ongoing, check, checkmate, stalemate, or a variant's grammatically-incorrect,
mover-lost, drawn-by-rule, lost-by-rule), fen, tags, variant, warnings [{ply, move, message, line,
column}], and when illegal error {ply, move, reason, line, column, in_variation, kind (illegal-move,
false-result-claim, erratum), predicate: the rule that rejected the move} and errors, each with
"expected") describing the first illegal game, or else the last game checked, plus "game" (its
number), "games" (one such object per game checked, in file order) and "games_checked" /
"illegal_games" / "claims_unexpected". Nothing is printed to stdout unless every game could be read.

Reading a record whole: where a record cannot be played as printed (Conditional and Transactional
records always; orthodox records when the main line has an illegal move), the whole main line is
read at the least total edit cost (solver/reading/record_search.h, one engine for every rule set;
each rule set supplies an edit model, solver/replay/*_reading.h: which texts near a printed move its
rules accept). An edit is one character of a move's text (a foreign piece letter read as English,
half an edit; a printed +, ++ or # the move does not bear out, an edit per character; a missing sign
costs nothing). A reading must end as the record says: its stated result, and a closing mate sign on
a decisive result is that mate. The search is uniform-cost over (ply, game state) with equal states
merged; a beam pass bounds it on long records. The report's "reading" line (JSON "reading": cost,
proven_least_cost, all_ties, ties, limit, lower_bound, other_readings with where each differs,
comments, states) says whether the reading is proven least-cost within the edit model or only the
best found within the search's limits (60,000 game states; the answer does not depend on the
machine's speed). Among readings of equal cost, the ones the author's comments agree with come first
("taking the tower": a rook taken within the comment's turn), then the ones keeping more plies as
printed. Progress is shown on a terminal. Orthodox records keep their first illegal move as the
error and list the reading's changes as findings of kind "reading" ("note" lines in text).

Annotated claims: a record may state facts in its comments as [%claim KIND=ARG] (Time Traveler's
Chess: check, kingless=black, supports=b1, men-to=c4:Q,QB, ..., listed in
rules/timetravel/claims.h). Each is judged after its move and listed (JSON "claims": ply, move,
claim, verified, reason naming the rule, the ply and the interpretations it depends on, details,
line, column, in_variation, expected_unverified; and "claims_verified"). A claim not verified makes
the exit status 1 unless the record lists it in [ExpectedUnverified "claim; ..."] (a known finding,
such as a published answer the rules contradict); a listed claim that holds is a surprise too, and
claims_unexpected counts the surprises. Forced wins (mate-in=N:C: checkmate within N of C's moves;
wins-in=N:C: checkmate or the opponent's grammatical incorrectness) are judged by the mate prover
(solver/prover/forced_mate.h) under a node limit (solver/variants/timetravel_mate_prover.h): proved,
refuted (naming the escape) or unknown.

Transactional Chess records (puzzles/transactional/README.md): a transaction left without (C) or (R)
is a gap; both readings are tried and "findings" (ply, move, kind gap or implied-commit, reading,
reason, details: one line per reading tried, line, column) says which makes the record consistent
and where the other fails. A printed move illegal under every reading is an erratum (error kind
"erratum", with "suggestions": the nearest legal moves, and the "correction" checking went on with);
[ExpectedErrata "move; ..."] lists known misprints, which then do not make the exit status 1
("errata_expected" counts them).

Conditional Chess records: plies in board order (A-move, B-move, C-move as stated "Bg5?*Nf6*/c4",
"--" where the rules give a side no move); "timeline" gives every ply a verdict (ply, move, side,
slot A/B/C/S, verdict legal/executed/skipped/no move/unread, detail, correction, line, column).
Where the record cannot go on, the edit search reports errata as for Transactional Chess, including
earlier moves read differently.)help";

}  // namespace

void add_replay_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand("replay", "Check that every move of a PGN game record is legal under the rules its [Variant] tag names.");
  cmd->footer(ReplayHelp);
  struct Args {
    std::string file;
    int game = 0;
    bool json = false;
    std::vector<std::string> interpret;
  };
  auto args = std::make_shared<Args>();
  cmd->add_option("FILE", args->file, "PGN file (one or more games)")->required();
  cmd->add_option("--game", args->game, "Check only the N-th game of the file (1 = first)")->check(CLI::PositiveNumber);
  add_interpret_option(cmd, args->interpret);
  cmd->add_flag("--json", args->json, "Print one JSON object (see below) instead of the text report");
  cmd->callback([=, &status] {
    try {
      status = run_replay(args->file, args->game, args->json, args->interpret);
    } catch (const std::exception& e) {  // ParseError's text already starts with FILE:LINE:COL
      std::cerr << e.what() << "\n";
      status = ExitBadInput;
    }
  });
}

}  // namespace arbiter::cli
