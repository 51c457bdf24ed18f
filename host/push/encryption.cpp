#include "host/push/encryption.hpp"

#include <openssl/core_names.h>
#include <openssl/rand.h>

#include <algorithm>
#include <string>

#include "host/base/input_error.hpp"
#include "host/push/openssl_handles.hpp"

namespace cherries::push {

namespace {

constexpr std::size_t kTagSize = 16;
constexpr std::size_t kKeySize = 16;    // AES-128 (RFC 8188 Section 2.2)
constexpr std::size_t kNonceSize = 12;  // RFC 8188 Section 2.3

// HKDF-SHA-256 (RFC 5869), extract then expand, `length` bytes.
Bytes hkdf_sha256(std::span<const std::uint8_t> salt, std::span<const std::uint8_t> ikm,
                  std::span<const std::uint8_t> info, std::size_t length) {
    ossl::Kdf kdf(ossl::must(EVP_KDF_fetch(nullptr, "HKDF", nullptr), "EVP_KDF_fetch HKDF"));
    ossl::KdfCtx ctx(ossl::must(EVP_KDF_CTX_new(kdf.get()), "EVP_KDF_CTX_new"));
    char digest[] = "SHA256";
    const auto p = [](std::span<const std::uint8_t> s) { return const_cast<std::uint8_t*>(s.data()); };
    const OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, digest, 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, p(ikm), ikm.size()),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, p(salt), salt.size()),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, p(info), info.size()),
        OSSL_PARAM_construct_end(),
    };
    Bytes out(length);
    ossl::check(EVP_KDF_derive(ctx.get(), out.data(), out.size(), params), "EVP_KDF_derive");
    return out;
}

Bytes text_bytes(std::string_view text) { return Bytes(text.begin(), text.end()); }

// The content-encryption key and nonce of RFC 8291 Section 3.4 for one message.
struct Keys {
    Bytes cek, nonce;
};

Keys derive_keys(std::span<const std::uint8_t> ecdh_secret, const AuthSecret& auth, const Salt& salt,
                 std::span<const std::uint8_t> receiver_public, std::span<const std::uint8_t> sender_public) {
    // key_info = "WebPush: info" || 0x00 || ua_public || as_public; IKM = HKDF(auth, ecdh, key_info, 32)
    Bytes key_info = text_bytes("WebPush: info");
    key_info.push_back(0);
    key_info.insert(key_info.end(), receiver_public.begin(), receiver_public.end());
    key_info.insert(key_info.end(), sender_public.begin(), sender_public.end());
    const Bytes ikm = hkdf_sha256(auth, ecdh_secret, key_info, 32);
    // CEK and NONCE from the salt (RFC 8188 Section 2.2 and 2.3)
    Bytes cek_info = text_bytes("Content-Encoding: aes128gcm");
    cek_info.push_back(0);
    Bytes nonce_info = text_bytes("Content-Encoding: nonce");
    nonce_info.push_back(0);
    return {hkdf_sha256(salt, ikm, cek_info, kKeySize), hkdf_sha256(salt, ikm, nonce_info, kNonceSize)};
}

void put_u32(Bytes& out, std::uint32_t v) {
    for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(v >> shift & 0xff));
}

}  // namespace

EncryptionSecrets fresh_secrets() {
    EncryptionSecrets s{p256_generate(), {}};
    ossl::check(RAND_bytes(s.salt.data(), static_cast<int>(s.salt.size())), "RAND_bytes");
    return s;
}

Bytes encrypt_message(std::span<const std::uint8_t> receiver_public, const AuthSecret& auth, std::string_view plaintext,
                      const EncryptionSecrets& secrets) {
    if (plaintext.size() > kMaxPlaintext)
        throw host::InputError("push message: " + std::to_string(plaintext.size()) + " bytes; expected at most " +
                               std::to_string(kMaxPlaintext) +
                               ", so that the body stays within the 4096 bytes every push service accepts (RFC 8291 "
                               "Section 4)");
    check_p256_public(receiver_public, "keys.p256dh");
    const auto secret = p256_ecdh(secrets.sender, receiver_public);
    const Keys keys = derive_keys(secret, auth, secrets.salt, receiver_public, secrets.sender.public_key);

    Bytes body(secrets.salt.begin(), secrets.salt.end());
    put_u32(body, kRecordSize);
    body.push_back(static_cast<std::uint8_t>(kP256PublicSize));
    body.insert(body.end(), secrets.sender.public_key.begin(), secrets.sender.public_key.end());

    // One record, the last (RFC 8188 Section 2): plaintext, delimiter 0x02, no padding. Its
    // sequence number is 0, so its nonce is NONCE itself (RFC 8188 Section 2.3).
    Bytes record(plaintext.begin(), plaintext.end());
    record.push_back(0x02);
    ossl::CipherCtx ctx(ossl::must(EVP_CIPHER_CTX_new(), "EVP_CIPHER_CTX_new"));
    ossl::check(EVP_EncryptInit_ex2(ctx.get(), EVP_aes_128_gcm(), keys.cek.data(), keys.nonce.data(), nullptr),
                "EVP_EncryptInit_ex2");
    const std::size_t start = body.size();
    body.resize(start + record.size() + kTagSize);
    int n = 0;
    ossl::check(EVP_EncryptUpdate(ctx.get(), body.data() + start, &n, record.data(), static_cast<int>(record.size())),
                "EVP_EncryptUpdate");
    int tail = 0;
    ossl::check(EVP_EncryptFinal_ex(ctx.get(), body.data() + start + n, &tail), "EVP_EncryptFinal_ex");
    if (static_cast<std::size_t>(n + tail) != record.size()) ossl::fail("AES-GCM's output length");
    ossl::check(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, kTagSize, body.data() + start + record.size()),
                "EVP_CTRL_AEAD_GET_TAG");
    return body;
}

