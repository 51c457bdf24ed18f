#include "host/irc/channel_work.hpp"

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>

#include <algorithm>
#include <thread>

namespace cherries::irc {

std::size_t channel_threads() { return std::max(2u, std::thread::hardware_concurrency()); }

struct ChannelPool::Impl {
    Impl(std::function<void(std::function<void()>)> post, std::size_t threads) : post_to_loop(std::move(post)), threads(threads), pool(threads) {}
    std::function<void(std::function<void()>)> post_to_loop;
    std::size_t threads;
    boost::asio::thread_pool pool;
    bool joined = false;
};

ChannelPool::ChannelPool(std::function<void(std::function<void()>)> post_to_loop, std::size_t threads)
    : impl_(std::make_unique<Impl>(std::move(post_to_loop), std::max<std::size_t>(1, threads))) {}

ChannelPool::~ChannelPool() { join(); }

void ChannelPool::run(const std::string&, std::function<void()> job, std::function<void()> done) {
    if (impl_->joined) return;  // stopping: nothing new starts
    // The job holds what it works on (the channel's game, by shared_ptr); the result comes back
    // to the loop as a message. post_to_loop outlives the pool (the pool is joined first).
    boost::asio::post(impl_->pool, [impl = impl_.get(), job = std::move(job), done = std::move(done)]() mutable {
        job();
        impl->post_to_loop(std::move(done));
    });
}

std::size_t ChannelPool::threads() const { return impl_->threads; }

void ChannelPool::join() {
    if (impl_->joined) return;
    impl_->joined = true;
    impl_->pool.join();
}

}  // namespace cherries::irc
