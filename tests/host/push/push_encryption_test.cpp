// Web Push message encryption (host/push/encryption): RFC 8291's worked example byte for byte,
// the receiver's side, and what a bad body or key is refused with.
#include <catch2/catch.hpp>

#include <string>

#include "tests/support/input_refusal.hpp"
#include "host/base/input_error.hpp"
#include "host/push/base64url.hpp"
#include "host/push/encryption.hpp"
#include "host/push/p256.hpp"

using namespace cherries;
using namespace cherries::push;
using cherries::test::refusal;

namespace {

// RFC 8291 Section 5 (the example) with the keys of its Appendix A, copied as printed (the
// RFC's line breaks removed).
constexpr const char* kPlaintext = "When I grow up, I want to be a watermelon";
constexpr const char* kPlaintextB64 = "V2hlbiBJIGdyb3cgdXAsIEkgd2FudCB0byBiZSBhIHdhdGVybWVsb24";
constexpr const char* kAsPublic = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8";
constexpr const char* kAsPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw";
constexpr const char* kUaPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
constexpr const char* kUaPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
constexpr const char* kSalt = "DGv6ra1nlYgDCS1FRnbzlw";
constexpr const char* kAuth = "BTBZMqHH6r4Tts7J_aSIgg";
constexpr const char* kBody =
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN";

AuthSecret auth_of(const char* b64) {
    const Bytes b = base64url_decode(b64, "auth");
    AuthSecret a{};
    std::copy(b.begin(), b.end(), a.begin());
    return a;
}

EncryptionSecrets rfc_secrets() {
    EncryptionSecrets s{p256_from_private(base64url_decode(kAsPrivate, "as_private"), "as_private"), {}};
    const Bytes salt = base64url_decode(kSalt, "salt");
    std::copy(salt.begin(), salt.end(), s.salt.begin());
    return s;
}


}  // namespace

TEST_CASE("RFC 8291 Section 5: the example's body byte for byte from its keys and salt") {
    const EncryptionSecrets secrets = rfc_secrets();
    // Appendix A: the application server's public key is the point of its private key.
    CHECK(base64url_encode(secrets.sender.public_key) == kAsPublic);
    REQUIRE(base64url_encode(base64url_decode(kPlaintextB64, "plaintext")) == kPlaintextB64);
    CHECK(std::string(reinterpret_cast<const char*>(base64url_decode(kPlaintextB64, "p").data()), 41) == kPlaintext);
    const Bytes body = encrypt_message(base64url_decode(kUaPublic, "ua_public"), auth_of(kAuth), kPlaintext, secrets);
    CHECK(base64url_encode(body) == kBody);
    // RFC 8188 Section 2.1's header: salt, rs = 4096, idlen = 65, then the key id.
    REQUIRE(body.size() == kHeaderSize + 41 + 1 + 16);
    CHECK(body[16] == 0x00);
    CHECK(body[17] == 0x00);
    CHECK(body[18] == 0x10);
    CHECK(body[19] == 0x00);
    CHECK(body[20] == 65);
}

TEST_CASE("RFC 8291 Section 5: the user agent's private key decrypts the example's body") {
    const P256KeyPair ua = p256_from_private(base64url_decode(kUaPrivate, "ua_private"), "ua_private");
    CHECK(base64url_encode(ua.public_key) == kUaPublic);
    CHECK(decrypt_message(base64url_decode(kBody, "body"), ua, auth_of(kAuth)) == kPlaintext);
}

TEST_CASE("RFC 8291 Section 3.4: a fresh key and salt each time, and the receiver reads every one back") {
    const P256KeyPair ua = p256_generate();
    const AuthSecret auth = auth_of(kAuth);
    for (const std::string& text : {std::string(), std::string("Your turn at table 7"), std::string(kMaxPlaintext, 'x')}) {
        const Bytes a = encrypt_message(ua.public_key, auth, text);
        const Bytes b = encrypt_message(ua.public_key, auth, text);
        CHECK(a != b);  // RFC 8291 Section 3.1: a new ephemeral key (and salt) for every message
        CHECK(a.size() <= 4096);
        CHECK(decrypt_message(a, ua, auth) == text);
        CHECK(decrypt_message(b, ua, auth) == text);
    }
}

