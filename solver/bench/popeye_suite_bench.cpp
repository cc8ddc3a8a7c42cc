#include "solver/bench/popeye_suite_bench.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include <fmt/core.h>
#include <fmt/ranges.h>

#include "rules/core/fen.h"
#include "rules/core/text.h"
#include "rules/notation/uci.h"
#include "rules/orthodox/movegen.h"
#include "solver/bench/help_self_bench.h"
#include "solver/bench/process_run.h"
#include "solver/problem/popeye_output_blocks.h"
#include "solver/problem/popeye_problem_output.h"
#include "solver/problem/popeye_vocabulary.h"
#include "solver/problem/problem.h"
#include "solver/problem/solve_units.h"
#include "solver/prover/limits.h"

namespace arbiter {

namespace fs = std::filesystem;
using problem::SolutionSets;
namespace popeye = problem::popeye;

namespace {

// The suite's folders and the extension of their expected outputs in REGRESSIONTESTS/.
constexpr std::pair<std::string_view, std::string_view> SuiteFolders[] = {
    {"BEISPIEL", ".out"}, {"EXAMPLES", ".ref"}, {"REGRESSIONS", ".reg"}, {"TESTS", ".tst"}};

// A peer stuck past its own -maxtime is killed after this much more.
constexpr double PeerGraceSeconds = 30;

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// "direct #", "help h#", "self s#", "help h=", "reflex r#", "help-self hs# hr#" for a stipulation
// that is exactly that genre's (#N, h#N, h#N.5, s#N, h=N, r#N or semi-r#N, hs#N or hr#N, whatever
// N), "reciprocal reci-h" for reci-h#N and reci-h(=)#N, "series ser-" for any series
// form, else "other" (other goals, structured ...).
std::string family_of(const problem::Problem& p) {
  if (p.popeye.structured_stipulation) return "other";
  const std::string text = lowercase(std::string(trim(p.popeye.stipulation.empty() ? p.stipulation.text : p.popeye.stipulation)));
  auto genre = [&](std::string_view prefix) {
    return text.starts_with(prefix) && text.size() > prefix.size() && std::isdigit(static_cast<unsigned char>(text[prefix.size()]));
  };
  if (genre("#")) return "direct #";
  if (genre("h#")) return "help h#";
  if (genre("s#")) return "self s#";
  if (genre("h=")) return "help h=";
  if (genre("r#") || genre("semi-r#")) return "reflex r#";
  if (genre("hs#") || genre("hr#")) return "help-self hs# hr#";
  if (text.starts_with("reci-h")) return "reciprocal reci-h";
  if (text.starts_with("ser-")) return "series ser-";
  return "other";
}

// One class a problem: a condition first, then fairy men (a fairy walk, a neutral or invisible
// man, an attribute), else "orthodox only".
std::string material_of(const problem::Problem& p) {
  if (!p.popeye.conditions.empty()) return "condition";
  if (p.popeye.total_invisible > 0) return "fairy piece";
  for (const auto& m : p.popeye.men)
    if (m.orthodox == NoPieceType || m.colour == "Neutral" || !m.attributes.empty()) return "fairy piece";
  return "orthodox only";
}

// An unsupported reason as counted: the twin it was found in dropped ("twin b): condition
// Madrasi" counts as "condition Madrasi"), a stipulation's numbers as N ("stipulation ser-h=N
// (series help-stalemate)").
std::string reason_key(std::string reason) {
  if (reason.starts_with("twin ")) {
    if (const auto close = reason.find("): "); close != std::string::npos && close < 10) reason = reason.substr(close + 3);
  }
  if (!reason.starts_with("stipulation ")) return reason;
  std::string out;
  for (std::size_t i = 0; i < reason.size(); ++i) {
    if (std::isdigit(static_cast<unsigned char>(reason[i]))) {
      out += 'N';
      while (i + 1 < reason.size() && (std::isdigit(static_cast<unsigned char>(reason[i + 1])) || reason[i + 1] == '.')) ++i;
    } else {
      out += reason[i];
    }
  }
  return out;
}

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (const auto& item : items) {
    if (!out.empty()) out += separator;
    out += item;
  }
  return out;
}

// `text` with every occurrence of the suite's root folder taken out, so that the files it names
// read as in the suite ("BEISPIEL/atob.inp:11:23: ...").
std::string relative_to_root(std::string text, const fs::path& root) {
  const std::string prefix = root.string() + "/";
  for (std::size_t at = text.find(prefix); at != std::string::npos; at = text.find(prefix, at)) text.erase(at, prefix.size());
  return text;
}

// Popeye's extra line replayed on the twin's position: whether it is legal and, for a helpmate,
// ends in mate. Only orthodox chess is played here, as only orthodox problems are solved.
std::string replay_note(const std::string& fen, const std::string& line, bool keys) {
  if (fen.empty() || fen.find('(') != std::string::npos) return "";  // fairy men: not replayed here
  Position pos = read_known_fen(fen);
  std::istringstream moves(line);
  std::string uci;
  int ply = 0;
  while (moves >> uci) {
    ++ply;
    const auto m = parse_uci(pos, uci);
    if (!m) return fmt::format(" (replayed: ply {} {} is not legal)", ply, uci);
    pos.make(*m);
  }
  if (keys) return " (replayed: a legal first move)";
  MoveList<> legal;
  orthodox::generate_legal(pos, legal);
  if (pos.in_check() && legal.size() == 0) return " (replayed: legal, ends in mate)";
  return pos.in_check() ? " (replayed: legal, but the last move only checks)" : " (replayed: legal, but ends in no mate)";
}

// The offset of a 1-based line and column in `text`.
std::size_t offset_of(std::string_view text, int line, int column) {
  std::size_t at = 0;
  for (int l = 1; l < line && at < text.size(); ++l) {
    const auto nl = text.find('\n', at);
    at = nl == std::string_view::npos ? text.size() : nl + 1;
  }
  return std::min(text.size(), at + std::size_t(std::max(0, column - 1)));
}

// The words of a Popeye directive's keyword in `language` ("BeginProblem" -> "AnfangProblem").
std::string directive_word(std::string_view id, popeye::Language language) {
  for (const auto& k : popeye::keywords(popeye::Kind::Directive))
    if (k.id == id) return std::string(k.in(language));
  return std::string(id);
}

// Problem `index` of a file alone, for the peer: "begin", its directives (from after the word
// that opens it, "begin" or the previous problem's "next", to the word that closes it), "end";
// its protocol and LaTeX directives left out, so the peer writes no file (BEISPIEL/twin.inp's
// "latex twin.tex" wrote one into the working directory).
std::string single_problem_input(const std::string& text, const std::vector<problem::Problem>& problems, std::size_t index,
                                 popeye::Language language) {
  std::size_t from = offset_of(text, problems[index].where.line, problems[index].where.column);
  while (from < text.size() && !std::isspace(static_cast<unsigned char>(text[from]))) ++from;  // the opening word
  const std::size_t to = index + 1 < problems.size()
                             ? offset_of(text, problems[index + 1].where.line, problems[index + 1].where.column)
                             : text.size();
  std::string body = text.substr(from, to - from);
  std::string out = directive_word("BeginProblem", language) + "\n";
  std::istringstream lines(body);
  std::string line;
  bool latex_pieces = false;  // after a LaTeX directive left out: its lines of LaTeX piece names ("n SU Nachtreiter")
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string first;
    words >> first;
    if (latex_pieces && !first.empty() && popeye::find_keyword(popeye::Kind::Piece, language, first)) continue;
    latex_pieces = false;
    const auto m = first.empty() ? std::nullopt : popeye::find_keyword(popeye::Kind::Directive, language, first);
    // The directives that name a file the peer would write (protocol, LaTeX) are left out.
    if (m && !m->ambiguous() && (m->keyword->id == "Protocol" || m->keyword->id == "LaTeX")) {
      latex_pieces = m->keyword->id == "LaTeX";
      continue;
    }
    out += line + "\n";
  }
  if (index + 1 < problems.size()) out += directive_word("EndProblem", language) + "\n";
  return out;
}

