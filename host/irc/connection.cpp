#include "host/irc/connection.hpp"

#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <csignal>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <random>

#include "host/session/game_library.hpp"

namespace cherries::irc {

namespace {

namespace asio = boost::asio;
using ErrorCode = boost::system::error_code;
using asio::ip::tcp;
using Stream = asio::ssl::stream<tcp::socket>;
using Clock = GameClock;

class Bot {
public:
    /// `log` must be safe to call from any thread (run_bot serialises it): the channels' work
    /// logs from the workers.
    Bot(const BotConfig& config, const BotLog& log, GameLibrary& library)
        : config_(config),
          log_(log),
          // The channels' game work runs on these workers, never on this loop; each result comes
          // back here as a message, and the loop then sends what it says (after()).
          pool_(std::make_shared<ChannelPool>([this](std::function<void()> done) {
              asio::post(io_, [this, done = std::move(done)] {
                  done();
                  after();
              });
          })),
          client_(client_options(config, log), library, Clock::now(), pool_) {
        if (config_.server.tls) {
            if (config_.server.tls_verify) {
                tls_.set_default_verify_paths();
                tls_.set_verify_mode(asio::ssl::verify_peer);
            } else {
                tls_.set_verify_mode(asio::ssl::verify_none);
            }
        }
    }

    void run() {
        signals_.async_wait([this](const ErrorCode& ec, int signal) {
            if (!ec) stop(signal == SIGINT ? "stopping on SIGINT" : "stopping on SIGTERM");
        });
        log_(fmt::format("channel games run on {} worker threads, one piece of work per channel at a time", pool_->threads()));
        connect();
        io_.run();
    }

    /// The work in flight finishes before the games go (each stores its own change).
    ~Bot() { pool_->join(); }

    /// True when the bot stopped because it cannot go on (Client::gave_up()).
    bool failed() const { return failed_; }

