// `cherries serve` as a child process for the web tests that kill it, restart it or limit it.
#pragma once

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <thread>
#include <vector>

namespace cherries::test {

/// `cherries serve --listen 127.0.0.1:0 ARGS` as a child; its port read from its first line.
class ServeProcess {
public:
    /// `open_files`: the child's open-file limit, soft and hard (0: as inherited).
    explicit ServeProcess(const std::vector<std::string>& args, const std::filesystem::path& log, rlim_t open_files = 0)
        : log_(log) {
        int out[2];
        REQUIRE(::pipe(out) == 0);
        pid_ = ::fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            ::dup2(out[1], 1);
            const int err = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
            ::dup2(err, 2);
            ::close(out[0]);
            if (open_files > 0) {
                const rlimit limit{open_files, open_files};
                ::setrlimit(RLIMIT_NOFILE, &limit);
            }
            std::vector<std::string> all = {CHERRIES_BINARY, "serve", "--listen", "127.0.0.1:0", "--bot-pace", "0"};
            all.insert(all.end(), args.begin(), args.end());
            std::vector<char*> argv;
            for (auto& a : all) argv.push_back(a.data());
            argv.push_back(nullptr);
            ::execv(CHERRIES_BINARY, argv.data());
            ::_exit(127);
        }
        ::close(out[1]);
        std::string line;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (line.find('\n') == std::string::npos && std::chrono::steady_clock::now() < deadline) {
            pollfd p{out[0], POLLIN, 0};
            if (::poll(&p, 1, 200) <= 0) continue;
            char c[256];
            const auto n = ::read(out[0], c, sizeof c);
            if (n <= 0) break;
            line.append(c, static_cast<std::size_t>(n));
        }
        ::close(out[0]);
        std::smatch m;
        INFO("first line: " << line);
        REQUIRE(std::regex_search(line, m, std::regex("^listening on http://127\\.0\\.0\\.1:(\\d+)\n")));
        port_ = static_cast<std::uint16_t>(std::stoi(m[1]));
    }
    ~ServeProcess() {
        if (pid_ > 0) kill(SIGKILL);
    }
    std::uint16_t port() const { return port_; }
    pid_t pid() const { return pid_; }
    /// What the child has written to standard error (the log file) so far.
    std::string log() const {
        std::ifstream in(log_);
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    }
    /// Waits (at most `timeout`, looking every 10 ms) until the log has a line matching
    /// `pattern`: a wait on the process, as BotProcess::wait_log; false when it never came.
    bool wait_log(const std::string& pattern, std::chrono::milliseconds timeout = std::chrono::seconds(10)) const {
        const std::regex re(pattern);
        const auto until = std::chrono::steady_clock::now() + timeout;
        while (!std::regex_search(log(), re)) {
            if (std::chrono::steady_clock::now() >= until) return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return true;
    }
    /// Sends `signal` and returns the exit status (-1: killed by a signal), waiting at most 10 s.
    int kill(int signal) {
        ::kill(pid_, signal);
        int status = 0;
        for (int i = 0; i < 1000; ++i) {
            if (::waitpid(pid_, &status, WNOHANG) == pid_) {
                pid_ = -1;
                return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
        return -2;
    }

private:
    std::filesystem::path log_;
    pid_t pid_ = -1;
    std::uint16_t port_ = 0;
};

}  // namespace cherries::test
