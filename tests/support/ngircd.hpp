// A real IRC server for the network tests: /usr/sbin/ngircd in the foreground on 127.0.0.1, on
// a free port, with a config written to a temporary folder (no PAM, no ident, no DNS). When the
// tests run as root it drops to nobody/nogroup (ServerUID/ServerGID). Stopped (SIGTERM, then
// SIGKILL) when destroyed; kill() and start() again on the same port test reconnecting.
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>

#include "tests/sdk/temp_plugin.hpp"

namespace cherries::test {

/// A port on 127.0.0.1 that was free a moment ago (bound to port 0, then closed).
inline unsigned short free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    socklen_t len = sizeof a;
    if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
        if (fd >= 0) ::close(fd);
        throw std::runtime_error("no free port on 127.0.0.1");
    }
    ::close(fd);
    return ntohs(a.sin_port);
}

/// True when something accepts TCP connections on 127.0.0.1:`port`.
inline bool port_accepts(unsigned short port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return false;
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(port);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
    ::close(fd);
    return ok;
}

/// How the test server is set up.
struct NgircdOptions {
    /// ngircd's own flood penalty (MaxPenaltyTime: the most seconds one command may add; -1
    /// its default, 0 none). The flood test keeps the default, as a real network would punish a
    /// bot that floods; the game tests turn it off so that games are not slowed to 1 line/s.
    int max_penalty_time = 0;
    /// Also listen for TLS on tls_port(), with a self-signed certificate for "localhost".
    bool tls = false;
    /// MaxNickLength: the longest nick the server takes (announced as NICKLEN; a longer one
    /// gets 432 ERR_ERRONEUSNICKNAME).
    int max_nick_length = 30;
};

/// Writes a new self-signed certificate for CN=localhost and its key (PEM) to `cert` and `key`.
inline void write_self_signed(const std::filesystem::path& cert, const std::filesystem::path& key) {
    EVP_PKEY* pkey = EVP_RSA_gen(2048);
    X509* x = X509_new();
    ASN1_INTEGER_set(X509_get_serialNumber(x), 1);
    X509_gmtime_adj(X509_getm_notBefore(x), 0);
    X509_gmtime_adj(X509_getm_notAfter(x), 24 * 3600);
    X509_set_pubkey(x, pkey);
    X509_NAME* name = X509_get_subject_name(x);
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0);
    X509_set_issuer_name(x, name);
    X509_sign(x, pkey, EVP_sha256());
    if (FILE* f = std::fopen(cert.c_str(), "w")) {
        PEM_write_X509(f, x);
        std::fclose(f);
    }
    if (FILE* f = std::fopen(key.c_str(), "w")) {
        PEM_write_PrivateKey(f, pkey, nullptr, nullptr, 0, nullptr, nullptr);
        std::fclose(f);
    }
    X509_free(x);
    EVP_PKEY_free(pkey);
}

/// One ngircd process at a time, always on the same port.
class Ngircd {
public:
    explicit Ngircd(NgircdOptions options = {})
        : options_(options), port_(free_port()), tls_port_(options.tls ? free_port() : 0) {
        write_config();
        start();
    }
    ~Ngircd() { stop(); }
    Ngircd(const Ngircd&) = delete;
    Ngircd& operator=(const Ngircd&) = delete;

    unsigned short port() const { return port_; }
    /// The TLS port (0 without NgircdOptions::tls).
    unsigned short tls_port() const { return tls_port_; }
    const std::filesystem::path& folder() const { return folder_.path(); }
    /// What ngircd printed (stdout and stderr of every run).
    std::string log() const { return read_text(folder_.path() / "ngircd.log"); }

    /// Starts ngircd and waits (at most 20 s) until the port accepts. Throws when it cannot.
    void start() {
        if (pid_ > 0) return;
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (std::chrono::steady_clock::now() < until) {
            launch();
            while (std::chrono::steady_clock::now() < until) {
                if (port_accepts(port_)) return;
                int status = 0;
                if (::waitpid(pid_, &status, WNOHANG) == pid_) {  // exited: the port may still be held
                    pid_ = -1;
                    break;
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            }
            if (pid_ < 0) std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
        stop();
        throw std::runtime_error("ngircd did not start on port " + std::to_string(port_) + ":\n" + log());
    }

    /// SIGKILL: the server goes away at once, as after a crash.
    void kill() { end(SIGKILL); }
    /// SIGTERM, then SIGKILL after 5 s.
    void stop() { end(SIGTERM); }

private:
    void write_config() {
        std::string conf = "[Global]\n"
                           "Name = irc.cherries.test\n"
                           "Info = Cherries test server\n"
                           "Listen = 127.0.0.1\n"
                           "Ports = " + std::to_string(port_) + "\n"
                           "MotdPhrase = \"Cherries tests\"\n";
        if (::geteuid() == 0) conf += "ServerUID = nobody\nServerGID = nogroup\n";
        conf += "[Limits]\n"
                "MaxConnectionsIP = 0\n"
                "MaxJoins = 0\n"
                "MaxNickLength = " + std::to_string(options_.max_nick_length) + "\n"
                "PingTimeout = 120\n"
                "PongTimeout = 60\n"
                "MaxPenaltyTime = " + std::to_string(options_.max_penalty_time) + "\n"
                "[Options]\n"
                "DNS = no\n"
                "Ident = no\n"
                "PAM = no\n"
                "RequireAuthPing = no\n";
        if (options_.tls) {
            write_self_signed(folder_.path() / "cert.pem", folder_.path() / "key.pem");
            conf += "[SSL]\nCertFile = " + (folder_.path() / "cert.pem").string() + "\nKeyFile = " +
                    (folder_.path() / "key.pem").string() + "\nPorts = " + std::to_string(tls_port_) + "\n";
        }
        folder_.write("ngircd.conf", conf);
        folder_.write("ngircd.log", "");
    }

    void launch() {
        const std::string conf = (folder_.path() / "ngircd.conf").string();
        const std::string log = (folder_.path() / "ngircd.log").string();
        pid_ = ::fork();
        if (pid_ == 0) {
            const int fd = ::open(log.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0644);
            if (fd >= 0) {
                ::dup2(fd, 1);
                ::dup2(fd, 2);
            }
            const int null = ::open("/dev/null", O_RDONLY);
            if (null >= 0) ::dup2(null, 0);
            ::execl("/usr/sbin/ngircd", "ngircd", "-n", "-f", conf.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        if (pid_ < 0) throw std::runtime_error("cannot fork ngircd");
    }

    void end(int signal) {
        if (pid_ <= 0) return;
        ::kill(pid_, signal);
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        int status = 0;
        while (::waitpid(pid_, &status, WNOHANG) != pid_) {
            if (std::chrono::steady_clock::now() > until) {
                ::kill(pid_, SIGKILL);
                ::waitpid(pid_, &status, 0);
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        pid_ = -1;
    }

    NgircdOptions options_;
    TempFolder folder_;
    unsigned short port_;
    unsigned short tls_port_;
    pid_t pid_ = -1;
};

}  // namespace cherries::test
