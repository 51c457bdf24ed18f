// `cherries serve`: HTTP and WebSocket (Boost.Beast) on one Boost.Asio io_context, one thread.
// The lobby's API, the page's files, card faces, and each table's WebSocket (docs/web.md).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "host/hosted/clock.hpp"
#include "host/web/lobby.hpp"
#include "host/push/sender.hpp"
#include "host/web/serve_config.hpp"

namespace cherries::web {

/// One line for the operator's log (stderr in `cherries serve`).
using ServerLog = std::function<void(const std::string&)>;

/// The server. Binds in the constructor (so port() is known before run()); run() serves until
/// stop(), SIGTERM or SIGINT, then saves every table, closes every socket and returns.
class Server {
public:
    /// Throws std::runtime_error "cannot listen on HOST:PORT: why" when it cannot bind, and what
    /// opening the database throws. `clock`: every time the server asks (turn clocks, the bot
    /// pace, the store retry, the sweep, rate limits, the store's times); null: the system's.
    Server(ServeConfig config, Pictures pictures, ServerLog log, std::shared_ptr<const host::Clock> clock = nullptr);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    /// The port it listens on (the one picked when the config said 0).
    std::uint16_t port() const;
    /// Serves until stopped. `signals`: stop on SIGTERM and SIGINT too.
    void run(bool signals = true);
    /// Asks run() to save, close and return; safe from any thread.
    void stop();
    /// Asks run() to act on everything due at the clock's now (a test stepped its ManualClock):
    /// turn timeouts, bot paces, the store retry, the sweep. Safe from any thread.
    void wake();
    /// Every write of the store goes through `fault` first (host::GameStore::set_write_fault):
    /// tests make the database full or read-only with it. Call before run(); `fault` runs on the
    /// server's thread. Nothing without a database.
    void set_store_write_fault(std::function<void()> fault);
    /// Tests only: `hold` runs on a table worker before each piece of a table's work (its id),
    /// so a test can hold one table's plugin work and show every other table goes on. Call
    /// before run(); release what it holds before stop() (stop waits for the work in flight).
    void set_before_table_work(std::function<void(const std::string& table_id)> hold);
    /// Tests only: how pushes and webhooks reach the network (a loopback endpoint, the test's own
    /// certificate). Call before run().
    void set_push_options_for_tests(push::SendOptions options);

    /// The insides (host/web/server_impl.hpp), named here for the server's own files only.
    struct Impl;

private:
    std::shared_ptr<Impl> impl_;
};

}  // namespace cherries::web
