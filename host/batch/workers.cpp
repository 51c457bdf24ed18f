#include "host/batch/workers.hpp"

#include <fmt/core.h>

#include <system_error>
#include <thread>
#include <vector>

#include "host/base/input_error.hpp"

namespace cherries::host {

void run_workers(unsigned workers, unsigned jobs, const std::function<void(unsigned)>& work, std::atomic<bool>& stop) {
    if (workers <= 1) {
        work(0);
        return;
    }
    std::vector<std::thread> threads;
    try {
        for (unsigned w = 0; w < workers; ++w) threads.emplace_back(work, w);
    } catch (const std::system_error& e) {
        // The system refused a thread: stop the ones started, then say so.
        stop = true;
        for (auto& t : threads) t.join();
        throw InputError(fmt::format("--jobs {}: cannot start worker thread {}: {}", jobs, threads.size() + 1, e.what()));
    }
    for (auto& t : threads) t.join();
}

}  // namespace cherries::host
