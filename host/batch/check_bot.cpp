#include "host/batch/check_bot.hpp"

#include <set>

#include "engine/game.hpp"
#include "engine/player_view.hpp"
#include "host/bots/lua_bot.hpp"
#include "host/session/session.hpp"
#include "sdk/plugins/plugin_search.hpp"
#include "sdk/sandbox/lua_runtime.hpp"

namespace cherries::host {

namespace fs = std::filesystem;

std::vector<fs::path> find_bot_folders(const std::vector<fs::path>& paths) {
    std::vector<fs::path> out;
    std::set<fs::path> seen;
    std::error_code ec;
    auto add = [&](const fs::path& folder) {
        if (fs::is_regular_file(folder / "bot.toml", ec) && seen.insert(fs::weakly_canonical(folder, ec)).second)
            out.push_back(folder);
    };
    for (const auto& path : paths) {
        add(path);
        if (!fs::is_directory(path, ec)) continue;
        for (const auto& one : fs::directory_iterator(path, ec)) {
            add(one.path());
            if (!fs::is_directory(one.path(), ec)) continue;
            for (const auto& two : fs::directory_iterator(one.path(), ec)) add(two.path());
        }
    }
    return out;
}

bool holds_only_bots(const fs::path& path) {
    if (find_bot_folders({path}).empty()) return false;
    std::error_code ec;
    auto plugin = [&](const fs::path& f) {
        return fs::is_regular_file(f / "set.toml", ec) || fs::is_regular_file(f / "gametype.toml", ec);
    };
    if (plugin(path)) return false;
    for (const auto& one : fs::directory_iterator(path, ec)) {
        if (plugin(one.path())) return false;
        if (!fs::is_directory(one.path(), ec)) continue;
        for (const auto& two : fs::directory_iterator(one.path(), ec))
            if (plugin(two.path())) return false;
    }
    return true;
}

namespace {

// The probe games' seats: the plugin's bot in the first, greedy bots in the others.
class ProbeBots final : public BotSource {
public:
    explicit ProbeBots(std::shared_ptr<const sdk::BotPlugin> plugin) : plugin_(std::move(plugin)) {}
    MadeBot make(const std::string& kind, std::uint64_t seed) override {
        if (kind != plugin_->id) return {make_bot(kind, seed), std::nullopt};
        auto bot = std::make_unique<LuaBot>(plugin_);
        bot->set_reporting(false);  // its faults are diagnostics here
        return {std::move(bot), std::nullopt};
    }

private:
    std::shared_ptr<const sdk::BotPlugin> plugin_;
};

// Each distinct fault of the plugin's bot, as a diagnostic naming bot.lua; at most 2000 turns.
class ProbeHooks final : public SessionHooks {
public:
    ProbeHooks(const fs::path& folder, std::uint64_t seed, std::set<std::string>& seen, std::vector<sdk::Diagnostic>& out)
        : folder_(folder), seed_(seed), seen_(seen), out_(out) {}
    const Game* game = nullptr;
    bool may_start_turn() override { return game->turn() < 2000; }
    PlayerId bot_decides(PlayerId player, Bot& bot, const PlayerView& view) override {
        auto* lua = dynamic_cast<LuaBot*>(&bot);
        const std::uint64_t before = lua ? lua->faults() : 0;
        const PlayerId receiver = bot.choose_receiver(view);
        if (lua && lua->faults() > before && seen_.insert(lua->last_fault()).second)
            out_.push_back({sdk::Diagnostic::Severity::error, (folder_ / "bot.lua").string(), 0, 0,
                            "probe game (seed " + std::to_string(seed_) + ", turn " + std::to_string(game->turn()) +
                                "): " + lua->last_fault()});
        (void)player;
        return receiver;
    }

private:
    const fs::path& folder_;
    std::uint64_t seed_;
    std::set<std::string>& seen_;
    std::vector<sdk::Diagnostic>& out_;
};

}  // namespace

std::vector<sdk::Diagnostic> check_bot(const fs::path& folder) {
    std::shared_ptr<const sdk::BotPlugin> plugin;
    try {
        plugin = std::make_shared<const sdk::BotPlugin>(sdk::read_bot_plugin(folder));
        LuaBot probe(plugin);  // loads the code: a syntax error or no decide() fails here
    } catch (const sdk::LoadError& e) {
        return e.diagnostics();
    }
    std::vector<sdk::Diagnostic> out;
    std::set<std::string> messages;
    const sdk::Bundle bundle = sdk::load_bundle({"standard"}, "official");
    auto runtime = bundle.make_runtime();
    ProbeBots bots(plugin);
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
        // Through the Session, as every game is played: the same seating, turn loop and bots.
        ProbeHooks hooks(folder, seed, messages, out);
        const std::vector<Seat> seats{{plugin->id, plugin->id}, {"greedy-2", "greedy"}, {"greedy-3", "greedy"}, {"greedy-4", "greedy"}};
        Session session(bundle, *runtime, seed, seats, bots, hooks, recorded_plugins(bundle));
        hooks.game = &session.game();
        session.advance();
    }
    return out;
}

}  // namespace cherries::host
