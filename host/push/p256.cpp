#include "host/push/p256.hpp"

#include <openssl/core_names.h>
#include <openssl/obj_mac.h>

#include <algorithm>
#include <string>

#include "host/base/input_error.hpp"
#include "host/push/openssl_handles.hpp"

namespace cherries::push {

namespace {

ossl::Group p256_group() {
    return ossl::Group(ossl::must(EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1), "EC_GROUP_new_by_curve_name"));
}

// An EVP_PKEY of P-256 from the public point and, when given, the private scalar.
ossl::Pkey p256_pkey(std::span<const std::uint8_t> public_key, const P256Private* private_key) {
    ossl::ParamBld bld(ossl::must(OSSL_PARAM_BLD_new(), "OSSL_PARAM_BLD_new"));
    ossl::check(OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0), "group name");
    ossl::check(OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, public_key.data(), public_key.size()),
                "public key");
    ossl::Bn d;
    if (private_key) {
        d.reset(ossl::must(BN_bin2bn(private_key->data(), static_cast<int>(private_key->size()), nullptr), "BN_bin2bn"));
        ossl::check(OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PRIV_KEY, d.get()), "private key");
    }
    ossl::Params params(ossl::must(OSSL_PARAM_BLD_to_param(bld.get()), "OSSL_PARAM_BLD_to_param"));
    ossl::PkeyCtx ctx(ossl::must(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr), "EVP_PKEY_CTX_new_from_name"));
    ossl::check(EVP_PKEY_fromdata_init(ctx.get()), "EVP_PKEY_fromdata_init");
    EVP_PKEY* pkey = nullptr;
    ossl::check(EVP_PKEY_fromdata(ctx.get(), &pkey, private_key ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params.get()),
                "EVP_PKEY_fromdata");
    return ossl::Pkey(pkey);
}

}  // namespace

void check_p256_public(std::span<const std::uint8_t> point, std::string_view what) {
    const std::string name(what);
    if (point.size() != kP256PublicSize)
        throw host::InputError(name + ": " + std::to_string(point.size()) +
                               " bytes; expected 65, an uncompressed P-256 public key (0x04, x, y)");
    if (point[0] != 0x04)
        throw host::InputError(name + ": starts with byte " + std::to_string(point[0]) +
                               "; expected 4, an uncompressed P-256 public key (0x04, x, y)");
    const ossl::Group group = p256_group();
    ossl::Point p(ossl::must(EC_POINT_new(group.get()), "EC_POINT_new"));
    ossl::BnCtx bn(ossl::must(BN_CTX_new(), "BN_CTX_new"));
    const bool ok = EC_POINT_oct2point(group.get(), p.get(), point.data(), point.size(), bn.get()) == 1 &&
                    EC_POINT_is_on_curve(group.get(), p.get(), bn.get()) == 1;
    ERR_clear_error();
    if (!ok) throw host::InputError(name + ": not a point of the P-256 curve; expected a P-256 public key");
}

