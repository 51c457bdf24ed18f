// libFuzzer target: Web Push's readers of outside input (docs/push.md). First byte even: the
// rest is a browser's subscription JSON (push::parse_subscription, endpoint rules included);
// a subscription taken must have an https origin and a target starting with '/', and a
// message must encrypt to it and decrypt back. Odd: the rest is a push body for
// push::decrypt_message (the loopback endpoint's side), with RFC 8291's example receiver key and auth secret.
// Bad input must end in a host::InputError with words; any other exception, a crash or a
// sanitizer report is a finding.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "host/base/input_error.hpp"
#include "host/push/base64url.hpp"
#include "host/push/encryption.hpp"
#include "host/push/p256.hpp"
#include "host/push/subscription.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace cherries;
    if (size == 0) return 0;
    const std::span<const std::uint8_t> rest(data + 1, size - 1);
    try {
        if (data[0] % 2 == 0) {
            const push::Subscription s = push::parse_subscription(std::string(rest.begin(), rest.end()));
            if (s.endpoint.origin().rfind("https://", 0) != 0 || s.endpoint.target.empty() || s.endpoint.target[0] != '/')
                __builtin_trap();
            // A fixed sender key and salt: the target stays deterministic.
            push::EncryptionSecrets secrets{push::p256_from_private(push::Bytes(32, 7), "sender"), {}};
            (void)push::encrypt_message(s.p256dh, s.auth, "Your turn", secrets);
        } else {
            // RFC 8291 Appendix A's receiver: its example body (a seed) decrypts.
            static const push::P256KeyPair receiver = push::p256_from_private(
                push::base64url_decode("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94", "ua_private"), "ua_private");
            static const push::AuthSecret auth = [] {
                push::AuthSecret a{};
                const push::Bytes b = push::base64url_decode("BTBZMqHH6r4Tts7J_aSIgg", "auth");
                std::copy(b.begin(), b.end(), a.begin());
                return a;
            }();
            (void)push::decrypt_message(rest, receiver, auth);
        }
    } catch (const host::InputError& e) {
        if (std::string(e.what()).empty()) __builtin_trap();  // a refusal must say what was wrong
    }
    return 0;
}
