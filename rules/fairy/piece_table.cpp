#include "rules/fairy/piece_table.h"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <set>
#include <string>
#include <utility>

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
      {"no", "orix (non-stop)", "eWeDeHeFeAeG"},
      // Circular riders: the rose on the knight's octagon, its lion and hopper, the Chinese rao.
      {"ro", "rose", "qN"}, {"rn", "rose-lion", "qpN"}, {"rp", "rose-hopper", "qgN"}, {"ra", "rao", "mqNcqpN"},
      // Lions: over one man of the line, to any square beyond it.
      {"li", "lion", "pQ"}, {"kl", "kangaroo lion", "ppQ"}, {"rt", "rabbit", "ppQ"}, {"bo", "bob", "ppppQ"}, {"rl", "rook-lion", "pR"}, {"bl", "bishop-lion", "pB"}, {"nl", "nightrider lion", "pNN"},
      // Chinese pieces: the rider's moves, captures over one man; the mao a lame knight.
      {"le", "leo", "mQcpQ"}, {"pa", "pao", "mRcpR"}, {"va", "vao", "mBcpB"}, {"na", "nao", "mNNcpNN"},
      {"ma", "mao", "nN"}, {"ko", "kao", "mNcgN"},
      // The Chinese pawn: a step forward, and past the river (the far half) a step sideways too,
      // moving or capturing; it never promotes. The edgehog: a queen's lines between an edge
      // square and one off the edges.
      {"cp", "chinese pawn", "fWsW/h"}, {"eh", "edgehog", "Q/e"},
      // Lame riders: the mao's and the moa's leg (its diagonal step first) repeated on along the
      // line, every leg's first step and landing empty short of the last.
      {"mo", "moa", "yN"}, {"ao", "maorider", "nNN"}, {"oa", "moarider", "yNN"},
      // Their lions (chinese/mao.c): over one man, a leg's first step or its landing, to a
      // landing beyond it.
      {"ml", "maorider lion", "pnNN"}, {"mm", "moarider lion", "pyNN"},
      // The erlking: a king's walk without its royalty.
      {"ek", "erlking", "K"},
      // Locusts: over the first man of the line, an enemy, onto the empty square beyond it,
      // taking it (Popeye's locusts.c); marine pieces move as their rider or leaper and capture
      // as locusts of its lines (marine.c).
      {"l", "locust", "xQ"}, {"lr", "rook locust", "xR"}, {"lb", "bishop locust", "xB"}, {"ln", "nightrider locust", "xNN"},
      {"ls", "rose locust", "xqN"}, {"si", "sirene", "mQxQ"}, {"tr", "triton", "mRxR"}, {"nd", "nereide", "mBxB"},
      {"ms", "marine knight", "mNxN"},
      // The poseidon, the marine king: royal by its kind (Popeye allows no king beside it).
      {.code = "po", .name = "poseidon", .walk = "mKxK", .royal = true},
      // The sting (sting.c): a king's steps and a grasshopper's hops, royal by its kind.
      {.code = "st", .name = "Sting (King + royal Grasshopper)", .walk = "KgQ", .royal = true},
      // Pawns (the pawn's promotion; double step and en passant but for the superpawns, which
      // ride): the berolina pawn steps diagonally and captures straight ahead, the superpawns
      // ride so; the marine pawn captures as a locust of the pawn's diagonals.
      {.code = "bp", .name = "berolina pawn", .walk = "mfFcfW", .pawn = true},
      {.code = "sp", .name = "superpawn", .walk = "mfRcfB", .pawn = true, .double_step = false},
      {.code = "bs", .name = "berolina superpawn", .walk = "mfBcfR", .pawn = true, .double_step = false},
      {.code = "mp", .name = "marine pawn", .walk = "mfWxfF", .pawn = true},
      // Pawned pieces (pawns/combined.c): a pawn's moves, off their first rank, beside a piece's;
      // the dragon a pawn and a knight, the gryphon a pawn's steps and a bishop, the ship a pawn's
      // captures and a rook. Their double step leaves no en passant square (Popeye's knows the
      // pawns alone); none promotes.
      {.code = "dr", .name = "dragon", .walk = "N", .pawn_part = "mfWcfF"},
      {.code = "gy", .name = "gryphon", .walk = "B", .pawn_part = "mfW"},
      {.code = "sh", .name = "ship", .walk = "R", .pawn_part = "cfF"},
      // The marine ship (marine.c): the triton's walk and the marine pawn's captures, a locust's
      // over a forward diagonal neighbour (en passant too), from every rank.
      {.code = "mh", .name = "marine ship", .walk = "mRxR", .pawn_part = "xfF", .pawn_part_everywhere = true},
      // The querquisite (querquisite.c): the orthodox piece whose game array file it stands on,
      // the king's walk (not its royalty) on the e-file.
      {.code = "qq", .name = "querquisite", .walk = "QN", .by_file = "R N B Q K B N R"},
      // Bouncers: along a line as far as the opposite line runs to its first man or the board's
      // edge (bouncer.c). Double hoppers: two grasshopper hops of the lines, the square between
      // them empty (hoppers.c).
      {"b1", "bouncer", "uQ"}, {"b2", "rook bouncer", "uR"}, {"b3", "bishop bouncer", "uB"},
      {"dg", "doublegrasshopper", "dQ"}, {"dk", "doublerookhopper", "dR"}, {"db", "doublebishopper", "dB"},
      // Crooked riders (spiral_springers.c): a knight's (bishop's, rook's) steps alternating with
      // their mirror images in the file and rank lines, or in the diagonals.
      {"ss", "spiralspringer", "zNN"}, {"ds", "diagonalspiralspringer", "zNN/d"}, {"bt", "boyscout", "zB"},
      {"gt", "girlscout", "zR/d"},
      // The reflecting bishop (reflecting_bishop.c): a bishop's line turned back into the board at
      // its edge, up to four times; the archbishop once.
      {"rb", "reflecting bishop", "o4B"}, {"ar", "archbishop", "o1B"},
      // The ubiubi (ubiubi.c): knight's leaps again and again over empty squares.
      {"uu", "UbiUbi", "iN"},
      // The hamster (hamster.c): to the square short of the first man of a queen's line, never a
      // capture (it checks nothing); the marguerite its moves with those of the grasshopper, the
      // moose, the eagle and the sparrow.
      {"ha", "hamster", "hQ"}, {"mg", "marguerite", "gQgQ@45gQ@90gQ@135hQ"},
      // Radial pieces (radial.c): the tree hopper leaps onto a man and on from it by a leap of
      // the same group, the leaf hopper leaps where another square of the group holds a man; the
      // lesser ones on the queen's lines ((k,0) and (k,k) groups), the greater ones on every leap
      // grouped by length; the radial knight a greater tree hopper over the other side's men.
      {"th", "tree hopper", "tQ"}, {"ge", "greater treehopper", "tO"}, {"lh", "leaf hopper", "wQ"},
      {"gf", "greater leafhopper", "wO"}, {"rk", "radial leaper (aka radial knight)", "aO"},
      // Hunters (hunters.c): away from their home rank as the first walk, towards it as the
      // second, never sideways; any two of the table's walks as "X/Y" (popeye_piece). The rook and
      // bishop hunters are absolute: up the board as the one, down as the other, either side's.
      {"rr", "rook/bishop hunter", "{R}/n{B}/s"}, {"br", "bishop/rook hunter", "{B}/n{R}/s"},
      // The dummy: no walk at all (it never moves and observes nothing; it may be captured).
      {"du", "dummy", ""},
      // The orphan: no walk of its own (movegen.cpp).
      {"o", "orphan", "", true},
      // The friend: the orphan's walks, by its own side's men (movegen.cpp).
      {.code = "f", .name = "friend", .walk = "", .orphan = true, .friend_ = true},
  };
  return table;
}

