#include "rules/fairy/piece_table.h"

#include <algorithm>
#include <cctype>

namespace arbiter::fairy {

// Walks from Popeye 4.104's definitions: its vector tables and each walk's generator
// (pieces/walks/), compounds as it composes them (waran = nightrider + rook, squirrel = knight +
// dabbaba + alfil, elephant = queen and nightrider lines).
const std::vector<PieceEntry>& popeye_pieces() {
  static const std::vector<PieceEntry> table{
      // Orthodox walks (the king's royalty and the pawn's rules are the rule set's, not the walk's).
      {"k", "king", "K"}, {"q", "queen", "Q"}, {"r", "rook", "R"}, {"b", "bishop", "B"}, {"s", "knight", "N"},
      // Leapers.
      {"we", "wazir", "W"}, {"fe", "fers", "F"}, {"da", "dabbaba", "D"}, {"al", "alfil", "A"}, {"ca", "camel", "C"},
      {"z", "zebra", "Z"}, {"gi", "giraffe", "(1,4)"}, {"an", "antelope", "(3,4)"}, {"15", "1,5-leaper", "(1,5)"},
      {"16", "1,6-leaper", "(1,6)"}, {"24", "2,4-leaper", "(2,4)"}, {"25", "2,5-leaper", "(2,5)"},
      {"35", "3,5-leaper", "(3,5)"}, {"36", "3,6-leaper", "(3,6)"}, {"37", "3,7-leaper", "(3,7)"},
      {"rf", "root-50-leaper", "(1,7)(5,5)"}, {"bu", "root-25-leaper (bucephale)", "(3,4)(0,5)"},
      {"gn", "gnu", "NC"}, {"bi", "bison", "CZ"}, {"ok", "okapi", "NZ"}, {"ze", "zebu", "C(1,4)"},
      {"sq", "squirrel", "NDA"},
      // Riders and compounds with them.
      {"n", "nightrider", "NN"}, {"cr", "camelrider", "CC"}, {"zr", "zebrarider", "ZZ"}, {"gr", "gnurider", "NNCC"},
      {"wr", "wazirrider", "R"}, {"fr", "fersrider", "B"}, {"am", "amazon", "QN"}, {"em", "empress", "RN"},
      {"pr", "princess", "BN"}, {"wa", "waran", "NNR"}, {"et", "elephant", "QNN"},
      // Hoppers: over the first man of the line, to the square beyond.
      {"g", "grasshopper", "gQ"}, {"rh", "rook hopper", "gR"}, {"bh", "bishop hopper", "gB"},
      {"nh", "nightrider hopper", "gNN"}, {"kh", "kinghopper", "gK"}, {"kp", "knight hopper", "gN"},
      {"ch", "camelrider hopper", "gCC"}, {"zh", "zebrarider hopper", "gZZ"}, {"gh", "gnurider hopper", "gNNgCC"},
      {"gl", "gral", "AgR"},
      // Lions: over one man of the line, to any square beyond it.
      {"li", "lion", "pQ"}, {"rl", "rook-lion", "pR"}, {"bl", "bishop-lion", "pB"}, {"nl", "nightrider lion", "pNN"},
      // Chinese pieces: the rider's moves, captures over one man; the mao a lame knight.
      {"le", "leo", "mQcpQ"}, {"pa", "pao", "mRcpR"}, {"va", "vao", "mBcpB"}, {"na", "nao", "mNNcpNN"},
      {"ma", "mao", "nN"},
  };
  return table;
}

std::optional<PieceEntry> popeye_piece(std::string_view code) {
  for (const auto& e : popeye_pieces())
    if (e.code.size() == code.size() &&
        std::equal(code.begin(), code.end(), e.code.begin(), [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; }))
      return e;
  return std::nullopt;
}

}  // namespace arbiter::fairy
