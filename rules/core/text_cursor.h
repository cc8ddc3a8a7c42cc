#pragma once
// Reading text a character at a time while knowing where we are: every reader (PGN, problem
// files) reports errors by file, line and column, so they share this cursor.

#include <string>
#include <string_view>

#include "rules/core/parse_error.h"

namespace arbiter {

class TextCursor {
 public:
  // Skips a UTF-8 byte order mark, which some exporters write.
  TextCursor(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {
    if (text_.starts_with("\xEF\xBB\xBF")) pos_ = 3;
  }

  bool at_end() const { return pos_ >= text_.size(); }
  char peek(std::size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
  void advance() {
    if (text_[pos_++] == '\n') {
      ++line_;
      column_ = 1;
    } else {
      ++column_;
    }
  }
  SourceLocation here() const { return {file_, line_, column_}; }
  int column() const { return column_; }

  std::size_t offset() const { return pos_; }
  std::string_view since(std::size_t start) const { return text_.substr(start, pos_ - start); }
  std::string_view rest() const { return text_.substr(pos_); }

  // Look-ahead: remember a place and come back to it.
  struct Mark {
    std::size_t pos;
    int line, column;
  };
  Mark mark() const { return {pos_, line_, column_}; }
  void reset(const Mark& m) {
    pos_ = m.pos;
    line_ = m.line;
    column_ = m.column;
  }

  static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

 private:
  std::string_view text_;
  std::string file_;
  std::size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

}  // namespace arbiter
