// The real `cherries irc` binary for the network tests: started with a config file, its log
// (stderr) kept in a file, stopped with SIGTERM (its exit status returned) or killed.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <regex>
#include <stdexcept>
#include <string>
#include <thread>

#include "tests/sdk/temp_plugin.hpp"

namespace cherries::test {

/// A config for a bot on 127.0.0.1:`port` in `channels`, reconnecting within 0.2-0.4 s;
/// `server_extra` keys added to [server] and `extra` (keys of [bot], then tables) appended.
inline std::string bot_config(unsigned short port, const std::vector<std::string>& channels, const std::string& extra = "",
                              const std::string& server_extra = "") {
    std::string list;
    for (const auto& c : channels) list += (list.empty() ? "\"" : ", \"") + c + "\"";
    return "[server]\nhost = \"127.0.0.1\"\nport = " + std::to_string(port) +
           "\nreconnect_delay = 0.2\nreconnect_max = 0.4\n" + server_extra + "\n[bot]\nnick = \"CherryBot\"\nchannels = [" + list + "]\n" + extra;
}

class BotProcess {
public:
    /// Writes `config` to the folder and starts `cherries irc --config FILE`.
    BotProcess(const TempFolder& folder, const std::string& config, const std::string& name = "bot")
        : log_(folder.path() / (name + ".log")) {
        const std::string file = folder.write(name + ".toml", config).string();
        pid_ = ::fork();
        if (pid_ == 0) {
            const int fd = ::open(log_.c_str(), O_WRONLY | O_TRUNC | O_CREAT, 0644);
            if (fd >= 0) {
                ::dup2(fd, 1);
                ::dup2(fd, 2);
            }
            ::execl(CHERRIES_BINARY, "cherries", "irc", "--config", file.c_str(), static_cast<char*>(nullptr));
            ::_exit(127);
        }
        if (pid_ < 0) throw std::runtime_error("cannot fork the bot");
    }
    ~BotProcess() {
        if (pid_ > 0) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
    }
    BotProcess(const BotProcess&) = delete;
    BotProcess& operator=(const BotProcess&) = delete;

    std::string log() const { return read_text(log_); }

    /// Waits (at most `timeout`) until the log has a line matching `pattern`.
    bool wait_log(const std::string& pattern, std::chrono::milliseconds timeout = std::chrono::seconds(10)) const {
        const std::regex re(pattern);
        const auto until = std::chrono::steady_clock::now() + timeout;
        do {
            if (std::regex_search(log(), re)) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        } while (std::chrono::steady_clock::now() < until);
        return false;
    }

    /// True while the process runs.
    bool running() {
        if (pid_ <= 0) return false;
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
            return false;
        }
        return true;
    }

    /// SIGTERM, then waits (at most `timeout`, then SIGKILL): the exit status, -1 when it did
    /// not exit by itself.
    int terminate(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
        if (pid_ <= 0) return status_;
        ::kill(pid_, SIGTERM);
        const auto until = std::chrono::steady_clock::now() + timeout;
        while (running()) {
            if (std::chrono::steady_clock::now() > until) {
                ::kill(pid_, SIGKILL);
                ::waitpid(pid_, nullptr, 0);
                pid_ = -1;
                return -1;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        return status_;
    }

private:
    std::filesystem::path log_;
    pid_t pid_ = -1;
    int status_ = -1;
};

}  // namespace cherries::test