void check_peer(const std::string& peer) {
  if (!fs::exists(peer)) throw std::runtime_error(fmt::format("--peer {}: no such file", peer));
  if (fs::is_directory(peer) || access(peer.c_str(), X_OK) != 0)
    throw std::runtime_error(fmt::format("--peer {}: not an executable file", peer));
}

std::string popeye_maxtime(double seconds) { return fmt::format("{}", std::max(1LL, (long long)std::ceil(seconds))); }

// The live peer on the problem alone: its solution set and whole-process time.
void run_peer(SuiteProblemRow& row, const std::string& input, popeye::Language language, const SuiteBenchOptions& options,
              const std::map<std::string, std::string>& fens, bool keys, PopeyeListing listing) {
  static int counter = 0;
  const fs::path temp = fs::temp_directory_path() / fmt::format("arbiter-suite-{}-{}.inp", getpid(), ++counter);
  {
    std::ofstream out(temp, std::ios::binary);
    out << input;
  }
  row.have_peer = true;
  const ProcessRun run = run_process(options.peer, {"-maxtime", popeye_maxtime(options.max_seconds), temp.string()},
                                     options.max_seconds + PeerGraceSeconds);
  fs::remove(temp);
  row.peer_seconds = run.seconds;
  if (run.killed) {
    row.peer_note = "peer killed after its limit";
    return;
  }
  const auto blocks = problem::split_popeye_output(run.out);
  if (blocks.empty() || !blocks.front().has_board) {
    row.peer_note = fmt::format("peer printed no solution (exit status {})", run.status);
    return;
  }
  if (!blocks.front().finished && listing == PopeyeListing::Whole) {
    row.peer_note = "peer stopped at its limit (partial solution)";
    return;
  }
  try {
    row.peer = problem::read_popeye_help_self_output(blocks.front().text, "peer " + row.file, language).twins;
  } catch (const std::exception& e) {
    row.peer_note = fmt::format("peer output unreadable: {}", e.what());
    return;
  }
  row.peer_complete = true;
  const std::string difference = compare_solution_sets(row.ours, row.peer, fens, keys, listing);
  row.peer_same = difference.empty();
  if (!row.peer_same) row.peer_note = "differs from the live peer: " + difference;
}