    BotStats stats() const {
        BotStats s = stats_;
        s.malformed_lines = malformed_before_ + client_.malformed();
        return s;
    }

private:
    static ClientOptions client_options(const BotConfig& config, const BotLog& log) {
        ClientOptions o = config.client;
        o.game.log = log;  // the channel games' details for the operator
        if (config.flood_off) o.flood = {.burst = 1'000'000, .interval = std::chrono::milliseconds(1), .max_queue = 100'000};
        return o;
    }

    // Runs `f` on the byte stream: the TLS stream, or the bare socket under it.
    template <class F>
    void on_stream(const std::shared_ptr<Stream>& s, F&& f) {
        if (config_.server.tls) f(*s);
        else f(s->next_layer());
    }

    void connect() {
        const std::uint64_t gen = ++generation_;
        stream_ = std::make_shared<Stream>(io_, tls_);
        auto s = stream_;
        log_(fmt::format("connecting to {}:{}{}", config_.server.host, config_.server.port, config_.server.tls ? " (TLS)" : ""));
        resolver_.async_resolve(config_.server.host, std::to_string(config_.server.port),
                                [this, gen, s](const ErrorCode& ec, tcp::resolver::results_type results) {
            if (gen != generation_) return;
            if (ec) return lost(gen, "cannot resolve " + config_.server.host + ": " + ec.message());
            asio::async_connect(s->next_layer(), results, [this, gen, s](const ErrorCode& ec, const tcp::endpoint&) {
                if (gen != generation_) return;
                if (ec) return lost(gen, "cannot connect: " + ec.message());
                // Lines are small and answer someone: no Nagle delay (40 ms with delayed ACKs).
                ErrorCode ignored;
                s->next_layer().set_option(tcp::no_delay(true), ignored);
                if (!config_.server.tls) return connected(gen);
                SSL_set_tlsext_host_name(s->native_handle(), config_.server.host.c_str());
                if (config_.server.tls_verify) s->set_verify_callback(asio::ssl::host_name_verification(config_.server.host));
                s->async_handshake(Stream::client, [this, gen](const ErrorCode& ec) {
                    if (gen != generation_) return;
                    if (ec) return lost(gen, "TLS handshake failed: " + ec.message());
                    connected(gen);
                });
            });
        });
    }

    void connected(std::uint64_t gen) {
        connected_ = true;
        ++stats_.connections;
        last_read_ = Clock::now();
        ping_sent_ = false;
        log_("connected; registering as " + config_.client.nick);
        client_.connect();
        read(gen);
        after();
    }

    void read(std::uint64_t gen) {
        auto s = stream_;
        auto handler = [this, gen, s](const ErrorCode& ec, std::size_t n) {
            if (gen != generation_) return;
            if (ec) return lost(gen, ec == asio::error::eof ? "the server closed the connection" : ec.message());
            feed(std::string_view(buffer_.data(), n));
            if (gen != generation_) return;  // a line made us stop
            if (!client_.gave_up().empty() && !stopping_) {  // no nick the server takes: nothing to retry
                failed_ = true;
                stop("stopping: no usable nick");
            }
            read(gen);
            after();
        };
        on_stream(s, [&](auto& stream) { stream.async_read_some(asio::buffer(buffer_), handler); });
    }

    // Cuts what arrived into lines; a line over kMaxReadLine is dropped up to its end.
    void feed(std::string_view bytes) {
        last_read_ = Clock::now();
        ping_sent_ = false;
        while (!bytes.empty()) {
            const std::size_t eol = bytes.find('\n');
            const std::string_view piece = bytes.substr(0, eol);
            if (!discarding_) pending_.append(piece);
            if (pending_.size() > kMaxReadLine + 1) {  // + 1: the CR before LF
                pending_.clear();
                discarding_ = true;
            }
            if (eol == std::string_view::npos) break;
            bytes.remove_prefix(eol + 1);
            if (discarding_) {
                discarding_ = false;
                ++stats_.overlong_lines;
                log_(fmt::format("dropped a line longer than {} bytes from the server ({} so far)", kMaxReadLine,
                                 stats_.overlong_lines));
                continue;
            }
            if (!pending_.empty() && pending_.back() == '\r') pending_.pop_back();
            if (!pending_.empty()) client_.receive(pending_, Clock::now());
            pending_.clear();
        }
    }

    // After anything happened: time passes for the games, lines go out, the timer is set.
    void after() {
        const auto now = Clock::now();
        client_.tick(now);
        if (client_.registered() && !was_registered_) {
            log_("registered as " + client_.nick() + (client_.sasl_state().empty() ? "" : "; SASL: " + client_.sasl_state()));
            attempt_ = 0;
        }
        was_registered_ = client_.registered();
        if (connected_) {
            for (auto& line : client_.outgoing(now)) queued_ += line + "\r\n";
            write();
        }
        arm(now);
    }

    void write() {
        if (writing_ || queued_.empty() || !connected_) return;
        writing_ = true;
        auto data = std::make_shared<std::string>(std::move(queued_));
        queued_.clear();
        const std::uint64_t gen = generation_;
        auto s = stream_;
        auto handler = [this, gen, s, data](const ErrorCode& ec, std::size_t) {
            if (gen != generation_) return;
            writing_ = false;
            if (ec) return lost(gen, "cannot write: " + ec.message());
            if (!queued_.empty()) return write();
            client_.written(Clock::now());  // all handed out is on the wire: a prompt's clock starts now
            if (stopping_) finish();
        };
        on_stream(s, [&](auto& stream) { asio::async_write(stream, asio::buffer(*data), handler); });
    }

    void arm(Clock::time_point now) {
        std::optional<Clock::time_point> at = client_.next_wakeup();
        if (connected_) {
            const auto check = last_read_ + config_.server.ping_timeout * (ping_sent_ ? 2 : 1);
            if (!at || check < *at) at = check;
        }
        if (!at) at = now + std::chrono::hours(1);
        timer_.expires_at(std::max(*at, now));
        timer_.async_wait([this](const ErrorCode& ec) {
            if (ec) return;  // re-armed or stopped
            const auto now = Clock::now();
            if (connected_ && now - last_read_ >= config_.server.ping_timeout * 2) {
                return lost(generation_, "no reply from the server for " + seconds_text(config_.server.ping_timeout * 2));
            }
            if (connected_ && !ping_sent_ && now - last_read_ >= config_.server.ping_timeout) {
                ping_sent_ = true;  // the dead-link check: the server must answer within as long again
                queued_ += "PING :cherries\r\n";
            }
            after();
        });
    }

    void lost(std::uint64_t gen, const std::string& why) {
        if (gen != generation_) return;
        ++generation_;  // every handler of this connection is now stale
        close();
        if (stopping_) return io_.stop();
        malformed_before_ += client_.malformed();
        client_.disconnected();
        const auto first = config_.server.reconnect_delay;
        const auto cap = config_.server.reconnect_max;
        auto wait = first;
        for (unsigned i = 0; i < attempt_ && wait < cap; ++i) wait *= 2;
        wait = std::min(wait, cap);
        ++attempt_;
        std::uniform_real_distribution<double> factor(0.5, 1.0);
        const auto jittered = std::chrono::milliseconds(static_cast<std::int64_t>(
            std::chrono::duration<double, std::milli>(wait).count() * factor(random_)));
        log_(fmt::format("lost the server ({}); reconnecting in {:.2f} s", why, jittered.count() / 1000.0));
        retry_.expires_after(jittered);
        retry_.async_wait([this](const ErrorCode& ec) {
            if (!ec && !stopping_) connect();
        });
        arm(Clock::now());
    }

    void close() {
        connected_ = false;
        writing_ = false;
        queued_.clear();
        pending_.clear();
        discarding_ = false;
        if (stream_) {
            ErrorCode ignored;
            stream_->next_layer().close(ignored);
        }
    }

    void stop(const std::string& why) {
        log_(why);
        stopping_ = true;
        retry_.cancel();
        // Nothing new starts; the work in flight finishes (a plugin's call is bounded by its
        // budget) and has stored its change when join returns: then the QUIT.
        client_.stop_work();
        pool_->join();
        if (!connected_) {
            close();
            return io_.stop();
        }
        client_.quit(failed_ ? "CherryBot has no usable nick" : "CherryBot stops");
        for (auto& line : client_.outgoing(Clock::now())) queued_ += line + "\r\n";
        // The QUIT is the first line out; what cannot go within 3 s is given up.
        deadline_.expires_after(std::chrono::seconds(3));
        deadline_.async_wait([this](const ErrorCode& ec) {
            if (!ec) finish();
        });
        if (!writing_) write();
    }

    void finish() {
        ++generation_;
        close();
        io_.stop();
    }

    const BotConfig& config_;
    const BotLog& log_;
    asio::io_context io_;
    asio::ssl::context tls_{asio::ssl::context::tls_client};
    tcp::resolver resolver_{io_};
    asio::steady_timer timer_{io_}, retry_{io_}, deadline_{io_};
    asio::signal_set signals_{io_, SIGINT, SIGTERM};
    std::shared_ptr<Stream> stream_;
    std::shared_ptr<ChannelPool> pool_;  // joined in ~Bot, before the client and its games go
    Client client_;
    std::array<char, 16384> buffer_{};
    std::string pending_, queued_;
    bool discarding_ = false, connected_ = false, writing_ = false, stopping_ = false, ping_sent_ = false;
    bool was_registered_ = false;
    bool failed_ = false;
    Clock::time_point last_read_{};
    std::uint64_t generation_ = 0, malformed_before_ = 0;
    unsigned attempt_ = 0;
    std::minstd_rand random_{std::random_device{}()};
    BotStats stats_;
};

}  // namespace

int run_bot(const BotConfig& config, const BotLog& log, BotStats* stats) {
    if (auto problems = check_bot_config(config); !problems.empty()) throw sdk::LoadError(problems);
    GameLibrary library(config.plugin_path);
    std::signal(SIGPIPE, SIG_IGN);
    // The channels' work logs from the workers, the connection from the loop: one line at a time.
    std::mutex log_lines;
    const BotLog locked = [&](const std::string& line) {
        const std::lock_guard lock(log_lines);
        log(line);
    };
    Bot bot(config, locked, library);
    bot.run();
    if (stats) *stats = bot.stats();
    const BotStats s = bot.stats();
    log(fmt::format("stopped after {} connection(s); {} overlong and {} malformed lines dropped", s.connections,
                    s.overlong_lines, s.malformed_lines));
    return bot.failed() ? 1 : 0;
}

}  // namespace cherries::irc
