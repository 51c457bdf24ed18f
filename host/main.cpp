// The `cherries` executable: parses the command line and runs one subcommand. Every error a
// user can cause ends here as a one-line message and exit status 2.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cstdio>

#include "host/commands.hpp"
#include "host/usage_error.hpp"
#include "sdk/diagnostic.hpp"

int main(int argc, char** argv) {
    using namespace cherries;
    CLI::App app{"cherries: the Cherries card game host and plugin SDK"};
    app.require_subcommand(1);
    host::Command run;
    host::add_play_command(app, run);
    host::add_sim_command(app, run);
    host::add_plugins_command(app, run);
    host::add_check_command(app, run);
    host::add_new_command(app, run);
    host::add_replay_command(app, run);
    host::add_ladder_command(app, run);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app.exit(e);  // --help
        fmt::print(stderr, "cherries: error: {} (see 'cherries --help')\n", e.what());
        return 2;
    }
    try {
        return run();
    } catch (const sdk::LoadError& e) {
        // A diagnostic with a file reads like a compiler's; one without names the program.
        for (const auto& d : e.diagnostics())
            fmt::print(stderr, "{}{}\n", d.file.empty() ? "cherries: " : "", d.to_string());
        return 2;
    } catch (const host::UsageError& e) {
        fmt::print(stderr, "cherries: error: {}\n", e.what());
        return 2;
    } catch (const std::exception& e) {
        fmt::print(stderr, "cherries: internal error: {}\n", e.what());
        return 3;
    }
}