// Whether the problem's options make Popeye list only some of its solutions.
PopeyeListing popeye_listing(const problem::Problem& p) {
  for (const auto& o : p.popeye.options)
    if (o.id == "MaxSolutions" || o.id == "StopOnShortSolutions" || o.id == "StartMoveNumber" || o.id == "UpToMoveNumber")
      return PopeyeListing::Part;
  return PopeyeListing::Whole;
}

// What `arbiter popeye` prints of the solution against Popeye's expected block, as sorted lists
// of lines: "identical", "different: ..." (the first line only Popeye's and the first only ours),
// or "limit: ..." when ours was cut. The time is not counted: the sets' solve is the one timed.
std::string compare_layout(const problem::Problem& p, const std::string& block, const SuiteBenchOptions& options) {
  std::ostringstream text;
  try {
    if (!popeye::write_popeye_problem(p, {0, options.max_seconds, options.hash_mb, options.threads}, text).complete)
      return "limit: the tree was cut";
  } catch (const prover::LimitReached& e) {
    return std::string("limit: ") + e.what();
  } catch (const std::exception& e) {
    return std::string("error: ") + e.what();
  }
  auto ours = problem::popeye_solution_lines(text.str()), theirs = problem::popeye_solution_lines(block);
  std::sort(ours.begin(), ours.end());
  std::sort(theirs.begin(), theirs.end());
  if (ours == theirs) return "identical";
  std::vector<std::string> only_popeye, only_ours;
  std::set_difference(theirs.begin(), theirs.end(), ours.begin(), ours.end(), std::back_inserter(only_popeye));
  std::set_difference(ours.begin(), ours.end(), theirs.begin(), theirs.end(), std::back_inserter(only_ours));
  return fmt::format("different: {} lines only Popeye's{}, {} only ours{}", only_popeye.size(),
                     only_popeye.empty() ? "" : " (first '" + only_popeye.front() + "')", only_ours.size(),
                     only_ours.empty() ? "" : " (first '" + only_ours.front() + "')");
}

