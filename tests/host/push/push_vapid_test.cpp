// VAPID (host/push/vapid): the Authorization header's JWT verifies with the server's public key
// through OpenSSL's ECDSA verify, its claims are the endpoint's origin, the expiry and the
// contact, and the keys survive their text.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "tests/support/input_refusal.hpp"
#include "host/base/input_error.hpp"
#include "host/push/base64url.hpp"
#include "host/push/subscription.hpp"
#include "host/push/vapid.hpp"
#include "tests/host/push/push_support.hpp"

using namespace cherries;
using namespace cherries::push;
using cherries::test::refusal;

namespace {

struct Token {
    std::string header_b64, claims_b64;
    Bytes signature;
    std::string k;
};

// "vapid t=H.C.S, k=K" taken apart.
Token parse_authorization(const std::string& value) {
    REQUIRE(value.rfind("vapid t=", 0) == 0);
    const std::size_t comma = value.find(", k=");
    REQUIRE(comma != std::string::npos);
    const std::string jwt = value.substr(8, comma - 8);
    const std::size_t dot1 = jwt.find('.'), dot2 = jwt.rfind('.');
    REQUIRE(dot1 != dot2);
    return {jwt.substr(0, dot1), jwt.substr(dot1 + 1, dot2 - dot1 - 1), base64url_decode(jwt.substr(dot2 + 1), "signature"),
            value.substr(comma + 4)};
}

std::string text_of(const Bytes& b) { return std::string(b.begin(), b.end()); }


constexpr std::int64_t kNow = 1'800'000'000;  // a fixed time: the code reads no clock

}  // namespace

TEST_CASE("RFC 8292 Section 2: the token is an ES256 JWT that verifies with the server's public key") {
    const VapidKeys keys = VapidKeys::generate();
    const Endpoint endpoint = parse_endpoint("https://Push.Example.NET/wpush/v2/abc?x=1");
    const std::string value = vapid_authorization(keys, endpoint, "mailto:host@cherries.invalid", kNow);
    const Token t = parse_authorization(value);
    // Section 3.2: k is the public key, the 65-byte uncompressed point in base64url.
    CHECK(t.k == keys.public_key());
    REQUIRE(base64url_decode(t.k, "k").size() == 65);
    CHECK(text_of(base64url_decode(t.header_b64, "header")) == R"({"typ":"JWT","alg":"ES256"})");
    REQUIRE(t.signature.size() == 64);  // r | s, not DER (RFC 7518 Section 3.4)
    const std::string signing_input = t.header_b64 + "." + t.claims_b64;
    CHECK(push::test::es256_verifies(base64url_decode(t.k, "k"), signing_input, t.signature));
    // Not a signature of anything else, nor by another key.
    CHECK_FALSE(push::test::es256_verifies(base64url_decode(t.k, "k"), signing_input + "x", t.signature));
    CHECK_FALSE(push::test::es256_verifies(VapidKeys::generate().pair().public_key, signing_input, t.signature));

    const auto claims = nlohmann::json::parse(text_of(base64url_decode(t.claims_b64, "claims")));
    CHECK(claims.at("aud") == "https://push.example.net");  // the origin: no path, host in lower case
    CHECK(claims.at("exp") == kNow + 12 * 3600);
    CHECK(claims.at("sub") == "mailto:host@cherries.invalid");
    CHECK(claims.size() == 3);
}

TEST_CASE("RFC 8292 Section 2: aud keeps a port other than 443; exp is at most 24 hours ahead") {
    const VapidKeys keys = VapidKeys::generate();
    const auto claims_of = [&](const std::string& url, std::chrono::seconds life) {
        const Token t = parse_authorization(vapid_authorization(keys, parse_endpoint(url), "https://cherries.invalid/about", kNow, life));
        return nlohmann::json::parse(text_of(base64url_decode(t.claims_b64, "claims")));
    };
    CHECK(claims_of("https://push.example.net:8443/x", std::chrono::hours(24)).at("aud") == "https://push.example.net:8443");
    CHECK(claims_of("https://push.example.net:443/x", std::chrono::hours(1)).at("aud") == "https://push.example.net");
    CHECK(claims_of("https://[2001:4860::1]/x", std::chrono::hours(1)).at("aud") == "https://[2001:4860::1]");
    CHECK(claims_of("https://push.example.net/x", std::chrono::hours(24)).at("exp") == kNow + 86400);
    const Endpoint e = parse_endpoint("https://push.example.net/x");
    CHECK(refusal([&] { vapid_authorization(keys, e, "mailto:a@b.invalid", kNow, std::chrono::hours(24) + std::chrono::seconds(1)); })
              .find("86401 s; expected 1 s to 24 hours") != std::string::npos);
    CHECK(refusal([&] { vapid_authorization(keys, e, "mailto:a@b.invalid", kNow, std::chrono::seconds(0)); }) != "(nothing thrown)");
    CHECK(refusal([&] { vapid_authorization(keys, e, "mailto:a@b.invalid", -1); }).find("before 1970") != std::string::npos);
}

TEST_CASE("RFC 8292 Section 2.1: the contact must be mailto: or https:") {
    const VapidKeys keys = VapidKeys::generate();
    const Endpoint e = parse_endpoint("https://push.example.net/x");
    for (const char* bad : {"host@cherries.invalid", "http://cherries.invalid", "mailto:", "", "mailto:a b@c"})
        CHECK(refusal([&] { vapid_authorization(keys, e, bad, kNow); }).find("expected a contact for the push service") !=
              std::string::npos);
}

TEST_CASE("RFC 8292 Section 3.2: the VAPID keys survive their text, and bad text is refused in words") {
    const VapidKeys keys = VapidKeys::generate();
    const std::string text = keys.to_text();
    CHECK(text.size() == 43);
    const VapidKeys again = VapidKeys::from_text(" " + text + "\n");
    CHECK(again.public_key() == keys.public_key());
    CHECK(again.to_text() == text);
    CHECK(keys.public_key().size() == 87);
    CHECK(refusal([] { VapidKeys::from_text("not a key!"); }).find("VAPID private key: not base64url") != std::string::npos);
    CHECK(refusal([] { VapidKeys::from_text("AAAA"); }) ==
          "VAPID private key: 3 bytes; expected 32, a P-256 private key (the scalar, big-endian)");
    CHECK(refusal([] { VapidKeys::from_text(base64url_encode(Bytes(32, 0))); }).find("not a P-256 private key") != std::string::npos);
    CHECK(refusal([] { VapidKeys::from_text(base64url_encode(Bytes(32, 0xff))); }).find("not a P-256 private key") !=
          std::string::npos);
}
