#include "host/push/sender.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <charconv>

#include "host/base/input_error.hpp"

namespace cherries::push {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;
using boost::system::error_code;

constexpr std::size_t kHeaderLimit = 8 * 1024;

// Starts one asynchronous operation with `start(handler)` and runs the io_context until it and
// everything it started are done: the steps of a push one after the other, each bounded by the
// stream's own expiry, on the caller's thread.
template <class Start>
error_code run_step(asio::io_context& ioc, Start start) {
    error_code result = asio::error::would_block;
    start([&result](error_code ec, auto&&...) { result = ec; });
    ioc.restart();
    ioc.run();
    return result;
}

std::string millis(std::chrono::milliseconds ms) { return std::to_string(ms.count()) + " ms"; }

PushOutcome unreachable(const std::string& words) { return {PushResult::unreachable, 0, words, std::nullopt}; }

std::string step_failure(const char* step, const error_code& ec, std::chrono::milliseconds limit) {
    if (ec == beast::error::timeout || ec == asio::error::operation_aborted)
        return std::string(step) + ": no answer within " + millis(limit) + "; try again later";
    return std::string(step) + " failed: " + ec.message();
}

std::optional<std::chrono::seconds> retry_after_of(std::string_view value) {
    long long seconds = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seconds);
    if (ec != std::errc() || end != value.data() + value.size() || seconds < 0) return std::nullopt;  // an HTTP-date: not read
    return std::chrono::seconds(std::min<long long>(seconds, 7 * 24 * 3600));
}

}  // namespace

const char* urgency_name(Urgency urgency) {
    switch (urgency) {
    case Urgency::very_low: return "very-low";
    case Urgency::low: return "low";
    case Urgency::normal: return "normal";
    case Urgency::high: return "high";
    }
    return "normal";
}

PushRequest build_push_request(const Subscription& subscription, const PushMessage& message, const VapidKeys& keys,
                               std::string_view subject, std::int64_t now_unix, std::chrono::seconds lifetime,
                               const EncryptionSecrets& secrets) {
    check_topic(message.topic);
    if (message.ttl.count() < 0 || message.ttl > kMaxTtl)
        throw host::InputError("TTL: " + std::to_string(message.ttl.count()) + " s; expected 0 to " +
                               std::to_string(kMaxTtl.count()) + " s (28 days; RFC 8030 Section 5.2)");
    PushRequest r;
    r.target = subscription.endpoint.target;
    r.body = encrypt_message(subscription.p256dh, subscription.auth, message.payload, secrets);
    const Endpoint& e = subscription.endpoint;
    std::string host = e.origin().substr(8);  // Host: host[:port] as in the origin
    r.headers = {{"Host", host},
                 {"TTL", std::to_string(message.ttl.count())},
                 {"Urgency", urgency_name(message.urgency)}};
    if (!message.topic.empty()) r.headers.emplace_back("Topic", message.topic);
    r.headers.emplace_back("Content-Encoding", "aes128gcm");
    r.headers.emplace_back("Content-Type", "application/octet-stream");
    r.headers.emplace_back("Content-Length", std::to_string(r.body.size()));
    r.headers.emplace_back("Authorization", vapid_authorization(keys, e, subject, now_unix, lifetime));
    return r;
}

PushOutcome outcome_of_status(int status, std::optional<std::chrono::seconds> retry_after) {
    const std::string code = std::to_string(status);
    const std::string wait =
        retry_after ? "wait " + std::to_string(retry_after->count()) + " s (its Retry-After)" : "wait a while";
    if (status >= 200 && status < 300)
        return {PushResult::delivered, status, "delivered: the push service took the message (" + code + ")", std::nullopt};
    switch (status) {
    case 404:
    case 410:
        return {PushResult::gone, status,
                "subscription gone (" + code + (status == 404 ? " Not Found" : " Gone") +
                    "): drop it; the browser unsubscribed or the subscription expired (RFC 8030 Section 7.3)",
                std::nullopt};
    case 413:
        return {PushResult::too_large, status,
                "message too large (413 Payload Too Large): send a shorter one; it was not delivered (RFC 8030 Section 7.2)",
                std::nullopt};
    case 429:
        return {PushResult::retry_later, status,
                "too many pushes (429 Too Many Requests): " + wait +
                    " before pushing to this service again, then send it again (RFC 8030 Section 8.4)",
                retry_after};
    case 400:
        return {PushResult::refused, status,
                "bad request (400): the push service refused a header or the body; not delivered", std::nullopt};
    case 401:
    case 403:
        return {PushResult::refused, status,
                "VAPID refused (" + code +
                    "): the token or key does not match the subscription (made with another applicationServerKey?); "
                    "not delivered: drop the subscription if it was made with another key (RFC 8292 Section 4)",
                std::nullopt};
    default: break;
    }
    if (status >= 500 && status < 600)
        return {PushResult::retry_later, status,
                "the push service failed (" + code + "): " + wait + " and send it again, waiting longer each time",
                retry_after};
    return {PushResult::refused, status, "unexpected answer " + code + " from the push service: not delivered",
            std::nullopt};
}

