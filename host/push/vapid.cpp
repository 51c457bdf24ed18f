#include "host/push/vapid.hpp"

#include <nlohmann/json.hpp>

#include "host/base/input_error.hpp"

namespace cherries::push {

namespace {

std::string_view trimmed(std::string_view s) {
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && space(s.front())) s.remove_prefix(1);
    while (!s.empty() && space(s.back())) s.remove_suffix(1);
    return s;
}

void check_subject(std::string_view subject) {
    const char* expected = "; expected a contact for the push service: \"mailto:ADDRESS\" or an \"https://\" URL "
                           "(RFC 8292 Section 2.1)";
    if (subject.size() > 256)
        throw host::InputError("VAPID subject: " + std::to_string(subject.size()) + " characters, more than 256" + expected);
    for (char c : subject)
        if (static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7f)
            throw host::InputError("VAPID subject: a space, control or non-ASCII character" + std::string(expected));
    const bool mailto = subject.starts_with("mailto:") && subject.size() > 7;
    const bool https = subject.starts_with("https://") && subject.size() > 8;
    if (!mailto && !https) throw host::InputError("VAPID subject: '" + std::string(subject) + "'" + expected);
}

}  // namespace

VapidKeys VapidKeys::generate() { return VapidKeys(p256_generate()); }

VapidKeys VapidKeys::from_text(std::string_view text) {
    const Bytes d = base64url_decode(trimmed(text), "VAPID private key");
    return VapidKeys(p256_from_private(d, "VAPID private key"));
}

std::string VapidKeys::to_text() const { return base64url_encode(pair_.private_key); }

std::string VapidKeys::public_key() const { return base64url_encode(pair_.public_key); }

std::string vapid_authorization(const VapidKeys& keys, const Endpoint& endpoint, std::string_view subject,
                                std::int64_t now_unix, std::chrono::seconds lifetime) {
    check_subject(subject);
    if (lifetime.count() < 1 || lifetime > kMaxVapidLifetime)
        throw host::InputError("VAPID token lifetime: " + std::to_string(lifetime.count()) +
                               " s; expected 1 s to 24 hours (86400 s; RFC 8292 Section 2)");
    if (now_unix < 0) throw host::InputError("VAPID token: the time " + std::to_string(now_unix) + " is before 1970");
    const nlohmann::json claims = {
        {"aud", endpoint.origin()}, {"exp", now_unix + lifetime.count()}, {"sub", std::string(subject)}};
    const std::string signing_input =
        base64url_encode(std::string_view(R"({"typ":"JWT","alg":"ES256"})")) + "." + base64url_encode(claims.dump());
    const auto signature = es256_sign(keys.pair(), signing_input);
    return "vapid t=" + signing_input + "." + base64url_encode(signature) + ", k=" + keys.public_key();
}

}  // namespace cherries::push