P256KeyPair p256_generate() {
    ossl::Pkey pkey(ossl::must(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"), "EVP_PKEY_Q_keygen"));
    P256KeyPair pair;
    BIGNUM* d = nullptr;
    ossl::check(EVP_PKEY_get_bn_param(pkey.get(), OSSL_PKEY_PARAM_PRIV_KEY, &d), "the new private key");
    const ossl::Bn owned(d);
    if (BN_bn2binpad(d, pair.private_key.data(), static_cast<int>(pair.private_key.size())) != kP256PrivateSize)
        ossl::fail("BN_bn2binpad");
    std::size_t n = 0;
    ossl::check(EVP_PKEY_get_octet_string_param(pkey.get(), OSSL_PKEY_PARAM_PUB_KEY, pair.public_key.data(),
                                                pair.public_key.size(), &n),
                "the new public key");
    if (n != kP256PublicSize || pair.public_key[0] != 0x04) ossl::fail("the new public key's form");
    return pair;
}

P256KeyPair p256_from_private(std::span<const std::uint8_t> private_key, std::string_view what) {
    const std::string name(what);
    if (private_key.size() != kP256PrivateSize)
        throw host::InputError(name + ": " + std::to_string(private_key.size()) +
                               " bytes; expected 32, a P-256 private key (the scalar, big-endian)");
    const ossl::Group group = p256_group();
    ossl::BnCtx bn(ossl::must(BN_CTX_new(), "BN_CTX_new"));
    ossl::Bn d(ossl::must(BN_bin2bn(private_key.data(), static_cast<int>(private_key.size()), nullptr), "BN_bin2bn"));
    if (BN_is_zero(d.get()) || BN_cmp(d.get(), EC_GROUP_get0_order(group.get())) >= 0)
        throw host::InputError(name + ": not a P-256 private key (the number is 0 or not below the curve's order)");
    ossl::Point q(ossl::must(EC_POINT_new(group.get()), "EC_POINT_new"));
    ossl::check(EC_POINT_mul(group.get(), q.get(), d.get(), nullptr, nullptr, bn.get()), "EC_POINT_mul");
    P256KeyPair pair;
    std::copy(private_key.begin(), private_key.end(), pair.private_key.begin());
    if (EC_POINT_point2oct(group.get(), q.get(), POINT_CONVERSION_UNCOMPRESSED, pair.public_key.data(),
                           pair.public_key.size(), bn.get()) != kP256PublicSize)
        ossl::fail("EC_POINT_point2oct");
    return pair;
}

std::array<std::uint8_t, 32> p256_ecdh(const P256KeyPair& own, std::span<const std::uint8_t> peer_public) {
    const ossl::Pkey mine = p256_pkey(own.public_key, &own.private_key);
    const ossl::Pkey peer = p256_pkey(peer_public, nullptr);
    ossl::PkeyCtx ctx(ossl::must(EVP_PKEY_CTX_new_from_pkey(nullptr, mine.get(), nullptr), "EVP_PKEY_CTX_new_from_pkey"));
    ossl::check(EVP_PKEY_derive_init(ctx.get()), "EVP_PKEY_derive_init");
    ossl::check(EVP_PKEY_derive_set_peer(ctx.get(), peer.get()), "EVP_PKEY_derive_set_peer");
    std::array<std::uint8_t, 32> secret{};
    std::size_t n = secret.size();
    ossl::check(EVP_PKEY_derive(ctx.get(), secret.data(), &n), "EVP_PKEY_derive");
    if (n != secret.size()) ossl::fail("the ECDH secret's length");
    return secret;
}

std::array<std::uint8_t, kEs256SignatureSize> es256_sign(const P256KeyPair& key, std::string_view message) {
    const ossl::Pkey pkey = p256_pkey(key.public_key, &key.private_key);
    ossl::MdCtx md(ossl::must(EVP_MD_CTX_new(), "EVP_MD_CTX_new"));
    ossl::check(EVP_DigestSignInit_ex(md.get(), nullptr, "SHA256", nullptr, nullptr, pkey.get(), nullptr),
                "EVP_DigestSignInit_ex");
    std::size_t n = 0;
    const auto* data = reinterpret_cast<const unsigned char*>(message.data());
    ossl::check(EVP_DigestSign(md.get(), nullptr, &n, data, message.size()), "EVP_DigestSign (length)");
    Bytes der(n);
    ossl::check(EVP_DigestSign(md.get(), der.data(), &n, data, message.size()), "EVP_DigestSign");
    // OpenSSL writes ECDSA-Sig-Value (DER SEQUENCE of r and s); JOSE wants r | s, 32 bytes each.
    const unsigned char* p = der.data();
    ossl::EcdsaSig sig(ossl::must(d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(n)), "d2i_ECDSA_SIG"));
    std::array<std::uint8_t, kEs256SignatureSize> rs{};
    if (BN_bn2binpad(ECDSA_SIG_get0_r(sig.get()), rs.data(), 32) != 32 ||
        BN_bn2binpad(ECDSA_SIG_get0_s(sig.get()), rs.data() + 32, 32) != 32)
        ossl::fail("BN_bn2binpad (signature)");
    return rs;
}

}  // namespace cherries::push