PushOutcome post_https(const Endpoint& e, const std::string& target, const std::vector<std::pair<std::string, std::string>>& headers,
                       const std::vector<std::uint8_t>& content, const SendOptions& options) {
    if (e.host_is_address)
        if (auto why = address_refusal(e.host, options.rules))
            throw host::InputError("endpoint: host " + e.host + " is " + *why + ", not a public address; nothing sent");

    asio::io_context ioc;
    // The addresses to try: every one must be public, so a name cannot lead the server inward.
    std::vector<tcp::endpoint> targets;
    if (e.host_is_address) {
        targets.emplace_back(asio::ip::make_address(e.host), e.port);
    } else {
        tcp::resolver resolver(ioc);
        asio::steady_timer timer(ioc, options.connect_timeout);
        error_code resolved = asio::error::would_block;
        bool timed_out = false;
        resolver.async_resolve(e.host, std::to_string(e.port), [&](error_code ec, tcp::resolver::results_type results) {
            resolved = ec;
            timer.cancel();
            if (!ec)
                for (const auto& entry : results) targets.push_back(entry.endpoint());
        });
        timer.async_wait([&](error_code ec) {
            if (!ec) {
                timed_out = true;
                resolver.cancel();
            }
        });
        ioc.run();
        if (timed_out) return unreachable("resolving " + e.host + ": no answer within " + millis(options.connect_timeout));
        if (resolved) return unreachable("resolving " + e.host + " failed: " + resolved.message());
        if (targets.empty()) return unreachable("resolving " + e.host + " gave no address");
        for (const tcp::endpoint& t : targets)
            if (auto why = address_refusal(t.address().to_string(), options.rules))
                throw host::InputError("endpoint: host " + e.host + " resolves to " + t.address().to_string() + ", " +
                                       *why + ", not a public address; nothing sent");
    }

    asio::ssl::context tls(asio::ssl::context::tls_client);
    tls.set_options(asio::ssl::context::default_workarounds | asio::ssl::context::no_sslv2 |
                    asio::ssl::context::no_sslv3 | asio::ssl::context::no_tlsv1 | asio::ssl::context::no_tlsv1_1);
    error_code ec;
    tls.set_default_verify_paths(ec);  // the system's CAs; none found leaves only the extra one
    if (!options.extra_ca_pem_for_tests.empty()) {
        tls.add_certificate_authority(asio::buffer(options.extra_ca_pem_for_tests), ec);
        if (ec) throw host::InputError("extra CA for tests: not a PEM certificate: " + ec.message());
    }
    tls.set_verify_mode(asio::ssl::verify_peer);
    beast::ssl_stream<beast::tcp_stream> stream(ioc, tls);
    if (!e.host_is_address && !SSL_set_tlsext_host_name(stream.native_handle(), e.host.c_str()))
        return unreachable("TLS: the server name " + e.host + " could not be set");
    stream.set_verify_callback(asio::ssl::host_name_verification(e.host));

    auto& tcp_stream = beast::get_lowest_layer(stream);
    tcp_stream.expires_after(options.connect_timeout);
    if (auto err = run_step(ioc, [&](auto handler) { tcp_stream.async_connect(targets, handler); }))
        return unreachable(step_failure(("connecting to " + e.host + ":" + std::to_string(e.port)).c_str(), err,
                                        options.connect_timeout));
    tcp_stream.expires_after(options.io_timeout);
    if (auto err = run_step(ioc, [&](auto handler) { stream.async_handshake(asio::ssl::stream_base::client, handler); }))
        return unreachable(step_failure(("TLS handshake with " + e.host).c_str(), err, options.io_timeout) +
                           (err == beast::error::timeout ? "" : " (is its certificate valid for the host?)"));

    http::request<http::vector_body<std::uint8_t>> req{http::verb::post, target, 11};
    for (const auto& [name, value] : headers)
        if (name != "Content-Length") req.set(name, value);
    req.body() = content;
    req.prepare_payload();
    tcp_stream.expires_after(options.io_timeout);
    if (auto err = run_step(ioc, [&](auto handler) { http::async_write(stream, req, handler); }))
        return unreachable(step_failure("sending the request", err, options.io_timeout));

    beast::flat_buffer buffer(kHeaderLimit + options.response_limit);
    http::response_parser<http::string_body> parser;
    parser.header_limit(kHeaderLimit);
    parser.body_limit(options.response_limit);
    tcp_stream.expires_after(options.io_timeout);
    const error_code read = run_step(ioc, [&](auto handler) { http::async_read(stream, buffer, parser, handler); });
    // An answer whose status line and headers came in is an answer, even if its body is cut short.
    if (read && !parser.is_header_done()) return unreachable(step_failure("reading the answer", read, options.io_timeout));
    const auto& res = parser.get();
    std::optional<std::chrono::seconds> retry_after;
    if (const auto it = res.find(http::field::retry_after); it != res.end())
        retry_after = retry_after_of(std::string_view(it->value().data(), it->value().size()));
    error_code ignored;
    tcp_stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    tcp_stream.close();
    return outcome_of_status(static_cast<int>(res.result_int()), retry_after);
}


PushOutcome send_push(const Subscription& subscription, const PushMessage& message, const VapidKeys& keys,
                      std::string_view subject, std::int64_t now_unix, const SendOptions& options) {
    const Endpoint& e = subscription.endpoint;
    if (e.host_is_address)
        if (auto why = address_refusal(e.host, options.rules))
            throw host::InputError("endpoint: host " + e.host + " is " + *why + ", not a public address; nothing sent");
    const PushRequest request =
        build_push_request(subscription, message, keys, subject, now_unix, options.token_lifetime, fresh_secrets());
    return post_https(e, request.target, request.headers, request.body, options);
}

}  // namespace cherries::push
