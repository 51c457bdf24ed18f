// A channel game kept in a real SQLite file in a temporary folder, that a test can "crash"
// (destroy without any shutdown) and start again on the same file.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "host/store/game_store.hpp"
#include "host/records/replay.hpp"
#include "tests/host/irc/irc_channel_support.hpp"

namespace irc_test {

namespace fs = std::filesystem;

/// A fresh folder, removed at the end of the test.
struct TempFolder {
    TempFolder() {
        std::random_device rd;
        path = fs::temp_directory_path() / ("cherries-irc-store-" + std::to_string(::getpid()) + "-" + std::to_string(rd()));
        fs::create_directories(path);
    }
    ~TempFolder() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
    std::string file(const std::string& name) const { return (path / name).string(); }
    fs::path path;
};

/// One channel's game on a database; crash() drops it and the store like a SIGKILL would (no
/// shutdown step exists to skip: every write is already committed) and opens both again.
struct StoredChannel {
    /// `lib`: the plugins (null: the source tree's); a test may point `lib` elsewhere before crash().
    StoredChannel(std::string db, ChannelOptions o = {}, GameLibrary* plugins = nullptr)
        : file(std::move(db)), options(Channel::with_seed(std::move(o))), lib(plugins) {
        open();
    }
    Replies open() {
        store = std::make_shared<cherries::host::GameStore>(file);
        game = std::make_unique<ChannelGame>("#cherries", lib ? *lib : library(), options);
        game->set_account_lookup([this](std::string_view nick) {
            const auto it = accounts.find(std::string(nick));
            return it == accounts.end() ? std::string() : it->second;
        });
        return keep(game->attach_store(store, now));
    }
    Replies crash() {
        game.reset();
        store.reset();
        return open();
    }
    Replies say(const std::string& nick, const std::string& text) { return keep(game->on_text(nick, text, now)); }
    Replies tick(std::chrono::seconds later) {
        now += later;
        return keep(game->tick(now));
    }
    Replies depart(const std::string& nick) { return keep(game->on_departure(nick, now)); }
    Replies keep(Replies r) {
        for (const auto& l : r) log.push_back(l);
        // The connection writes at once: a turn's clock starts when its prompt is said.
        if (game)
            if (const auto p = game->unsent_prompt()) game->prompt_written(p->serial, now);
        return r;
    }
    /// The current player's move by a fixed rule, the same in every run: every third turn a
    /// give to the next seated player, else keep.
    Replies move() {
        const std::string who = game->to_play();
        const auto seated = game->seated();
        std::string other;
        for (std::size_t i = 0; i < seated.size(); ++i)
            if (seated[i] == who) other = seated[(i + 1) % seated.size()];
        return say(who, game->game()->turn() % 3 == 0 ? "!give " + other : "!keep");
    }

    std::string file;
    ChannelOptions options;
    GameLibrary* lib = nullptr;
    std::shared_ptr<cherries::host::GameStore> store;
    std::unique_ptr<ChannelGame> game;
    std::map<std::string, std::string> accounts;  // nick -> account, as a server would tell
    GameClock::time_point now{};
    std::vector<std::string> log;
};

/// The lines of a JSON Lines text.
inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

/// Replays a record in-process as `cherries replay` does; true when it verifies to its end line.
inline bool replay_verifies(const std::string& record) {
    std::vector<std::string> lines = lines_of(record);
    const auto header = cherries::host::parse_header_line(lines.at(0), "game.jsonl", 1);
    const auto bundle = cherries::host::load_recorded_bundle(header.plugins, {});
    std::ostringstream warnings;
    cherries::host::check_plugins(header.plugins, bundle, "game.jsonl", false, warnings);
    auto runtime = bundle.make_runtime();
    cherries::host::Replayer replayer(bundle, *runtime, header, std::move(lines), "game.jsonl");
    return replayer.run();
}

/// Changes one hex digit of the first plugin fingerprint (the standard set's) in the stored
/// state of `channel`'s game in progress, as if the set's files had been edited since.
inline void edit_stored_fingerprint(const std::string& db, const std::string& channel = "#cherries") {
    cherries::host::GameStore store(db);
    auto stored = store.in_progress(channel);
    REQUIRE(stored);
    const std::size_t at = stored->state.find("\"fingerprint\":\"");
    REQUIRE(at != std::string::npos);
    stored->state[at + 15] = stored->state[at + 15] == '0' ? '1' : '0';
    store.update_state(stored->id, stored->state);
}

}  // namespace irc_test