TEST_CASE("RFC 8291 Section 4: a plaintext that would make the body exceed 4096 bytes is refused in words") {
    const P256KeyPair ua = p256_generate();
    const std::string why = refusal([&] { encrypt_message(ua.public_key, auth_of(kAuth), std::string(kMaxPlaintext + 1, 'x')); });
    CHECK(why.find("3994 bytes; expected at most 3993") != std::string::npos);
}

TEST_CASE("RFC 8188 Section 2: a body altered, for another secret or cut short is refused in words") {
    const P256KeyPair ua = p256_from_private(base64url_decode(kUaPrivate, "ua_private"), "ua_private");
    const Bytes body = base64url_decode(kBody, "body");
    Bytes altered = body;
    altered.back() ^= 1;
    CHECK(refusal([&] { decrypt_message(altered, ua, auth_of(kAuth)); }).find("does not decrypt") != std::string::npos);
    AuthSecret other = auth_of(kAuth);
    other[0] ^= 1;
    CHECK(refusal([&] { decrypt_message(body, ua, other); }).find("does not decrypt") != std::string::npos);
    CHECK(refusal([&] { decrypt_message(std::span(body).first(10), ua, auth_of(kAuth)); }).find("shorter than") !=
          std::string::npos);
    Bytes small_rs = body;
    small_rs[18] = 0;
    small_rs[19] = 17;
    CHECK(refusal([&] { decrypt_message(small_rs, ua, auth_of(kAuth)); }).find("record size 17") != std::string::npos);
    Bytes short_id = body;
    short_id[20] = 33;
    CHECK(refusal([&] { decrypt_message(short_id, ua, auth_of(kAuth)); }).find("key id of 33 bytes") != std::string::npos);
}

TEST_CASE("RFC 8291 Section 3.1: p256dh must be a 65-byte uncompressed P-256 point") {
    Bytes key = base64url_decode(kUaPublic, "k");
    CHECK_NOTHROW(check_p256_public(key, "keys.p256dh"));
    CHECK(refusal([&] { check_p256_public(std::span(key).first(33), "keys.p256dh"); }) ==
          "keys.p256dh: 33 bytes; expected 65, an uncompressed P-256 public key (0x04, x, y)");
    key[0] = 0x02;
    CHECK(refusal([&] { check_p256_public(key, "keys.p256dh"); }).find("starts with byte 2; expected 4") != std::string::npos);
    key[0] = 0x04;
    key[64] ^= 1;  // y no longer fits x
    CHECK(refusal([&] { check_p256_public(key, "keys.p256dh"); }) ==
          "keys.p256dh: not a point of the P-256 curve; expected a P-256 public key");
}

TEST_CASE("RFC 4648 Section 5: base64url round trips and bad text is refused naming the field") {
    const Bytes all = [] {
        Bytes b;
        for (int i = 0; i < 256; ++i) b.push_back(static_cast<std::uint8_t>(i));
        return b;
    }();
    for (std::size_t n = 0; n < 10; ++n) {
        const Bytes part(all.begin(), all.begin() + static_cast<long>(n));
        CHECK(base64url_decode(base64url_encode(part), "x") == part);
    }
    CHECK(base64url_decode(base64url_encode(all), "x") == all);
    CHECK(base64url_encode(std::string_view("\xfb\xff")) == "-_8");
    CHECK(base64url_decode("-_8=", "x") == Bytes{0xfb, 0xff});  // padding taken
    CHECK(refusal([] { base64url_decode("ab+c", "keys.auth"); }) ==
          "keys.auth: not base64url: '+' at position 3; expected only A-Z a-z 0-9 '-' '_' (base64url, RFC 4648 Section 5)");
    CHECK(refusal([] { base64url_decode("abcde", "keys.auth"); }).find("a length no base64url text has") != std::string::npos);
    CHECK(refusal([] { base64url_decode("-_9", "keys.auth"); }).find("bits that are not zero") != std::string::npos);
}
