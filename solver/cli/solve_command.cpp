// arbiter solve FILE [--tries] [--json] [--max-nodes N] [--max-seconds S] [--first-key]
//                    [--certificate OUT] [--problem K] [--hash MB]
// arbiter solve --fen FEN --stipulation '#N' [...]

#include <fstream>
#include <iostream>
#include <memory>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "rules/core/stop.h"
#include "solver/cli/commands.h"
#include "solver/cli/search_limits.h"
#include "solver/prover/transposition_table.h"
#include "solver/cli/cli_support.h"
#include "solver/cli/popeye_run.h"
#include "solver/cli/problem_input.h"
#include "solver/prover/certificate.h"
#include "solver/prover/solution_format.h"
#include "solver/variants/registry.h"

namespace arbiter::cli {

using problem::SolveUnit;
using problem::published_for_twin;
using problem::set_stipulation;
using problem::solve_units;
using problem::unit_heading;

namespace {

struct Args {
  ProblemArgs input;
  bool tries = false;
  bool refutations = false;
  bool json = false;
  bool first_key = false;
  bool no_tree = false;
  std::uint64_t max_nodes = 0;
  double max_seconds = 0;
  std::size_t hash_mb = prover::default_hash_megabytes();
  int threads = prover::default_threads();
  std::string certificate;
  std::string certificate_if_proved;  // the studio's: a certificate when there is one, no error when not
  std::string format = "text";        // or "popeye": Popeye's layout (popeye_run.h)
};

// One problem or one twin.
prover::Solution solve_unit(const Args& args, const problem::Problem& p, const SolveUnit& unit, const VariantEngines& rules) {
  prover::SolveOptions options;
  set_stipulation(options, unit.stipulation, p.set_play, p.set_play_en_passant);
  options.tries = args.tries;
  options.refutations = args.refutations;
  options.first_key_only = args.first_key;
  options.build_tree = !args.no_tree || !args.certificate.empty() || !args.certificate_if_proved.empty();
  options.certificate = !args.certificate.empty() || !args.certificate_if_proved.empty();
  options.limits = {args.max_nodes, args.max_seconds, args.hash_mb};
  options.threads = args.threads;
  if (progress_visible(args.json) || progress_wanted())
    options.progress = [shown = progress_visible(args.json)](int done, int total, const std::string& move) {
      if (shown) std::cerr << fmt::format("\r  first move {}/{}: {:<10}", done + 1, total, move) << std::flush;
      report_progress(done, total, move);
    };
  // The limit is the unit's: every search of it (threads, the tree, Z3 calls) shares one deadline.
  const stop::Deadline deadline(args.max_seconds);
  prover::Solution s = rules.solve(unit.fen, p.fen_location, options, p.interpretations);
  if (progress_visible(args.json)) std::cerr << "\r" << std::string(40, ' ') << "\r" << std::flush;
  return s;
}

void print_solution(const prover::Solution& s) {
  std::cout << describe_verdict(s) << "\n";
  if (s.verdict == prover::Verdict::Unknown) std::cout << partial_line(s.reason);
  if (s.verdict == prover::Verdict::Proved || !s.tries.empty() || s.refutations_requested || !s.open_moves.empty() ||
      (s.goal == prover::Goal::HelpMate && (!s.solutions.empty() || !s.solutions_so_far.empty() || !s.set_play.empty())))
    std::cout << prover::format_solution_text(s);
  if (!s.tree_note.empty()) std::cout << "(" << s.tree_note << ")\n";
  std::cout << fmt::format("{} nodes, {:.3f} s\n", s.nodes, s.seconds);
}

int run_solve(const Args& args) {
  auto problems = load_problem_entries(args.input);
  if (args.format == "popeye") {
    if (args.json || !args.certificate.empty() || !args.certificate_if_proved.empty())
      throw std::runtime_error("--format popeye prints Popeye's text layout: it takes no --json and no certificate");
    return write_popeye_output(problems, {args.max_nodes, args.max_seconds, args.hash_mb, args.threads});
  }
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  nlohmann::ordered_json certificates = nlohmann::ordered_json::array();
  bool certifiable = true;  // every unit so far proved with its whole tree
  int status = ExitOk;
  ProblemTally tally("proved", "refuted");
  for (const auto& p : problems) {
    // A certificate covers the whole file: a problem not played leaves none to write.
    if (!p.playable() && !args.certificate.empty())
      throw std::runtime_error(fmt::format("no certificate: problem {} is {}", p.number, p.malformed ? "malformed" : "unsupported"));
    if (!p.playable()) certifiable = false;
    const int problem_status = play_problem("solve", p, args.json, results, [&] {
      const VariantEngines& rules = find_variant(p.variant, p.where);
      if (!args.json) std::cout << problem_heading(p) << rules.diagram(p.fen, p.fen_location, p.interpretations) << "\n";
      nlohmann::ordered_json twins = nlohmann::ordered_json::array();
      int problem_status = ExitOk;
      for (const auto& unit : solve_units(p)) {
        if (unit.illegal) {  // bad input for this twin alone: the others are solved
          problem_status = worse_status(problem_status, report_illegal_twin("solve", unit, args.json, twins));
          certifiable = false;
          continue;
        }
        if (!args.json) std::cout << unit_heading(unit);
        prover::Solution s = solve_unit(args, p, unit, rules);
        problem_status = worse_status(problem_status, exit_for(s.verdict));
        if (!args.certificate.empty() || !args.certificate_if_proved.empty()) {
          // A certificate states the stipulation alone: Popeye's battle options would not check.
          std::string no_format;
          try {
            (void)prover::certificate_goal_of(unit.stipulation, p.stipulation_location);
          } catch (const ParseError& e) {
            no_format = e.message();
          }
          // A structured stipulation's certificate is its proofs, not the printed tree.
          const bool whole = s.structured ? !s.proofs.is_null() : s.tree_complete;
          const bool proved = s.verdict == prover::Verdict::Proved && whole && !s.battle.any() && no_format.empty();
          if (!no_format.empty() && !args.certificate.empty()) throw std::runtime_error("no certificate: " + no_format);
          if (!proved && !args.certificate.empty())
            throw std::runtime_error("no certificate: " + (s.battle.any() ? std::string("Popeye's options Quodlibet, Threat, MaxFlightsquares, NonTrivial, PostKeyPlay and NullMoves have no certificate format yet")
                                                           : s.verdict == prover::Verdict::Proved ? s.tree_note
                                                                                                  : "nothing was proved"));
          certifiable = certifiable && proved;
        }
        if (certifiable && (!args.certificate.empty() || !args.certificate_if_proved.empty())) {
          auto c = prover::make_certificate(s);
          if (!unit.label.empty()) c["twin"] = unit.label;
          if (unit.colours_exchanged) c["colours_exchanged"] = true;
          // The rules it was proved under travel with it, so check-certificate applies the same.
          if (!p.interpretations.empty()) c["interpretations"] = interpretations_json(p.interpretations);
          certificates.push_back(c);
        }
        if (args.json) {
          auto j = prover::solution_json(s);
          if (problem::single_unit(p)) {
            j["file"] = p.file;
            j["problem"] = p.number;
            results.push_back(j);
          } else {
            nlohmann::ordered_json t = {{"twin", unit.label}, {"description", unit.description}};
            if (p.duplex != problem::Duplex::No) t["colours_exchanged"] = unit.colours_exchanged;
            t.update(j);
            twins.push_back(t);
          }
          continue;
        }
        print_solution(s);
        // Popeye's option SetPlay on a direct mate or selfmate: its layout has the set play.
        if (p.set_play && unit.stipulation.series && unit.stipulation.kind != Stipulation::HelpMate)
          std::cout << "(set play: not applicable in series play; ignored, as Popeye does)\n";
        else if (p.set_play && unit.stipulation.kind != Stipulation::HelpMate)
          std::cout << "(set play: shown for helpmates in this layout; 'arbiter popeye' shows a direct mate's or selfmate's)\n";
        std::cout << "\n";
      }
      if (args.json && !twins.empty()) {
        const prover::Verdict v = problem_status == ExitOk ? prover::Verdict::Proved
                                  : problem_status == ExitUnknown ? prover::Verdict::Unknown
                                                                  : prover::Verdict::Refuted;
        const std::string verdict = problem_status == ExitBadInput ? "bad-input" : prover::verdict_name(v);
        results.push_back({{"file", p.file}, {"problem", p.number}, {"verdict", verdict},
                           {"variant", p.variant}, {"fen", p.fen}, {"stipulation", p.stipulation.text}, {"twins", twins}});
      }
      return problem_status;
    });
    tally.add(problem_status);
    status = worse_status(status, problem_status);
  }
  if (!args.json && tally.size() > 1) std::cout << tally.summary();
  // --certificate: a failed run above threw before this point, so the file is written whole or
  // not at all; --certificate-if-proved: written only when every key was proved.
  const std::string certificate_file = !args.certificate.empty()                   ? args.certificate
                                       : certifiable && !certificates.empty() ? args.certificate_if_proved
                                                                              : std::string();
  if (!certificate_file.empty()) {
    const auto& out = certificates.size() == 1 ? certificates[0] : nlohmann::ordered_json{{"certificates", certificates}};
    write_file_atomically(certificate_file, out.dump(1) + "\n");
  }
  if (args.json) print_json_results(results, "problems");
  return status;
}

// The manual beyond the options: `arbiter solve --help` prints it after them, and
// solver/cli/COMMANDS.md is generated from that (solver/cli/commands-md.sh).
constexpr const char* SolveHelp = R"help(Direct mates '#N': the side to move mates in at most N of its own moves against every defence. Every
key is found (as Popeye lists them, so a #3 whose key also mates in 2 is a key, flagged as a short
solution), with the exact mate length of each, the threat (or zugzwang) and the full tree of
defences with the attacker's answers (duals shown as "also"), in problemists' layout:
  1.Nd6! zugzwang
      1...Kd4 2.Nc6#
      1...Kxd6 2.Bb8#
      ...
  1.Qc3+? Kxe4!

--first-key: checking lines are searched first (a proof in which every attacker move checks is still
a proof), then a full iterative search. Lasker-Thomas, London 1912, after 10...Qe7 (#8): 11.Qxh7+ is
proved in about 24,000 nodes and a few milliseconds, and it is in fact a mate in 7 (...14.f4+!
...17.Nf2#), which Stockfish confirms.

Limits (--max-nodes, --max-seconds, SIGINT): the verdict unknown with the reason, marked partial,
exit 3, and how far the complete solution got: the keys proved so far (not claimed), the number of
first moves refuted and the first moves still open (JSON partial, limit, keys_so_far,
refuted_so_far, open_moves); for a helpmate, how many solutions were found before the limit and the
first 100 of them (solutions_so_far_count, solutions_so_far; the list is not complete). A printed
tree is capped at 50,000 nodes (the verdict is not affected; tree_complete says so).

--threads N: the first moves are shared out among threads with one transposition table; a thread
with nothing left joins a first move still running, taking the defences near the top of its proof
from another starting point; the key's tree is built the same way. Keys, lengths, trees, tries,
refutations and verdicts are the one-thread result; only the node count differs. The refutation
named for a first move is the first escape in a fixed order (checks, captures, then generation
order), so it does not depend on the threads. --hash MB: the table starts at 1 MB and doubles as the
search fills it, so a short search touches little memory; it never goes beyond the size given.

--json: verdict, stipulation, keys (SAN), keys_uci (e1c1, f7f8r), shortest, shortest_exact,
complete, tries, refutations (with --refutations), solution (the tree), tree_complete, nodes,
seconds, file, problem. Selfmates: goal "self", then keys, keys_uci and the tree as for direct
mates. Helpmates: goal "help", solutions (a list of UCI move lists), solutions_text, solution_count,
complete, stated_solutions, set_play. Every result: target, the goal's symbol ("#", "=", "x", ...).
With twins: one object per problem with "twins", a list of per-twin results (twin, description, then
the fields above).

Other goals and series play (solver/stipulation/target.h, solver/prover/series_search.h): help play
towards any goal of Popeye's h=N (stalemate), h==N, h#=N, h+N, hxN, hzd5N, h00N, hepN, h~N, hc81N
(a man reaches its side's last rank), hctN (circuit: the man moved returns to its diagram square),
h<>N (exchange: it lands on the diagram square of a man of its side that stands on its own) and
hkc5N (kiss: it lands next to the man that stood on c5, which has no other neighbour) (and N.5),
solved as helpmates are (kiss in battle play too; circuit and exchange follow every man from the
diagram, so in help and series play only); series play ser-XN (White plays up to N moves in a row, the last one
reaching X) and ser-hXN (Black plays up to N moves, then White's one move reaches X), for the same
goals, N up to 99. No series move but the last may give check; a direct series ends at its goal; shorter lines
are solutions too, listed first, as Popeye lists them. JSON as for helpmates, with "series": true;
the goal of the play is "direct" (ser-) or "help" (ser-h). Battle play towards any of these goals:
direct (=N, +N, xN, ...: the first attacker move that reaches the goal ends the line), self (s=N,
s+N, ...: the defender's move reaches it), and reflex play r#N (also r=N, ...): a selfmate in which
a side that can reach the goal in one move must, so Black mates whenever it can and White must never
be able to mate (Popeye prints such a forced first move "?!?"; JSON "forced_goal_moves"), and
semi-r#N, where Black alone is so bound. Help-self and help-reflex play hs#N and hr#N (N.5 too):
White starts (Black with .5), both sides help, and after White's last move Black must reach the
goal with every move it has (hs: a selfmate in 1) or can, and so must (hr: a reflexmate in 1); in
hr the reflex rule binds both sides throughout (Black mates whenever it can, which ends the line;
a White that could mate must). Lines as for helpmates, with Black's last move; JSON "help_end"
("self" or "reflex"). Reciprocal help play reci-h#N (and reci-h(=)#N, Black's own goal in
parentheses; reci-h#N.5 with White's move first): Black starts, and after the help play, at any
position of it with Black to move, Black can both reach its own goal at once and play a move after
which White reaches the goal; each such help line and each such goal move is a solution, and the
line may go on past such a position (JSON "help_end": "reciprocal", "reci_target"); in series, ser-reci-h#N (ser-reci-h(=)#N): Black's
series, then the same two ends, each help line and each goal move a solution. Keys, threats and trees as for direct mates; goal "direct",
"self", "reflex" or "semi-reflex". --certificate writes a certificate for every one of these
forms (check-certificate replays it); verify (and regress and batch) checks their published lines
(a series line written as the series side's moves in a row); compose makes h=N and series play of
mate or stalemate; correct takes #N, h#N, h#N.5 and s#N only so far and names the others.
The goals that judge the side that moved, in direct, help, series and reflex play: !# (auto-mate: the
mover mated by its own move), != (auto-stalemate), ## (double mate: both sides mated, by a mover
that had a legal move) and ##! (counter-mate: the same, by a mover that was mated); the goal move of
!#, ## and ##! leaves the mover's own king attacked, a move allowed there alone. Their
certificates and verify look the goal move up among the goal's own moves (a line's last move,
a direct strategy's leaf, a reflex defence; a published line's last move, "Kxg2##").
Popeye's option GoalIsEnd (direct, self, help and series play): the goal ends the play whichever
side reaches it, so a move of the other side that reaches it for itself (c81: a Black man on the 1st
rank in White's c81) ends the play unfulfilled; its certificate says "goal_is_end": true, and the
check refuses a line through such a move.

Structured stipulations (Popeye's sstipulation, solver/structured/): a structure that is a synonym
of a plain stipulation ("black 4hh[#]": h#2) is played as that one, and one that starts with the
defence as that one after its key, the defender to move ("white - 6da[#]": #4 with PostKeyPlay;
"black 1d[#]a": s#1 so); any other is played by walking
its definition: branches of help (h), series (s) and battle (a, d) moves with their forks ([..]),
constraints ({..}), '!', '&', '|', m:n least lengths, '>' (play ends where the nested branch is
solved), '/' (its moves not printed), '-' (the side that moved moves again) and ?+? (a side moves
only to parry a check). Help and series play, and parry series, print lines, each with the play a
fork prints after it (a nested battle branch: its key and each defence with the fastest answer);
other battle play prints its keys with their tree (each defence, the fastest answers, a nested
battle branch's play below the move that reaches its fork, goals marked, the threat after each
attacking move with play left, with --tries the tries; a tree holding a ?+? move or a nested help
branch: the keys alone, tree_complete false). A line that reaches several goals of '&' is one
solution; the popeye command prints it once per goal as Popeye does ("structured_lines" in JSON
gives each line's unprinted passes and goals). The plain forms Popeye defines by such a
structure are played so: exact-#N, exact-s#N, exact-r#N, exact-h#N (N.5), exact-hrXN, ser-sXN,
ser-rXN and exact-ser-rXN (Ns[>1a[X]d]{!1a[X]d}: the series ends where Black can reach the goal,
and White may never be able to reach it before a series move), exact-ser-hXN (N:Ns[1h[X]h]), pser-XN, pser-hXN, pser-sXN,
pser-(semi-)rXN, phser-sXN, phser-rXN, and introductory moves K->ser-hXN and K->pser-hXN (White's
series of up to K moves first, as Popeye plays it; the numbering starts anew after them). A series
move's constraint binds before each series move, a help branch's before its first move too (one
the diagram breaks is shown as the move that breaks it, "1.gxf4 (... no solution)", and nothing
else). A root of '&' or '|' whose parts are help or series branches prints each part's lines in
turn ('&': all parts or none; '|': those that hold); one whose parts print keys and lines (weiss
3a[#]d & - 4hh[#], Popeye's quadruplets in one) solves each part on its own and prints them in
turn, a battle part's keys with their tree, a part after '-' from the other side (JSON "parts",
each part's own solution; the verdict the root's: '&' every part proved, '|' one). JSON adds
"structured": true. --certificate
writes for each key (battle play) or each line of the root branch (help and series play; one for a
root of '&' or '|') a proof that follows the definition move by move, which check-certificate
replays; verify checks them against the stated count and their published lines (help, series and
parry series play; battle play's published key). Not yet: a root of '!' or an expression with a
part that is no branch (named, exit 4), verify of the play published after a battle key and of a
root whose parts print keys and lines, and compose of these.

Selfmates 's#N' (solver/prover/mate_search.h, the same AND/OR search with another goal): White moves
first and forces Black to mate White within N moves. Black resists, but a Black move that mates ends
the play, so on the last move every Black move must mate (Popeye's s#). Keys, threats and the full
tree come out as for direct mates, each line ending in Black's forced mate: "1.Qe8! zugzwang /
1...Bxd7 2.c4+ Kc6#". Cooks and short solutions are verify's findings.

Helpmates 'h#N' (Black starts; White mates on its N-th move) and 'h#N.5' (White starts)
(solver/prover/help_search.h, help_solve.h): the result is every solution, one per line in
problemists' layout ("1.Kc2 Ra2+ 2.Kc1 O-O#"; White first: "1...Re2+ 2.Kd3 ... 4.Kc1 Re1#"), short
solutions included and marked (as Popeye lists them), with the count. A problem that states its
number of solutions ('h#2 2.1.1.1', or [Solutions "2"]) is refuted (exit 1) when it has fewer, and
cooked when it has more. [SetPlay "1"] (Popeye's option SetPlay) adds the set play: the lines with
White moving first, as if Black passed. The search lists every line that ends in mate within the
length; its cuts (a table of positions with no solution within p plies, and orthodox bounds on when
a mate is still possible) each say in solver/prover/help_search.h why they cannot lose a solution,
with a test that compares each with the plain walk. --threads shares the pairs of a first move and
its reply out among threads with one table and lists the solutions in the one-thread order; the
helpmate table grows as --hash says. Option Chess helpmates use the same search, double moves
included.

The prover (solver/prover/) is a depth-first AND/OR proof search, generic over the rules: a
transposition table of proved wins and losses by Zobrist key and depth (monotone in depth, for both
attacker-to-move and defender-to-move positions), iterative deepening for exact lengths, at the
attacker's last move only checking moves (generated directly, not filtered), checks and captures
first for the attacker, killer refutations first for the defender, and an early exit at the first
refuting defence. Problem files, stipulations and twins: solver/problem/README.md.)help";

}  // namespace

void add_solve_command(CLI::App& app, int& status) {
  auto* cmd = app.add_subcommand(
      "solve",
      "Prove a stipulation. Direct mate '#N' and selfmate 's#N': every key (first move forcing mate in at\n"
      "most N against every defence) with its exact length, the threat and the full tree of defences.\n"
      "Helpmate 'h#N' / 'h#N.5': every solution. Twins are solved one by one, as a), b), ...\n"
      "Exit status: 0 proved, 1 refuted (no mate in N; a helpmate with fewer solutions than stated),\n"
      "3 unknown (a limit was reached, or SIGINT: what was proved so far is printed, marked partial),\n"
      "4 unsupported (a genre, condition, fairy piece or option Arbiter does not play yet, named), 2 bad input.\n"
      "A file of several problems gives one result per problem (a malformed or unsupported one does not\n"
      "stop the others), a summary line, and the worst status of its problems.");
  cmd->footer(SolveHelp);
  auto args = std::make_shared<Args>();
  add_problem_options(cmd, args->input);
  cmd->add_flag("--tries", args->tries, "Also list tries: first moves refuted by exactly one defence (1.Qf3? Nd4!)");
  cmd->add_flag("--refutations", args->refutations,
                "Classify every first move: keys as usual, and every other first move with a defence that refutes it");
  cmd->add_flag("--first-key", args->first_key,
                "Stop at the first proved key (checking lines first, then a full iterative search); the tree\n"
                "shown is that proof, and 'shortest' is exact only if shortest_exact says so");
  cmd->add_flag("--no-tree", args->no_tree, "Keys and verdict only, without the solution tree");
  add_search_limits(cmd, {.scope = "each problem (each twin)",
                          .max_seconds = &args->max_seconds,
                          .max_nodes = &args->max_nodes,
                          .threads = &args->threads,
                          .threads_help = "Threads sharing out the first moves, with one transposition table; keys, trees,\n"
                                          "refutations and verdicts are the same for any number",
                          .hash_mb = &args->hash_mb});
  cmd->add_option("--certificate", args->certificate,
                  "Write the proof tree of every key (help and series play: every solution) to this file (JSON), for arbiter check-certificate");
  cmd->add_option("--certificate-if-proved", args->certificate_if_proved,
                  "As --certificate when every key's proof is complete; otherwise no file and no error");
  cmd->add_option("--format", args->format,
                  "text (default): problemists' layout; popeye: Popeye's output, as 'arbiter popeye' prints it\n"
                  "(board, stipulation line, long algebraic in the input's language, 'solution finished.')")
      ->check(CLI::IsMember({"text", "popeye"}));
  cmd->add_flag("--json", args->json,
                "Print JSON: verdict, stipulation, keys, keys_uci, shortest, nodes, seconds, solution tree, ...\n"
                "(one object per problem; several problems: {\"problems\": [...]})");
  cmd->callback([args, &status] { status = guarded_search("solve", [&] { return run_solve(*args); }); });
}

}  // namespace arbiter::cli
