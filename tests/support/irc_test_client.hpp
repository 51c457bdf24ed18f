// A person in an IRC channel, for the network tests: a plain blocking socket to 127.0.0.1 that
// registers, answers PING, and waits (bounded) for lines matching a pattern.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <chrono>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

namespace cherries::test {

class IrcTestClient {
public:
    /// Connects to 127.0.0.1:`port` and registers as `nick` (waits for 001, at most 10 s).
    IrcTestClient(unsigned short port, std::string nick) : nick_(std::move(nick)) {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(port);
        if (fd_ < 0 || ::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0)
            throw std::runtime_error("cannot connect to 127.0.0.1:" + std::to_string(port));
        timeval tv{0, 100'000};  // reads wake up every 100 ms to check their deadline
        ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        send("NICK " + nick_);
        send("USER " + nick_ + " 0 * :test player");
        if (!wait_for(" 001 ")) throw std::runtime_error(nick_ + " was not registered:\n" + transcript());
    }
    ~IrcTestClient() { close(); }
    IrcTestClient(const IrcTestClient&) = delete;
    IrcTestClient& operator=(const IrcTestClient&) = delete;

    const std::string& nick() const { return nick_; }

    /// Sends raw bytes followed by CRLF (nothing is checked: hostile lines are allowed).
    void send(const std::string& line) { send_raw(line + "\r\n"); }
    void send_raw(const std::string& bytes) {
        if (fd_ >= 0) (void)!::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    }
    void say(const std::string& channel, const std::string& text) { send("PRIVMSG " + channel + " :" + text); }
    void join(const std::string& channel) {
        send("JOIN " + channel);
        if (!wait_for(" 366 ")) throw std::runtime_error(nick_ + " could not join " + channel + ":\n" + transcript());
    }
    /// Sends NICK and remembers the new nick.
    void rename(const std::string& nick) {
        send("NICK " + nick);
        nick_ = nick;
    }
    /// QUIT and close.
    void quit(const std::string& reason = "bye") {
        send("QUIT :" + reason);
        close();
    }
    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

    /// Waits until a line received after the previous match matches `pattern` (ECMAScript
    /// regex, searched anywhere in the line) and returns true; false after `timeout`. The
    /// lines before the match are passed over.
    bool wait_for(const std::string& pattern, std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        const std::regex re(pattern);
        const auto until = std::chrono::steady_clock::now() + timeout;
        while (true) {
            for (; cursor_ < lines_.size(); ++cursor_) {
                if (std::regex_search(lines_[cursor_], re)) {
                    last_time_ = times_[cursor_];
                    last_ = lines_[cursor_++];
                    return true;
                }
            }
            if (std::chrono::steady_clock::now() >= until || !read_some()) return false;
        }
    }
    /// The line the last wait_for matched.
    const std::string& last() const { return last_; }
    /// When the line the last wait_for matched was read from the socket.
    std::chrono::steady_clock::time_point last_time() const { return last_time_; }

    /// Reads for `time`, answering PING (lines are kept for wait_for).
    void idle(std::chrono::milliseconds time) {
        const auto until = std::chrono::steady_clock::now() + time;
        while (std::chrono::steady_clock::now() < until && read_some()) {
        }
    }

    /// Every line received, and the same as one text (for failure messages).
    const std::vector<std::string>& lines() const { return lines_; }
    std::string transcript() const {
        std::string t;
        for (const auto& l : lines_) t += l + "\n";
        return t;
    }

private:
    // One read (at most 100 ms); false when the connection is closed.
    bool read_some() {
        if (fd_ < 0) return false;
        char buffer[4096];
        const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
        if (n == 0) return false;
        if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
        pending_.append(buffer, static_cast<std::size_t>(n));
        for (std::size_t eol; (eol = pending_.find("\r\n")) != std::string::npos;) {
            std::string line = pending_.substr(0, eol);
            pending_.erase(0, eol + 2);
            if (line.rfind("PING ", 0) == 0) send("PONG " + line.substr(5));
            lines_.push_back(std::move(line));
            times_.push_back(std::chrono::steady_clock::now());
        }
        return true;
    }

    std::string nick_;
    int fd_ = -1;
    std::string pending_;
    std::vector<std::string> lines_;
    std::size_t cursor_ = 0;
    std::string last_;
    std::vector<std::chrono::steady_clock::time_point> times_;  // when each of lines_ was read
    std::chrono::steady_clock::time_point last_time_{};
};

}  // namespace cherries::test
