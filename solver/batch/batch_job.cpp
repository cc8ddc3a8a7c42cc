#include "solver/batch/batch_job.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <regex>

#include <fmt/format.h>

#include "solver/regress/puzzle_run.h"
#include "solver/text_file.h"

namespace arbiter::batch {

std::string content_hash(const std::string& bytes) {
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a, 64 bits: a change detector, not a signature
  for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
  return fmt::format("fnv1a64:{:016x}:{}", h, bytes.size());
}

namespace {

// The moves a stipulation allows ("#3" -> 3, "h#2.5" -> 2.5, "s#4" -> 4), and whether both
// sides' moves are searched in full (help play) or the defence is. Plain searches, no regex
// over the whole text: a game record may be megabytes long.
double stipulated_moves(const std::string& text, bool& help) {
  std::size_t at = text.find("[Stipulation \"");
  if (at != std::string::npos) at += 14;
  else if ((at = text.find("stipulation ")) != std::string::npos) at += 12;
  else return 0;
  static const std::regex stipulation(R"(^\s*([A-Za-z]*)[#=](\d+(?:\.5)?))");
  const std::string window = text.substr(at, 40);
  std::smatch m;
  if (!std::regex_search(window, m, stipulation)) return 0;
  help = !m[1].str().empty() && std::tolower(static_cast<unsigned char>(m[1].str()[0])) == 'h';
  return std::stod(m[2].str());
}

// The number of men: a FEN's piece letters, or a Popeye `pieces` block's squares.
int men(const std::string& text) {
  if (const auto at = text.find("[FEN \""); at != std::string::npos) {
    const auto end = text.find_first_of(" \"", at + 6);
    return int(std::count_if(text.begin() + long(at + 6), end == std::string::npos ? text.end() : text.begin() + long(end),
                             [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }));
  }
  const auto begin = text.find("pieces");
  if (begin == std::string::npos) return 0;
  const auto end = text.find("stipulation", begin);
  const std::string block = text.substr(begin, std::min<std::size_t>(end == std::string::npos ? 2000 : end - begin, 2000));
  static const std::regex square(R"(\b[kqrbsnp]?[a-h][1-8]\b)", std::regex::icase);
  return int(std::distance(std::sregex_iterator(block.begin(), block.end(), square), std::sregex_iterator()));
}

int count_of(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

double expected_seconds_of(const std::string& text) {
  bool help = false;
  const double moves = stipulated_moves(text, help);
  if (moves == 0) return 5e-5 + 4e-6 * double(std::count(text.begin(), text.end(), '.'));  // a game record
  const double plies = help ? 2 * moves : 2 * moves - 1;
  const double branching = std::max(2.0, 1.5 * std::sqrt(double(std::max(men(text), 2))));
  return 1e-4 * std::pow(branching, plies);
}

std::vector<std::size_t> next_parcel(const std::vector<BatchJob>& jobs, std::size_t& next) {
  std::vector<std::size_t> parcel{next++};
  double expected = jobs[parcel[0]].expected_seconds;
  while (next < jobs.size() && parcel.size() < ParcelFiles && expected + jobs[next].expected_seconds < ParcelSeconds) {
    expected += jobs[next].expected_seconds;
    parcel.push_back(next++);
  }
  return parcel;
}

std::vector<BatchJob> list_jobs(const std::vector<std::string>& paths,
                                const std::unordered_map<std::string, double>& earlier_seconds) {
  std::vector<BatchJob> jobs;
  for (const auto& file : regress::puzzle_files(paths)) {
    BatchJob job;
    job.file = std::filesystem::absolute(file).lexically_normal().string();
    std::string text;
    try {
      text = read_text_file(file);
    } catch (const std::exception&) {  // the worker reports it as an error row; the batch goes on
      text = "unreadable";
    }
    job.content_hash = content_hash(text);
    const auto earlier = earlier_seconds.find(job.file);
    job.expected_seconds = earlier != earlier_seconds.end() ? earlier->second : expected_seconds_of(text);
    job.puzzles = std::max(count_of(text, "\nnext"), count_of(text, "[Event ")) + 1;
    jobs.push_back(std::move(job));
  }
  std::sort(jobs.begin(), jobs.end(), [](const BatchJob& a, const BatchJob& b) {
    return a.expected_seconds != b.expected_seconds ? a.expected_seconds > b.expected_seconds : a.file < b.file;
  });
  return jobs;
}

}  // namespace arbiter::batch
