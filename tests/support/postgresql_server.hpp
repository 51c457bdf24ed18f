// A real PostgreSQL server for the store's tests (Debian's postgresql, from scripts/setup test):
// initdb into a temporary folder and `postgres` started on a Unix socket in it (no TCP port), as
// the postgres user when the tests run as root (PostgreSQL refuses root). One per test process,
// started at its first use, stopped (SIGINT: a fast shutdown) when the process exits, or by the
// kernel if it dies (PR_SET_PDEATHSIG). Each test gets a database of its own.
//
// Store tests run on both engines: `for (auto engine : store_engines()) DYNAMIC_SECTION(...)`.
#pragma once

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "tests/sdk/temp_plugin.hpp"
#include "tests/support/required_tool.hpp"

namespace cherries::test {

/// The newest PostgreSQL's bin folder under /usr/lib/postgresql, or "" when none is installed.
inline std::filesystem::path postgresql_bin() {
    std::filesystem::path best;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/usr/lib/postgresql", ec))
        if (std::filesystem::exists(entry.path() / "bin" / "postgres") && entry.path() > best.parent_path())
            best = entry.path() / "bin";
    return best;
}

class PostgresqlServer {
public:
    /// The process's server, started now if it is not yet; nullptr when PostgreSQL is not
    /// installed (a warning; under CI=true the test fails instead) or does not start (FAIL).
    static PostgresqlServer* get() {
        static std::unique_ptr<PostgresqlServer> server;
        static bool tried = false;
        if (!tried) {
            tried = true;
            const std::filesystem::path bin = postgresql_bin();
            if (bin.empty()) {
                if (on_ci()) FAIL("PostgreSQL is not installed (the store's tests on PostgreSQL): scripts/setup test installs it");
                WARN("PostgreSQL is not installed: the store's tests ran on SQLite only (scripts/setup test installs it)");
                return nullptr;
            }
            server.reset(new PostgresqlServer(bin));
        }
        if (server && !server->ready_) FAIL("the test's PostgreSQL server did not start: " << server->log());
        return server.get();
    }

    ~PostgresqlServer() { stop(); }

