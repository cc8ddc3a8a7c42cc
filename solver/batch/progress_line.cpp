#include "solver/batch/progress_line.h"

#include <cstdio>

#include <fmt/format.h>

namespace arbiter::batch {

ProgressLine::ProgressLine(bool enabled, int total)
    : enabled_(enabled), total_(total), start_(std::chrono::steady_clock::now()), shown_(start_) {}

std::string ProgressLine::text(int done, int total, double seconds, const std::map<std::string, int>& verdicts) {
  std::string line = fmt::format("{}/{} files", done, total);
  if (seconds > 0 && done > 0) {
    const double rate = done / seconds;
    const auto left = long((total - done) / rate + 0.5);
    line += fmt::format(", {:.1f}/s, {}:{:02d}:{:02d} left", rate, left / 3600, left / 60 % 60, left % 60);
  }
  const char* separator = ": ";
  for (const auto& [verdict, count] : verdicts) {
    line += fmt::format("{}{} {}", separator, count, verdict);
    separator = ", ";
  }
  return line;
}

void ProgressLine::update(int done, const std::map<std::string, int>& verdicts) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (done < total_ && now - shown_ < std::chrono::milliseconds(200)) return;
  shown_ = now;
  any_ = true;
  const std::string line = text(done, total_, std::chrono::duration<double>(now - start_).count(), verdicts);
  std::fprintf(stderr, "\r\033[Kbatch: %s", line.c_str());
  std::fflush(stderr);
}

void ProgressLine::close() {
  if (enabled_ && any_) std::fputc('\n', stderr);
  any_ = false;
}

}  // namespace arbiter::batch
