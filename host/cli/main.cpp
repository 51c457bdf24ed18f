// The `cherries` executable: parses the command line and runs one subcommand. Every error a
// user can cause ends here as a one-line message and exit status 2.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string_view>

#include "host/cli/commands.hpp"
#include "host/base/printable.hpp"
#include "host/base/input_error.hpp"
#include "sdk/base/diagnostic.hpp"

int main(int argc, char** argv) {
    using namespace cherries;
    CLI::App app{"cherries: the Cherries card game host and plugin SDK"};
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("cherries ") + CHERRIES_VERSION, "Print the version and exit");
    host::Command run;
    host::add_play_command(app, run);
    host::add_sim_command(app, run);
    host::add_plugins_command(app, run);
    host::add_check_command(app, run);
    host::add_new_command(app, run);
    host::add_replay_command(app, run);
    host::add_ladder_command(app, run);
    host::add_ratings_command(app, run);
    host::add_merge_command(app, run);
    host::add_report_command(app, run);
    host::add_tune_command(app, run);
    host::add_graph_command(app, run);
    host::add_cards_command(app, run);
    host::add_irc_command(app, run);
    host::add_schema_command(app, run);
    host::add_serve_command(app, run);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
        fmt::print(stderr, "cherries: error: {} (see 'cherries --help')\n", host::printable(e.what()));
        return 2;
    }
    int status = 0;
    try {
        status = run();
    } catch (const sdk::LoadError& e) {
        // A diagnostic with a file reads like a compiler's; one without names the program.
        // Each line on its own (a diagnostic's notes and hints follow it), none a control character.
        for (const auto& d : e.diagnostics()) {
            const std::string text = d.to_string();
            std::string_view all = text;
            const char* lead = d.file.empty() ? "cherries: " : "";
            for (std::size_t end; !all.empty(); all.remove_prefix(std::min(end + 1, all.size())), lead = "") {
                end = std::min(all.find('\n'), all.size());
                fmt::print(stderr, "{}{}\n", lead, host::printable(all.substr(0, end)));
            }
        }
        status = 2;
    } catch (const host::InputError& e) {
        // Messages echo what they were given (names, lines of files): no byte of it reaches the
        // terminal as a control character. A message of several problems has one per line.
        std::string_view all = e.what();
        for (std::size_t end; !all.empty(); all.remove_prefix(std::min(end + 1, all.size()))) {
            end = std::min(all.find('\n'), all.size());
            fmt::print(stderr, "cherries: error: {}\n", host::printable(all.substr(0, end)));
        }
        status = 2;
    } catch (const std::exception& e) {
        fmt::print(stderr, "cherries: internal error: {}\n", host::printable(e.what()));
        status = 3;
    }
    // Output that did not reach its file (a full disk, a closed pipe) is a failure, not a 0.
    errno = 0;
    std::cout.flush();
    if (std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout) {
        const int error = errno;  // 0 when the write that failed was an earlier one
        fmt::print(stderr, "cherries: error: cannot write the output: {}\n",
                   error != 0 ? std::strerror(error) : "write error");
        return status == 0 ? 1 : status;
    }
    return status;
}
