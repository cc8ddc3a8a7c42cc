#include "solver/stipulation/target.h"

#include "rules/core/fen.h"

namespace arbiter {

std::string Target::symbol() const {
  switch (kind) {
    case Mate: return "#";
    case Stalemate: return "=";
    case DoubleStalemate: return "==";
    case MateOrStalemate: return "#=";
    case Check: return "+";
    case Capture: return "x";
    case Square: {
      std::string out = "z";  // appended, not concatenated: GCC 12 warns falsely on "z" + string
      if (square != NoSquare) out += square_name(square);
      return out;
    }
    case Castling: return "00";
    case EnPassant: return "ep";
    case AnyMove: return "~";
    case Chess81: return "c81";
    case AutoMate: return "!#";
    case AutoStalemate: return "!=";
    case DoubleMate: return "##";
    case CounterMate: return "##!";
    case Circuit: return "ct";
    case Exchange: return "<>";
    case Kiss: {
      std::string out = "k";
      if (square != NoSquare) out += square_name(square);
      return out;
    }
  }
  return "#";
}

std::string Target::name() const {
  switch (kind) {
    case Mate: return "mate";
    case Stalemate: return "stalemate";
    case DoubleStalemate: return "double stalemate";
    case MateOrStalemate: return "mate or stalemate";
    case Check: return "check";
    case Capture: return "capture";
    case Square: {
      std::string out = "reaching ";
      out += square == NoSquare ? std::string("a square") : square_name(square);
      return out;
    }
    case Castling: return "castling";
    case EnPassant: return "en passant capture";
    case AnyMove: return "any move";
    case Chess81: return "reaching the last rank";
    case AutoMate: return "auto-mate";
    case AutoStalemate: return "auto-stalemate";
    case DoubleMate: return "double mate";
    case CounterMate: return "counter-mate";
    case Circuit: return "circuit";
    case Exchange: return "exchange";
    case Kiss: {
      std::string out = "kiss of the man from ";
      out += square == NoSquare ? std::string("a square") : square_name(square);
      return out;
    }
  }
  return "mate";
}

std::optional<Target> target_of(std::string_view goal, std::string_view square) {
  Target t;
  if (goal == "#") t.kind = Target::Mate;
  else if (goal == "=") t.kind = Target::Stalemate;
  else if (goal == "==") t.kind = Target::DoubleStalemate;
  else if (goal == "#=") t.kind = Target::MateOrStalemate;
  else if (goal == "+") t.kind = Target::Check;
  else if (goal == "x") t.kind = Target::Capture;
  else if (goal == "00") t.kind = Target::Castling;
  else if (goal == "ep") t.kind = Target::EnPassant;
  else if (goal == "~") t.kind = Target::AnyMove;
  else if (goal == "c81") t.kind = Target::Chess81;
  else if (goal == "!#") t.kind = Target::AutoMate;
  else if (goal == "!=") t.kind = Target::AutoStalemate;
  else if (goal == "##") t.kind = Target::DoubleMate;
  else if (goal == "##!") t.kind = Target::CounterMate;
  else if (goal == "ct") t.kind = Target::Circuit;
  else if (goal == "<>") t.kind = Target::Exchange;
  else if (goal == "k") {
    t.kind = Target::Kiss;
    t.square = parse_square(square);
    if (t.square == NoSquare) return std::nullopt;
  } else if (goal == "z") {
    t.kind = Target::Square;
    t.square = parse_square(square);
    if (t.square == NoSquare) return std::nullopt;
  } else {
    return std::nullopt;
  }
  return t;
}

}  // namespace arbiter
