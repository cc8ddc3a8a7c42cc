#pragma once
// A fairy rule set's definition as data: the board's size, its piece kinds (each a walk, walk.h),
// which are royal and which follow the pawn's rules, the pawns' promotions, castling and the
// start position. The fairy Game (game.h) plays any such definition; orthodox() is orthodox
// chess written this way, which must play exactly as rules/orthodox does.

#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/types.h"
#include "rules/fairy/walk.h"

namespace arbiter::fairy {

struct PieceKind {
  std::string name;   // "knight", "grasshopper"
  char letter = '?';  // FEN and SAN letter, upper case ('N', 'G'); a diagram's letter for a coded kind
  Walk walk;
  bool royal = false;  // checked and mated like a king (a side may not leave it attacked)
  // The pawn's rules on top of its walk: from its second rank a double step along a move-only
  // vector over an empty square (leaving an en passant square), en passant capture onto it,
  // promotion on the last rank.
  bool pawn = false;
  bool double_step = true;  // a pawn's: false for the superpawns, whose steps are a rider's
  // An orphan has no walk: it moves and observes as any walk W present on the board by which an
  // enemy man observes it, directly or through a chain of orphans of alternating sides, each
  // observing the next as W (Popeye's definition, pie-engl.txt "orphan"). As W a pawn's, it makes
  // the pawn's steps and captures, the double step from its second rank, and no promotion.
  bool orphan = false;
  // A friend (with `orphan` set: its walks follow the position too) moves and observes as any
  // walk W its own side has on the board by which a man of its own side observes it, directly or
  // through a chain of its side's friends, each observing the next as W (Popeye's friend.c).
  bool friend_ = false;
  // Popeye's code of a kind added by code (piece_table.h), lower case: written "(G)" / "(g)" in
  // FEN and "G_" in SAN instead of a letter; empty for a kind of the variant's own letters.
  std::string code = {};
  // A copy of the kind `base` with Popeye's attributes, by their initials: 'r' Royal (checked and
  // mated like a king), 'c' Chameleon (after each of its moves it is the next of queen, knight,
  // bishop, rook, queen), 'h' HalfNeutral, 's' HurdleColourChanging, 'p' Paralysing, 'k'
  // Kamikaze, 'u' Uncapturable. Written "(r:G)", "(c:Q)", "(rc:S)" in FEN and "rG_", "cQ" in SAN, by the
  // base's code (an orthodox base by Popeye's English code). Empty for a plain kind (base -1).
  std::string attributes = {};
  int base = -1;
  int becomes = -1;  // Chameleon: the kind it is after its move (-1: itself)
  // 'h' HalfNeutral (Popeye's half.c): after each of its moves a man of a side becomes neutral,
  // a neutral one the mover's side's.
  bool half_neutral = false;
  // 's' HurdleColourChanging (Popeye's hurdle_colour_changing.c): the man it hops over (a hop's
  // one hurdle) changes sides, a king and a neutral man aside.
  bool hurdle_colour_changing = false;
  // 'p' Paralysing (Popeye's paralysing.c): an enemy man it observes (its walk's captures, alone)
  // neither moves nor observes; it captures nothing and observes nothing itself (no check). A side
  // whose only moves are those of paralysed men is stalemated, not mated (Game::in_check).
  bool paralysing = false;
  // 'k' Kamikaze (Popeye's kamikaze): after a capture it vanishes too; a kamikaze pawn's capture
  // onto its last rank promotes nothing (it is gone), a royal kamikaze man does not capture.
  bool kamikaze = false;
  // 'u' Uncapturable (Popeye's uncapturable.c): no move captures it; it is observed (checked) as
  // any man.
  bool uncapturable = false;
  // A royal pawn's promotions: the copies of the variant's with its attributes (Popeye keeps a
  // man's attributes when it promotes); empty for every other kind, which promotes as
  // `promotions` says.
  std::vector<int> own_promotions = {};
  // A pawned piece (Popeye's dragon, gryphon, ship, marine ship; piece_table.h): `walk` is the
  // whole, for its observations (by `piece_part` alone from its own first rank, where the pawn
  // part does nothing, but for the marine ship); its moves are `piece_part`'s and `pawn_part`'s
  // made as a pawn's without promotion.
  // Null for every other kind (apart, so the kinds the search reads stay small).
  struct PawnedWalks {
    Walk piece_part, pawn_part;
    bool everywhere = false;  // the pawn part from the first rank too (the marine ship)
  };
  std::shared_ptr<const PawnedWalks> pawned = {};
  // A walk per file, by which a man of the kind moves and observes on that file (Popeye's
  // querquisite); `walk` is their union then. Null for every other kind.
  std::shared_ptr<const std::vector<Walk>> by_file = {};
};

struct Variant {
  std::string name = "fairy";
  int files = 8, ranks = 8;
  std::vector<PieceKind> kinds;  // at most 31
  std::vector<int> promotions;   // the kinds a pawn promotes to, in the order SAN lists them
  bool has_paralysing = false;   // a kind is paralysing: the generators and the attack test ask who is paralysed
  // Orthodox castling: the royal kind `castling_king` from its file with the `castling_rook`
  // kind on the corner files, the king two files towards it (none: -1).
  int castling_king = -1, castling_rook = -1;
  // The plain kind of a kind with attributes (a half-neutral king castles as the king), else itself.
  int plain_of(int kind) const { return kinds[std::size_t(kind)].base >= 0 ? kinds[std::size_t(kind)].base : kind; }
  std::string start_fen;

