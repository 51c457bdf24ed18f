// The memo a Session puts in front of its game's Evaluator: plugin functions are pure by contract
// (DESIGN.md; GDD §3.3.2.1.1.3 modifier functions, §3.3.1.1 distributions), so a (function,
// argument) pair asked again in the same game is answered from memory. Small and inline: a game
// asks a few dozen distinct pairs, and a memo that allocated per game cost more than it saved.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "engine/evaluator.hpp"

namespace cherries::host {

/// Forwards call() to `inner` the first time a (function, argument) pair is asked in this game
/// and answers later asks from memory, for up to kEntries pairs (later pairs are always
/// forwarded). Faults are never remembered: a call that faulted is forwarded again, so
/// fault_message() is always the inner evaluator's own and every fault is the plugin's.
class GameMemo final : public Evaluator {
public:
    explicit GameMemo(Evaluator& inner) : inner_(inner) {}

    bool call(FunctionId function, std::int64_t argument, std::int64_t& result) noexcept override {
        const std::uint64_t h = (static_cast<std::uint64_t>(argument) * 0x9E3779B97F4A7C15ULL) ^ (function * 0xC2B2AE3D27D4EB4FULL);
        std::size_t at = static_cast<std::size_t>(h >> 58);  // 64 slots
        for (std::size_t probe = 0; probe < kEntries; ++probe, at = (at + 1) & (kEntries - 1)) {
            Entry& e = entries_[at];
            if (e.function == kIdentity) {  // a free slot: not asked yet in this game
                if (!inner_.call(function, argument, result)) return false;
                if (used_ < kEntries * 3 / 4) {
                    e = {function, argument, result};
                    ++used_;
                }
                return true;
            }
            if (e.function == function && e.argument == argument) {
                result = e.result;
                return true;
            }
        }
        return inner_.call(function, argument, result);
    }
    std::string fault_message() const override { return inner_.fault_message(); }

    /// Forgets every pair: a new game starts (a Session restarted, Session::restart).
    void clear() {
        entries_.fill(Entry{});
        used_ = 0;
    }

private:
    static constexpr std::size_t kEntries = 64;  // a power of two
    struct Entry {
        FunctionId function = kIdentity;  // kIdentity (never called): a free slot
        std::int64_t argument = 0;
        std::int64_t result = 0;
    };
    Evaluator& inner_;
    std::array<Entry, kEntries> entries_{};
    std::size_t used_ = 0;
};

}  // namespace cherries::host
