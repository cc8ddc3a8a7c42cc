// Conditional Chess statements: read, print (with and without the played mark), read again.

#include <string>

#include <fmt/format.h>

#include "rules/conditional/statement.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/harnesses.h"

namespace arbiter::fuzz {

namespace {

const std::string File = "statement";

const char* branch_name(conditional::Branch b) {
  switch (b) {
    case conditional::Branch::None: return "none";
    case conditional::Branch::Then: return "then";
    case conditional::Branch::Else: return "else";
  }
  return "?";
}

}  // namespace

void statement_harness(std::string_view input) {
  using namespace conditional;
  Statement s;
  try {
    s = read_statement(input, {File, 1, 1});
  } catch (const ParseError& e) {
    check_location(e, input, File, Layout::OneLine);
    return;
  }
  require(s.then_text().size() < Statement::MoveChars && s.else_text().size() < Statement::MoveChars,
          fmt::format("'{}': a branch fills its whole buffer", input));
  require(!s.then_text().empty() && !s.else_text().empty(), fmt::format("'{}': a branch is empty", input));
  for (const Branch mark : {Branch::None, s.marked}) {
    const std::string printed = statement_text(s, mark);
    Statement again;
    try {
      again = read_statement(printed, {File, 1, 1});
    } catch (const ParseError& e) {
      violated(fmt::format("'{}' is printed as '{}', which does not read back: {}", input, printed, e.what()));
    }
    require(again == s, fmt::format("'{}' is printed as '{}', which reads back to another statement", input, printed));
    // Both branches the same: "!move" marks the one move, as the then-branch.
    const Branch expected = mark == Branch::None || s.then_text() != s.else_text() ? mark : Branch::Then;
    require(again.marked == expected, fmt::format("'{}' is printed with the {} branch marked as '{}', which reads back with {}",
                                                  input, branch_name(mark), printed, branch_name(again.marked)));
    require(statement_text(again, again.marked) == printed,
            fmt::format("'{}' is printed as '{}', then as '{}'", input, printed, statement_text(again, again.marked)));
  }
}

}  // namespace arbiter::fuzz
