#pragma once
// The batch's progress on a terminal: problems done out of the total, the rate, the time left
// and the verdicts so far, rewritten in place on stderr (at most five times a second).

#include <chrono>
#include <map>
#include <string>

namespace arbiter::batch {

class ProgressLine {
 public:
  ProgressLine(bool enabled, int total);
  void update(int done, const std::map<std::string, int>& verdicts);  // after each job
  void close();                                                       // ends the line

  // "120/470 files, 45.2/s, 0:07 left: 100 confirmed, 3 unsound" (tested alone).
  static std::string text(int done, int total, double seconds, const std::map<std::string, int>& verdicts);

 private:
  bool enabled_;
  int total_;
  std::chrono::steady_clock::time_point start_, shown_;
  bool any_ = false;
};

}  // namespace arbiter::batch
