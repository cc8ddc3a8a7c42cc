#include "solver/variants/names.h"

#include <algorithm>

#include "rules/core/text.h"

namespace arbiter {

const std::vector<VariantNames>& all_variant_names() {
  static const std::vector<VariantNames> all = {
      {"orthodox", "orthodox chess", "orthodox", {"orthodox", "standard", "chess", "normal", "from position"}},
      {"option", "Option Chess", "Option", {"option", "option chess"}},
      {"timetravel",
       "Time Traveler's Chess",
       "timetravel",
       {"timetravel", "time traveler's", "time traveler's chess", "time travelers chess", "time-travel"}},
      {"transactional", "Transactional Chess", "transactional", {"transactional", "transactional chess"}},
      {"conditional", "Conditional Chess", "conditional", {"conditional", "conditional chess"}},
      {"fairy", "fairy chess", "fairy", {"fairy", "fairy chess"}},
  };
  return all;
}

const VariantNames& default_variant_names() { return all_variant_names().front(); }

const VariantNames& fairy_pieces_variant_names() { return *lookup_variant_names("fairy"); }

const VariantNames* lookup_variant_names(std::string_view text) {
  const std::string wanted = lowercase(text);
  if (wanted.empty()) return &default_variant_names();
  for (const auto& v : all_variant_names())
    if (std::find(v.aliases.begin(), v.aliases.end(), wanted) != v.aliases.end()) return &v;
  return nullptr;
}

}  // namespace arbiter
