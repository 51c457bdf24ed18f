// `cherries serve`: the web table (docs/web.md). The config file (--config) says everything;
// the common keys can also be given, or overridden, by flags.
#include <CLI/CLI.hpp>
#include <fmt/chrono.h>
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "host/base/input_error.hpp"
#include "host/base/log_line.hpp"
#include "host/base/printable.hpp"
#include "host/cli/commands.hpp"
#include "host/design/card_svg.hpp"
#include "host/store/store_location.hpp"
#include "host/web/server.hpp"
#include "host/web/static_files.hpp"

namespace cherries::host {

namespace {

struct ServeOptions {
    std::string config;
    std::string check_file;
    bool check = false;
    std::string listen;
    std::string database;
    std::string node;
    std::vector<std::filesystem::path> plugin_path;
    std::string web_root;
    std::optional<double> bot_pace;
};

// The config file read whole (its problems in `problems`, not thrown: serve --check-config says
// them with check_serve_config's, all in one pass), then the flags over it.
web::ServeConfig build_config(const ServeOptions& o, std::vector<sdk::Diagnostic>& problems) {
    const std::string file = !o.check_file.empty() ? o.check_file : o.config;
    web::ServeConfig c = file.empty() ? web::ServeConfig{} : web::read_serve_config(file, problems);
    if (!o.listen.empty()) {
        try {
            web::set_listen(c, o.listen);
        } catch (const std::invalid_argument& e) {
            throw InputError("--listen: " + std::string(e.what()));
        }
    }
    if (!o.database.empty()) c.database = o.database;
    if (!o.node.empty()) {
        if (const std::string problem = web::node_name_problem(o.node); !problem.empty()) throw InputError("--node: " + problem);
        c.node = o.node;
        c.where.erase("server.node");
    }
    for (auto it = o.plugin_path.rbegin(); it != o.plugin_path.rend(); ++it) c.plugin_path.insert(c.plugin_path.begin(), *it);
    if (!o.web_root.empty()) c.web_root = o.web_root;
    if (o.bot_pace) c.bot_pace = std::chrono::milliseconds(static_cast<std::int64_t>(*o.bot_pace * 1000.0 + 0.5));
    return c;
}

void log_line(const std::string& text) { host::log_line("serve", text); }

// host/design's drawings for the server (host/web may not include host/design: both are front ends).
web::Pictures pictures();

int run_serve(const ServeOptions& o) {
    std::vector<sdk::Diagnostic> problems;
    web::ServeConfig config = build_config(o, problems);
    for (auto& p : web::check_serve_config(config)) problems.push_back(std::move(p));
    // A program copied away from its page, or a root missing a file, would serve a lobby with no
    // tables and no button: refuse to start and say what is missing where.
    const std::filesystem::path root = web::default_web_root(config.web_root);
    if (const auto missing = web::missing_web_files(root); !missing.empty())
        problems.push_back({sdk::Diagnostic::Severity::error, config.file.empty() ? std::string("flags") : config.file.string(), 0, 0,
                            fmt::format("the web root {} lacks the page's files: {} (expected the source tree's web/, "
                                        "installed as PREFIX/share/cherries/web; --web-root DIR or [server] web_root "
                                        "names another folder)",
                                        root.string(), fmt::join(missing, ", ")),
                            {}});
    if (!problems.empty()) throw sdk::LoadError(problems);
    if (o.check) {
        std::cout << (config.file.empty() ? std::string("flags") : config.file.string()) << ": ok\n"
                  << (config.node.empty() ? std::string() : fmt::format("node:     {} (lease {} s)\n", config.node, config.lease.count() / 1000.0))
                  << fmt::format("listen:   {}:{}\ndatabase: {}\nweb root: {}\n", config.host, config.port,
                                 config.database.empty() ? std::string("(none: tables are not kept)") : host::shown_location(config.database),
                                 root.string());
        return 0;
    }
    std::unique_ptr<web::Server> server;
    try {
        server = std::make_unique<web::Server>(config, pictures(), log_line);
    } catch (const std::runtime_error& e) {  // cannot listen; the database cannot be used (host::StoreError)
        throw InputError(e.what());
    }
    const std::string host = config.host.find(':') != std::string::npos ? "[" + config.host + "]" : config.host;
    fmt::print("listening on http://{}:{}\n", host, server->port());
    std::fflush(stdout);
    server->run();
    log_line("stopped");
    return 0;
}

web::Pictures pictures() {
    web::Pictures p;
    p.card_faces = [](const sdk::Bundle& bundle, const std::string& set_id) { return card_faces_svg(bundle, set_id); };
    p.reference_graph = [](const sdk::Bundle& bundle) { return gametype_graph_svg(bundle); };
    return p;
}

}  // namespace

void add_serve_command(CLI::App& app, Command& run) {
    auto o = std::make_shared<ServeOptions>();
    CLI::App* cmd = app.add_subcommand("serve", "Host tables in the browser: HTTP and WebSocket (docs/web.md)");
    cmd->add_option("--config", o->config, "The server's TOML config file (docs/web.md lists every key)");
    cmd->add_option("--check-config", o->check_file, "Check the config (this FILE, or the --config one), print it, exit 0 or 1")
        ->expected(0, 1);
    cmd->add_option("--listen", o->listen, "Address and port, HOST:PORT (default 127.0.0.1:8080; port 0 picks a free one)");
    cmd->add_option("--database", o->database, "The store that keeps every table: a SQLite file, or a postgresql:// URL (docs/cluster.md; default: none)");
    cmd->add_option("--node", o->node, "This process's name among several serve nodes sharing one database (docs/cluster.md)");
    cmd->add_option("--plugin-path", o->plugin_path, "A folder searched first for sets, gametypes and bots (repeatable)");
    cmd->add_option("--bot-pace", o->bot_pace, "Seconds a bot's turn is shown while someone watches (over the config's bot_pace; 0: none)")
        ->check(CLI::Range(0.0, 10.0))
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);  // the last one given wins (a test over its harness)
    cmd->add_option("--web-root", o->web_root, "The page's files (default: the build tree's web/, else share/cherries/web beside the program's bin/)");
    cmd->footer(
        "Config keys (docs/web.md describes each):\n"
        "  [server]  listen database node lease plugin_path web_root origin max_tables\n"
        "  [tables]  sets gametypes default_sets default_gametype turn_timeout max_timeouts bot_takes_over max_players\n"
        "            close_finished_after close_idle_after bot_pace\n"
        "Prints \"listening on http://HOST:PORT\" first. SIGTERM or SIGINT: save every table, close, exit 0.");
    cmd->callback([o, cmd, &run] {
        o->check = cmd->count("--check-config") > 0;
        run = [o] {
            if (!o->check) return run_serve(*o);
            try {
                return run_serve(*o);
            } catch (const sdk::LoadError& e) {
                for (const auto& d : e.diagnostics())
                    fmt::print(stderr, "{}{}\n", d.file.empty() ? "cherries: " : "", printable(d.to_string()));
                return 1;  // --check-config: 1 for a config with problems
            }
        };
    });
}

}  // namespace cherries::host
