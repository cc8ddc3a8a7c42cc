#pragma once
// A variant designer's file (VARIANTS.md): a fairy rule set written as text, without C++. One
// setting a line, '#' starting a comment:
//
//   name = knightmate
//   board = 8x8
//   piece = K royal-knight N royal
//   piece = M mann K
//   piece = P pawn mfWcfF pawn
//   promotion = Q R B M
//   castling = K R
//   start = rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1
//
// `--variant FILE` and a PGN [VariantFile "FILE"] tag select such a file; the fairy rule set then
// plays it in every engine.

#include <memory>
#include <string>
#include <string_view>

#include "rules/core/parse_error.h"
#include "rules/fairy/variant.h"

namespace arbiter::fairy {

// Reads the file's text; throws ParseError at the line and column of the first setting that does
// not read, saying what was expected there (a walk's error at its column within the line).
std::shared_ptr<const Variant> read_variant_file(std::string_view text, const std::string& file);

}  // namespace arbiter::fairy