namespace {

// A code as written, any case, against the table's lower-case one.
bool same_code(std::string_view written, std::string_view code) {
  return written.size() == code.size() && std::equal(written.begin(), written.end(), code.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         });
}

}  // namespace

std::string_view popeye_glyph(std::string_view code) {
  // Popeye's LaTeX column of pie-engl.txt: the German letter of the orthodox glyph (K D T L S B:
  // king, queen, rook, bishop, knight, pawn) and its turn (U upside down, R right, L left), or
  // I: none.
  static const std::vector<std::pair<std::string_view, std::string_view>> table{
      {"we", "TU"}, {"fe", "LL"}, {"da", "TR"}, {"al", "LR"}, {"ca", "SL"}, {"z", "SR"}, {"gi", "LL"},
      {"an", "LR"}, {"15", "LU"}, {"16", "DL"}, {"24", "SL"}, {"25", "LR"}, {"35", "SL"}, {"36", "SR"},
      {"37", "LR"}, {"rf", "TU"}, {"bu", "LU"}, {"gn", "LR"}, {"bi", "I"}, {"ok", "LL"}, {"ze", "SR"},
      {"sq", "SR"}, {"n", "SU"}, {"cr", "TL"}, {"zr", "SR"}, {"gr", "SR"}, {"wr", "I"}, {"fr", "I"},
      {"am", "DL"}, {"em", "TU"}, {"pr", "LU"}, {"wa", "TR"}, {"et", "I"}, {"g", "DU"}, {"rh", "TU"},
      {"bh", "LU"}, {"nh", "LR"}, {"kh", "DR"}, {"kp", "SR"}, {"ch", "TL"}, {"zh", "SR"}, {"gh", "SL"},
      {"gl", "I"}, {"g2", "I"}, {"g3", "I"}, {"ka", "DL"}, {"cg", "I"}, {"do", "I"}, {"m", "DL"},
      {"ea", "TL"}, {"sw", "SR"}, {"rm", "TR"}, {"re", "TL"}, {"rw", "TU"}, {"bm", "LR"}, {"be", "LL"},
      {"bw", "LU"}, {"eq", "DR"}, {"or", "DL"}, {"ne", "DR"}, {"ro", "TR"}, {"rn", "I"}, {"rp", "I"},
      {"ra", "TU"}, {"li", "DL"}, {"kl", "I"}, {"rl", "TL"}, {"bl", "LL"}, {"nl", "I"}, {"le", "DR"},
      {"pa", "TL"}, {"va", "LL"}, {"na", "I"}, {"ma", "SR"}, {"cp", "BR"}, {"eh", "DL"}, {"mo", "SL"},
      {"ao", "SR"}, {"oa", "SL"}, {"l", "DR"}, {"lr", "I"}, {"lb", "I"}, {"ln", "I"}, {"ls", "SR"},
      {"si", "DL"}, {"tr", "TL"}, {"nd", "LU"}, {"ms", "SR"}, {"du", "KL"}, {"o", "BL"}, {"po", "KR"},
      {"bp", "BU"}, {"sp", "BL"}, {"bs", "BR"}, {"mp", "BR"}, {"ss", "SR"}, {"ds", "SL"}, {"rr", "TR"}, {"br", "TL"},
      {"bt", "LU"}, {"gt", "TR"}, {"dg", "TU"}, {"b1", "I"}, {"b2", "I"}, {"b3", "I"}, {"dk", "TR"}, {"db", "LR"},
      {"th", "I"}, {"ge", "I"}, {"lh", "I"}, {"gf", "I"}, {"rk", "I"}, {"no", "I"}, {"ko", "I"}, {"ml", "I"}, {"mm", "I"}, {"ek", "TR"}, {"rb", "LL"}, {"ar", "LU"}, {"f", "I"}, {"uu", "SR"}, {"st", "KU"}, {"rt", "I"}, {"bo", "I"}, {"ha", "DR"}, {"mg", "I"},
      {"dr", "SR"}, {"gy", "LR"}, {"sh", "TR"}, {"mh", "TR"}, {"qq", "I"}};
  for (const auto& [c, glyph] : table)
    if (same_code(code, c)) return glyph;
  return {};
}

