#include "host/bots/lua_bot.hpp"

#include <fmt/core.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <set>
#include <string>

#include "sdk/base/diagnostic.hpp"

namespace cherries::host {

namespace {

std::atomic<std::uint64_t> g_faults{0};
constexpr std::uint64_t kReportedFaults = 5;  // on stderr, per process

const Player* named(const PlayerView& view, std::string_view name) {
    for (const Player& p : view.players())
        if (p.name == name) return &p;
    return nullptr;
}

}  // namespace

LuaBot::LuaBot(std::shared_ptr<const sdk::BotPlugin> plugin) : plugin_(plugin), runtime_(std::move(plugin)) {}

PlayerId LuaBot::choose_receiver(const PlayerView& view) {
    const sdk::BotAnswer answer = runtime_.decide(view);
    std::string fault = answer.fault;
    if (fault.empty()) {
        if (const Player* p = named(view, answer.name)) return p->id;
        fault = "bot '" + plugin_->id + "' decide: returned '" + answer.name + "', which is not a player's name";
    }
    ++faults_;
    last_fault_ = fault;
    if (g_faults.fetch_add(1) < kReportedFaults && reporting_) {
        // As `check` says it: the fault (with bot.lua's line when Lua gives one), then its hints.
        fmt::print(stderr, "cherries: {}; the greedy bot decided instead\n", fault);
        static std::mutex given_lock;  // sim's workers decide at once
        static std::set<std::string> given;  // each hint once per process
        const std::lock_guard lock(given_lock);
        for (const sdk::DiagnosticNote& hint : sdk::fault_hints(fault))
            if (given.insert(hint.message).second) fmt::print(stderr, "{}\n", hint.to_string());
    }
    return greedy_.choose_receiver(view);
}

std::uint64_t lua_bot_faults() { return g_faults.load(); }

}  // namespace cherries::host
