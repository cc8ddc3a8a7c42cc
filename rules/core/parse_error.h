#pragma once
// Every reader (FEN, SAN, PGN, problem files) reports bad input the same way: where it is
// (file, line, column) and what was expected there.

#include <stdexcept>
#include <string>

namespace arbiter {

struct SourceLocation {
  std::string file = "<input>";
  int line = 1;
  int column = 1;
  SourceLocation advanced(int columns) const { return {file, line, column + columns}; }
};

class ParseError : public std::runtime_error {
 public:
  ParseError(SourceLocation where, const std::string& message)
      : std::runtime_error(where.file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column) + ": " + message),
        where_(std::move(where)),
        message_(message) {}
  const SourceLocation& where() const { return where_; }
  const std::string& message() const { return message_; }  // without the location prefix

 private:
  SourceLocation where_;
  std::string message_;
};

}  // namespace arbiter