  int kind_of(char letter) const;  // the lettered kind (no code) whose letter this is (either case), or -1
  int kind_of_code(std::string_view code) const;  // the kind of Popeye's code (either case), or -1
  // FEN spells a kind by its letter, or "(CODE)" (upper case for White, lower for Black).
  std::string symbol(int kind, Color side = White, bool neutral = false) const;  // neutral: "(n:G)", "(n:P)"
  // SAN spells it by its letter, or its code in upper case and '_' ("G_a8", "N_c3" the
  // nightrider beside "Nc3" the knight): PGN's movetext keeps '(' for variations.
  std::string san_symbol(int kind) const;
  // This variant with the kind of Popeye's code `code` added (piece_table.h), a pawn's promotion
  // too (Popeye's convention: to every walk the problem holds), or the same variant when it has
  // it; throws std::invalid_argument for a code not in the table.
  // `promotee` false: not a pawn's promotion (the marine pieces a marine pawn alone promotes to).
  static std::shared_ptr<const Variant> with_code(std::shared_ptr<const Variant> v, std::string_view code, bool promotee = true);
  // With a marine pawn (Popeye's "mp"): its own promotions, Popeye's marine chain: the sirene,
  // triton, nereide and marine knight (added as kinds), every fairy kind the variant's pawns
  // promote to, and the orthodox queen, rook, bishop and knight only where `on_board(kind)` (a
  // pawn promotes to the walks the problem holds; the marine four stand in for the orthodox).
  // The same variant without one.
  template <class OnBoard>
  static std::shared_ptr<const Variant> with_marine_promotions(std::shared_ptr<const Variant> v, OnBoard&& on_board);
  // With a hurdle-colour-changing man (Popeye's hopper-specific promotions): a pawn promotes to
  // the queen, rook, bishop and knight, and to each kind on the board as it stands there, plain or
  // hurdle colour changing (not to a plain one only there with the attribute). The same variant
  // without one.
  template <class OnBoard>
  static std::shared_ptr<const Variant> with_hopper_promotions(std::shared_ptr<const Variant> v, OnBoard&& on_board);
  // The kind Popeye's code names inside a FEN's "(...)": a fairy piece's code of the table, or an
  // orthodox piece's English code (k q r b s p) naming the variant's king, queen, rook, bishop,
  // knight or pawn; -1 when the variant has none.
  int kind_of_popeye_code(std::string_view code) const;
  // The copy of the plain kind `kind` with `attributes` (PieceKind::attributes, in any order;
  // "r" on a kind royal by its definition is the kind itself), or -1 when not there.
  int attributed_kind_of(int kind, std::string_view attributes) const;
  // This variant with that copy added (a chameleon's whole cycle; for a royal or half-neutral
  // pawn, the copies of its promotions too); the same variant when it has it. Throws
  // std::invalid_argument for an attribute other than r, c, h, s, p, k and u, or a chameleon that is not a
  // queen, knight, bishop or rook.
  static std::shared_ptr<const Variant> with_attributes(std::shared_ptr<const Variant> v, int kind, std::string_view attributes);
  static std::shared_ptr<const Variant> orthodox();
};

template <class OnBoard>
std::shared_ptr<const Variant> Variant::with_marine_promotions(std::shared_ptr<const Variant> v, OnBoard&& on_board) {
  const int marine_pawn = v->kind_of_code("mp");
  if (marine_pawn < 0) return v;
  std::vector<int> chain;
  for (const std::string_view code : {"si", "tr", "nd", "ms"}) {
    v = with_code(v, code, false);
    chain.push_back(v->kind_of_code(code));
  }
  for (const int k : v->promotions) {
    const PieceKind& kind = v->kinds[std::size_t(k)];
    const bool present = kind.base < 0 && (!kind.code.empty() || on_board(k));
    if (present && std::find(chain.begin(), chain.end(), k) == chain.end()) chain.push_back(k);
  }
  auto out = std::make_shared<Variant>(*v);
  out->kinds[std::size_t(marine_pawn)].own_promotions = std::move(chain);
  return out;
}

template <class OnBoard>
std::shared_ptr<const Variant> Variant::with_hopper_promotions(std::shared_ptr<const Variant> v, OnBoard&& on_board) {
  if (std::none_of(v->kinds.begin(), v->kinds.end(), [](const PieceKind& k) { return k.hurdle_colour_changing; })) return v;
  std::vector<int> promotions;
  auto add = [&](int k) {
    if (k >= 0 && std::find(promotions.begin(), promotions.end(), k) == promotions.end()) promotions.push_back(k);
  };
  for (const std::string_view code : {"q", "r", "b", "s"}) add(v->kind_of_popeye_code(code));
  for (int k = 0; k < int(v->kinds.size()); ++k) {
    const PieceKind& kind = v->kinds[std::size_t(k)];
    const int plain = kind.base >= 0 ? kind.base : k;
    if (!on_board(k) || kind.pawn || (v->kinds[std::size_t(plain)].royal && kind.attributes.empty() && kind.base < 0)) continue;
    add(kind.hurdle_colour_changing ? v->attributed_kind_of(plain, "s") : plain);
  }
  auto out = std::make_shared<Variant>(*v);
  out->promotions = std::move(promotions);
  return out;
}

}  // namespace arbiter::fairy
