// What the Web Push tests share: an ES256 check through OpenSSL's own ECDSA verify (the token's
// r | s turned back into DER), a self-signed certificate for 127.0.0.1 made with OpenSSL, and a
// small HTTPS endpoint on 127.0.0.1 (Boost.Beast) that takes pushes the way a push service does
// and keeps what it received. Every wait is bounded: no sleeps.
#pragma once

#include <openssl/core_names.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <memory>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "host/push/base64url.hpp"

namespace cherries::push::test {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

/// Whether `signature` (r | s, 64 bytes) is a valid ES256 signature of `message` by the P-256
/// public key `public_key` (65 bytes), checked by OpenSSL's verify on the DER form.
inline bool es256_verifies(std::span<const std::uint8_t> public_key, std::string_view message,
                           std::span<const std::uint8_t> signature) {
    if (signature.size() != 64 || public_key.size() != 65) return false;
    OSSL_PARAM_BLD* bld = OSSL_PARAM_BLD_new();
    OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0);
    OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, public_key.data(), public_key.size());
    OSSL_PARAM* params = OSSL_PARAM_BLD_to_param(bld);
    EVP_PKEY_CTX* from = EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr);
    EVP_PKEY* pkey = nullptr;
    const bool made = EVP_PKEY_fromdata_init(from) == 1 && EVP_PKEY_fromdata(from, &pkey, EVP_PKEY_PUBLIC_KEY, params) == 1;
    EVP_PKEY_CTX_free(from);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    if (!made) return false;
    // r | s back to ECDSA-Sig-Value (DER), the form OpenSSL verifies.
    ECDSA_SIG* sig = ECDSA_SIG_new();
    ECDSA_SIG_set0(sig, BN_bin2bn(signature.data(), 32, nullptr), BN_bin2bn(signature.data() + 32, 32, nullptr));
    unsigned char* der = nullptr;
    const int der_size = i2d_ECDSA_SIG(sig, &der);
    ECDSA_SIG_free(sig);
    EVP_MD_CTX* md = EVP_MD_CTX_new();
    const bool ok = der_size > 0 && EVP_DigestVerifyInit_ex(md, nullptr, "SHA256", nullptr, nullptr, pkey, nullptr) == 1 &&
                    EVP_DigestVerify(md, der, static_cast<std::size_t>(der_size),
                                     reinterpret_cast<const unsigned char*>(message.data()), message.size()) == 1;
    EVP_MD_CTX_free(md);
    OPENSSL_free(der);
    EVP_PKEY_free(pkey);
    return ok;
}

/// A self-signed P-256 certificate for IP 127.0.0.1 (subjectAltName), valid for a day, and its
/// key, both PEM.
struct Certificate {
    std::string cert_pem, key_pem;
};

inline std::string bio_text(BIO* bio) {
    char* data = nullptr;
    const long n = BIO_get_mem_data(bio, &data);
    std::string s(data, static_cast<std::size_t>(n));
    BIO_free(bio);
    return s;
}

inline Certificate self_signed_localhost() {
    EVP_PKEY* key = EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256");
    X509* x = X509_new();
    X509_set_version(x, 2);
    ASN1_INTEGER_set(X509_get_serialNumber(x), 1);
    X509_gmtime_adj(X509_getm_notBefore(x), -60);
    X509_gmtime_adj(X509_getm_notAfter(x), 24 * 3600);
    X509_set_pubkey(x, key);
    X509_NAME* name = X509_get_subject_name(x);
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("127.0.0.1"), -1, -1, 0);
    X509_set_issuer_name(x, name);
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, x, x, nullptr, nullptr, 0);
    X509_EXTENSION* san = X509V3_EXT_nconf_nid(nullptr, &ctx, NID_subject_alt_name, "IP:127.0.0.1");
    X509_add_ext(x, san, -1);
    X509_EXTENSION_free(san);
    X509_sign(x, key, EVP_sha256());
    BIO* cert_bio = BIO_new(BIO_s_mem());
    PEM_write_bio_X509(cert_bio, x);
    BIO* key_bio = BIO_new(BIO_s_mem());
    PEM_write_bio_PrivateKey(key_bio, key, nullptr, nullptr, 0, nullptr, nullptr);
    X509_free(x);
    EVP_PKEY_free(key);
    return {bio_text(cert_bio), bio_text(key_bio)};
}

/// What the endpoint received of one push.
struct Received {
    std::string method, target;
    std::map<std::string, std::string> headers;  ///< names lower case
    Bytes body;
    std::string error;  ///< empty when the request was read whole
};

/// An HTTPS endpoint on 127.0.0.1 with a self-signed certificate, on a thread of its own. It takes
/// one connection per answer in `answers` (an HTTP status, or 0: read the request and never
/// answer, until the client closes), reads one request on it and answers. Each step is bounded
/// (10 s), so a broken client cannot hang the test. join() waits for the thread.
class PushEndpoint {
public:
    struct Answer {
        int status = 201;
        std::string retry_after;  ///< a Retry-After header when not empty
    };

