#pragma once
// A key in Popeye's notation, as a corpus MANIFEST or Popeye's output writes it ("Qf4-f5",
// "Se6*g7", "0-0"), in SAN on the orthodox diagram it is played from.

#include <string>

namespace arbiter {

// The key as SAN on `fen`; "" when it names no legal move.
std::string popeye_key_san(const std::string& fen, const std::string& key);

}  // namespace arbiter