    /// Stops the server (a fast shutdown: connections are cut) and waits for it to exit.
    void stop() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGINT);
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = -1;
        ready_ = false;
    }

    /// True when the server answered pg_isready after its last start.
    bool ready() const { return ready_; }

    /// Starts the server (again) on its data and socket, and waits at most 30 s for it (ready()).
    void start() {
        const passwd* pg = ::geteuid() == 0 ? ::getpwnam("postgres") : nullptr;
        pid_ = spawn({(bin_ / "postgres").string(), "-D", (folder_.path() / "data").string(), "-k", folder_.path().string(),
                      "-p", std::to_string(kPort), "-c", "listen_addresses=", "-c", "fsync=off", "-c", "full_page_writes=off",
                      "-c", "synchronous_commit=off", "-c", "max_connections=40", "-c", "shared_buffers=16MB"},
                     pg, true);
        // Ready when pg_isready says so: a bounded wait for the server's start.
        const std::string probe = "'" + (bin_ / "pg_isready").string() + "' -q -h '" + folder_.path().string() + "' -p " +
                                  std::to_string(kPort);
        for (int i = 0; i < 300 && pid_ > 0 && !ready_; ++i) {
            ready_ = std::system(probe.c_str()) == 0;
            if (!ready_) ::usleep(100'000);
        }
    }

    /// A new, empty database: its name.
    std::string create_database() {
        const std::string name = "t" + std::to_string(++databases_);
        run_tool("createdb", name);
        return name;
    }

    /// A new, empty database: its URL (postgresql:///NAME?host=SOCKET_FOLDER&port=P&user=cherries).
    std::string fresh_database() { return url(create_database()); }

    /// The URL of database `name` on this server.
    std::string url(const std::string& name) const {
        return "postgresql:///" + name + "?host=" + folder_.path().string() + "&port=" + std::to_string(kPort) + "&user=cherries";
    }

    /// Runs the server's `tool` (createdb, psql, ...) with `args` against it; FAILs the test unless it succeeds.
    void run_tool(const std::string& tool, const std::string& args) const {
        const std::string command = "'" + (bin_ / tool).string() + "' -h '" + folder_.path().string() + "' -p " +
                                    std::to_string(kPort) + " -U cherries " + args + " >>'" + log_file() + "' 2>&1";
        if (std::system(command.c_str()) != 0) FAIL(command << " failed: " << log());
    }

    /// What the server and its tools wrote.
    std::string log() const {
        std::ifstream in(log_file());
        return std::string(std::istreambuf_iterator<char>(in), {});
    }

private:
    static constexpr int kPort = 5432;  // only names the socket file: the folder is the server's own

    explicit PostgresqlServer(std::filesystem::path bin) : bin_(std::move(bin)) {
        const passwd* pg = ::geteuid() == 0 ? ::getpwnam("postgres") : nullptr;
        if (::geteuid() == 0 && !pg) return;  // not ready: the log says nothing was started
        if (pg && ::chown(folder_.path().c_str(), pg->pw_uid, pg->pw_gid) != 0) return;
        const std::string data = (folder_.path() / "data").string();
        if (spawn({(bin_ / "initdb").string(), "-D", data, "-A", "trust", "-U", "cherries", "--no-sync", "-E", "UTF8",
                   "--locale=C.UTF-8"},
                  pg, false) != 0)
            return;
        start();
    }

    std::string log_file() const { return (folder_.path() / "server.log").string(); }

    // Runs `argv` as the postgres user (when `pg`), its output to the log; `background`: returns
    // its pid at once (it dies with this process), else waits and returns its exit status.
    int spawn(const std::vector<std::string>& argv, const passwd* pg, bool background) const {
        const pid_t parent = ::getpid();
        const pid_t pid = ::fork();
        if (pid < 0) return -1;
        if (pid == 0) {
            const int fd = ::open(log_file().c_str(), O_WRONLY | O_CREAT | O_APPEND, 0666);
            if (fd >= 0) {
                ::dup2(fd, 1);
                ::dup2(fd, 2);
            }
            if (pg && (::setgroups(0, nullptr) != 0 || ::setgid(pg->pw_gid) != 0 || ::setuid(pg->pw_uid) != 0)) ::_exit(126);
            // After setuid (which clears it): the server is stopped if the tests die.
            ::prctl(PR_SET_PDEATHSIG, SIGINT);
            if (::getppid() != parent) ::_exit(1);
            std::vector<char*> args;
            for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
            args.push_back(nullptr);
            ::execv(args[0], args.data());
            ::_exit(127);
        }
        if (background) return pid;
        int status = 0;
        ::waitpid(pid, &status, 0);
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

    std::filesystem::path bin_;
    TempFolder folder_;
    pid_t pid_ = -1;
    bool ready_ = false;
    int databases_ = 0;
};

/// The engines a store test runs on: SQLite, and PostgreSQL when the server is there.
enum class StoreEngine { sqlite, postgresql };

inline std::vector<StoreEngine> store_engines() {
    std::vector<StoreEngine> out{StoreEngine::sqlite};
    if (PostgresqlServer::get()) out.push_back(StoreEngine::postgresql);
    return out;
}

inline const char* engine_name(StoreEngine engine) { return engine == StoreEngine::sqlite ? "SQLite" : "PostgreSQL"; }

/// Where a new store of `engine` is: the file `name` in `tmp`, or a fresh PostgreSQL database.
inline std::string new_store(StoreEngine engine, const TempFolder& tmp, const std::string& name) {
    if (engine == StoreEngine::sqlite) return (tmp.path() / name).string();
    return PostgresqlServer::get()->fresh_database();
}

}  // namespace cherries::test
