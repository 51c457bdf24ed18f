// Where CherryBot runs each channel's game work (docs/irc.md, "Channel work, off the connection
// thread"): the ChannelGame calls that run plugins, bots, the engine and the store's writes.
// Client decides what runs and keeps one piece of work per channel at a time (as on a strand);
// an executor only says where a job runs and brings `done` back to the loop. `cherries irc`
// uses ChannelPool (a worker pool); the sans-IO tests use InlineChannelWork (at once, on the
// caller's thread) or an executor of their own that holds a channel's jobs.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

namespace cherries::irc {

/// What may wait for one busy channel (Client): past it, a player's command is not read and the
/// player is told "the table is busy with 32 earlier requests; ...", once while it stays busy.
inline constexpr std::size_t kMaxChannelWaiting = 32;

/// Runs channel jobs somewhere and delivers their results on the loop thread.
class ChannelExecutor {
public:
    virtual ~ChannelExecutor() = default;
    /// Runs `job` (on a worker, or at once), then `done` on the loop thread (the thread that
    /// drives the Client). `channel` is the folded channel name, for an executor that holds one
    /// channel's work (tests). Called on the loop thread only; the Client never gives a channel
    /// a second job before the first one's `done` ran. `job` must not throw (Client's jobs
    /// catch); `done` runs even when the executor is being stopped only if the loop still runs.
    virtual void run(const std::string& channel, std::function<void()> job, std::function<void()> done) = 0;
    /// Waits until no job runs any more (shutdown: the work in flight finishes, nothing new
    /// starts). Their `done` may still be delivered to the loop afterwards. Loop thread only.
    virtual void join() {}
};

/// Runs each job and then its `done` at once, on the caller's thread: deterministic, for the
/// sans-IO Client tests (and the Client's default).
class InlineChannelWork final : public ChannelExecutor {
public:
    void run(const std::string&, std::function<void()> job, std::function<void()> done) override {
        job();
        done();
    }
};

/// How many workers ChannelPool starts by default: one per core, at least 2.
std::size_t channel_threads();

/// The worker pool of `cherries irc` (an asio::thread_pool of `threads` threads). Each `done` is
/// handed to `post_to_loop`, which must queue it on the loop thread (the connection's
/// io_context) and may be called from any worker. The destructor joins the pool.
class ChannelPool final : public ChannelExecutor {
public:
    explicit ChannelPool(std::function<void(std::function<void()>)> post_to_loop, std::size_t threads = channel_threads());
    ~ChannelPool() override;
    ChannelPool(const ChannelPool&) = delete;
    ChannelPool& operator=(const ChannelPool&) = delete;
    void run(const std::string& channel, std::function<void()> job, std::function<void()> done) override;
    /// Waits for the jobs in flight and the ones given to the pool; no job starts after it.
    void join() override;
    /// The number of worker threads.
    std::size_t threads() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace cherries::irc
