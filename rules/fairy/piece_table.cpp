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
      // Hoppers of other landings: G2 and G3 farther beyond the hurdle, the kangaroo over two men,
      // the contra-grasshopper from next to its hurdle on as a rider, the dolphin grasshopper and
      // kangaroo in one.
      {"g2", "grasshopper-2", "g2Q"}, {"g3", "grasshopper-3", "g3Q"}, {"ka", "kangaroo", "ggQ"},
      {"cg", "contra grasshopper", "jQ"}, {"do", "dolphin", "gQggQ"},
      // Angle hoppers: over the first man of the line, one step on turned by 45 (moose), 90
      // (eagle) or 135 degrees (sparrow), either way.
      {"m", "moose", "gQ@45"}, {"ea", "eagle", "gQ@90"}, {"sw", "sparrow", "gQ@135"},
      {"rm", "rook moose", "gR@45"}, {"re", "rook eagle", "gR@90"}, {"rw", "rook sparrow", "gR@135"},
      {"bm", "bishop moose", "gB@45"}, {"be", "bishop eagle", "gB@90"}, {"bw", "bishop sparrow", "gB@135"},
      // Equihoppers: to the square mirrored in the hurdle; on queen lines over empty squares
      // only (orix), and the non-interceptable (1,2), (1,3) and (2,3) hurdles on 8 x 8; the
      // nonstop one over anything between.
      {"eq", "equihopper", "eQeNe(1,3)eZ"}, {"or", "orix", "eQ"}, {"ne", "nonstop equihopper", "eWeDeHeFeAeGeNe(1,3)eZ"},
      // Circular riders: the rose on the knight's octagon, its lion and hopper, the Chinese rao.
      {"ro", "rose", "qN"}, {"rn", "rose-lion", "qpN"}, {"rp", "rose-hopper", "qgN"}, {"ra", "rao", "mqNcqpN"},
      // Lions: over one man of the line, to any square beyond it.
      {"li", "lion", "pQ"}, {"kl", "kangaroo lion", "ppQ"}, {"rl", "rook-lion", "pR"}, {"bl", "bishop-lion", "pB"}, {"nl", "nightrider lion", "pNN"},
      // Chinese pieces: the rider's moves, captures over one man; the mao a lame knight.
      {"le", "leo", "mQcpQ"}, {"pa", "pao", "mRcpR"}, {"va", "vao", "mBcpB"}, {"na", "nao", "mNNcpNN"},
      {"ma", "mao", "nN"},
      // The Chinese pawn: a step forward, and past the river (the far half) a step sideways too,
      // moving or capturing; it never promotes. The edgehog: a queen's lines between an edge
      // square and one off the edges.
      {"cp", "chinese pawn", "fWsW/h"}, {"eh", "edgehog", "Q/e"},
      // The dummy: no walk at all (it never moves and observes nothing; it may be captured).
      {"du", "dummy", ""},
      // The orphan: no walk of its own (movegen.cpp).
      {"o", "orphan", "", true},
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
