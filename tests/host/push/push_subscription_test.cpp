// The browser's push subscription (host/push/subscription): the JSON of
// PushSubscription.toJSON(), the endpoint rules (https only, no inward address) and the Topic
// header's form, each refusal in words naming the field.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/input_refusal.hpp"
#include "host/base/input_error.hpp"
#include "host/push/base64url.hpp"
#include "host/push/subscription.hpp"

using namespace cherries;
using namespace cherries::push;
using cherries::test::refusal;

namespace {

// RFC 8291 Appendix A's user agent key and auth secret.
constexpr const char* kP256dh = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
constexpr const char* kAuth = "BTBZMqHH6r4Tts7J_aSIgg";


std::string json(const std::string& endpoint, const std::string& p256dh = kP256dh, const std::string& auth = kAuth) {
    return R"({"endpoint":")" + endpoint + R"(","expirationTime":null,"keys":{"p256dh":")" + p256dh + R"(","auth":")" +
           auth + R"("}})";
}

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("RFC 8030 Section 5 / RFC 8291 Section 2: a subscription from PushSubscription.toJSON()") {
    const Subscription s = parse_subscription(json("https://fcm.googleapis.com/fcm/send/dQw4:APA91b"));
    CHECK(s.endpoint.host == "fcm.googleapis.com");
    CHECK(s.endpoint.port == 443);
    CHECK(s.endpoint.target == "/fcm/send/dQw4:APA91b");
    CHECK_FALSE(s.endpoint.host_is_address);
    CHECK(s.endpoint.origin() == "https://fcm.googleapis.com");
    CHECK(base64url_encode(s.p256dh) == kP256dh);
    CHECK(base64url_encode(s.auth) == kAuth);
    const Subscription q = parse_subscription(json("HTTPS://Updates.Push.Services.Mozilla.com:8443?token=1"));
    CHECK(q.endpoint.host == "updates.push.services.mozilla.com");
    CHECK(q.endpoint.port == 8443);
    CHECK(q.endpoint.target == "/?token=1");
}

