#include "solver/problem/popeye_twin_label.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>

#include <fmt/core.h>

#include "rules/core/fen.h"
#include "solver/problem/popeye_board.h"
#include "solver/problem/popeye_layout.h"
#include "solver/problem/twins.h"

namespace arbiter::problem::popeye {

namespace {

// A twin's description as written, read again word by word for its operations.
class DescriptionWords : public TwinWords {
 public:
  DescriptionWords(const std::string& description, Language language) : language_(language) {
    std::istringstream in(description);
    for (std::string w; in >> w;) words_.push_back({w, {"<twin>", 1, 1}});
  }
  std::optional<TwinWord> peek() override { return next_ < words_.size() ? std::optional(words_[next_]) : std::nullopt; }
  std::optional<TwinWord> next() override {
    auto w = peek();
    if (w) ++next_;
    return w;
  }
  SourceLocation end_location() override { return {"<twin>", 1, 1}; }
  bool ends_twin(const TwinWord&) override { return false; }
  Language language() const override { return language_; }

 private:
  std::vector<TwinWord> words_;
  std::size_t next_ = 0;
  Language language_;
};

// Describes the operations in order on the men they find, as each one leaves them.
class LabelWriter {
 public:
  LabelWriter(const std::string& fen, Language language) : language_(language) {
    const Position pos = read_known_fen(fen);
    for (Square s = 0; s < 64; ++s) board_[s] = pos.piece_on(s);
  }

  void apply(const TwinOperation& op) {
    const auto& t = op.targets;
    switch (op.kind) {
      case TwinOperation::Move:
        // A man on the target square is removed first, and Popeye says so ("-wPb3  wPa3-->b3",
        // REGRESSIONS/4_67_to_4_69.inp 5).
        if (board_[t[1].square] != NoPiece) parts_.push_back(fmt::format("-{}", man(t[1].square)));
        parts_.push_back(fmt::format("{}-->{}", man(t[0].square), square_name(t[1].square)));
        board_[t[1].square] = board_[t[0].square];
        board_[t[0].square] = NoPiece;
        break;
      case TwinOperation::Exchange:
        parts_.push_back(fmt::format("{}<-->{}", man(t[0].square), man(t[1].square)));
        std::swap(board_[t[0].square], board_[t[1].square]);
        break;
      case TwinOperation::Remove:
        for (const auto& r : t) {
          parts_.push_back(fmt::format("-{}", man(r.square)));
          removed_.push_back({r.square, parts_.size() - 1});
          board_[r.square] = NoPiece;
        }
        break;
      case TwinOperation::Add:
        for (const auto& a : t) add(a.square, a.piece);
        break;
      case TwinOperation::Rotate: parts_.push_back(fmt::format("{} {}", word("Rotate"), op.degrees)); break;
      case TwinOperation::Mirror: parts_.push_back(fmt::format("{} {}", word("Mirror"), mirror_text(op.mirror))); break;
      case TwinOperation::Shift:
        parts_.push_back(fmt::format("{} {} ==> {}", word("Shift"), square_name(t[0].square), square_name(t[1].square)));
        break;
      case TwinOperation::Substitute:
        parts_.push_back(fmt::format("{} ==> {}", popeye_piece_letter(op.from_type, language_), popeye_piece_letter(op.to_type, language_)));
        break;
      case TwinOperation::PolishType: parts_.push_back(std::string(word("PolishType"))); break;
      case TwinOperation::NewStipulation: parts_.push_back(popeye_side_word_spelled(op.stipulation, language_)); break;
    }
  }

  std::string text() const {
    std::string out;
    for (const auto& p : parts_)
      if (!p.empty()) out += p + "  ";
    return out;
  }

 private:
  // Popeye's added man: "+wPd6" on an empty square; without '+' when it replaces a man, or a
  // man this twin removed from the square (whose removal is then not told).
  void add(Square s, Piece p) {
    bool replaces = board_[s] != NoPiece;
    for (const auto& [square, part] : removed_)
      if (square == s && !parts_[part].empty()) {
        parts_[part].clear();
        replaces = true;
      }
    board_[s] = p;
    parts_.push_back(fmt::format("{}{}", replaces ? "" : "+", man(s)));
  }

  // "wBb8", "sKd4" (German), "nRa8" (French): colour letter, piece letter, square.
  std::string man(Square s) const {
    const Piece p = board_[s];
    if (p == NoPiece) return square_name(s);
    const std::string_view colour = spelling_of(Kind::Colour, color_of(p) == White ? "White" : "Black", language_);
    return fmt::format("{}{}{}", char(std::tolower(static_cast<unsigned char>(colour.front()))),
                       popeye_piece_letter(type_of(p), language_), square_name(s));
  }

  std::string_view word(std::string_view id) const { return spelling_of(Kind::TwinOperation, id, language_); }

  static std::string_view mirror_text(Mirror m) {
    switch (m) {
      case Mirror::A1A8: return "a1<-->a8";
      case Mirror::A1H8: return "a1<-->h8";
      case Mirror::A8H1: return "a8<-->h1";
      case Mirror::A1H1: break;
    }
    return "a1<-->h1";
  }

  Language language_;
  std::array<Piece, 64> board_{};
  std::vector<std::string> parts_;
  std::vector<std::pair<Square, std::size_t>> removed_;  // square, its part
};

}  // namespace

std::string popeye_twin_label(const std::vector<Twin>& twins, std::size_t index, Language language,
                              const std::string& zero_position_fen) {
  if (index == 0 && zero_position_fen.empty()) return "a) ";
  DescriptionWords words(twins[index].description, language);
  const TwinText text = read_twin(words, twins[index].where);
  const std::string& base = !zero_position_fen.empty() ? zero_position_fen : twins[0].fen;
  LabelWriter writer(text.continued ? twins[index - 1].fen : base, language);
  for (const auto& op : text.operations) writer.apply(op);
  return fmt::format("{}{}) {}", text.continued ? "+" : "", twins[index].label, writer.text());
}

}  // namespace arbiter::problem::popeye
