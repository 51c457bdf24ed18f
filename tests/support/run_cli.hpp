// Runs the `cherries` binary for host tests: input through a pipe (popen), output and errors
// captured, exit status returned.
#pragma once

#include "tests/sdk/temp_plugin.hpp"

#include <sys/wait.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace cherries::test {

/// What one run of the binary did.
struct CliRun {
    int status = -1;  ///< exit status (-1: did not exit normally)
    std::string out;  ///< standard output
    std::string err;  ///< standard error

    /// Standard error split into lines (without the newlines).
    std::vector<std::string> err_lines() const {
        std::vector<std::string> lines;
        std::istringstream in(err);
        for (std::string line; std::getline(in, line);) lines.push_back(line);
        return lines;
    }
};

/// Runs `CHERRIES_BINARY args` (args as a shell would read them), writing `input` to its
/// standard input through a pipe. `env` is prepended to the command (e.g. "NO_COLOR=1").
inline CliRun run_cli(const std::string& args, const std::string& input = "", const std::string& env = "") {
    namespace fs = std::filesystem;
    std::random_device rd;
    const fs::path base = fs::temp_directory_path() / ("cherries-cli-" + std::to_string(rd()) + std::to_string(rd()));
    const fs::path out_file = base.string() + ".out";
    const fs::path err_file = base.string() + ".err";
    const std::string command = env + (env.empty() ? "" : " ") + "'" CHERRIES_BINARY "' " + args + " >'" +
                                out_file.string() + "' 2>'" + err_file.string() + "'";
    std::signal(SIGPIPE, SIG_IGN);  // the binary may exit before reading all its input
    CliRun run;
    if (FILE* pipe = popen(command.c_str(), "w")) {
        std::fwrite(input.data(), 1, input.size(), pipe);
        const int raw = pclose(pipe);
        if (raw != -1 && WIFEXITED(raw)) run.status = WEXITSTATUS(raw);
    }
    run.out = read_text(out_file);
    run.err = read_text(err_file);
    std::error_code ec;
    fs::remove(out_file, ec);
    fs::remove(err_file, ec);
    return run;
}

/// Absolute path of a scenario fixture.
inline std::string scenario_fixture(const std::string& name) {
    return std::string(CHERRIES_SOURCE_DIR) + "/tests/fixtures/scenarios/" + name;
}

}  // namespace cherries::test