// Solves a playable problem and compares it with Popeye's expected block (and the peer).
void solve_and_compare(SuiteProblemRow& row, const problem::Problem& p, const problem::PopeyeOutputBlock* block,
                       const std::string& expected_file, const std::string& block_note, popeye::Language language,
                       const SuiteBenchOptions& options, const std::string& peer_input) {
  HelpSelfSolveOptions solve;
  solve.tree = false;  // keys and lines only: what is compared
  solve.max_seconds = options.max_seconds;
  solve.hash_mb = options.hash_mb;
  solve.threads = options.threads;
  solve.set_play = true;
  const HelpSelfSolved solved = solve_help_self(p, solve);
  row.seconds = solved.seconds;
  row.nodes = solved.nodes;
  row.ours = solved.sets;
  std::map<std::string, std::string> fens;
  for (const auto& unit : problem::solve_units(p)) fens.emplace(unit.label, unit.fen);  // Duplex: the stated roles' position
  const bool keys = p.stipulation.kind != Stipulation::HelpMate && !p.stipulation.series;
  const PopeyeListing listing = popeye_listing(p);
  if (!solved.complete) {
    row.outcome = SuiteOutcome::Unknown;
    row.detail = "limit: " + solved.note;
    return;
  }
  if (!options.peer.empty()) run_peer(row, peer_input, language, options, fens, keys, listing);
  if (!block) {
    row.outcome = SuiteOutcome::Unchecked;
    row.detail = block_note;
    return;
  }
  if (!block->has_board) {
    row.outcome = SuiteOutcome::Unchecked;
    row.detail = "Popeye's expected output has no solution for it";
    return;
  }
  if (!block->finished && listing == PopeyeListing::Whole) {  // options that list a part stop Popeye early too
    row.outcome = SuiteOutcome::Unchecked;
    row.detail = "Popeye's expected output is a partial solution";
    return;
  }
  problem::PopeyeHelpSelfOutput expected;
  try {
    expected = problem::read_popeye_help_self_output(block->text, expected_file, language);
    row.expected = expected.twins;
  } catch (const ParseError& e) {  // its line in the block, as the line of the file
    row.outcome = SuiteOutcome::Unchecked;
    row.detail = fmt::format("Popeye's expected output unreadable: {}:{}:{}: {}", expected_file,
                             block->first_line + e.where().line - 1, e.where().column, e.message());
    return;
  }
  const std::string difference = compare_solution_sets(row.ours, row.expected, fens, keys, listing);
  row.outcome = difference.empty() ? SuiteOutcome::Identical : SuiteOutcome::Different;
  row.detail = difference;
  if (difference.empty()) {
    // (The Popeye layout is written for orthodox men: a position of fairy men, "(G)", is not compared.)
    if (listing == PopeyeListing::Whole && p.fen.find('(') == std::string::npos) row.layout = compare_layout(p, block->text, options);
    if (!solved.illegal_twins.empty())  // the same (empty) lines, for a different reason: said
      row.detail = fmt::format("twins {}) refused as illegal positions (Popeye prints no line under them)",
                               fmt::join(solved.illegal_twins, "), "));
    return;
  }
  // What explains a difference, where Popeye's output says it.
  for (const auto& remark : expected.remarks) row.detail += fmt::format(" [Popeye remarks: {}]", remark);
}

}  // namespace

std::string_view suite_outcome_name(SuiteOutcome outcome) {
  switch (outcome) {
    case SuiteOutcome::Malformed: return "malformed";
    case SuiteOutcome::Unsupported: return "unsupported";
    case SuiteOutcome::Identical: return "identical";
    case SuiteOutcome::Different: return "different";
    case SuiteOutcome::Unknown: return "unknown (limit)";
    case SuiteOutcome::Unchecked: return "unchecked";
  }
  return "?";
}

