// Runs a batch of games on worker threads: the one thread pool sim and report share.
#pragma once

#include <atomic>
#include <functional>

namespace cherries::host {

/// Calls work(w) for w in 0..workers-1, each on its own thread (workers == 1: on this thread),
/// and waits for all. `work` must catch what it throws (and may store it to rethrow after).
/// Throws InputError naming `--jobs jobs` when the system refuses a thread, after setting
/// `stop` and joining the threads already started (never std::terminate).
void run_workers(unsigned workers, unsigned jobs, const std::function<void(unsigned)>& work, std::atomic<bool>& stop);

}  // namespace cherries::host