bool hurdle_colour_changing_allowed(std::string_view code) {
  // Popeye's is_simplehopper, is_chineserider, is_lion and the contra-grasshopper, by code.
  static constexpr std::string_view allowed[] = {"g",  "nh", "ch", "zh", "gh", "rh", "bh", "eq", "ne", "g2", "g3", "kh",
                                                 "or", "m",  "rm", "bm", "ea", "re", "be", "sw", "rw", "bw", "kp", "le",
                                                 "pa", "va", "na", "li", "rl", "bl", "nl", "cg"};
  return std::any_of(std::begin(allowed), std::end(allowed), [&](std::string_view c) { return same_code(code, c); });
}

std::optional<PieceEntry> popeye_piece(std::string_view code) {
  for (const auto& e : popeye_pieces())
    if (same_code(code, e.code)) return e;
  if (const auto slash = code.find('/'); slash != std::string_view::npos) return hunter(code.substr(0, slash), code.substr(slash + 1));
  return std::nullopt;
}

std::optional<PieceEntry> hunter(std::string_view away, std::string_view home) {
  const auto a = popeye_piece(away), h = popeye_piece(home);
  // Walks of their own, straight from the table: no pawn (its double step and promotion are the
  // rule set's), no orphan or dummy, no royal walk, no hunter or other group within.
  const auto plain = [](const std::optional<PieceEntry>& e) {
    return e && !e->pawn && e->pawn_part.empty() && e->by_file.empty() && !e->orphan && !e->royal && !e->walk.empty() && e->walk.find('{') == std::string_view::npos;
  };
  if (!plain(a) || !plain(h)) return std::nullopt;
  // The composed texts live as long as the program: a hunter is a kind of the variants that name it.
  static std::mutex guard;
  static std::set<std::string> texts;
  const std::lock_guard lock(guard);
  const auto lower = [](std::string_view text) {
    std::string out(text);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  const auto joined = [](std::initializer_list<std::string_view> parts) {
    std::string out;
    for (const std::string_view p : parts) out.append(p);
    return out;
  };
  const std::string_view code = *texts.insert(joined({lower(a->code), "/", lower(h->code)})).first;
  const std::string_view walk = *texts.insert(joined({"{", a->walk, "}/f{", h->walk, "}/b"})).first;
  const std::string_view name = *texts.insert(joined({code, " hunter"})).first;
  return PieceEntry{.code = code, .name = name, .walk = walk};
}

}  // namespace arbiter::fairy