Bytes encrypt_message(std::span<const std::uint8_t> receiver_public, const AuthSecret& auth, std::string_view plaintext) {
    return encrypt_message(receiver_public, auth, plaintext, fresh_secrets());
}

std::string decrypt_message(std::span<const std::uint8_t> body, const P256KeyPair& receiver, const AuthSecret& auth) {
    if (body.size() < kSaltSize + 5)
        throw host::InputError("push body: " + std::to_string(body.size()) +
                               " bytes, shorter than the aes128gcm header (salt 16, rs 4, idlen 1; RFC 8188 Section 2.1)");
    Salt salt{};
    std::copy_n(body.begin(), kSaltSize, salt.begin());
    const std::uint32_t rs = std::uint32_t(body[16]) << 24 | std::uint32_t(body[17]) << 16 | std::uint32_t(body[18]) << 8 |
                             std::uint32_t(body[19]);
    if (rs < 18)
        throw host::InputError("push body: record size " + std::to_string(rs) + "; expected at least 18 (RFC 8188 Section 2)");
    const std::size_t idlen = body[20];
    if (idlen != kP256PublicSize)
        throw host::InputError("push body: key id of " + std::to_string(idlen) +
                               " bytes; expected 65, the sender's P-256 public key (RFC 8291 Section 4)");
    if (body.size() < kHeaderSize)
        throw host::InputError("push body: " + std::to_string(body.size()) + " bytes, shorter than its header (" +
                               std::to_string(kHeaderSize) + " bytes; RFC 8188 Section 2.1)");
    const auto sender_public = body.subspan(21, kP256PublicSize);
    check_p256_public(sender_public, "push body's key id");
    const auto record = body.subspan(kHeaderSize);
    if (record.size() > rs)
        throw host::InputError("push body: " + std::to_string(record.size()) + " bytes after the header, more than one record of " +
                               std::to_string(rs) + "; Web Push sends one record (RFC 8291 Section 4)");
    if (record.size() < kTagSize + 1)
        throw host::InputError("push body: a record of " + std::to_string(record.size()) +
                               " bytes; expected at least 17 (a delimiter and the 16-byte tag; RFC 8188 Section 2)");

    const auto secret = p256_ecdh(receiver, sender_public);
    const Keys keys = derive_keys(secret, auth, salt, receiver.public_key, sender_public);
    const std::size_t length = record.size() - kTagSize;
    Bytes plain(length);
    ossl::CipherCtx ctx(ossl::must(EVP_CIPHER_CTX_new(), "EVP_CIPHER_CTX_new"));
    ossl::check(EVP_DecryptInit_ex2(ctx.get(), EVP_aes_128_gcm(), keys.cek.data(), keys.nonce.data(), nullptr),
                "EVP_DecryptInit_ex2");
    int n = 0;
    ossl::check(EVP_DecryptUpdate(ctx.get(), plain.data(), &n, record.data(), static_cast<int>(length)), "EVP_DecryptUpdate");
    Bytes tag(record.end() - kTagSize, record.end());
    ossl::check(EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, kTagSize, tag.data()), "EVP_CTRL_AEAD_SET_TAG");
    int tail = 0;
    if (EVP_DecryptFinal_ex(ctx.get(), plain.data() + n, &tail) != 1) {
        ERR_clear_error();
        throw host::InputError("push body: the record does not decrypt (its tag does not match): another key or auth "
                               "secret, or the body was altered (RFC 8188 Section 2)");
    }
    // Padding: zeros after the delimiter; the last record's delimiter is 0x02 (RFC 8188 Section 2).
    while (!plain.empty() && plain.back() == 0) plain.pop_back();
    if (plain.empty() || plain.back() != 0x02)
        throw host::InputError("push body: the record does not end with the last record's delimiter 0x02 (RFC 8188 Section 2)");
    plain.pop_back();
    return std::string(plain.begin(), plain.end());
}

}  // namespace cherries::push
