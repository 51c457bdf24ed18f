// Delivery (host/push/sender): a push POSTed over HTTPS to an endpoint this test runs on
// 127.0.0.1 with a self-signed certificate, which checks the headers, verifies the VAPID token
// and decrypts the body; the push service's answers in words; bounded waits, never a sleep.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "host/base/input_error.hpp"
#include "host/push/base64url.hpp"
#include "host/push/encryption.hpp"
#include "host/push/sender.hpp"
#include "host/push/subscription.hpp"
#include "host/push/vapid.hpp"
#include "tests/host/push/push_support.hpp"

using namespace cherries;
using namespace cherries::push;

namespace {

constexpr std::int64_t kNow = 1'800'000'000;
constexpr const char* kContact = "mailto:host@cherries.invalid";

// A browser's side: its key pair and auth secret, and the subscription it would hand over.
struct Browser {
    P256KeyPair keys = p256_generate();
    AuthSecret auth{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

    Subscription subscribe(unsigned short port) const {
        return make_subscription("https://127.0.0.1:" + std::to_string(port) + "/push/v1/abc?k=1",
                                 base64url_encode(keys.public_key), base64url_encode(auth),
                                 {.allow_loopback_for_tests = true});
    }
};

SendOptions test_options(const test::PushEndpoint& endpoint) {
    SendOptions o;
    o.rules.allow_loopback_for_tests = true;
    o.extra_ca_pem_for_tests = endpoint.ca_pem();
    o.connect_timeout = std::chrono::seconds(5);
    o.io_timeout = std::chrono::seconds(5);
    return o;
}

std::string text_of(const Bytes& b) { return std::string(b.begin(), b.end()); }

}  // namespace

TEST_CASE("RFC 8030 Section 5: a push reaches an HTTPS endpoint with its headers, a VAPID token that verifies and a body that decrypts") {
    test::PushEndpoint endpoint({{201, ""}});
    const Browser browser;
    const VapidKeys keys = VapidKeys::generate();
    const std::string topic = topic_for("table 7");
    const PushMessage message{R"({"table":7,"text":"Your turn"})", std::chrono::minutes(10), Urgency::high, topic};
    const PushOutcome outcome =
        send_push(browser.subscribe(endpoint.port()), message, keys, kContact, kNow, test_options(endpoint));
    endpoint.join();
    CHECK(outcome.result == PushResult::delivered);
    CHECK(outcome.status == 201);
    CHECK(outcome.words == "delivered: the push service took the message (201)");
    REQUIRE(endpoint.received().size() == 1);
    const test::Received& got = endpoint.received()[0];
    REQUIRE(got.error.empty());
    CHECK(got.method == "POST");
    CHECK(got.target == "/push/v1/abc?k=1");
    CHECK(got.headers.at("host") == "127.0.0.1:" + std::to_string(endpoint.port()));
    CHECK(got.headers.at("ttl") == "600");                                  // RFC 8030 Section 5.2
    CHECK(got.headers.at("urgency") == "high");                             // RFC 8030 Section 5.3
    CHECK(got.headers.at("topic") == topic);                                // RFC 8030 Section 5.4
    CHECK(got.headers.at("content-encoding") == "aes128gcm");              // RFC 8291 Section 4
    CHECK(got.headers.at("content-type") == "application/octet-stream");
    CHECK(got.headers.at("content-length") == std::to_string(got.body.size()));
    // RFC 8292 Section 3: "vapid t=JWT, k=KEY"; the token verifies with k, which is our key.
    const std::string auth = got.headers.at("authorization");
    REQUIRE(auth.rfind("vapid t=", 0) == 0);
    const std::size_t comma = auth.find(", k=");
    REQUIRE(comma != std::string::npos);
    CHECK(auth.substr(comma + 4) == keys.public_key());
    const std::string jwt = auth.substr(8, comma - 8);
    const std::size_t last_dot = jwt.rfind('.');
    CHECK(test::es256_verifies(keys.pair().public_key, jwt.substr(0, last_dot),
                               base64url_decode(jwt.substr(last_dot + 1), "signature")));
    const auto claims = nlohmann::json::parse(
        text_of(base64url_decode(jwt.substr(jwt.find('.') + 1, last_dot - jwt.find('.') - 1), "claims")));
    CHECK(claims.at("aud") == "https://127.0.0.1:" + std::to_string(endpoint.port()));
    CHECK(claims.at("exp") == kNow + 12 * 3600);
    CHECK(claims.at("sub") == kContact);
    // RFC 8291 Section 3.4: the browser's key and auth secret read the message.
    CHECK(decrypt_message(got.body, browser.keys, browser.auth) == message.payload);
}

TEST_CASE("RFC 8030 Sections 7.2, 7.3 and 8.4: the push service's answers in words, with what to do") {
    test::PushEndpoint endpoint({{410, ""}, {404, ""}, {429, "120"}, {503, ""}, {413, ""}, {403, ""}});
    const Browser browser;
    const VapidKeys keys = VapidKeys::generate();
    const Subscription s = browser.subscribe(endpoint.port());
    const PushMessage message{"Your turn", std::chrono::minutes(1), Urgency::normal, ""};
    std::vector<PushOutcome> outcomes;
    for (int i = 0; i < 6; ++i) outcomes.push_back(send_push(s, message, keys, kContact, kNow, test_options(endpoint)));
    endpoint.join();
    CHECK(outcomes[0].result == PushResult::gone);
    CHECK(outcomes[0].words.find("subscription gone (410 Gone): drop it") == 0);
    CHECK(outcomes[1].result == PushResult::gone);
    CHECK(outcomes[1].words.find("subscription gone (404 Not Found): drop it") == 0);
    CHECK(outcomes[2].result == PushResult::retry_later);
    CHECK(outcomes[2].retry_after == std::chrono::seconds(120));
    CHECK(outcomes[2].words.find("wait 120 s (its Retry-After)") != std::string::npos);
    CHECK(outcomes[3].result == PushResult::retry_later);
    CHECK(outcomes[3].status == 503);
    CHECK(outcomes[4].result == PushResult::too_large);
    CHECK(outcomes[5].result == PushResult::refused);
    CHECK(outcomes[5].words.find("VAPID refused (403)") == 0);
    REQUIRE(endpoint.received().size() == 6);
    CHECK(endpoint.received()[0].headers.count("topic") == 0);  // no topic: no header
    CHECK(outcome_of_status(500).words.find("the push service failed (500)") == 0);
    CHECK(outcome_of_status(302).result == PushResult::refused);
}

TEST_CASE("RFC 8030 Section 5: an endpoint that never answers is given up after the read timeout") {
    test::PushEndpoint endpoint({{0, ""}});
    const Browser browser;
    SendOptions options = test_options(endpoint);
    options.io_timeout = std::chrono::milliseconds(300);
    const PushOutcome outcome = send_push(browser.subscribe(endpoint.port()), {"Your turn", std::chrono::minutes(1), Urgency::normal, ""},
                                          VapidKeys::generate(), kContact, kNow, options);
    endpoint.join();
    CHECK(outcome.result == PushResult::unreachable);
    CHECK(outcome.words == "reading the answer: no answer within 300 ms; try again later");
}

TEST_CASE("RFC 8030 Section 5: an endpoint whose certificate the sender does not trust gets nothing") {
    test::PushEndpoint endpoint({{201, ""}});
    const Browser browser;
    SendOptions options = test_options(endpoint);
    options.extra_ca_pem_for_tests = test::self_signed_localhost().cert_pem;  // another certificate
    const PushOutcome outcome = send_push(browser.subscribe(endpoint.port()), {"Your turn", std::chrono::minutes(1), Urgency::normal, ""},
                                          VapidKeys::generate(), kContact, kNow, options);
    endpoint.join();
    CHECK(outcome.result == PushResult::unreachable);
    CHECK(outcome.words.find("TLS handshake with 127.0.0.1 failed") == 0);
    REQUIRE(endpoint.received().size() == 1);
    CHECK(endpoint.received()[0].error.rfind("handshake", 0) == 0);
}

TEST_CASE("RFC 8030 Section 5.2 and 5.4: a bad Topic or TTL is refused before anything is sent") {
    const Browser browser;
    const Subscription s = browser.subscribe(9);  // nothing listens: nothing may be tried
    const VapidKeys keys = VapidKeys::generate();
    SendOptions options;
    options.rules.allow_loopback_for_tests = true;
    const auto refusal = [&](const PushMessage& m) -> std::string {
        try {
            send_push(s, m, keys, kContact, kNow, options);
        } catch (const host::InputError& e) {
            return e.what();
        }
        return "(nothing thrown)";
    };
    CHECK(refusal({"x", std::chrono::minutes(1), Urgency::normal, std::string(33, 'a')}) ==
          "topic: 33 characters; expected at most 32 (RFC 8030 Section 5.4)");
    CHECK(refusal({"x", std::chrono::minutes(1), Urgency::normal, "table/7"}).find("not of the base64url alphabet") !=
          std::string::npos);
    CHECK(refusal({"x", std::chrono::seconds(-1), Urgency::normal, ""}).find("TTL: -1 s; expected 0 to 2419200 s") == 0);
    CHECK(refusal({std::string(kMaxPlaintext + 1, 'x'), std::chrono::minutes(1), Urgency::normal, ""})
              .find("push message: 3994 bytes") == 0);
}

TEST_CASE("An endpoint on loopback, or a name resolving to it, is refused without the tests' option (docs/push.md, \"The endpoint rules\")") {
    const Browser browser;
    const VapidKeys keys = VapidKeys::generate();
    const PushMessage message{"Your turn", std::chrono::minutes(1), Urgency::normal, ""};
    // A subscription taken for tests, sent without the option: the address is checked again.
    const Subscription literal = browser.subscribe(9);
    try {
        send_push(literal, message, keys, kContact, kNow, {});
        FAIL("a push to 127.0.0.1 was not refused");
    } catch (const host::InputError& e) {
        CHECK(std::string(e.what()) == "endpoint: host 127.0.0.1 is a loopback address (127.0.0.0/8), not a public address; nothing sent");
    }
    // "localhost" passes as a name, and is refused by what it resolves to (the hosts file, no DNS).
    const Subscription named = make_subscription("https://localhost:9/push", base64url_encode(browser.keys.public_key),
                                                 base64url_encode(browser.auth));
    try {
        send_push(named, message, keys, kContact, kNow, {});
        FAIL("a push to localhost was not refused");
    } catch (const host::InputError& e) {
        const std::string why = e.what();
        CHECK(why.find("endpoint: host localhost resolves to ") == 0);
        CHECK(why.find("a loopback address") != std::string::npos);
        CHECK(why.find("nothing sent") != std::string::npos);
    }
}
