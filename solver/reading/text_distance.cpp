#include "solver/reading/text_distance.h"

#include <algorithm>

#include "solver/reading/edit_distance.h"

namespace arbiter::reading {

std::string without_signs(std::string_view text) {
  std::string out;
  for (char c : text)
    if (c != 'x' && c != '+' && c != '#' && c != ':') out += c;
  return out;
}

std::string english_letters(std::string_view text) {
  std::string out(text);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const bool piece_place = i == 0 || out[i - 1] == '?' || out[i - 1] == '/' || out[i - 1] == '*' || out[i - 1] == '!';
    if (!piece_place) continue;
    switch (out[i]) {
      case 'T': out[i] = 'R'; break;
      case 'D': out[i] = 'Q'; break;
      case 'C':
      case 'S': out[i] = 'N'; break;
      case 'L':
      case 'F':
      case 'A': out[i] = 'B'; break;
      default: break;
    }
  }
  return out;
}

Cost move_distance(std::string_view printed, std::string_view accepted) {
  const std::string b = without_signs(accepted);
  Cost d = Edit * edit_distance(without_signs(printed), b);
  const std::string translated = english_letters(printed);
  if (translated != printed)
    d = std::min(d, Cost(edit_distance(translated, printed) + Edit * edit_distance(without_signs(translated), b)));
  return d;
}

std::string_view claim_sign(std::string_view text) {
  // Glyphs, a C-ply's closing star, a transaction's commit or rollback mark come after the sign.
  for (bool trimmed = true; trimmed;) {
    trimmed = false;
    while (!text.empty() && (text.back() == '!' || text.back() == '?' || text.back() == '*' || text.back() == ' ')) {
      text.remove_suffix(1);
      trimmed = true;
    }
    if (text.ends_with("(C)") || text.ends_with("(R)")) {
      text.remove_suffix(3);
      trimmed = true;
    }
  }
  if (text.ends_with("++")) return "++";
  if (text.ends_with('#')) return "#";
  if (text.ends_with('+')) return "+";
  return "";
}

Claim claim_of(std::string_view text) {
  const std::string_view sign = claim_sign(text);
  return sign.empty() ? Claim::None : sign == "+" ? Claim::Check : Claim::Mate;
}

Cost mark_cost(std::string_view printed_sign, bool check, bool mate) {
  if (printed_sign.empty()) return 0;
  if (printed_sign == "+") return check && !mate ? 0 : Edit;
  if (printed_sign == "#") return mate ? 0 : Edit;
  return mate ? 0 : check ? Edit : 2 * Edit;  // "++"
}

}  // namespace arbiter::reading