TEST_CASE("RFC 8291 Section 2: a subscription's JSON with a field missing or of the wrong type names the field") {
    CHECK(mentions(refusal([] { parse_subscription("{"); }), "subscription: not JSON"));
    CHECK(refusal([] { parse_subscription("[]"); }).rfind("subscription: expected an object {\"endpoint\", \"keys\"", 0) == 0);
    CHECK(refusal([] { parse_subscription(R"({"keys":{}})"); }) == "subscription: field 'endpoint' is missing; expected the push service's https:// URL");
    CHECK(refusal([] { parse_subscription(R"({"endpoint":5})"); }) ==
          "subscription: field 'endpoint' is an integer; expected the push service's https:// URL");
    CHECK(refusal([] { parse_subscription(R"({"endpoint":"https://a.example/x"})"); }) ==
          "subscription: field 'keys' is missing; expected an object {\"p256dh\", \"auth\"}");
    CHECK(refusal([] { parse_subscription(R"({"endpoint":"https://a.example/x","keys":"k"})"); }) ==
          "subscription: keys: expected an object {\"p256dh\", \"auth\"}, saw a string");
    CHECK(mentions(refusal([] { parse_subscription(R"({"endpoint":"https://a.example/x","keys":{"auth":"BTBZMqHH6r4Tts7J_aSIgg"}})"); }),
                   "subscription: keys: field 'p256dh' is missing"));
    CHECK(mentions(refusal([] { parse_subscription(json("https://a.example/x", kP256dh, "")); }),
                   "keys.auth: 0 bytes; expected 16"));
    CHECK(mentions(refusal([] { parse_subscription(std::string(kMaxSubscriptionJson + 1, ' ')); }), "more than 8192"));
}

TEST_CASE("RFC 8291 Section 3.1 and 3.2: p256dh must be a P-256 point and auth 16 bytes, in base64url") {
    CHECK(mentions(refusal([] { parse_subscription(json("https://a.example/x", "BCVx+r7N")); }),
                   "keys.p256dh: not base64url: '+' at position 5"));
    CHECK(refusal([] { parse_subscription(json("https://a.example/x", "BCVxsr7N")); }) ==
          "keys.p256dh: 6 bytes; expected 65, an uncompressed P-256 public key (0x04, x, y)");
    std::string off_curve = kP256dh;
    off_curve[80] = off_curve[80] == 'A' ? 'B' : 'A';
    CHECK(mentions(refusal([&] { parse_subscription(json("https://a.example/x", off_curve)); }), "keys.p256dh: not a point of the P-256 curve"));
    CHECK(refusal([] { parse_subscription(json("https://a.example/x", kP256dh, "BTBZMqHH6r4Tts7J")); }) ==
          "keys.auth: 12 bytes; expected 16, the subscription's authentication secret (RFC 8291 Section 3.2)");
    CHECK(mentions(refusal([] { parse_subscription(json("https://a.example/x", kP256dh, "BTBZMqHH6r4Tts7J_aSI*g")); }),
                   "keys.auth: not base64url: '*'"));
}

TEST_CASE("RFC 8030 Section 5 and RFC 8292 Section 2: an endpoint that is not https:// is refused") {
    CHECK(mentions(refusal([] { parse_endpoint("http://push.example.net/x"); }),
                   "endpoint: scheme 'http'; push is sent over https only"));
    CHECK(mentions(refusal([] { parse_endpoint("push.example.net/x"); }), "is not a URL"));
    CHECK(mentions(refusal([] { parse_endpoint("https://user:pw@push.example.net/x"); }), "a user name or password"));
    CHECK(mentions(refusal([] { parse_endpoint("https://push.example.net/x#y"); }), "a fragment"));
    CHECK(mentions(refusal([] { parse_endpoint("https:///x"); }), "no host"));
    CHECK(mentions(refusal([] { parse_endpoint("https://push.example.net:0/x"); }), "port 0; expected a number 1 to 65535"));
    CHECK(mentions(refusal([] { parse_endpoint("https://push.example.net:99999/x"); }), "expected a number 1 to 65535"));
    CHECK(mentions(refusal([] { parse_endpoint("https://push.example.net:/x"); }), "an empty port"));
    CHECK(mentions(refusal([] { parse_endpoint("https://push.exa_mple.net/x"); }), "has '_'; expected a DNS name"));
    CHECK(mentions(refusal([] { parse_endpoint("https://push.example.net/a b"); }), "a space, control or non-ASCII character at position 27"));
    CHECK(mentions(refusal([] { parse_endpoint("https://push.example.net/\r\nX: y"); }), "control"));
    CHECK(mentions(refusal([] { parse_endpoint("https://" + std::string(kMaxEndpoint, 'a')); }), "more than 2048"));
}

TEST_CASE("An endpoint whose host is a loopback, private or link-local address is refused (no RFC asks it: docs/push.md, \"The endpoint rules\")") {
    CHECK(refusal([] { parse_endpoint("https://127.0.0.1:8443/x"); }) ==
          "endpoint: host 127.0.0.1 is a loopback address (127.0.0.0/8), not a public address; expected the push "
          "service's https:// URL from the browser's subscription");
    CHECK(mentions(refusal([] { parse_endpoint("https://[::1]/x"); }), "a loopback address (::1)"));
    CHECK(mentions(refusal([] { parse_endpoint("https://10.1.2.3/x"); }), "a private address (10.0.0.0/8)"));
    CHECK(mentions(refusal([] { parse_endpoint("https://192.168.0.10/x"); }), "a private address (192.168.0.0/16)"));
    CHECK(mentions(refusal([] { parse_endpoint("https://172.31.255.1/x"); }), "a private address (172.16.0.0/12)"));
    CHECK(mentions(refusal([] { parse_endpoint("https://169.254.169.254/latest"); }), "a link-local address (169.254.0.0/16)"));
    CHECK(mentions(refusal([] { parse_endpoint("https://[fe80::1]/x"); }), "a link-local address (fe80::/10)"));
    CHECK(mentions(refusal([] { parse_endpoint("https://[fd00::1]/x"); }), "unique local"));
    CHECK(mentions(refusal([] { parse_endpoint("https://[::ffff:10.0.0.1]/x"); }), "a private address (10.0.0.0/8)"));
    CHECK(mentions(refusal([] { parse_endpoint("https://0.0.0.0/x"); }), "this network"));
    CHECK(mentions(refusal([] { parse_endpoint("https://[zz::1]/x"); }), "not an IP address"));
    CHECK_NOTHROW(parse_endpoint("https://172.32.0.1/x"));  // just outside 172.16.0.0/12
    CHECK_NOTHROW(parse_endpoint("https://[2a00:1450:4001::1]/x"));
    // Tests may push to loopback, and to nothing else inward.
    const EndpointRules tests{.allow_loopback_for_tests = true};
    CHECK(parse_endpoint("https://127.0.0.1:8443/x", tests).port == 8443);
    CHECK_NOTHROW(parse_endpoint("https://[::1]/x", tests));
    CHECK_THROWS_AS(parse_endpoint("https://10.1.2.3/x", tests), host::InputError);
    CHECK(address_refusal("8.8.8.8") == std::nullopt);
    CHECK(address_refusal("100.64.0.1").value() == "a shared address of a carrier's NAT (100.64.0.0/10)");
    CHECK(address_refusal("224.0.0.1").value() == "a multicast address (224.0.0.0/4)");
    CHECK(address_refusal("255.255.255.255").value() == "a reserved or broadcast address (240.0.0.0/4)");
}

TEST_CASE("RFC 8030 Section 5.4: a topic is at most 32 base64url characters") {
    CHECK_NOTHROW(check_topic(""));
    CHECK_NOTHROW(check_topic("table-7_your_turn"));
    CHECK_NOTHROW(check_topic(std::string(32, 'a')));
    CHECK(refusal([] { check_topic(std::string(33, 'a')); }) == "topic: 33 characters; expected at most 32 (RFC 8030 Section 5.4)");
    CHECK(refusal([] { check_topic("table 7"); }) ==
          "topic: character 6 is not of the base64url alphabet; expected only A-Z a-z 0-9 '-' '_' (RFC 8030 Section 5.4)");
    CHECK(refusal([] { check_topic("a=b"); }) != "(nothing thrown)");
    const std::string t = topic_for("table 7");
    CHECK(t.size() == 32);
    CHECK_NOTHROW(check_topic(t));
    CHECK(topic_for("table 7") == t);
    CHECK(topic_for("table 8") != t);
}
