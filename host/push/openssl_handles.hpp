// The room's OpenSSL objects owned by std::unique_ptr, and the one error for a call that failed
// where no input of ours could be the cause (an out-of-memory, a provider missing).
#pragma once

#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/param_build.h>

#include <memory>
#include <stdexcept>
#include <string>

namespace cherries::push::ossl {

template <class T, void (*Free)(T*)>
struct Deleter {
    void operator()(T* p) const { Free(p); }
};
template <class T, void (*Free)(T*)>
using Handle = std::unique_ptr<T, Deleter<T, Free>>;

using Pkey = Handle<EVP_PKEY, EVP_PKEY_free>;
using PkeyCtx = Handle<EVP_PKEY_CTX, EVP_PKEY_CTX_free>;
using MdCtx = Handle<EVP_MD_CTX, EVP_MD_CTX_free>;
using CipherCtx = Handle<EVP_CIPHER_CTX, EVP_CIPHER_CTX_free>;
using Kdf = Handle<EVP_KDF, EVP_KDF_free>;
using KdfCtx = Handle<EVP_KDF_CTX, EVP_KDF_CTX_free>;
using Bn = Handle<BIGNUM, BN_free>;
using BnCtx = Handle<BN_CTX, BN_CTX_free>;
using Group = Handle<EC_GROUP, EC_GROUP_free>;
using Point = Handle<EC_POINT, EC_POINT_free>;
using EcdsaSig = Handle<ECDSA_SIG, ECDSA_SIG_free>;
using ParamBld = Handle<OSSL_PARAM_BLD, OSSL_PARAM_BLD_free>;
using Params = Handle<OSSL_PARAM, OSSL_PARAM_free>;

/// Throws std::runtime_error "web push: OpenSSL failed at WHAT: <OpenSSL's reason>" and clears
/// OpenSSL's error queue. For failures that no input causes; bad input is host::InputError.
[[noreturn]] inline void fail(const char* what) {
    std::string reason;
    if (const unsigned long code = ERR_get_error()) {
        char buf[256];
        ERR_error_string_n(code, buf, sizeof buf);
        reason = buf;
    }
    ERR_clear_error();
    throw std::runtime_error(std::string("web push: OpenSSL failed at ") + what +
                             (reason.empty() ? "" : ": " + reason));
}

/// `p`, or fail(what) when it is null.
template <class T>
T* must(T* p, const char* what) {
    if (!p) fail(what);
    return p;
}

/// fail(what) unless OpenSSL's `rc` is 1 (success).
inline void check(int rc, const char* what) {
    if (rc != 1) fail(what);
}

}  // namespace cherries::push::ossl
