#include "solver/prover/published_comments.h"

#include <algorithm>
#include <cctype>

#include "rules/core/text.h"

namespace arbiter::prover {

bool claims_illegal(const PgnMove& move) {
  for (const auto& c : move.comments_after) {
    std::string_view t = c;
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    if (t.size() >= 7 && std::equal(t.begin(), t.begin() + 7, "illegal", [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; }))
      return true;
  }
  return false;
}

std::optional<std::vector<std::string>> threat_moves(std::string_view comment) {
  std::string_view c = trim(comment);
  constexpr std::string_view Prefix = "threat:";
  if (c.size() < Prefix.size() || lowercase(c.substr(0, Prefix.size())) != Prefix) return std::nullopt;
  c.remove_prefix(Prefix.size());
  std::vector<std::string> moves;
  if (trim(c).empty()) return moves;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = c.find(',', start);
    std::string_view item = trim(c.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    // "2. Ra7+" / "2.Ra7+" / "2... Kg8": drop the move number.
    std::size_t i = 0;
    while (i < item.size() && std::isdigit(static_cast<unsigned char>(item[i]))) ++i;
    if (i > 0 && i < item.size() && item[i] == '.') {
      while (i < item.size() && item[i] == '.') ++i;
      item = trim(item.substr(i));
    }
    moves.emplace_back(item);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return moves;
}

bool is_zugzwang_comment(std::string_view comment) {
  const std::string c = lowercase(trim(comment));
  return c == "zugzwang" || c == "zugzwang.";
}

}  // namespace arbiter::prover