    explicit PushEndpoint(std::vector<Answer> answers) : answers_(std::move(answers)), cert_(self_signed_localhost()) {
        tls_.use_certificate_chain(asio::buffer(cert_.cert_pem));
        tls_.use_private_key(asio::buffer(cert_.key_pem), asio::ssl::context::pem);
        acceptor_.open(asio::ip::tcp::v4());
        acceptor_.bind({asio::ip::make_address("127.0.0.1"), 0});
        acceptor_.listen();
        port_ = acceptor_.local_endpoint().port();
        thread_ = std::thread([this] { serve(); });
    }
    ~PushEndpoint() { join(); }

    unsigned short port() const { return port_; }
    const std::string& ca_pem() const { return cert_.cert_pem; }
    /// Waits for the endpoint to finish; then received() is complete.
    void join() {
        if (thread_.joinable()) thread_.join();
    }
    const std::vector<Received>& received() const { return received_; }
    /// Waits until `n` requests came in or the endpoint is done (each of its steps is bounded),
    /// and returns what came so far: for a test whose pushes come from another thread.
    std::vector<Received> wait_for(std::size_t n) {
        std::unique_lock lock(mutex_);
        arrived_.wait(lock, [&] { return received_.size() >= n || done_; });
        return received_;
    }

private:
    void keep(Received got) {
        std::lock_guard lock(mutex_);
        received_.push_back(std::move(got));
        arrived_.notify_all();
    }
    template <class Start>
    boost::system::error_code step(Start start) {
        boost::system::error_code result = asio::error::would_block;
        start([&result](boost::system::error_code ec, auto&&...) { result = ec; });
        ioc_.restart();
        ioc_.run();
        return result;
    }

    void serve() {
        serve_answers();
        std::lock_guard lock(mutex_);
        done_ = true;
        arrived_.notify_all();
    }

    void serve_answers() {
        for (const Answer& answer : answers_) {
            Received got;
            asio::ip::tcp::socket socket(ioc_);
            asio::steady_timer guard(ioc_, std::chrono::seconds(10));
            guard.async_wait([this](boost::system::error_code ec) {
                if (!ec) acceptor_.cancel();
            });
            auto accepted = step([&](auto handler) {
                acceptor_.async_accept(socket, [&, handler](boost::system::error_code ec) mutable {
                    guard.cancel();
                    handler(ec);
                });
            });
            if (accepted) {
                got.error = "accept: " + accepted.message();
                keep(std::move(got));
                return;
            }
            beast::ssl_stream<beast::tcp_stream> stream(beast::tcp_stream(std::move(socket)), tls_);
            beast::get_lowest_layer(stream).expires_after(std::chrono::seconds(10));
            if (auto ec = step([&](auto h) { stream.async_handshake(asio::ssl::stream_base::server, h); })) {
                got.error = "handshake: " + ec.message();
                keep(std::move(got));
                continue;
            }
            beast::flat_buffer buffer;
            http::request<http::vector_body<std::uint8_t>> req;
            beast::get_lowest_layer(stream).expires_after(std::chrono::seconds(10));
            if (auto ec = step([&](auto h) { http::async_read(stream, buffer, req, h); })) got.error = "read: " + ec.message();
            got.method = std::string(req.method_string());
            got.target = std::string(req.target());
            for (const auto& field : req) {
                std::string name(field.name_string());
                for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                got.headers[name] = std::string(field.value());
            }
            got.body = req.body();
            keep(std::move(got));
            if (answer.status == 0) {  // no answer: wait (bounded) for the client to give up and close
                beast::get_lowest_layer(stream).expires_after(std::chrono::seconds(10));
                http::request<http::vector_body<std::uint8_t>> more;
                (void)step([&](auto h) { http::async_read(stream, buffer, more, h); });
                continue;
            }
            http::response<http::string_body> res{static_cast<http::status>(answer.status), 11};
            if (!answer.retry_after.empty()) res.set(http::field::retry_after, answer.retry_after);
            res.set(http::field::location, "https://127.0.0.1/message/1");
            res.keep_alive(false);
            res.prepare_payload();
            beast::get_lowest_layer(stream).expires_after(std::chrono::seconds(10));
            (void)step([&](auto h) { http::async_write(stream, res, h); });
            (void)step([&](auto h) { stream.async_shutdown(h); });
        }
    }

    std::vector<Answer> answers_;
    Certificate cert_;
    asio::io_context ioc_;
    asio::ssl::context tls_{asio::ssl::context::tls_server};
    asio::ip::tcp::acceptor acceptor_{ioc_};
    unsigned short port_ = 0;
    std::vector<Received> received_;
    std::mutex mutex_;
    std::condition_variable arrived_;
    bool done_ = false;
    std::thread thread_;
};

}  // namespace cherries::push::test
