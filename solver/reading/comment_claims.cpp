#include "solver/reading/comment_claims.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace arbiter::reading {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::vector<CommentClaim> capture_claims(const PgnLine& moves, int plies_per_turn) {
  static const std::pair<const char*, PieceType> men[] = {{"tower", Rook},  {"rook", Rook},     {"queen", Queen},
                                                          {"bishop", Bishop}, {"knight", Knight}, {"pawn", Pawn}};
  static const char* verbs[] = {"taking", "takes", "took", "capturing", "captures", "captured", "wins", "won"};
  std::vector<CommentClaim> out;
  int previous = -1;  // the ply the previous comment follows
  for (int ply = 0; ply < int(moves.size()); ++ply) {
    const auto& comments = moves[std::size_t(ply)].comments_after;
    if (comments.empty()) continue;
    for (const std::string& comment : comments) {
      const std::string text = lower(comment);
      for (const char* verb : verbs) {
        for (std::size_t at = text.find(verb); at != std::string::npos; at = text.find(verb, at + 1)) {
          const bool word_start = at == 0 || !std::isalpha(static_cast<unsigned char>(text[at - 1]));
          std::size_t next = at + std::string_view(verb).size();
          if (!word_start || text.compare(next, 5, " the ") != 0) continue;
          next += 5;
          for (const auto& [name, type] : men) {
            if (text.compare(next, std::string_view(name).size(), name) != 0) continue;
            const std::size_t end = next + std::string_view(name).size();
            out.push_back({std::max(previous + 1, ply - plies_per_turn + 1), ply, type, comment.substr(at, end - at)});
          }
        }
      }
    }
    previous = ply;
  }
  return out;
}

bool agrees(const CommentClaim& claim, const std::vector<PieceType>& captured_by_ply) {
  for (int ply = claim.first_ply; ply <= claim.last_ply && ply < int(captured_by_ply.size()); ++ply)
    if (captured_by_ply[std::size_t(ply)] == claim.captured) return true;
  return false;
}

}  // namespace arbiter::reading
