#include "solver/studio/jobs.h"

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

namespace arbiter::studio {

namespace fs = std::filesystem;

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

constexpr auto KillAfter = std::chrono::seconds(5);

}  // namespace

const char* state_name(JobState s) {
  switch (s) {
    case JobState::Running: return "running";
    case JobState::Finished: return "finished";
    case JobState::Cancelled: return "cancelled";
    case JobState::Failed: return "failed";
  }
  return "?";
}

nlohmann::ordered_json job_json(const JobSnapshot& job) {
  nlohmann::ordered_json j{{"id", job.id},
                           {"kind", job.kind},
                           {"state", state_name(job.state)},
                           {"progress", {{"done", job.progress.done}, {"total", job.progress.total}, {"what", job.progress.what}}}};
  if (job.state == JobState::Running) return j;
  j["exit_status"] = job.exit_status;
  // The command's own JSON when it printed one; its text otherwise (a usage error).
  auto result = nlohmann::ordered_json::parse(job.output, nullptr, false);
  j["result"] = result.is_discarded() ? nlohmann::ordered_json(nullptr) : result;
  if (result.is_discarded() && !job.output.empty()) j["output"] = job.output;
  j["error"] = job.errors;
  j["certificate"] = job.certificate;
  return j;
}

struct JobManager::Job {
  JobSnapshot snapshot;
  std::string folder, out_file, err_file, certificate_file;
  std::unique_ptr<JobProcess> process;
  std::optional<std::chrono::steady_clock::time_point> cancelled_at;
};

JobManager::JobManager(std::string root, std::string program, int max_running)
    : root_(std::move(root)), program_(std::move(program)), max_running_(max_running) {
  fs::create_directories(root_);
}

JobManager::~JobManager() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
    for (auto& [id, job] : jobs_)
      if (job->process && job->snapshot.state == JobState::Running) {
        job->process->interrupt();
        job->cancelled_at = std::chrono::steady_clock::now() - KillAfter;  // killed at the next look
      }
  }
  for (auto& t : watchers_) t.join();
}

std::string JobManager::reserve(std::string* folder) {
  std::lock_guard lock(mutex_);
  const std::string id = fmt::format("j{}", next_id_++);
  *folder = (fs::path(root_) / id).string();
  fs::remove_all(*folder);  // a folder left by an earlier server run of the same state
  fs::create_directories(*folder);
  return id;
}

int JobManager::running() const {
  std::lock_guard lock(mutex_);
  int n = 0;
  for (const auto& [id, job] : jobs_) n += job->snapshot.state == JobState::Running;
  return n;
}

void JobManager::start(const std::string& id, const std::string& kind, const std::vector<std::string>& args,
                       const std::string& certificate_file) {
  auto job = std::make_shared<Job>();
  job->snapshot.id = id;
  job->snapshot.kind = kind;
  job->folder = (fs::path(root_) / id).string();
  job->out_file = job->folder + "/stdout.txt";
  job->err_file = job->folder + "/stderr.txt";
  job->certificate_file = certificate_file;
  std::lock_guard lock(mutex_);
  int running = 0;
  for (const auto& [other, j] : jobs_) running += j->snapshot.state == JobState::Running;
  if (running >= max_running_)
    throw TooManyJobs(fmt::format("{} jobs are running, the most this server runs at once (--max-jobs): cancel one or wait", running));
  job->process = std::make_unique<JobProcess>(program_, args, job->out_file, job->err_file);
  jobs_[id] = job;
  watchers_.emplace_back([this, job] { watch(job); });
}

void JobManager::watch(std::shared_ptr<Job> job) {
  const int status = job->process->wait(
      [&](const JobProgress& p) {
        std::lock_guard lock(mutex_);
        job->snapshot.progress = p;
        ++job->snapshot.version;
        changed_.notify_all();
      },
      [&] {
        std::lock_guard lock(mutex_);
        return job->cancelled_at && std::chrono::steady_clock::now() - *job->cancelled_at >= KillAfter;
      });
  std::string output = read_all(job->out_file), errors = read_all(job->err_file);
  const bool certificate = !job->certificate_file.empty() && fs::exists(job->certificate_file);
  std::lock_guard lock(mutex_);
  auto& s = job->snapshot;
  s.exit_status = status;
  s.output = std::move(output);
  s.errors = std::move(errors);
  s.certificate = certificate;
  // Exit statuses as the command line's: 0, 1 (a claim is false) and 3 (unknown) are answers.
  s.state = job->cancelled_at ? JobState::Cancelled : (status == 0 || status == 1 || status == 3) ? JobState::Finished : JobState::Failed;
  ++s.version;
  changed_.notify_all();
}

std::optional<JobSnapshot> JobManager::get(const std::string& id) const {
  std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  if (it == jobs_.end()) return std::nullopt;
  return it->second->snapshot;
}

std::optional<JobSnapshot> JobManager::wait_change(const std::string& id, std::uint64_t seen,
                                                   std::chrono::milliseconds timeout) const {
  std::unique_lock lock(mutex_);
  const auto it = jobs_.find(id);
  if (it == jobs_.end()) return std::nullopt;
  const auto job = it->second;
  changed_.wait_for(lock, timeout, [&] { return job->snapshot.version != seen || closing_; });
  return job->snapshot;
}

bool JobManager::cancel(const std::string& id) {
  std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  if (it == jobs_.end()) return false;
  auto& job = *it->second;
  if (job.snapshot.state == JobState::Running && !job.cancelled_at) {
    job.cancelled_at = std::chrono::steady_clock::now();
    job.process->interrupt();
  }
  return true;
}

std::optional<std::string> JobManager::certificate_file(const std::string& id) const {
  std::lock_guard lock(mutex_);
  const auto it = jobs_.find(id);
  if (it == jobs_.end() || !it->second->snapshot.certificate) return std::nullopt;
  return it->second->certificate_file;
}

}  // namespace arbiter::studio
