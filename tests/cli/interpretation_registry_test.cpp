// The registry of named interpretations (rules/registry/), --interpret and [Interpret] pins on
// the commands that apply rules, and `arbiter interpretations`.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "rules/conditional/options.h"
#include "rules/fairy/options.h"
#include "rules/option/options.h"
#include "rules/orthodox/options.h"
#include "rules/registry/interpretations.h"
#include "rules/timetravel/options.h"
#include "rules/transactional/options.h"
#include "tests/support/test_support.h"

using namespace arbiter;

namespace {

std::string squeezed(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

// For one rule set's Options and the interpretations it reads: with nothing set each reads
// back as the registry's default (what the code applies is what the registry documents), and
// each choice set reads back as itself while every other interpretation keeps its default
// (apply_interpretation writes the field it names and no other).
template <class Options>
void check_read_back(std::string_view variant) {
  std::vector<const Interpretation*> read;
  for (const auto& i : all_interpretations())
    if (variant_reads(variant, i)) read.push_back(&i);
  REQUIRE(!read.empty());
  for (const Interpretation* i : read) {
    INFO(variant << ": " << i->id);
    CHECK(current_choice(Options{}, i->id) == i->default_choice);
    for (const auto& c : i->choices) {
      INFO("set to " << c.name);
      Options o{};
      REQUIRE(apply_interpretation(o, i->id, c.name));
      CHECK(current_choice(o, i->id) == c.name);
      for (const Interpretation* other : read)
        if (other != i) CHECK(current_choice(o, other->id) == other->default_choice);
    }
  }
  CHECK(current_choice(Options{}, std::string(variant) + ".no-such-interpretation").empty());
}

}  // namespace

TEST_CASE("the registry holds every variant's interpretations and each quotes its seed", "[interpretations]") {
  const auto& all = all_interpretations();
  std::set<std::string_view> ids;
  std::map<std::string_view, int> per_variant;
  for (const auto& i : all) {
    INFO(i.id);
    CHECK(ids.insert(i.id).second);  // ids are unique
    CHECK(i.id.substr(0, i.variant.size() + 1) == std::string(i.variant) + ".");
    CHECK(std::any_of(i.choices.begin(), i.choices.end(), [&](const auto& c) { return c.name == i.default_choice; }));
    CHECK(i.choices.front().name == i.default_choice);  // the option enums rely on it
    // The quoted sentence is in the seed, word for word (spacing aside; "[...]" marks a cut).
    const std::string seed = squeezed(test::read_text_file(test::shared_path("seeds/" + std::string(i.source))));
    std::string quote = squeezed(i.quote);
    for (std::size_t start = 0; start < quote.size();) {
      std::size_t cut = quote.find("[...]", start);
      const std::string piece = squeezed(quote.substr(start, cut == std::string::npos ? std::string::npos : cut - start));
      std::string trimmed = piece;
      while (!trimmed.empty() && trimmed.front() == ' ') trimmed.erase(0, 1);
      while (!trimmed.empty() && trimmed.back() == ' ') trimmed.pop_back();
      if (!trimmed.empty()) CHECK(seed.find(trimmed) != std::string::npos);
      if (cut == std::string::npos) break;
      start = cut + 5;
    }
    ++per_variant[i.variant];
  }
  CHECK(per_variant["orthodox"] == 8);
  CHECK(per_variant["option"] == 6);
  CHECK(per_variant["timetravel"] == 17);
  CHECK(per_variant["transactional"] == 6);
  CHECK(per_variant["conditional"] == 3);
  CHECK(per_variant["fairy"] == 5);
  CHECK(all.size() == 45);
}

TEST_CASE("every choice the registry lists is one its rule set can apply", "[interpretations]") {
  // A registry entry its variant's apply_interpretation does not know would be listed, accepted
  // by --interpret, and then silently change nothing.
  for (const auto& i : all_interpretations())
    for (const auto& c : i.choices) {
      INFO(i.id << "=" << c.name);
      bool applied = false;
      if (i.variant == "orthodox") {
        orthodox::Options o;
        applied = orthodox::apply_interpretation(o, i.id, c.name);
        option::Options built_on;  // Option Chess moves each half by the orthodox rules
        CHECK(option::apply_interpretation(built_on, i.id, c.name));
      } else if (i.variant == "option") {
        option::Options o;
        applied = option::apply_interpretation(o, i.id, c.name);
      } else if (i.variant == "timetravel") {
        timetravel::Options o;
        applied = timetravel::apply_interpretation(o, i.id, c.name);
      } else if (i.variant == "transactional") {
        transactional::Options o;
        applied = transactional::apply_interpretation(o, i.id, c.name);
      } else if (i.variant == "conditional") {
        conditional::Options o;
        applied = conditional::apply_interpretation(o, i.id, c.name);
      } else if (i.variant == "fairy") {
        fairy::Options o;
        applied = fairy::apply_interpretation(o, i.id, c.name);
      }
      CHECK(applied);
    }
  // An id of another variant is not applied (the registry relies on it to ignore them).
  orthodox::Options o;
  CHECK_FALSE(orthodox::apply_interpretation(o, "option.castling-in-double", "either-half"));
  conditional::Options c;
  CHECK_FALSE(conditional::apply_interpretation(c, "timetravel.resonator", "one-move"));
}

TEST_CASE("every rule set applies the registry's defaults and reads its choices back", "[interpretations]") {
  check_read_back<orthodox::Options>("orthodox");
  check_read_back<option::Options>("option");  // its own and, for each half, orthodox.*
  check_read_back<timetravel::Options>("timetravel");
  check_read_back<transactional::Options>("transactional");
  check_read_back<conditional::Options>("conditional");
  check_read_back<fairy::Options>("fairy");
  // Every variant in the registry is covered above.
  CHECK(interpretation_variants() ==
        std::vector<std::string_view>{"orthodox", "option", "timetravel", "transactional", "conditional", "fairy"});
  // An id of another variant reads as unknown.
  CHECK(current_choice(conditional::Options{}, "transactional.isolation").empty());
  CHECK(current_choice(orthodox::Options{}, "option.castling-in-double").empty());
}

TEST_CASE("interpretation settings are checked against the registry", "[interpretations]") {
  InterpretationSettings s;
  s.set_list("option.castling-in-double=either-half;  orthodox.castling-guarded-squares = referee-text", {"f.pgn", 3, 12});
  CHECK(s.text() == "option.castling-in-double=either-half; orthodox.castling-guarded-squares=referee-text");
  InterpretationSettings later;
  later.set_assignment("option.castling-in-double=single-only", {"--interpret", 1, 1});
  s.merge(later);
  CHECK(s.choice("option.castling-in-double") == "single-only");
  CHECK(s.entries().size() == 2);

  try {
    s.set_list("option.castling-in-double=either-half; orthodox.castling=x", {"f.pgn", 3, 12});
    FAIL("an unknown id was accepted");
  } catch (const ParseError& e) {
    CHECK(e.where().line == 3);
    CHECK(e.where().column == 12 + 39);  // the second item
    CHECK(e.message().find("unknown interpretation 'orthodox.castling'") != std::string::npos);
  }
  CHECK_THROWS_WITH(s.set_assignment("timetravel.resonator=two-moves", {"x", 1, 1}),
                    Catch::Contains("expected one of: theoretical, theoretical-no-promotion, three-moves, one-move"));
  CHECK_THROWS_WITH(s.set_assignment("timetravel.resonator", {"x", 1, 1}), Catch::Contains("expected ID=CHOICE"));
  // Option Chess moves each half by the orthodox rules; the others read only their own.
  CHECK(variant_reads("option", *find_interpretation("orthodox.castling-guarded-squares")));
  // ... but not a Popeye problem's statements: a side without a king, exclusive castlings.
  CHECK_FALSE(variant_reads("option", *find_interpretation("orthodox.king-count")));
  CHECK_FALSE(variant_reads("option", *find_interpretation("orthodox.castling-exclusive-a1h8")));
  CHECK(variant_reads("orthodox", *find_interpretation("orthodox.castling-exclusive-a1h8")));
  CHECK_FALSE(variant_reads("orthodox", *find_interpretation("option.castling-in-double")));
  CHECK_FALSE(variant_reads("timetravel", *find_interpretation("orthodox.castling-guarded-squares")));
}

TEST_CASE("arbiter interpretations lists them by variant", "[interpretations][cli]") {
  int status = -1;
  const auto all = test::run_arbiter_json("interpretations --json", status);
  CHECK(status == 0);
  REQUIRE(all["interpretations"].size() == 45);
  const auto& first = all["interpretations"][0];
  CHECK(first["id"] == "orthodox.castling-guarded-squares");
  CHECK(first["default"] == "king-path");
  CHECK(first["source"] == "../shared/seeds/chess-rules-referee.txt");
  CHECK(first["choices"][1]["name"] == "referee-text");
  CHECK(first["alternatives"] == 1);
  const auto option = test::run_arbiter_json("interpretations --variant option --json", status);
  CHECK(status == 0);
  CHECK(option["interpretations"].size() == 9);  // 6 of its own, 3 orthodox

  test::ScratchDir dir;
  const auto text = test::run_arbiter_command("interpretations --variant conditional", dir);
  CHECK(text.status == 0);
  CHECK(text.out.find("* draw:") != std::string::npos);
  CHECK(text.out.find("3 interpretations") != std::string::npos);
  CHECK(test::run_arbiter_command("interpretations --variant shogi", dir).status == 2);
}

TEST_CASE("perft counts what an interpretation allows", "[interpretations][cli]") {
  // b1 is guarded by the rook on b8: the text forbids O-O-O, FIDE does not.
  const std::string fen = test::shell_quote("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
  int status = -1;
  const auto fide = test::run_arbiter_json("perft --depth 1 --json --fen " + fen, status);
  CHECK(status == 0);
  const auto text = test::run_arbiter_json(
      "perft --depth 1 --json --interpret orthodox.castling-guarded-squares=referee-text --fen " + fen, status);
  CHECK(status == 0);
  CHECK(fide["nodes"].get<int>() == text["nodes"].get<int>() + 1);
  CHECK(text["interpretations"]["orthodox.castling-guarded-squares"] == "referee-text");

  test::ScratchDir dir;
  const auto bad = test::run_arbiter_command("perft --depth 1 --interpret orthodox.castling-guarded-squares=nope", dir);
  CHECK(bad.status == 2);
  CHECK(bad.err.find("--interpret:1:1: unknown choice 'nope'") != std::string::npos);
}

TEST_CASE("a record pins interpretations in its Interpret tag and --interpret overrides the pin", "[interpretations][cli]") {
  // Game 3 of the Time Traveler's examples (puzzles/timetravel/illustrative-games.pgn) claims
  // check after its side line's 3... Qa5/e1 (a kingless player is in check when the opponent can
  // resolve in one move); under kingless-check=never it is not. That line alone, as two games
  // (the whole game's mate searches would make each run take seconds).
  const std::string game3 =
      "[Event \"game 3's side line\"]\n[Variant \"Time Traveler's\"]\n\n"
      "1. e4 e5 2. d4/e5 c5 3. d2//d4 Qa5/e1 {[%claim check] [%claim kingless=white]} *\n\n";
  const std::string games = game3 + game3;
  test::ScratchDir dir;
  const std::string plain = dir.write("g.pgn", games);
  const auto defaults = test::run_arbiter_command("replay --game 2 --json " + test::shell_quote(plain), dir);
  CHECK(defaults.status == 0);
  const auto changed = test::run_arbiter_command(
      "replay --game 2 --json --interpret timetravel.kingless-check=never " + test::shell_quote(plain), dir);
  CHECK(changed.status == 1);
  const auto j = nlohmann::json::parse(changed.out);
  CHECK(j["interpretations"]["timetravel.kingless-check"] == "never");

  // The same choice pinned in every game's tags.
  std::string tagged;
  for (std::size_t from = 0;;) {
    const std::size_t next = games.find("[Event ", from);
    tagged += games.substr(from, next == std::string::npos ? std::string::npos : next - from);
    if (next == std::string::npos) break;
    tagged += "[Interpret \"timetravel.kingless-check=never\"]\n[Event ";
    from = next + 7;
  }
  const std::string pinned_file = dir.write("pinned.pgn", tagged);
  CHECK(test::run_arbiter_command("replay --game 2 " + test::shell_quote(pinned_file), dir).status == 1);
  CHECK(test::run_arbiter_command("replay --game 2 --interpret timetravel.kingless-check=threat-of-resolution " +
                                      test::shell_quote(pinned_file), dir)
            .status == 0);

  const std::string bad = dir.write("bad.pgn", "[Event \"x\"]\n[Interpret \"timetravel.kingless=never\"]\n\n1. e4 *\n");
  const auto err = test::run_arbiter_command("replay " + test::shell_quote(bad), dir);
  CHECK(err.status == 2);
  CHECK(err.err.find("bad.pgn:2:13: unknown interpretation 'timetravel.kingless'; expected one of: timetravel.resonator,") != std::string::npos);
}