void SuiteTally::add(const SuiteProblemRow& row) {
  ++problems;
  switch (row.outcome) {
    case SuiteOutcome::Malformed: ++malformed; return;
    case SuiteOutcome::Unsupported: ++read, ++unsupported; return;
    case SuiteOutcome::Identical: ++identical; break;
    case SuiteOutcome::Different: ++different; break;
    case SuiteOutcome::Unknown: ++unknown; break;
    case SuiteOutcome::Unchecked: ++unchecked; break;
  }
  ++read, ++supported;
  if (!row.layout.empty()) ++layout_compared;
  if (row.layout == "identical") ++layout_identical;
  if (row.have_peer && row.peer_complete && row.outcome != SuiteOutcome::Unknown) {
    ++timed;
    seconds += row.seconds;
    peer_seconds += row.peer_seconds;
  }
}

SuiteSummary summarise_suite(const std::vector<SuiteProblemRow>& rows, int files) {
  SuiteSummary s;
  s.files = files;
  std::map<std::string, int> reasons;
  for (const auto& r : rows) {
    s.by_family[r.family].add(r);
    s.by_material[r.material].add(r);
    s.total.add(r);
    std::set<std::string> counted;  // a reason counts once a problem
    for (const auto& reason : r.unsupported)
      if (counted.insert(reason_key(reason)).second) ++reasons[reason_key(reason)];
  }
  s.unsupported_reasons.assign(reasons.begin(), reasons.end());
  std::stable_sort(s.unsupported_reasons.begin(), s.unsupported_reasons.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  return s;
}

std::string suite_expected_output(const std::string& suite_root, const std::string& relative_input) {
  const fs::path input(relative_input);
  const std::string top = input.begin() == input.end() ? "" : input.begin()->string();
  for (const auto& [folder, extension] : SuiteFolders)
    if (top == folder) {
      fs::path expected = fs::path(suite_root) / "REGRESSIONTESTS" / input.stem();
      expected += std::string(extension);
      return expected.string();
    }
  return "";
}

std::string compare_solution_sets(const SolutionSets& ours, const SolutionSets& popeye,
                                  const std::map<std::string, std::string>& fens, bool keys, PopeyeListing listing) {
  std::vector<std::string> parts;
  std::set<std::string> labels;
  for (const auto& t : ours) labels.insert(t.label);
  for (const auto& t : popeye) labels.insert(t.label);
  auto find = [](const SolutionSets& sets, const std::string& label) -> const problem::TwinSolutionSet* {
    for (const auto& t : sets)
      if (t.label == label) return &t;
    return nullptr;
  };
  for (const auto& label : labels) {
    const auto* a = find(ours, label);
    const auto* b = find(popeye, label);
    const std::string twin = label.empty() ? "" : label + "): ";
    if (!a || (!b && listing == PopeyeListing::Whole)) {
      parts.push_back(fmt::format("{}twin only in {}", twin, a ? "ours" : "Popeye's"));
      continue;
    }
    if (!b) continue;  // Popeye listed nothing of this twin
    std::vector<std::string> only_ours, only_popeye;
    std::set_difference(a->solutions.begin(), a->solutions.end(), b->solutions.begin(), b->solutions.end(),
                        std::back_inserter(only_ours));
    std::set_difference(b->solutions.begin(), b->solutions.end(), a->solutions.begin(), a->solutions.end(),
                        std::back_inserter(only_popeye));
    if (listing == PopeyeListing::Part) only_ours.clear();
    if (only_ours.empty() && only_popeye.empty()) continue;
    const auto fen = fens.find(label);
    for (auto& line : only_popeye) line += replay_note(fen == fens.end() ? "" : fen->second, line, keys);
    std::string part = twin;
    if (!only_popeye.empty()) part += fmt::format("only Popeye's: {}", joined(only_popeye, " | "));
    if (!only_ours.empty()) part += fmt::format("{}only ours: {}", only_popeye.empty() ? "" : "; ", joined(only_ours, " | "));
    parts.push_back(part);
  }
  return joined(parts, "; ");
}

std::vector<SuiteProblemRow> run_popeye_suite_bench(const std::string& dir, const SuiteBenchOptions& options,
                                                    const std::function<void(int, int, const std::string&)>& progress,
                                                    int* files_read) {
  if (!options.peer.empty()) check_peer(options.peer);
  const fs::path given = fs::weakly_canonical(fs::path(dir));
  const bool whole = fs::is_directory(given / "REGRESSIONTESTS");
  const fs::path root = whole ? given : given.parent_path();
  if (!fs::is_directory(root / "REGRESSIONTESTS"))
    throw std::runtime_error(fmt::format("{}: not Popeye's suite (no REGRESSIONTESTS/ beside or inside it)", dir));
  std::vector<std::string> inputs;  // relative to the root
  for (const auto& [folder, extension] : SuiteFolders) {
    if (!whole && given.filename().string() != folder) continue;
    for (const fs::path& sub : {root / folder, root / folder / "lengthy"}) {
      if (!fs::is_directory(sub)) continue;
      for (const auto& entry : fs::directory_iterator(sub))
        if (entry.path().extension() == ".inp") inputs.push_back(fs::relative(entry.path(), root).string());
    }
  }
  if (inputs.empty()) throw std::runtime_error(fmt::format("{}: no suite input (*.inp) in BEISPIEL, EXAMPLES, REGRESSIONS or TESTS", dir));
  std::sort(inputs.begin(), inputs.end());
  if (files_read) *files_read = int(inputs.size());

  std::vector<SuiteProblemRow> rows;
  for (std::size_t f = 0; f < inputs.size(); ++f) {
    const std::string& relative = inputs[f];
    if (progress) progress(int(f), int(inputs.size()), relative);
    const std::string path = (root / relative).string();
    const std::string text = read_all(path);
    std::vector<problem::Problem> problems;
    try {
      problems = problem::read_problem_entries(path);
    } catch (const std::exception& e) {  // the whole file unreadable: one malformed row
      SuiteProblemRow row;
      row.file = relative;
      row.family = "other";
      row.material = "orthodox only";
      row.outcome = SuiteOutcome::Malformed;
      row.detail = relative_to_root(e.what(), root);
      rows.push_back(std::move(row));
      continue;
    }
    const popeye::Language language = problems.empty() ? popeye::Language::English : problems.front().popeye.language;
    const std::string expected_path = suite_expected_output(root.string(), relative);
    std::vector<problem::PopeyeOutputBlock> blocks;
    std::string block_note;
    if (expected_path.empty() || !fs::exists(expected_path)) block_note = "no expected output file";
    else blocks = problem::split_popeye_output(read_all(expected_path));
    if (block_note.empty() && blocks.size() != problems.size())
      block_note = fmt::format("the expected output has {} blocks for the file's {} problems: not aligned", blocks.size(),
                               problems.size());
    for (std::size_t i = 0; i < problems.size(); ++i) {
      const auto& p = problems[i];
      SuiteProblemRow row;
      row.file = relative;
      row.number = p.number;
      row.stipulation = p.popeye.stipulation.empty() ? p.stipulation.text : p.popeye.stipulation;
      row.family = family_of(p);
      row.material = material_of(p);
      const problem::PopeyeOutputBlock* block = block_note.empty() ? &blocks[i] : nullptr;
      row.popeye_refuses = block && !block->refusals.empty();
      if (p.malformed) {
        row.outcome = SuiteOutcome::Malformed;
        row.detail = relative_to_root(p.malformed->what(), root);
      } else if (!p.unsupported.empty()) {
        row.outcome = SuiteOutcome::Unsupported;
        row.unsupported = p.unsupported;
        row.detail = joined(p.unsupported, "; ");
      } else {
        if (progress) progress(int(f), int(inputs.size()), fmt::format("{} problem {}", relative, p.number));
        const std::string peer_input = options.peer.empty() ? "" : single_problem_input(text, problems, i, language);
        try {
          solve_and_compare(row, p, block, fs::relative(expected_path, root).string(), block_note, language, options, peer_input);
        } catch (const std::exception& e) {  // an engine's refusal, named: one problem does not stop the others
          row.outcome = SuiteOutcome::Unsupported;
          row.unsupported = {e.what()};
          row.detail = e.what();
        }
      }
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

}  // namespace arbiter
